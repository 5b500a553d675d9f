//! Injury: damage against armour by type, the special success's effects,
//! parries and shield blocks, excess damage, serious wounds, bleeding and
//! knockback — each a function of values, every die passed in.

use super::success::Level;
use super::tables::{InjuryTables, Stopping};
use super::terms::{DamageType, Part, Size};

/// Armor: the points of `kind` damage that `ap` points of armour stop (an
/// impale special needs twice the armour: "4 AP to stop each point").
pub fn stopped_by(t: &InjuryTables, kind: DamageType, ap: u32, special: bool) -> u32 {
    let Stopping { points, per_ap, .. } = *t.armour.get(kind);
    let per_ap = if special && kind == DamageType::Impale {
        per_ap * 2
    } else {
        per_ap
    };
    ap * points / per_ap
}

/// What armour (or a parrying weapon, a shield) leaves of a blow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Through {
    pub damage: u32,
    /// Crush: stun done by the damage the armour stopped.
    pub stun: u32,
}

/// Armor: `damage` of `kind` against `ap`. Crush: "for every two points of
/// damage stopped one point of stun is done. Any armor in excess of the
/// damage is applied to the stun."
pub fn through_armour(
    t: &InjuryTables,
    kind: DamageType,
    damage: u32,
    ap: u32,
    special: bool,
) -> Through {
    let stops = stopped_by(t, kind, ap, special);
    let stopped = stops.min(damage);
    let stun = if kind == DamageType::Crush {
        (stopped / 2).saturating_sub(stops - stopped)
    } else {
        0
    };
    Through {
        damage: damage - stopped,
        stun,
    }
}

/// Armor, Fire: constant exposure is cumulative against the AP: the damage
/// of the latest exposure once `total` has been taken in all.
pub fn fire_exposure(total: u32, this: u32, ap: u32) -> u32 {
    total.saturating_sub(ap).min(this)
}

/// Special Success: what a special (or critical) attack does, by type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SpecialEffect {
    /// Roll the damage twice and add (Brawl, Fire, Grapple).
    pub roll_twice: bool,
    /// Knockback (Chop, Crush).
    pub knockback: bool,
    /// Levels of bleeding (Cut, Tear).
    pub bleeding: u32,
    /// Twice the armour to stop it (Impale).
    pub armour_twice: bool,
    /// Half the damage done as Crush (Stun).
    pub half_as_crush: bool,
    /// Double damage after reductions (Tear).
    pub double_after: bool,
}

/// Special Success, by damage type.
pub fn special_effect(kind: DamageType) -> SpecialEffect {
    let none = SpecialEffect::default();
    match kind {
        DamageType::Brawl | DamageType::Fire | DamageType::Grapple => SpecialEffect {
            roll_twice: true,
            ..none
        },
        DamageType::Chop | DamageType::Crush => SpecialEffect {
            knockback: true,
            ..none
        },
        DamageType::Cut => SpecialEffect {
            bleeding: 1,
            ..none
        },
        DamageType::Impale => SpecialEffect {
            armour_twice: true,
            ..none
        },
        DamageType::Stun => SpecialEffect {
            half_as_crush: true,
            ..none
        },
        DamageType::Tear => SpecialEffect {
            bleeding: 1,
            double_after: true,
            ..none
        },
    }
}

/// The damage rolls an attack of `level` makes: one, a second for a Brawl,
/// Fire or Grapple special, and one more a critical level.
pub fn damage_rolls(kind: DamageType, level: Level) -> u32 {
    if !level.succeeded() {
        return 0;
    }
    let twice = level.special() && special_effect(kind).roll_twice;
    1 + u32::from(twice) + level.extra_rolls()
}

/// Parry: a parry stops its Parry Value "adjusted as for armor" (halved
/// against Impale, doubled against Cut).
pub fn parry_stops(t: &InjuryTables, kind: DamageType, parry: u32, special_attack: bool) -> u32 {
    // Brawl and Grapple pass armour, but a weapon in the way still stops them.
    match kind {
        DamageType::Brawl | DamageType::Grapple => parry,
        _ => stopped_by(t, kind, parry, special_attack),
    }
}

/// Shield: a block stops at most its Block rating, twice that on a special
/// block; the blocked damage less the shield's AP lowers its HP.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blocked {
    pub stopped: u32,
    pub through: u32,
    pub shield_hp_lost: u32,
}

pub fn block(damage: u32, rating: u32, shield_ap: u32, special_block: bool) -> Blocked {
    let cap = if special_block { rating * 2 } else { rating };
    let stopped = damage.min(cap);
    Blocked {
        stopped,
        through: damage - stopped,
        shield_hp_lost: stopped.saturating_sub(shield_ap),
    }
}

/// Excess Damage: the most one injury to a part does: a limb HP, the body
/// three times HP, the head five times.
pub fn excess_cap(part: Part, hp: u32) -> u32 {
    match part {
        Part::Head => 5 * hp,
        Part::Chest | Part::Abdomen => 3 * hp,
        Part::Arm | Part::Leg | Part::Wing | Part::Tail => hp,
    }
}

/// Serious Wound: an injury at least the Serious Wound Level.
pub fn serious(damage: u32, swl: u32) -> bool {
    damage > 0 && damage >= swl
}

/// Bleeding: levels from one injury: a Tear injury, a special Cut or Tear,
/// any head injury, any serious wound — "all cumulative".
pub fn bleeding_levels(kind: DamageType, special: bool, head: bool, serious: bool) -> u32 {
    u32::from(kind == DamageType::Tear)
        + if special {
            special_effect(kind).bleeding
        } else {
            0
        }
        + u32::from(head)
        + u32::from(serious)
}

/// Bleeding: an injury with no level bleeds a quarter level, a half for a
/// cutting weapon; in quarter levels.
pub fn bleeding_quarters(kind: DamageType, levels: u32) -> u32 {
    match (levels, kind) {
        (0, DamageType::Cut) => 2,
        (0, _) => 1,
        (n, _) => 4 * n,
    }
}

/// Blood Loss: quarter points lost from SR `from` to `to` counted since the
/// bleeding began, at `quarters` quarter levels by a figure of `size`.
pub fn blood_lost(t: &InjuryTables, size: Size, quarters: u32, from: u32, to: u32) -> u32 {
    let Some(every) = t.blood_every(quarters) else {
        return 0;
    };
    (to / every - from / every) * t.blood_amount.get(size)
}

/// Knockback Distance: feet for `damage` to a figure of `size`, rounded down.
pub fn knockback_feet(t: &InjuryTables, size: Size, damage: u32) -> u32 {
    let k = t.knockback.get(size);
    damage * k.feet / k.points
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::runemaster::rules::tables::tables;

    fn t() -> &'static InjuryTables {
        &tables().injury
    }

    /// Armor: "cuirbouilli (6 AP) will stop six points of damage, but the
    /// character would still take three points of stun".
    #[test]
    fn armor_crush_against_cuirbouilli_does_three_stun() {
        let hit = through_armour(t(), DamageType::Crush, 9, 6, false);
        assert_eq!(hit, Through { damage: 3, stun: 3 });
        let six = through_armour(t(), DamageType::Crush, 6, 6, false);
        assert_eq!(six, Through { damage: 0, stun: 3 });
        // Armour in excess of the damage is applied to the stun.
        let four = through_armour(t(), DamageType::Crush, 4, 6, false);
        assert_eq!(four, Through { damage: 0, stun: 0 });
    }

    /// Armor, Fire: "a character wearing cuirbouilli standing in a fire that
    /// does one point of damage a round would start to take damage in the
    /// seventh round".
    #[test]
    fn armor_fire_exposure_reaches_the_seventh_round() {
        let hurt: Vec<u32> = (1..=8).map(|round| fire_exposure(round, 1, 6)).collect();
        assert_eq!(hurt, [0, 0, 0, 0, 0, 0, 1, 1]);
    }

    /// Armor: cut stopped two a point, impale one per two AP (one per four
    /// on a special), tear four a point, brawl not at all.
    #[test]
    fn armor_by_damage_type() {
        assert_eq!(stopped_by(t(), DamageType::Cut, 3, false), 6);
        assert_eq!(stopped_by(t(), DamageType::Impale, 6, false), 3);
        assert_eq!(stopped_by(t(), DamageType::Impale, 6, true), 1);
        assert_eq!(stopped_by(t(), DamageType::Tear, 2, false), 8);
        assert_eq!(stopped_by(t(), DamageType::Brawl, 9, false), 0);
        assert_eq!(stopped_by(t(), DamageType::Chop, 4, false), 4);
    }

    /// Special and Critical Success: rolls made by type and level.
    #[test]
    fn special_and_critical_success_damage_rolls() {
        assert_eq!(damage_rolls(DamageType::Cut, Level::Normal), 1);
        assert_eq!(damage_rolls(DamageType::Cut, Level::Special), 1);
        assert_eq!(damage_rolls(DamageType::Brawl, Level::Special), 2);
        assert_eq!(damage_rolls(DamageType::Cut, Level::Critical(2)), 3);
        assert_eq!(damage_rolls(DamageType::Fire, Level::Critical(1)), 3);
        assert_eq!(damage_rolls(DamageType::Cut, Level::Miss), 0);
        assert!(special_effect(DamageType::Chop).knockback);
        assert!(special_effect(DamageType::Tear).double_after);
    }

    /// Parry: halved against Impale, doubled against Cut.
    #[test]
    fn parry_value_adjusted_as_armor() {
        assert_eq!(parry_stops(t(), DamageType::Impale, 6, false), 3);
        assert_eq!(parry_stops(t(), DamageType::Cut, 6, false), 12);
        assert_eq!(parry_stops(t(), DamageType::Brawl, 6, false), 6);
    }

    /// Shield: a special block doubles what the shield can stop; the shield
    /// loses what it stopped less its AP.
    #[test]
    fn shield_block_rating_and_shield_hp() {
        assert_eq!(
            block(15, 10, 6, false),
            Blocked {
                stopped: 10,
                through: 5,
                shield_hp_lost: 4
            }
        );
        assert_eq!(block(15, 10, 6, true).through, 0);
    }

    /// Excess Damage: limb HP, body 3 HP, head 5 HP.
    #[test]
    fn excess_damage_caps() {
        assert_eq!(excess_cap(Part::Arm, 12), 12);
        assert_eq!(excess_cap(Part::Chest, 12), 36);
        assert_eq!(excess_cap(Part::Head, 12), 60);
    }

    /// Bleeding: "a Tearing attack that is a special success and causes a
    /// serious wound to the head is four levels of bleeding".
    #[test]
    fn bleeding_a_special_tear_to_the_head_is_four_levels() {
        assert_eq!(bleeding_levels(DamageType::Tear, true, true, true), 4);
        assert_eq!(bleeding_levels(DamageType::Chop, false, false, true), 1);
        assert_eq!(bleeding_quarters(DamageType::Cut, 0), 2);
        assert_eq!(bleeding_quarters(DamageType::Crush, 0), 1);
    }

    /// Blood Loss: a Medium figure at 3 levels loses 1 point a round; at 5+
    /// levels one every SR.
    #[test]
    fn blood_loss_by_size_and_level() {
        assert_eq!(blood_lost(t(), Size::Medium, 12, 0, 10), 4);
        assert_eq!(blood_lost(t(), Size::Medium, 20, 0, 10), 40);
        assert_eq!(blood_lost(t(), Size::Large, 8, 0, 30), 8);
        assert_eq!(blood_lost(t(), Size::Medium, 1, 0, 10), 0);
    }

    /// Knockback Distance: Medium 1 foot per 2 points; Tiny 2 feet a point.
    #[test]
    fn knockback_distance_by_size() {
        assert_eq!(knockback_feet(t(), Size::Medium, 9), 4);
        assert_eq!(knockback_feet(t(), Size::Tiny, 3), 6);
        assert_eq!(knockback_feet(t(), Size::MediumSmall, 6), 4);
    }
}
