//! Sheet l.119–161: injuries and the rolls they call for, each a function of
//! values with its dice passed in.

use super::roll::Roll;
use super::tables::Sheet;
use super::terms::{Aspect, InjuryPoints, Part};
use crate::dice::Dice;

/// Sheet l.139: the endurance index, (IP + FP) / 10 (docs/RULINGS.md,
/// "Endurance index"), rounded down.
pub fn endurance_index(sheet: &Sheet, injury: InjuryPoints, fatigue: u32) -> u32 {
    (injury.0 + fatigue) / sheet.endurance_index_divisor
}

/// Sheet l.167–169: the physical penalty in points: encumbrance, and fatigue
/// and injury read as the endurance index (docs/RULINGS.md, "Physical penalty").
pub fn physical_penalty(encumbrance: u32, endurance_index: u32) -> u32 {
    encumbrance + endurance_index
}

/// Sheet l.165: the fatigue rate, load / endurance rounded down, at least
/// the sheet's least (docs/RULINGS.md, HârnMaster "Fatigue").
pub fn fatigue_rate(sheet: &Sheet, load: u32, endurance: u8) -> u32 {
    (load / u32::from(endurance.max(1))).max(sheet.least_fatigue_rate)
}

/// Sheet l.175: the fatigue points a minute of rest recovers, endurance / 6
/// rounded down.
pub fn rest_recovery(sheet: &Sheet, endurance: u8) -> u32 {
    u32::from(endurance) / sheet.rest_divisor
}

/// Sheet l.125: an instant-kill roll: killed when it exceeds endurance.
pub fn kill_roll(dice: &mut Dice, count: u8, endurance: u8) -> Roll {
    Roll::d6(dice, count, 0, i32::from(endurance))
}

/// Sheet l.129: an amputation roll: severed when it exceeds a tenth of the
/// weight.
pub fn amputation_roll(sheet: &Sheet, dice: &mut Dice, count: u8, weight: u32) -> Roll {
    Roll::d6(
        dice,
        count,
        0,
        (weight / sheet.amputation_weight_divisor) as i32,
    )
}

/// Sheet l.143: a shock roll: unconscious when dice + EI exceed endurance.
pub fn shock_roll(dice: &mut Dice, count: u8, ei: u32, endurance: u8) -> Roll {
    Roll::d6(dice, count, ei as i32, i32::from(endurance))
}

/// Sheet l.149: the roll for shock: in shock when 3d6 + EI exceed endurance.
pub fn in_shock_roll(sheet: &Sheet, dice: &mut Dice, ei: u32, endurance: u8) -> Roll {
    Roll::d6(dice, sheet.shock_dice, ei as i32, i32::from(endurance))
}

/// Sheet l.145: regaining consciousness: 3d6 + EI − earlier attempts under
/// endurance.
pub fn revival_roll(sheet: &Sheet, dice: &mut Dice, ei: u32, attempts: u32, endurance: u8) -> Roll {
    let plus = ei as i32 - (attempts * sheet.revival_attempt) as i32;
    Roll::d6(dice, sheet.revival_dice, plus, i32::from(endurance))
}

/// How an object is held, for a fumble roll (l.153).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grip {
    OneHand,
    BothHands,
    Tied,
}

/// Sheet l.153: a fumble roll: dropped when dice + EI (less 2 held in both
/// hands, 5 tied to the body) exceed dexterity. The referee's discretion over
/// the EI is ruled: always added (docs/RULINGS.md, "Fumble").
pub fn fumble_roll(dice: &mut Dice, count: u8, ei: u32, grip: Grip, dexterity: u8) -> Roll {
    let grip = match grip {
        Grip::OneHand => 0,
        Grip::BothHands => -2,
        Grip::Tied => -5,
    };
    Roll::d6(dice, count, ei as i32 + grip, i32::from(dexterity))
}

/// Sheet l.157: a stumble roll: prone when dice + EI + obstructions exceed agility.
pub fn stumble_roll(dice: &mut Dice, count: u8, ei: u32, obstructions: u32, agility: u8) -> Roll {
    Roll::d6(dice, count, (ei + obstructions) as i32, i32::from(agility))
}

/// Sheet l.161: a weapon damage check: destroyed when 3d6 (4d6 against an
/// enchanted weapon) exceed the weapon's quality.
pub fn weapon_damage_roll(sheet: &Sheet, dice: &mut Dice, quality: u8, enchanted: bool) -> Roll {
    let count = if enchanted {
        sheet.weapon_damage_dice_enchanted
    } else {
        sheet.weapon_damage_dice
    };
    Roll::d6(dice, count, 0, i32::from(quality))
}

/// Sheet l.135: a single injury of more than 15 IP to a limb makes it unusable.
pub fn limb_unusable(sheet: &Sheet, part: Part, injury: InjuryPoints) -> bool {
    part.is_limb() && injury.0 > sheet.limb_unusable_over
}

/// Sheet l.137: a blunt strike to body, head or neck of more IP than the
/// target's strength knocks it back one hex.
pub fn knocked_back(part: Part, aspect: Aspect, injury: InjuryPoints, strength: u8) -> bool {
    aspect == Aspect::Blunt && part.knocks_back() && injury.0 > u32::from(strength)
}

/// How blood loss leaves a figure (l.133).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BloodLoss {
    Conscious,
    Unconscious,
    Dead,
}

/// Sheet l.133: past endurance unconscious; more than twice endurance dead.
pub fn blood_loss(sheet: &Sheet, points: u32, endurance: u8) -> BloodLoss {
    let e = u32::from(endurance);
    if points > e * sheet.blood_loss_death_multiple {
        BloodLoss::Dead
    } else if points > e {
        BloodLoss::Unconscious
    } else {
        BloodLoss::Conscious
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::harnmaster::rules::tables::sheet;

    #[test]
    fn l165_fatigue_rate_is_load_over_endurance_at_least_one() {
        let s = sheet();
        assert_eq!(fatigue_rate(s, 45, 12), 3);
        assert_eq!(fatigue_rate(s, 47, 12), 3, "rounded down");
        assert_eq!(fatigue_rate(s, 0, 12), 1, "at least 1");
        assert_eq!(fatigue_rate(s, 10, 0), 10, "no endurance divides by 1");
    }

    #[test]
    fn l175_rest_recovers_endurance_over_six_a_minute() {
        let s = sheet();
        assert_eq!(rest_recovery(s, 12), 2);
        assert_eq!(rest_recovery(s, 17), 2, "rounded down");
        assert_eq!(rest_recovery(s, 5), 0);
    }

    #[test]
    fn l139_endurance_index_is_injury_and_fatigue_over_ten() {
        // (IP + FP) / 10, not IP + FP / 10.
        assert_eq!(endurance_index(sheet(), InjuryPoints(14), 7), 2);
        assert_eq!(endurance_index(sheet(), InjuryPoints(9), 0), 0);
    }

    #[test]
    fn l125_kill_roll_kills_when_it_exceeds_endurance() {
        let r = kill_roll(&mut Dice::scripted([6, 6, 1]), 3, 13);
        assert_eq!(r.total(), 13);
        assert!(!r.over(), "13 does not exceed 13");
        assert!(kill_roll(&mut Dice::scripted([6, 6, 2]), 3, 13).over());
    }

    #[test]
    fn l129_amputation_reads_a_tenth_of_the_weight() {
        let r = amputation_roll(sheet(), &mut Dice::scripted([5, 6, 5]), 3, 155);
        assert_eq!(r.against, 15);
        assert!(r.over());
    }

    #[test]
    fn l143_shock_roll_adds_the_endurance_index() {
        let r = shock_roll(&mut Dice::scripted([4, 4]), 2, 3, 10);
        assert_eq!(r.words(), "2d6 (4+4) + 3 = 11 against 10");
        assert!(r.over());
    }

    #[test]
    fn l145_revival_is_under_endurance_and_each_attempt_helps() {
        let first = revival_roll(sheet(), &mut Dice::scripted([4, 4, 4]), 0, 0, 12);
        assert!(!first.under(), "12 is not under 12");
        let third = revival_roll(sheet(), &mut Dice::scripted([4, 4, 4]), 0, 2, 12);
        assert!(third.under());
    }

    #[test]
    fn l149_shock_is_three_d6_and_the_index() {
        let r = in_shock_roll(sheet(), &mut Dice::scripted([3, 3, 3]), 4, 12);
        assert_eq!(r.total(), 13);
        assert!(r.over());
    }

    #[test]
    fn l153_fumble_grip_lowers_the_roll() {
        let one = fumble_roll(&mut Dice::scripted([6, 6]), 2, 1, Grip::OneHand, 12);
        assert!(one.over());
        let both = fumble_roll(&mut Dice::scripted([6, 6]), 2, 1, Grip::BothHands, 12);
        assert_eq!(both.total(), 11);
        let tied = fumble_roll(&mut Dice::scripted([6, 6]), 2, 1, Grip::Tied, 12);
        assert_eq!(tied.total(), 8);
    }

    #[test]
    fn l157_stumble_adds_obstructions() {
        let r = stumble_roll(&mut Dice::scripted([5, 5]), 2, 1, 2, 12);
        assert_eq!(r.total(), 13);
        assert!(r.over());
    }

    #[test]
    fn l161_weapon_damage_rolls_four_d6_against_enchantment() {
        let plain = weapon_damage_roll(sheet(), &mut Dice::scripted([4, 4, 4]), 12, false);
        assert_eq!((plain.faces.len(), plain.over()), (3, false));
        let magic = weapon_damage_roll(sheet(), &mut Dice::scripted([4, 4, 4, 1]), 12, true);
        assert_eq!((magic.faces.len(), magic.over()), (4, true));
    }

    #[test]
    fn l135_only_more_than_fifteen_ip_on_a_limb_disables_it() {
        assert!(!limb_unusable(sheet(), Part::Arm, InjuryPoints(15)));
        assert!(limb_unusable(sheet(), Part::Leg, InjuryPoints(16)));
        assert!(!limb_unusable(sheet(), Part::Body, InjuryPoints(30)));
    }

    #[test]
    fn l137_knockback_is_blunt_to_body_head_neck_over_strength() {
        assert!(knocked_back(
            Part::Body,
            Aspect::Blunt,
            InjuryPoints(13),
            12
        ));
        assert!(!knocked_back(
            Part::Body,
            Aspect::Blunt,
            InjuryPoints(12),
            12
        ));
        assert!(!knocked_back(
            Part::Body,
            Aspect::Edge,
            InjuryPoints(20),
            12
        ));
        assert!(!knocked_back(
            Part::Leg,
            Aspect::Blunt,
            InjuryPoints(20),
            12
        ));
    }

    #[test]
    fn l133_blood_loss_past_endurance_and_twice_endurance() {
        assert_eq!(blood_loss(sheet(), 12, 12), BloodLoss::Conscious);
        assert_eq!(blood_loss(sheet(), 13, 12), BloodLoss::Unconscious);
        assert_eq!(blood_loss(sheet(), 24, 12), BloodLoss::Unconscious);
        assert_eq!(blood_loss(sheet(), 25, 12), BloodLoss::Dead);
    }
}
