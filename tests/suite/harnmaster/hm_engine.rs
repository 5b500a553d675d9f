//! HârnMaster's engine: each procedural step of the sheet on scripted dice,
//! refusals that change nothing, and determinism.

use std::sync::Arc;

use hexmelee::hex::{Facing, Hex, HexMap};
use hexmelee::rulesets::harnmaster::ai;
use hexmelee::rulesets::harnmaster::engine::event::{Check, Event};
use hexmelee::rulesets::harnmaster::engine::{
    Action, Battle, Command, Defend, FigureSpec, Held, Prompt, Spec, Status,
};
use hexmelee::rulesets::harnmaster::rules::tables::placeholder;
use hexmelee::rulesets::harnmaster::rules::terms::{Aim, Aspect};
use hexmelee::seam::{Engine, FigureId, SideId};

const A: FigureId = FigureId(0);
const B: FigureId = FigureId(1);

fn figure(name: &str, side: usize, at: (i32, i32), agility: u8) -> FigureSpec {
    let pack = placeholder();
    let sword = pack.weapons.iter().position(|w| w.name == "Sword").unwrap();
    FigureSpec {
        name: name.into(),
        side: SideId(side),
        at: Hex::from((at.0, at.1)),
        facing: Facing::N,
        strength: 12,
        endurance: 12,
        dexterity: 12,
        agility,
        speed: 12,
        will: 12,
        weight: 160,
        mobility: 60,
        weapons: vec![Held {
            weapon: sword,
            ml: 60,
            ammo: 0,
            enchanted: false,
        }],
        dodge: 40,
        armour: Vec::new(),
        encumbrance: 0,
        fatigue: 0,
        load: 0,
        special_penalty: 0,
    }
}

/// Two swordsmen side by side; A has the higher initiative (l.3).
fn spec(surprise: Option<usize>) -> Arc<Spec> {
    Arc::new(Spec {
        map: Arc::new(HexMap::open(8, 8).unwrap()),
        pack: placeholder(),
        sides: vec!["Reds".into(), "Blues".into()],
        surprise: surprise.map(SideId),
        figures: vec![figure("Alda", 0, (3, 3), 13), figure("Bran", 1, (3, 4), 12)],
    })
}

fn attack(figure: FigureId, target: FigureId) -> Command {
    Command::Act {
        figure,
        action: Action::Attack {
            target,
            weapon: 0,
            aspect: Aspect::Edge,
            aim: Aim::Any,
        },
    }
}

fn defend(figure: FigureId, defence: Defend) -> Command {
    Command::Defend { figure, defence }
}

#[test]
fn l3_l11_l16_a_turn_asks_the_attacker_then_the_defender() {
    let mut b = Battle::scripted(&spec(None), []);
    assert_eq!(
        b.prompt(),
        Prompt::Act {
            figure: A,
            advantage: false
        }
    );
    b.submit(attack(A, B)).unwrap();
    assert_eq!(
        b.prompt(),
        Prompt::Defend {
            defender: B,
            attacker: A
        }
    );
}

#[test]
fn l88_a_tactical_advantage_gives_an_action_and_a_second_ends_the_turn() {
    // Block table (placeholder): MF against CS gives the defender a TA.
    let mut b = Battle::scripted(&spec(None), [71, 10, 71, 10]);
    b.submit(attack(A, B)).unwrap();
    b.submit(defend(B, Defend::Block { weapon: 0 })).unwrap();
    assert_eq!(
        b.prompt(),
        Prompt::Act {
            figure: B,
            advantage: true
        }
    );
    // Bran's advantage: the same again gives Alda a second TA this turn.
    b.submit(attack(B, A)).unwrap();
    let events = b.submit(defend(A, Defend::Block { weapon: 0 })).unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Advantage {
            figure: A,
            taken: false,
            ..
        }
    )));
    // Alda's turn is over: Bran's own turn comes.
    assert_eq!(
        b.prompt(),
        Prompt::Act {
            figure: B,
            advantage: false
        }
    );
}

#[test]
fn l125_a_survivor_of_a_kill_roll_makes_its_shock_roll_with_one_more_d6() {
    // Ignore (placeholder): a CS strikes with 4d6. d100 50: the Chest.
    // 4d6 of 6 + sword edge 5 = 29, no armour: Chest's last band, Shock(5)
    // and Kill(4). The kill roll 4 survives; the shock roll has 6d6 + EI 2.
    let faces = [20, 50, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    let mut b = Battle::scripted(&spec(None), faces);
    b.submit(attack(A, B)).unwrap();
    let events = b.submit(defend(B, Defend::Ignore)).unwrap().to_vec();
    let struck = events
        .iter()
        .find_map(|e| match e {
            Event::Struck { delivery, .. } => Some(delivery.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!((struck.impact(), struck.effective()), (29, 29));
    let checks: Vec<(Check, usize, i32, bool)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Checked {
                check,
                roll,
                failed,
                ..
            } => Some((*check, roll.faces.len(), roll.total(), *failed)),
            _ => None,
        })
        .collect();
    assert_eq!(
        checks,
        vec![(Check::Kill, 4, 4, false), (Check::Shock, 6, 8, false)]
    );
    assert_eq!(b.figure(B).status, Status::Fighting);
    assert_eq!(b.figure(B).injuries[0].points.0, 29);
}

#[test]
fn l143_a_failed_shock_roll_knocks_out_and_gives_the_striker_an_advantage() {
    // As above, but the shock roll is high: Bran falls unconscious; the
    // battle is decided (no Blue can fight).
    let faces = [20, 50, 6, 6, 6, 6, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6];
    let mut b = Battle::scripted(&spec(None), faces);
    b.submit(attack(A, B)).unwrap();
    b.submit(defend(B, Defend::Ignore)).unwrap();
    assert_eq!(b.figure(B).status, Status::Unconscious);
    assert_eq!(b.outcome(), Some(Some(SideId(0))));
    assert_eq!(b.prompt(), Prompt::Over);
}

#[test]
fn l5_surprise_gives_the_first_round_to_the_side_that_starts() {
    // Blues start: Bran acts first though Alda's initiative is higher, and
    // Alda has no turn in round 1.
    let mut b = Battle::scripted(&spec(Some(1)), []);
    assert_eq!(
        b.prompt(),
        Prompt::Act {
            figure: B,
            advantage: false
        }
    );
    b.submit(Command::Act {
        figure: B,
        action: Action::Rest,
    })
    .unwrap();
    assert_eq!(b.round(), 2);
    assert_eq!(
        b.prompt(),
        Prompt::Act {
            figure: A,
            advantage: false
        }
    );
}

#[test]
fn l219_wrong_answers_are_refused_and_change_nothing() {
    let mut b = Battle::scripted(&spec(None), []);
    let before = format!("{:?}", b.prompt());
    let events = b.all_events().len();
    for wrong in [
        attack(B, A),
        defend(A, Defend::Dodge),
        Command::Act {
            figure: A,
            action: Action::Attack {
                target: B,
                weapon: 3,
                aspect: Aspect::Edge,
                aim: Aim::Any,
            },
        },
        Command::Act {
            figure: A,
            action: Action::Attack {
                target: A,
                weapon: 0,
                aspect: Aspect::Edge,
                aim: Aim::Any,
            },
        },
        Command::Act {
            figure: A,
            action: Action::Rise,
        },
        Command::Act {
            figure: A,
            action: Action::Move {
                path: vec![Hex::from((3, 4))],
            },
        },
    ] {
        assert!(b.submit(wrong.clone()).is_err(), "{wrong:?}");
        assert_eq!(format!("{:?}", b.prompt()), before);
        assert_eq!(b.all_events().len(), events);
    }
    // A blunt blow with a weapon that has one is accepted; a defence with a
    // weapon the defender lacks is not.
    b.submit(Command::Act {
        figure: A,
        action: Action::Attack {
            target: B,
            weapon: 0,
            aspect: Aspect::Blunt,
            aim: Aim::Head,
        },
    })
    .unwrap();
    assert!(b.submit(defend(B, Defend::Block { weapon: 2 })).is_err());
}

#[test]
fn l195_engaging_moves_at_em_over_two_and_the_higher_mobility_gains_an_advantage() {
    let mut spec = (*spec(None)).clone();
    spec.figures[1].at = Hex::from((3, 7));
    spec.figures[0].mobility = 80;
    let spec = Arc::new(spec);
    let b = Battle::scripted(&spec, []);
    // EM 80 / 2 / 5 = 8 hexes near an enemy.
    assert_eq!(b.move_allowance(A, &[Hex::from((3, 4))]), 8);
    let mut b = b;
    let path = vec![Hex::from((3, 4)), Hex::from((3, 5)), Hex::from((3, 6))];
    b.submit(Command::Act {
        figure: A,
        action: Action::Move { path },
    })
    .unwrap();
    assert_eq!(
        b.prompt(),
        Prompt::Act {
            figure: A,
            advantage: true
        }
    );
}

#[test]
fn the_same_seed_gives_the_same_battle_and_the_commands_replay_it() {
    let spec = spec(None);
    let mut one = Battle::new(&spec, 9);
    let mut commands = Vec::new();
    hexmelee::sim::play(&mut one, 60, |b, p| {
        let c = ai::answer(b, p);
        commands.push(c.clone());
        c
    })
    .unwrap();
    let mut two = Battle::new(&spec, 9);
    hexmelee::sim::play(&mut two, 60, ai::answer).unwrap();
    assert_eq!(one.all_events(), two.all_events());
    let again = Battle::replay(&spec, 9, &commands).unwrap();
    assert_eq!(again.all_events(), one.all_events());
}

#[test]
fn the_ai_plays_many_seeds_to_an_end_without_a_refusal() {
    let spec = spec(None);
    let mut decided = 0;
    for seed in 0..200 {
        let mut b = Battle::new(&spec, seed);
        hexmelee::sim::play(&mut b, 200, ai::answer).unwrap();
        decided += usize::from(b.outcome().is_some());
    }
    assert!(decided > 190, "{decided}");
}

#[test]
fn scripted_dice_run_out_loudly() {
    // A test that scripts too few dice must fail, not roll at random.
    let r = std::panic::catch_unwind(|| {
        let mut b = Battle::scripted(&spec(None), [71]);
        b.submit(attack(A, B)).unwrap();
        let _ = b.submit(defend(B, Defend::Dodge));
    });
    assert!(r.is_err());
}

/// Alda with a short bow and one arrow, Bran six hexes off, Cara beside him.
fn archery() -> Arc<Spec> {
    let pack = placeholder();
    let bow = pack
        .weapons
        .iter()
        .position(|w| w.name == "Short bow")
        .unwrap();
    let mut alda = figure("Alda", 0, (3, 1), 13);
    alda.weapons.insert(
        0,
        Held {
            weapon: bow,
            ml: 60,
            ammo: 1,
            enchanted: false,
        },
    );
    Arc::new(Spec {
        map: Arc::new(HexMap::open(8, 10).unwrap()),
        pack,
        sides: vec!["Reds".into(), "Blues".into()],
        surprise: None,
        figures: vec![
            alda,
            figure("Bran", 1, (3, 7), 12),
            figure("Cara", 1, (3, 8), 11),
        ],
    })
}

fn shoot(target: FigureId) -> Command {
    Command::Act {
        figure: A,
        action: Action::Shoot {
            target,
            weapon: 0,
            aim: Aim::Any,
        },
    }
}

#[test]
fn l54_l81_a_shot_spends_a_missile_and_takes_its_range_modifier() {
    // ML 60, 6 hexes: the bow's band to 12 hexes, −10: EML 50; 50 is a CS;
    // the missile table against ignore: 3d6; Chest, 1+1+1 + point 5 = 8.
    let mut b = Battle::scripted(&archery(), [50, 50, 1, 1, 1, 1, 1]);
    b.submit(shoot(B)).unwrap();
    assert_eq!(b.ammo(A, 0), 0);
    let events = b.submit(defend(B, Defend::Ignore)).unwrap().to_vec();
    let eml = events.iter().find_map(|e| match e {
        Event::SkillRoll { worked, .. } => Some(worked.eml().0),
        _ => None,
    });
    assert_eq!(eml, Some(50));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Struck { victim: B, delivery, .. } if delivery.effective() == 8
    )));
    // Bran and Cara act; in round 2 Alda has no arrow left.
    while b.prompt()
        != (Prompt::Act {
            figure: A,
            advantage: false,
        })
    {
        let p = b.prompt();
        let c = match p {
            Prompt::Act { figure, .. } => Command::Act {
                figure,
                action: Action::Rest,
            },
            other => panic!("{other:?}"),
        };
        b.submit(c).unwrap();
    }
    let refused = b.submit(shoot(B)).unwrap_err();
    assert!(
        refused.to_string().contains("no missiles left"),
        "{refused}"
    );
}

#[test]
fn l58_a_missile_is_blocked_dodged_or_ignored_never_counterstruck() {
    let mut b = Battle::scripted(&archery(), []);
    b.submit(shoot(B)).unwrap();
    let c = defend(
        B,
        Defend::Counterstrike {
            weapon: 0,
            aspect: Aspect::Edge,
            aim: Aim::Any,
        },
    );
    assert!(b.submit(c).is_err());
}

#[test]
fn l86_a_missile_that_misses_strikes_a_figure_beside_the_target_on_twenty_or_less() {
    // 71 is a marginal failure: the table reads Miss. d100 20: it flies on
    // and strikes Cara, the one figure beside Bran, with 2d6 (a marginal
    // success against ignore): Chest, 1+1 + 5 = 7.
    let mut b = Battle::scripted(&archery(), [71, 20, 50, 1, 1, 1, 1]);
    b.submit(shoot(B)).unwrap();
    let events = b.submit(defend(B, Defend::Ignore)).unwrap().to_vec();
    let cara = FigureId(2);
    assert!(events.contains(&Event::Stray {
        roll: hexmelee::dice::Percentile::new(20).unwrap(),
        victim: Some(cara),
    }));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Struck { victim, delivery, .. } if *victim == cara && delivery.effective() == 7
    )));
    // 21: it flies wide.
    let mut b = Battle::scripted(&archery(), [71, 21]);
    b.submit(shoot(B)).unwrap();
    let events = b.submit(defend(B, Defend::Ignore)).unwrap().to_vec();
    assert!(!events.iter().any(|e| matches!(e, Event::Struck { .. })));
}

#[test]
fn an_engaged_archer_cannot_shoot() {
    let mut spec = (*archery()).clone();
    spec.figures[1].at = Hex::from((3, 2));
    let mut b = Battle::scripted(&Arc::new(spec), []);
    let refused = b.submit(shoot(B)).unwrap_err();
    assert!(refused.to_string().contains("engaged"), "{refused}");
}

#[test]
fn the_ai_plays_the_shipped_scenarios_to_an_end_without_a_refusal() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for name in ["hm-duel.ron", "hm-ambush.ron"] {
        let checked =
            hexmelee::rulesets::harnmaster::scenario::load(&root.join("scenarios").join(name))
                .unwrap();
        let mut shots = 0;
        for seed in 0..60 {
            let mut b = Battle::new(&checked.spec, seed);
            hexmelee::sim::play(&mut b, 100, ai::answer).unwrap();
            shots += b
                .all_events()
                .iter()
                .filter(|e| matches!(e, Event::Shot { .. }))
                .count();
        }
        if name == "hm-ambush.ron" {
            assert!(shots > 60, "{shots}");
        }
    }
}

/// l.165, l.175: at the end of a minute (six turns) a figure that fought
/// gains its fatigue rate (load 36 / endurance 12 = 3); one that only rested
/// and ignored the blows recovers endurance / 6 = 2. Fatigue counts in the
/// endurance index (l.139), so Alda's 8 + 3 = 11 points cost her a point of
/// physical penalty from then on.
#[test]
fn l165_l175_a_minute_of_fighting_tires_and_a_minute_of_rest_recovers() {
    let mut alda = figure("Alda", 0, (3, 3), 13);
    (alda.load, alda.fatigue) = (36, 8);
    let mut bran = figure("Bran", 1, (3, 4), 12);
    bran.fatigue = 5;
    let spec = Arc::new(Spec {
        map: Arc::new(HexMap::open(8, 8).unwrap()),
        pack: placeholder(),
        sides: vec!["Reds".into(), "Blues".into()],
        surprise: None,
        figures: vec![alda, bran],
    });
    // Each round: Alda's attack rolls 61 against EML 60, a marginal failure:
    // a miss against an ignored blow; Bran rests.
    let mut b = Battle::scripted(&spec, [61; 6]);
    for round in 1..=6 {
        assert_eq!(b.physical_penalty(A), 0, "round {round}");
        b.submit(attack(A, B)).unwrap();
        b.submit(defend(B, Defend::Ignore)).unwrap();
        b.submit(Command::Act {
            figure: B,
            action: Action::Rest,
        })
        .unwrap();
    }
    let fatigue: Vec<&Event> = (b.all_events().iter())
        .filter(|e| matches!(e, Event::Fatigue { .. }))
        .collect();
    assert_eq!(
        fatigue,
        [
            &Event::Fatigue {
                figure: A,
                points: 3,
                total: 11
            },
            &Event::Fatigue {
                figure: B,
                points: -2,
                total: 3
            },
        ]
    );
    assert_eq!((b.figure(A).fatigue, b.figure(B).fatigue), (11, 3));
    assert_eq!(b.physical_penalty(A), 1);
}

/// l.161: each weapon that meets a block is checked with 3d6 against its
/// quality, or 4d6 when the weapon it met is enchanted: Alda's enchanted
/// sword costs Bran's the fourth die, not her own.
#[test]
fn l161_a_weapon_meeting_an_enchanted_one_is_checked_with_4d6() {
    let mut alda = figure("Alda", 0, (3, 3), 13);
    alda.weapons[0].enchanted = true;
    let spec = Arc::new(Spec {
        map: Arc::new(HexMap::open(8, 8).unwrap()),
        pack: placeholder(),
        sides: vec!["Reds".into(), "Blues".into()],
        surprise: None,
        figures: vec![alda, figure("Bran", 1, (3, 4), 12)],
    });
    // Alda MF (61), Bran MS (44): a block; then 3d6 for Alda's sword and
    // 4d6 for Bran's, all ones.
    let mut b = Battle::scripted(&spec, [61, 44, 1, 1, 1, 1, 1, 1, 1]);
    b.submit(attack(A, B)).unwrap();
    let events = b.submit(defend(B, Defend::Block { weapon: 0 })).unwrap();
    let dice: Vec<(FigureId, usize)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Checked {
                figure,
                check: Check::WeaponDamage { .. },
                roll,
                ..
            } => Some((*figure, roll.faces.len())),
            _ => None,
        })
        .collect();
    assert_eq!(dice, [(A, 3), (B, 4)]);
}
