//! Shakhàn 16.11 Trample/Crush attacks: who may trample whom, the Dodge
//! against it, how many crushing strikes a failed Dodge costs, and what they
//! do to armour. Pure functions over values; the engine rolls the dice.

use serde::{Deserialize, Serialize};

use crate::dice::Dice;
use crate::rulesets::shakhan::rules::condition::Check;

/// Weight and overall size of a creature (size read as height, ruling).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bulk {
    pub weight_kg: f64,
    pub height_m: f64,
}

/// Why a creature may trample another (16.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Eligibility {
    /// Three or more times the opponent's body weight.
    Weight,
    /// Three or more times its overall size.
    Size,
    /// Designated able to by the rules or the Referee.
    Designated,
}

/// The ratio a creature must reach to trample (16.11).
const MULTIPLE_TO_TRAMPLE: f64 = 3.0;
/// At this many times the target's weight it may trample while rearing up
/// in place, without moving (16.11).
const MULTIPLE_IN_PLACE: u32 = 4;
/// Penetration modifier per multiple of weight beyond the first (16.11).
const ARMOUR_PER_MULTIPLE: i32 = 10;

/// Shakhàn 16.11: whether `attacker` may Trample/Crush `defender`, and why.
pub fn eligibility(attacker: Bulk, defender: Bulk, designated: bool) -> Option<Eligibility> {
    let ratio = |a: f64, d: f64| if d > 0.0 { a / d } else { f64::INFINITY };
    if ratio(attacker.weight_kg, defender.weight_kg) >= MULTIPLE_TO_TRAMPLE {
        Some(Eligibility::Weight)
    } else if ratio(attacker.height_m, defender.height_m) >= MULTIPLE_TO_TRAMPLE {
        Some(Eligibility::Size)
    } else {
        designated.then_some(Eligibility::Designated)
    }
}

/// Whole multiples of the defender's weight the attacker weighs (at least 1).
pub fn weight_multiple(attacker: Bulk, defender: Bulk) -> u32 {
    if defender.weight_kg <= 0.0 {
        return 1;
    }
    ((attacker.weight_kg / defender.weight_kg).floor() as u32).max(1)
}

/// Shakhàn 16.11: the attacker must spend at least half its Action Points
/// moving toward its victims, unless it is four or more times heavier, when
/// rearing up in place will do.
pub fn may_trample(multiple: u32, moved_ap: f64, round_ap: f64) -> bool {
    multiple >= MULTIPLE_IN_PLACE || (round_ap > 0.0 && moved_ap >= round_ap / 2.0)
}

/// Shakhàn 16.11: +10 to the Armour Protection roll per multiple by which the
/// attacker's weight exceeds the defender's (four times → +30).
pub fn armour_modifier(multiple: u32) -> i32 {
    ARMOUR_PER_MULTIPLE * (multiple.saturating_sub(1) as i32)
}

/// Shakhàn 16.11: how the defender Dodges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DodgeChoice {
    /// Half the DMod, keeping every Tactic Card.
    HalfKeepCards,
    /// The full DMod, losing the first card still to play this round.
    FullLoseCard,
}

/// Shakhàn 16.11: a Dodge made, and its price.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Dodge {
    pub choice: DodgeChoice,
    pub dmod: f64,
    pub check: Check,
    /// The first card still to play is lost (not for Martial Artists of
    /// level V or more, who dodge at full DMod keeping their cards).
    pub loses_card: bool,
}

impl Dodge {
    pub fn passed(&self) -> bool {
        self.check.passed()
    }
}

/// Martial Arts level from which a full-DMod Dodge costs no card (16.11).
const MARTIAL_ARTS_FREE_DODGE: u32 = 5;

/// Shakhàn 16.11: the Dodge check, Adjusted Agility × DMod (the normal DMod
/// comes from the Agility description, which is not in this book: a
/// scenario option, docs/RULINGS.md), halved for the keep-cards choice.
pub fn dodge(
    adjusted_agility: i32,
    normal_dmod: f64,
    choice: DodgeChoice,
    martial_arts_level: u32,
    dice: &mut Dice,
) -> Dodge {
    let master = martial_arts_level >= MARTIAL_ARTS_FREE_DODGE;
    let (dmod, loses_card) = match choice {
        _ if master => (normal_dmod, false),
        DodgeChoice::HalfKeepCards => (normal_dmod * 0.5, false),
        DodgeChoice::FullLoseCard => (normal_dmod, true),
    };
    Dodge {
        choice: if master {
            DodgeChoice::FullLoseCard
        } else {
            choice
        },
        dmod,
        check: Check::roll(dodge_threshold(adjusted_agility, dmod), dice),
        loses_card,
    }
}

/// Shakhàn 16.11, 16.9.4: a Dodge check's threshold, Adjusted Agility × DMod.
/// A whole d100 at or under 7.5 is one at or under 7: the fraction is kept
/// by rounding down. Dodging a trample (16.11) and dodging a melee blow
/// (16.9.4 "Dodge a blow") share it.
pub fn dodge_threshold(adjusted_agility: i32, dmod: f64) -> i32 {
    (f64::from(adjusted_agility) * dmod).floor() as i32
}

/// Shakhàn 16.11: the die for the number of strikes: one face per limb of
/// the trampling creature (a four-legged beast rolls 1D4).
pub fn strike_die(limbs: u32) -> u32 {
    limbs.max(1)
}

/// Shakhàn 16.11, other crushing attacks (a falling boulder): one strike per
/// multiple by which its weight exceeds the victim's, times one per whole
/// 10 metres travelled (at least one).
pub fn crush_strikes(multiple: u32, metres: f64) -> u32 {
    let tens = ((metres / 10.0).floor() as u32).max(1);
    multiple.saturating_sub(1) * tens
}

/// Shakhàn 16.11: whatever the Armour Protection roll, the armour struck
/// makes a Saving Throw against its composition factor or is ruined.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ArmourSave {
    pub composition_factor: u32,
    pub check: Check,
}

impl ArmourSave {
    pub fn roll(composition_factor: u32, dice: &mut Dice) -> Self {
        ArmourSave {
            composition_factor,
            check: Check::roll(composition_factor as i32, dice),
        }
    }

    pub fn ruined(&self) -> bool {
        !self.check.passed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bulk(weight_kg: f64, height_m: f64) -> Bulk {
        Bulk {
            weight_kg,
            height_m,
        }
    }

    #[test]
    fn s16_11_eligible_by_weight_size_or_designation() {
        let man = bulk(75.0, 1.75);
        assert_eq!(
            eligibility(bulk(225.0, 1.8), man, false),
            Some(Eligibility::Weight)
        );
        assert_eq!(
            eligibility(bulk(150.0, 5.25), man, false),
            Some(Eligibility::Size)
        );
        assert_eq!(eligibility(bulk(224.0, 5.0), man, false), None);
        assert_eq!(
            eligibility(bulk(80.0, 1.8), man, true),
            Some(Eligibility::Designated)
        );
    }

    #[test]
    fn s16_11_half_the_ap_moving_unless_four_times_heavier() {
        assert!(!may_trample(3, 4.9, 10.0));
        assert!(may_trample(3, 5.0, 10.0));
        assert!(may_trample(4, 0.0, 10.0));
    }

    #[test]
    fn s16_11_example_four_times_the_weight_is_plus_30() {
        assert_eq!(
            armour_modifier(weight_multiple(bulk(300.0, 2.0), bulk(75.0, 1.7))),
            30
        );
        assert_eq!(armour_modifier(1), 0);
    }

    #[test]
    fn s16_11_example_boulder_four_times_the_weight_20_metres_is_six_strikes() {
        assert_eq!(crush_strikes(4, 20.0), 6);
        assert_eq!(crush_strikes(4, 5.0), 3);
    }

    #[test]
    fn s16_11_example_four_legged_beast_rolls_1d4() {
        assert_eq!(strike_die(4), 4);
        assert_eq!(strike_die(0), 1);
    }

    #[test]
    fn s16_11_dodge_half_dmod_keeps_cards_full_dmod_loses_one() {
        // Adjusted Agility 14, normal DMod 3: 42, halved 21.
        let mut dice = Dice::scripted([30, 30]);
        let half = dodge(14, 3.0, DodgeChoice::HalfKeepCards, 0, &mut dice);
        assert_eq!(
            (half.check.threshold, half.passed(), half.loses_card),
            (21, false, false)
        );
        let full = dodge(14, 3.0, DodgeChoice::FullLoseCard, 0, &mut dice);
        assert_eq!(
            (full.check.threshold, full.passed(), full.loses_card),
            (42, true, true)
        );
    }

    #[test]
    fn s16_11_half_dmod_dodge_keeps_its_fraction() {
        // Adjusted Agility 5 x 1.5 = 7.5: a roll of 8 fails, 7 succeeds.
        let mut dice = Dice::scripted([8, 7]);
        let d = dodge(5, 3.0, DodgeChoice::HalfKeepCards, 0, &mut dice);
        assert_eq!((d.check.threshold, d.passed()), (7, false));
        assert!(dodge(5, 3.0, DodgeChoice::HalfKeepCards, 0, &mut dice).passed());
    }

    #[test]
    fn s16_11_martial_artist_level_v_dodges_at_full_keeping_cards() {
        let mut dice = Dice::scripted([40]);
        let d = dodge(14, 3.0, DodgeChoice::HalfKeepCards, 5, &mut dice);
        assert_eq!((d.check.threshold, d.loses_card), (42, false));
    }

    #[test]
    fn s16_11_armour_saves_against_its_composition_factor() {
        let mut dice = Dice::scripted([20, 21]);
        assert!(!ArmourSave::roll(20, &mut dice).ruined());
        assert!(ArmourSave::roll(20, &mut dice).ruined());
    }
}
