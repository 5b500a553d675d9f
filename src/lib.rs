//! hexmelee: a terminal tactical display for simulationist tabletop melee.
//!
//! See `ARCHITECTURE.md` for the codemap and the layering rules.

pub mod dice;
pub mod engine;
pub mod hex;
pub mod limits;
pub mod report;
pub mod rules;
pub mod scenario;
pub mod seats;
pub mod session;
pub mod sim;
pub mod text;
pub mod tui;
pub mod words;
