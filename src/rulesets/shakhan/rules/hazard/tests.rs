use super::*;
use crate::rulesets::shakhan::rules::Card;
use crate::rulesets::shakhan::rules::condition::{Condition, Limbs, Reserves, StartingState};
use crate::rulesets::shakhan::rules::melee::fixtures::bailor;
use crate::rulesets::shakhan::rules::tables::tables;

/// Agility 12, Constitution 10, Willpower 10, BDR 20; no critical checks
/// unless asked.
fn victim(target: &Target) -> Victim<'_> {
    Victim {
        target,
        agility: 12,
        adjusted_agility: 12,
        constitution: 10,
        willpower: 10,
        bdr: 20,
        dodge_dmod: 3.0,
        critical_checks: false,
    }
}

/// Resolve with exactly these faces.
fn run(h: Hazard, v: &Victim, faces: &[u32]) -> HazardOutcome {
    let mut dice = Dice::scripted(faces.iter().copied());
    let o = resolve(&h, v, tables(), &mut dice);
    assert_eq!(dice.scripted_left(), 0, "unused dice: {o:?}");
    o
}

fn consequences(o: &HazardOutcome) -> &[Consequence] {
    o.wound
        .critical
        .as_ref()
        .map_or(&[], |c| c.consequences.as_slice())
}

#[test]
fn s16_13_7_a_resisted_poison_does_nothing() {
    let t = bailor(10, Card::G);
    // Constitution 10 × 3 = 30: 30 passes.
    let o = run(
        Hazard::Poison {
            intensity: 9,
            resist_dmod: None,
            sleeping: false,
        },
        &victim(&t),
        &[30],
    );
    assert_eq!((o.wound.damage, o.wound.pain), (0, 0.0));
}

#[test]
fn s16_13_7_intensity_3_pain_1d6_damage_1d8() {
    let t = bailor(10, Card::G);
    // Fails 31 against 30; pain 1D6 = 4, damage 1D8 = 6 (+3 Pain for it).
    let o = run(
        Hazard::Poison {
            intensity: 3,
            resist_dmod: None,
            sleeping: false,
        },
        &victim(&t),
        &[31, 4, 6],
    );
    assert_eq!((o.wound.damage, o.wound.pain), (6, 7.0));
    assert!(consequences(&o).is_empty());
}

#[test]
fn s16_13_7_intensity_10_failed_save_dies_in_1d6_rounds() {
    let t = bailor(10, Card::G);
    // Resist fails; pain 1D12+3 = 5+3, damage 1D20+4 = 10+4; save
    // (10 + 10) × 0.5 = 10: 11 fails; death in 1D6 = 3 rounds.
    let o = run(
        Hazard::Poison {
            intensity: 10,
            resist_dmod: None,
            sleeping: false,
        },
        &victim(&t),
        &[90, 5, 10, 11, 3],
    );
    assert_eq!(o.wound.damage, 14);
    assert_eq!(consequences(&o), &[Consequence::DiesIn { rounds: 3 }]);
}

#[test]
fn s16_13_7_a_fractional_saving_throw_keeps_its_fraction() {
    let t = bailor(10, Card::G);
    let mut v = victim(&t);
    v.constitution = 11;
    // Resist 11 x 3 = 33: 90 fails; pain 5+3, damage 10+4; the save
    // (11 + 10) x 0.5 = 10.5 is missed by 11; death in 1D6 = 3 rounds.
    let o = run(
        Hazard::Poison {
            intensity: 10,
            resist_dmod: None,
            sleeping: false,
        },
        &v,
        &[90, 5, 10, 11, 3],
    );
    assert_eq!(consequences(&o), &[Consequence::DiesIn { rounds: 3 }]);
}

#[test]
fn s16_13_7_intensity_0_sleeping_poison_sends_to_sleep_without_pain() {
    let t = bailor(10, Card::G);
    // Resist fails; (10 + 10) × 3 = 60: 61 fails; asleep 1D10 = 4 minutes.
    let o = run(
        Hazard::Poison {
            intensity: 0,
            resist_dmod: None,
            sleeping: true,
        },
        &victim(&t),
        &[31, 61, 4],
    );
    assert_eq!(o.wound.pain, 0.0);
    assert_eq!(
        consequences(&o),
        &[Consequence::Unconscious { minutes: Some(4) }]
    );
}

#[test]
fn s16_13_7_intensity_15_kills_without_a_saving_throw() {
    let t = bailor(10, Card::G);
    let o = run(
        Hazard::Poison {
            intensity: 15,
            resist_dmod: Some(0.0),
            sleeping: false,
        },
        &victim(&t),
        &[1, 1],
    );
    assert_eq!(consequences(&o), &[Consequence::DiesNow]);
}

#[test]
fn s16_13_8_level_3_is_3d6_halved_by_the_save_and_may_be_permanent() {
    let t = bailor(10, Card::G);
    // 3D6 = 4+5+6 = 15; save (12 + 10) × 1.5 = 33: 20 passes → 7;
    // permanence 50: 50 → permanent.
    let o = run(
        Hazard::Temperature {
            level: 3,
            save_dmod: None,
        },
        &victim(&t),
        &[4, 5, 6, 20, 50],
    );
    assert_eq!(o.wound.damage, 7);
    assert_eq!(o.aftermath.len(), 1, "{o:?}");
}

#[test]
fn s16_13_8_example_level_7_calls_for_two_critical_checks() {
    let t = bailor(10, Card::G);
    let mut v = victim(&t);
    v.critical_checks = true;
    // 7D6 all 1s = 7; save fails (90); two checks at 33 pass (1, 1);
    // permanence 51: not permanent.
    let o = run(
        Hazard::Temperature {
            level: 7,
            save_dmod: None,
        },
        &v,
        &[1, 1, 1, 1, 1, 1, 1, 90, 1, 1, 51],
    );
    assert_eq!(o.wound.damage, 7);
    assert_eq!(
        o.lines
            .iter()
            .filter(|l| l.contains("against a Critical Hit"))
            .count(),
        2
    );
    assert!(o.aftermath.is_empty());
}

#[test]
fn s16_13_9_example_30_kmh_is_3d3_and_one_check() {
    let t = bailor(10, Card::G);
    // A two-second fall: 10 + 2 × 10 = 30 km/h; 3D3 = 2+3+1; (12 + 10) ×
    // 1.5 = 33: 33 passes.
    let o = run(Hazard::Fall { seconds: 2 }, &victim(&t), &[2, 3, 1, 33]);
    assert_eq!(o.wound.damage, 6);
    assert!(o.wound.critical.is_none());
}

#[test]
fn s16_13_9_example_40_kmh_needs_two_checks_and_a_failure_is_a_concussive_critical() {
    let t = bailor(10, Card::G);
    let mut dice = Dice::seeded(5);
    let o = resolve(
        &Hazard::Impact { kmh: 40 },
        &victim(&t),
        tables(),
        &mut dice,
    );
    assert_eq!(
        o.lines
            .iter()
            .filter(|l| l.contains("against a Critical Hit"))
            .count(),
        2
    );
    // Every failed check is one Critical Hit.
    let failed = o.lines.iter().filter(|l| l.ends_with("failed")).count();
    let criticals = o
        .lines
        .iter()
        .filter(|l| l.starts_with("critical hit"))
        .count();
    assert_eq!(failed, criticals);
}

#[test]
fn s16_13_10_a_dodged_spray_does_nothing() {
    let t = bailor(10, Card::G);
    let o = run(
        Hazard::Acid {
            intensity: 3,
            exposure: AcidExposure::Splash,
        },
        &victim(&t),
        &[36],
    );
    assert_eq!(o.wound.damage, 0);
}

#[test]
fn s16_13_10_acid_loses_a_level_each_round() {
    let t = bailor(10, Card::G);
    // Dodge 12 × 3 = 36 fails (37); lasts 1D6 = 3 rounds: 2D4 (3+4),
    // 1D4 (2), then level 0 stops; eyes 31 over 30 spared; permanent 99 no.
    let o = run(
        Hazard::Acid {
            intensity: 2,
            exposure: AcidExposure::Splash,
        },
        &victim(&t),
        &[37, 3, 3, 4, 2, 31, 99],
    );
    assert_eq!(o.wound.damage, 9);
}

#[test]
fn s16_13_10_acid_in_the_eyes_is_recorded() {
    let t = bailor(10, Card::G);
    // Immersion: 2D6 = 1+1 = 2 rounds at 1D6 a level (level 1): 5, then 0;
    // eyes 90: 10 reached, 1D10 = 8 two eyes, blind after 2D6 = 7.
    let o = run(
        Hazard::Acid {
            intensity: 1,
            exposure: AcidExposure::Immersion,
        },
        &victim(&t),
        &[1, 1, 5, 10, 8, 3, 4, 99],
    );
    assert_eq!(o.wound.damage, 5);
    assert!(matches!(consequences(&o), [Consequence::Recorded(s)] if s.contains("Two")));
}

#[test]
fn s16_13_11_example_third_round_dmod_5() {
    let t = bailor(10, Card::G);
    // (10 + 10) × 5 = 100: a 00 still passes; round 3 exerting is DMod 4: 81 fails.
    let o = run(
        Hazard::Suffocation {
            round: 3,
            exerting: false,
        },
        &victim(&t),
        &[100],
    );
    assert!(consequences(&o).is_empty());
    let o = run(
        Hazard::Suffocation {
            round: 3,
            exerting: true,
        },
        &victim(&t),
        &[81],
    );
    assert_eq!(
        consequences(&o),
        &[Consequence::Unconscious { minutes: None }]
    );
    assert_eq!(o.aftermath.len(), 1);
}

#[test]
fn s16_13_12_life_drain_is_recorded_for_the_sheet() {
    let t = bailor(10, Card::G);
    let o = run(Hazard::LifeDrain { levels: 2 }, &victim(&t), &[]);
    assert_eq!(o.wound.damage, 0);
    assert!(matches!(consequences(&o), [Consequence::Recorded(_)]));
    assert_eq!(o.aftermath.len(), 1);
}

#[test]
fn s16_13_13_radiation_through_wood_and_its_band() {
    let t = bailor(10, Card::G);
    // Two minutes through 1 m of wood: 2D6-3 = (4+5)-3 = 6, (6+6)-3 = 9 → 15
    // of BDR 20 = 75 %: band 61–80, insanity 60: 61 no.
    let o = run(
        Hazard::Radiation {
            minutes: 2,
            shielding: vec![(Shielding::Wood, 1)],
        },
        &victim(&t),
        &[4, 5, 6, 6, 61],
    );
    assert_eq!(o.wound.damage, 15);
    assert!(o.lines.iter().any(|l| l == "75 % of the BDR lost"));
    assert_eq!(o.aftermath.len(), 3, "{:?}", o.aftermath);
}

fn condition() -> Condition {
    Condition::new(
        Reserves {
            bdr: 30,
            fpr: 30,
            pain_reserve: 50,
            willpower: 10,
        },
        Limbs::of(crate::rulesets::shakhan::rules::BodyForm::BipedalHumanoid),
        &StartingState::default(),
    )
}

#[test]
fn s16_13_5_and_16_13_6_aftermath_checks_follow_the_wounds() {
    let mut c = condition();
    assert!(aftermath_checks(&c, false, &[]).is_empty());
    c.apply_wound(&Wound {
        area: BodyArea::UpperBody,
        damage: 3,
        pain: 1.5,
        unbalanced: 0,
        bleeding: None,
        critical: Some(CriticalWound {
            injuries: vec![crate::rulesets::shakhan::rules::wound::InjuryNote {
                name: "Stomach punctured".into(),
                symptom: "clutches the belly".into(),
                obvious: false,
            }],
            consequences: vec![Consequence::Recorded("infection chance +50%".into())],
            internal_organ: true,
        }),
    });
    let checks = aftermath_checks(&c, false, &["dies of the poison in 2 game days".into()]);
    assert_eq!(
        checks,
        vec![
            AftermathCheck::InternalOrgans,
            AftermathCheck::Infection {
                increases: vec!["infection chance +50%".into()]
            },
            AftermathCheck::Note("dies of the poison in 2 game days".into()),
        ]
    );
}
