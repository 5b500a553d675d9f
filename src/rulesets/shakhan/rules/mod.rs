//! Shakhàn, Book C section 16: regular melee.

pub mod brawl;
pub mod character;
pub mod condition;
pub mod hazard;
pub mod melee;
pub mod missile;
pub mod priority;
pub mod tables;
mod terms;
pub mod trample;
pub mod wound;

pub use terms::{BodyArea, BodyForm, Card, Quality};

/// Shakhàn 16.9.4 / 16.9.7: forward 1 AP into any of the three hexes of the
/// Strike Zone (no pivot: facing kept, docs/RULINGS.md issue 16), backward
/// 2 AP, entering poor footing costs double; a pivot of one hexside 1 AP, of
/// two or three hexsides 2 AP (seed-gaps ruling). The "pivot any amount for
/// all the pulse's AP" option is the engine's, not the pathfinder's.
pub const STEP_COSTS: crate::hex::MoveCosts = crate::hex::MoveCosts {
    forward: 1,
    forward_flank: 1,
    backward: 2,
    pivot_one: 1,
    pivot_more: 2,
    poor_multiplier: 2,
};
