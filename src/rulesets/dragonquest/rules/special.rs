//! DragonQuest 20.6–20.7, 22.5, 23.4–23.5, 27.2 notes A and H, 29: closing,
//! breaking contact, obscured targets, multiple strikes and the special attacks.

use super::tables::armour::Shield;
use super::tables::special_damage::SpecialDamageTable;
use super::tables::weapons::{Class, Group, Weapon};
use super::terms::{Rank, StrikeChance};

/// DragonQuest 20.6: the defender Repulses a Close attempt when his D10 is at
/// or under his Rank with a prepared weapon (unranked, he cannot).
pub fn repulses(d10: u8, defender_rank: Option<Rank>) -> bool {
    defender_rank.is_some_and(|Rank(r)| d10 <= r)
}

/// DragonQuest 20.7: a figure breaks Close Combat contact on D10 + the PS of
/// himself and his friends in the hex − the hostile figures' PS at 10 or
/// more, or on a natural 10.
pub fn breaks_contact(d10: u8, friendly_ps: u32, hostile_ps: u32) -> bool {
    d10 == 10 || i64::from(d10) + i64::from(friendly_ps) - i64::from(hostile_ps) >= 10
}

/// DragonQuest 22.5: a Melee attack into an obscured hex needs D100 at or
/// under Perception × 4 first.
pub fn strikes_into_obscured_hex(pc: u8, d100: u8) -> bool {
    u32::from(d100) <= 4 * u32::from(pc)
}

/// DragonQuest 23.4: a class B weapon at Rank 4 or more may strike up to
/// three adjacent targets in the Melee Zone once each.
pub fn may_sweep(weapon: &Weapon, rank: Option<Rank>) -> bool {
    weapon.class == Some(Class::B) && rank.is_some_and(|Rank(r)| r >= SWEEP_RANK)
}

const SWEEP_RANK: u8 = 4;

/// DragonQuest 27.2 note A: a dagger's strikes a Pulse against one foe, by
/// his modified Agility: 3 against 8 or less, 2 against 9–12, else 1.
pub fn dagger_strikes(target_modified_ag: u8) -> u8 {
    match target_modified_ag {
        ..=8 => 3,
        9..=12 => 2,
        _ => 1,
    }
}

/// DragonQuest 23.5 (and 29): the special attacks with numbers of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Special {
    /// Quarterstaff, spear, halberd, poleaxe or glaive; human-size or smaller.
    Trip,
    /// Net, whip or bola, at the weapon's Base Chance.
    Entangle,
    /// Any shield but the Main-Gauche or Tower.
    ShieldRush,
    /// Any Melee or Close weapon: the target drops an item and loses 1 Endurance point.
    Disarm,
    /// 29: a multi-hex monster over a 1-hex figure it knocked prone.
    Trample,
}

impl Special {
    /// Base Chance, per cent, where the attack has its own (23.5, 29); else the
    /// weapon's. A Shield Rush at the end of a Charge gains 20 through 24.8's
    /// charge modifier, counted once (ruling).
    pub fn base_chance(self) -> Option<i32> {
        match self {
            Special::Trip | Special::ShieldRush | Special::Trample => Some(40),
            Special::Entangle | Special::Disarm => None,
        }
    }

    /// Added to the Modified Strike Chance: Disarm −20.
    pub fn strike_chance_modifier(self) -> i32 {
        match self {
            Special::Disarm => -20,
            _ => 0,
        }
    }

    /// The modifier on the D10 of its Damage Check: Trip D10, Entangle D10 − 4,
    /// Shield Rush D10 − 2, Trample D10 + the monster's size in hexes (class C,
    /// 29). `None` for Disarm, which takes 1 Endurance point and rolls nothing.
    pub fn damage_modifier(self, monster_hexes: u8) -> Option<i32> {
        match self {
            Special::Trip => Some(0),
            Special::Entangle => Some(-4),
            Special::ShieldRush => Some(-2),
            Special::Trample => Some(i32::from(monster_hexes)),
            Special::Disarm => None,
        }
    }
}

/// DragonQuest 23.5 Trip: the weapons that may trip.
pub fn may_trip(weapon: &Weapon) -> bool {
    TRIPPING.contains(&weapon.name.as_str())
}

const TRIPPING: [&str; 5] = ["Quarterstaff", "Spear", "Halberd", "Poleaxe", "Glaive"];

/// DragonQuest 23.5 Entangle, 27.2 notes L–N: a net or whip entangles in
/// Melee Combat (the bola only when thrown, 27.2 note M).
pub fn may_entangle_in_melee(weapon: &Weapon) -> bool {
    weapon.group == Group::Entangling && weapon.uses.melee
}

/// DragonQuest 23.5 Shield Rush: any shield but the Main-Gauche or Tower.
pub fn may_shield_rush(shield: &Shield) -> bool {
    !["Main-Gauche", "Tower"].contains(&shield.name.as_str())
}

/// DragonQuest 23.5 Knockout: any weapon but Missile Weapons, Entangling
/// weapons, darts, grenades, lances or pikes (bare hands may: 28's
/// Unarmed Combat is a weapon form, docs/RULINGS.md).
pub fn may_knock_out(weapon: Option<&Weapon>) -> bool {
    weapon.is_none_or(|w| {
        !matches!(w.group, Group::Missile | Group::Entangling)
            && !["Throwing Dart", "Grenado", "Lance", "Pike"].contains(&w.name.as_str())
    })
}

/// DragonQuest 23.5 Knockout: unconscious for D10 + 5 minutes.
pub fn knockout_minutes(d10: u8) -> u8 {
    d10 + 5
}

/// DragonQuest 23.5 Entangle: consecutive Pass actions to get free.
pub const DISENTANGLE_PASSES: u8 = 2;

/// DragonQuest 23.5 Trip, Entangle, Shield Rush: the target keeps his footing
/// on D100 at or under modified AG × 3.
pub fn keeps_footing(modified_ag: u8, d100: u8) -> bool {
    u32::from(d100) <= 3 * u32::from(modified_ag)
}

/// DragonQuest 23.5 Restrain: Base Chance ((attackers' PS + modified AG) −
/// (target's PS + modified AG)) × 3; several attackers add theirs together.
pub fn restrain_base_chance(attackers_ps_ag: u32, target_ps: u8, target_ag: u8) -> i32 {
    (attackers_ps_ag as i32 - i32::from(target_ps) - i32::from(target_ag)) * 3
}

/// DragonQuest 23.5 Knockout: succeeds on a Strike Check at or under 15 % of
/// the Modified Strike Chance, read from 25.6's Endurance column as 25.2's
/// 15 % is (ruling).
pub fn knocks_out(table: &SpecialDamageTable, msc: StrikeChance, roll: u8) -> bool {
    i32::from(roll) <= msc.0 && roll <= table.row(msc.0).endurance
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::dragonquest::rules::tables::tables;

    #[test]
    fn repulse_20_6_d10_at_or_under_rank() {
        assert!(repulses(4, Some(Rank(4))));
        assert!(!repulses(5, Some(Rank(4))));
        assert!(!repulses(1, None));
        assert!(!repulses(1, Some(Rank(0))));
    }

    #[test]
    fn break_contact_20_7_ten_or_more_or_a_natural_10() {
        assert!(breaks_contact(5, 15, 10));
        assert!(!breaks_contact(4, 15, 10));
        assert!(breaks_contact(10, 10, 40));
        assert!(!breaks_contact(9, 10, 40));
    }

    #[test]
    fn obscured_hex_22_5_perception_times_4() {
        assert!(strikes_into_obscured_hex(12, 48));
        assert!(!strikes_into_obscured_hex(12, 49));
    }

    #[test]
    fn sweep_23_4_class_b_at_rank_4() {
        let w = |n| tables().weapons.named(n).unwrap();
        assert!(may_sweep(w("Broadsword"), Some(Rank(4))));
        assert!(!may_sweep(w("Broadsword"), Some(Rank(3))));
        assert!(!may_sweep(w("Rapier"), Some(Rank(9))));
    }

    #[test]
    fn dagger_27_2_note_a_strikes_by_target_agility() {
        assert_eq!(dagger_strikes(8), 3);
        assert_eq!(dagger_strikes(9), 2);
        assert_eq!(dagger_strikes(12), 2);
        assert_eq!(dagger_strikes(13), 1);
    }

    #[test]
    fn special_attacks_23_5_and_trample_29() {
        assert_eq!(Special::Trip.base_chance(), Some(40));
        assert_eq!(Special::ShieldRush.base_chance(), Some(40));
        assert_eq!(Special::Entangle.base_chance(), None);
        assert_eq!(Special::Disarm.strike_chance_modifier(), -20);
        assert_eq!(Special::Trip.strike_chance_modifier(), 0);
        assert_eq!(Special::ShieldRush.damage_modifier(0), Some(-2));
        assert_eq!(Special::Entangle.damage_modifier(0), Some(-4));
        assert_eq!(Special::Trample.damage_modifier(4), Some(4));
        assert_eq!(Special::Disarm.damage_modifier(0), None);
        assert!(keeps_footing(12, 36));
        assert!(!keeps_footing(12, 37));
    }

    #[test]
    fn weapons_23_5_who_may_try_which_special_attack() {
        let w = |n| tables().weapons.named(n).unwrap();
        assert!(may_trip(w("Quarterstaff")) && may_trip(w("Glaive")));
        assert!(!may_trip(w("Broadsword")) && !may_trip(w("Pike")));
        assert!(may_entangle_in_melee(w("Net")) && may_entangle_in_melee(w("Whip")));
        assert!(!may_entangle_in_melee(w("Bola")));
        let shield = |n: &str| {
            tables()
                .armour
                .shields
                .iter()
                .find(|s| s.name == n)
                .unwrap()
        };
        assert!(may_shield_rush(shield("Kite")) && may_shield_rush(shield("Buckler")));
        assert!(!may_shield_rush(shield("Tower")) && !may_shield_rush(shield("Main-Gauche")));
        assert!(may_knock_out(None) && may_knock_out(Some(w("Sap"))));
        for n in [
            "Long Bow",
            "Net",
            "Throwing Dart",
            "Grenado",
            "Lance",
            "Pike",
        ] {
            assert!(!may_knock_out(Some(w(n))), "{n}");
        }
        assert_eq!(knockout_minutes(1), 6);
        assert_eq!(knockout_minutes(10), 15);
    }

    /// 23.5: (PS 16 + AG 14) − (PS 12 + AG 12) = 6, × 3 = 18.
    #[test]
    fn restrain_23_5_base_chance() {
        assert_eq!(restrain_base_chance(30, 12, 12), 18);
        assert_eq!(restrain_base_chance(20, 12, 12), -12);
    }

    /// 23.5: at MSC 60, 15 % is 9: 09 knocks out, 10 does not.
    #[test]
    fn knockout_23_5_at_or_under_15_per_cent() {
        let t = &tables().special_damage;
        assert!(knocks_out(t, StrikeChance(60), 9));
        assert!(!knocks_out(t, StrikeChance(60), 10));
        assert!(!knocks_out(t, StrikeChance(0), 1));
    }
}
