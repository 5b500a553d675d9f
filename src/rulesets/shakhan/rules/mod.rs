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
