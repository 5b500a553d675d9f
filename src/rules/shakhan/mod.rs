//! Shakhàn, Book C section 16: regular melee.

pub mod character;
pub mod wound;
pub mod tables;
mod terms;

pub use terms::{BodyArea, BodyForm, Card, Quality};
