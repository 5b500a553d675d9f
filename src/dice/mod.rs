//! Dice: a seeded, value-stable source and dice expressions as the books write them.
//!
//! Knows nothing of rules. The battle state owns one [`Dice`]; tests script it.

mod expr;
mod range;

pub use expr::{DiceExpr, DiceExprError, FlatDice, Rolled, Scaling, Sides};
pub use range::{D100Range, RangeTable};

use std::collections::VecDeque;
use std::fmt;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Where die faces come from: ChaCha8 (value-stable across platforms and rand
/// versions of the same major) or a script of faces for tests.
#[derive(Debug, Clone)]
pub struct Dice {
    source: Source,
}

#[derive(Debug, Clone)]
enum Source {
    Seeded(Box<ChaCha8Rng>),
    Scripted(VecDeque<u32>),
    /// A worked example's faces first, then the seeded source.
    Book(VecDeque<u32>, Box<ChaCha8Rng>),
}

impl Dice {
    /// A seeded source: the same seed always yields the same faces.
    pub fn seeded(seed: u64) -> Self {
        Dice {
            source: Source::Seeded(Box::new(ChaCha8Rng::seed_from_u64(seed))),
        }
    }

    /// A scripted source yielding `faces` in order. Running out, or a face that
    /// does not fit the die asked for, panics with the die that was wanted: a
    /// test that scripts too few dice must fail loudly, not roll at random.
    pub fn scripted(faces: impl IntoIterator<Item = u32>) -> Self {
        Dice {
            source: Source::Scripted(faces.into_iter().collect()),
        }
    }

    /// A worked example's dice: `faces` in order, as the book rolled them,
    /// then the faces of [`Dice::seeded`] with `seed`. A face that does not
    /// fit the die wanted means play has left the example: the rest of the
    /// book's faces are dropped and the seeded source rolls from there on.
    pub fn book(faces: impl IntoIterator<Item = u32>, seed: u64) -> Self {
        Dice {
            source: Source::Book(
                faces.into_iter().collect(),
                Box::new(ChaCha8Rng::seed_from_u64(seed)),
            ),
        }
    }

    /// Faces still scripted or still to come from the book (always 0 for a
    /// seeded source).
    pub fn scripted_left(&self) -> usize {
        match &self.source {
            Source::Seeded(_) => 0,
            Source::Scripted(q) | Source::Book(q, _) => q.len(),
        }
    }

    /// Whether the faces come from a test's script.
    pub fn is_scripted(&self) -> bool {
        matches!(self.source, Source::Scripted(_))
    }

    /// One die of `sides` faces, 1..=sides.
    pub fn roll(&mut self, sides: u32) -> u32 {
        assert!(sides > 0, "a die needs at least one face");
        match &mut self.source {
            Source::Seeded(rng) => rng.random_range(1..=sides),
            Source::Scripted(q) => {
                let face = q
                    .pop_front()
                    .unwrap_or_else(|| panic!("scripted dice exhausted: a d{sides} was wanted"));
                assert!(
                    (1..=sides).contains(&face),
                    "scripted face {face} does not fit the d{sides} that was wanted"
                );
                face
            }
            Source::Book(q, rng) => match q.pop_front() {
                Some(face) if (1..=sides).contains(&face) => face,
                _ => {
                    q.clear();
                    rng.random_range(1..=sides)
                }
            },
        }
    }

    /// Percentage dice, read 01..00 (00 is 100).
    pub fn d100(&mut self) -> Percentile {
        Percentile(self.roll(100) as u8)
    }
}

/// A percentage-dice result, 1..=100, written 01..99 and 00 as the books do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Percentile(u8);

impl TryFrom<u8> for Percentile {
    type Error = String;
    fn try_from(value: u8) -> Result<Self, String> {
        Percentile::new(value).ok_or_else(|| format!("{value} is not a d100 face (1 to 100)"))
    }
}

impl From<Percentile> for u8 {
    fn from(p: Percentile) -> u8 {
        p.0
    }
}

impl Percentile {
    /// `value` in 1..=100 (100 is "00"); `None` outside.
    pub fn new(value: u8) -> Option<Self> {
        (1..=100).contains(&value).then_some(Percentile(value))
    }

    /// 1..=100, where 100 is the "00" face.
    pub fn value(self) -> u8 {
        self.0
    }

    /// Every face, 01 to 00.
    pub fn all() -> impl Iterator<Item = Percentile> {
        (1..=100).map(Percentile)
    }
}

impl fmt::Display for Percentile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 100 {
            f.write_str("00")
        } else {
            write!(f, "{:02}", self.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ChaCha8 is value-stable: these faces must never change, or every saved
    /// battle and replay would silently diverge.
    #[test]
    fn seeded_dice_are_pinned_for_seed_42() {
        let mut dice = Dice::seeded(42);
        let faces: Vec<u8> = (0..8).map(|_| dice.d100().value()).collect();
        assert_eq!(faces, PINNED_SEED_42);
    }

    const PINNED_SEED_42: [u8; 8] = [23, 69, 15, 96, 78, 43, 35, 63];

    #[test]
    fn same_seed_same_faces_other_seed_other_faces() {
        let roll = |seed| {
            let mut d = Dice::seeded(seed);
            (0..32).map(|_| d.roll(6)).collect::<Vec<_>>()
        };
        assert_eq!(roll(7), roll(7));
        assert_ne!(roll(7), roll(8));
    }

    /// A worked example's faces come first, then the seeded source as if
    /// nothing had been rolled; a face too big for the die wanted drops the
    /// rest of the book's faces.
    #[test]
    fn book_dice_roll_the_example_then_the_seed() {
        let mut book = Dice::book([7, 96, 3], 42);
        assert_eq!((book.roll(10), book.d100().value()), (7, 96));
        assert_eq!(book.scripted_left(), 1);
        assert_eq!(book.roll(10), 3);
        let faces: Vec<u8> = (0..8).map(|_| book.d100().value()).collect();
        assert_eq!(faces, PINNED_SEED_42);

        let mut off = Dice::book([55, 4], 42);
        assert_eq!(off.roll(10), Dice::seeded(42).roll(10));
        assert_eq!(off.scripted_left(), 0, "the 4 is dropped with the 55");
    }

    #[test]
    fn d100_covers_01_to_00_only() {
        let mut dice = Dice::seeded(1);
        let mut seen = [false; 101];
        for _ in 0..20_000 {
            seen[dice.d100().value() as usize] = true;
        }
        assert!(!seen[0]);
        assert!(seen[1..].iter().all(|s| *s));
    }

    #[test]
    fn percentile_reads_as_the_books_write_it() {
        assert_eq!(Percentile::new(100).unwrap().to_string(), "00");
        assert_eq!(Percentile::new(7).unwrap().to_string(), "07");
        assert_eq!(Percentile::new(42).unwrap().to_string(), "42");
        assert!(Percentile::new(0).is_none());
        assert!(Percentile::new(101).is_none());
    }

    #[test]
    fn percentile_deserialises_only_faces() {
        assert_eq!(
            serde_json::from_str::<Percentile>("100")
                .unwrap()
                .to_string(),
            "00"
        );
        assert!(serde_json::from_str::<Percentile>("0").is_err());
        assert!(serde_json::from_str::<Percentile>("101").is_err());
    }

    #[test]
    fn scripted_dice_yield_their_script() {
        let mut dice = Dice::scripted([3, 100, 1]);
        assert_eq!(dice.roll(6), 3);
        assert_eq!(dice.d100().to_string(), "00");
        assert_eq!(dice.roll(4), 1);
        assert_eq!(dice.scripted_left(), 0);
    }

    #[test]
    #[should_panic(expected = "scripted dice exhausted: a d20 was wanted")]
    fn scripted_dice_fail_loudly_when_exhausted() {
        Dice::scripted([]).roll(20);
    }

    #[test]
    #[should_panic(expected = "does not fit the d6")]
    fn scripted_dice_reject_a_face_too_big_for_the_die() {
        Dice::scripted([7]).roll(6);
    }
}
