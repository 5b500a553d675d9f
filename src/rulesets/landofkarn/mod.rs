//! Land of Karn (Basic Version, Combat Rules): everything this ruleset owns.

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
pub mod spec;

pub use front::LandOfKarn;

/// This ruleset, as the registry (`crate::rulesets`) lists it.
pub static RULESET: LandOfKarn = LandOfKarn;
