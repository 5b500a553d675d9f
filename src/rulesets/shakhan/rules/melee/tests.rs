use proptest::prelude::*;

use super::fixtures::{arlos, bailor};
use super::*;
use crate::rulesets::shakhan::rules::tables::protection::EquipmentDamage;
use crate::rulesets::shakhan::rules::tables::tables;
use crate::rulesets::shakhan::rules::wound::{Bleed, Consequence};

fn options() -> StrikeOptions {
    StrikeOptions::new(tables())
}

fn aimed(area: BodyArea) -> StrikeOptions {
    StrikeOptions {
        aim: Some(area),
        ..options()
    }
}

/// Resolve with exactly these faces: every one must be used.
fn strike(s: &Striker, t: &Target, o: &StrikeOptions, faces: &[u32]) -> StrikeReport {
    let mut dice = Dice::scripted(faces.iter().copied());
    let report = resolve_strike(s, t, o, tables(), &mut dice);
    assert_eq!(dice.scripted_left(), 0, "unused dice: {report}");
    report
}

fn threshold_of(r: &StrikeReport) -> &Threshold {
    match &r.attempt {
        Attempt::Rolled { threshold, .. } => threshold,
        Attempt::CannotStrike(_) | Attempt::Landed(_) => panic!("no roll: {r}"),
    }
}

fn natural_rule(r: &StrikeReport) -> bool {
    matches!(
        r.attempt,
        Attempt::Rolled {
            natural_rule: true,
            ..
        }
    )
}

fn only_wound(r: &StrikeReport) -> &Wound {
    let wounds: Vec<&Wound> = r.wounds().collect();
    assert_eq!(wounds.len(), 1, "{r}");
    wounds[0]
}

fn critical(r: &StrikeReport) -> &CriticalReport {
    r.blow().unwrap().hits[0]
        .critical
        .as_ref()
        .expect("a critical")
}

#[test]
fn melee_16_15_2_example_30_and_reverse_20() {
    // CF 14 playing C on CF 12 playing B: 25 on the +2 row, +5 for B.
    let r = strike(&arlos(14, Card::C), &bailor(12, Card::B), &options(), &[31]);
    assert_eq!(r.differential, 2);
    let th = threshold_of(&r);
    assert_eq!((th.base, th.total), (25, 30));
    let said: Vec<_> = th.modifiers.iter().map(said).collect();
    assert_eq!(said, [("Bailor's card B".to_string(), 5)]);
    assert!(!r.struck());
    // The reverse: CF 12 playing B on CF 14 playing C needs 20.
    let r = strike(&arlos(12, Card::B), &bailor(14, Card::C), &options(), &[21]);
    assert_eq!(threshold_of(&r).total, 20);
    assert!(!r.struck());
}

#[test]
fn melee_16_15_2_plus_to_hit_is_added() {
    let mut s = arlos(14, Card::C);
    s.to_hit_bonus = 10;
    let r = strike(&s, &bailor(12, Card::B), &options(), &[100]);
    assert_eq!(threshold_of(&r).total, 40);
    assert!(r.to_string().contains("+10 for plus to hit = 40"), "{r}");
}

#[test]
fn melee_16_15_2_natural_01_02_always_strike_even_below_zero() {
    // E at worse than -40 is 5; D defends at -20 on its own (+40) row.
    let s = arlos(0, Card::E);
    let t = bailor(100, Card::D);
    let r = strike(&s, &t, &options(), &[3]);
    assert_eq!(threshold_of(&r).total, -15);
    assert!(!r.struck());
    for natural in [1, 2] {
        // Lower body (60), then 03 on skin: nd, and a sword does nothing more.
        let r = strike(&s, &t, &options(), &[natural, 60, 3]);
        assert!(r.struck(), "{r}");
        assert!(natural_rule(&r));
        assert_eq!(r.blow().unwrap().location.areas, vec![BodyArea::LowerBody]);
        assert_eq!(r.wounds().count(), 0);
        assert!(r.to_string().contains("always strikes"), "{r}");
    }
}

#[test]
fn melee_16_15_2_natural_99_00_always_miss() {
    // A on the better-than-+40 row is 80, plus G's 25: 105.
    let s = arlos(100, Card::A);
    let t = bailor(0, Card::G);
    for natural in [99, 100] {
        let r = strike(&s, &t, &options(), &[natural]);
        assert_eq!(threshold_of(&r).total, 105);
        assert!(!r.struck());
        assert!(natural_rule(&r));
        assert!(r.to_string().contains("always misses"), "{r}");
    }
}

#[test]
fn melee_16_15_2_d_f_g_cannot_strike_and_no_die_is_rolled() {
    for (card, why) in [
        (Card::D, "never strikes"),
        (Card::F, "never strikes"),
        (Card::G, "strikes only by missile or magic"),
    ] {
        let r = strike(&arlos(14, card), &bailor(12, Card::C), &options(), &[]);
        assert!(matches!(r.attempt, Attempt::CannotStrike(_)));
        assert!(!r.struck());
        assert_eq!(
            r.to_string(),
            format!("Arlos ({card}) on Bailor (C): card {card} {why}")
        );
    }
}

#[test]
fn melee_16_15_2_rout_defending_modifier_is_the_option() {
    let mut o = options();
    o.rout_modifier = 7;
    let r = strike(&arlos(14, Card::C), &bailor(14, Card::F), &o, &[100]);
    // C on the -1 to +1 row is 20; F adds the option.
    assert_eq!(threshold_of(&r).total, 27);
}

#[test]
fn melee_16_15_3_aimed_strike_halves_cf_and_lands_on_dexterity_x5() {
    // CF 14 aimed is 7; against CF 12 (C) that is -5: 15, C defends at 0.
    let r = strike(
        &arlos(14, Card::C),
        &bailor(12, Card::C),
        &aimed(BodyArea::Head),
        &[10, 23, 40, 2, 2],
    );
    assert_eq!(r.cf.aimed_percent, Some(50));
    assert_eq!(r.cf.used, 7);
    assert_eq!(r.differential, -5);
    assert_eq!(threshold_of(&r).total, 15);
    let location = &r.blow().unwrap().location;
    let check = location.aimed.unwrap();
    assert_eq!((check.threshold, check.landed), (70, true));
    assert_eq!(location.table, None);
    assert_eq!(location.areas, vec![BodyArea::Head]);
    assert_eq!(only_wound(&r).damage, 4);
    // Over Dexterity x 5: the table decides (60, lower body).
    let r = strike(
        &arlos(14, Card::C),
        &bailor(12, Card::C),
        &aimed(BodyArea::Head),
        &[10, 71, 60, 40, 2, 2],
    );
    let location = &r.blow().unwrap().location;
    assert!(!location.aimed.unwrap().landed);
    assert_eq!(location.areas, vec![BodyArea::LowerBody]);
    assert!(
        r.to_string()
            .contains("off the mark; location 60 lower body"),
        "{r}"
    );
}

#[test]
fn melee_16_15_3_martial_artist_aims_with_more_of_the_cf() {
    let mut s = arlos(14, Card::C);
    s.martial_arts_level = 3;
    let mut o = aimed(BodyArea::Head);
    let r = strike(&s, &bailor(12, Card::C), &o, &[100]);
    assert_eq!((r.cf.aimed_percent, r.cf.used), (Some(50), 7));
    o.similar_body_form = true;
    let r = strike(&s, &bailor(12, Card::C), &o, &[100]);
    // 65 per cent of 14 is 9.1: 9.
    assert_eq!((r.cf.aimed_percent, r.cf.used), (Some(65), 9));
}

#[test]
fn melee_16_15_3_aim_at_an_area_the_form_lacks_rolls_the_table() {
    let mut t = bailor(12, Card::C);
    t.body_form = BodyForm::Crustacean;
    // No Dexterity roll: 30 on the crustacean row is the upper body.
    let r = strike(
        &arlos(14, Card::C),
        &t,
        &aimed(BodyArea::Neck),
        &[10, 30, 40, 2, 2],
    );
    let location = &r.blow().unwrap().location;
    assert_eq!(location.aimed.unwrap().roll, None);
    assert_eq!(location.areas, vec![BodyArea::UpperBody]);
}

#[test]
fn melee_16_15_3_roll_twice_strikes_both_areas() {
    // 97 Roll Twice: 05 head and 90 legs, each its own penetration roll.
    let r = strike(
        &arlos(14, Card::C),
        &bailor(12, Card::B),
        &options(),
        &[17, 97, 5, 90, 40, 1, 1, 45, 2, 2],
    );
    let blow = r.blow().unwrap();
    assert_eq!(blow.location.areas, vec![BodyArea::Head, BodyArea::Legs]);
    let wounds: Vec<(BodyArea, i32)> = r.wounds().map(|w| (w.area, w.damage)).collect();
    assert_eq!(wounds, vec![(BodyArea::Head, 2), (BodyArea::Legs, 4)]);
}

#[test]
fn melee_16_15_4_shield_raised_stops_the_blow() {
    let mut t = bailor(12, Card::B);
    t.shield = Some(ShieldUse {
        material: ShieldMaterial::Wood,
        apv: 30,
        check: 66,
    });
    // Check 20 within 66; 20 on the shield's APV 30 is nd: stopped.
    let r = strike(&arlos(14, Card::C), &t, &options(), &[17, 35, 20, 20]);
    let blow = r.blow().unwrap();
    let shield = blow.shield.unwrap();
    assert!(shield.raised && !shield.reaches_body);
    assert!(blow.hits.is_empty());
    assert_eq!(r.wounds().count(), 0);
    assert!(r.to_string().contains("the shield stops it"), "{r}");
}

#[test]
fn melee_16_15_4_shield_penetrated_checks_the_shield_then_the_body() {
    let mut t = bailor(12, Card::B);
    t.apv = [15; 6];
    t.shield = Some(ShieldUse {
        material: ShieldMaterial::Wood,
        apv: 30,
        check: 66,
    });
    // 40 on APV 30 is p: a shield damage check (wood 30: 70 %, rolled 80,
    // holds), then the body: 56 on APV 15 is p1, 2D6 = 7.
    let r = strike(
        &arlos(14, Card::C),
        &t,
        &options(),
        &[17, 35, 20, 40, 80, 56, 3, 4],
    );
    let blow = r.blow().unwrap();
    assert!(blow.shield.unwrap().reaches_body);
    assert_eq!(blow.equipment.len(), 1);
    assert_eq!(blow.equipment[0].item, Equipment::Shield);
    assert_eq!(blow.equipment[0].chance, 70);
    assert_eq!(r.equipment_damage().count(), 0);
    let w = only_wound(&r);
    assert_eq!((w.damage, w.unbalanced), (7, 1));
}

#[test]
fn melee_16_15_4_shield_check_failed_unbalances_by_1() {
    let mut t = bailor(12, Card::B);
    t.apv = [15; 6];
    t.shield = Some(ShieldUse {
        material: ShieldMaterial::Metal,
        apv: 50,
        check: 66,
    });
    // 70 over 66: not raised; 40 on APV 15 is p (no digit), 2D6 = 7.
    let r = strike(&arlos(14, Card::C), &t, &options(), &[17, 35, 70, 40, 3, 4]);
    assert!(!r.blow().unwrap().shield.unwrap().raised);
    let w = only_wound(&r);
    assert_eq!((w.damage, w.unbalanced), (7, 1));
}

#[test]
fn melee_16_15_4_nd_with_a_concussion_weapon_does_half_rounded_down() {
    let mut s = arlos(14, Card::C);
    s.weapon = WeaponKind::Mace;
    s.quality = Quality::Usual; // 1D4+1, A -10
    let mut t = bailor(12, Card::B);
    t.apv = [60; 6];
    // 50 - 10 = 40 on plate: nd. 1D4+1 = 5, half is 2.5: 2.
    let r = strike(&s, &t, &options(), &[17, 35, 50, 4]);
    let hit = &r.blow().unwrap().hits[0];
    assert_eq!(hit.penetration.modified, 40);
    let damage = hit.damage.as_ref().unwrap();
    assert_eq!(damage.concussion, Some(Concussion::Half));
    assert_eq!(damage.rolled.total, 5);
    let w = only_wound(&r);
    assert_eq!((w.damage, w.pain, w.unbalanced), (2, 1.0, 0));
    assert!(
        r.to_string()
            .contains("nd (APV 60, row 36-40): concussion, half of 1D4+1 = 5 (4) = 2 damage"),
        "{r}"
    );
}

#[test]
fn melee_16_15_4_nd_with_a_blade_does_nothing() {
    let mut t = bailor(12, Card::B);
    t.apv = [60; 6];
    let r = strike(&arlos(14, Card::C), &t, &options(), &[17, 35, 20]);
    assert!(r.struck());
    assert_eq!(r.blow().unwrap().hits[0].damage, None);
    assert_eq!(r.wounds().count(), 0);
}

#[test]
fn melee_16_10_p_damage_never_negative() {
    let mut s = arlos(14, Card::C);
    s.weapon = WeaponKind::Dagger;
    s.quality = Quality::Poor; // 1D6-2, A -10
    // 60 - 10 = 50 on skin: p. 1D6-2 with a 1 is -1: no damage, no wound.
    let r = strike(&s, &bailor(12, Card::B), &options(), &[17, 35, 60, 1]);
    let hit = &r.blow().unwrap().hits[0];
    assert!(hit.penetration.result.penetrated());
    assert_eq!(hit.damage.as_ref().unwrap().damage, 0);
    assert_eq!(hit.wound, None);
}

#[test]
fn melee_16_15_13_5_per_level_claws_roll_their_dice_and_a() {
    let mut s = arlos(14, Card::C);
    s.weapon = WeaponKind::ClawsFangs;
    s.quality = Quality::Good; // "na": Usual is used
    s.level = 3;
    s.die_choice = 1; // 3D4, A +3
    let r = strike(&s, &bailor(12, Card::B), &options(), &[17, 35, 40, 1, 2, 3]);
    let blow = r.blow().unwrap();
    assert_eq!(blow.penetration_modifiers[0].value, 3);
    let hit = &blow.hits[0];
    assert_eq!(hit.penetration.modified, 43);
    assert_eq!(
        hit.damage.as_ref().unwrap().rolled.to_string(),
        "3D4 = 6 (1+2+3)"
    );
}

#[test]
fn melee_16_15_4_strength_modifies_penetration() {
    let mut s = arlos(14, Card::C);
    s.strength = 17; // +2
    let r = strike(&s, &bailor(12, Card::B), &options(), &[17, 35, 40, 1, 1]);
    let blow = r.blow().unwrap();
    assert_eq!(
        said(&blow.penetration_modifiers[1]),
        ("Strength 17".into(), 2)
    );
    assert_eq!(blow.hits[0].penetration.modifier, 2);
}

#[test]
fn melee_16_15_4_ndw_weapon_damage_check() {
    let mut t = bailor(12, Card::B);
    t.apv = [100; 6];
    // 03 on APV 100: ndw. A metal sword (70) is damaged on 30 or less:
    // 20, then 60 on the weapon sub-table: half its damage factor.
    let r = strike(&arlos(14, Card::C), &t, &options(), &[17, 35, 3, 20, 60]);
    let damaged: Vec<_> = r.equipment_damage().collect();
    assert_eq!(
        damaged,
        vec![(Equipment::Weapon, EquipmentDamage::HalfFactor)]
    );
    assert_eq!(r.wounds().count(), 0);
    assert!(
        r.to_string()
            .contains("Arlos's weapon damage check 20 within 30"),
        "{r}"
    );
    // Claws have no surface to damage: no check, no die.
    let mut s = arlos(14, Card::C);
    s.weapon = WeaponKind::ClawsFangs;
    // 03 - 0 + 1 (claws at level 1) = 4: still ndw.
    let r = strike(&s, &t, &options(), &[17, 35, 3]);
    assert_eq!(
        r.blow().unwrap().hits[0].penetration.result.to_string(),
        "ndw"
    );
    assert!(r.blow().unwrap().equipment.is_empty());
}

#[test]
fn melee_16_15_4_unbalanced_digits_and_armour_check() {
    let mut t = bailor(12, Card::B);
    t.apv = [60; 6];
    // 78 on plate: p2.
    let r = strike(&arlos(14, Card::C), &t, &options(), &[17, 35, 78, 3, 4]);
    assert_eq!(only_wound(&r).unbalanced, 2);
    assert!(
        r.to_string()
            .ends_with("Bailor unbalanced: loses the next 2 cards"),
        "{r}"
    );
    // 83 on leather: pc2a. Leather (20) is damaged on 80 or less: 10, then
    // 30: unusable. The critical: 72 Minor vein (1D4, 2D4 maybe internal,
    // site 10: internal), bleeding 2D20.
    let mut t = bailor(12, Card::B);
    t.apv = [20; 6];
    t.armour = [Some(ArmourMaterial::Leather); 6];
    let r = strike(
        &arlos(14, Card::C),
        &t,
        &options(),
        &[17, 35, 83, 10, 30, 3, 4, 72, 2, 1, 1, 10, 1, 1],
    );
    let damaged: Vec<_> = r.equipment_damage().collect();
    assert_eq!(
        damaged,
        vec![(
            Equipment::Armour(BodyArea::UpperBody),
            EquipmentDamage::Unusable
        )]
    );
    let w = only_wound(&r);
    assert_eq!(w.unbalanced, 2);
    assert_eq!(
        w.bleeding,
        Some(Bleed {
            per_round: 2,
            rounds: 2,
            internal: true
        })
    );
}

#[test]
fn melee_16_10_display_of_a_plain_strike() {
    let mut t = bailor(12, Card::B);
    t.apv = [15; 6];
    let r = strike(&arlos(14, Card::C), &t, &options(), &[17, 35, 56, 3, 4]);
    assert_eq!(
        r.to_string(),
        "Arlos (C) on Bailor (B): CD +2 → 25, +5 for Bailor's card B = 30; rolled 17 — strike; \
         location 35 upper body; upper body, APV 15: penetration 56 +0 → p1 (APV 10, row 56-60): \
         2D6 = 7 (3+4) damage; Bailor unbalanced: loses the next card"
    );
    let w = only_wound(&r);
    assert_eq!(
        *w,
        Wound {
            area: BodyArea::UpperBody,
            damage: 7,
            pain: 3.5,
            unbalanced: 1,
            bleeding: None,
            critical: None,
        }
    );
    assert!(r.symptoms().is_empty());
}

/// An aimed strike on an unarmoured target that lands on `area` with pc1
/// and 2D6 = 7 damage: the faces before the critical roll.
const AIMED_PC1: [u32; 5] = [10, 23, 53, 3, 4];

fn aimed_pc1(area: BodyArea, target: &Target, critical_faces: &[u32]) -> StrikeReport {
    let faces: Vec<u32> = AIMED_PC1.iter().chain(critical_faces).copied().collect();
    strike(&arlos(14, Card::C), target, &aimed(area), &faces)
}

#[test]
fn criticals_16_15_6_neck_severed_dies_now_with_pain_and_bleeding() {
    // 80: Neck severed: pain 2D12 = 13, bleeding 3D6 = 10, 2D20 = 21 rounds.
    let r = aimed_pc1(
        BodyArea::Neck,
        &bailor(0, Card::C),
        &[80, 6, 7, 2, 3, 5, 10, 11],
    );
    let w = only_wound(&r);
    assert_eq!((w.damage, w.pain, w.unbalanced), (7, 3.5 + 13.0, 1));
    assert_eq!(
        w.bleeding,
        Some(Bleed {
            per_round: 10,
            rounds: 21,
            internal: false
        })
    );
    let c = w.critical.as_ref().unwrap();
    assert_eq!(c.consequences, vec![Consequence::DiesNow]);
    assert_eq!(c.injuries[0].name, "Neck severed");
    assert!(c.injuries[0].obvious && !c.internal_organ);
    assert_eq!(
        r.symptoms(),
        vec!["neck: Neck severed (head struck from the shoulders)"]
    );
    assert!(
        r.to_string()
            .contains("critical on the neck: 80 Neck severed"),
        "{r}"
    );
}

#[test]
fn criticals_16_15_7_heart_punctured_folds_triple_pain_and_bleeding() {
    // 40: Heart punctured; effects 30: triple Bleeding and Pain. Pain 2D8 =
    // 8 → 24, Bleeding 4D6 = 10 → 30 (internal), 2D20 = 10 rounds.
    let r = strike(
        &arlos(14, Card::C),
        &bailor(12, Card::B),
        &options(),
        &[17, 35, 53, 3, 4, 40, 30, 5, 3, 1, 2, 3, 4, 5, 5],
    );
    let w = only_wound(&r);
    assert_eq!(w.pain, 3.5 + 24.0);
    assert_eq!(
        w.bleeding,
        Some(Bleed {
            per_round: 30,
            rounds: 10,
            internal: true
        })
    );
    let c = w.critical.as_ref().unwrap();
    assert!(c.internal_organ);
    assert!(c.consequences.is_empty());
    // Not obvious: the players hear the symptom only.
    let symptoms = r.symptoms();
    assert_eq!(symptoms.len(), 1);
    assert!(!symptoms[0].contains("Heart"), "{symptoms:?}");
}

#[test]
fn criticals_16_15_6_roll_twice_rolls_two_more_and_ignores_a_second() {
    // 99 Roll Twice: 55 Minor vein (pain 1D4 = 2, bleeding 2D4 = 7), then
    // 99 again, ignored; 2D20 = 13 rounds.
    let r = aimed_pc1(
        BodyArea::Neck,
        &bailor(0, Card::C),
        &[99, 55, 2, 3, 4, 99, 6, 7],
    );
    let c = critical(&r);
    let results: Vec<(CriticalRollKind, &CriticalRollResult)> =
        c.rolls.iter().map(|r| (r.kind, &r.result)).collect();
    assert_eq!(
        results,
        vec![
            (CriticalRollKind::First, &CriticalRollResult::RollTwice),
            (
                CriticalRollKind::Twice,
                &CriticalRollResult::Injury("Minor vein or artery severed".into())
            ),
            (CriticalRollKind::Twice, &CriticalRollResult::Ignored),
        ]
    );
    let w = only_wound(&r);
    assert_eq!(w.pain, 3.5 + 2.0);
    assert_eq!(
        w.bleeding,
        Some(Bleed {
            per_round: 7,
            rounds: 13,
            internal: false
        })
    );
}

#[test]
fn s16_10_5b_two_handed_sword_is_part_concussion() {
    let mut s = arlos(14, Card::C);
    s.weapon = WeaponKind::TwoHandedSword;
    s.quality = Quality::Usual; // 3D6-1, A -5
    let mut t = bailor(12, Card::B);
    t.apv = [60; 6];
    // 50 - 5 = 45 on plate: nd. 3D6-1 = 11; half of it, rounded down: 5.
    let r = strike(&s, &t, &options(), &[17, 35, 50, 4, 4, 4]);
    let hit = &r.blow().unwrap().hits[0];
    assert_eq!(hit.penetration.modified, 45);
    let damage = hit.damage.as_ref().unwrap();
    assert_eq!(damage.concussion, Some(Concussion::Half));
    assert_eq!(only_wound(&r).damage, 5);
}

#[test]
fn s16_15_10_two_handed_sword_criticals_take_the_partial_modifier() {
    let mut s = arlos(14, Card::C);
    s.weapon = WeaponKind::TwoHandedSword;
    s.quality = Quality::Usual;
    // 58 - 5 = 53: pc1, as the mace's below; the critical roll takes -15.
    let r = strike(
        &s,
        &bailor(0, Card::C),
        &aimed(BodyArea::Neck),
        &[10, 23, 58, 1, 1, 1, 99, 1, 1, 1, 1, 1, 1, 1],
    );
    assert_eq!(critical(&r).modifier, -15);
}

#[test]
fn criticals_16_15_10_notes_concussion_modifier_on_the_critical_roll() {
    let mut s = arlos(14, Card::C);
    s.weapon = WeaponKind::Mace;
    s.quality = Quality::Usual; // 1D4+1, A -10, full concussion
    // 63 - 10 = 53: pc1; 1D4+1 = 3. The critical 99 - 20 = 79: Neck
    // severed, not Roll Twice.
    let r = strike(
        &s,
        &bailor(0, Card::C),
        &aimed(BodyArea::Neck),
        &[10, 23, 63, 2, 99, 1, 1, 1, 1, 1, 1, 1],
    );
    let c = critical(&r);
    assert_eq!(c.modifier, -20);
    assert_eq!(c.rolls[0].modified.value(), 79);
    assert!(
        r.to_string()
            .contains("critical on the neck -20: 99→79 Neck severed"),
        "{r}"
    );
}

#[test]
fn criticals_16_15_7_roll_again_rolls_more_and_ignores_nested_ones() {
    // 10 Upper ribs broken, effects 05: roll again 1D4 = 2 times. Pain 1D10
    // = 3, bleeding 1D6 = 2, ribs 4D20 = 40 %. Extra rolls: 05 Upper ribs
    // broken again (effects 05: roll again ignored; pain 1, bleeding 1, ribs
    // 4 %) and 99 (ignored). Bleeding 2D20 = 2 rounds.
    let r = strike(
        &arlos(14, Card::C),
        &bailor(12, Card::B),
        &options(),
        &[
            17, 35, 53, 3, 4, // strike, upper body, pc1, 7 damage
            10, 5, 3, 2, 10, 10, 10, 10, 2, // first injury, roll again 2
            5, 5, 1, 1, 1, 1, 1, 1,  // the second injury
            99, // ignored
            1, 1, // bleeding duration
        ],
    );
    let c = critical(&r);
    let kinds: Vec<CriticalRollKind> = c.rolls.iter().map(|r| r.kind).collect();
    assert_eq!(
        kinds,
        vec![
            CriticalRollKind::First,
            CriticalRollKind::Again,
            CriticalRollKind::Again
        ]
    );
    assert_eq!(c.rolls[2].result, CriticalRollResult::Ignored);
    assert_eq!(c.injuries.len(), 2);
    assert!(
        c.injuries[1]
            .notes
            .contains(&"roll again: ignored on an extra roll".to_string())
    );
    let w = only_wound(&r);
    assert_eq!(w.pain, 3.5 + 3.0 + 1.0);
    assert_eq!(
        w.bleeding,
        Some(Bleed {
            per_round: 3,
            rounds: 2,
            internal: true
        })
    );
    assert_eq!(
        w.critical.as_ref().unwrap().consequences,
        vec![
            Consequence::Recorded("40% of the ribs broken".into()),
            Consequence::Recorded("4% of the ribs broken".into()),
        ]
    );
}

#[test]
fn criticals_16_15_8_genital_damage_if_male() {
    // Lower body (60), pc1; 78 Genital damage, effects 10: if male, severed
    // with double Bleeding and Pain. Pain 3D6 = 6, bleeding 2D4 = 3, site 60
    // (external), 2D20 = 2 rounds.
    let faces = [17, 60, 53, 3, 4, 78, 10, 1, 2, 3, 1, 2, 60, 1, 1];
    let r = strike(
        &arlos(14, Card::C),
        &bailor(12, Card::B),
        &options(),
        &faces,
    );
    let w = only_wound(&r);
    assert_eq!(w.pain, 3.5 + 12.0);
    assert_eq!(w.bleeding.unwrap().per_round, 6);
    assert!(!w.bleeding.unwrap().internal);
    assert_eq!(
        w.critical.as_ref().unwrap().consequences,
        vec![Consequence::Recorded("genitals severed".into())]
    );
    let mut t = bailor(12, Card::B);
    t.male = false;
    let r = strike(&arlos(14, Card::C), &t, &options(), &faces);
    let w = only_wound(&r);
    assert_eq!(w.pain, 3.5 + 6.0);
    assert_eq!(w.bleeding.unwrap().per_round, 3);
    assert!(w.critical.as_ref().unwrap().consequences.is_empty());
}

#[test]
fn criticals_16_15_6_broken_neck_death_in_game_minutes_is_rounds() {
    // 10 Broken neck, effects 70: unconscious, death in 1D3 = 2 game
    // minutes = 24 rounds. Pain 3D6, bleeding 1D3 (internal), 2D20.
    let r = aimed_pc1(
        BodyArea::Neck,
        &bailor(0, Card::C),
        &[10, 70, 1, 1, 1, 1, 2, 1, 1],
    );
    let c = only_wound(&r).critical.as_ref().unwrap();
    assert_eq!(
        c.consequences,
        vec![
            Consequence::Unconscious { minutes: None },
            Consequence::DiesIn { rounds: 24 }
        ]
    );
}

#[test]
fn criticals_16_15_5_points_become_per_cent_of_the_score() {
    // 55 Jaw shattered, effects 30: lose 1D10 = 4 teeth in 1D6 = 3 days,
    // Physical Beauty -1D6 = 3 points of 12: 25 %. Pain 2D3, bleeding 1
    // (site 80: external), 2D20.
    let mut t = bailor(0, Card::C);
    t.scores.physical_beauty = Some(12);
    let faces = [55, 30, 1, 2, 80, 4, 3, 3, 1, 1];
    let r = aimed_pc1(BodyArea::Head, &t, &faces);
    let c = only_wound(&r).critical.as_ref().unwrap();
    assert_eq!(
        c.consequences,
        vec![
            Consequence::Recorded("loses 4 teeth within 3 days".into()),
            Consequence::ReduceRequisite {
                requisite: Requisite::PhysicalBeauty,
                percent: 25
            },
        ]
    );
    // Without the score the loss is only recorded.
    let r = aimed_pc1(BodyArea::Head, &bailor(0, Card::C), &faces);
    let c = only_wound(&r).critical.as_ref().unwrap();
    assert_eq!(
        c.consequences[1],
        Consequence::Recorded("Physical Beauty -3 points".into())
    );
}

#[test]
fn mid_action_16_9_4_1_ignore_counts_as_g_and_helpless_and_may_spoil() {
    let mut t = bailor(12, Card::C);
    t.apv = [60; 6];
    t.mid_action = Some(MidAction::Ignore);
    // C on the +2 row is 25, +25 for G, +25 helpless: 75.
    // 70 strikes; upper body, 20 on plate: nd. Spoil: 2D12+75 = 77, 50: spoiled.
    let r = strike(&arlos(14, Card::C), &t, &options(), &[70, 35, 20, 1, 1, 50]);
    assert_eq!(r.defence_card, Card::G);
    let th = threshold_of(&r);
    assert_eq!(th.total, 75);
    assert_eq!(said(&th.modifiers[1]), ("Bailor helpless".into(), 25));
    assert_eq!(r.wounds().count(), 0);
    assert!(r.action_spoiled());
    assert!(
        r.to_string()
            .ends_with("Bailor's action spoiled (chance 2D12+75 = 77 (1+1), rolled 50)"),
        "{r}"
    );
    // 90 over 77: the action goes on.
    let r = strike(&arlos(14, Card::C), &t, &options(), &[70, 35, 20, 1, 1, 90]);
    assert!(!r.action_spoiled());
    // Unbalanced (56 on plate: p1): spoiled outright, no roll.
    let r = strike(&arlos(14, Card::C), &t, &options(), &[70, 35, 56, 3, 4]);
    assert_eq!(r.spoil, Some(Spoil::Unbalanced));
    // A miss spoils nothing.
    let r = strike(&arlos(14, Card::C), &t, &options(), &[80]);
    assert_eq!(r.spoil, None);
}

#[test]
fn mid_action_16_9_4_1_defend_counts_as_g_and_ruins_the_action() {
    let mut t = bailor(12, Card::C);
    t.mid_action = Some(MidAction::Defend);
    let r = strike(&arlos(14, Card::C), &t, &options(), &[90]);
    assert_eq!(threshold_of(&r).total, 50);
    assert!(!r.struck());
    assert_eq!(r.spoil, Some(Spoil::Defended));
    assert!(r.action_spoiled());
}

#[test]
fn melee_16_9_4_1_prone_or_helpless_target_option() {
    let mut t = bailor(12, Card::G);
    t.prone_or_helpless = true;
    let mut o = options();
    o.helpless_modifier = 40;
    let r = strike(&arlos(14, Card::C), &t, &o, &[100]);
    assert_eq!(threshold_of(&r).total, 25 + 25 + 40);
}

fn card(i: usize) -> Card {
    Card::ALL[i % Card::ALL.len()]
}

proptest! {
    #[test]
    fn melee_16_10_never_panics_and_wounds_are_never_negative(
        (cf, target_cf, attacker, defender) in (-60i32..160, -60i32..160, 0usize..7, 0usize..7),
        (weapon, quality, form, level, choice) in (0usize..29, 0usize..6, 0usize..15, 0u32..6, 0usize..4),
        apv in proptest::array::uniform6(0u32..130),
        armour in proptest::array::uniform6(proptest::option::of(0usize..6)),
        (shield, mid, aim, helpless, male) in (
            proptest::option::of((0usize..3, 0u32..80, -10i32..120)),
            0usize..3,
            proptest::option::of(0usize..6),
            any::<bool>(),
            any::<bool>(),
        ),
        (strength, dexterity, martial, beauty, seed) in (1i32..30, 1i32..30, 0u32..12, proptest::option::of(0i32..20), any::<u64>()),
    ) {
        let t = tables();
        let striker = Striker {
            name: "S".into(),
            cf: CombatFactor(cf),
            card: card(attacker),
            weapon: WeaponKind::ALL[weapon],
            quality: Quality::ALL[quality],
            level,
            die_choice: choice,
            strength,
            dexterity: f64::from(dexterity),
            martial_arts_level: martial,
            to_hit_bonus: 0,
            damage_factor: 1.0,
        };
        let target = Target {
            name: "T".into(),
            cf: CombatFactor(target_cf),
            card: card(defender),
            body_form: BodyForm::ALL[form],
            apv,
            armour: armour.map(|a| a.map(|i| ArmourMaterial::ALL[i])),
            shield: shield.map(|(m, apv, check)| ShieldUse {
                material: ShieldMaterial::ALL[m],
                apv,
                check,
            }),
            mid_action: [None, Some(MidAction::Defend), Some(MidAction::Ignore)][mid],
            prone_or_helpless: helpless,
            dodge: None,
            male,
            scores: Scores {
                physical_beauty: beauty,
                ..Scores::default()
            },
        };
        let opts = StrikeOptions {
            aim: aim.map(|i| BodyArea::ALL[i]),
            similar_body_form: helpless,
            ..StrikeOptions::new(t)
        };
        let report = resolve_strike(&striker, &target, &opts, t, &mut Dice::seeded(seed));
        let _ = report.to_string();
        let _ = report.symptoms();
        for w in report.wounds() {
            prop_assert!(w.damage >= 0);
            prop_assert!(w.pain >= 0.0);
        }
        if !report.struck() {
            prop_assert_eq!(report.wounds().count(), 0);
        }
    }
}

#[test]
fn melee_16_15_4_w_a_damaged_weapon_does_its_share() {
    // The short sword lost half its damage factor to an earlier `w` check:
    // 2D6 rolls 5 + 4 = 9, of which it does 4 (rounded down).
    let mut s = arlos(14, Card::C);
    s.damage_factor = 0.5;
    let r = strike(&s, &bailor(12, Card::B), &options(), &[17, 35, 40, 5, 4]);
    assert_eq!(r.blow().unwrap().hits[0].damage.as_ref().unwrap().damage, 4);
}

#[test]
fn melee_16_11_a_landed_blow_rolls_no_to_hit_and_adds_the_penetration_modifiers() {
    let t = tables();
    let s = arlos(14, Card::A);
    let target = bailor(12, Card::B);
    let mut o = options();
    o.penetration.push(Modifier::new("trample", 30));
    // A raised shield is ignored: a trample is not parried (16.11).
    let mut dice = Dice::seeded(7);
    let r = resolve_landed_blow(&s, &target, &o, t, &mut dice);
    assert!(r.struck());
    let blow = r.blow().unwrap();
    assert!(
        blow.penetration_modifiers
            .iter()
            .any(|m| said(m) == ("trample".into(), 30))
    );
    assert!(blow.shield.is_none());
    assert!(r.to_string().contains("lands without a to-hit roll"), "{r}");
}

/// A modifier as the log writes it: its source in words, and its value.
fn said(m: &Modifier) -> (String, i32) {
    (m.source.to_string(), m.value)
}

#[test]
fn s16_9_4_dodge_a_blow_passed_avoids_it_and_rolls_nothing_more() {
    // 16.9.4 "Dodge a blow": roll 10 strikes (30 needed), the Dodge 20 within 33.
    let mut t = bailor(12, Card::B);
    t.dodge = Some(33);
    let r = strike(&arlos(14, Card::C), &t, &options(), &[10, 20]);
    assert!(!r.struck(), "{r}");
    assert!(r.dodge().is_some_and(|d| d.passed()));
    assert!(
        r.to_string()
            .contains("rolled 10 — strike, Bailor tries to dodge: 20 within 33 — dodged"),
        "{r}"
    );
}

#[test]
fn s16_9_4_dodge_a_blow_failed_the_blow_goes_on() {
    // Dodge 34 over 33: location 30 upper body, penetration 40 on APV 0: p,
    // damage 2D6 = 7.
    let mut t = bailor(12, Card::B);
    t.dodge = Some(33);
    let r = strike(&arlos(14, Card::C), &t, &options(), &[10, 34, 30, 40, 3, 4]);
    assert!(r.struck(), "{r}");
    assert!(r.to_string().contains("34 over 33 — not dodged"), "{r}");
    assert_eq!(only_wound(&r).damage, 7);
}

#[test]
fn s16_9_4_dodge_a_blow_a_miss_rolls_no_dodge() {
    let mut t = bailor(12, Card::B);
    t.dodge = Some(33);
    let r = strike(&arlos(14, Card::C), &t, &options(), &[31]);
    assert!(!r.struck() && r.dodge().is_none(), "{r}");
}

#[test]
fn s16_15_4_impaled_on_set_weapon_adds_15_to_penetration() {
    // Roll 10 strikes; location 30 upper body; penetration 40 +15 = 55 on
    // APV 0: pc1, so a critical follows — the script only needs to reach it.
    let opts = StrikeOptions {
        impaled: true,
        ..options()
    };
    let mods = penetration_modifiers(&arlos(14, Card::C), &opts, tables());
    assert_eq!(
        mods.last().map(|m| (m.source.clone(), m.value)),
        Some((Source::Impaled, 15))
    );
    let plain = penetration_modifiers(&arlos(14, Card::C), &options(), tables());
    assert!(plain.iter().all(|m| m.source != Source::Impaled));
    // On a blow, the report names it.
    let mut faces = vec![10, 30, 40];
    faces.extend([1; 40]);
    let mut dice = Dice::scripted(faces);
    let r = resolve_strike(
        &arlos(14, Card::C),
        &bailor(12, Card::A),
        &opts,
        tables(),
        &mut dice,
    );
    let text = r.to_string();
    assert!(
        text.contains("Bailor charged onto Arlos's set weapon: impaled, +15 to penetration"),
        "{text}"
    );
    assert!(text.contains("penetration 40 +15 → pc1"), "{text}");
}
