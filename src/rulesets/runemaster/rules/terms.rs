//! The words Rune Master's tables are indexed by, and the newtypes of its
//! quantities.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A Strike Rank: when in the round an action lands (10 first, then down
/// to 1; 11 for a hasty attack; 0 or below never happens).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct StrikeRank(pub i32);

impl fmt::Display for StrikeRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SR {}", self.0)
    }
}

/// A chance of success in percent, after modifiers (may exceed 100 or fall
/// below 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Chance(pub i32);

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}%", self.0)
    }
}

/// Combat, "Armor": the damage types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DamageType {
    Brawl,
    Chop,
    Crush,
    Cut,
    Fire,
    Grapple,
    Impale,
    Stun,
    Tear,
}

/// Combat, "Weapon Reach": the reaches of hand weapons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reach {
    Unarmed,
    Close,
    Short,
    Medium,
    Long,
    Pole,
    Extreme,
}

/// Combat, "Weapon Reach": the actions that are not hand-weapon attacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ActionKind {
    Spell,
    Generic,
    Ranged,
}

/// The size words of Target Size, Blood Loss, Knockback and Obstructed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Size {
    Tiny,
    VerySmall,
    Small,
    MediumSmall,
    #[default]
    Medium,
    MediumLarge,
    Large,
    VeryLarge,
    Huge,
    Gargantuan,
}

/// Morale Status, by Morale score (Cornered and Frantic are the starred
/// statuses a Discipline roll gives at -3 and -4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoraleStatus {
    Confident,
    Normal,
    Disheartened,
    Demoralized,
    Scared,
    Cornered,
    Terrified,
    Frantic,
    Petrified,
}

impl MoraleStatus {
    /// Morale Status from a Morale score (the plain statuses: Cornered
    /// and Frantic come only from a Discipline roll).
    pub fn of(morale: i32) -> MoraleStatus {
        match morale {
            1.. => MoraleStatus::Confident,
            0 => MoraleStatus::Normal,
            -1 => MoraleStatus::Disheartened,
            -2 => MoraleStatus::Demoralized,
            -3 => MoraleStatus::Scared,
            -4 => MoraleStatus::Terrified,
            _ => MoraleStatus::Petrified,
        }
    }
}

/// Attack, "Shield": the shield sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ShieldSize {
    Buckler,
    LargeBuckler,
    SmallRound,
    Round,
    LargeRound,
    Heater,
    Kite,
    Door,
}

/// Footing (melee attacks and defences).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Footing {
    Pavement,
    #[default]
    Field,
    Rutted,
    Rocky,
    Muddy,
    Icy,
}

/// Hit Location: the body shapes with a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Shape {
    #[default]
    Human,
    Pixie,
    Centaur,
    Lizardman,
}

/// Hit Location: the columns (no table prints the announced Front column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Column {
    Unarmed,
    Melee,
    Ranged,
    Side,
    Rear,
}

/// Hit Location: the locations of every shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Location {
    Head,
    LeftArm,
    RightArm,
    Chest,
    Abdomen,
    LeftLeg,
    RightLeg,
    LeftWing,
    RightWing,
    Tail,
    LeftForeleg,
    RightForeleg,
    Forequarters,
    Hindquarters,
    LeftHindleg,
    RightHindleg,
}

/// What a location is, for Excess Damage and Serious Wound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Head,
    Arm,
    Leg,
    Wing,
    Tail,
    /// Chest or forequarters.
    Chest,
    /// Abdomen or hindquarters.
    Abdomen,
}

impl Location {
    pub fn part(self) -> Part {
        use Location as L;
        match self {
            L::Head => Part::Head,
            L::LeftArm | L::RightArm => Part::Arm,
            L::LeftLeg | L::RightLeg | L::LeftForeleg | L::RightForeleg => Part::Leg,
            L::LeftHindleg | L::RightHindleg => Part::Leg,
            L::LeftWing | L::RightWing => Part::Wing,
            L::Tail => Part::Tail,
            L::Chest | L::Forequarters => Part::Chest,
            L::Abdomen | L::Hindquarters => Part::Abdomen,
        }
    }

    pub fn name(self) -> &'static str {
        use Location as L;
        match self {
            L::Head => "head",
            L::LeftArm => "left arm",
            L::RightArm => "right arm",
            L::Chest => "chest",
            L::Abdomen => "abdomen",
            L::LeftLeg => "left leg",
            L::RightLeg => "right leg",
            L::LeftWing => "left wing",
            L::RightWing => "right wing",
            L::Tail => "tail",
            L::LeftForeleg => "left foreleg",
            L::RightForeleg => "right foreleg",
            L::Forequarters => "forequarters",
            L::Hindquarters => "hindquarters",
            L::LeftHindleg => "left hindleg",
            L::RightHindleg => "right hindleg",
        }
    }
}

/// Where a number comes from: the book, a reading of a damaged table
/// (docs/RULINGS.md), or the house pack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    Book,
    Ruling(String),
}
