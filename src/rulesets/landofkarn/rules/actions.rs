//! Land of Karn "Splitting Actions", "2. Winner Chooses Attack(s)",
//! "Multiple Attackers Or Defenders", "Fleeing Combat" and "Knock Out/Stun
//! Called Shots": the numbers these rules give, over values.

use serde::{Deserialize, Serialize};

use super::roll::Level;
use super::terms::Share;

/// "Splitting Actions": whether `shares` split one full action as the text
/// allows: one full, two halves, four quarters, or a half and two quarters
/// (in any order). Nothing splits below a quarter.
pub fn splits_one_action(shares: &[Share]) -> bool {
    let quarters: u8 = shares.iter().map(|s| s.quarters()).sum();
    let fulls = shares.iter().filter(|s| **s == Share::Full).count();
    quarters == 4 && (fulls == 0 || shares.len() == 1)
}

/// "2. Winner Chooses Attack(s)": an action the winner saves for defence
/// gives +5 to the defence it becomes, split or not; it cannot be a
/// standard dodge.
pub const SAVED_ACTION_DEFENCE: i32 = 5;

/// "2. Winner Chooses Attack(s)": a skill (not a combat skill) tried in
/// combat is at half its level, rounded down (docs/RULINGS.md).
pub fn rushed_skill(level: i32) -> i32 {
    level.div_euclid(2)
}

/// "Multiple Attackers Or Defenders": acting against more than one opponent
/// in a melee puts every roll at -1 per opponent dealt with (those ignored
/// do not count); one opponent, no penalty.
pub fn opponents_penalty(opponents: usize) -> i32 {
    if opponents > 1 {
        -(opponents as i32)
    } else {
        0
    }
}

/// "Multiple Attackers Or Defenders": a dodge against several attackers is
/// at -1 for each after the first; docs/RULINGS.md: this replaces, and does
/// not add to, [`opponents_penalty`].
pub fn dodge_penalty(attackers: usize) -> i32 {
    -(attackers.saturating_sub(1) as i32)
}

/// "Fleeing Combat": the defender's ALT check to notice a flight is at -10%
/// for each full action the one fleeing has.
pub fn flee_check_penalty(full_actions: u8) -> i32 {
    -10 * i32::from(full_actions)
}

/// "Knock Out/Stun Called Shots": what a knock-out called shot's roll does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum KnockoutTry {
    /// A critical: knocked out, no further roll.
    KnockedOut,
    /// Over 10: the target makes an END check or rolls on the chart.
    EndCheck,
    /// A hit that is no knock-out: a normal strike, basic damage only.
    Strike,
    /// Missed or fumbled as any strike.
    Failed,
}

/// "Knock Out/Stun Called Shots": over 10 tries the knock-out, 6–9 strike
/// as normal; a total of exactly 10 (the text says neither) strikes as
/// normal (docs/RULINGS.md). Armour guarding the back of the head and neck
/// against crush prevents the knock-out (`guarded`).
pub fn knockout_try(level: Level, modified: i32, guarded: bool) -> KnockoutTry {
    if !level.hits() {
        return KnockoutTry::Failed;
    }
    if guarded {
        return KnockoutTry::Strike;
    }
    if level.critical() {
        KnockoutTry::KnockedOut
    } else if modified > 10 {
        KnockoutTry::EndCheck
    } else {
        KnockoutTry::Strike
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Share::*;

    /// "Splitting Actions": Salemath's two actions as one full, one half and
    /// two quarters, or eight quarters; never an eighth.
    #[test]
    fn splitting_actions_allowed_splits() {
        assert!(splits_one_action(&[Full]));
        assert!(splits_one_action(&[Half, Half]));
        assert!(splits_one_action(&[Half, Quarter, Quarter]));
        assert!(splits_one_action(&[Quarter, Half, Quarter]));
        assert!(splits_one_action(&[Quarter; 4]));
        assert!(!splits_one_action(&[Full, Half]));
        assert!(!splits_one_action(&[Half]));
        assert!(!splits_one_action(&[Quarter; 5]));
        assert!(!splits_one_action(&[]));
    }

    /// "2. Winner Chooses Attack(s)" example: Pick Locks 60% is tried at 30%.
    #[test]
    fn winner_chooses_attacks_rushed_skill_example() {
        assert_eq!(rushed_skill(60), 30);
        assert_eq!(rushed_skill(45), 22);
        assert_eq!(SAVED_ACTION_DEFENCE, 5);
    }

    /// "Multiple Attackers Or Defenders" example: Chip defends against two
    /// of three orcs and ignores the third: -2 each.
    #[test]
    fn multiple_attackers_three_orcs_example() {
        assert_eq!(opponents_penalty(2), -2);
        assert_eq!(opponents_penalty(1), 0);
        assert_eq!(dodge_penalty(3), -2);
        assert_eq!(dodge_penalty(1), 0);
    }

    /// "Fleeing Combat" example: Chip has 3 actions, Salemath checks ALT at -30%.
    #[test]
    fn fleeing_combat_example() {
        assert_eq!(flee_check_penalty(3), -30);
    }

    /// "Knock Out/Stun Called Shots": over 10, 6–9, exactly 10, a critical,
    /// and a guarded head.
    #[test]
    fn knock_out_stun_called_shots() {
        use KnockoutTry::*;
        assert_eq!(knockout_try(Level::Hit, 11, false), EndCheck);
        assert_eq!(knockout_try(Level::Hit, 10, false), Strike);
        assert_eq!(knockout_try(Level::Hit, 6, false), Strike);
        assert_eq!(knockout_try(Level::Miss, 5, false), Failed);
        assert_eq!(knockout_try(Level::NaturalCritical, 3, false), KnockedOut);
        assert_eq!(knockout_try(Level::Hit, 15, true), Strike);
    }
}
