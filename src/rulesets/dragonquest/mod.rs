//! DragonQuest (rulebook v2.19, sections 16–32): everything this ruleset owns.

pub mod ai;
pub mod batch;
pub mod display;
pub mod engine;
mod front;
pub mod odds;
pub mod report;
pub mod rules;
pub mod scenario;
pub mod script;
pub mod session;
pub mod spec;

pub use front::DragonQuest;

/// This ruleset, as the registry (`crate::rulesets`) lists it.
pub static RULESET: DragonQuest = DragonQuest;
