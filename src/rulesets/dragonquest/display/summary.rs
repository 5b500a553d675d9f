//! The Pulse just played in a few lines the Referee can read out: who
//! struck at whom, who fell, which side broke (issue 38), shown while the
//! next Pulse has yet to see its first action.

use crate::rulesets::dragonquest::engine::{Battle, Event};
use crate::rulesets::dragonquest::rules::damage::Standing;
use crate::seam::{FigureId, View};
use crate::words::count;

/// The last whole Pulse in words, in `view`, while the Pulse after it has
/// no action yet: its number and lines; `None` otherwise.
pub fn lines(b: &Battle, view: View) -> Option<(u32, Vec<String>)> {
    let events = b.events();
    let began: Vec<usize> = events
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, Event::PulseBegan { .. }))
        .map(|(i, _)| i)
        .collect();
    let (&now, &last) = began
        .split_last()
        .and_then(|(n, rest)| Some((n, rest.last()?)))?;
    if events[now..]
        .iter()
        .any(|e| matches!(e, Event::ActionChosen { .. } | Event::Strike(_)))
    {
        return None;
    }
    let pulse = match events[last] {
        Event::PulseBegan { pulse, .. } => pulse,
        _ => return None,
    };
    Some((pulse, said(b, &events[last..now], view)))
}

/// Blows between one attacker and one target.
struct Blows {
    attacker: FigureId,
    target: FigureId,
    tries: usize,
    hits: usize,
}

fn said(b: &Battle, events: &[Event], view: View) -> Vec<String> {
    let mut blows: Vec<Blows> = Vec::new();
    let mut damage = vec![0u32; b.figures().len()];
    let mut fell = Vec::new();
    let mut broke = Vec::new();
    for e in events {
        match e {
            Event::Strike(s) => {
                let at = blows
                    .iter()
                    .position(|x| x.attacker == s.attacker && x.target == s.target)
                    .unwrap_or_else(|| {
                        blows.push(Blows {
                            attacker: s.attacker,
                            target: s.target,
                            tries: 0,
                            hits: 0,
                        });
                        blows.len() - 1
                    });
                blows[at].tries += 1;
                blows[at].hits += usize::from(s.hit.is_some());
            }
            Event::Damaged { figure, points, .. } => {
                if let Some(d) = damage.get_mut(figure.0) {
                    *d += points.0;
                }
            }
            Event::Fell { figure, standing } => fell.push(format!(
                "{} ({})",
                b.figure(*figure).name,
                match standing {
                    Standing::Dead => "dead",
                    Standing::Unconscious => "unconscious",
                    Standing::Conscious => "down",
                }
            )),
            Event::Routed { side } => {
                broke.push(
                    b.sides()
                        .get(side.0)
                        .map_or("?", |s| s.name.as_str())
                        .to_string(),
                );
            }
            _ => {}
        }
    }
    let name = |id: FigureId| b.figure(id).name.as_str();
    let struck: Vec<String> = blows
        .iter()
        .map(|x| {
            let hits = match (x.hits, x.tries) {
                (0, 1) => "missed".to_string(),
                (0, n) => format!("missed {}", count(n, "time", "times")),
                (1, 1) => "hit".to_string(),
                (h, n) => format!("hit {h} of {n}"),
            };
            format!("{} struck at {}: {hits}", name(x.attacker), name(x.target))
        })
        .collect();
    let mut out = vec![if struck.is_empty() {
        "No blows were struck.".to_string()
    } else {
        format!("{}.", struck.join("; "))
    }];
    if view == View::Referee {
        let hurt: Vec<String> = damage
            .iter()
            .enumerate()
            .filter(|(_, d)| **d > 0)
            .map(|(i, d)| format!("{} {d}", b.figures()[i].name))
            .collect();
        if !hurt.is_empty() {
            out.push(format!("Damage taken: {}.", hurt.join(", ")));
        }
    }
    if !fell.is_empty() {
        out.push(format!("Fell: {}.", fell.join(", ")));
    }
    if !broke.is_empty() {
        out.push(format!("Broke and fled: {}.", broke.join(", ")));
    }
    out
}
