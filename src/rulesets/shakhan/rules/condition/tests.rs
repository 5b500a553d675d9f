use proptest::prelude::*;

use super::*;
use crate::dice::Dice;
use crate::hex::ZoneShape;
use crate::rulesets::shakhan::rules::Quality;
use crate::rulesets::shakhan::rules::character::{
    Character, CombatFactor, MeleeLoadout, OccupationLevel, Requisites, derive,
};
use crate::rulesets::shakhan::rules::tables::armour::BodySize;
use crate::rulesets::shakhan::rules::tables::character::Occupation;
use crate::rulesets::shakhan::rules::tables::morale::{MilitaryGrade, MoraleModifierId};
use crate::rulesets::shakhan::rules::tables::weapons::WeaponKind;
use crate::rulesets::shakhan::rules::wound::CriticalWound;
use crate::rulesets::shakhan::rules::{BodyArea, BodyForm, Card};

/// Willpower 11 (Pain Reserve 22), BDR 20, FPR 30, two arms and two legs.
fn reserves() -> Reserves {
    Reserves {
        bdr: 20,
        fpr: 30,
        pain_reserve: 22,
        willpower: 11,
    }
}

fn starting(start: StartingState) -> Condition {
    Condition::new(reserves(), Limbs::of(BodyForm::BipedalHumanoid), &start)
}

fn fresh() -> Condition {
    starting(StartingState::default())
}

fn wound(damage: i32, pain: f64) -> Wound {
    Wound {
        area: BodyArea::UpperBody,
        damage,
        pain,
        unbalanced: 0,
        bleeding: None,
        critical: None,
    }
}

fn critical(consequences: Vec<Consequence>) -> Wound {
    Wound {
        critical: Some(CriticalWound {
            injuries: vec![InjuryNote {
                name: "Test injury".into(),
                symptom: "it hurts".into(),
                obvious: false,
            }],
            consequences,
            internal_organ: false,
        }),
        ..wound(1, 0.5)
    }
}

fn bleeding(per_round: u32, rounds: u32) -> Wound {
    Wound {
        bleeding: Some(Bleed {
            per_round,
            rounds,
            internal: false,
        }),
        ..wound(0, 0.0)
    }
}

const INPUT: UpkeepInput = UpkeepInput {
    agility: 12,
    attended: false,
    fighting: true,
    faint_on_willpower: false,
};

/// Roll the upkeep, apply it, and hand the report back.
fn upkeep(c: &mut Condition, dice: &mut Dice) -> UpkeepReport {
    let report = c.upkeep(&INPUT, dice);
    c.apply_upkeep(&report);
    report
}

fn requisites() -> Requisites {
    Requisites {
        agility: 12,
        strength: 15,
        dexterity: 12,
        constitution: 11,
        willpower: 11,
        vision: 14,
        night_vision: 10,
        magic_resistance: 9,
    }
}

#[test]
fn bdr_16_7_zero_is_a_coma_below_zero_is_death() {
    let mut c = fresh();
    c.apply_wound(&wound(19, 9.5));
    assert_eq!((c.bdr_left(), c.life()), (1, Life::Active));
    c.apply_wound(&wound(1, 0.5));
    assert_eq!((c.bdr_left(), c.life()), (0, Life::Coma));
    assert!(c.is_out() && !c.can_act() && c.is_prone());
    c.apply_wound(&wound(1, 0.5));
    assert_eq!((c.bdr_left(), c.life()), (-1, Life::Dead));
    assert_eq!(c.status(), Status::Dead);
    // A scenario can start a figure past its BDR.
    let dead = starting(StartingState {
        damage: 21,
        ..StartingState::default()
    });
    assert!(dead.is_dead());
}

#[test]
fn pain_16_13_3_half_reserve_check_passed_is_not_repeated() {
    let mut c = fresh();
    c.apply_wound(&wound(0, 11.0));
    // 11 is 50 % of 22: Willpower 11 x 7 = 77; 77 passes.
    let r = upkeep(&mut c, &mut Dice::scripted([77]));
    let pain = r.pain.unwrap();
    assert_eq!((pain.percent, pain.check.threshold), (50, 77));
    assert!(pain.check.passed() && pain.failure.is_none());
    assert_eq!(c.morale(), Morale::Steady);
    assert_eq!(c.pain_checks_made(), 1);
    // The same level is never checked again: no dice are wanted.
    assert!(upkeep(&mut c, &mut Dice::scripted([])).is_empty());
    // 16.5 more Pain reaches 75 %: Willpower x 5 = 55.
    c.apply_wound(&wound(0, 5.5));
    let r = upkeep(&mut c, &mut Dice::scripted([55]));
    assert_eq!(r.pain.unwrap().check.threshold, 55);
    assert_eq!(c.pain_checks_made(), 2);
}

#[test]
fn s16_13_3_after_the_battle_pain_breaks_no_will() {
    // Half the Pain Reserve reached as the battle ended: no check to flee
    // the fight (and no dice), while the wound still bleeds.
    let mut c = fresh();
    c.apply_wound(&wound(0, 11.0));
    let after = UpkeepInput {
        fighting: false,
        ..INPUT
    };
    let r = c.upkeep(&after, &mut Dice::scripted([]));
    assert!(r.pain.is_none() && r.stay_standing.is_none(), "{r:?}");
    assert!(c.upkeep(&INPUT, &mut Dice::scripted([78])).pain.is_some());
}

#[test]
fn pain_16_13_3_half_reserve_check_failed_breaks_the_will() {
    let mut c = fresh();
    c.apply_wound(&wound(0, 11.0));
    let r = upkeep(&mut c, &mut Dice::scripted([78]));
    assert_eq!(r.pain.as_ref().unwrap().failure, Some(PainBreak::Evades));
    assert_eq!(c.morale(), Morale::Broken);
    assert_eq!(c.status(), Status::Fleeing);
    let cards = c.allowed_cards();
    assert_eq!(cards.allowed, [Card::F]);
    assert!(cards.surrenders_if_cornered);
    assert!(!c.morale_check_due(MoraleCause::Wounded));
    assert!(r.to_string().contains("the will breaks"), "{r}");
    // Cornered, it surrenders: out of the fight, but its wounds go on.
    c.withdraw(Withdrawal::Surrendered);
    assert_eq!(c.status(), Status::Surrendered);
    assert!(c.is_out());
}

#[test]
fn pain_16_13_3_full_reserve_failure_knocks_out_for_1d100_game_minutes() {
    let mut c = fresh();
    c.apply_wound(&wound(0, 22.0));
    // All three levels reached at once: only the highest is checked, at
    // Willpower x 3 = 33. 34 fails; 1D100 = 2 minutes = 24 rounds.
    let r = upkeep(&mut c, &mut Dice::scripted([34, 2]));
    let pain = r.pain.as_ref().unwrap();
    assert_eq!(
        (pain.level, pain.percent, pain.check.threshold),
        (2, 100, 33)
    );
    let Some(PainBreak::Unconscious { minutes }) = &pain.failure else {
        panic!("{r}");
    };
    assert_eq!(minutes.total, 2);
    assert_eq!(c.life(), Life::Unconscious { rounds: Some(24) });
    assert_eq!(c.pain_checks_made(), 3);
    assert!(
        r.to_string()
            .contains("passes out for 1D100 = 2 game minutes"),
        "{r}"
    );
    for left in (1..24).rev() {
        let r = upkeep(&mut c, &mut Dice::scripted([]));
        assert_eq!(r.waking, Some(left));
    }
    let r = upkeep(&mut c, &mut Dice::scripted([]));
    assert_eq!(r.waking, Some(0));
    assert_eq!(c.life(), Life::Active);
    assert!(c.is_prone(), "comes to on the ground");
    c.stand_up();
    assert!(!c.is_prone());
    c.fall_prone();
    assert!(c.is_prone());
}

#[test]
fn bleeding_16_13_4_drains_fatigue_each_round_and_ends_after_its_rounds() {
    let mut c = fresh();
    // 2 points for 3 rounds: the first round's 2 FP go at once.
    c.apply_wound(&bleeding(2, 3));
    assert_eq!(c.fatigue_lost(), 2.0);
    assert_eq!(c.bleeding_per_round(), 2);
    let r = upkeep(&mut c, &mut Dice::scripted([]));
    assert_eq!(
        r.bleeding,
        Some(BloodLoss {
            fatigue: 2.0,
            ended: 0
        })
    );
    let r = upkeep(&mut c, &mut Dice::scripted([]));
    assert_eq!(r.bleeding.unwrap().ended, 1);
    assert_eq!(c.fatigue_lost(), 6.0);
    assert!(c.bleeds().is_empty());
    assert!(upkeep(&mut c, &mut Dice::scripted([])).is_empty());
    // A scenario's bleeding drains only at the upkeeps.
    let mut c = starting(StartingState {
        bleeding: 1,
        bleeding_rounds: 2,
        ..StartingState::default()
    });
    upkeep(&mut c, &mut Dice::scripted([]));
    upkeep(&mut c, &mut Dice::scripted([]));
    upkeep(&mut c, &mut Dice::scripted([]));
    assert_eq!(c.fatigue_lost(), 2.0);
}

#[test]
fn bleeding_16_13_4_internal_bleeding_is_not_seen() {
    let mut c = fresh();
    c.apply_wound(&Wound {
        bleeding: Some(Bleed {
            per_round: 3,
            rounds: 5,
            internal: true,
        }),
        ..bleeding(1, 5)
    });
    c.apply_wound(&bleeding(1, 5));
    assert_eq!(
        (c.bleeding_per_round(), c.visible_bleeding_per_round()),
        (4, 1)
    );
}

#[test]
fn bleeding_16_13_4_under_1_fatigue_point_a_check_to_stay_conscious_each_round() {
    let mut c = starting(StartingState {
        fatigue: 29.5,
        ..StartingState::default()
    });
    assert!(c.is_exhausted());
    // Willpower 11 x 2 = 22.
    let r = upkeep(&mut c, &mut Dice::scripted([22]));
    assert_eq!(r.stay_conscious.unwrap().threshold, 22);
    assert_eq!(c.life(), Life::Active);
    let r = upkeep(&mut c, &mut Dice::scripted([23]));
    assert!(!r.stay_conscious.unwrap().passed());
    assert_eq!(c.life(), Life::Unconscious { rounds: None });
    assert!(c.is_out());
    // Unconscious, not bleeding: nothing more to roll.
    assert!(upkeep(&mut c, &mut Dice::scripted([])).is_empty());
}

/// 16.13.4 read to the letter (scenario option `faint_on_willpower`):
/// Willpower × 2 is the chance to faint, so 22 faints and 23 stays up, the
/// reverse of the ruling (docs/RULINGS.md, issue 40).
#[test]
fn bleeding_16_13_4_to_the_letter_willpower_x2_is_the_chance_to_faint() {
    let letter = UpkeepInput {
        faint_on_willpower: true,
        ..INPUT
    };
    let mut c = starting(StartingState {
        fatigue: 29.5,
        ..StartingState::default()
    });
    let r = c.upkeep(&letter, &mut Dice::scripted([23]));
    c.apply_upkeep(&r);
    assert!(r.faint_on_pass && !r.stay_conscious.unwrap().passed());
    assert_eq!(c.life(), Life::Active);
    assert!(r.to_string().contains("the chance to faint"), "{r}");
    let r = c.upkeep(&letter, &mut Dice::scripted([22]));
    c.apply_upkeep(&r);
    assert_eq!(c.life(), Life::Unconscious { rounds: None });
    assert!(r.to_string().contains("faints"), "{r}");
}

#[test]
fn bleeding_16_13_4_unconscious_and_bleeding_death_chance_each_game_minute() {
    let mut c = starting(StartingState {
        fatigue: 30.0,
        bleeding: 1,
        bleeding_rounds: 40,
        ..StartingState::default()
    });
    // Round 1: faints (90 against 22). Rounds 2-13: the first game minute
    // bleeding out, checked at its end (15 %: 16 survives); rounds 14-25 the
    // second (30 %: 30 dies).
    let mut dice = Dice::scripted([90, 16, 30]);
    upkeep(&mut c, &mut dice);
    assert_eq!(c.life(), Life::Unconscious { rounds: None });
    let mut checks = Vec::new();
    for _ in 0..24 {
        assert!(!c.is_dead());
        let r = upkeep(&mut c, &mut dice);
        checks.extend(r.bleeding_out.and_then(|b| b.death));
    }
    assert!(c.is_dead());
    assert_eq!(dice.scripted_left(), 0);
    let summary: Vec<(u32, u32, bool)> = checks
        .iter()
        .map(|d| (d.minute, d.chance, d.died()))
        .collect();
    assert_eq!(summary, [(1, 15, false), (2, 30, true)]);
    // Dead: no more upkeep.
    assert!(upkeep(&mut c, &mut Dice::scripted([])).is_empty());
}

#[test]
fn bleeding_16_13_4_attended_the_chance_stays_15() {
    let mut c = starting(StartingState {
        fatigue: 30.0,
        bleeding: 1,
        bleeding_rounds: 40,
        ..StartingState::default()
    });
    let attended = UpkeepInput {
        attended: true,
        ..INPUT
    };
    let mut dice = Dice::scripted([90, 16, 30]);
    for _ in 0..25 {
        let r = c.upkeep(&attended, &mut dice);
        c.apply_upkeep(&r);
    }
    assert_eq!(dice.scripted_left(), 0);
    assert_eq!(c.life(), Life::Unconscious { rounds: None });
}

#[test]
fn criticals_16_15_dying_countdown_reaches_zero() {
    let mut c = fresh();
    c.apply_wound(&critical(vec![Consequence::DiesIn { rounds: 5 }]));
    c.apply_wound(&critical(vec![Consequence::DiesIn { rounds: 2 }]));
    assert_eq!(c.dying_in(), Some(2), "the sooner death counts");
    assert!(c.can_act());
    let r = upkeep(&mut c, &mut Dice::scripted([]));
    assert_eq!(r.dying, Some(1));
    assert!(!c.is_dead());
    let r = upkeep(&mut c, &mut Dice::scripted([]));
    assert_eq!(r.dying, Some(0));
    assert!(c.is_dead());
    assert_eq!(c.dying_in(), None);
    assert!(r.to_string().contains("dies of a mortal wound"));
}

#[test]
fn criticals_16_13_2_consequences_take_hold() {
    let mut c = fresh();
    c.apply_wound(&critical(vec![Consequence::DiesNow]));
    assert!(c.is_dead());
    assert_eq!(c.injuries().len(), 1);

    let mut c = fresh();
    c.apply_wound(&critical(vec![Consequence::Unconscious {
        minutes: Some(2),
    }]));
    assert_eq!(c.life(), Life::Unconscious { rounds: Some(24) });
    c.apply_wound(&critical(vec![Consequence::Unconscious {
        minutes: Some(1),
    }]));
    assert_eq!(
        c.life(),
        Life::Unconscious { rounds: Some(24) },
        "longer stays"
    );
    c.apply_wound(&critical(vec![Consequence::Unconscious { minutes: None }]));
    assert_eq!(c.life(), Life::Unconscious { rounds: None });

    let mut c = fresh();
    let coma = Consequence::Coma {
        days: 3,
        dies_at_end: true,
    };
    let note = Consequence::Recorded("mute".into());
    c.apply_wound(&critical(vec![coma.clone(), note.clone()]));
    assert_eq!(c.life(), Life::Coma);
    assert_eq!(c.recorded(), [coma, note]);

    let mut c = fresh();
    c.apply_wound(&critical(vec![Consequence::Incapacitated]));
    assert_eq!(c.status(), Status::Incapacitated);
    assert!(c.allowed_cards().allowed.is_empty());
}

#[test]
fn criticals_16_15_4_unbalanced_cards_are_lost_first() {
    let mut c = fresh();
    c.apply_wound(&Wound {
        unbalanced: 2,
        ..wound(3, 1.5)
    });
    assert_eq!(c.allowed_cards().cards_to_lose, 2);
    assert_eq!(c.take_lost_cards(1), 1);
    assert_eq!(c.take_lost_cards(3), 1);
    assert_eq!(c.take_lost_cards(2), 0);
    assert_eq!(c.cards_to_lose(), 0);
}

#[test]
fn limbs_16_15_9_arms_cut_dexterity_16_15_10_legs_cut_agility() {
    let base = requisites();
    let mut c = fresh();
    c.apply_wound(&critical(vec![Consequence::LimbUnusable {
        limb: Limb::Arm,
    }]));
    let r = c.effective_requisites(&base);
    assert_eq!((r.dexterity, r.agility, r.strength), (6, 12, 15));
    c.apply_wound(&critical(vec![Consequence::LimbUnusable {
        limb: Limb::Arm,
    }]));
    c.apply_wound(&critical(vec![Consequence::LimbUnusable {
        limb: Limb::Arm,
    }]));
    assert_eq!(c.arms_unusable(), 2, "never more than the figure has");
    assert_eq!(c.effective_requisites(&base).dexterity, 0);

    let mut c = fresh();
    c.apply_wound(&critical(vec![Consequence::LimbUnusable {
        limb: Limb::Leg,
    }]));
    let r = c.effective_requisites(&base);
    assert_eq!((r.agility, r.dexterity), (6, 12));
    // Half the legs gone: Agility 6 x 5 = 30 each round; 31 falls prone.
    let mut crippled = UpkeepInput {
        agility: r.agility,
        ..INPUT
    };
    let report = c.upkeep(&crippled, &mut Dice::scripted([30]));
    assert!(report.stay_standing.unwrap().passed());
    c.apply_upkeep(&report);
    assert!(!c.is_prone());
    let report = c.upkeep(&crippled, &mut Dice::scripted([31]));
    c.apply_upkeep(&report);
    assert!(c.is_prone());
    // Already down: no check.
    crippled.agility = 0;
    assert!(c.upkeep(&crippled, &mut Dice::scripted([])).is_empty());
}

#[test]
fn criticals_16_15_requisite_and_combat_factor_cuts_multiply() {
    let mut c = fresh();
    c.apply_wound(&critical(vec![
        Consequence::ReduceRequisite {
            requisite: Requisite::Strength,
            percent: 20,
        },
        Consequence::ReduceRequisite {
            requisite: Requisite::Strength,
            percent: 50,
        },
        Consequence::ReduceRequisite {
            requisite: Requisite::Vision,
            percent: 50,
        },
        Consequence::ReduceRequisite {
            requisite: Requisite::Smell,
            percent: 100,
        },
        Consequence::ReduceCombatFactor { percent: 25 },
    ]));
    let r = c.effective_requisites(&requisites());
    // 15 x 0.8 x 0.5 = 6; Vision 14 and Night Vision 10 halved.
    assert_eq!((r.strength, r.vision, r.night_vision), (6, 7, 5));
    assert_eq!((r.constitution, r.willpower), (11, 11));
    assert_eq!(c.requisite_share(Requisite::Smell), 0.0);
    assert_eq!(c.cut_combat_factor(CombatFactor(40)), CombatFactor(30));
    c.apply_wound(&critical(vec![Consequence::ReduceCombatFactor {
        percent: 50,
    }]));
    assert_eq!(c.cut_combat_factor(CombatFactor(40)), CombatFactor(15));
}

#[test]
fn criticals_16_15_6_paralysis_takes_legs_first_rounding_up() {
    let mut c = fresh();
    c.apply_wound(&critical(vec![Consequence::Paralysed {
        percent_of_limbs: 30,
    }]));
    assert_eq!((c.legs_unusable(), c.arms_unusable()), (2, 0));
    c.apply_wound(&critical(vec![Consequence::Paralysed {
        percent_of_limbs: 51,
    }]));
    assert_eq!((c.legs_unusable(), c.arms_unusable()), (2, 1));
    c.apply_wound(&critical(vec![Consequence::Paralysed {
        percent_of_limbs: 140,
    }]));
    assert_eq!((c.legs_unusable(), c.arms_unusable()), (2, 2));
}

#[test]
fn limbs_of_body_forms_16_15_3() {
    assert_eq!(
        Limbs::of(BodyForm::BipedalHumanoid),
        Limbs { arms: 2, legs: 2 }
    );
    assert_eq!(
        Limbs::of(BodyForm::QuadripedalHumanoid),
        Limbs { arms: 2, legs: 4 }
    );
    assert_eq!(Limbs::of(BodyForm::Serpentine), Limbs { arms: 0, legs: 0 });
    assert_eq!(
        Limbs::of(BodyForm::WingedSerpent),
        Limbs { arms: 0, legs: 2 }
    );
}

fn situation() -> MoraleSituation {
    MoraleSituation::default()
}

/// Roll a morale check with scripted dice, apply it, and return the roll.
fn morale(c: &mut Condition, s: &MoraleSituation, faces: &[u32]) -> MoraleRoll {
    let mut dice = Dice::scripted(faces.iter().copied());
    let report = c
        .morale_check(s, MoraleCause::Wounded, &mut dice)
        .expect("a check is due");
    assert_eq!(dice.scripted_left(), 0, "{report}");
    c.apply_morale(&report);
    match report.result {
        MoraleResult::Rolled(r) => r,
        MoraleResult::Exempted => panic!("exempted: {report}"),
    }
}

#[test]
fn morale_16_9_6_level_example_minus_4_raises_the_threshold() {
    let mut c = fresh();
    let s = MoraleSituation {
        primary_level: 3,
        other_levels: vec![2, 1],
        ..situation()
    };
    let r = morale(&mut c, &s, &[59]);
    assert_eq!(
        r.modifiers,
        [MoraleModifier {
            source: MoraleSource::Levels,
            value: -4
        }]
    );
    assert_eq!(
        (r.base, r.threshold, r.outcome),
        (55, 59, MoraleOutcome::Steady)
    );
}

#[test]
fn morale_16_9_6_modifiers_with_their_sources() {
    let mut c = fresh();
    // 4 of 20 BDR (two 10 % steps) and 9 of 30 FP (one 30 % step): +15.
    c.apply_wound(&wound(4, 0.0));
    c.spend_fatigue(9.0);
    let s = MoraleSituation {
        occupation: Some(MoraleModifierId::RegularWarrior),
        in_the_dark: true,
        military_grade: Some(MilitaryGrade::Superior),
        fortune: SideFortune::Winning,
        fortune_basis: StandingBasis::Headcount { own: 3, theirs: 1 },
        magic: MagicEdge::Theirs,
        ..situation()
    };
    let mods: Vec<(MoraleSource, i32)> = c
        .morale_modifiers(&s)
        .iter()
        .map(|m| (m.source, m.value))
        .collect();
    assert_eq!(
        mods,
        [
            (MoraleSource::Listed(MoraleModifierId::RegularWarrior), -5),
            (MoraleSource::Grade(MilitaryGrade::Superior), -4),
            (MoraleSource::Losses, 15),
            (
                MoraleSource::Standing {
                    fortune: SideFortune::Winning,
                    basis: StandingBasis::Headcount { own: 3, theirs: 1 }
                },
                -10
            ),
            (MoraleSource::Listed(MoraleModifierId::FightingInDark), 20),
            (MoraleSource::Listed(MoraleModifierId::OtherBetterMagic), 10),
        ]
    );
    // 55 - (-5 - 10 + 20 + 10 - 4 + 15) = 29.
    let report = c
        .morale_check(&s, MoraleCause::Wounded, &mut Dice::scripted([29]))
        .unwrap();
    let MoraleResult::Rolled(r) = &report.result else {
        panic!("{report}");
    };
    assert_eq!(r.threshold, 29);
    let text = report.to_string();
    assert!(
        text.contains("regular warrior +5")
            && text.contains("fighting blind -20")
            && text.contains("side winning (3 still fighting against 1) +10"),
        "{text}"
    );
}

#[test]
fn morale_16_9_6_each_of_the_seven_outcomes() {
    use MoraleOutcome::*;
    // Threshold 55 with no modifiers; flight dice follow the d100.
    let cases: [(&[u32], MoraleOutcome); 7] = [
        (&[24], FanaticallyDetermined),
        (&[25], Determined),
        (&[55], Steady),
        (&[56], Shaken),
        (&[66, 5], PartlyDemoralized),
        (&[76, 12], Demoralized),
        (&[86, 1], CompletelyDemoralized),
    ];
    for (faces, outcome) in cases {
        let mut c = fresh();
        let r = morale(&mut c, &situation(), faces);
        assert_eq!((r.threshold, r.outcome), (55, outcome), "{faces:?}");
        let state = c.morale();
        let cards = c.allowed_cards().allowed;
        match outcome {
            FanaticallyDetermined => assert_eq!(state, Morale::Fanatic),
            Determined => assert_eq!(state, Morale::Determined { exempt_next: true }),
            Steady => assert_eq!(state, Morale::Steady),
            Shaken => {
                assert_eq!(state, Morale::Shaken);
                assert_eq!(cards, [Card::C, Card::D, Card::E, Card::F, Card::G]);
                assert_eq!(r.return_chance, Some(60));
            }
            _ => {
                let Morale::Routed(rout) = state else {
                    panic!("{state:?}")
                };
                let expected = match outcome {
                    PartlyDemoralized => (8, 40),
                    Demoralized => (17, 20),
                    _ => (6, 10),
                };
                assert_eq!((rout.minutes, rout.return_chance), expected);
                assert_eq!(cards, [Card::F]);
                assert!(c.allowed_cards().surrenders_if_cornered);
                assert!(!c.morale_check_due(MoraleCause::ComradeFell));
            }
        }
        if matches!(outcome, FanaticallyDetermined | Determined | Steady) {
            assert_eq!(cards, Card::ALL);
        }
    }
}

#[test]
fn morale_16_9_6_determined_is_excused_the_next_melee_check_only() {
    let mut c = fresh();
    morale(&mut c, &situation(), &[25]);
    // Something outside the melee is not excused and does not spend it.
    let other = c
        .morale_check(&situation(), MoraleCause::Other, &mut Dice::scripted([40]))
        .unwrap();
    assert!(matches!(other.result, MoraleResult::Rolled(_)));
    // The next melee check is answered without a roll...
    assert!(c.morale_check_due(MoraleCause::Wounded));
    let report = c
        .morale_check(&situation(), MoraleCause::Wounded, &mut Dice::scripted([]))
        .unwrap();
    assert_eq!(report.result, MoraleResult::Exempted);
    c.apply_morale(&report);
    assert_eq!(c.morale(), Morale::Determined { exempt_next: false });
    // ...and the one after is rolled.
    let r = morale(&mut c, &situation(), &[56]);
    assert_eq!(r.outcome, MoraleOutcome::Shaken);
}

#[test]
fn morale_16_9_6_fanatic_is_excused_every_melee_check() {
    let mut c = fresh();
    morale(&mut c, &situation(), &[1]);
    assert_eq!(c.morale(), Morale::Fanatic);
    for cause in [MoraleCause::Wounded, MoraleCause::ComradeFell] {
        assert!(!c.morale_check_due(cause));
        assert!(
            c.morale_check(&situation(), cause, &mut Dice::scripted([]))
                .is_none()
        );
    }
    assert!(c.morale_check_due(MoraleCause::Other));
}

#[test]
fn morale_16_9_6_due_after_a_wound_that_draws_blood() {
    assert!(wound_calls_for_morale(&wound(1, 0.5)));
    assert!(!wound_calls_for_morale(&wound(0, 0.0)));
    assert!(wound_calls_for_morale(&Wound {
        damage: 0,
        ..critical(vec![])
    }));
    let mut c = fresh();
    c.apply_wound(&wound(25, 0.0));
    assert!(
        !c.morale_check_due(MoraleCause::Wounded),
        "the dead need none"
    );
}

#[test]
fn fatigue_16_6_16_9_1_cost_of_the_cards_played() {
    assert_eq!(
        round_fatigue(&[PlayedCard::plain(Card::A), PlayedCard::plain(Card::D)]),
        3.5
    );
    let g = PlayedCard {
        card: Card::G,
        activity_fatigue: 0.5,
    };
    assert_eq!(round_fatigue(&[g]), 1.5);
    let c = PlayedCard {
        card: Card::C,
        activity_fatigue: 0.5,
    };
    assert_eq!(round_fatigue(&[c]), 1.0, "only G adds its activity");
    assert_eq!(round_fatigue(&[]), 0.0);
    let costs: Vec<f64> = Card::ALL
        .iter()
        .map(|c| round_fatigue(&[PlayedCard::plain(*c)]))
        .collect();
    assert_eq!(costs, [3.0, 2.0, 1.0, 0.5, 1.0, 2.0, 1.0]);
}

#[test]
fn fatigue_16_6_exhausted_may_not_attack_or_run() {
    let mut c = fresh();
    c.spend_fatigue(29.0);
    assert_eq!(c.allowed_cards().allowed, Card::ALL);
    c.spend_fatigue(0.5);
    let cards = c.allowed_cards();
    assert_eq!(cards.allowed, [Card::D, Card::E, Card::G]);
    assert_eq!(cards.limits, [CardLimit::Exhausted]);
    assert_eq!(c.allows(Card::C), Err(CardLimit::Exhausted));
    assert_eq!(c.allows(Card::D), Ok(()));
    // Fatigue lost never passes the reserve.
    c.spend_fatigue(100.0);
    assert_eq!((c.fatigue_lost(), c.fatigue_left()), (30.0, 0.0));
    // Routed and exhausted: it can only back away.
    morale(&mut c, &situation(), &[95, 3]);
    let cards = c.allowed_cards();
    assert_eq!(cards.allowed, [Card::E]);
    assert_eq!(cards.limits, [CardLimit::Exhausted, CardLimit::MustFlee]);
    assert_eq!(c.allows(Card::D), Err(CardLimit::MustFlee));
    assert_eq!(c.allows(Card::F), Err(CardLimit::Exhausted));
    assert_eq!(
        cards.to_string(),
        "may write E (exhausted, running away); surrenders if cornered"
    );
}

#[test]
fn withdrawing_16_9_6_only_a_conscious_figure_can_leave() {
    let mut c = fresh();
    c.withdraw(Withdrawal::Fled);
    assert_eq!(c.status(), Status::Fled);
    assert!(c.is_out());
    assert!(c.upkeep(&INPUT, &mut Dice::scripted([])).is_empty());
    let mut out = fresh();
    out.apply_wound(&wound(20, 0.0));
    out.withdraw(Withdrawal::Surrendered);
    assert_eq!(out.withdrawn(), None);
}

#[test]
fn starting_state_is_kept_within_bounds() {
    let c = starting(StartingState {
        prone: true,
        damage: -3,
        pain: -1.0,
        fatigue: 45.0,
        bleeding: 2,
        bleeding_rounds: 0,
    });
    assert_eq!((c.damage(), c.pain(), c.fatigue_lost()), (0, 0.0, 30.0));
    assert!(c.bleeds().is_empty() && c.is_prone());
}

#[test]
fn reports_and_state_read_in_plain_words() {
    let mut c = fresh();
    c.apply_wound(&Wound {
        unbalanced: 1,
        ..wound(8, 4.0)
    });
    c.apply_wound(&bleeding(2, 10));
    c.apply_wound(&critical(vec![Consequence::DiesIn { rounds: 3 }]));
    assert_eq!(
        c.to_string(),
        "BDR 11/20, FP 28/30, Pain 4.5/22, bleeding 2/round, dying in 3 rounds, unbalanced (1 card)"
    );
    let r = c.upkeep(&INPUT, &mut Dice::scripted([]));
    assert_eq!(
        r.to_string(),
        "mortally wounded: 2 rounds to live; bleeds 2 Fatigue Points"
    );
    assert_eq!(UpkeepReport::default().to_string(), "nothing to note");
}

#[test]
fn conditions_and_reports_round_trip_through_json() {
    let mut c = fresh();
    c.apply_wound(&bleeding(2, 10));
    c.apply_wound(&critical(vec![Consequence::LimbUnusable {
        limb: Limb::Leg,
    }]));
    let json = serde_json::to_string(&c).unwrap();
    assert_eq!(serde_json::from_str::<Condition>(&json).unwrap(), c);
    c.apply_wound(&wound(0, 22.0));
    let report = c.upkeep(&INPUT, &mut Dice::scripted([90, 50]));
    let json = serde_json::to_string(&report).unwrap();
    assert_eq!(serde_json::from_str::<UpkeepReport>(&json).unwrap(), report);
    let m = fresh()
        .morale_check(
            &situation(),
            MoraleCause::Wounded,
            &mut Dice::scripted([70, 4]),
        )
        .unwrap();
    let json = serde_json::to_string(&m).unwrap();
    assert_eq!(serde_json::from_str::<MoraleReport>(&json).unwrap(), m);
}

#[test]
fn applying_a_report_is_deterministic_and_rolling_one_changes_nothing() {
    let mut c = fresh();
    c.apply_wound(&wound(5, 22.0));
    c.apply_wound(&bleeding(3, 6));
    let before = c.clone();
    let report = c.upkeep(&INPUT, &mut Dice::scripted([90, 40]));
    assert_eq!(c, before, "rolling is pure");
    let (mut a, mut b) = (c.clone(), c.clone());
    a.apply_upkeep(&report);
    b.apply_upkeep(&report);
    assert_eq!(a, b);
    assert_ne!(a, before);
    let m = c
        .morale_check(
            &situation(),
            MoraleCause::Wounded,
            &mut Dice::scripted([99, 20]),
        )
        .unwrap();
    let (mut a, mut b) = (c.clone(), c.clone());
    a.apply_morale(&m);
    b.apply_morale(&m);
    assert_eq!(a, b);
}

/// One thing that can happen to a figure.
#[derive(Debug, Clone)]
enum Event {
    Wound(Wound),
    Upkeep { agility: i32, attended: bool },
    Morale(MoraleCause),
    Fatigue(f64),
    Withdraw(Withdrawal),
    LoseCards(u8),
}

fn consequence() -> impl Strategy<Value = Consequence> {
    prop_oneof![
        proptest::option::of(0u32..5).prop_map(|minutes| Consequence::Unconscious { minutes }),
        (0u32..30, any::<bool>())
            .prop_map(|(days, dies_at_end)| Consequence::Coma { days, dies_at_end }),
        Just(Consequence::DiesNow),
        (0u32..6).prop_map(|rounds| Consequence::DiesIn { rounds }),
        Just(Consequence::Incapacitated),
        (0u32..120).prop_map(|percent| Consequence::ReduceRequisite {
            requisite: Requisite::Agility,
            percent
        }),
        (0u32..120).prop_map(|percent| Consequence::ReduceCombatFactor { percent }),
        prop_oneof![Just(Limb::Arm), Just(Limb::Leg)]
            .prop_map(|limb| Consequence::LimbUnusable { limb }),
        (0u32..200).prop_map(|percent_of_limbs| Consequence::Paralysed { percent_of_limbs }),
        Just(Consequence::Recorded("scar".into())),
    ]
}

fn event() -> impl Strategy<Value = Event> {
    let wound = (
        -3i32..12,
        -2.0f64..15.0,
        0u8..3,
        proptest::option::of((0u32..5, 0u32..8, any::<bool>())),
        proptest::option::of(proptest::collection::vec(consequence(), 0..3)),
    )
        .prop_map(|(damage, pain, unbalanced, bleed, critical)| {
            Event::Wound(Wound {
                area: BodyArea::Legs,
                damage,
                pain,
                unbalanced,
                bleeding: bleed.map(|(per_round, rounds, internal)| Bleed {
                    per_round,
                    rounds,
                    internal,
                }),
                critical: critical.map(|consequences| CriticalWound {
                    injuries: Vec::new(),
                    consequences,
                    internal_organ: false,
                }),
            })
        });
    prop_oneof![
        3 => wound,
        4 => (0i32..20, any::<bool>()).prop_map(|(agility, attended)| Event::Upkeep { agility, attended }),
        1 => prop_oneof![
            Just(MoraleCause::Wounded),
            Just(MoraleCause::ComradeFell),
            Just(MoraleCause::Other)
        ]
        .prop_map(Event::Morale),
        1 => (-1.0f64..4.0).prop_map(Event::Fatigue),
        1 => prop_oneof![Just(Withdrawal::Fled), Just(Withdrawal::Surrendered)].prop_map(Event::Withdraw),
        1 => (0u8..4).prop_map(Event::LoseCards),
    ]
}

proptest! {
    #[test]
    fn any_course_of_wounds_and_rounds_keeps_the_state_sane(
        events in proptest::collection::vec(event(), 0..80),
        seed: u64,
    ) {
        let mut dice = Dice::seeded(seed);
        let mut c = fresh();
        let situation = situation();
        for e in events {
            let was_dead = c.is_dead();
            match e {
                Event::Wound(w) => c.apply_wound(&w),
                Event::Upkeep { agility, attended } => {
                    let before = c.clone();
                    let report = c.upkeep(
                        &UpkeepInput {
                            agility,
                            attended,
                            fighting: true,
                            faint_on_willpower: false,
                        },
                        &mut dice,
                    );
                    prop_assert_eq!(&c, &before);
                    let mut twin = c.clone();
                    c.apply_upkeep(&report);
                    twin.apply_upkeep(&report);
                    prop_assert_eq!(&c, &twin);
                    let _ = report.to_string();
                }
                Event::Morale(cause) => {
                    if let Some(report) = c.morale_check(&situation, cause, &mut dice) {
                        let mut twin = c.clone();
                        c.apply_morale(&report);
                        twin.apply_morale(&report);
                        prop_assert_eq!(&c, &twin);
                        let _ = report.to_string();
                    }
                }
                Event::Fatigue(points) => c.spend_fatigue(points),
                Event::Withdraw(how) => c.withdraw(how),
                Event::LoseCards(n) => {
                    let owed = c.cards_to_lose();
                    prop_assert!(c.take_lost_cards(n) <= owed.min(n));
                }
            }
            prop_assert!(!was_dead || c.is_dead(), "the dead stay dead");
            prop_assert!(c.pain() >= 0.0 && c.pain().is_finite());
            prop_assert!(c.damage() >= 0);
            prop_assert!((0.0..=30.0).contains(&c.fatigue_lost()));
            prop_assert!(c.fatigue_left() >= 0.0);
            prop_assert!(c.bleeds().iter().all(|b| b.rounds > 0));
            prop_assert!(c.arms_unusable() <= 2 && c.legs_unusable() <= 2);
            prop_assert!(usize::from(c.pain_checks_made()) <= 3);
            prop_assert!(c.bdr_left() >= 0 || c.is_dead());
            prop_assert!(!c.is_dead() || c.is_out());
            if c.is_out() {
                prop_assert!(c.allowed_cards().allowed.is_empty());
            }
            let r = c.effective_requisites(&requisites());
            prop_assert!(r.agility >= 0 && r.agility <= 12);
            prop_assert!(c.cut_combat_factor(CombatFactor(40)).0 >= 0);
            let _ = c.to_string();
        }
    }
}

fn warrior() -> Character {
    Character {
        name: "Chèkros".into(),
        body_form: BodyForm::BipedalHumanoid,
        body_size: BodySize::Average,
        occupations: vec![OccupationLevel {
            occupation: Occupation::Warrior,
            level: 1,
        }],
        requisites: requisites(),
        height_m: 1.7,
        weight_kg: 70.0,
        carried_kg: 0.0,
        weapons_kg: 0.0,
        martial_arts_level: 0,
        hide_apv: 0,
        strike_zone: ZoneShape::Front,
        missile_zone: ZoneShape::Front,
        weapons: vec![MeleeLoadout {
            kind: WeaponKind::ShortSword,
            quality: Quality::Good,
            training: 1,
            magic: 0,
            plus_to_hit: 0,
            paired_with: None,
        }],
        missile_weapons: Vec::new(),
        armour: Vec::new(),
        shield: None,
        fpr: None,
        bdr: None,
    }
}

#[test]
fn limbs_16_15_10_rederived_factors_follow_the_cut_requisites() {
    let sheet = warrior();
    let factors = derive(&sheet, tables());
    let mut c = Condition::for_character(&sheet, &factors, &StartingState::default());
    assert_eq!(
        c.reserves(),
        &Reserves {
            bdr: factors.bdr,
            fpr: factors.fpr,
            pain_reserve: 22,
            willpower: 11
        }
    );
    assert_eq!(c.limbs(), Limbs { arms: 2, legs: 2 });
    c.apply_wound(&critical(vec![
        Consequence::LimbUnusable { limb: Limb::Leg },
        Consequence::ReduceCombatFactor { percent: 50 },
    ]));
    // The engine's way: re-derive from the cut requisites, then cut the CF.
    let hurt = Character {
        requisites: c.effective_requisites(&sheet.requisites),
        ..sheet.clone()
    };
    let now = derive(&hurt, tables());
    assert_eq!(hurt.requisites.agility, 6);
    assert!(now.ma < factors.ma);
    let cf = |f: &Factors| f.weapons[0].cf.unwrap();
    assert!(c.cut_combat_factor(cf(&now)) < cf(&now));
    assert_eq!(
        c.cut_combat_factor(cf(&now)),
        CombatFactor((f64::from(cf(&now).0) / 2.0).round() as i32)
    );
}
