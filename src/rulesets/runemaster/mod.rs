//! Rune Master (Book 2, Combat): everything this ruleset owns.

pub mod ai;
pub mod batch;
pub mod engine;
mod front;
pub mod odds;
pub mod report;
pub mod rules;
pub mod scenario;
pub mod script;
pub mod session;

pub use front::RuneMaster;

/// This ruleset, as the registry (`crate::rulesets`) lists it.
pub static RULESET: RuneMaster = RuneMaster;
