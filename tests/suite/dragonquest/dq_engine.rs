//! The DragonQuest engine end to end: determinism, replay, and refused
//! commands that change nothing.

use super::dq_common;

use dq_common::*;
use hexmelee::hex::Step;
use hexmelee::rulesets::dragonquest::engine::{Action, Battle, Command, Fiat, Prompt, Task};
use hexmelee::seam::{FigureId, SideId};

fn play(seed: u64, limit: usize) -> Battle {
    let mut battle = Battle::new(&skirmish(), seed).unwrap();
    let mut r = seed;
    for _ in 0..limit {
        if matches!(battle.prompt(), Prompt::Finished { .. }) {
            break;
        }
        r = r
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        play_one(&mut battle, r >> 11);
    }
    battle
}

/// 19: the same spec, seed and commands give the same events; replaying the
/// commands rebuilds the same figures.
#[test]
fn same_seed_and_commands_give_the_same_battle_19() {
    for seed in 0..6 {
        let a = play(seed, 400);
        let b = play(seed, 400);
        assert_eq!(a.events(), b.events());
        let again = Battle::replay(&skirmish(), seed, a.commands()).unwrap();
        assert_eq!(again.events(), a.events());
        assert_eq!(again.figures(), a.figures());
        assert_eq!(again.prompt(), a.prompt());
    }
}

#[test]
fn events_survive_serde_19() {
    let b = play(3, 200);
    let json = serde_json::to_string(b.events()).unwrap();
    let back: Vec<hexmelee::rulesets::dragonquest::engine::Event> =
        serde_json::from_str(&json).unwrap();
    assert_eq!(back, b.events());
    let json = serde_json::to_string(b.commands()).unwrap();
    let back: Vec<Command> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, b.commands());
}

/// Some seeded battles run to their end: one side down.
#[test]
fn battles_end_with_a_side_down_26() {
    let mut ended = 0;
    for seed in 0..10 {
        let b = play(seed, 3000);
        if let Prompt::Finished { winner } = b.prompt() {
            ended += 1;
            if let Some(w) = winner {
                assert!(b.figures().iter().all(|f| f.side == w || !f.is_up()));
            }
        }
    }
    assert!(ended > 5, "only {ended} of 10 battles ended");
}

/// Every prompt of a battle refuses a wrong answer and a bad one, and the
/// refusal leaves events, commands, figures, prompt and dice as they were.
#[test]
fn refused_commands_change_nothing_19() {
    let mut battle = Battle::new(&skirmish(), 11).unwrap();
    let mut r = 11u64;
    let mut refusals = 0;
    while !matches!(battle.prompt(), Prompt::Finished { .. }) && battle.pulse() < 40 {
        let prompt = battle.prompt();
        let wrong_figure = match &prompt {
            Prompt::EngagedAction { figure } => FigureId((figure.0 + 1) % 4),
            Prompt::SideAction { side, .. } => {
                battle
                    .figures()
                    .iter()
                    .find(|f| f.side != *side)
                    .unwrap()
                    .id
            }
            _ => FigureId(0),
        };
        let mut refused = vec![
            // Not this figure's turn (or no one's to act now).
            Command::Act {
                figure: wrong_figure,
                action: Action::Pass {
                    path: vec![],
                    task: Task::Nothing,
                },
            },
            // A figure that does not exist.
            Command::Referee(Fiat::Stun {
                figure: FigureId(99),
            }),
            Command::Referee(Fiat::Rout { side: SideId(5) }),
        ];
        let acting = match &prompt {
            Prompt::EngagedAction { figure } => Some(*figure),
            Prompt::SideAction { ready, .. } => Some(ready[0]),
            _ => None,
        };
        if let Some(figure) = acting {
            // Further than any TMR, and at a friend.
            refused.push(Command::Act {
                figure,
                action: Action::Move {
                    path: vec![Step::Forward; 12],
                },
            });
            refused.push(Command::Act {
                figure,
                action: Action::Fire {
                    path: vec![],
                    target: figure,
                },
            });
        } else {
            refused.push(Command::Act {
                figure: FigureId(0),
                action: Action::Spell { effects: vec![] },
            });
        }
        if !matches!(
            prompt,
            Prompt::LeadChoice { .. } | Prompt::SideChoice { .. }
        ) {
            refused.push(Command::ActNow { now: true });
        }
        let before = battle.clone();
        for c in refused {
            assert!(battle.submit(c.clone()).is_err(), "{c:?} at {prompt:?}");
            refusals += 1;
            assert_eq!(battle.events(), before.events());
            assert_eq!(battle.commands(), before.commands());
            assert_eq!(battle.figures(), before.figures());
            assert_eq!(battle.prompt(), prompt);
        }
        // The dice did not move: the same answer gives the same events on
        // the battle and on the copy taken before the refusals.
        let mut twin = before;
        r = r.wrapping_mul(6364136223846793005).wrapping_add(1);
        let answer = play_one(&mut battle, r >> 11);
        twin.submit(answer).unwrap();
        assert_eq!(twin.events(), battle.events());
    }
    assert!(refusals > 50, "{refusals}");
}
