//! 23.4 multiple strikes and 22.3 combined actions in order entry: the
//! variants of a Melee attack (a sweep at the other foes, a second weapon at
//! a foe of its own) and the two-part actions, each offered only when the
//! battle's check accepts it (the list filters them, `choices::list`).

use crate::rulesets::dragonquest::engine::{Action, Battle, Multiple};
use crate::seam::FigureId;

/// 23.4: every multiple strike worth offering for a single Melee attack
/// `base` at one of `foes`: a second weapon at each foe (the same one
/// too), a sweep at one or two of the others.
pub fn multiples(base: &Action, foes: &[FigureId]) -> Vec<Action> {
    let Action::Melee {
        path,
        target,
        multiple: Multiple::Single,
        after_strike,
    } = base
    else {
        return Vec::new();
    };
    let melee = |multiple| Action::Melee {
        path: path.clone(),
        target: *target,
        multiple,
        after_strike: after_strike.clone(),
    };
    let others: Vec<FigureId> = foes.iter().copied().filter(|f| f != target).collect();
    let mut out = Vec::new();
    for (i, &a) in others.iter().enumerate() {
        out.push(melee(Multiple::Sweep { others: vec![a] }));
        for &b in &others[i + 1..] {
            out.push(melee(Multiple::Sweep { others: vec![a, b] }));
        }
    }
    for &second in foes {
        out.push(melee(Multiple::SecondWeapon { target: second }));
    }
    out
}

/// 22.3: each action as the first of two combined in this Pulse (the
/// figure is asked for the second at once).
pub fn combined(actions: &[Action]) -> Vec<Action> {
    actions
        .iter()
        .filter(|a| !matches!(a, Action::Combine { .. } | Action::Spell { .. }))
        .map(|a| Action::Combine {
            first: Box::new(a.clone()),
        })
        .collect()
}

/// What a Melee attack's multiple strike adds to its words: "" for one
/// strike, ", sweeping Orc and Goblin", ", and Goblin with the Main-Gauche".
pub fn words(b: &Battle, who: FigureId, multiple: &Multiple) -> String {
    let name = |f: &FigureId| b.figures().get(f.0).map_or("?", |f| f.name.as_str());
    match multiple {
        Multiple::Single => String::new(),
        Multiple::Sweep { others } => {
            let names: Vec<&str> = others.iter().map(name).collect();
            format!(", sweeping on to {}", names.join(" and "))
        }
        Multiple::SecondWeapon { target } => {
            // 23.4: the second Melee weapon in hand strikes the second blow.
            let second = b.figures().get(who.0).and_then(|f| {
                f.hands
                    .iter()
                    .filter(|&&i| i < f.weapons.len() && f.weapon(i).uses.melee)
                    .nth(1)
                    .map(|&i| f.weapon(i).name.as_str())
            });
            match second {
                Some(w) => format!(", and {} with the {w}", name(target)),
                None => format!(", and {} with a second weapon", name(target)),
            }
        }
    }
}
