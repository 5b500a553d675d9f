//! Shakhàn, Book C section 16: regular melee.

pub mod brawl;
pub mod character;
pub mod condition;
pub mod melee;
pub mod missile;
pub mod tables;
mod terms;
pub mod wound;

pub use terms::{BodyArea, BodyForm, Card, Quality};
