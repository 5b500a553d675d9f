//! hexmelee: a terminal tactical display for simulationist tabletop melee.
//!
//! See `ARCHITECTURE.md` for the codemap and the layering rules.

pub mod dice;
pub mod front;
pub mod hex;
pub mod limits;
pub mod rulesets;
pub mod scenario;
pub mod seam;
pub mod seats;
pub mod session;
pub mod sim;
pub mod text;
pub mod tui;
pub mod words;
