//! `check`'s table and JSON for a Land of Karn scenario (every number the
//! battle will use, house values marked), and `sim`'s log and outcome.

use std::fmt::Write;

use serde_json::{Value, json};

use super::engine::explain::explain_as;
use super::engine::{Battle, Standing};
use super::rules::tables::{Armour, Source, Weapon};
use super::scenario::Checked;
use crate::seam::{Engine, View};
use crate::sim::play;

fn source(s: &Source) -> String {
    match s {
        Source::House(_) => format!("HOUSE ({})", s.label()),
        Source::Referee(_) => s.label(),
    }
}

fn weapon_line(w: &Weapon) -> String {
    let types: Vec<&str> = w.types.iter().map(|t| t.short()).collect();
    format!(
        "{}: {:?}, damage {} {}{} — {}",
        w.name,
        w.kind,
        w.damage,
        types.join("/"),
        if w.pierce_only() {
            ", pierce only (+3 to defences against it)"
        } else {
            ""
        },
        source(&w.source)
    )
}

fn armour_line(a: &Armour) -> String {
    format!(
        "{}: COV {}, Cu {} ({}), Ch {} ({}), Cr {} ({}), P {} ({}), {} HP — {}",
        a.name,
        a.cov,
        a.cut.0,
        a.cut.1,
        a.chop.0,
        a.chop.1,
        a.crush.0,
        a.crush.1,
        a.pierce.0,
        a.pierce.1,
        a.hp,
        source(&a.source)
    )
}

/// `check`'s table.
pub fn check_table(c: &Checked) -> String {
    let s = &c.spec;
    let mut out = String::new();
    let _ = writeln!(out, "{} (Land of Karn)", c.scenario.name);
    let house = if s.pack.has_house() {
        " — HOUSE values, not from the book"
    } else {
        ""
    };
    let _ = writeln!(out, "Data pack: {} ({}){house}", s.pack.name, s.pack_file);
    let _ = writeln!(
        out,
        "GM's numbers: pierce critical chance {}% (the book: usually 25%)",
        s.gm.pierce_critical
    );
    let _ = writeln!(
        out,
        "Rolls: d20 + bonuses; a half action halves the d20, a quarter action quarters it, rounded down, before bonuses"
    );
    for f in &s.figures {
        let _ = writeln!(out);
        let _ = writeln!(out, "{} ({})", f.name, s.sides[f.side.0].name);
        let _ = writeln!(
            out,
            "  actions {}, initiative {}, ALT {}, HP {}, SP {}",
            f.actions, f.initiative, f.alt, f.hp, f.sp
        );
        let _ = writeln!(
            out,
            "  strike {}, parry {}, dodge {}, counterstrike {}, natural armour {}",
            f.strike,
            f.parry,
            f.dodge,
            if f.counterstrike { "yes" } else { "no" },
            f.natural_armour
        );
        match &f.armour {
            Some(a) => {
                let _ = writeln!(out, "  armour {}", armour_line(a));
            }
            None => {
                let _ = writeln!(out, "  no armour");
            }
        }
        if f.weapons.is_empty() {
            let _ = writeln!(out, "  in hand: {}", weapon_line(s.fists()));
        }
        for (i, w) in f.weapons.iter().enumerate() {
            let place = if i == 0 { "in hand" } else { "carried" };
            let _ = writeln!(out, "  {place}: {}", weapon_line(w));
        }
    }
    out
}

fn weapon_json(w: &Weapon) -> Value {
    json!({
        "name": w.name,
        "kind": format!("{:?}", w.kind),
        "damage": w.damage.to_string(),
        "types": w.types.iter().map(|t| t.short()).collect::<Vec<_>>(),
        "house": w.source.is_house(),
        "source": w.source.label(),
    })
}

/// `check --json`.
pub fn check_json(c: &Checked) -> Value {
    let s = &c.spec;
    let figures: Vec<Value> = s
        .figures
        .iter()
        .map(|f| {
            let weapons: Vec<Value> = if f.weapons.is_empty() {
                vec![weapon_json(s.fists())]
            } else {
                f.weapons.iter().map(weapon_json).collect()
            };
            json!({
                "name": f.name,
                "side": s.sides[f.side.0].name,
                "actions": f.actions,
                "initiative": f.initiative.0,
                "alt": f.alt,
                "hp": f.hp.0,
                "sp": f.sp.0,
                "strike": f.strike.0,
                "parry": f.parry.0,
                "dodge": f.dodge.0,
                "counterstrike": f.counterstrike,
                "natural_armour": f.natural_armour,
                "armour": f.armour.as_ref().map(|a| json!({
                    "name": a.name,
                    "cov": a.cov,
                    "cut": [a.cut.0, a.cut.1],
                    "chop": [a.chop.0, a.chop.1],
                    "crush": [a.crush.0, a.crush.1],
                    "pierce": [a.pierce.0, a.pierce.1],
                    "hp": a.hp,
                    "house": a.source.is_house(),
                    "source": a.source.label(),
                })),
                "weapons": weapons,
            })
        })
        .collect();
    json!({
        "scenario": c.scenario.name,
        "ruleset": "LandOfKarn",
        "pack": {
            "name": s.pack.name,
            "file": s.pack_file,
            "house": s.pack.has_house(),
        },
        "gm": { "pierce_critical": s.gm.pierce_critical },
        "figures": figures,
    })
}

fn status(s: Standing) -> &'static str {
    match s {
        Standing::Up => "standing",
        Standing::Unconscious => "unconscious",
        Standing::Dead => "dead",
    }
}

/// `sim`: a battle played to its end by `answer`, as a log in `view` or
/// JSON.
pub fn simulate(
    c: &Checked,
    seed: Option<u64>,
    max_melees: u32,
    as_json: bool,
    view: View,
    answer: impl FnMut(&Battle, &super::engine::Prompt) -> super::engine::Command,
) -> Result<String, crate::sim::Refused> {
    let seed = seed.unwrap_or(c.scenario.seed);
    let mut battle = Battle::new(&c.spec, seed);
    play(&mut battle, max_melees, answer)?;
    let winner = battle
        .outcome()
        .flatten()
        .map(|s| battle.side_name(s).to_string());
    if as_json {
        let figures: Vec<Value> = battle
            .figures()
            .iter()
            .map(|f| {
                json!({
                    "name": f.name(),
                    "side": battle.side_name(f.spec.side),
                    "status": status(f.standing),
                    "hp": f.hp.0,
                    "sp": f.sp.0,
                    "csp": f.csp,
                })
            })
            .collect();
        let out = json!({
            "seed": seed,
            "melees": battle.melee(),
            "winner": winner,
            "figures": figures,
        });
        return Ok(format!("{out}\n"));
    }
    let mut out = String::new();
    for line in battle
        .events()
        .iter()
        .filter_map(|e| explain_as(&battle, e, view))
    {
        let _ = writeln!(out, "{line}");
    }
    if battle.outcome().is_none() {
        let _ = writeln!(out, "No decision after {max_melees} melees");
    }
    Ok(out)
}
