//! The six hexside facings of a flat-top hex, named as drawn on screen.

use std::fmt;

use hex2d::{Angle, Direction};
use serde::{Deserialize, Serialize};

/// The hexside a figure faces, as a compass word on the map as drawn
/// (north is up). Flat-top hexes have hexsides N, NE, SE, S, SW and NW.
///
/// Variants are in clockwise order; serialised with exactly these names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Facing {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

impl Facing {
    /// All facings, clockwise from N.
    pub const ALL: [Facing; 6] = [
        Facing::N,
        Facing::NE,
        Facing::SE,
        Facing::S,
        Facing::SW,
        Facing::NW,
    ];

    /// Clockwise index, N = 0 .. NW = 5.
    pub(super) fn index(self) -> usize {
        self as usize
    }

    fn from_index(i: i64) -> Facing {
        // rem_euclid(6) is always in 0..6, so the index is in range.
        Facing::ALL[i.rem_euclid(6) as usize]
    }

    /// Turned `hexsides` hexsides clockwise (negative turns anticlockwise).
    pub fn rotate(self, hexsides: i32) -> Facing {
        Facing::from_index(self.index() as i64 + i64::from(hexsides))
    }

    /// The facing directly behind.
    pub fn opposite(self) -> Facing {
        self.rotate(3)
    }

    /// How many hexsides a pivot from `a` to `b` turns, the short way round
    /// (0..=3).
    pub fn hexsides_between(a: Facing, b: Facing) -> u8 {
        let cw = (b.index() + 6 - a.index()) % 6;
        // cw and 6 - cw are both at most 6.
        cw.min(6 - cw) as u8
    }

    /// The compass word for people: "north", "north-east", …
    pub fn name(self) -> &'static str {
        match self {
            Facing::N => "north",
            Facing::NE => "north-east",
            Facing::SE => "south-east",
            Facing::S => "south",
            Facing::SW => "south-west",
            Facing::NW => "north-west",
        }
    }

    /// The hex2d direction pointing across this hexside. Kept private so
    /// hex2d's axis names never leak into the public API.
    pub(super) fn direction(self) -> Direction {
        match self {
            Facing::N => Direction::YZ,
            Facing::NE => Direction::XZ,
            Facing::SE => Direction::XY,
            Facing::S => Direction::ZY,
            Facing::SW => Direction::ZX,
            Facing::NW => Direction::YX,
        }
    }

    pub(super) fn from_direction(d: Direction) -> Facing {
        match d {
            Direction::YZ => Facing::N,
            Direction::XZ => Facing::NE,
            Direction::XY => Facing::SE,
            Direction::ZY => Facing::S,
            Direction::ZX => Facing::SW,
            Direction::YX => Facing::NW,
        }
    }

    /// The rotation that turns this facing to N; used to work in a
    /// figure's own frame of reference.
    pub(super) fn angle_to_north(self) -> Angle {
        Angle::from_int(-(self.index() as i8))
    }
}

impl fmt::Display for Facing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_compass_words_clockwise_from_north() {
        let names: Vec<&str> = Facing::ALL.iter().map(|f| f.name()).collect();
        assert_eq!(
            names,
            [
                "north",
                "north-east",
                "south-east",
                "south",
                "south-west",
                "north-west"
            ]
        );
    }

    #[test]
    fn rotate_wraps_both_ways() {
        assert_eq!(Facing::N.rotate(1), Facing::NE);
        assert_eq!(Facing::N.rotate(-1), Facing::NW);
        assert_eq!(Facing::SW.rotate(3), Facing::NE);
        assert_eq!(Facing::SE.rotate(-13), Facing::NE);
        assert_eq!(Facing::S.rotate(i32::MIN), Facing::S.rotate(i32::MIN % 6));
        for f in Facing::ALL {
            assert_eq!(f.rotate(6), f);
            assert_eq!(f.opposite().opposite(), f);
        }
    }

    #[test]
    fn hexsides_between_is_short_way_round() {
        assert_eq!(Facing::hexsides_between(Facing::N, Facing::N), 0);
        assert_eq!(Facing::hexsides_between(Facing::N, Facing::NE), 1);
        assert_eq!(Facing::hexsides_between(Facing::N, Facing::NW), 1);
        assert_eq!(Facing::hexsides_between(Facing::N, Facing::SE), 2);
        assert_eq!(Facing::hexsides_between(Facing::N, Facing::SW), 2);
        assert_eq!(Facing::hexsides_between(Facing::N, Facing::S), 3);
        for a in Facing::ALL {
            for b in Facing::ALL {
                assert_eq!(
                    Facing::hexsides_between(a, b),
                    Facing::hexsides_between(b, a)
                );
            }
        }
    }

    #[test]
    fn direction_round_trip() {
        for f in Facing::ALL {
            assert_eq!(Facing::from_direction(f.direction()), f);
            assert_eq!(f.direction() + f.angle_to_north(), Direction::YZ);
        }
    }

    #[test]
    fn serde_uses_compass_names() {
        let json = serde_json::to_string(&Facing::ALL).unwrap();
        assert_eq!(json, r#"["N","NE","SE","S","SW","NW"]"#);
        let back: Vec<Facing> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, Facing::ALL);
        assert_eq!(Facing::SW.to_string(), "SW");
    }
}
