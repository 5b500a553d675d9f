//! Shakhàn Book C section 16, regular melee: everything this ruleset owns.

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
pub mod seats;
pub mod session;

pub use front::Shakhan;

/// This ruleset, as the registry (`crate::rulesets`) lists it.
pub static RULESET: Shakhan = Shakhan;
