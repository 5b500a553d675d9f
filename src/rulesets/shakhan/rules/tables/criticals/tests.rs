use super::*;

use Visibility::{External as E, Internal as I, MaybeInternal as M};

const TEXT: &str = include_str!("../../../../../../assets/shakhan/criticals.ron");

fn tables() -> CriticalTables {
    load().unwrap_or_else(|e| panic!("{e}"))
}

fn p(v: u8) -> Percentile {
    Percentile::new(v).unwrap()
}

fn dice(text: &str) -> DiceExpr {
    text.parse().unwrap()
}

fn injury(table: &CriticalTable, roll: u8) -> &Injury {
    match table.row(p(roll)).1 {
        CriticalRow::Injury(injury) => injury,
        CriticalRow::RollTwice => panic!("{roll} is Roll Twice"),
    }
}

/// The outcome a row's effects sub-roll lands on (no references followed).
fn outcome(injury: &Injury, roll: u8) -> &[Effect] {
    injury
        .effects
        .roll
        .as_ref()
        .expect("has a sub-roll")
        .get(p(roll))
        .1
}

/// A copy of the embedded text with one exact change, which must apply once.
fn edited(from: &str, to: &str) -> String {
    assert_eq!(TEXT.matches(from).count(), 1, "`{from}` must occur once");
    TEXT.replacen(from, to, 1)
}

fn refused(text: &str) -> String {
    from_text(text)
        .expect_err("the edited table must be refused")
        .to_string()
}

type Row = (
    u8,
    u8,
    &'static str,
    &'static str,
    Option<(&'static str, Visibility)>,
);

/// Every row against the book: range, name, Pain, Bleeding and its mark.
/// Each table ends with 99–00 Roll Twice (Pain and Bleeding "na").
fn check_rows(area: BodyArea, expected: &[Row]) {
    let t = tables();
    let rows: Vec<_> = t.table(area).rows().collect();
    assert_eq!(rows.len(), expected.len() + 1, "{area:?} row count");
    for ((range, row), (lo, hi, name, pain, bleeding)) in rows.iter().zip(expected) {
        let at = format!("{area:?} {range}");
        assert_eq!((range.lo(), range.hi()), (*lo, *hi), "{at}");
        let CriticalRow::Injury(injury) = row else {
            panic!("{at} should be an injury");
        };
        assert_eq!(injury.name, *name, "{at}");
        assert_eq!(injury.pain, dice(pain), "{at}");
        let got = injury
            .bleeding
            .as_ref()
            .map(|b| (b.dice.clone(), b.visibility));
        assert_eq!(got, bleeding.map(|(d, v)| (dice(d), v)), "{at}");
    }
    let (range, last) = rows.last().unwrap();
    assert_eq!((range.lo(), range.hi()), (99, 100));
    assert!(matches!(last, CriticalRow::RollTwice), "{area:?} 99-00");
}

#[test]
fn criticals_16_15_5_head_rows() {
    check_rows(
        BodyArea::Head,
        &[
            (1, 20, "Skull fracture", "1D10", Some(("1D6", I))),
            (21, 30, "Major nerve severed", "1D20", Some(("1", I))),
            (31, 40, "Nasal system shattered", "1D4", Some(("1", M))),
            (
                41,
                50,
                "Teeth knocked out / tongue severed",
                "2D4",
                Some(("1", M)),
            ),
            (51, 60, "Jaw or chin shattered", "2D3", Some(("1", M))),
            (
                61,
                70,
                "Ears or auditory system severed",
                "1D6",
                Some(("1", E)),
            ),
            (
                71,
                80,
                "Eyes or visual system destroyed",
                "2D6",
                Some(("1D2", E)),
            ),
            (81, 95, "Brain damage", "1D12", Some(("1D4", I))),
            (96, 98, "Severe scarring", "1D3", Some(("1", E))),
        ],
    );
}

#[test]
fn criticals_16_15_6_neck_rows() {
    check_rows(
        BodyArea::Neck,
        &[
            (1, 20, "Broken neck", "3D6", Some(("1D3", I))),
            (
                21,
                25,
                "Fractured cerebrospinal vertebra",
                "2D6",
                Some(("1", I)),
            ),
            (26, 30, "Severe glandular damage", "1D3", Some(("1", I))),
            (
                31,
                40,
                "Vocal chords punctured or severed",
                "1D4",
                Some(("1D3", M)),
            ),
            (
                41,
                50,
                "Windpipe punctured or severed",
                "1D3",
                Some(("1D3", M)),
            ),
            (
                51,
                60,
                "Minor vein or artery severed",
                "1D4",
                Some(("2D4", E)),
            ),
            (
                61,
                75,
                "Major vein or artery severed",
                "1D6",
                Some(("3D4", E)),
            ),
            (76, 98, "Neck severed", "2D12", Some(("3D6", E))),
        ],
    );
}

#[test]
fn criticals_16_15_7_upper_body_rows() {
    check_rows(
        BodyArea::UpperBody,
        &[
            (1, 15, "Upper ribs broken", "1D10", Some(("1D6", I))),
            (
                16,
                25,
                "Upper spine severed or crushed",
                "1D20",
                Some(("2D6", I)),
            ),
            (
                26,
                30,
                "Severe muscle tissue damage",
                "3D4",
                Some(("1D3", I)),
            ),
            (31, 35, "Collarbone smashed", "1D6", Some(("1D3", I))),
            (36, 50, "Heart punctured", "2D8", Some(("4D6", I))),
            (51, 60, "Lung ruptured", "1D10", Some(("2D4", I))),
            (
                61,
                65,
                "Windpipe or Esophagus severed",
                "1D3",
                Some(("1D3", M)),
            ),
            (66, 70, "Diaphragm sliced", "1D8", Some(("1D3", I))),
            (
                71,
                80,
                "Minor vein or artery severed",
                "1D4",
                Some(("2D4", M)),
            ),
            (
                81,
                85,
                "Major vein or artery severed",
                "1D6",
                Some(("3D4", M)),
            ),
            (86, 98, "Thorax bisected", "2D12", Some(("3D8", I))),
        ],
    );
}

#[test]
fn criticals_16_15_8_lower_body_rows() {
    check_rows(
        BodyArea::LowerBody,
        &[
            (1, 5, "Hip joint shattered", "2D6", Some(("3D4", I))),
            (6, 10, "Pelvis shattered", "2D8", Some(("3D6", I))),
            (
                11,
                20,
                "Cervical spine severed or crushed",
                "1D20",
                Some(("2D6", I)),
            ),
            (21, 25, "Lower ribs broken", "1D10", Some(("1D6", I))),
            (26, 40, "Stomach punctured", "3D4", Some(("1D4", I))),
            (
                41,
                50,
                "Miscellaneous internal organ damaged",
                "1D8",
                Some(("1D6", I)),
            ),
            (51, 55, "Small intestine sliced", "2D6", Some(("1D6", I))),
            (56, 60, "Large intestine sliced", "2D6", Some(("1D8", I))),
            (61, 65, "Transverse colon sliced", "2D6", Some(("1D8", I))),
            (
                66,
                70,
                "Minor vein or artery severed",
                "1D4",
                Some(("2D4", M)),
            ),
            (
                71,
                75,
                "Major vein or artery severed",
                "1D6",
                Some(("3D4", M)),
            ),
            (76, 80, "Genital damage", "3D6", Some(("2D4", M))),
            (81, 98, "Disemboweled", "2D12", Some(("3D8", I))),
        ],
    );
}

#[test]
fn criticals_16_15_9_arms_rows() {
    check_rows(
        BodyArea::Arms,
        &[
            (
                1,
                10,
                "Severe damage to muscle tissue",
                "1D3",
                Some(("1D2", I)),
            ),
            (11, 15, "Shoulder joint shattered", "1D6", Some(("1D3", I))),
            (16, 20, "Proximal arm bone broken", "1D4", Some(("1D2", I))),
            (21, 25, "Elbow joint smashed", "1D4", Some(("1D2", I))),
            (26, 40, "Distal arm bone broken", "1D4", Some(("1D2", I))),
            (41, 45, "Wrist joint broken", "1D8", None),
            (46, 50, "Hand or finger bones broken", "1D3", None),
            (51, 55, "Fingers amputated", "2D3", Some(("1D4", E))),
            (56, 70, "Hand amputated at wrist", "1D6", Some(("1D8", E))),
            (
                71,
                85,
                "Distal arm amputated at elbow",
                "1D8",
                Some(("1D8+2", E)),
            ),
            (
                86,
                98,
                "Entire arm amputated at shoulder",
                "1D10",
                Some(("1D10", E)),
            ),
        ],
    );
}

#[test]
fn criticals_16_15_10_legs_rows() {
    check_rows(
        BodyArea::Legs,
        &[
            (
                1,
                5,
                "Severe damage to muscle tissue",
                "1D6",
                Some(("1D3", I)),
            ),
            (6, 10, "Hip joint shattered", "1D8", Some(("1D4", I))),
            (
                11,
                15,
                "Proximal leg bone (thighbone) broken",
                "1D8",
                Some(("1D4", I)),
            ),
            (16, 20, "Knee joint broken", "2D8", Some(("1D3", I))),
            (
                21,
                30,
                "Distal leg bone (shinbone) broken",
                "1D6",
                Some(("1D3", I)),
            ),
            (31, 40, "Ankle joint broken", "2D6", Some(("1D2", I))),
            (41, 45, "Foot or toe bones broken", "1D3", None),
            (46, 50, "Achilles tendon cut", "1D8", Some(("1D3", E))),
            (51, 55, "Toes amputated", "2D3", Some(("1D4", E))),
            (
                56,
                70,
                "Foot amputated at ankle",
                "1D6+1",
                Some(("1D8+1", E)),
            ),
            (
                71,
                85,
                "Distal leg amputated at knee",
                "1D8+1",
                Some(("1D8+3", E)),
            ),
            (
                86,
                98,
                "Entire leg amputated at thigh",
                "1D10+1",
                Some(("1D10+1", E)),
            ),
        ],
    );
}

#[test]
fn criticals_16_15_6_neck_roll_80_is_neck_severed_instant_death() {
    let t = tables();
    let neck = t.table(BodyArea::Neck);
    let severed = injury(neck, 80);
    assert_eq!(severed.name, "Neck severed");
    assert!(severed.obvious, "16.10 names a severed neck as obvious");
    let resolved = neck.resolve(severed, &mut Dice::scripted([]));
    assert_eq!(resolved.effects, [&Effect::Beheaded]);
    assert!(resolved.rolls.is_empty());
}

#[test]
fn criticals_16_15_5_skull_fracture_sub_rolls() {
    let t = tables();
    let skull = injury(t.table(BodyArea::Head), 1);
    assert!(!skull.obvious);
    assert_eq!(
        outcome(skull, 25),
        [
            Effect::Unconscious,
            Effect::Coma {
                chance_percent: 50,
                days: dice("1D100"),
                death_at_end_percent: 0
            }
        ]
    );
    assert_eq!(
        outcome(skull, 26),
        [Effect::Defects {
            count: dice("1D3"),
            kind: DefectKind::OrganicMental
        }]
    );
    let dying = [
        Effect::Unconscious,
        Effect::Death {
            after: Some(Delay {
                dice: dice("1D10"),
                unit: TimeUnit::GameMinutes,
            }),
        },
    ];
    assert_eq!(outcome(skull, 81), dying);
    assert_eq!(outcome(skull, 100), dying);
}

#[test]
fn criticals_16_15_5_to_10_roll_twice_rows_carry_no_injury() {
    let t = tables();
    for area in BodyArea::ALL {
        for roll in [99, 100] {
            assert!(
                matches!(t.table(area).row(p(roll)).1, CriticalRow::RollTwice),
                "{area:?} {roll}"
            );
        }
    }
}

#[test]
fn criticals_16_15_6_fractured_vertebra_rolls_as_broken_neck_minus_15() {
    let t = tables();
    let neck = t.table(BodyArea::Neck);
    let fractured = injury(neck, 21);
    // 10 - 15 is below 01: read as 01, paralysis.
    let low = neck.resolve(fractured, &mut Dice::scripted([10]));
    assert_eq!(
        low.effects,
        [&Effect::Paralysis {
            percent_of_limbs: dice("1D50+50")
        }]
    );
    assert_eq!(low.rolls[0].injury, "Broken neck");
    assert_eq!((low.rolls[0].natural, low.rolls[0].modified), (p(10), p(1)));
    // 75 - 15 = 60: mental defects, where a plain Broken neck 75 would kill.
    let mid = neck.resolve(fractured, &mut Dice::scripted([75]));
    assert_eq!(mid.rolls[0].range.to_string(), "41-60");
    // 00 - 15 = 85: still the fatal coma.
    let high = neck.resolve(fractured, &mut Dice::scripted([100]));
    assert!(matches!(high.effects[1], Effect::Death { after: Some(_) }));
}

#[test]
fn criticals_16_15_8_pelvis_rolls_as_hip_joint_plus_5() {
    let t = tables();
    let lower = t.table(BodyArea::LowerBody);
    let pelvis = injury(lower, 6);
    assert_eq!(pelvis.name, "Pelvis shattered");
    let r = lower.resolve(pelvis, &mut Dice::scripted([46]));
    assert_eq!((r.rolls[0].natural, r.rolls[0].modified), (p(46), p(51)));
    assert_eq!(r.rolls[0].injury, "Hip joint shattered");
    assert_eq!(r.effects.len(), 2, "51-00: all of the above");
    // 98 + 5 is past 00: read as 00.
    let r = lower.resolve(pelvis, &mut Dice::scripted([98]));
    assert_eq!(r.rolls[0].modified, p(100));
}

#[test]
fn criticals_16_15_7_diaphragm_rolls_as_lung_ruptured_with_its_lung_roll() {
    let t = tables();
    let upper = t.table(BodyArea::UpperBody);
    let diaphragm = injury(upper, 66);
    assert!(!diaphragm.internal_organ);
    let calm = upper.resolve(diaphragm, &mut Dice::scripted([80]));
    assert_eq!(calm.effects, [&Effect::MultiplyPainWhenExerting(2)]);
    assert!(!calm.internal_organ);
    // Diaphragm 81: as for Lung ruptured, whose lung roll 66 = all lungs and
    // effects roll 51 = lung unusable at once.
    let r = upper.resolve(diaphragm, &mut Dice::scripted([81, 66, 51]));
    assert_eq!(r.side_results, [SideResult::Lungs(Lungs::All)]);
    assert_eq!(
        r.effects,
        [&Effect::LungUnusable {
            cumulative_percent_per_round: None
        }]
    );
    assert_eq!(r.rolls.len(), 2);
    assert!(r.internal_organ, "the lung is an internal organ");
    let lung = injury(upper, 51);
    let r = upper.resolve(lung, &mut Dice::scripted([65, 1]));
    assert_eq!(r.side_results, [SideResult::Lungs(Lungs::One)]);
    assert_eq!(r.effects, [&Effect::ReduceCombatFactor { percent: 50 }]);
    assert_eq!(
        t.rules().death_without_lungs(),
        &Delay {
            dice: dice("1D6"),
            unit: TimeUnit::MeleeRounds
        }
    );
}

#[test]
fn criticals_16_15_8_misc_organ_side_roll_repaired() {
    let t = tables();
    let lower = t.table(BodyArea::LowerBody);
    let misc = injury(lower, 41);
    let Some(SideRoll::Organ(organs)) = &misc.side_roll else {
        panic!("misc organ rolls for the organ");
    };
    let at = |v| *organs.get(p(v)).1;
    assert_eq!(at(10), Organ::GallBladder);
    assert_eq!(at(75), Organ::Liver);
    assert_eq!(at(76), Organ::Pancreas, "printed 71-80 after 51-75");
    assert_eq!(at(80), Organ::Pancreas);
    assert_eq!(at(81), Organ::Appendix);
    assert_eq!(at(100), Organ::Other);
}

#[test]
fn criticals_16_15_8_hip_joint_sub_roll_repaired() {
    let t = tables();
    let hip = injury(t.table(BodyArea::LowerBody), 1);
    let pain = [Effect::MultiplyPainWhenExerting(2)];
    assert_eq!(outcome(hip, 25).len(), 1);
    assert_eq!(outcome(hip, 26), pain, "printed 25-50 after 11-25");
    assert_eq!(outcome(hip, 50), pain);
}

#[test]
fn criticals_16_15_8_intestines_gutting_on_30_or_less() {
    let t = tables();
    let lower = t.table(BodyArea::LowerBody);
    for (roll, infection) in [(51, 70), (56, 75)] {
        let gut = injury(lower, roll);
        let r = lower.resolve(gut, &mut Dice::scripted([30]));
        assert_eq!(
            r.effects[0],
            &Effect::InfectionChance {
                increase_percent: infection
            }
        );
        assert!(
            matches!(r.effects[1], Effect::Death { after: Some(d) } if d.unit == TimeUnit::MeleeRounds)
        );
        assert_eq!(r.effects[2], &Effect::MultiplyPain(3));
        let spared = lower.resolve(gut, &mut Dice::scripted([31]));
        assert_eq!(spared.effects.len(), 1);
    }
    let colon = injury(lower, 61);
    assert!(colon.effects.roll.is_none(), "no gutting for the colon");
}

/// Each "all of the above" / "both of the above" outcome holds every effect
/// of the other outcomes (hip joint: see RULINGS, the 75% reduction wins).
#[test]
fn criticals_16_15_5_to_10_all_of_the_above_is_the_union() {
    let t = tables();
    let cases = [
        (BodyArea::Head, 21, 81),
        (BodyArea::Head, 41, 51),
        (BodyArea::Head, 51, 51),
        (BodyArea::UpperBody, 26, 51),
        (BodyArea::UpperBody, 31, 51),
        (BodyArea::UpperBody, 36, 26),
        (BodyArea::LowerBody, 41, 76),
        (BodyArea::LowerBody, 76, 76),
        (BodyArea::Arms, 1, 51),
        (BodyArea::Legs, 1, 51),
    ];
    for (area, row, all) in cases {
        let injury = injury(t.table(area), row);
        let table = injury.effects.roll.as_ref().unwrap();
        let union = table.get(p(all)).1;
        let mut others: Vec<&Effect> = table
            .rows()
            .filter(|(range, _)| !range.contains(p(all)))
            .flat_map(|(_, e)| e)
            .collect();
        if area == BodyArea::UpperBody && row == 36 {
            // Heart: only "Triple Bleeding" and "triple Pain" are "the above".
            others.truncate(2);
        }
        for effect in others {
            assert!(
                union.contains(effect),
                "{} {all}: lacks {effect:?}",
                injury.name
            );
        }
    }
}

#[test]
fn criticals_16_15_5_to_10_internal_organs_and_obvious_injuries() {
    let t = tables();
    let mut organs = Vec::new();
    let mut obvious = Vec::new();
    for area in BodyArea::ALL {
        for (_, row) in t.table(area).rows() {
            if let CriticalRow::Injury(i) = row {
                if i.internal_organ {
                    organs.push(i.name.as_str());
                }
                if i.obvious {
                    obvious.push(i.name.as_str());
                }
            }
        }
    }
    assert_eq!(
        organs,
        [
            "Brain damage",
            "Heart punctured",
            "Lung ruptured",
            "Thorax bisected",
            "Stomach punctured",
            "Miscellaneous internal organ damaged",
            "Small intestine sliced",
            "Large intestine sliced",
            "Transverse colon sliced",
            "Disemboweled",
        ]
    );
    assert!(obvious.contains(&"Neck severed"));
    assert!(obvious.contains(&"Entire leg amputated at thigh"));
    assert!(!obvious.contains(&"Heart punctured"));
}

#[test]
fn criticals_16_15_5_to_10_every_row_has_its_own_symptom() {
    let t = tables();
    for area in BodyArea::ALL {
        let symptoms: Vec<&str> = t
            .table(area)
            .rows()
            .filter_map(|(_, row)| match row {
                CriticalRow::Injury(i) => Some(i.symptom.as_str()),
                CriticalRow::RollTwice => None,
            })
            .collect();
        for (n, s) in symptoms.iter().enumerate() {
            assert!(!symptoms[n + 1..].contains(s), "{area:?}: `{s}` twice");
        }
    }
}

#[test]
fn criticals_16_15_10_notes_concussion_modifiers_clamp_at_01() {
    let t = tables();
    let rules = t.rules();
    assert_eq!(rules.roll_modifier(Concussion::Full), -20);
    assert_eq!(rules.roll_modifier(Concussion::Partial), -15);
    assert_eq!(rules.roll_modifier(Concussion::None), 0);
    assert_eq!(rules.modified_roll(p(99), Concussion::Full), p(79));
    assert_eq!(rules.modified_roll(p(100), Concussion::Partial), p(85));
    assert_eq!(rules.modified_roll(p(15), Concussion::Full), p(1));
    assert_eq!(rules.modified_roll(p(15), Concussion::None), p(15));
}

#[test]
fn criticals_16_15_10_notes_bleeding_lasts_2d20_and_shows_by_mark() {
    let t = tables();
    let rules = t.rules();
    assert_eq!(rules.bleeding_duration(), &dice("2D20"));
    let mut d = Dice::scripted([50, 51]);
    assert_eq!(rules.bleeding_site(M, &mut d), BleedingSite::Internal);
    assert_eq!(rules.bleeding_site(M, &mut d), BleedingSite::External);
    // Fixed marks roll nothing.
    assert_eq!(rules.bleeding_site(I, &mut d), BleedingSite::Internal);
    assert_eq!(rules.bleeding_site(E, &mut d), BleedingSite::External);
    assert_eq!(d.scripted_left(), 0);
}

#[test]
fn criticals_16_15_9_and_10_limb_rules() {
    let t = tables();
    let arms = t.table(BodyArea::Arms).limb_rule().unwrap();
    assert_eq!(arms.reduces, Requisite::Dexterity);
    assert_eq!(arms.remaining_share(2, 1, false), 0.5);
    assert_eq!(
        arms.remaining_share(2, 1, true),
        0.25,
        "favoured arm: halved again"
    );
    assert_eq!(arms.prone_check(2, 2), None);
    let legs = t.table(BodyArea::Legs).limb_rule().unwrap();
    assert_eq!(legs.reduces, Requisite::Agility);
    assert_eq!(legs.remaining_share(4, 1, true), 0.75);
    assert_eq!(legs.prone_check(4, 1), None);
    assert_eq!(
        legs.prone_check(4, 2),
        Some(5),
        "half the legs: check at DMod 5"
    );
    assert_eq!(legs.prone_check(2, 1), Some(5));
    assert!(t.table(BodyArea::Head).limb_rule().is_none());
    let shoulder = injury(t.table(BodyArea::Arms), 11);
    assert_eq!(outcome(shoulder, 70), [Effect::LimbUnusable]);
    assert!(outcome(shoulder, 71).is_empty(), "71-00 no effect");
}

#[test]
fn criticals_broken_copies_are_refused_with_a_message() {
    let gap = refused(&edited(
        "((26, 80), [Defects(count: \"1D3\", kind: OrganicMental)])",
        "((27, 80), [Defects(count: \"1D3\", kind: OrganicMental)])",
    ));
    assert!(gap.contains("leave 26 uncovered"), "{gap}");
    assert!(gap.starts_with("assets/shakhan/criticals.ron:"), "{gap}");

    let main_overlap = refused(&edited("((96, 98), Injury(", "((95, 98), Injury("));
    assert!(main_overlap.contains("overlap at 95"), "{main_overlap}");

    let missing = refused(&edited(
        "RollAsFor(injury: \"Broken neck\", modifier: -15)",
        "RollAsFor(injury: \"Broken nek\", modifier: -15)",
    ));
    assert!(
        missing.contains("\"Broken nek\", which is not in this table"),
        "{missing}"
    );

    let misplaced = refused(&edited(
        "effects: (always: [Beheaded]),",
        "effects: (always: [LimbUnusable]),",
    ));
    assert!(
        misplaced.contains("neck table, row 76-98 \"Neck severed\""),
        "{misplaced}"
    );

    let scaled = refused(&edited(
        "pain: \"2D12\",\n            bleeding: (dice: \"3D6\"",
        "pain: \"2D12 pl\",\n            bleeding: (dice: \"3D6\"",
    ));
    assert!(scaled.contains("must be plain dice"), "{scaled}");

    let twice = refused(&edited(
        "name: \"Brain damage\"",
        "name: \"Skull fracture\"",
    ));
    assert!(twice.contains("the name is used twice"), "{twice}");

    let percent = refused(&edited(
        "ReduceCombatFactor(percent: 50)",
        "ReduceCombatFactor(percent: 150)",
    ));
    assert!(percent.contains("over 100"), "{percent}");
}
