//! DragonQuest (rulebook v2.19), sections 16–32: combat.
//!
//! This slice holds the tables and the pure rules over them, every die passed
//! in; the battle flow (the Pulse, engagements, Initiative) comes with the
//! ruleset seam (issue 18).

pub mod damage;
pub mod figure;
pub mod initiative;
pub mod movement;
pub mod special;
pub mod strike;
pub mod tables;
mod terms;

pub use terms::{DamagePoints, Defense, InitiativeValue, Rank, StrikeChance, Tmr};
