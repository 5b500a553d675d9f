//! Land of Karn's engine, step by step of the Combat Melee Quick Chart,
//! with scripted dice: every number below is worked out by hand from the
//! text and the house pack (Broadsword 2D4 chop, Fists 1D3 crush).

use std::path::Path;

use hexmelee::rulesets::landofkarn::engine::event::{Guard, PlanStep};
use hexmelee::rulesets::landofkarn::engine::{
    Act, Action, Battle, Command, Cover, Event, Grip, Part, Plan, Prompt, Slot, Standing,
};
use hexmelee::rulesets::landofkarn::rules::roll::{Level, Total};
use hexmelee::rulesets::landofkarn::rules::tables::Fumble;
use hexmelee::rulesets::landofkarn::rules::terms::Share;
use hexmelee::rulesets::landofkarn::scenario::{Checked, parse};
use hexmelee::seam::{Engine, FigureId};

const CHIP: FigureId = FigureId(0);
const SALEMATH: FigureId = FigureId(1);

/// Chip (+6 initiative, three actions, Counterstrike, a broadsword) and
/// Salemath (+2, two actions, bare hands), side by side, no armour.
fn pair() -> Checked {
    let text = r#"Scenario(
        name: "Chip and Salemath", ruleset: LandOfKarn, seed: 1,
        map: (width: 6, height: 6),
        sides: [(name: "Chip's", colour: Red), (name: "Salemath's", colour: Blue)],
        figures: [
            Figure(name: "Chip", side: "Chip's", at: (2, 2), facing: SE,
                actions: 3, initiative: 6, alt: 14, hp: 30, sp: 30,
                strike: 2, parry: 4, dodge: 1, counterstrike: true,
                weapons: ["Broadsword"]),
            Figure(name: "Salemath", side: "Salemath's", at: (3, 2), facing: NW,
                actions: 2, initiative: 2, alt: 10, hp: 20, sp: 20,
                strike: 2, parry: 4, dodge: 3),
        ],
    )"#;
    parse(Path::new("pair.ron"), text).unwrap()
}

fn full(act: Act) -> Action {
    Action(vec![Part {
        share: Share::Full,
        act,
    }])
}

fn strike() -> Act {
    Act::Strike { called: None }
}

fn roll_both(b: &mut Battle) {
    b.submit(Command::Initiative {
        figure: CHIP,
        forfeit: false,
    })
    .unwrap();
    b.submit(Command::Initiative {
        figure: SALEMATH,
        forfeit: false,
    })
    .unwrap();
}

fn blows(b: &Battle) -> Vec<&hexmelee::rulesets::landofkarn::engine::event::Blow> {
    b.events()
        .iter()
        .filter_map(|e| match e {
            Event::Struck(blow) => Some(&**blow),
            _ => None,
        })
        .collect()
}

/// Step 1, "1. Initiative" example: Chip rolls 9 (15), Salemath 14 (16):
/// the lesser trained wins.
#[test]
fn quick_chart_step_1_initiative_example() {
    let c = pair();
    let mut b = Battle::scripted(&c.spec, [9, 14]);
    assert_eq!(b.prompt(), Prompt::Initiative { figure: CHIP });
    roll_both(&mut b);
    assert_eq!(
        b.prompt(),
        Prompt::Attack {
            figure: SALEMATH,
            opponent: CHIP
        }
    );
    assert!(b.events().iter().any(|e| matches!(
        e,
        Event::InitiativeRolled { rolls, .. }
            if rolls[0].2 == Total::Of(15) && rolls[1].2 == Total::Of(16)
    )));
}

/// Step 1, the second example: a tie at 17 goes to Chip's higher ALT; all
/// forfeiting, nothing happens and the next melee begins.
#[test]
fn quick_chart_step_1_ties_and_forfeits() {
    let c = pair();
    let mut b = Battle::scripted(&c.spec, [11, 15]);
    roll_both(&mut b);
    assert!(b.events().iter().any(|e| matches!(
        e,
        Event::Leads {
            winner: Some(CHIP),
            by_alt: true,
            ..
        }
    )));
    let mut b = Battle::scripted(&c.spec, []);
    for figure in [CHIP, SALEMATH] {
        b.submit(Command::Initiative {
            figure,
            forfeit: true,
        })
        .unwrap();
    }
    assert_eq!(b.melee(), 2);
    assert_eq!(b.prompt(), Prompt::Initiative { figure: CHIP });
}

/// Steps 2 to 6, "3. Defender Chooses" example: Salemath punches and kicks
/// (two strikes); Chip blocks both and counterattacks with his third action;
/// Salemath, with nothing saved, takes it. Damage is taken only when the
/// melee ends.
#[test]
fn quick_chart_steps_2_to_6_punch_kick_block_counter() {
    let c = pair();
    // Initiative 5 + 6 = 11 against 15 + 2 = 17: Salemath.
    // Salemath strike 1: 13 + 2 = 15; Chip parries 13 + 4 = 17, held.
    // Chip has no action 1 counter; Salemath strike 2: 10 + 2 = 12; Chip 5 + 4 = 9: hit, 1D3 = 2.
    // Chip's action 3, a counter: 12 + 2 = 14, undefended: 2D4 = 3 + 4 = 7.
    let mut b = Battle::scripted(&c.spec, [5, 15, 13, 13, 10, 5, 2, 12, 3, 4]);
    roll_both(&mut b);
    b.submit(Command::Attack {
        figure: SALEMATH,
        plan: Plan(vec![full(strike()), full(strike())]),
    })
    .unwrap();
    assert_eq!(
        b.prompt(),
        Prompt::Defend {
            figure: CHIP,
            opponent: SALEMATH
        }
    );
    b.submit(Command::Defend {
        figure: CHIP,
        plan: Plan(vec![
            full(Act::Parry { against: 0 }),
            full(Act::Parry { against: 1 }),
            full(Act::Counter { called: None }),
        ]),
    })
    .unwrap();
    // Step 4: Salemath may defend; he has nothing saved.
    assert_eq!(
        b.prompt(),
        Prompt::Answer {
            figure: SALEMATH,
            opponent: CHIP
        }
    );
    b.submit(Command::Answer {
        figure: SALEMATH,
        covers: vec![],
    })
    .unwrap();
    let blows = blows(&b);
    assert_eq!(blows.len(), 3);
    assert!(blows[0].defence.as_ref().unwrap().held);
    assert_eq!(blows[1].damage.as_ref().unwrap().hp, 2);
    assert!(blows[2].counter);
    assert_eq!(blows[2].total, Total::Of(14));
    assert_eq!(blows[2].damage.as_ref().unwrap().hp, 7);
    assert_eq!(b.figure(CHIP).hp.0, 28);
    assert_eq!(b.figure(SALEMATH).hp.0, 13);
    assert_eq!(b.melee(), 2, "step 7: start over");
}

/// "Timing Within A Melee" and "6. Roll and apply damage": a figure dealt
/// enough to kill it still makes its actions; both may fall in one melee.
#[test]
fn timing_within_a_melee_both_may_fall() {
    let mut c = pair();
    c.spec.figures[0].hp.0 = 2;
    c.spec.figures[1].hp.0 = 2;
    c.spec.figures[1].counterstrike = true;
    // Chip wins (20 against 3) and strikes 12 + 2, undefended: 2D4 = 2 + 2.
    // Salemath, dealt his death, still counters 15 + 2, undefended: 1D3 = 3.
    let mut b = Battle::scripted(&c.spec, [20, 3, 12, 2, 2, 15, 3]);
    roll_both(&mut b);
    b.submit(Command::Attack {
        figure: CHIP,
        plan: Plan(vec![full(strike())]),
    })
    .unwrap();
    b.submit(Command::Defend {
        figure: SALEMATH,
        plan: Plan(vec![full(Act::Counter { called: None })]),
    })
    .unwrap();
    b.submit(Command::Answer {
        figure: CHIP,
        covers: vec![],
    })
    .unwrap();
    assert_eq!(b.figure(SALEMATH).standing, Standing::Dead);
    assert_eq!(b.figure(CHIP).standing, Standing::Dead);
    assert_eq!(b.outcome(), Some(None));
    assert_eq!(b.prompt(), Prompt::Over);
}

/// "Timing Within A Melee" example (the sword fumble) read with "Dropped
/// Weapon" (docs/RULINGS.md: the rule wins): Chip fumbles his first of three
/// sword strikes and drops the sword; his second action picks it up and his
/// third strikes again.
#[test]
fn timing_within_a_melee_sword_fumble_example() {
    let c = pair();
    // Initiative 20 against 3. Strike 1: natural 1; the Swing column, d100 55:
    // Dropped Weapon, 1D6 = 4 SP. Action 2 picks it up. Strike 3: 12 + 2 = 14,
    // undefended, 2D4 = 1 + 1.
    let mut b = Battle::scripted(&c.spec, [20, 3, 1, 55, 4, 12, 1, 1]);
    roll_both(&mut b);
    b.submit(Command::Attack {
        figure: CHIP,
        plan: Plan::all(3, strike()),
    })
    .unwrap();
    b.submit(Command::Defend {
        figure: SALEMATH,
        plan: Plan(vec![]),
    })
    .unwrap();
    let fumble = b.events().iter().find_map(|e| match e {
        Event::Fumbled(f) => Some(f),
        _ => None,
    });
    let fumble = fumble.expect("a fumble");
    assert_eq!(fumble.fumble, Fumble::DroppedWeapon);
    assert_eq!(fumble.sp.total, 4);
    assert!(b.events().iter().any(|e| matches!(
        e,
        Event::PicksUp {
            figure: CHIP,
            action: 1
        }
    )));
    let blows = blows(&b);
    assert_eq!(blows.len(), 2);
    assert_eq!(blows[0].level, Level::NaturalFumble);
    assert_eq!(blows[1].damage.as_ref().unwrap().hp, 2);
    assert_eq!(b.figure(CHIP).grip, Grip::Held);
    assert_eq!(b.figure(CHIP).sp.0, 26);
}

/// "Splitting Actions" in play: a half action's d20 is halved before its
/// bonus; a quarter action's quartered 3 is 0, a fumble ("Fumble": bare
/// hands, d100 10 Bad Miss, 1 SP, -1 on the next action).
#[test]
fn splitting_actions_in_play() {
    let c = pair();
    // Salemath wins 3 + 6 < 18 + 2. Half punch: 15 → 7 + 2 = 9, Chip's full
    // parry 2 + 4 = 6: a hit, 1D3 = 1. Quarter, quarter: 3 → 0 + 2 = 2
    // is a miss (no fumble: the +2 comes after).
    let mut b = Battle::scripted(&c.spec, [3, 18, 15, 2, 1, 3, 3]);
    roll_both(&mut b);
    let split = Action(vec![
        Part {
            share: Share::Half,
            act: strike(),
        },
        Part {
            share: Share::Quarter,
            act: strike(),
        },
        Part {
            share: Share::Quarter,
            act: strike(),
        },
    ]);
    b.submit(Command::Attack {
        figure: SALEMATH,
        plan: Plan(vec![split]),
    })
    .unwrap();
    b.submit(Command::Defend {
        figure: CHIP,
        plan: Plan(vec![full(Act::Parry { against: 0 })]),
    })
    .unwrap();
    let blows = blows(&b);
    assert_eq!(blows[0].total, Total::Of(9));
    assert_eq!(blows[0].roll.said(), "15 halved 7 + 2 = 9");
    assert_eq!(blows[1].total, Total::Of(2));
    assert_eq!(blows[1].level, Level::Miss);
    assert_eq!(b.figure(CHIP).hp.0, 29);
}

/// "4. Winner May Choose Defense" example: Salemath punches and kicks; Chip
/// blocks both and counters with a punch; Salemath cancels the kick to block
/// the counter, and Chip's block of the fake kick is spent.
#[test]
fn winner_may_choose_defense_fake_example() {
    let c = pair();
    // Salemath wins (2 + 6 < 19 + 2). Punch 13 + 2 = 15; Chip parries 13 + 4
    // = 17, held. Kick cancelled: a feint. Chip's counter 14 + 2 = 16;
    // Salemath's altered defence 15 + 4 = 19, held.
    let mut b = Battle::scripted(&c.spec, [2, 19, 13, 13, 14, 15]);
    roll_both(&mut b);
    b.submit(Command::Attack {
        figure: SALEMATH,
        plan: Plan(vec![full(strike()), full(strike())]),
    })
    .unwrap();
    b.submit(Command::Defend {
        figure: CHIP,
        plan: Plan(vec![
            full(Act::Parry { against: 0 }),
            full(Act::Parry { against: 1 }),
            full(Act::Counter { called: None }),
        ]),
    })
    .unwrap();
    b.submit(Command::Answer {
        figure: SALEMATH,
        covers: vec![Cover {
            slot: Slot { action: 1, part: 0 },
            against: 0,
        }],
    })
    .unwrap();
    assert!(b.events().iter().any(|e| matches!(
        e,
        Event::Feint {
            figure: SALEMATH,
            strike: 1,
            parried: true
        }
    )));
    let blows = blows(&b);
    assert_eq!(blows.len(), 2);
    let d = blows[1].defence.as_ref().unwrap();
    assert_eq!(d.how, Guard::Altered);
    assert!(d.held);
}

/// "2. Winner Chooses Attack(s)": a saved action defends at +5.
#[test]
fn winner_chooses_attacks_saved_action_defends_at_plus_five() {
    let c = pair();
    // Salemath wins; strikes 10 + 2 = 12; Chip parries 15 + 4 = 19. Chip
    // counters 14 + 2 = 16; Salemath's saved action 8 + 4 + 5 = 17, held.
    let mut b = Battle::scripted(&c.spec, [2, 19, 10, 15, 14, 8]);
    roll_both(&mut b);
    b.submit(Command::Attack {
        figure: SALEMATH,
        plan: Plan(vec![full(strike()), full(Act::Save)]),
    })
    .unwrap();
    b.submit(Command::Defend {
        figure: CHIP,
        plan: Plan(vec![
            full(Act::Parry { against: 0 }),
            full(Act::Counter { called: None }),
        ]),
    })
    .unwrap();
    b.submit(Command::Answer {
        figure: SALEMATH,
        covers: vec![Cover {
            slot: Slot { action: 1, part: 0 },
            against: 0,
        }],
    })
    .unwrap();
    let blows = blows(&b);
    let d = blows[1].defence.as_ref().unwrap();
    assert_eq!(d.how, Guard::Saved);
    assert_eq!(d.total, Total::Of(17));
    assert!(d.held);
}

/// "3. Defender Chooses": a dodge uses every action and meets every strike
/// with one roll.
#[test]
fn defender_dodge_meets_every_strike_with_one_roll() {
    let c = pair();
    // Chip wins; three strikes 10, 11, 19 (+2); Salemath dodges once: 14 + 3 = 17.
    // The third (21) lands: 2D4 = 2 + 2.
    let mut b = Battle::scripted(&c.spec, [18, 2, 10, 14, 11, 19, 2, 2]);
    roll_both(&mut b);
    b.submit(Command::Attack {
        figure: CHIP,
        plan: Plan::all(3, strike()),
    })
    .unwrap();
    b.submit(Command::Defend {
        figure: SALEMATH,
        plan: Plan(vec![full(Act::Dodge)]),
    })
    .unwrap();
    let blows = blows(&b);
    assert_eq!(blows.len(), 3);
    assert!(blows[0].defence.as_ref().unwrap().roll.is_some());
    assert!(blows[1].defence.as_ref().unwrap().roll.is_none());
    assert!(blows[1].defence.as_ref().unwrap().held);
    assert!(!blows[2].defence.as_ref().unwrap().held);
    assert_eq!(b.figure(SALEMATH).hp.0, 16);
}

/// Every check comes before the first event: refused answers change nothing.
#[test]
fn refused_answers_change_nothing() {
    let c = pair();
    let mut b = Battle::scripted(&c.spec, [18, 2]);
    let wrong = Command::Initiative {
        figure: SALEMATH,
        forfeit: false,
    };
    assert!(b.submit(wrong).is_err());
    roll_both(&mut b);
    let before = b.events().len();
    let refused = [
        // Four full actions for a figure of three.
        Command::Attack {
            figure: CHIP,
            plan: Plan::all(4, strike()),
        },
        // A half action alone is no split of a full action.
        Command::Attack {
            figure: CHIP,
            plan: Plan(vec![Action(vec![Part {
                share: Share::Half,
                act: strike(),
            }])]),
        },
        // A defence in step 2.
        Command::Attack {
            figure: CHIP,
            plan: Plan(vec![full(Act::Dodge)]),
        },
        // Not the winner's turn for a defence.
        Command::Defend {
            figure: SALEMATH,
            plan: Plan(vec![]),
        },
    ];
    for c in refused {
        assert!(b.submit(c.clone()).is_err(), "{c:?}");
        assert_eq!(b.events().len(), before);
    }
    b.submit(Command::Attack {
        figure: CHIP,
        plan: Plan(vec![full(strike())]),
    })
    .unwrap();
    let before = b.events().len();
    for plan in [
        Plan(vec![full(Act::Parry { against: 1 })]),
        Plan(vec![
            full(Act::Parry { against: 0 }),
            full(Act::Parry { against: 0 }),
        ]),
        // Salemath has no Counterstrike.
        Plan(vec![full(Act::Counter { called: None })]),
        // A dodge must stand alone.
        Plan(vec![full(Act::Dodge), full(Act::Idle)]),
    ] {
        let c = Command::Defend {
            figure: SALEMATH,
            plan,
        };
        assert!(b.submit(c.clone()).is_err(), "{c:?}");
        assert_eq!(b.events().len(), before);
    }
    assert!(matches!(b.prompt(), Prompt::Defend { .. }));
}

/// Same scenario, seed and commands, same events; the log is the replay.
#[test]
fn the_same_seed_plays_the_same_battle_and_replays() {
    let c = hexmelee::rulesets::landofkarn::scenario::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/lok-duel.ron"),
    )
    .unwrap();
    let mut commands = Vec::new();
    let mut a = Battle::new(&c.spec, 9);
    hexmelee::sim::play(&mut a, 100, |b, p| {
        let cmd = hexmelee::rulesets::landofkarn::ai::answer(b, p);
        commands.push(cmd.clone());
        cmd
    })
    .unwrap();
    assert!(a.outcome().is_some());
    let again = Battle::replay(&c.spec, 9, &commands).unwrap();
    assert_eq!(format!("{:?}", a.events()), format!("{:?}", again.events()));
    let plans = a
        .events()
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Planned {
                    step: PlanStep::Attack,
                    ..
                }
            )
        })
        .count();
    assert!(plans >= 1);
}

/// A session keeps the log: undo and redo are replays, and a save reads
/// back to the same battle.
#[test]
fn a_session_undoes_redoes_and_saves() {
    use hexmelee::session::Session;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/lok-duel.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut s = Session::<Battle>::open(&path, text, Some(5)).unwrap();
    s.play_out(100, hexmelee::rulesets::landofkarn::ai::answer)
        .unwrap();
    let played = s.log().len();
    let events = format!("{:?}", s.battle().events());
    assert!(s.undo());
    assert_eq!(s.cursor(), played - 1);
    assert!(s.redo());
    assert_eq!(format!("{:?}", s.battle().events()), events);
    let back =
        hexmelee::session::file::load_text_of::<Battle>(&path, &s.to_save().to_ron()).unwrap();
    assert_eq!(back.session.log(), s.log());
    assert_eq!(format!("{:?}", back.session.battle().events()), events);
}
