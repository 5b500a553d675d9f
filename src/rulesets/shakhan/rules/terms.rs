//! The words every Shakhàn table is indexed by.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Shakhàn 16.9.1: the seven Combat Tactic Cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Card {
    /// Berserk / all-out attack.
    A,
    /// Aggressive attack.
    B,
    /// Cautious / normal attack.
    C,
    /// Parry / defend.
    D,
    /// Cautious retreat.
    E,
    /// Rout / fast retreat.
    F,
    /// Other / non-combat actions.
    G,
}

impl Card {
    pub const ALL: [Card; 7] = [
        Card::A,
        Card::B,
        Card::C,
        Card::D,
        Card::E,
        Card::F,
        Card::G,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Card::A => "Berserk",
            Card::B => "Aggressive Attack",
            Card::C => "Cautious Attack",
            Card::D => "Parry",
            Card::E => "Cautious Retreat",
            Card::F => "Rout",
            Card::G => "Other Actions",
        }
    }

    pub fn letter(self) -> char {
        (b'A' + self as u8) as char
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Shakhàn 16.15.12–13: the quality classes of armour and weapons, E to A+.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Quality {
    /// (E)
    Poor,
    /// (D)
    Usual,
    /// (C)
    Good,
    /// (B)
    VeryGood,
    /// (A)
    Excellent,
    /// (A+)
    Exceptional,
}

impl Quality {
    pub const ALL: [Quality; 6] = [
        Quality::Poor,
        Quality::Usual,
        Quality::Good,
        Quality::VeryGood,
        Quality::Excellent,
        Quality::Exceptional,
    ];

    pub fn grade(self) -> &'static str {
        ["E", "D", "C", "B", "A", "A+"][self as usize]
    }
}

/// Shakhàn 16.15.3: the body areas a strike can land on (columns of the Strike
/// Location Table, and the six Critical Hit tables 16.15.5–10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BodyArea {
    Head,
    Neck,
    UpperBody,
    LowerBody,
    Arms,
    Legs,
}

impl BodyArea {
    pub const ALL: [BodyArea; 6] = [
        BodyArea::Head,
        BodyArea::Neck,
        BodyArea::UpperBody,
        BodyArea::LowerBody,
        BodyArea::Arms,
        BodyArea::Legs,
    ];

    /// The snake_case key used in JSON output.
    pub fn key(self) -> &'static str {
        match self {
            BodyArea::Head => "head",
            BodyArea::Neck => "neck",
            BodyArea::UpperBody => "upper_body",
            BodyArea::LowerBody => "lower_body",
            BodyArea::Arms => "arms",
            BodyArea::Legs => "legs",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BodyArea::Head => "head",
            BodyArea::Neck => "neck",
            BodyArea::UpperBody => "upper body",
            BodyArea::LowerBody => "lower body",
            BodyArea::Arms => "arms",
            BodyArea::Legs => "legs",
        }
    }
}

/// Shakhàn 16.15.3: the fifteen body forms of the Strike Location Table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BodyForm {
    BipedalHumanoid,
    QuadripedalHumanoid,
    QuadripedalAnimal,
    Serpentine,
    Indistinct,
    Avian,
    LeafyPlant,
    Tentacled,
    Rounded,
    Insect,
    Reptile,
    WingedSerpent,
    Aquatic,
    Crustacean,
    Other,
}

impl BodyForm {
    pub const ALL: [BodyForm; 15] = [
        BodyForm::BipedalHumanoid,
        BodyForm::QuadripedalHumanoid,
        BodyForm::QuadripedalAnimal,
        BodyForm::Serpentine,
        BodyForm::Indistinct,
        BodyForm::Avian,
        BodyForm::LeafyPlant,
        BodyForm::Tentacled,
        BodyForm::Rounded,
        BodyForm::Insect,
        BodyForm::Reptile,
        BodyForm::WingedSerpent,
        BodyForm::Aquatic,
        BodyForm::Crustacean,
        BodyForm::Other,
    ];
}
