//! DragonQuest 24: Strike Chance, Defense, Modified Strike Chance and the
//! Strike Check, with parries (24.4) and dropped or broken weapons (24.3).

use super::tables::armour::Shield;
use super::tables::modifiers::{Close, Lighting, Melee, Misc, ModifierTables, Ranged};
use super::tables::special_damage::SpecialDamageTable;
use super::tables::weapons::Weapon;
use super::terms::{Defense, Rank, StrikeChance};
use crate::dice::Percentile;
use serde::{Deserialize, Serialize};

/// DragonQuest 27.2 MD: the Base Chance after the shortfall of a wielder's
/// modified Manual Dexterity below the weapon's minimum, 5 per cent a point.
pub fn base_chance(weapon: &Weapon, modified_md: u8) -> i32 {
    let short = i32::from(weapon.md.saturating_sub(modified_md));
    i32::from(weapon.bc) - 5 * short
}

/// DragonQuest 24.1: with a Ranked weapon (or a monster's natural weapon, Rank
/// 0 if none), Base Chance + modified MD + 4 × Rank; unranked, the Base Chance.
pub fn strike_chance(base_chance: i32, ranked: Option<(u8, Rank)>) -> StrikeChance {
    StrikeChance(match ranked {
        Some((modified_md, Rank(rank))) => {
            base_chance + i32::from(modified_md) + 4 * i32::from(rank)
        }
        None => base_chance,
    })
}

/// DragonQuest 24.5, 24.8: which of the target's hexes an attack comes through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Through {
    Front,
    Flank,
    Rear,
}

/// DragonQuest 23: the three attack types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackType {
    Ranged,
    Melee,
    Close,
}

/// What decides a target's Defense.
#[derive(Debug, Clone, Copy)]
pub struct Defender<'a> {
    pub modified_ag: u8,
    /// A prepared shield and the target's Rank with it.
    pub shield: Option<(&'a Shield, Rank)>,
    /// Stunned or incapacitated: no Defense at all (24.5).
    pub helpless: bool,
    /// In the Defensive Withdrawal posture behind a prepared shield (20.3).
    pub defensive_withdrawal: bool,
}

/// DragonQuest 24.5 (and 20.3): modified Agility plus the shield's defense per
/// Rank. The shield counts for nothing through a rear hex, in Close Combat, or,
/// for the Main-Gauche, against Fire; a Defensive Withdrawal adds 20.
/// A stunned or incapacitated target has no Defense.
pub fn defense(d: &Defender, attack: AttackType, through: Through) -> Defense {
    if d.helpless {
        return Defense(0);
    }
    let shield = d.shield.map_or(0, |(s, Rank(rank))| {
        let counts = through != Through::Rear
            && attack != AttackType::Close
            && (attack != AttackType::Ranged || s.against_fire);
        if counts {
            i32::from(s.defense_per_rank) * i32::from(rank)
        } else {
            0
        }
    });
    let withdrawal = if d.defensive_withdrawal && d.shield.is_some() {
        DEFENSIVE_WITHDRAWAL
    } else {
        0
    };
    Defense(i32::from(d.modified_ag) + shield + withdrawal)
}

/// DragonQuest 20.3: Defense added by the Defensive Withdrawal posture.
const DEFENSIVE_WITHDRAWAL: i32 = 20;

/// A charge's weapon, for 24.8's Melee modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charge {
    /// 21.3 with a Pole weapon, or a Shield Rush at the end of a Charge (23.5).
    PoleOrShield,
    /// 21.2.
    NonPole,
}

/// How far a fired weapon flew, for 24.8's range penalties.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flight {
    Thrown { hexes: u16 },
    Missile { hexes: u16 },
}

/// DragonQuest 24.8: the situation of one attack, by attack type.
#[derive(Debug, Clone, Copy)]
pub enum Situation {
    Melee {
        through: Through,
        target_stunned: bool,
        target_out_of_fatigue: bool,
        target_down: bool,
        /// `Some(rank)` when the target is Evading: his Rank with his prepared weapon.
        target_evading: Option<Rank>,
        attacker_out_of_fatigue: bool,
        charge: Option<Charge>,
        /// An Offensive Withdrawal's strike (20.3).
        withdrawing: bool,
    },
    Ranged {
        through: Through,
        flight: Flight,
        target_stunned: bool,
        attacker_kneeling: bool,
        target_moving: bool,
        target_down: bool,
        target_evading: bool,
        target_sheltered: bool,
    },
    Close {
        attacker_ps: u8,
        target_ps: u8,
        target_out_of_fatigue: bool,
        target_stunned: bool,
        attacker_out_of_fatigue: bool,
    },
}

/// The two hands, and the multiple strikes of 23.4.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hand {
    Primary,
    Secondary,
    /// 23.4, one of two weapons, one in each hand.
    MultiplePrimary,
    MultipleSecondary,
    /// 23.4, each weapon of an ambidextrous figure.
    MultipleAmbidextrous,
    /// 23.4, one strike each at up to three targets with a two-handed class B weapon.
    MultipleClassB,
}

/// DragonQuest 24.8: every modifier that can apply, by its chart and row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Modifier {
    Close(Close),
    Melee(Melee),
    Ranged(Ranged),
    Lighting(Lighting),
    Misc(Misc),
    /// 23.5 Disarm: −20 (`special::Special::Disarm`).
    Disarm,
}

/// A Modified Strike Chance with its parts, for the explained log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Modified {
    pub strike_chance: StrikeChance,
    pub defense: Defense,
    /// Each modifier that applied and the per cent it added (counts multiplied in).
    pub applied: Vec<(Modifier, i32)>,
    pub value: StrikeChance,
}

/// DragonQuest 24.2, 24.6–24.8: Strike Chance minus Defense plus every
/// modifier that applies. Rulings (docs/RULINGS.md): Offensive Withdrawal's
/// −20 (20.3 and 24.8) and the Shield Rush charge's +20 (23.5 and 24.8) count
/// once; a Multiple Strike with the secondary hand takes −30, not also −20.
pub fn modified_strike_chance(
    t: &ModifierTables,
    strike_chance: StrikeChance,
    defense: Defense,
    situation: &Situation,
    lighting: Option<Lighting>,
    target_invisible: bool,
    hand: Hand,
) -> Modified {
    let mut applied = Vec::new();
    let mut melee = |k: Melee, on: bool, n: i32| {
        if on && n > 0 {
            applied.push((Modifier::Melee(k), n * i32::from(*t.melee.get(k))));
        }
    };
    match *situation {
        Situation::Melee {
            through,
            target_stunned,
            target_out_of_fatigue,
            target_down,
            target_evading,
            attacker_out_of_fatigue,
            charge,
            withdrawing,
        } => {
            melee(Melee::TargetOutOfFatigue, target_out_of_fatigue, 1);
            melee(Melee::ThroughFlankHex, through == Through::Flank, 1);
            melee(Melee::TargetStunned, target_stunned, 1);
            melee(Melee::TargetKneelingOrProne, target_down, 1);
            melee(
                Melee::ChargingWithPoleOrShield,
                charge == Some(Charge::PoleOrShield),
                1,
            );
            melee(Melee::ThroughRearHex, through == Through::Rear, 1);
            if let Some(Rank(rank)) = target_evading {
                melee(Melee::PerTargetRankWhileEvading, true, i32::from(rank));
                melee(Melee::TargetEvading, true, 1);
            }
            melee(Melee::AttackerOutOfFatigue, attacker_out_of_fatigue, 1);
            melee(
                Melee::ChargingWithNonPole,
                charge == Some(Charge::NonPole),
                1,
            );
            melee(Melee::AttackingWhileWithdrawing, withdrawing, 1);
        }
        Situation::Ranged {
            through,
            flight,
            target_stunned,
            attacker_kneeling,
            target_moving,
            target_down,
            target_evading,
            target_sheltered,
        } => {
            let (thrown_hexes, missile_fives) = match flight {
                Flight::Thrown { hexes } => (i32::from(hexes), 0),
                // Each five hexes, or part of five, beyond the first five.
                Flight::Missile { hexes } => (0, i32::from(hexes.saturating_sub(5).div_ceil(5))),
            };
            let rows = [
                (Ranged::ThroughFlankHex, through == Through::Flank, 1),
                (Ranged::TargetStunned, target_stunned, 1),
                (Ranged::AttackerKneeling, attacker_kneeling, 1),
                (Ranged::ThroughRearHex, through == Through::Rear, 1),
                (Ranged::PerHexThrown, true, thrown_hexes),
                (Ranged::PerFiveHexesMissileBeyondFive, true, missile_fives),
                (Ranged::TargetMoving, target_moving, 1),
                (Ranged::TargetKneelingOrProne, target_down, 1),
                (Ranged::TargetEvading, target_evading, 1),
                (Ranged::TargetSheltered, target_sheltered, 1),
            ];
            for (k, on, n) in rows {
                if on && n > 0 {
                    applied.push((Modifier::Ranged(k), n * i32::from(*t.ranged.get(k))));
                }
            }
        }
        Situation::Close {
            attacker_ps,
            target_ps,
            target_out_of_fatigue,
            target_stunned,
            attacker_out_of_fatigue,
        } => {
            let over = i32::from(attacker_ps) - i32::from(target_ps);
            let rows = [
                (Close::PerPointStrongerThanTarget, over.max(0)),
                (Close::TargetOutOfFatigue, i32::from(target_out_of_fatigue)),
                (Close::TargetStunned, i32::from(target_stunned)),
                (Close::PerPointTargetStronger, (-over).max(0)),
                (
                    Close::AttackerOutOfFatigue,
                    i32::from(attacker_out_of_fatigue),
                ),
            ];
            for (k, n) in rows {
                if n > 0 {
                    applied.push((Modifier::Close(k), n * i32::from(*t.close.get(k))));
                }
            }
        }
    }
    let light = match (target_invisible, lighting) {
        (true, _) => Some(Lighting::TargetInvisible),
        (false, l) => l.filter(|l| *l != Lighting::TargetInvisible),
    };
    if let Some(k) = light {
        applied.push((Modifier::Lighting(k), i32::from(*t.lighting.get(k))));
    }
    let misc = match hand {
        Hand::Primary => None,
        Hand::Secondary => Some(Misc::SecondaryHand),
        Hand::MultiplePrimary => Some(Misc::MultipleStrikePrimaryHand),
        Hand::MultipleSecondary => Some(Misc::MultipleStrikeSecondaryHand),
        Hand::MultipleAmbidextrous => Some(Misc::MultipleStrikeAmbidextrous),
        Hand::MultipleClassB => Some(Misc::MultipleStrikeClassBTwoHanded),
    };
    if let Some(k) = misc {
        applied.push((Modifier::Misc(k), i32::from(*t.misc.get(k))));
    }
    let value = strike_chance.0 - defense.0 + applied.iter().map(|(_, n)| n).sum::<i32>();
    Modified {
        strike_chance,
        defense,
        applied,
        value: StrikeChance(value),
    }
}

/// What befalls the weapon on a Strike Check of 99 or 100 (24.3), before the
/// D100 check against modified MD × 3 that may avert it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mishap {
    MayBreak,
    MayDrop,
}

/// Where a successful strike's damage goes (25, 25.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hit {
    /// Above the Endurance threshold: Fatigue, absorbed by armour (25.1).
    Fatigue,
    /// 25.2: straight to Endurance, never absorbed.
    Endurance,
    /// 25.3: Endurance, and a roll on the Grievous Injury Table.
    Grievous,
}

/// The outcome of a Strike Check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StrikeCheck {
    Hit(Hit),
    /// `parry_possible`: 30 or more above the Modified Strike Chance (24.4);
    /// whether a Parry happens is the defender's (he must be Evading a Melee attack).
    Miss {
        parry_possible: bool,
        mishap: Option<Mishap>,
    },
}

/// DragonQuest 25.5 (optional): the first face on which a weapon may break:
/// 99, and 6 faces lower for each +1 of damage the wielder's strength adds.
pub fn break_from(strength_bonus: u8) -> u8 {
    99u8.saturating_sub(6 * strength_bonus).max(1)
}

/// DragonQuest 24.2–24.4, 25.2–25.3, 25.6: a Strike Check. A roll at or
/// under the Modified Strike Chance hits, except that the faces from
/// [`break_from`] to 99 may break the weapon and 00 may drop it, so they
/// always miss (ruling after 25.5's example, where 97 % becomes 92 %). The
/// Special Damage Table reads the whole Modified Strike Chance, above 100 too.
pub fn strike_check(
    table: &SpecialDamageTable,
    msc: StrikeChance,
    roll: Percentile,
    strength_bonus: u8,
) -> StrikeCheck {
    let face = roll.value();
    let first_break = break_from(strength_bonus);
    let mishap = match face {
        100 => Some(Mishap::MayDrop),
        f if f >= first_break => Some(Mishap::MayBreak),
        _ => None,
    };
    if mishap.is_none() && i32::from(face) <= msc.0 {
        let row = table.row(msc.0);
        let hit = if face <= row.grievous {
            Hit::Grievous
        } else if face <= row.endurance {
            Hit::Endurance
        } else {
            Hit::Fatigue
        };
        return StrikeCheck::Hit(hit);
    }
    StrikeCheck::Miss {
        parry_possible: i32::from(face) >= msc.0 + PARRY_MARGIN,
        mishap,
    }
}

/// DragonQuest 24.4: how far over the Modified Strike Chance a Strike Check
/// must be for the target to have Parried.
const PARRY_MARGIN: i32 = 30;

/// DragonQuest 24.3 (and 25.3, 26): D100 at or under modified MD × 3 averts a
/// drop or break.
pub fn averts_mishap(modified_md: u8, roll: Percentile) -> bool {
    u32::from(roll.value()) <= 3 * u32::from(modified_md)
}

/// DragonQuest 24.4: the result of a Parry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Parry {
    /// 3 or less: parried, and the defender must Pass next Pulse.
    Parried,
    /// 4–7: the attacker is Disarmed (23.5).
    Disarm,
    /// 8 or more: Disarm, and the defender strikes back at once.
    Riposte,
}

/// DragonQuest 24.4: D10 + the defender's Rank with his prepared weapon −
/// the attacker's Rank with his (unranked counts 0).
pub fn parry(d10: u8, defender_rank: Option<Rank>, attacker_rank: Option<Rank>) -> Parry {
    let rank = |r: Option<Rank>| i32::from(r.map_or(0, |Rank(n)| n));
    match i32::from(d10) + rank(defender_rank) - rank(attacker_rank) {
        ..=3 => Parry::Parried,
        4..=7 => Parry::Disarm,
        _ => Parry::Riposte,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::dragonquest::rules::tables::tables;

    fn pct(n: u8) -> Percentile {
        Percentile::new(n).unwrap()
    }

    fn melee(through: Through) -> Situation {
        Situation::Melee {
            through,
            target_stunned: false,
            target_out_of_fatigue: false,
            target_down: false,
            target_evading: None,
            attacker_out_of_fatigue: false,
            charge: None,
            withdrawing: false,
        }
    }

    fn msc(sc: i32, def: i32, s: &Situation, hand: Hand) -> Modified {
        let t = &tables().modifiers;
        modified_strike_chance(t, StrikeChance(sc), Defense(def), s, None, false, hand)
    }

    #[test]
    fn strike_chance_24_1_ranked_and_unranked() {
        let broadsword = tables().weapons.named("Broadsword").unwrap();
        // BC 55 + MD 16 + 4 × Rank 3.
        let bc = base_chance(broadsword, 16);
        assert_eq!(strike_chance(bc, Some((16, Rank(3)))), StrikeChance(83));
        assert_eq!(strike_chance(bc, None), StrikeChance(55));
        // A monster's natural weapon adds MD with no Rank.
        assert_eq!(strike_chance(40, Some((12, Rank(0)))), StrikeChance(52));
    }

    #[test]
    fn base_chance_27_2_loses_5_per_point_of_md_short() {
        let rapier = tables().weapons.named("Rapier").unwrap(); // MD 18, BC 45
        assert_eq!(base_chance(rapier, 18), 45);
        assert_eq!(base_chance(rapier, 20), 45);
        assert_eq!(base_chance(rapier, 15), 30);
    }

    #[test]
    fn defense_24_5_shield_counts_only_where_it_can() {
        let t = &tables().armour;
        let kite = t.shield("Kite").unwrap();
        let d = Defender {
            modified_ag: 14,
            shield: Some((kite, Rank(3))),
            helpless: false,
            defensive_withdrawal: false,
        };
        assert_eq!(
            defense(&d, AttackType::Melee, Through::Front),
            Defense(14 + 15)
        );
        assert_eq!(defense(&d, AttackType::Melee, Through::Flank), Defense(29));
        assert_eq!(defense(&d, AttackType::Melee, Through::Rear), Defense(14));
        assert_eq!(defense(&d, AttackType::Close, Through::Front), Defense(14));
        assert_eq!(defense(&d, AttackType::Ranged, Through::Front), Defense(29));
        let mg = Defender {
            shield: Some((t.shield("Main-Gauche").unwrap(), Rank(4))),
            ..d
        };
        assert_eq!(defense(&mg, AttackType::Melee, Through::Front), Defense(22));
        assert_eq!(
            defense(&mg, AttackType::Ranged, Through::Front),
            Defense(14)
        );
        let helpless = Defender {
            helpless: true,
            ..d
        };
        assert_eq!(
            defense(&helpless, AttackType::Melee, Through::Front),
            Defense(0)
        );
    }

    /// 20.3: the Defensive Withdrawal adds 20 to Defense, and needs a shield.
    #[test]
    fn defensive_withdrawal_20_3_adds_20_behind_a_shield() {
        let buckler = tables().armour.shield("Buckler").unwrap();
        let d = Defender {
            modified_ag: 10,
            shield: Some((buckler, Rank(0))),
            helpless: false,
            defensive_withdrawal: true,
        };
        assert_eq!(defense(&d, AttackType::Melee, Through::Front), Defense(30));
        let bare = Defender { shield: None, ..d };
        assert_eq!(
            defense(&bare, AttackType::Melee, Through::Front),
            Defense(10)
        );
    }

    /// 32, second Pulse: Eaglewing strikes the stunned, prone hobgoblin: +15 and
    /// +20, and the hobgoblin's Defense is not subtracted (24.5).
    #[test]
    fn example_32_stunned_prone_target_24_5_24_8() {
        let d = Defender {
            modified_ag: 15,
            shield: None,
            helpless: true,
            defensive_withdrawal: false,
        };
        let def = defense(&d, AttackType::Melee, Through::Front);
        let s = Situation::Melee {
            through: Through::Front,
            target_stunned: true,
            target_out_of_fatigue: false,
            target_down: true,
            target_evading: None,
            attacker_out_of_fatigue: false,
            charge: None,
            withdrawing: false,
        };
        let m = msc(70, def.0, &s, Hand::Primary);
        assert_eq!(def, Defense(0));
        assert_eq!(
            m.applied,
            [
                (Modifier::Melee(Melee::TargetStunned), 15),
                (Modifier::Melee(Melee::TargetKneelingOrProne), 20)
            ]
        );
        assert_eq!(m.value, StrikeChance(105));
    }

    /// 32, fourth Pulse: Eaglewing charges the orc from behind: +30 for the rear
    /// hex, −15 for charging with a non-Pole weapon.
    #[test]
    fn example_32_rear_charge_24_8() {
        let s = Situation::Melee {
            through: Through::Rear,
            target_stunned: false,
            target_out_of_fatigue: false,
            target_down: false,
            target_evading: None,
            attacker_out_of_fatigue: false,
            charge: Some(Charge::NonPole),
            withdrawing: false,
        };
        let m = msc(70, 12, &s, Hand::Primary);
        assert_eq!(
            m.applied,
            [
                (Modifier::Melee(Melee::ThroughRearHex), 30),
                (Modifier::Melee(Melee::ChargingWithNonPole), -15)
            ]
        );
        assert_eq!(m.value, StrikeChance(70 - 12 + 30 - 15));
    }

    /// 24.8: −4 per Rank of an Evading target's weapon, and −10 besides.
    #[test]
    fn evading_target_24_8_costs_4_per_rank_and_10() {
        let s = Situation::Melee {
            through: Through::Front,
            target_stunned: false,
            target_out_of_fatigue: false,
            target_down: false,
            target_evading: Some(Rank(5)),
            attacker_out_of_fatigue: false,
            charge: None,
            withdrawing: false,
        };
        assert_eq!(
            msc(80, 10, &s, Hand::Primary).value,
            StrikeChance(80 - 10 - 20 - 10)
        );
    }

    /// 32, first Pulse: the goblin's crossbow at Delion from a rear hex, +20.
    /// 24.8: −3 per five hexes, or part, beyond the first five.
    #[test]
    fn ranged_24_8_rear_hex_and_range() {
        let shot = |hexes, through| Situation::Ranged {
            through,
            flight: Flight::Missile { hexes },
            target_stunned: false,
            attacker_kneeling: false,
            target_moving: false,
            target_down: false,
            target_evading: false,
            target_sheltered: false,
        };
        assert_eq!(
            msc(60, 0, &shot(5, Through::Rear), Hand::Primary).value,
            StrikeChance(80)
        );
        assert_eq!(
            msc(60, 0, &shot(6, Through::Front), Hand::Primary).value,
            StrikeChance(57)
        );
        assert_eq!(
            msc(60, 0, &shot(10, Through::Front), Hand::Primary).value,
            StrikeChance(57)
        );
        assert_eq!(
            msc(60, 0, &shot(11, Through::Front), Hand::Primary).value,
            StrikeChance(54)
        );
        let thrown = Situation::Ranged {
            through: Through::Front,
            flight: Flight::Thrown { hexes: 4 },
            target_stunned: false,
            attacker_kneeling: false,
            target_moving: false,
            target_down: false,
            target_evading: false,
            target_sheltered: false,
        };
        assert_eq!(msc(60, 0, &thrown, Hand::Primary).value, StrikeChance(48));
    }

    #[test]
    fn close_combat_24_8_strength_difference_per_point() {
        let s = |a, t| Situation::Close {
            attacker_ps: a,
            target_ps: t,
            target_out_of_fatigue: false,
            target_stunned: false,
            attacker_out_of_fatigue: false,
        };
        assert_eq!(
            msc(50, 0, &s(18, 12), Hand::Primary).value,
            StrikeChance(56)
        );
        assert_eq!(
            msc(50, 0, &s(12, 18), Hand::Primary).value,
            StrikeChance(44)
        );
        assert_eq!(msc(50, 0, &s(12, 12), Hand::Primary).applied, []);
    }

    /// Ruling: the secondary hand's −20 is not added to a Multiple Strike's −30.
    #[test]
    fn multiple_strike_24_8_secondary_hand_not_cumulative() {
        let s = melee(Through::Front);
        assert_eq!(msc(60, 0, &s, Hand::Secondary).value, StrikeChance(40));
        assert_eq!(
            msc(60, 0, &s, Hand::MultipleSecondary).value,
            StrikeChance(30)
        );
        assert_eq!(msc(60, 0, &s, Hand::MultipleClassB).value, StrikeChance(40));
    }

    #[test]
    fn lighting_24_8_and_invisibility() {
        let t = &tables().modifiers;
        let s = melee(Through::Front);
        let m = |l, inv| {
            modified_strike_chance(t, StrikeChance(60), Defense(0), &s, l, inv, Hand::Primary).value
        };
        assert_eq!(m(Some(Lighting::CloudyNight), false), StrikeChance(40));
        assert_eq!(m(Some(Lighting::CloudyNight), true), StrikeChance(10));
        assert_eq!(m(None, false), StrikeChance(60));
    }

    /// 24.2, 25.2–25.3 with 25.6: at MSC 50, 01–03 may be Grievous, 04–08 go to
    /// Endurance, 09–50 to Fatigue, 51+ miss; 80+ may be parried (24.4).
    #[test]
    fn strike_check_24_2_25_6_bands() {
        let sd = &tables().special_damage;
        let check = |roll| strike_check(sd, StrikeChance(50), pct(roll), 0);
        assert_eq!(check(1), StrikeCheck::Hit(Hit::Grievous));
        assert_eq!(check(3), StrikeCheck::Hit(Hit::Grievous));
        assert_eq!(check(4), StrikeCheck::Hit(Hit::Endurance));
        assert_eq!(check(8), StrikeCheck::Hit(Hit::Endurance));
        assert_eq!(check(9), StrikeCheck::Hit(Hit::Fatigue));
        assert_eq!(check(50), StrikeCheck::Hit(Hit::Fatigue));
        assert_eq!(
            check(51),
            StrikeCheck::Miss {
                parry_possible: false,
                mishap: None
            }
        );
        assert_eq!(
            check(79),
            StrikeCheck::Miss {
                parry_possible: false,
                mishap: None
            }
        );
        assert_eq!(
            check(80),
            StrikeCheck::Miss {
                parry_possible: true,
                mishap: None
            }
        );
    }

    /// 24.3: 99 may break, 00 may drop, even under a Modified Strike Chance
    /// over 100; 25.5: a +1 strength bonus breaks on 93–99, so 97 % is 92 %.
    #[test]
    fn strike_check_24_3_and_25_5_break_and_drop() {
        let sd = &tables().special_damage;
        let big = StrikeChance(120);
        assert_eq!(
            strike_check(sd, big, pct(98), 0),
            StrikeCheck::Hit(Hit::Fatigue)
        );
        assert_eq!(
            strike_check(sd, big, pct(99), 0),
            StrikeCheck::Miss {
                parry_possible: false,
                mishap: Some(Mishap::MayBreak)
            }
        );
        assert_eq!(
            strike_check(sd, big, pct(100), 0),
            StrikeCheck::Miss {
                parry_possible: false,
                mishap: Some(Mishap::MayDrop)
            }
        );
        // 25.5's example: PS 20 with a broadsword (PS 15): +1, breaks on 93–99.
        assert_eq!(break_from(1), 93);
        let msc97 = StrikeChance(97);
        let hits: Vec<u8> = (1..=100)
            .filter(|f| matches!(strike_check(sd, msc97, pct(*f), 1), StrikeCheck::Hit(_)))
            .collect();
        assert_eq!(hits.len(), 92);
        assert_eq!(hits.last(), Some(&92));
        assert_eq!(
            strike_check(sd, msc97, pct(93), 1),
            StrikeCheck::Miss {
                parry_possible: false,
                mishap: Some(Mishap::MayBreak)
            }
        );
    }

    #[test]
    fn mishap_24_3_averted_at_or_under_md_times_3() {
        assert!(averts_mishap(15, pct(45)));
        assert!(!averts_mishap(15, pct(46)));
    }

    /// 24.4 bands, and 32's second Pulse: Eaglewing rolls 8, + 6 for his Rank,
    /// − 3 for the hobgoblin's: 11, a Disarm and Riposte; the hobgoblin's
    /// Strike Check was 37 over his Modified Strike Chance, so a Parry could be tried.
    #[test]
    fn parry_24_4_and_example_32() {
        assert_eq!(parry(8, Some(Rank(6)), Some(Rank(3))), Parry::Riposte);
        // The example names his Rank 5 earlier; at 5 the total is 10, a Riposte still.
        assert_eq!(parry(8, Some(Rank(5)), Some(Rank(3))), Parry::Riposte);
        assert_eq!(parry(3, None, None), Parry::Parried);
        assert_eq!(parry(4, None, None), Parry::Disarm);
        assert_eq!(parry(7, None, None), Parry::Disarm);
        assert_eq!(parry(8, None, None), Parry::Riposte);
        assert_eq!(parry(2, Some(Rank(1)), Some(Rank(5))), Parry::Parried);
        let sd = &tables().special_damage;
        let over_37 = strike_check(sd, StrikeChance(40), pct(77), 0);
        assert_eq!(
            over_37,
            StrikeCheck::Miss {
                parry_possible: true,
                mishap: None
            }
        );
    }
}
