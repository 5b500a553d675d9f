//! A simple AI for HârnMaster: rise when down, attack an engaged enemy with
//! the weapon it is best with by its strongest aspect, else close on the
//! nearest enemy; defend with the best of block and dodge, counterstriking
//! a much weaker attacker. Every choice is one the engine accepts.

use std::collections::{BTreeMap, VecDeque};

use super::engine::{Action, Battle, Command, Defend, Prompt, Stage};
use super::rules::terms::{Aim, Aspect};
use crate::hex::Hex;
use crate::seam::FigureId;

/// The AI's answer to `prompt`.
pub fn answer(b: &Battle, prompt: &Prompt) -> Command {
    match *prompt {
        Prompt::Act { figure, .. } => Command::Act {
            figure,
            action: act(b, figure),
        },
        Prompt::Defend { defender, attacker } => Command::Defend {
            figure: defender,
            defence: defend(b, defender, attacker),
        },
        // Nothing is asked of a finished battle; resting is refused there.
        Prompt::Over => Command::Act {
            figure: FigureId(0),
            action: Action::Rest,
        },
    }
}

/// The weapon a figure is best with, and its strongest aspect.
pub fn best_weapon(b: &Battle, id: FigureId) -> Option<(usize, Aspect)> {
    b.melee_weapons(id)
        .filter_map(|w| {
            let row = b.weapon_row(id, w);
            let (impact, aspect) = Aspect::ALL
                .into_iter()
                .filter_map(|a| row.impact.of(a).map(|i| (i, a)))
                .max_by_key(|(i, _)| *i)?;
            Some((
                b.of(id).weapons[w].ml,
                impact,
                std::cmp::Reverse(w),
                w,
                aspect,
            ))
        })
        .max()
        .map(|(_, _, _, w, a)| (w, a))
}

fn act(b: &Battle, id: FigureId) -> Action {
    let me = b.figure(id);
    if me.prone {
        return if me.lame { Action::Rest } else { Action::Rise };
    }
    if let Some(shot) = shoot(b, id) {
        return shot;
    }
    let Some((weapon, aspect)) = best_weapon(b, id) else {
        return Action::Rest;
    };
    if let Some(&target) = b.engaged_by(id).first() {
        return Action::Attack {
            target,
            weapon,
            aspect,
            aim: Aim::Any,
        };
    }
    match approach(b, id) {
        Some(path) if !me.lame => Action::Move { path },
        _ => Action::Rest,
    }
}

/// A shot at the nearest enemy able to fight that the engine lets it shoot.
fn shoot(b: &Battle, id: FigureId) -> Option<Action> {
    let at = b.figure(id).at;
    let mut foes: Vec<FigureId> = (0..b.figures().len())
        .map(FigureId)
        .filter(|&o| b.enemies(id, o) && b.fighting(o))
        .collect();
    foes.sort_by_key(|o| (b.figure(*o).at.distance(at), o.0));
    b.usable_weapons(id)
        .filter(|&w| b.weapon_row(id, w).missile.is_some())
        .find_map(|weapon| {
            foes.iter()
                .find(|&&target| b.check_shot(id, target, weapon).is_ok())
                .map(|&target| Action::Shoot {
                    target,
                    weapon,
                    aim: Aim::Any,
                })
        })
}

/// The way to the nearest hex next to an enemy able to fight, as far as the
/// figure may move now.
fn approach(b: &Battle, id: FigureId) -> Option<Vec<Hex>> {
    let map = &b.spec().map;
    let start = b.figure(id).at;
    let goal = |h: Hex| {
        (0..b.figures().len())
            .map(FigureId)
            .any(|o| b.enemies(id, o) && b.fighting(o) && b.figure(o).at.distance(h) == 1)
    };
    let mut came: BTreeMap<Hex, Hex> = BTreeMap::new();
    let mut queue = VecDeque::from([start]);
    let mut found = None;
    while let Some(h) = queue.pop_front() {
        if h != start && goal(h) {
            found = Some(h);
            break;
        }
        for n in map.neighbors(h) {
            if n != start
                && !came.contains_key(&n)
                && map.is_passable(n)
                && b.standing_in(n).is_none()
            {
                came.insert(n, h);
                queue.push_back(n);
            }
        }
    }
    let mut path = vec![found?];
    while let Some(&prev) = came.get(path.last()?) {
        if prev == start {
            break;
        }
        path.push(prev);
    }
    path.reverse();
    let k = (1..=path.len())
        .rev()
        .find(|&k| k as u32 <= b.move_allowance(id, &path[..k]))?;
    path.truncate(k);
    Some(path)
}

fn defend(b: &Battle, id: FigureId, attacker: FigureId) -> Defend {
    let (their_ml, shot) = match b.stage() {
        Stage::Defend { attack } => (
            b.of(attacker).weapons[attack.weapon].ml,
            attack.range.is_some(),
        ),
        _ => (0, false),
    };
    defence(b, id, their_ml, shot)
}

/// The defence the AI declares against an attack at mastery `their_ml`, a
/// missile's when `shot`.
pub fn defence(b: &Battle, id: FigureId, their_ml: u8, shot: bool) -> Defend {
    if !b.fighting(id) {
        return Defend::Ignore;
    }
    let guard = b
        .melee_weapons(id)
        .map(|w| (b.of(id).weapons[w].ml, std::cmp::Reverse(w), w))
        .max()
        .map(|(ml, _, w)| (ml, w));
    if let Some((w, aspect)) = best_weapon(b, id).filter(|_| !shot) {
        if b.of(id).weapons[w].ml >= their_ml.saturating_add(20) {
            return Defend::Counterstrike {
                weapon: w,
                aspect,
                aim: Aim::Any,
            };
        }
    }
    match guard {
        Some((ml, w)) if ml >= b.of(id).dodge => Defend::Block { weapon: w },
        _ => Defend::Dodge,
    }
}
