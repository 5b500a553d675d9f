//! hexmelee: a terminal tactical display for simulationist tabletop melee.
//!
//! See `ARCHITECTURE.md` for the codemap and the layering rules.

pub mod hex;
