//! The words Land of Karn's tables and rules are indexed by, and newtypes
//! for its quantities.

use std::fmt;

use serde::{Deserialize, Serialize};

/// "Hand to Hand Damage Types": Cut, Chop, Crush, Pierce.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DamageType {
    Cut,
    Chop,
    Crush,
    Pierce,
}

impl DamageType {
    pub const ALL: [DamageType; 4] = [
        DamageType::Cut,
        DamageType::Chop,
        DamageType::Crush,
        DamageType::Pierce,
    ];

    /// The book's abbreviation (Cu, Ch, Cr, P).
    pub fn short(self) -> &'static str {
        match self {
            DamageType::Cut => "Cu",
            DamageType::Chop => "Ch",
            DamageType::Crush => "Cr",
            DamageType::Pierce => "P",
        }
    }
}

/// "Fumble": the chart's columns, by how the attack is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttackKind {
    HandToHand,
    Swing,
    Thrust,
    Other,
}

impl AttackKind {
    pub const ALL: [AttackKind; 4] = [
        AttackKind::HandToHand,
        AttackKind::Swing,
        AttackKind::Thrust,
        AttackKind::Other,
    ];
}

/// "Critical": the chart's columns, the four damage types and Other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CriticalColumn {
    Cut,
    Chop,
    Crush,
    Pierce,
    Other,
}

impl CriticalColumn {
    pub const ALL: [CriticalColumn; 5] = [
        CriticalColumn::Cut,
        CriticalColumn::Chop,
        CriticalColumn::Crush,
        CriticalColumn::Pierce,
        CriticalColumn::Other,
    ];
}

impl From<DamageType> for CriticalColumn {
    fn from(t: DamageType) -> Self {
        match t {
            DamageType::Cut => CriticalColumn::Cut,
            DamageType::Chop => CriticalColumn::Chop,
            DamageType::Crush => CriticalColumn::Crush,
            DamageType::Pierce => CriticalColumn::Pierce,
        }
    }
}

/// "Splitting Actions": what part of a full action one action is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Share {
    Full,
    Half,
    Quarter,
}

impl Share {
    /// The share in quarters of a full action.
    pub fn quarters(self) -> u8 {
        match self {
            Share::Full => 4,
            Share::Half => 2,
            Share::Quarter => 1,
        }
    }

    /// "Splitting Actions": the d20 face cut to this share, rounded down;
    /// bonuses are added after, untouched.
    pub fn cut(self, face: u8) -> u8 {
        face * self.quarters() / 4
    }

    pub fn word(self) -> &'static str {
        match self {
            Share::Full => "full",
            Share::Half => "half",
            Share::Quarter => "quarter",
        }
    }
}

/// Hit points (HP) or stamina points (SP); they may go below zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Points(pub i32);

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A bonus or penalty on a d20 roll (strike, defence, initiative).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize, Deserialize)]
pub struct Bonus(pub i32);

impl fmt::Display for Bonus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:+}", self.0)
    }
}

/// A percentage chance for a check (ALT, END, RES), 0–100.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Chance(pub i32);

#[cfg(test)]
mod tests {
    use super::*;

    /// Land of Karn "Splitting Actions": a half action rolling 15 counts 7,
    /// a quarter action rounds down too.
    #[test]
    fn splitting_actions_cuts_the_roll_rounding_down() {
        assert_eq!(Share::Half.cut(15), 7);
        assert_eq!(Share::Quarter.cut(15), 3);
        assert_eq!(Share::Quarter.cut(3), 0);
        assert_eq!(Share::Full.cut(15), 15);
    }
}
