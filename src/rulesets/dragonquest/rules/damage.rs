//! DragonQuest 25–28, 31: Damage Checks, armour, Fatigue and Endurance,
//! stun, unconsciousness and death, weapon strength, unarmed combat, infection.

use super::strike::{AttackType, Hit};
use super::tables::weapons::{Hands, Weapon};
use super::terms::{DamagePoints, Rank};

/// DragonQuest 25, 27.2: what a wielder adds to a weapon's Damage Modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wielding {
    pub ps: u8,
    /// A (1–2) weapon held in both hands: +1 (27.2).
    pub two_handed: bool,
    /// 25.5 (optional): +1 a full 5 PS over the weapon's minimum (not for
    /// Thrown or Missile Weapons).
    pub strength_bonus: bool,
    /// 25.5 (optional): +1 a full 4 Ranks.
    pub rank_bonus: Option<Rank>,
}

/// DragonQuest 25.5 (optional): whether the strength bonus counts for an
/// attack of this type when the scenario uses it: never for a weapon thrown
/// or fired (a dagger thrown is a Thrown Weapon then, 27.2), whatever else
/// the weapon can do.
pub fn strength_counts(in_use: bool, attack: AttackType) -> bool {
    in_use && attack != AttackType::Ranged
}

/// DragonQuest 25.5 (optional): +1 damage for every full 5 points of PS above
/// the weapon's minimum; none for a weapon that only strikes at range (and
/// none for any weapon thrown: [`strength_counts`]).
pub fn strength_bonus(weapon: &Weapon, ps: u8) -> u8 {
    if weapon.uses.ranged && !weapon.uses.melee && !weapon.uses.close {
        return 0;
    }
    ps.saturating_sub(weapon.ps) / 5
}

/// DragonQuest 27.2 DM and PS, 25.5: the damage added to the D10 — the
/// weapon's Damage Modifier, +1 two-handed for a (1–2) weapon, −1 a point of
/// PS short of the minimum, and 25.5's optional bonuses. `None` where the
/// table gives no number (the grenado's contents, a blowgun dart's coating).
pub fn damage_modifier(weapon: &Weapon, w: &Wielding) -> Option<i32> {
    let dm = i32::from(weapon.dm.value()?);
    let two = i32::from(w.two_handed && weapon.hands == Hands::Either);
    let short = i32::from(weapon.ps.saturating_sub(w.ps));
    let strength = if w.strength_bonus {
        i32::from(strength_bonus(weapon, w.ps))
    } else {
        0
    };
    let rank = w.rank_bonus.map_or(0, |Rank(r)| i32::from(r / 4));
    Some(dm + two - short + strength + rank)
}

/// DragonQuest 25 (and 2.7): D10 plus modifiers; below 1 counts as 1.
pub fn damage_check(d10: u8, modifier: i32) -> DamagePoints {
    DamagePoints((i32::from(d10) + modifier).max(1) as u32)
}

/// Where one strike's damage went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Inflicted {
    pub absorbed: DamagePoints,
    pub fatigue: DamagePoints,
    pub endurance: DamagePoints,
}

impl Inflicted {
    /// Effective Damage (16): everything not absorbed (what may stun, 26).
    pub fn effective(&self) -> DamagePoints {
        DamagePoints(self.fatigue.0 + self.endurance.0)
    }
}

/// DragonQuest 25.1–25.2: a hit's damage against armour and the target's
/// Fatigue. Damage to Fatigue is absorbed by armour up to its Protection; once
/// Fatigue is 0 it falls on Endurance (still absorbed, ruling); one Strike
/// Check never takes both, so what is beyond the Fatigue left is lost (ruling).
/// Endurance and Grievous hits take the full amount from Endurance.
pub fn inflict(hit: Hit, damage: DamagePoints, protection: u8, fatigue_left: u32) -> Inflicted {
    match hit {
        Hit::Endurance | Hit::Grievous => Inflicted {
            endurance: damage,
            ..Inflicted::default()
        },
        Hit::Fatigue => {
            let absorbed = damage.0.min(u32::from(protection));
            let through = damage.0 - absorbed;
            if fatigue_left == 0 {
                Inflicted {
                    absorbed: DamagePoints(absorbed),
                    endurance: DamagePoints(through),
                    ..Inflicted::default()
                }
            } else {
                Inflicted {
                    absorbed: DamagePoints(absorbed),
                    fatigue: DamagePoints(through.min(fatigue_left)),
                    ..Inflicted::default()
                }
            }
        }
    }
}

/// DragonQuest 26: a single strike's Effective Damage greater than a third of
/// the Endurance (rounded up) stuns. `endurance` is the figure's Endurance
/// characteristic, not what is left of it (ruling).
pub fn stuns(effective: DamagePoints, endurance: u8) -> bool {
    effective.0 > u32::from(endurance).div_ceil(3)
}

/// DragonQuest 26: a Stunned figure recovers on D100 at or under
/// Willpower × 2 + the Fatigue it has at the moment of the roll.
pub fn recovers_from_stun(wp: u8, fatigue_now: u32, d100: u8) -> bool {
    u32::from(d100) <= 2 * u32::from(wp) + fatigue_now
}

/// DragonQuest 26: how a figure stands by its Endurance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Standing {
    Conscious,
    Unconscious,
    Dead,
}

/// DragonQuest 26: dead at Endurance 0, unconscious at 3 or less, except
/// that a monster that began with Endurance 5 or less is never unconscious
/// (the note's "certain monsters": a figure the scenario marks a monster).
pub fn standing(endurance_now: u32, endurance: u8, monster: bool) -> Standing {
    match endurance_now {
        0 => Standing::Dead,
        1..=3 if endurance > 5 || !monster => Standing::Unconscious,
        _ => Standing::Conscious,
    }
}

/// DragonQuest 25.4: a breath weapon's damage, halved (rounded down) if the
/// target passively resists.
pub fn breath_damage(damage: DamagePoints, resisted: bool) -> DamagePoints {
    if resisted {
        DamagePoints(damage.0 / 2)
    } else {
        damage
    }
}

/// DragonQuest 28: a humanoid's Unarmed Combat Base Chance: modified AG × 2,
/// +1 a point of PS above 15.
pub fn unarmed_base_chance(modified_ag: u8, ps: u8) -> i32 {
    2 * i32::from(modified_ag) + i32::from(ps.saturating_sub(15))
}

/// DragonQuest 28: Unarmed Combat damage is D10 − 4, +1 a full 3 points of PS above 15.
pub fn unarmed_damage_modifier(ps: u8) -> i32 {
    -4 + i32::from(ps.saturating_sub(15) / 3)
}

/// DragonQuest 27.4: a lodged Class A Missile or Thrown Weapon: the Agility lost
/// while it stays (3, or 5 for a Pole weapon) and the damage modifier on D10
/// to Fatigue when it is drawn out (−4, or −2 for a Pole weapon).
pub fn lodged(weapon: &Weapon) -> (u8, i32) {
    if weapon.is_pole() { (5, -2) } else { (3, -4) }
}

/// DragonQuest 31: the chance of infection after a fight: 10 %, + 20 and
/// the Endurance lost if any, + 20 for bites, claws or talons, + each
/// Grievous Injury's increase.
pub fn infection_chance(endurance_lost: u32, natural_weapon: bool, grievous: &[u8]) -> u32 {
    let endurance = if endurance_lost > 0 {
        20 + endurance_lost
    } else {
        0
    };
    let natural = if natural_weapon { 20 } else { 0 };
    10 + endurance + natural + grievous.iter().map(|g| u32::from(*g)).sum::<u32>()
}

/// DragonQuest 31: an infected figure is cured on a morning's D100 at or under
/// its original, unmodified Endurance.
pub fn infection_cured(endurance: u8, d100: u8) -> bool {
    d100 <= endurance
}

/// DragonQuest 31: a day's Endurance lost to an uncured infection, D10 − 5;
/// a result below 0 is 0 (ruling: 2.7's floor of 1 is for a strike's Damage Check).
pub fn infection_damage(d10: u8) -> DamagePoints {
    DamagePoints(u32::from(d10.saturating_sub(5)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::dragonquest::rules::tables::tables;

    fn weapon(name: &str) -> &'static Weapon {
        tables().weapons.named(name).unwrap()
    }

    fn plain(ps: u8) -> Wielding {
        Wielding {
            ps,
            two_handed: false,
            strength_bonus: false,
            rank_bonus: None,
        }
    }

    /// 25.5's example: PS 20 through 24 with a broadsword does D10 + 5; 25 adds another.
    #[test]
    fn strength_bonus_25_5_example_broadsword() {
        let b = weapon("Broadsword");
        for ps in 20..=24 {
            let w = Wielding {
                strength_bonus: true,
                ..plain(ps)
            };
            assert_eq!(damage_modifier(b, &w), Some(5), "PS {ps}");
        }
        let w = Wielding {
            strength_bonus: true,
            ..plain(19)
        };
        assert_eq!(damage_modifier(b, &w), Some(4));
        let w = Wielding {
            strength_bonus: true,
            ..plain(25)
        };
        assert_eq!(damage_modifier(b, &w), Some(6));
        // Not for Thrown or Missile Weapons.
        assert_eq!(strength_bonus(weapon("Long Bow"), 30), 0);
    }

    /// 25.5: a dagger thrown is a Thrown Weapon and gets no strength bonus;
    /// the same dagger in melee or close combat does.
    #[test]
    fn strength_bonus_25_5_never_for_a_weapon_thrown() {
        assert!(!strength_counts(true, AttackType::Ranged));
        assert!(strength_counts(true, AttackType::Melee));
        assert!(strength_counts(true, AttackType::Close));
        assert!(!strength_counts(false, AttackType::Melee));
    }

    #[test]
    fn damage_modifier_27_2_two_hands_and_strength_short() {
        let claymore = weapon("Claymore"); // (1–2), PS 16, +4
        assert_eq!(damage_modifier(claymore, &plain(16)), Some(4));
        let two = Wielding {
            two_handed: true,
            ..plain(16)
        };
        assert_eq!(damage_modifier(claymore, &two), Some(5));
        // Only a (1–2) weapon gains for two hands.
        let gs = Wielding {
            two_handed: true,
            ..plain(22)
        };
        assert_eq!(damage_modifier(weapon("Two-Handed Sword"), &gs), Some(7));
        assert_eq!(damage_modifier(claymore, &plain(13)), Some(1));
        // 25.5: +1 a full 4 Ranks.
        let ranked = Wielding {
            rank_bonus: Some(Rank(8)),
            ..plain(16)
        };
        assert_eq!(damage_modifier(claymore, &ranked), Some(6));
        assert_eq!(damage_modifier(weapon("Blowgun"), &plain(10)), None);
    }

    #[test]
    fn damage_check_25_never_below_1() {
        assert_eq!(damage_check(1, -5), DamagePoints(1));
        assert_eq!(damage_check(10, 4), DamagePoints(14));
    }

    /// 32, first Pulse: Delion takes 9 points of Fatigue damage, 4 absorbed by
    /// his leather armour.
    #[test]
    fn example_32_leather_absorbs_4_of_9_25_1() {
        let leather = tables().armour.armour("Leather").unwrap();
        let got = inflict(Hit::Fatigue, DamagePoints(9), leather.protection, 20);
        assert_eq!(got.absorbed, DamagePoints(4));
        assert_eq!(got.fatigue, DamagePoints(5));
        assert_eq!(got.effective(), DamagePoints(5));
    }

    #[test]
    fn inflict_25_1_25_2_fatigue_then_endurance_never_both() {
        // Fatigue 3 left, 8 through: Fatigue to 0, nothing to Endurance.
        let got = inflict(Hit::Fatigue, DamagePoints(12), 4, 3);
        assert_eq!(
            (got.fatigue, got.endurance),
            (DamagePoints(3), DamagePoints(0))
        );
        // Out of Fatigue: Endurance, still absorbed.
        let got = inflict(Hit::Fatigue, DamagePoints(12), 4, 0);
        assert_eq!(
            (got.absorbed, got.endurance),
            (DamagePoints(4), DamagePoints(8))
        );
        // 25.2: Endurance hits ignore armour.
        let got = inflict(Hit::Endurance, DamagePoints(12), 8, 20);
        assert_eq!(
            (got.absorbed, got.endurance),
            (DamagePoints(0), DamagePoints(12))
        );
        let got = inflict(Hit::Fatigue, DamagePoints(3), 4, 20);
        assert_eq!(got.effective(), DamagePoints(0));
    }

    /// 26: more than EN ÷ 3, rounded up: at Endurance 16 (a third is 6 rounded up)
    /// 7 stuns and 6 does not.
    #[test]
    fn stun_26_over_a_third_of_endurance_rounded_up() {
        assert!(!stuns(DamagePoints(6), 18));
        assert!(stuns(DamagePoints(7), 18));
        assert!(!stuns(DamagePoints(6), 16));
        assert!(stuns(DamagePoints(7), 16));
        assert!(!stuns(DamagePoints(5), 15));
        assert!(stuns(DamagePoints(6), 15));
    }

    #[test]
    fn stun_recovery_26_willpower_twice_plus_fatigue() {
        assert!(recovers_from_stun(12, 6, 30));
        assert!(!recovers_from_stun(12, 6, 31));
        assert!(recovers_from_stun(12, 0, 24));
    }

    #[test]
    fn standing_26_unconscious_at_3_dead_at_0() {
        assert_eq!(standing(4, 16, false), Standing::Conscious);
        assert_eq!(standing(3, 16, false), Standing::Unconscious);
        assert_eq!(standing(1, 16, true), Standing::Unconscious);
        assert_eq!(standing(0, 16, false), Standing::Dead);
        // A monster that began with Endurance 5 is never unconscious.
        assert_eq!(standing(2, 5, true), Standing::Conscious);
        assert_eq!(standing(0, 5, true), Standing::Dead);
        // A person who began with 5 falls at 3 like anyone (26's note is
        // for certain monsters only).
        assert_eq!(standing(2, 5, false), Standing::Unconscious);
    }

    #[test]
    fn breath_25_4_halved_round_down() {
        assert_eq!(breath_damage(DamagePoints(9), true), DamagePoints(4));
        assert_eq!(breath_damage(DamagePoints(9), false), DamagePoints(9));
    }

    #[test]
    fn unarmed_28_base_chance_and_damage() {
        assert_eq!(unarmed_base_chance(14, 15), 28);
        assert_eq!(unarmed_base_chance(14, 19), 32);
        assert_eq!(unarmed_damage_modifier(15), -4);
        assert_eq!(unarmed_damage_modifier(17), -4);
        assert_eq!(unarmed_damage_modifier(18), -3);
        assert_eq!(unarmed_damage_modifier(21), -2);
    }

    #[test]
    fn lodged_27_4_pole_weapons_worse() {
        assert_eq!(lodged(weapon("Long Bow")), (3, -4));
        assert_eq!(lodged(weapon("Javelin")), (5, -2));
    }

    #[test]
    fn infection_31_cure_and_daily_damage() {
        assert!(infection_cured(14, 14));
        assert!(!infection_cured(14, 15));
        assert_eq!(infection_damage(5), DamagePoints(0));
        assert_eq!(infection_damage(3), DamagePoints(0));
        assert_eq!(infection_damage(10), DamagePoints(5));
    }

    #[test]
    fn infection_31_base_endurance_bites_and_injuries() {
        assert_eq!(infection_chance(0, false, &[]), 10);
        assert_eq!(infection_chance(7, false, &[]), 37);
        assert_eq!(infection_chance(7, true, &[30]), 87);
    }
}
