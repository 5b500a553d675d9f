//! The Melee Round engine, rule by rule, driven through its public seam
//! (prompts, commands, events) with scripted or seeded dice. Test names carry
//! the section of the rule they prove.

use std::path::Path;

use hexmelee::dice::Dice;
use hexmelee::hex::{Facing, Step};
use hexmelee::rulesets::shakhan::engine::{
    Battle, BusyStance, CardOrder, Command, Event, FigureMove, FigureOrders, Override, Prompt,
    ShieldStance,
};
use hexmelee::rulesets::shakhan::rules::Card;
use hexmelee::rulesets::shakhan::rules::condition::SideFortune;
use hexmelee::rulesets::shakhan::rules::hazard::AftermathCheck;
use hexmelee::rulesets::shakhan::rules::tables::actions::Activity;
use hexmelee::rulesets::shakhan::scenario::Checked;
use hexmelee::seam::{FigureId, SideId, View};

fn shipped(name: &str) -> Checked {
    hexmelee::rulesets::shakhan::scenario::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(name),
    )
    .unwrap()
}

fn parse(text: &str) -> Checked {
    hexmelee::rulesets::shakhan::scenario::parse(Path::new("test.ron"), text)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Two figures on an open 8x8 map; `a` and `b` are their figure bodies.
fn two(a: &str, b: &str) -> Checked {
    parse(&format!(
        r#"Scenario(name: "t", ruleset: Shakhan, options: (free_rounds: false),
            map: (width: 8, height: 8),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue)],
            figures: [
                (side: "A", occupation: Warrior, level: 2, height_m: 1.75, weight_kg: 72.0, {a}),
                (side: "B", occupation: Warrior, level: 1, height_m: 1.7, weight_kg: 70.0, {b}),
            ])"#
    ))
}

const STATS: &str = "stats: (agility: 12, strength: 12, dexterity: 11, constitution: 12, willpower: 12, vision: 11)";

/// A figure's index and its cards, each with an optional target index.
type Written<'a> = (usize, &'a [(Card, Option<usize>)]);

fn orders(side: usize, list: &[Written]) -> Command {
    Command::Orders {
        side: SideId(side),
        orders: list
            .iter()
            .map(|(f, cards)| FigureOrders {
                figure: FigureId(*f),
                cards: cards
                    .iter()
                    .map(|(c, t)| CardOrder::new(*c, t.map(FigureId)))
                    .collect(),
                shield: ShieldStance::Raise,
                when_busy: BusyStance::Ask,
                dodge: Default::default(),
                moves: Default::default(),
            })
            .collect(),
    }
}

/// Answer the movement-priority and divine-intervention questions.
fn settle(b: &mut Battle) {
    b.submit(Command::MovementPriority { move_first: true })
        .unwrap();
    b.submit(Command::DivineIntervention { note: None })
        .unwrap();
}

/// Stand still through every Action Phase until the next call for orders.
fn stand_until_orders(b: &mut Battle) {
    while let Prompt::Movement { .. } = b.prompt() {
        b.submit(Command::Move { moves: vec![] }).unwrap();
    }
}

fn strikes(b: &Battle) -> Vec<&hexmelee::rulesets::shakhan::engine::StrikeEvent> {
    b.events()
        .iter()
        .filter_map(|e| match e {
            Event::Strike(s) => Some(s.as_ref()),
            _ => None,
        })
        .collect()
}

#[test]
fn unmatched_cards_16_9_3_arlos_bailor_colath() {
    let mut c = shipped("unmatched-cards.ron");
    c.scenario.options.free_rounds = false;
    let mut b = Battle::new(&c, 3).unwrap();
    // Arlos plays C on Bailor; Bailor C on Arlos; Colath B on Arlos.
    for side in [0, 1] {
        let cmd = if side == 0 {
            orders(0, &[(0, &[(Card::C, Some(1))])])
        } else {
            orders(1, &[(1, &[(Card::C, Some(0))]), (2, &[(Card::B, Some(0))])])
        };
        b.submit(cmd).unwrap();
    }
    settle(&mut b);
    let s = strikes(&b);
    let by = |name: &str| {
        s.iter()
            .find(|e| e.explanation().starts_with(name))
            .unwrap_or_else(|| panic!("no strike by {name}: {s:#?}"))
    };
    // Arlos and Bailor each match the card played against them...
    assert!(
        by("Arlos")
            .explanation()
            .starts_with("Arlos (C) on Bailor (C)"),
        "{}",
        by("Arlos").explanation()
    );
    assert!(
        by("Bailor")
            .explanation()
            .starts_with("Bailor (C) on Arlos (C)"),
        "{}",
        by("Bailor").explanation()
    );
    // ...but Arlos has no card left for Colath: he counts as playing G (+25).
    let colath = by("Colath");
    assert_eq!(colath.matched_by, None);
    assert!(
        colath.explanation().starts_with("Colath (B) on Arlos (G)"),
        "{}",
        colath.explanation()
    );
    assert!(
        colath.explanation().contains("+25 for Arlos's card G"),
        "{}",
        colath.explanation()
    );
}

#[test]
fn tca_16_3_more_cards_than_allowed_are_refused() {
    let c = shipped("unmatched-cards.ron");
    let mut b = Battle::new(&c, 1).unwrap();
    let side = match b.prompt() {
        Prompt::Orders { side } => side,
        p => panic!("{p:?}"),
    };
    let fig = if side.0 == 0 { 0 } else { 1 };
    let target = if side.0 == 0 { 1 } else { 0 };
    let err = b
        .submit(orders(
            side.0,
            &[(fig, &[(Card::C, Some(target)), (Card::E, Some(target))])],
        ))
        .unwrap_err();
    assert!(err.0.contains("TCA, 16.3"), "{err}");
    // Nothing changed: the same orders prompt is still open.
    assert_eq!(b.prompt(), Prompt::Orders { side });
}

#[test]
fn ap_16_9_4_come_from_the_best_card_only() {
    // Ishen (TCA 3, MA 13) plays D, A, E: Action Points of A alone, 2 x 13.
    let c = shipped("tavern-brawl.ron");
    let mut b = Battle::new(&c, 5).unwrap();
    while let Prompt::Orders { side } = b.prompt() {
        let cmd = if side.0 == 0 {
            orders(
                0,
                &[(0, &[(Card::D, None), (Card::A, Some(1)), (Card::E, None)])],
            )
        } else {
            Command::Orders {
                side,
                orders: vec![],
            }
        };
        b.submit(cmd).unwrap();
    }
    let award = b
        .events()
        .iter()
        .find_map(|e| match e {
            Event::OrdersRevealed { awards, .. } => {
                awards.iter().find(|a| a.figure == FigureId(0)).cloned()
            }
            _ => None,
        })
        .unwrap();
    assert_eq!(
        (award.best_card, award.ap, award.pulse_ap),
        (Card::A, 26.0, 5.2)
    );
    // Unordered figures play G (16.14.1).
    assert!(
        b.figure(FigureId(1))
            .round
            .cards
            .iter()
            .all(|c| c.card() == Card::G)
    );
}

fn duel_to_movement(cards: [Card; 2]) -> Battle {
    let mut c = shipped("duel.ron");
    c.scenario.options.free_rounds = false;
    let mut b = Battle::new(&c, 11).unwrap();
    while let Prompt::Orders { side } = b.prompt() {
        let other = 1 - side.0;
        b.submit(orders(side.0, &[(side.0, &[(cards[side.0], Some(other))])]))
            .unwrap();
    }
    settle(&mut b);
    b
}

/// Submit `steps` for Aulos when side 0 moves, nothing for side 1, until Aulos has moved.
fn move_aulos(b: &mut Battle, steps: Vec<Step>) -> Result<(), String> {
    loop {
        match b.prompt() {
            Prompt::Movement {
                side: SideId(0), ..
            } => {
                return b
                    .submit(Command::Move {
                        moves: vec![FigureMove {
                            figure: FigureId(0),
                            steps,
                        }],
                    })
                    .map(|_| ())
                    .map_err(|e| e.0);
            }
            Prompt::Movement { .. } => {
                b.submit(Command::Move { moves: vec![] }).unwrap();
            }
            p => panic!("{p:?}"),
        }
    }
}

#[test]
fn obligation_16_9_2_an_attack_card_cannot_move_away() {
    let mut b = duel_to_movement([Card::C, Card::C]);
    let err = move_aulos(&mut b, vec![Step::Backward]).unwrap_err();
    assert!(err.contains("must move toward the enemy"), "{err}");
}

#[test]
fn parry_16_9_1_may_only_pivot() {
    let mut b = duel_to_movement([Card::D, Card::C]);
    let err = move_aulos(&mut b, vec![Step::Forward]).unwrap_err();
    assert!(err.contains("may only pivot"), "{err}");
    move_aulos(&mut b, vec![Step::Pivot { to: Facing::NE }]).unwrap();
}

#[test]
fn pulse_16_9_8_allowance_carries_its_fraction() {
    // Aulos: 8 AP under C, 1.6 a pulse. Two hexes do not fit pulse 1...
    let mut b = duel_to_movement([Card::C, Card::C]);
    let err = move_aulos(&mut b, vec![Step::Forward, Step::Forward]).unwrap_err();
    assert!(
        err.contains("Pulse Movement Allowance has 1.6 left"),
        "{err}"
    );
    move_aulos(&mut b, vec![Step::Forward]).unwrap();
    // ...but after one hex, pulse 2 has 0.6 + 1.6 = 2.2.
    move_aulos(&mut b, vec![Step::Forward, Step::Forward]).unwrap();
    let left = b.figure(FigureId(0)).round.ap_left;
    assert_eq!(left, 5.0);
}

#[test]
fn initiative_16_9_9_alternates_after_the_first_round() {
    let mut c = shipped("duel.ron");
    c.scenario.options.free_rounds = false;
    let mut b = Battle::new(&c, 2).unwrap();
    let first = b.initiative().unwrap();
    while let Prompt::Orders { side } = b.prompt() {
        b.submit(Command::Orders {
            side,
            orders: vec![],
        })
        .unwrap();
    }
    settle(&mut b);
    stand_until_orders(&mut b);
    assert_eq!(b.round(), 2);
    write_no_orders(&mut b);
    assert_eq!(b.initiative(), Some(SideId(1 - first.0)));
    assert!(
        b.events()
            .iter()
            .any(|e| matches!(e, Event::InitiativeAlternates { .. }))
    );
}

/// Every side awaited writes no orders (its figures play G).
fn write_no_orders(b: &mut Battle) {
    while let Prompt::Orders { side } = b.prompt() {
        b.submit(Command::Orders {
            side,
            orders: vec![],
        })
        .unwrap();
    }
}

/// The index of the first event from `from` on that `is` picks.
fn first_at(b: &Battle, from: usize, is: impl Fn(&Event) -> bool) -> Option<usize> {
    b.events()[from..].iter().position(is).map(|i| i + from)
}

/// The duel without free rounds, played to the call for round 2's orders.
fn duel_at_round_two(every_round: bool) -> Battle {
    let mut c = shipped("duel.ron");
    c.scenario.options.free_rounds = false;
    c.scenario.options.initiative_every_round = every_round;
    let mut b = Battle::new(&c, 2).unwrap();
    write_no_orders(&mut b);
    settle(&mut b);
    stand_until_orders(&mut b);
    assert_eq!(b.round(), 2);
    b
}

#[test]
fn s16_14_2_initiative_passes_after_the_orders_are_revealed() {
    // The opening roll comes before the first orders (it decides free rounds).
    let mut c = shipped("duel.ron");
    c.scenario.options.free_rounds = false;
    let b = Battle::new(&c, 2).unwrap();
    let rolled = first_at(&b, 0, |e| matches!(e, Event::InitiativeRolled { .. }));
    assert!(rolled.is_some(), "{:?}", b.events());
    assert!(b.initiative().is_some(), "round 1's Initiative is known");
    // In round 2 the orders are written and revealed, then Initiative passes.
    let mut b = duel_at_round_two(false);
    let before = b.events().len();
    assert_eq!(b.initiative(), None, "not yet checked for round 2");
    let round_two = first_at(&b, 0, |e| matches!(e, Event::RoundBegan { round: 2, .. })).unwrap();
    assert!(
        first_at(&b, round_two, |e| matches!(
            e,
            Event::InitiativeAlternates { .. }
        ))
        .is_none()
    );
    write_no_orders(&mut b);
    let revealed = first_at(&b, before, |e| matches!(e, Event::OrdersRevealed { .. })).unwrap();
    let passed = first_at(&b, before, |e| {
        matches!(e, Event::InitiativeAlternates { .. })
    })
    .unwrap();
    assert!(revealed < passed, "{:?}", &b.events()[before..]);
    assert_eq!(
        b.prompt(),
        Prompt::MovementPriority {
            side: b.initiative().unwrap()
        }
    );
}

#[test]
fn s16_14_2_a_fresh_check_each_round_is_rolled_after_the_orders() {
    let mut b = duel_at_round_two(true);
    let round_two = first_at(&b, 0, |e| matches!(e, Event::RoundBegan { round: 2, .. })).unwrap();
    assert!(
        first_at(&b, round_two, |e| matches!(
            e,
            Event::InitiativeRolled { .. }
        ))
        .is_none(),
        "no roll before round 2's orders: {:?}",
        &b.events()[round_two..]
    );
    assert_eq!(b.initiative(), None);
    write_no_orders(&mut b);
    let revealed = first_at(&b, round_two, |e| matches!(e, Event::OrdersRevealed { .. })).unwrap();
    let rolled = first_at(&b, round_two, |e| {
        matches!(e, Event::InitiativeRolled { .. })
    })
    .unwrap();
    assert!(revealed < rolled);
    assert!(b.initiative().is_some());
}

#[test]
fn s16_14_2_the_referees_call_before_the_check_stands_for_the_round() {
    let mut b = duel_at_round_two(false);
    b.submit(Command::FreshInitiative).unwrap();
    let before = b.events().len();
    write_no_orders(&mut b);
    // The fresh check the Referee called comes in this round's check phase.
    let revealed = first_at(&b, before, |e| matches!(e, Event::OrdersRevealed { .. })).unwrap();
    let rolled = first_at(&b, before, |e| matches!(e, Event::InitiativeRolled { .. })).unwrap();
    assert!(revealed < rolled);
    // A side the Referee gives Initiative before the check keeps it this round.
    let mut b = duel_at_round_two(false);
    b.submit(Command::Referee(Override::SetInitiative {
        side: SideId(1),
    }))
    .unwrap();
    write_no_orders(&mut b);
    assert_eq!(b.initiative(), Some(SideId(1)));
    settle(&mut b);
    stand_until_orders(&mut b);
    write_no_orders(&mut b);
    assert_eq!(b.initiative(), Some(SideId(0)), "and it passes on after");
}

#[test]
fn free_round_16_9_9_1_double_surprise() {
    // Side A rolls 95, side B 05: "A* (double surprise)", two free rounds.
    let c = shipped("duel.ron");
    let mut b = Battle::with_dice(&c, Dice::scripted([95, 5])).unwrap();
    assert!(b.is_free_round());
    assert_eq!(b.initiative(), Some(SideId(0)));
    // Only the surprising side writes orders.
    assert_eq!(b.prompt(), Prompt::Orders { side: SideId(0) });
    b.submit(orders(0, &[(0, &[(Card::C, Some(1))])])).unwrap();
    // Its AP are halved (8 -> 4) but not its speed; the surprised side plays C.
    let aulos = &b.figure(FigureId(0)).round;
    assert_eq!((aulos.ap_left, aulos.pulse_ap), (4.0, 1.6));
    assert_eq!(b.figure(FigureId(1)).round.cards[0].card(), Card::C);
    settle(&mut b);
    // The surprised side may only pivot.
    loop {
        match b.prompt() {
            Prompt::Movement {
                side: SideId(1), ..
            } => break,
            _ => b
                .submit(Command::Move { moves: vec![] })
                .map(|_| ())
                .unwrap(),
        }
    }
    let err = b
        .submit(Command::Move {
            moves: vec![FigureMove {
                figure: FigureId(1),
                steps: vec![Step::Forward],
            }],
        })
        .unwrap_err();
    assert!(err.0.contains("surprised in a free round"), "{err}");
    stand_until_orders(&mut b);
    // Two seconds only: then the second free round, with no Fatigue spent by the surprised.
    assert!(b.is_free_round());
    let tired: Vec<FigureId> = b
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::FatigueSpent { figure, .. } => Some(*figure),
            _ => None,
        })
        .collect();
    assert_eq!(tired, [FigureId(0)]);
    let pulses = b
        .events()
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::PhaseBegan {
                    phase: hexmelee::rulesets::shakhan::engine::Phase::Attack { second: false, .. }
                }
            )
        })
        .count();
    assert_eq!(pulses, 2);
}

#[test]
fn unbalanced_16_15_4_costs_the_next_card_and_leaves_g() {
    // Arlos (long sword, Good: 2D6+1, A +1) strikes Bailor (leather Usual, APV 15).
    let c = two(
        &format!(
            "name: \"Arlos\", at: (3, 3), facing: N, {STATS}, weapons: [(kind: LongSword, quality: Good, training: 2)]"
        ),
        &format!(
            "name: \"Bailor\", at: (3, 2), facing: S, {STATS}, weapons: [(kind: ShortSword, quality: Good, training: 1)], armour: [(piece: Breastplate, material: Leather, quality: Usual)]"
        ),
    );
    // Initiative 95 v 30: A* (plain). Strike: 01 always strikes; location 30:
    // upper body; penetration 53 +1 = 54: APV column 10, row 51-55: p1;
    // damage 3+3+1 = 7; Bailor's morale check 10: steady.
    let mut b = Battle::with_dice(&c, Dice::scripted([95, 30, 1, 30, 53, 3, 3, 10])).unwrap();
    b.submit(orders(0, &[(0, &[(Card::C, Some(1))])])).unwrap();
    b.submit(orders(1, &[(1, &[(Card::D, Some(0))])])).unwrap();
    settle(&mut b);
    let s = strikes(&b);
    assert_eq!(s.len(), 1);
    let w = &s[0].wounds[0];
    assert_eq!((w.damage, w.unbalanced), (7, 1), "{}", s[0].explanation());
    assert!(s[0].explanation().contains("p1"), "{}", s[0].explanation());
    // Bailor's only card, the Parry, is lost.
    assert!(b.figure(FigureId(1)).round.cards[0].lost);
    stand_until_orders(&mut b);
    assert_eq!(b.figure(FigureId(1)).condition.damage(), 7);
}

#[test]
fn reaction_16_10_1_passing_through_a_strike_zone() {
    // The guard faces S at (3, 3): its Strike Zone is (2, 4), (3, 4), (4, 4).
    // The runner enters (2, 4) and leaves it for (3, 4): one reaction attack.
    let c = two(
        "name: \"Runner\", at: (1, 4), facing: NE, stats: (agility: 20, strength: 20, dexterity: 11, constitution: 12, willpower: 12, vision: 11), weapons: [(kind: Dagger, quality: Good, training: 1)]",
        &format!(
            "name: \"Guard\", at: (3, 3), facing: S, {STATS}, weapons: [(kind: ShortSword, quality: Good, training: 1)]"
        ),
    );
    // Initiative 95 v 30 for the runner's side; the reaction rolls 99: a miss.
    let mut b = Battle::with_dice(&c, Dice::scripted([95, 30, 99])).unwrap();
    b.submit(orders(0, &[(0, &[(Card::G, None)])])).unwrap();
    b.submit(orders(1, &[(1, &[(Card::C, Some(0))])])).unwrap();
    settle(&mut b);
    assert_eq!(
        b.prompt(),
        Prompt::Movement {
            side: SideId(0),
            pulse: 1
        }
    );
    let steps = vec![Step::Forward, Step::Pivot { to: Facing::SE }, Step::Forward];
    b.submit(Command::Move {
        moves: vec![FigureMove {
            figure: FigureId(0),
            steps: steps.clone(),
        }],
    })
    .unwrap();
    let s = strikes(&b);
    assert_eq!(s.len(), 1);
    assert!(s[0].reaction && s[0].attacker == FigureId(1));
    assert!(!s[0].struck);
    assert_eq!(
        b.figure(FigureId(0)).pose.hex,
        hexmelee::hex::Hex::new(3, 4)
    );
    // The reaction used the guard's one card: it strikes no more this round.
    stand_until_orders(&mut b);
    assert_eq!(strikes(&b).len(), 1);
}

#[test]
fn refused_commands_change_nothing() {
    let c = shipped("duel.ron");
    let mut b = Battle::new(&c, 9).unwrap();
    let before = b.events().len();
    let err = b
        .submit(Command::MovementPriority { move_first: true })
        .unwrap_err();
    assert!(
        err.0.contains("does not answer the call for orders"),
        "{err}"
    );
    let err = b
        .submit(orders(0, &[(1, &[(Card::C, Some(0))])]))
        .unwrap_err();
    assert!(!err.0.is_empty());
    assert_eq!(b.events().len(), before);
    assert!(b.commands().is_empty());
}

fn busy_orders(side: usize, figure: usize, activity: Activity, when_busy: BusyStance) -> Command {
    let mut card = CardOrder::new(Card::G, None);
    card.action = Some(activity);
    Command::Orders {
        side: SideId(side),
        orders: vec![FigureOrders {
            figure: FigureId(figure),
            cards: vec![card],
            shield: ShieldStance::Raise,
            when_busy,
            dodge: Default::default(),
            moves: Default::default(),
        }],
    }
}

#[test]
fn actions_16_9_4_accrue_pulse_by_pulse_until_done() {
    // Worker: MA 11 under G, 2.2 AP a pulse; an 8-AP action is done in pulse 4.
    let c = two(
        &format!(
            "name: \"Worker\", at: (1, 1), facing: N, {STATS}, weapons: [(kind: Dagger, quality: Good, training: 1)]"
        ),
        &format!(
            "name: \"Idler\", at: (6, 6), facing: N, {STATS}, weapons: [(kind: Dagger, quality: Good, training: 1)]"
        ),
    );
    let mut b = Battle::with_dice(&c, Dice::scripted([95, 30])).unwrap();
    b.submit(busy_orders(0, 0, Activity::Other(8), BusyStance::Ask))
        .unwrap();
    b.submit(Command::Orders {
        side: SideId(1),
        orders: vec![],
    })
    .unwrap();
    settle(&mut b);
    stand_until_orders(&mut b);
    let worked: Vec<f64> = b
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::ActionWorked { ap, .. } => Some((ap * 10.0).round() / 10.0),
            _ => None,
        })
        .collect();
    assert_eq!(worked, [2.2, 2.2, 2.2, 1.4]);
    assert!(b.events().iter().any(|e| matches!(
        e,
        Event::ActionDone {
            activity: Activity::Other(8),
            ..
        }
    )));
    assert!(b.figure(FigureId(0)).action.is_none());
}

#[test]
fn mid_action_16_9_4_1_defending_spoils_the_action() {
    let c = two(
        &format!(
            "name: \"Striker\", at: (3, 3), facing: N, {STATS}, weapons: [(kind: ShortSword, quality: Good, training: 1)]"
        ),
        &format!(
            "name: \"Loader\", at: (3, 2), facing: S, {STATS}, weapons: [(kind: Dagger, quality: Good, training: 1)]"
        ),
    );
    // Initiative 95 v 30; the strike rolls 99: a miss, but defending ruins the loading.
    let mut b = Battle::with_dice(&c, Dice::scripted([95, 30, 99])).unwrap();
    b.submit(orders(0, &[(0, &[(Card::C, Some(1))])])).unwrap();
    b.submit(busy_orders(1, 1, Activity::LoadMissile, BusyStance::Ask))
        .unwrap();
    settle(&mut b);
    assert_eq!(
        b.prompt(),
        Prompt::MidAction {
            defender: FigureId(1),
            attacker: FigureId(0)
        }
    );
    b.submit(Command::MidAction { defend: true }).unwrap();
    let s = strikes(&b);
    assert!(
        s[0].explanation().starts_with("Striker (C) on Loader (G)"),
        "{}",
        s[0].explanation()
    );
    assert!(s[0].action_spoiled && !s[0].struck);
    assert!(b.events().iter().any(|e| matches!(
        e,
        Event::ActionSpoiled {
            figure: FigureId(1)
        }
    )));
}

#[test]
fn orders_16_9_1_actions_need_the_g_card() {
    let c = shipped("duel.ron");
    let mut b = Battle::new(&c, 4).unwrap();
    let Prompt::Orders { side } = b.prompt() else {
        panic!()
    };
    let mut card = CardOrder::new(Card::C, None);
    card.action = Some(Activity::PickUpItem);
    let err = b
        .submit(Command::Orders {
            side,
            orders: vec![FigureOrders {
                figure: FigureId(side.0),
                cards: vec![card],
                shield: ShieldStance::Ask,
                when_busy: BusyStance::Ask,
                dodge: Default::default(),
                moves: Default::default(),
            }],
        })
        .unwrap_err();
    assert!(err.0.contains("needs the G card"), "{err}");
}

#[test]
fn weapon_check_16_15_4_w_leaves_the_weapon_damaged() {
    let c = two(
        &format!(
            "name: \"Arlos\", at: (3, 3), facing: N, {STATS}, weapons: [(kind: LongSword, quality: Good, training: 2)]"
        ),
        &format!(
            "name: \"Bailor\", at: (3, 2), facing: S, {STATS}, weapons: [(kind: ShortSword, quality: Good, training: 1)], armour: [(piece: Breastplate, material: Plate, quality: Good)]"
        ),
    );
    // Initiative 95 v 30. Strike 01; upper body (30), APV 60: penetration
    // 3 + 1 = 4: ndw. Weapon check 10 within 30 (composition 70): damaged;
    // sub-roll 60: loses half its damage factor.
    let mut b = Battle::with_dice(&c, Dice::scripted([95, 30, 1, 30, 3, 10, 60])).unwrap();
    b.submit(orders(0, &[(0, &[(Card::C, Some(1))])])).unwrap();
    b.submit(orders(1, &[(1, &[(Card::D, Some(0))])])).unwrap();
    settle(&mut b);
    let s = strikes(&b);
    assert!(s[0].explanation().contains("ndw"), "{}", s[0].explanation());
    assert_eq!(b.figure(FigureId(0)).gear.weapons, [0.5]);
}

#[test]
fn morale_16_9_6_side_circumstances_count() {
    // As the imbalance test, with Bailor's side fighting in the dark (+20 to
    // the roll, so 20 off the threshold) and hating its foe (-7).
    let text = format!(
        r#"Scenario(name: "t", ruleset: Shakhan, options: (free_rounds: false),
            map: (width: 8, height: 8),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue, morale: (in_the_dark: true, hated_foe: true))],
            figures: [
                (side: "A", occupation: Warrior, level: 2, height_m: 1.75, weight_kg: 72.0, name: "Arlos", at: (3, 3), facing: N, {STATS}, weapons: [(kind: LongSword, quality: Good, training: 2)]),
                (side: "B", occupation: Warrior, level: 1, height_m: 1.7, weight_kg: 70.0, name: "Bailor", at: (3, 2), facing: S, {STATS}, weapons: [(kind: ShortSword, quality: Good, training: 1)], armour: [(piece: Breastplate, material: Leather, quality: Usual)]),
            ])"#
    );
    let c = parse(&text);
    let mut b = Battle::with_dice(&c, Dice::scripted([95, 30, 1, 30, 53, 3, 3, 10])).unwrap();
    b.submit(orders(0, &[(0, &[(Card::C, Some(1))])])).unwrap();
    b.submit(orders(1, &[(1, &[(Card::D, Some(0))])])).unwrap();
    settle(&mut b);
    let line = b
        .events()
        .iter()
        .find_map(|e| match e {
            Event::MoraleChecked { report, .. } => Some(report.to_string()),
            _ => None,
        })
        .unwrap();
    assert!(line.contains("fighting blind -20"), "{line}");
    assert!(line.contains("hated foe +7"), "{line}");
}

/// Three figures: `X` (side A) names `Z`, who stands out of reach, while `Y`
/// (side B) stands face to face with `X` and names it; `Z` names `X` too.
fn redirected_pair() -> Checked {
    three_swordsmen([("Y", "(3, 4)", "N"), ("Z", "(3, 7)", "N")])
}

/// `X` (side A) at (3, 3) facing S and two figures of side B, each given
/// as (name, at, facing): level 2 warriors with short swords on an open
/// 10x10 map.
fn three_swordsmen(b_side: [(&str, &str, &str); 2]) -> Checked {
    let body = |name: &str, side: &str, at: &str, facing: &str| {
        format!(
            r#"(name: "{name}", side: "{side}", at: {at}, facing: {facing}, occupation: Warrior,
                level: 2, height_m: 1.75, weight_kg: 72.0, {STATS},
                weapons: [(kind: ShortSword, quality: Good, training: 2)])"#
        )
    };
    let [(n1, at1, f1), (n2, at2, f2)] = b_side;
    parse(&format!(
        r#"Scenario(name: "t", ruleset: Shakhan, options: (free_rounds: false),
            map: (width: 10, height: 10),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue)],
            figures: [{}, {}, {}])"#,
        body("X", "A", "(3, 3)", "S"),
        body(n1, "B", at1, f1),
        body(n2, "B", at2, f2),
    ))
}

#[test]
fn s16_9_3_a_redirected_card_matches_its_opponent_both_ways_whoever_strikes_first() {
    let mut orders_seen = std::collections::BTreeSet::new();
    for seed in 1..=12 {
        let mut b = Battle::new(&redirected_pair(), seed).unwrap();
        b.submit(orders(0, &[(0, &[(Card::C, Some(2))])])).unwrap();
        b.submit(orders(
            1,
            &[(1, &[(Card::C, Some(0))]), (2, &[(Card::C, Some(0))])],
        ))
        .unwrap();
        settle(&mut b);
        stand_until_orders(&mut b);
        let pair: Vec<_> = strikes(&b)
            .into_iter()
            .filter(|s| {
                [s.attacker, s.defender] == [FigureId(0), FigureId(1)]
                    || [s.attacker, s.defender] == [FigureId(1), FigureId(0)]
            })
            .take(2)
            .collect();
        if pair.len() < 2 {
            // The first blow put the other out of the fight (or shook it).
            continue;
        }
        orders_seen.insert(pair[0].attacker);
        for s in &pair {
            assert!(
                s.matched_by.is_some(),
                "seed {seed}: {} — the two fight each other, each card matches the other",
                s.explanation()
            );
            assert!(
                !s.explanation().contains("card G"),
                "seed {seed}: {}",
                s.explanation()
            );
        }
    }
    assert_eq!(orders_seen.len(), 2, "both strike orders were tried");
}

/// The imbalance duel with a third figure on A's side, far off; Bailor (B)
/// is a Ranger; `options` and `referee` as given. Bailor's morale line.
fn bailor_morale_line(options: &str, referee: Option<Override>) -> String {
    let text = format!(
        r#"Scenario(name: "t", ruleset: Shakhan, options: (free_rounds: false, {options}),
            map: (width: 8, height: 8),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue)],
            figures: [
                (side: "A", occupation: Warrior, level: 2, height_m: 1.75, weight_kg: 72.0, name: "Arlos", at: (3, 3), facing: N, {STATS}, weapons: [(kind: LongSword, quality: Good, training: 2)]),
                (side: "B", occupation: Ranger, level: 1, height_m: 1.7, weight_kg: 70.0, name: "Bailor", at: (3, 2), facing: S, {STATS}, weapons: [(kind: ShortSword, quality: Good, training: 1)], armour: [(piece: Breastplate, material: Leather, quality: Usual)]),
                (side: "A", occupation: Warrior, level: 1, height_m: 1.7, weight_kg: 70.0, name: "Cato", at: (7, 7), facing: N, {STATS}, weapons: [(kind: ShortSword, quality: Good, training: 1)]),
            ])"#
    );
    let c = parse(&text);
    let mut b = Battle::with_dice(&c, Dice::scripted([95, 30, 1, 30, 53, 3, 3, 10])).unwrap();
    if let Some(o) = referee {
        b.submit(Command::Referee(o)).unwrap();
    }
    b.submit(orders(0, &[(0, &[(Card::C, Some(1))])])).unwrap();
    b.submit(orders(1, &[(1, &[(Card::D, Some(0))])])).unwrap();
    settle(&mut b);
    b.events()
        .iter()
        .find_map(|e| match e {
            Event::MoraleChecked { report, .. } => Some(report.to_string()),
            _ => None,
        })
        .unwrap()
}

#[test]
fn s16_9_6_a_ranger_is_not_a_regular_warrior() {
    let line = bailor_morale_line("", None);
    assert!(!line.contains("regular warrior"), "{line}");
    // Willpower 12 × 5 = 60, experience +1, wounds +5, losing badly -10.
    assert!(
        line.contains("Willpower 12 × 5 = 60, experience +1,"),
        "{line}"
    );
}

#[test]
fn s16_9_6_the_morale_line_says_why_the_side_is_losing_or_winning() {
    // By default two still fighting against one is losing badly.
    let line = bailor_morale_line("", None);
    assert!(
        line.contains("side losing badly (1 still fighting against 2) -10"),
        "{line}"
    );
    // By BDR left (30 each, Bailor's 7 damage counted) it is losing badly
    // as well, and said so.
    let line = bailor_morale_line("morale_standing: Strength(1.5)", None);
    assert!(
        line.contains("side losing badly (23 BDR still fighting against 60) -10"),
        "{line}"
    );
    // Only the Referee judges: no call, no modifier.
    let line = bailor_morale_line("morale_standing: Referee", None);
    assert!(!line.contains("side "), "{line}");
    // The Referee's call wins over the scenario's judgement.
    let call = Override::SetFortune {
        side: Some(SideId(1)),
        fortune: Some(SideFortune::Winning),
    };
    let line = bailor_morale_line("", Some(call));
    assert!(
        line.contains("side winning (the Referee's call) +10"),
        "{line}"
    );
    // Handed back, the headcount judges again.
    let line = bailor_morale_line(
        "",
        Some(Override::SetFortune {
            side: None,
            fortune: None,
        }),
    );
    assert!(line.contains("(1 still fighting against 2)"), "{line}");
}

#[test]
fn s16_9_6_a_standing_ratio_of_one_or_less_is_refused() {
    let text = r#"Scenario(name: "t", ruleset: Shakhan, options: (morale_standing: Headcount(1.0)),
        map: (width: 8, height: 8), sides: [(name: "A", colour: Red), (name: "B", colour: Blue)], figures: [])"#;
    let err = hexmelee::rulesets::shakhan::scenario::parse(Path::new("t.ron"), text)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("t.ron:1:") && err.contains("cannot tell winning from losing"),
        "{err}"
    );
}

/// Arlos fresh; Bailor drained of Fatigue and bleeding 5 a round for
/// `rounds` rounds, so he faints at the first start of round (the dice:
/// Initiative 95 and 30, then `faint`) and the battle is over at once.
fn bleeding_bailor(tend: &str, rounds: u32, dice: Vec<u32>) -> Battle {
    let text = format!(
        r#"Scenario(name: "t", ruleset: Shakhan, options: (free_rounds: false, tend_wounded: {tend}),
            map: (width: 8, height: 8),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue)],
            figures: [
                (side: "A", occupation: Warrior, level: 2, height_m: 1.75, weight_kg: 72.0, name: "Arlos", at: (3, 3), facing: N, {STATS}, weapons: [(kind: LongSword, quality: Good, training: 2)]),
                (side: "B", occupation: Warrior, level: 1, height_m: 1.7, weight_kg: 70.0, name: "Bailor", at: (3, 2), facing: S, {STATS}, weapons: [(kind: ShortSword, quality: Good, training: 1)],
                 state: (fatigue: 24.0, bleeding: 5, bleeding_rounds: {rounds})),
            ])"#
    );
    Battle::with_dice(&parse(&text), Dice::scripted(dice)).unwrap()
}

fn after_battle_rounds(b: &Battle) -> usize {
    b.events()
        .iter()
        .filter(|e| matches!(e, Event::AfterBattleRound { .. }))
        .count()
}

#[test]
fn s16_13_4_untended_bleeding_goes_on_after_the_battle_and_kills() {
    // Fainted (99 against Willpower 12 x 2 = 24), Bailor bleeds on with
    // nobody of his side left to stanch it: a death check at the end of each
    // game minute (12 rounds) unconscious, 15 % then 30 %: 50 lives, 20 dies.
    let b = bleeding_bailor("Friends", 30, vec![95, 30, 99, 50, 20]);
    assert!(matches!(
        b.prompt(),
        Prompt::Finished {
            winner: Some(SideId(0))
        }
    ));
    assert!(b.figure(FigureId(1)).condition.is_dead());
    assert_eq!(
        after_battle_rounds(&b),
        24,
        "until the second minute's check"
    );
    let log: Vec<String> = b
        .events()
        .iter()
        .filter_map(|e| b.describe(e, View::Referee))
        .collect();
    let at = |text: &str| log.iter().position(|l| l.contains(text));
    let first = at("1 round after the battle, untended").unwrap();
    assert!(at("A won").unwrap() > first, "{log:#?}");
    assert!(!log.iter().any(|l| l.contains("stanched")), "{log:#?}");
    assert!(
        b.aftermath(FigureId(1)).is_empty(),
        "the dead need no checks"
    );
}

#[test]
fn s16_13_4_a_survivor_of_blood_loss_is_weakened_afterwards() {
    // 13 rounds: one drained in the battle, 12 after it, unconscious; the
    // first minute's check (50 against 15) spares him and the bleeding stops.
    let b = bleeding_bailor("Nobody", 13, vec![95, 30, 99, 50]);
    let bailor = &b.figure(FigureId(1)).condition;
    assert!(!bailor.is_dead() && bailor.bleeds().is_empty());
    assert_eq!(after_battle_rounds(&b), 12);
    assert_eq!(b.aftermath(FigureId(1)), vec![AftermathCheck::BloodLoss]);
}

#[test]
fn s16_13_4_wounds_tended_after_the_battle_stop_bleeding() {
    // The side left standing binds the enemy's wounds too: no more bleeding,
    // no death check.
    let b = bleeding_bailor("Everyone", 30, vec![95, 30, 99]);
    let bailor = &b.figure(FigureId(1)).condition;
    assert!(!bailor.is_dead() && bailor.bleeds().is_empty());
    assert!(
        b.events()
            .iter()
            .any(|e| matches!(e, Event::WoundsTended { figure } if *figure == FigureId(1)))
    );
    assert_eq!(after_battle_rounds(&b), 0);
}

/// The Worker (Agility 12, Dexterity 11: Saving Throw 23 × 2.5 = 58) under
/// G with an 8-AP action combined with movement, the scenario's
/// `combined_actions` as given; he steps forward in pulse 1.
fn combining_worker(allowed: bool, dice: Vec<u32>) -> (Battle, Result<(), String>) {
    combining_worker_wearing(allowed, "", dice)
}

/// [`combining_worker`] with `armour` (a scenario `armour: [...]` field, or
/// nothing) on the Worker.
fn combining_worker_wearing(
    allowed: bool,
    armour: &str,
    dice: Vec<u32>,
) -> (Battle, Result<(), String>) {
    let figure = |name: &str, at: &str| {
        let worn = if name == "Worker" { armour } else { "" };
        format!(
            "name: \"{name}\", at: {at}, facing: N, {STATS}, weapons: [(kind: Dagger, quality: Good, training: 1)]{worn}"
        )
    };
    let c = parse(&format!(
        r#"Scenario(name: "t", ruleset: Shakhan, options: (free_rounds: false, combined_actions: {allowed}),
            map: (width: 8, height: 8),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue)],
            figures: [
                (side: "A", occupation: Warrior, level: 2, height_m: 1.75, weight_kg: 72.0, {}),
                (side: "B", occupation: Warrior, level: 1, height_m: 1.7, weight_kg: 70.0, {}),
            ])"#,
        figure("Worker", "(1, 1)"),
        figure("Idler", "(6, 6)")
    ));
    let mut b = Battle::with_dice(&c, Dice::scripted(dice)).unwrap();
    let Command::Orders { side, mut orders } =
        busy_orders(0, 0, Activity::Other(8), BusyStance::Ask)
    else {
        unreachable!()
    };
    orders[0].cards[0].combine = true;
    if let Err(e) = b.submit(Command::Orders { side, orders }) {
        return (b, Err(e.to_string()));
    }
    b.submit(Command::Orders {
        side: SideId(1),
        orders: vec![],
    })
    .unwrap();
    settle(&mut b);
    let moved = b
        .submit(Command::Move {
            moves: vec![FigureMove {
                figure: FigureId(0),
                steps: vec![Step::Forward],
            }],
        })
        .map(|_| ())
        .map_err(|e| e.to_string());
    (b, moved)
}

#[test]
fn s16_9_4_combined_actions_are_refused_unless_the_referee_allows_them() {
    let (_, refused) = combining_worker(false, vec![95, 30]);
    let why = refused.unwrap_err();
    assert!(
        why.contains("has not allowed combining") && why.contains("combined_actions"),
        "{why}"
    );
}

#[test]
fn s16_9_4_a_passed_saving_throw_moves_and_works_in_one_pulse() {
    let (b, moved) = combining_worker(true, vec![95, 30, 57]);
    moved.unwrap();
    let w = b.figure(FigureId(0));
    assert_eq!(w.pose.hex, hexmelee::hex::Hex::new(1, 0));
    // 2.2 AP a pulse: 1 to step, 1.2 on the action.
    let worked: Vec<f64> = b
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::ActionWorked { ap, .. } => Some((ap * 10.0).round() / 10.0),
            _ => None,
        })
        .collect();
    assert_eq!(worked, [1.2]);
    let line = b
        .events()
        .iter()
        .find_map(|e| match e {
            Event::CombinedActions { .. } => b.describe(e, View::Table),
            _ => None,
        })
        .unwrap();
    assert!(
        line.contains("(Agility + Dexterity) × 2.5, rolled 57 against 57: passed"),
        "{line}"
    );
}

#[test]
fn s16_9_4_a_failed_saving_throw_falls_prone_and_loses_the_pulse() {
    // (12 + 11) x 2.5 = 57.5: a roll of 58 is over it (the fraction is kept).
    let (b, moved) = combining_worker(true, vec![95, 30, 58]);
    moved.unwrap();
    let w = b.figure(FigureId(0));
    assert_eq!(w.pose.hex, hexmelee::hex::Hex::new(1, 1), "no step made");
    assert!(w.condition.is_prone());
    assert!(w.round.pulse_left < 1e-9);
    assert!(
        !b.events()
            .iter()
            .any(|e| matches!(e, Event::ActionWorked { .. } | Event::Moved { .. }))
    );
    let line = b
        .events()
        .iter()
        .find_map(|e| match e {
            Event::CombinedActions { .. } => b.describe(e, View::Table),
            _ => None,
        })
        .unwrap();
    assert!(line.contains("falls prone, losing 2.2 AP"), "{line}");
}

/// 16.9.4 with 16.4 (docs/RULINGS.md, halved Dexterity): gauntlets halve
/// the Dexterity of the combined-action Saving Throw as everywhere else,
/// kept fractional: (12 + 5.5) × 2.5 = 43.75, so 44 fails where the sheet's
/// 11 (57.5) passed it.
#[test]
fn s16_9_4_the_combined_saving_throw_halves_a_gauntleted_dexterity() {
    let gauntlets = ", armour: [(piece: Gauntlets, material: Leather, quality: Good)]";
    let (b, moved) = combining_worker_wearing(true, gauntlets, vec![95, 30, 44]);
    moved.unwrap();
    assert!(
        b.figure(FigureId(0)).condition.is_prone(),
        "44 is over 43.75"
    );
    let (b, moved) = combining_worker_wearing(true, gauntlets, vec![95, 30, 43]);
    moved.unwrap();
    assert_eq!(
        b.figure(FigureId(0)).pose.hex,
        hexmelee::hex::Hex::new(1, 0)
    );
}

/// Side A's orders for Arlos (two cards a round) in a duel whose scenario sets
/// `communication_limits` as given: the refusal, if any.
fn arlos_orders(limits: bool, cards: Vec<CardOrder>) -> Result<(), String> {
    let c = parse(&format!(
        r#"Scenario(name: "t", ruleset: Shakhan, options: (free_rounds: false, communication_limits: {limits}),
            map: (width: 8, height: 8),
            sides: [(name: "A", colour: Red), (name: "B", colour: Blue)],
            figures: [
                (side: "A", occupation: Warrior, level: 2, height_m: 1.75, weight_kg: 72.0, name: "Arlos", at: (3, 3), facing: N, stats: (agility: 15, strength: 12, dexterity: 11, constitution: 12, willpower: 12, vision: 11), weapons: [(kind: LongSword, quality: Good, training: 2)]),
                (side: "B", occupation: Warrior, level: 1, height_m: 1.7, weight_kg: 70.0, name: "Bailor", at: (3, 2), facing: S, {STATS}, weapons: [(kind: ShortSword, quality: Good, training: 1)]),
            ])"#
    ));
    assert_eq!(c.factors[0].tca, 2, "Arlos may write two cards");
    let mut b = Battle::with_dice(&c, Dice::scripted([95, 30])).unwrap();
    b.submit(Command::Orders {
        side: SideId(0),
        orders: vec![FigureOrders {
            figure: FigureId(0),
            cards,
            shield: ShieldStance::Raise,
            when_busy: BusyStance::Ask,
            dodge: hexmelee::rulesets::shakhan::engine::DodgeStance::Never,
            moves: Default::default(),
        }],
    })
    .map(|_| ())
    .map_err(|e| e.to_string())
}

fn speaking(card: Card) -> CardOrder {
    CardOrder {
        speaks: true,
        ..CardOrder::new(card, None)
    }
}

#[test]
fn s16_9_5_three_sentences_mean_playing_only_the_g_card() {
    assert_eq!(arlos_orders(true, vec![speaking(Card::G)]), Ok(()));
    let both = arlos_orders(
        true,
        vec![
            speaking(Card::G),
            CardOrder::new(Card::C, Some(FigureId(1))),
        ],
    )
    .unwrap_err();
    assert!(both.contains("plays only that one G card"), "{both}");
    let not_g = arlos_orders(true, vec![speaking(Card::C)]).unwrap_err();
    assert!(not_g.contains("with the G card only"), "{not_g}");
    // One sentence needs no declaration: any cards.
    let plain = vec![
        CardOrder::new(Card::G, None),
        CardOrder::new(Card::C, Some(FigureId(1))),
    ];
    assert_eq!(arlos_orders(true, plain), Ok(()));
}

#[test]
fn s16_9_5_without_the_limit_there_is_nothing_to_declare() {
    let why = arlos_orders(false, vec![speaking(Card::G)]).unwrap_err();
    assert!(why.contains("option communication_limits"), "{why}");
}

#[test]
fn s16_9_2_an_untargeted_attack_card_goes_to_the_nearest_enemy_at_the_reveal() {
    // Y stands next to X, Z three hexes off: X's and Z's untargeted cards
    // go to their nearest enemies, and the reveal line names them.
    let mut b = Battle::new(&redirected_pair(), 1).unwrap();
    b.submit(orders(0, &[(0, &[(Card::C, None)])])).unwrap();
    b.submit(orders(
        1,
        &[(1, &[(Card::B, None)]), (2, &[(Card::A, None)])],
    ))
    .unwrap();
    let revealed = b
        .events()
        .iter()
        .find_map(|e| match e {
            Event::OrdersRevealed { orders, .. } => Some(orders.clone()),
            _ => None,
        })
        .expect("orders revealed");
    let target = |f: usize, k: usize| revealed[f].cards[k].target;
    assert_eq!(
        target(0, 0),
        Some(FigureId(1)),
        "X's C goes to Y, beside it"
    );
    assert_eq!(target(1, 0), Some(FigureId(0)));
    assert_eq!(target(2, 0), Some(FigureId(0)), "Z's A goes to X");
    let line = b
        .events()
        .iter()
        .find(|e| matches!(e, Event::OrdersRevealed { .. }))
        .and_then(|e| b.describe(e, hexmelee::seam::View::Referee))
        .unwrap();
    assert!(line.contains("X C on Y;"), "{line}");
    assert!(line.contains("Z A on X"), "{line}");
}

#[test]
fn s16_9_2_equally_near_enemies_the_one_in_front_first() {
    // X at (3, 3) facing S; Y in front at (3, 4), W behind at (3, 2): both
    // one hex off. The untargeted card goes to Y, in the Strike Zone,
    // though W comes first in the scenario.
    let c = three_swordsmen([("W", "(3, 2)", "S"), ("Y", "(3, 4)", "N")]);
    let b = Battle::new(&c, 1).unwrap();
    assert_eq!(b.nearest_enemy(FigureId(0)), Some(FigureId(2)));
}

#[test]
fn s16_9_3_no_card_is_kept_for_an_enemy_out_of_the_fight() {
    // X (facing S) plays C on Y in front of it; Y plays C on X; W, behind X,
    // plays C on X. Y is taken out of the battle before anyone strikes: X's
    // card is no longer kept for Y, and answers W's blow from behind.
    let c = three_swordsmen([("Y", "(3, 4)", "N"), ("W", "(3, 2)", "S")]);
    let mut b = Battle::new(&c, 3).unwrap();
    b.submit(orders(0, &[(0, &[(Card::C, Some(1))])])).unwrap();
    b.submit(orders(
        1,
        &[(1, &[(Card::C, Some(0))]), (2, &[(Card::C, Some(0))])],
    ))
    .unwrap();
    b.submit(Command::Referee(Override::RemoveFigure {
        figure: FigureId(1),
    }))
    .unwrap();
    settle(&mut b);
    stand_until_orders(&mut b);
    let w = strikes(&b)
        .into_iter()
        .find(|s| s.attacker == FigureId(2))
        .expect("W strikes");
    assert!(w.matched_by.is_some(), "{}", w.explanation());
}
