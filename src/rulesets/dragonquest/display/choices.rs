//! The actions a DragonQuest figure may take now, each tried with the
//! battle's own dry check (`Battle::check_act`), the AI's choice first.

use super::route::{self, Route};
use super::strikes;
use crate::hex::{Hex, Step};
use crate::rulesets::dragonquest::ai;
use crate::rulesets::dragonquest::engine::{
    Action, Battle, Command, Item, Multiple, Posture, Prompt, SpecialAttack, Task,
};
use crate::seam::FigureId;

/// One action offered, with the words the panel shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub command: Command,
    pub words: String,
}

/// The AI's answer for `figure` at `prompt` (for a side's turn, as if
/// `figure` were the one to act).
pub fn ai_choice(b: &Battle, prompt: &Prompt, figure: Option<FigureId>) -> Command {
    match (prompt, figure) {
        (Prompt::SideAction { side, .. }, Some(f)) => ai::answer(
            b,
            &Prompt::SideAction {
                side: *side,
                ready: vec![f],
            },
        ),
        _ => ai::answer(b, prompt),
    }
}

/// What `figure` may do now: the AI's choice, then every other legal action
/// worth a key (strikes at each foe in reach, special attacks, a move or
/// charge to the cursor along the route drawn, the Pass tasks, evading),
/// each accepted by the battle's check. For a choice of acting now or last,
/// those two.
pub fn list(
    b: &Battle,
    prompt: &Prompt,
    figure: Option<FigureId>,
    cursor: Hex,
    route: &Route,
) -> Vec<Choice> {
    let mut out = Vec::new();
    let mut push = |command: Command, words: String| {
        if !out.iter().any(|c: &Choice| c.command == command) {
            out.push(Choice { command, words });
        }
    };
    let ai = ai_choice(b, prompt, figure);
    match prompt {
        Prompt::LeadChoice { .. } | Prompt::SideChoice { .. } => {
            let last = matches!(prompt, Prompt::LeadChoice { .. });
            for now in [true, false] {
                let tag = if ai == (Command::ActNow { now }) {
                    " (AI)"
                } else {
                    ""
                };
                let words = match (now, last) {
                    (true, _) => "act now".to_string(),
                    (false, true) => "act last in the engagement".into(),
                    (false, false) => "act after the other side".into(),
                };
                push(Command::ActNow { now }, format!("{words}{tag}"));
            }
        }
        Prompt::EngagedAction { .. } | Prompt::SideAction { .. } => {
            let Some(id) = figure else { return out };
            if let Command::Act { action, .. } = &ai {
                push(ai.clone(), format!("{} (AI)", words(b, id, action)));
            }
            // The path the Referee drew, told apart from the AI's own.
            let drawn = route
                .is_drawn()
                .then(|| route::path_for(b, id, route, cursor))
                .flatten();
            for action in actions(b, id, cursor, route) {
                if b.check_act(id, &action).is_ok() {
                    let mut w = words(b, id, &action);
                    if drawn.as_deref() == Some(action.path()) {
                        w += ", as drawn";
                    }
                    push(Command::Act { figure: id, action }, w);
                }
            }
        }
        Prompt::Finished { .. } => {}
    }
    out
}

/// Every action worth offering, before the check.
fn actions(b: &Battle, id: FigureId, cursor: Hex, route: &Route) -> Vec<Action> {
    let me = b.figure(id);
    let foes: Vec<FigureId> = b
        .figures()
        .iter()
        .filter(|f| f.side != me.side && f.is_up())
        .map(|f| f.id)
        .collect();
    let here = Vec::new;
    let mut all = Vec::new();
    for &t in &foes {
        // 23.5 Disarm: what the foe holds.
        let held = b.figure(t).hands.iter().map(|&i| Item::Weapon(i));
        let shield = b.figure(t).prepared_shield().map(|_| Item::Shield);
        for item in held.chain(shield) {
            all.push(Action::Special {
                path: here(),
                target: t,
                attack: SpecialAttack::Disarm { item },
            });
        }
        all.push(Action::Melee {
            path: here(),
            target: t,
            multiple: Multiple::Single,
            after_strike: Vec::new(),
        });
        all.push(Action::Fire {
            path: here(),
            target: t,
        });
        all.push(Action::Close {
            path: here(),
            target: t,
        });
        all.push(Action::Grapple { target: t });
        for attack in [
            SpecialAttack::Knockout,
            SpecialAttack::Trip,
            SpecialAttack::ShieldRush,
            SpecialAttack::Entangle,
            SpecialAttack::Restrain,
        ] {
            let path = here();
            all.push(Action::Special {
                path,
                target: t,
                attack,
            });
        }
    }
    // The cursor on a foe: charge it; on an empty hex: go there (along
    // the route drawn).
    let at_cursor = foes
        .iter()
        .copied()
        .find(|&t| b.figure(t).pose.hex == cursor);
    match at_cursor {
        Some(t) => {
            if let Some(path) = route.charge(b, id, b.figure(t).pose.hex) {
                all.push(Action::Melee {
                    path: path.clone(),
                    target: t,
                    multiple: Multiple::Single,
                    after_strike: Vec::new(),
                });
                all.push(Action::Close { path, target: t });
            }
        }
        None => {
            if let Some(path) = route.to(b, id, cursor) {
                all.push(Action::Move { path: path.clone() });
                // 20.1: strike from outside the foe's Melee Zone, then go.
                for &t in &foes {
                    all.push(Action::Melee {
                        path: here(),
                        target: t,
                        multiple: Multiple::Single,
                        after_strike: path.clone(),
                    });
                }
                all.push(Action::ChargeWithoutStrike { path: path.clone() });
                all.push(Action::Evade { path: path.clone() });
                all.push(Action::Withdraw {
                    path: path.clone(),
                    posture: Posture::Defensive,
                });
                for &t in &foes {
                    all.push(Action::Withdraw {
                        path: path.clone(),
                        posture: Posture::Offensive { target: t },
                    });
                }
                all.push(Action::Withdraw {
                    path: path.clone(),
                    posture: Posture::Plain,
                });
                // 20.4: move, then one task.
                for (i, _) in me.weapons.iter().enumerate() {
                    if !me.hands.contains(&i) {
                        all.push(Action::Pass {
                            path: path.clone(),
                            task: Task::Prepare { item: i },
                        });
                        all.push(Action::Pass {
                            path: path.clone(),
                            task: Task::PickUp { item: i },
                        });
                    }
                }
                all.push(Action::Pass {
                    path: path.clone(),
                    task: Task::Nothing,
                });
                all.push(Action::Retreat { path });
            }
        }
    }
    all.push(Action::Evade { path: here() });
    let pass = |task| Action::Pass { path: here(), task };
    all.push(pass(Task::Prone { down: false }));
    for (i, w) in me.weapons.iter().enumerate() {
        if !me.hands.contains(&i) {
            all.push(pass(Task::Prepare { item: i }));
            all.push(pass(Task::PickUp { item: i }));
        } else if !w.loaded {
            all.push(pass(Task::Load));
        }
    }
    all.push(pass(Task::PrepareShield));
    if !me.lodged.is_empty() {
        all.push(pass(Task::DrawOut));
    }
    all.push(pass(Task::Nothing));
    all.push(pass(Task::Prone { down: true }));
    // 23.4: each Melee attack as a sweep or with a second weapon too.
    let multiple: Vec<Action> = all
        .iter()
        .flat_map(|a| strikes::multiples(a, &foes))
        .collect();
    all.extend(multiple);
    // 22.3: a nimble figure's two actions, the first chosen here.
    let two = strikes::combined(&all);
    all.extend(two);
    all.push(Action::Spell {
        effects: Vec::new(),
    });
    all
}

/// An action in a referee's words.
pub fn words(b: &Battle, who: FigureId, action: &Action) -> String {
    let name = |f: &FigureId| b.figures().get(f.0).map_or("?", |f| f.name.as_str());
    let weapon = |i: &usize| {
        b.figures()
            .get(who.0)
            .filter(|f| *i < f.weapons.len())
            .map_or("a weapon", |f| f.weapon(*i).name.as_str())
    };
    let along = |path: &[Step]| {
        let hexes = path.iter().filter(|s| s.moves()).count();
        match hexes {
            0 if path.is_empty() => String::new(),
            0 => " (turning)".into(),
            1 => " (1 hex)".into(),
            n => format!(" ({n} hexes)"),
        }
    };
    match action {
        Action::Move { path } => format!("move{}", along(path)),
        Action::Melee {
            path,
            target,
            multiple,
            after_strike,
        } => {
            let more = strikes::words(b, who, multiple);
            if !after_strike.is_empty() {
                let then = if after_strike.iter().any(|s| s.moves()) {
                    format!("move{}", along(after_strike))
                } else {
                    "turn".to_string()
                };
                format!("strike {}{more}, then {then}", name(target))
            } else if path.is_empty() {
                format!("strike {}{more}", name(target))
            } else if !path.iter().any(|s| s.moves()) {
                format!("turn and strike {}{more}", name(target))
            } else {
                format!("charge and strike {}{more}{}", name(target), along(path))
            }
        }
        Action::ChargeWithoutStrike { path } => format!("charge{}", along(path)),
        Action::Evade { path } => format!("evade{}", along(path)),
        Action::Withdraw { path, posture } => {
            let how = match posture {
                Posture::Offensive { target } => format!("striking {} first", name(target)),
                Posture::Defensive => "behind the shield".into(),
                Posture::Plain => "plainly".into(),
            };
            format!("withdraw {how}{}", along(path))
        }
        Action::Retreat { path } => format!("retreat{}", along(path)),
        Action::Pass { path, task } => {
            let task = match task {
                Task::Nothing => "pass".to_string(),
                Task::Prepare { item } => format!("pass: ready the {}", weapon(item)),
                Task::PrepareShield => "pass: ready the shield".into(),
                Task::PutAway { .. } => "pass: put away".into(),
                Task::PickUp { item } => format!("pass: pick up the {}", weapon(item)),
                Task::Load => "pass: load".into(),
                Task::Prone { down: true } => "pass: drop prone".into(),
                Task::Prone { down: false } => "pass: rise".into(),
                Task::DrawOut => "pass: draw out a lodged weapon".into(),
            };
            format!("{task}{}", along(path))
        }
        Action::Fire { path, target } => format!("fire at {}{}", name(target), along(path)),
        Action::Close { path, target } => format!("close with {}{}", name(target), along(path)),
        Action::Grapple { target } => format!("grapple {}", name(target)),
        Action::Special {
            path,
            target,
            attack,
        } => {
            let what = match attack {
                SpecialAttack::Trip => "trip",
                SpecialAttack::Entangle => "entangle",
                SpecialAttack::Restrain => "restrain",
                SpecialAttack::Knockout => "knock out",
                SpecialAttack::ShieldRush => "shield-rush",
                SpecialAttack::Disarm { .. } => "disarm",
            };
            let of = match attack {
                SpecialAttack::Disarm {
                    item: Item::Weapon(i),
                } => b
                    .figures()
                    .get(target.0)
                    .filter(|f| *i < f.weapons.len())
                    .map_or(String::new(), |f| format!(" of the {}", f.weapon(*i).name)),
                SpecialAttack::Disarm { item: Item::Shield } => " of the shield".into(),
                _ => String::new(),
            };
            format!("{what} {}{of}{}", name(target), along(path))
        }
        Action::Combine { first } => format!("two actions, first: {}", words(b, who, first)),
        Action::Spell { effects } if effects.is_empty() => {
            "cast a spell (the Referee gives what it does)".into()
        }
        Action::Spell { .. } => "cast a spell".into(),
    }
}
