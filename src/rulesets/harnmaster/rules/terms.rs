//! The words HârnMaster's tables and rules are indexed by, and newtypes for
//! its quantities.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A skill roll's level of success (sheet l.22, l.278–284): critical or
/// marginal, success or failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    CS,
    MS,
    MF,
    CF,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::CS, Level::MS, Level::MF, Level::CF];

    /// Its place in [`Level::ALL`]: a table's column.
    pub fn index(self) -> usize {
        match self {
            Level::CS => 0,
            Level::MS => 1,
            Level::MF => 2,
            Level::CF => 3,
        }
    }

    pub fn words(self) -> &'static str {
        match self {
            Level::CS => "critical success",
            Level::MS => "marginal success",
            Level::MF => "marginal failure",
            Level::CF => "critical failure",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

/// Sheet l.12, l.113: how a blow lands: blunt, edge or point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Aspect {
    Blunt,
    Edge,
    Point,
}

impl Aspect {
    pub const ALL: [Aspect; 3] = [Aspect::Blunt, Aspect::Edge, Aspect::Point];

    pub fn word(self) -> &'static str {
        match self {
            Aspect::Blunt => "blunt",
            Aspect::Edge => "edge",
            Aspect::Point => "point",
        }
    }

    /// The letter the sheet writes (B, E, P).
    pub fn letter(self) -> char {
        match self {
            Aspect::Blunt => 'B',
            Aspect::Edge => 'E',
            Aspect::Point => 'P',
        }
    }
}

/// Sheet l.12, l.38: where an attack is aimed; `Any` is no aim
/// (docs/RULINGS.md, HârnMaster "Aim").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Aim {
    Any,
    Head,
    Arms,
    Legs,
}

impl Aim {
    pub const ALL: [Aim; 4] = [Aim::Any, Aim::Head, Aim::Arms, Aim::Legs];

    pub fn index(self) -> usize {
        match self {
            Aim::Any => 0,
            Aim::Head => 1,
            Aim::Arms => 2,
            Aim::Legs => 3,
        }
    }

    pub fn words(self) -> &'static str {
        match self {
            Aim::Any => "no aim",
            Aim::Head => "aimed at the head",
            Aim::Arms => "aimed at the arms",
            Aim::Legs => "aimed at the legs",
        }
    }
}

/// What a location is, for knockback (l.137) and unusable limbs (l.135).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Part {
    Head,
    Neck,
    Body,
    Arm,
    Leg,
}

impl Part {
    /// Sheet l.135: a limb can be made unusable.
    pub fn is_limb(self) -> bool {
        matches!(self, Part::Arm | Part::Leg)
    }

    /// Sheet l.137: a blunt strike here can knock a figure back.
    pub fn knocks_back(self) -> bool {
        matches!(self, Part::Head | Part::Neck | Part::Body)
    }
}

/// Which party of an attack a table's effect falls to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Party {
    Attacker,
    Defender,
}

/// An effective mastery level: a skill with its modifiers (sheet l.20),
/// before it is held within the pack's least and most.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Eml(pub i32);

/// Injury points (sheet l.121).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize, Deserialize)]
pub struct InjuryPoints(pub u32);

/// Sheet l.16: the defences against a melee attack this engine resolves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Defence {
    Block,
    Counterstrike,
    Dodge,
    Ignore,
}

impl Defence {
    pub fn word(self) -> &'static str {
        match self {
            Defence::Block => "block",
            Defence::Counterstrike => "counterstrike",
            Defence::Dodge => "dodge",
            Defence::Ignore => "ignore",
        }
    }
}
