//! Scripted-dice tests of one missile shot, named after their sections.

use super::*;
use crate::rulesets::shakhan::rules::melee::fixtures::bailor;
use crate::rulesets::shakhan::rules::tables::tables;
use crate::rulesets::shakhan::rules::tables::weapons::{MissileKind, WeaponKind};

fn bow(msf: i32, max_range_m: f64) -> Shooter {
    Shooter {
        name: "Pètron".into(),
        msf,
        source: MissileSource::Launcher(MissileKind::CompositeBow),
        quality: Quality::Usual,
        max_range_m,
        vision: 11,
        strength: 11,
        projectile_kg: 0.05,
        magic_magnitude: None,
    }
}

fn clear() -> Conditions {
    Conditions {
        visibility_percent: 100,
        wind_kmh: 0.0,
        card: Card::G,
        moving: false,
    }
}

fn at(aim: Option<BodyArea>) -> Role {
    Role::Target { aim }
}

#[test]
fn s16_5_petron_msf_24_adds_to_the_mfrt_threshold() {
    // Pètron's MSF of 24 (16.5 example; derived in character::factors) at a
    // man-sized target (1.50-1.99 column, 16.15.14 note *) 20 m away with a
    // composite bow (75 m): base 30, +24, 17.5 m below half range: 1 step.
    let t = threshold(&bow(24, 75.0), &clear(), at(None), 20.0, 1.8, 0, tables());
    assert_eq!(t.base, 30);
    assert_eq!(t.msf, 24);
    assert_eq!(t.total, 30 + 24 + 1);
}

#[test]
fn s16_15_14_long_range_example_penalty_2() {
    // A 100 m weapon at 70 m: 20 m past half range, the threshold 2 lower.
    let s = bow(0, 100.0);
    let t = threshold(&s, &clear(), at(None), 70.0, 1.8, 0, tables());
    assert_eq!(t.total, t.base - 2);
}

#[test]
fn s16_15_14_short_range_example_bonus_3() {
    // An 80 m weapon at 10 m: 30 m below half range, the threshold 3 higher.
    let s = bow(0, 80.0);
    let t = threshold(&s, &clear(), at(None), 10.0, 1.8, 0, tables());
    assert_eq!(t.total, t.base + 3);
}

#[test]
fn s16_15_14_every_modifier_lowers_or_raises_the_threshold() {
    let mut s = bow(10, 80.0);
    s.vision = 17;
    s.magic_magnitude = Some(2);
    let c = Conditions {
        visibility_percent: 30,
        wind_kmh: 45.0,
        card: Card::C,
        moving: true,
    };
    let t = threshold(&s, &c, at(None), 40.0, 1.8, 35, tables());
    // visibility 30%: 25 + 20 = 45; wind 2 steps = 10; cover 3 steps = 15;
    // Vision 17 = -2; card C 10; moving 20; magic 2 Magnitudes = -6.
    let penalties = 45 + 10 + 15 - 2 + 10 + 20 - 6;
    assert_eq!(t.total, t.base + 10 - penalties);
    assert_eq!(t.modifiers.len(), 7);
}

#[test]
fn s16_15_14_natural_01_strikes_and_00_misses() {
    let low = threshold(&bow(-80, 75.0), &clear(), at(None), 60.0, 0.2, 0, tables());
    assert!(low.total < 1);
    let hit = roll("Bailor", at(None), low, tables(), &mut Dice::scripted([1]));
    assert!(hit.struck && hit.natural_rule);
    let high = threshold(&bow(90, 75.0), &clear(), at(None), 2.0, 1.8, 0, tables());
    let miss = roll(
        "Bailor",
        at(None),
        high,
        tables(),
        &mut Dice::scripted([100]),
    );
    assert!(!miss.struck && miss.natural_rule);
}

#[test]
fn s16_12_1_aimed_shot_at_half_msf_on_the_areas_column() {
    // The head of a 1.8 m man is about 1/7 of him: 0.26 m, the 0.01-0.49
    // column, three to the right of his own 1.50-1.99 (the book: "at least
    // two or three columns to the right").
    let s = bow(24, 75.0);
    let whole = threshold(&s, &clear(), at(None), 20.0, 1.8, 0, tables());
    let head = threshold(
        &s,
        &clear(),
        at(Some(BodyArea::Head)),
        20.0,
        1.8,
        0,
        tables(),
    );
    assert_eq!(whole.base, 30);
    assert_eq!(head.base, 5);
    assert_eq!(head.msf, 12);
    assert_eq!(head.aimed_percent, Some(50));
}

#[test]
fn s16_12_1_in_the_way_the_msf_lowers_the_chance_and_a_warned_friend_halves_it() {
    let s = bow(24, 75.0);
    let foe = threshold(
        &s,
        &clear(),
        Role::InTheWay {
            warned_friend: false,
        },
        5.0,
        1.8,
        0,
        tables(),
    );
    // 5 m, man-sized: 60; MSF 24 taken off; 32.5 m below half range: +3.
    assert_eq!(foe.base, 60);
    assert_eq!(foe.msf, -24);
    assert_eq!(foe.total, 60 - 24 + 3);
    let friend = threshold(
        &s,
        &clear(),
        Role::InTheWay {
            warned_friend: true,
        },
        5.0,
        1.8,
        0,
        tables(),
    );
    assert!(friend.halved);
    assert_eq!(friend.total, (60 - 24 + 3) / 2);
}

#[test]
fn s16_15_4_penetration_long_range_example_minus_4() {
    // A 100 m weapon strikes at 70 m: 20 m past half, -4 on penetration.
    let mut s = bow(0, 100.0);
    s.source = MissileSource::Launcher(MissileKind::LongBow);
    // Location 30 upper body; penetration 50; damage 1D3 = 2.
    let mut dice = Dice::scripted([30, 50, 2]);
    let b = blow(
        &s,
        &bailor(10, Card::C),
        70.0,
        None,
        70.0,
        tables(),
        &mut dice,
    );
    let m: Vec<i32> = b
        .blow
        .penetration_modifiers
        .iter()
        .map(|m| m.value)
        .collect();
    // Long Bow Usual A -5 (weapons.ron), velocity -4, no Strength for a bow.
    assert_eq!(m[1], -4);
    assert_eq!(m.len(), 2);
    assert_eq!(dice.scripted_left(), 0);
}

#[test]
fn s16_15_4_penetration_short_range_example_plus_6() {
    // An 80 m weapon strikes at 10 m: 30 m below half, +6 on penetration.
    let s = bow(0, 80.0);
    let mut dice = Dice::scripted([30, 20, 2]);
    let b = blow(
        &s,
        &bailor(10, Card::C),
        70.0,
        None,
        10.0,
        tables(),
        &mut dice,
    );
    assert_eq!(b.blow.penetration_modifiers[1].value, 6);
}

#[test]
fn s16_15_4_thrown_weapons_add_the_throwers_strength() {
    let mut s = bow(0, 24.0);
    s.source = MissileSource::Thrown(WeaponKind::Javelin);
    s.strength = 17;
    let mut dice = Dice::scripted([30, 20, 1, 1]);
    let b = blow(
        &s,
        &bailor(10, Card::C),
        70.0,
        None,
        12.0,
        tables(),
        &mut dice,
    );
    let strength = b.blow.penetration_modifiers.last().unwrap();
    assert_eq!(strength.value, 2);
    assert!(strength.source.to_string().contains("Strength 17"));
}

#[test]
fn s16_12_1_an_arrow_does_not_unbalance_without_a_critical() {
    // Leather on the upper body (APV 20): penetration 56 is p1 — no
    // critical, a 0.05 kg arrow against 70 kg: the 1 is struck out.
    let mut target = bailor(10, Card::C);
    target.apv = [20; 6];
    let s = bow(0, 75.0);
    // Location 30 upper body; penetration 56 - 5 (Usual A) + 0 velocity at
    // 37.5 m = 51: p1; damage 1D3 = 2.
    let mut dice = Dice::scripted([30, 56, 2]);
    let b = blow(&s, &target, 70.0, None, 37.5, tables(), &mut dice);
    assert!(!b.may_unbalance);
    let w = b.blow.hits[0].wound.as_ref().unwrap();
    assert_eq!((w.damage, w.unbalanced), (2, 0));
}

#[test]
fn s16_12_1_a_heavy_or_magical_projectile_unbalances() {
    let mut target = bailor(10, Card::C);
    target.apv = [20; 6];
    let mut s = bow(0, 75.0);
    s.projectile_kg = 10.5;
    let mut dice = Dice::scripted([30, 56, 2]);
    let b = blow(&s, &target, 70.0, None, 37.5, tables(), &mut dice);
    assert!(b.may_unbalance);
    assert_eq!(b.blow.hits[0].wound.as_ref().unwrap().unbalanced, 1);
    let mut s = bow(0, 75.0);
    s.magic_magnitude = Some(1);
    let mut dice = Dice::scripted([30, 56, 2]);
    let b = blow(&s, &target, 70.0, None, 37.5, tables(), &mut dice);
    assert!(b.may_unbalance);
}

#[test]
fn s16_12_1_an_aimed_missile_that_strikes_lands_where_aimed() {
    // No location roll; penetration 20 - 5 (Usual A) = 15: p on skin.
    let s = bow(0, 75.0);
    let mut dice = Dice::scripted([20, 3]);
    let b = blow(
        &s,
        &bailor(10, Card::C),
        70.0,
        Some(BodyArea::Legs),
        37.5,
        tables(),
        &mut dice,
    );
    assert_eq!(b.blow.location.areas, vec![BodyArea::Legs]);
    assert_eq!(b.blow.hits[0].wound.as_ref().unwrap().damage, 3);
}

#[test]
fn s16_12_1_a_missile_that_strikes_nothing_flies_max_range_plus_or_minus_1d6() {
    let mut dice = Dice::scripted([4, 2]);
    let o = overshoot(50.0, tables(), &mut dice);
    assert_eq!(o.landed_m, 46.0);
    let mut dice = Dice::scripted([4, 5]);
    assert_eq!(overshoot(50.0, tables(), &mut dice).landed_m, 54.0);
}

#[test]
fn s16_5_2_reload_times_by_weapon() {
    let t = tables();
    let ap = |s| reload_ap(s, t);
    assert_eq!(ap(MissileSource::Launcher(MissileKind::ShortBow)), 6.0);
    assert_eq!(ap(MissileSource::Launcher(MissileKind::HeavyCrossbow)), 8.0);
    assert_eq!(ap(MissileSource::Thrown(WeaponKind::Dagger)), 3.0);
    assert_eq!(ap(MissileSource::Thrown(WeaponKind::Javelin)), 4.0);
}

#[test]
fn s16_15_14_maximum_ranges_and_types_of_sources() {
    let t = tables();
    let javelin = MissileSource::Thrown(WeaponKind::Javelin);
    assert_eq!(missile_type(javelin, t), MissileType::ThrownPointed);
    assert_eq!(max_range_m(javelin, 12, t), 24.0);
    let dagger = MissileSource::Thrown(WeaponKind::Dagger);
    assert_eq!(missile_type(dagger, t), MissileType::ThrownBladed);
    let bow = MissileSource::Launcher(MissileKind::LongBow);
    assert_eq!(missile_type(bow, t), MissileType::Longbow);
    assert_eq!(max_range_m(bow, 12, t), 100.0);
}
