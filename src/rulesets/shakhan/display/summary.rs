//! The round just played in a few lines the Referee can read out to the
//! table: who struck whom, who fell, who fled (issue 38).

use crate::rulesets::shakhan::engine::{Battle, Event};
use crate::rulesets::shakhan::rules::condition::Status;
use crate::seam::{FigureId, View};
use crate::words::count;

/// Blows between one attacker and one defender.
struct Blows {
    attacker: FigureId,
    defender: FigureId,
    tries: usize,
    hits: usize,
    damage: i32,
    shots: bool,
}

/// What happened between `before` (the battle as the round began) and
/// `now`, in `view`: the round's strikes and shots by pair, then who fell
/// and who fled. A line for each, empty ones left out.
pub fn lines(before: &Battle, now: &Battle, view: View) -> Vec<String> {
    let events = now.events().get(before.events().len()..).unwrap_or(&[]);
    let mut blows: Vec<Blows> = Vec::new();
    let mut blow = |attacker, defender, hit: bool, damage: i32, shots: bool| {
        let at = match blows
            .iter()
            .position(|b| b.attacker == attacker && b.defender == defender && b.shots == shots)
        {
            Some(i) => i,
            None => {
                blows.push(Blows {
                    attacker,
                    defender,
                    tries: 0,
                    hits: 0,
                    damage: 0,
                    shots,
                });
                blows.len() - 1
            }
        };
        let b = &mut blows[at];
        b.tries += 1;
        b.hits += usize::from(hit);
        b.damage += damage;
    };
    for e in events {
        match e {
            Event::Strike(s) => blow(
                s.attacker,
                s.defender,
                s.struck,
                s.wounds.iter().map(|w| w.damage).sum(),
                false,
            ),
            Event::MissileFlew(f) => blow(
                f.flight.firer,
                f.struck.unwrap_or(f.flight.target),
                f.struck.is_some(),
                f.wounds.iter().map(|w| w.damage).sum(),
                true,
            ),
            _ => {}
        }
    }
    let name = |id: FigureId| now.figure(id).name.as_str();
    let struck: Vec<String> = blows
        .iter()
        .map(|b| {
            let verb = if b.shots { "shot at" } else { "struck at" };
            let hits = match (b.hits, b.tries) {
                (0, 1) => "missed".to_string(),
                (0, n) => format!("missed {}", count(n, "time", "times")),
                (1, 1) => "hit".to_string(),
                (h, n) => format!("hit {h} of {n}"),
            };
            let damage = match view {
                View::Referee if b.damage > 0 => format!(", {} damage", b.damage),
                _ => String::new(),
            };
            format!(
                "{} {verb} {}: {hits}{damage}",
                name(b.attacker),
                name(b.defender)
            )
        })
        .collect();
    let mut fell = Vec::new();
    let mut fled = Vec::new();
    for (f, was) in now.figures().iter().zip(before.figures()) {
        let status = f.condition.status();
        if status == was.condition.status() {
            continue;
        }
        let word = match status {
            Status::Dead => "dead",
            Status::Coma => "in a coma",
            Status::Unconscious => "unconscious",
            Status::Incapacitated => "incapacitated",
            Status::Fled => "off the field",
            Status::Surrendered => "surrendered",
            Status::Fleeing => "running",
            Status::Removed | Status::Shaken | Status::Fighting => continue,
        };
        let into = match status {
            Status::Fled | Status::Surrendered | Status::Fleeing => &mut fled,
            _ => &mut fell,
        };
        into.push(format!("{} ({word})", f.name));
    }
    let mut out = Vec::new();
    out.push(if struck.is_empty() {
        "No blows were struck.".to_string()
    } else {
        format!("{}.", struck.join("; "))
    });
    if !fell.is_empty() {
        out.push(format!("Fell: {}.", fell.join(", ")));
    }
    if !fled.is_empty() {
        out.push(format!("Fled: {}.", fled.join(", ")));
    }
    out
}
