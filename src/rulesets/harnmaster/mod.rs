//! HârnMaster (the two-page combat cheat sheet): everything this ruleset owns.
//! The sheet gives the procedure; the tables it names come from a table pack
//! (the shipped one is a PLACEHOLDER of invented values, never the game's).

pub mod ai;
pub mod engine;
mod front;
pub mod odds;
pub mod report;
pub mod rules;
pub mod scenario;
pub mod script;
pub mod session;

pub use front::HarnMaster;

/// This ruleset, as the registry (`crate::rulesets`) lists it.
pub static RULESET: HarnMaster = HarnMaster;
