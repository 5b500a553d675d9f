//! Land of Karn's engine under random answers, legal and not: a refused
//! answer changes nothing, the battle never panics, and the accepted
//! answers replay to the same events.

use std::path::Path;

use hexmelee::dice::Dice;
use hexmelee::rulesets::landofkarn::engine::{
    Act, Action, Battle, Command, Cover, Part, Plan, Prompt, Slot,
};
use hexmelee::rulesets::landofkarn::rules::tables::CalledTarget;
use hexmelee::rulesets::landofkarn::rules::terms::Share;
use hexmelee::seam::Engine;

fn share(d: &mut Dice) -> Share {
    [Share::Full, Share::Half, Share::Quarter][d.roll(3) as usize - 1]
}

fn act(d: &mut Dice) -> Act {
    let called = (d.roll(4) == 1).then(|| CalledTarget::ALL[d.roll(6) as usize - 1]);
    match d.roll(7) {
        1 => Act::Strike { called },
        2 => Act::Save,
        3 => Act::Parry {
            against: d.roll(4) as usize - 1,
        },
        4 => Act::Dodge,
        5 => Act::Counter { called },
        6 => Act::Idle,
        _ => Act::Strike { called: None },
    }
}

/// A plan of random shape: often a legal split, sometimes not.
fn plan(d: &mut Dice) -> Plan {
    let actions = d.roll(4) as usize - 1;
    Plan(
        (0..actions)
            .map(|_| {
                let shares: Vec<Share> = match d.roll(5) {
                    1 => vec![Share::Full],
                    2 => vec![Share::Half, Share::Half],
                    3 => vec![Share::Half, Share::Quarter, Share::Quarter],
                    4 => vec![Share::Quarter; 4],
                    _ => (0..d.roll(3)).map(|_| share(d)).collect(),
                };
                Action(
                    shares
                        .into_iter()
                        .map(|s| Part {
                            share: s,
                            act: act(d),
                        })
                        .collect(),
                )
            })
            .collect(),
    )
}

fn random(b: &Battle, prompt: &Prompt, d: &mut Dice) -> Command {
    let figure = match *prompt {
        Prompt::Initiative { figure }
        | Prompt::Attack { figure, .. }
        | Prompt::Defend { figure, .. }
        | Prompt::Answer { figure, .. } => figure,
        Prompt::Over => hexmelee::seam::FigureId(0),
    };
    // Sometimes the AI's own answer, so battles move on.
    if d.roll(3) == 1 {
        return hexmelee::rulesets::landofkarn::ai::answer(b, prompt);
    }
    match d.roll(4) {
        1 => Command::Initiative {
            figure,
            forfeit: d.roll(5) == 1,
        },
        2 => Command::Attack {
            figure,
            plan: plan(d),
        },
        3 => Command::Defend {
            figure,
            plan: plan(d),
        },
        _ => Command::Answer {
            figure,
            covers: (0..d.roll(3) - 1)
                .map(|_| Cover {
                    slot: Slot {
                        action: d.roll(3) as usize - 1,
                        part: d.roll(2) as usize - 1,
                    },
                    against: d.roll(3) as usize - 1,
                })
                .collect(),
        },
    }
}

#[test]
fn random_answers_never_change_a_battle_when_refused_and_replay() {
    let c = hexmelee::rulesets::landofkarn::scenario::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/lok-duel.ron"),
    )
    .unwrap();
    for seed in 0..40 {
        let mut d = Dice::seeded(1000 + seed);
        let mut b = Battle::new(&c.spec, seed);
        let mut accepted = Vec::new();
        for _ in 0..600 {
            let prompt = b.prompt();
            if prompt == Prompt::Over {
                break;
            }
            let command = random(&b, &prompt, &mut d);
            let before = (b.events().len(), format!("{:?}", b.figures()));
            match b.submit(command.clone()) {
                Ok(_) => accepted.push(command),
                Err(_) => {
                    assert_eq!(
                        (b.events().len(), format!("{:?}", b.figures())),
                        before,
                        "a refused {command:?} changed the battle"
                    );
                    assert_eq!(b.prompt(), prompt);
                }
            }
        }
        let again = Battle::replay(&c.spec, seed, &accepted).unwrap();
        assert_eq!(format!("{:?}", again.events()), format!("{:?}", b.events()));
    }
}
