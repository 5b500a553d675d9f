//! Property tests of the engine: random legal play on every shipped scenario
//! never panics (the engine's own debug assertions check that nobody out of
//! the fight strikes or moves), never makes Action Points negative, never puts
//! two figures in one hex, and replaying the commands gives the same events.

mod shipped;

use std::collections::BTreeSet;

use proptest::prelude::*;

use hexmelee::dice::Dice;
use hexmelee::engine::{
    Battle, BusyStance, CardOrder, Command, DodgeStance, FigureId, FigureMove, FigureOrders,
    Pairing, Prompt, ShieldStance, SideId,
};
use hexmelee::hex::{Facing, Step};
use hexmelee::rules::shakhan::Card;
use hexmelee::rules::shakhan::brawl::{BrawlForm, BrawlIntent};
use hexmelee::rules::shakhan::tables::actions::Activity;
use hexmelee::rules::shakhan::trample::DodgeChoice;
use hexmelee::scenario::InitiativeSystem;
use shipped::{SCENARIOS, checked};

fn pick<T: Copy>(choice: &mut Dice, items: &[T]) -> Option<T> {
    (!items.is_empty()).then(|| items[choice.roll(items.len() as u32) as usize - 1])
}

/// A random answer that the engine must accept: orders within TCA and the
/// figure's allowed cards, and moves kept only if the engine's own check
/// passes them.
fn random_answer(b: &Battle, prompt: &Prompt, choice: &mut Dice) -> Command {
    match *prompt {
        Prompt::Orders { side } => Command::Orders {
            side,
            orders: b
                .figures()
                .iter()
                .filter(|f| f.side == side.0 && !f.condition.is_out())
                .filter_map(|f| {
                    let enemies: Vec<_> = b
                        .figures()
                        .iter()
                        .filter(|e| e.side != f.side && !e.condition.is_out())
                        .map(|e| Some(e.id))
                        .chain([None])
                        .collect();
                    let allowed: Vec<Card> = Card::ALL
                        .into_iter()
                        .filter(|c| f.condition.allows(*c).is_ok())
                        .collect();
                    let n = choice.roll(f.factors.tca.max(1));
                    let cards: Vec<CardOrder> = (0..n)
                        .filter_map(|_| {
                            let mut order =
                                CardOrder::new(pick(choice, &allowed)?, pick(choice, &enemies)?);
                            // Half the G cards carry a non-combat action of 1 to 10 AP.
                            if order.card == Card::G && choice.roll(2) == 1 {
                                order.action = Some(Activity::Other(choice.roll(10) as u8));
                            }
                            // Half the cards carry a brawling form (16.10.4)
                            // that suits the card and the figure.
                            let form = pick(choice, &BrawlForm::ALL)?;
                            let intent = BrawlIntent {
                                form,
                                lethal: form.may_be_lethal() && choice.roll(2) == 1,
                            };
                            if choice.roll(2) == 1
                                && intent
                                    .refusal(order.card, f.character.martial_arts_level)
                                    .is_none()
                                && (form != BrawlForm::FlyingDropKick || order.target.is_some())
                            {
                                order.brawl = Some(intent);
                            }
                            Some(order)
                        })
                        .collect();
                    let cards = drop_kicks_placed(cards, f.brawl.kick);
                    (!cards.is_empty()).then(|| FigureOrders {
                        figure: f.id,
                        cards,
                        shield: pick(
                            choice,
                            &[ShieldStance::Ask, ShieldStance::Raise, ShieldStance::Lower],
                        )
                        .unwrap(),
                        when_busy: pick(
                            choice,
                            &[BusyStance::Ask, BusyStance::Defend, BusyStance::Ignore],
                        )
                        .unwrap(),
                        dodge: pick(
                            choice,
                            &[DodgeStance::Ask, DodgeStance::Always, DodgeStance::Never],
                        )
                        .unwrap(),
                        moves: Default::default(),
                    })
                })
                .collect(),
        },
        Prompt::MovementPriority { .. } => Command::MovementPriority {
            move_first: choice.roll(2) == 1,
        },
        Prompt::DivineIntervention => Command::DivineIntervention { note: None },
        Prompt::RaiseShield { .. } => Command::RaiseShield {
            raise: choice.roll(2) == 1,
        },
        Prompt::MidAction { .. } => Command::MidAction {
            defend: choice.roll(2) == 1,
        },
        Prompt::DodgeBlow { .. } => Command::DodgeBlow {
            dodge: choice.roll(2) == 1,
        },
        Prompt::Pairings => Command::Pairings {
            pairs: b
                .figures()
                .iter()
                .filter(|f| !f.condition.is_out())
                .filter_map(|f| {
                    let enemies: Vec<_> = b
                        .figures()
                        .iter()
                        .filter(|e| e.side != f.side && !e.condition.is_out())
                        .map(|e| e.id)
                        .collect();
                    pick(choice, &enemies).map(|defender| Pairing {
                        attacker: f.id,
                        defender,
                    })
                })
                .collect(),
        },
        Prompt::Dodge { .. } => Command::Dodge {
            choice: pick(
                choice,
                &[DodgeChoice::HalfKeepCards, DodgeChoice::FullLoseCard],
            )
            .unwrap(),
        },
        Prompt::Movement { .. } | Prompt::FigureMovement { .. } => {
            let (side, only) = match *prompt {
                Prompt::FigureMovement { figure, .. } => {
                    (SideId(b.figure(figure).side), Some(figure))
                }
                Prompt::Movement { side, .. } => (side, None),
                _ => unreachable!(),
            };
            let mut moves: Vec<FigureMove> = Vec::new();
            for f in b
                .figures()
                .iter()
                .filter(|f| f.side == side.0 && f.condition.can_act())
                .filter(|f| only.is_none_or(|id| id == f.id))
            {
                let steps: Vec<Step> = (0..choice.roll(4) - 1)
                    .map(|_| match choice.roll(4) {
                        1 | 2 => Step::Forward,
                        3 => Step::Backward,
                        _ => Step::Pivot {
                            to: pick(choice, &Facing::ALL).unwrap(),
                        },
                    })
                    .collect();
                moves.push(FigureMove {
                    figure: f.id,
                    steps,
                });
                if b.check_moves(side, &moves).is_err() {
                    moves.pop();
                }
            }
            Command::Move { moves }
        }
        Prompt::Finished { .. } => unreachable!("play stops at the end"),
    }
}

/// Shakhàn 16.10.4.8: drop-kicks only on the cards the engine accepts them
/// on (the first two, a carried one's first, or the last); others are
/// stripped of the form.
fn drop_kicks_placed(mut cards: Vec<CardOrder>, carried: Option<FigureId>) -> Vec<CardOrder> {
    let kicks = |cards: &[CardOrder], i: usize| {
        cards
            .get(i)
            .filter(|c| c.brawl.is_some_and(|b| b.form == BrawlForm::FlyingDropKick))
            .map(|c| c.target)
    };
    let from = match (kicks(&cards, 0), kicks(&cards, 1)) {
        (Some(t), _) if t.is_some() && t == carried => 1,
        (Some(a), Some(b)) if a == b => 2,
        _ => 0,
    };
    let last = cards.len().saturating_sub(1);
    for c in cards.iter_mut().take(last).skip(from) {
        if c.brawl.is_some_and(|b| b.form == BrawlForm::FlyingDropKick) {
            c.brawl = None;
        }
    }
    cards
}

fn invariants(b: &Battle) {
    let mut hexes = BTreeSet::new();
    for f in b.figures() {
        assert!(
            f.round.ap_left >= 0.0 && f.round.pulse_left >= 0.0,
            "{}: negative AP",
            f.name
        );
        if f.occupies() {
            assert!(hexes.insert(f.pose.hex), "two figures at {:?}", f.pose.hex);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_legal_rounds_keep_the_invariants_and_replay(which in 0usize..6, mode in 0usize..3, seed: u64, choices: u64) {
        let mut c = checked(SCENARIOS[which]);
        // Standard rules, the Optional Initiative System (16.9.10), Quick Melee (16.12).
        match mode {
            1 => c.scenario.options.initiative = InitiativeSystem::Optional,
            2 => c.scenario.options.quick_melee = true,
            _ => {}
        }
        let mut b = Battle::new(&c, seed).unwrap();
        let mut choice = Dice::seeded(choices);
        let mut answers = 0;
        while !matches!(b.prompt(), Prompt::Finished { .. }) && b.round() <= 6 && answers < 400 {
            let prompt = b.prompt();
            let command = random_answer(&b, &prompt, &mut choice);
            if let Err(e) = b.submit(command.clone()) {
                panic!("a legal answer was refused: {e}\n{prompt:?}\n{command:?}");
            }
            invariants(&b);
            answers += 1;
        }
        let again = Battle::replay(&c, seed, b.commands()).unwrap();
        prop_assert_eq!(again.events(), b.events());
    }
}
