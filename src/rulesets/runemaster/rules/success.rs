//! Combat Resolution: a d100 roll against a chance gives a level of success.
//! The chapter names the levels (Critical and its powers, Special, Normal,
//! Miss, Failure, Fumble) but not the thresholds: those are the house
//! pack's ([`SuccessRule`]).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::tables::SuccessRule;
use super::terms::Chance;

/// A level of success, best first. `Critical(k)` is Critical to the k-th.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Level {
    Critical(u8),
    Special,
    Normal,
    Miss,
    Failure,
    Fumble,
}

impl Level {
    /// Its place on the ladder the text reduces along ("a double critical
    /// will reduce a special success attack to a miss"): Miss 0, Normal 1,
    /// Special 2, Critical(k) 2 + k; the failures below 0.
    pub fn rank(self) -> i32 {
        match self {
            Level::Critical(k) => 2 + i32::from(k),
            Level::Special => 2,
            Level::Normal => 1,
            Level::Miss => 0,
            Level::Failure => -1,
            Level::Fumble => -2,
        }
    }

    pub fn succeeded(self) -> bool {
        self.rank() >= 1
    }

    /// Combat Resolution, Parry and Dodge: a level reduced by `by` steps,
    /// "though not below a miss" (a failure stays what it was).
    pub fn reduced(self, by: i32) -> Level {
        if !self.succeeded() || by <= 0 {
            return self;
        }
        match self.rank() - by {
            r if r <= 0 => Level::Miss,
            1 => Level::Normal,
            2 => Level::Special,
            r => Level::Critical((r - 2).min(i32::from(u8::MAX)) as u8),
        }
    }

    /// Critical Success: the extra damage rolls of each critical level.
    pub fn extra_rolls(self) -> u32 {
        match self {
            Level::Critical(k) => u32::from(k),
            _ => 0,
        }
    }

    /// Special Success: a critical carries the special's effects too
    /// (docs/RULINGS.md, "Rune Master: criticals are specials").
    pub fn special(self) -> bool {
        self.rank() >= 2
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Critical(1) => f.write_str("critical"),
            Level::Critical(k) => write!(f, "critical×{k}"),
            Level::Special => f.write_str("special"),
            Level::Normal => f.write_str("success"),
            Level::Miss => f.write_str("miss"),
            Level::Failure => f.write_str("failure"),
            Level::Fumble => f.write_str("fumble"),
        }
    }
}

/// Dodge: a successful dodge lowers the attack by the dodge's own level
/// (docs/RULINGS.md, "Dodge"), not below a miss.
pub fn after_dodge(attack: Level, dodge: Level) -> Level {
    if dodge.succeeded() {
        attack.reduced(dodge.rank())
    } else {
        attack
    }
}

/// Parry and Shield: a critical parry or block lowers the attack by its
/// critical levels, not below a miss.
pub fn after_parry(attack: Level, parry: Level) -> Level {
    if parry.succeeded() {
        attack.reduced(parry.extra_rolls() as i32)
    } else {
        attack
    }
}

/// `n / d` rounded half up.
fn share(n: i32, d: i32) -> i32 {
    (2 * n + d) / (2 * d)
}

/// The level of a d100 `roll` (1..=100) against `chance`, by the house
/// thresholds.
pub fn level(rule: &SuccessRule, chance: Chance, roll: u8) -> Level {
    let c = chance.0;
    let roll = i32::from(roll);
    if roll < rule.always_fails && roll <= c {
        let critical = share(c, rule.critical_divisor).max(1);
        let special = share(c, rule.special_divisor).max(1);
        return if roll <= critical {
            // Each full 100 of chance above 100 adds a critical level.
            Level::Critical((1 + (c - 1) / 100).clamp(1, 9) as u8)
        } else if roll <= special {
            Level::Special
        } else {
            Level::Normal
        };
    }
    let room = (100 - c).max(0);
    let fumbles = share(room, rule.fumble_divisor).max(1);
    let failures = share(room, rule.failure_divisor).max(fumbles);
    if roll > 100 - fumbles {
        Level::Fumble
    } else if roll > 100 - failures {
        Level::Failure
    } else {
        Level::Miss
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::runemaster::rules::tables::HousePack;

    fn at(chance: i32, roll: u8) -> Level {
        level(&HousePack::shipped().success, Chance(chance), roll)
    }

    #[test]
    fn house_success_levels_at_fifty_percent() {
        assert_eq!(at(50, 1), Level::Critical(1));
        assert_eq!(at(50, 3), Level::Critical(1));
        assert_eq!(at(50, 4), Level::Special);
        assert_eq!(at(50, 10), Level::Special);
        assert_eq!(at(50, 11), Level::Normal);
        assert_eq!(at(50, 50), Level::Normal);
        assert_eq!(at(50, 51), Level::Miss);
        assert_eq!(at(50, 90), Level::Miss);
        assert_eq!(at(50, 91), Level::Failure);
        assert_eq!(at(50, 97), Level::Failure);
        assert_eq!(at(50, 98), Level::Fumble);
        assert_eq!(at(50, 100), Level::Fumble);
    }

    #[test]
    fn high_chances_never_pass_96_and_gain_critical_levels() {
        assert_eq!(at(150, 96), Level::Miss);
        assert_eq!(at(150, 100), Level::Fumble);
        assert_eq!(at(150, 8), Level::Critical(2));
        assert_eq!(at(100, 5), Level::Critical(1));
        assert_eq!(at(0, 1), Level::Miss, "no chance, no success");
    }

    /// Dodge: a special dodge takes a special attack to a miss; a normal
    /// dodge a normal attack; a critical attack survives a normal dodge.
    #[test]
    fn dodge_lowers_by_its_own_level() {
        assert_eq!(after_dodge(Level::Special, Level::Special), Level::Miss);
        assert_eq!(after_dodge(Level::Normal, Level::Normal), Level::Miss);
        assert_eq!(
            after_dodge(Level::Critical(1), Level::Normal),
            Level::Special
        );
        assert_eq!(after_dodge(Level::Normal, Level::Miss), Level::Normal);
        assert_eq!(after_parry(Level::Special, Level::Special), Level::Special);
        assert_eq!(
            after_parry(Level::Special, Level::Critical(1)),
            Level::Normal
        );
    }

    /// Combat Resolution, Parry: "a double critical will reduce a special
    /// success attack to a miss", and nothing goes below a miss.
    #[test]
    fn parry_a_double_critical_reduces_a_special_to_a_miss() {
        assert_eq!(
            Level::Special.reduced(Level::Critical(2).extra_rolls() as i32),
            Level::Miss
        );
        assert_eq!(Level::Critical(1).reduced(1), Level::Special);
        assert_eq!(Level::Normal.reduced(5), Level::Miss);
        assert_eq!(Level::Fumble.reduced(1), Level::Fumble);
    }
}
