//! World geometry of the hex map: coordinates, facings, terrain, zones,
//! sight and movement paths. Knows nothing of rules (cards, weapons, dice);
//! rules code calls it.
//!
//! # Coordinates
//!
//! Hexes are flat-topped and addressed as designers draw them: [`Hex`]
//! `(col, row)`, (0, 0) top-left, columns left to right, rows top to
//! bottom, and odd columns shifted half a hex down ("odd-q"):
//!
//! ```text
//!  __    __
//! /00\__/20\__      labels are "col row":
//! \__/10\__/30\     (1, 0) sits half a hex lower
//! /01\__/21\__/     than (0, 0) and (2, 0)
//! \__/11\__/31\
//!    \__/  \__/
//! ```
//!
//! Underneath, hexes convert to hex2d axial coordinates; none of hex2d's
//! names leak out. A figure faces one hexside, a [`Facing`] named by
//! compass as drawn: N, NE, SE, S, SW, NW.
//!
//! # Arcs
//!
//! Front arcs, zones and front/flank/rear are bounded by the rows of hexes
//! running straight out of hexsides; see [`Pose::in_front_arc`] and
//! [`Pose::aspect_of`]. Rulings are listed in `docs/RULINGS.md`.

mod body;
mod coord;
mod facing;
mod halves;
mod map;
mod path;
mod sight;
mod terrain;
mod zones;

#[cfg(test)]
mod proptests;

pub use body::{Corner, MOST_BODY_HEXES};
pub use coord::{Hex, Pose};
pub use facing::Facing;
pub use halves::Half;
pub use map::{HexError, HexMap, MAX_SIDE, MapError};
pub use path::{Goal, MoveCosts, MovePath, PathStep, Step};
pub use sight::LineOfSight;
pub use terrain::{Legend, Scale, Terrain};
pub use zones::{Aspect, ZoneShape};
