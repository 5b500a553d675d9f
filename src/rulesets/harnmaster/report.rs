//! `check`'s sheet of a HârnMaster scenario (every derived value, and the
//! table pack's label) and `sim`'s log and outcome.

use std::fmt::Write;

use serde_json::{Value, json};

use super::engine::explain::explain;
use super::engine::{Battle, FigureSpec, Spec};
use super::rules::injury;
use super::rules::tables::{Pack, sheet};
use super::rules::terms::{Aspect, InjuryPoints};
use super::scenario::Checked;
use crate::seam::{Engine, View};
use crate::sim::play;

/// The line every sheet, log and export opens with.
pub fn pack_line(pack: &Pack) -> String {
    if pack.is_placeholder() {
        format!(
            "Table pack: {} — every combat, location, weapon and armour value below is INVENTED, not HârnMaster's",
            pack.label()
        )
    } else {
        format!("Table pack: {}", pack.label())
    }
}

/// A figure's derived values as the battle begins.
struct Derived {
    initiative: u32,
    ei: u32,
    physical_penalty: u32,
    effective_mobility: u32,
    free_move: u32,
    engage_move: u32,
}

fn derive(f: &FigureSpec) -> Derived {
    let s = sheet();
    let ei = injury::endurance_index(s, InjuryPoints(0), f.fatigue);
    let pp = injury::physical_penalty(f.encumbrance, ei);
    let em = f
        .mobility
        .saturating_sub(pp * s.physical_penalty_scale as u32);
    Derived {
        initiative: f.initiative(),
        ei,
        physical_penalty: pp,
        effective_mobility: em,
        free_move: (em / s.hex_divisor).max(1),
        engage_move: (em / s.engage_divisor / s.hex_divisor).max(1),
    }
}

fn impacts(pack: &Pack, weapon: usize) -> String {
    let w = &pack.weapons[weapon];
    Aspect::ALL
        .iter()
        .map(|&a| match w.impact.of(a) {
            Some(i) => format!("{}{i}", a.letter()),
            None => format!("{}-", a.letter()),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Protection on each location, as "Chest B6 E9 P7".
fn protection(pack: &Pack, f: &FigureSpec) -> Vec<String> {
    pack.locations
        .iter()
        .enumerate()
        .filter_map(|(l, loc)| {
            let p: Vec<u32> = Aspect::ALL
                .iter()
                .map(|&a| super::rules::strike::protection(pack, &f.armour, l, a))
                .collect();
            (p.iter().any(|v| *v > 0))
                .then(|| format!("{} B{} E{} P{}", loc.name, p[0], p[1], p[2]))
        })
        .collect()
}

/// `check`'s table.
pub fn check_table(checked: &Checked) -> String {
    let spec = &checked.spec;
    let pack = &spec.pack;
    let mut out = String::new();
    let _ = writeln!(out, "{} (HârnMaster)", checked.scenario.name);
    let _ = writeln!(out, "{}", pack_line(pack));
    if pack.is_placeholder() {
        let _ = writeln!(
            out,
            "note: the scenario plays on the PLACEHOLDER pack; name your own copy of the tables in `pack` (docs/HARNMASTER-PACKS.md)"
        );
    }
    if let Some(side) = spec.surprise {
        let _ = writeln!(
            out,
            "{} start the battle: only they act in round 1 [l.5]",
            spec.sides[side.0]
        );
    }
    for f in &spec.figures {
        let d = derive(f);
        let _ = writeln!(out, "\n{} ({})", f.name, spec.sides[f.side.0]);
        let _ = writeln!(
            out,
            "  STR {} END {} DEX {} AGL {} SPD {} WIL {}  weight {}  mobility {}",
            f.strength, f.endurance, f.dexterity, f.agility, f.speed, f.will, f.weight, f.mobility
        );
        let _ = writeln!(
            out,
            "  initiative {} [l.3]  endurance index {} [l.139]  physical penalty {} (EML −{}) [l.169]",
            d.initiative,
            d.ei,
            d.physical_penalty,
            d.physical_penalty * sheet().physical_penalty_scale as u32
        );
        let _ = writeln!(
            out,
            "  effective mobility {} [l.179]: free move {} hexes [l.187], engage {} hexes [l.195]",
            d.effective_mobility, d.free_move, d.engage_move
        );
        let _ = writeln!(
            out,
            "  load {}, fatigue {}: fatigue rate {} a minute of fighting [l.165]",
            f.load,
            f.fatigue,
            f.fatigue_rate()
        );
        let _ = writeln!(out, "  dodge ML {}", f.dodge);
        for h in &f.weapons {
            let w = &pack.weapons[h.weapon];
            let missile = w.missile.as_ref().map_or(String::new(), |m| {
                let bands: Vec<String> = m
                    .ranges
                    .iter()
                    .map(|b| format!("≤{} {:+}", b.up_to, b.modifier))
                    .collect();
                format!(
                    ", {} missiles, {}, range {} [l.81]",
                    h.ammo,
                    m.aspect.word(),
                    bands.join(" ")
                )
            });
            let _ = writeln!(
                out,
                "  {}{}: ML {}, class {}, quality {}, impact {}{missile}{}",
                w.name,
                if h.enchanted { " (enchanted)" } else { "" },
                h.ml,
                w.class,
                w.quality,
                impacts(pack, h.weapon),
                if pack.is_placeholder() {
                    " (placeholder)"
                } else {
                    ""
                }
            );
        }
        let worn: Vec<&str> = f
            .armour
            .iter()
            .map(|&a| pack.armour[a].name.as_str())
            .collect();
        let _ = writeln!(
            out,
            "  armour: {}{}",
            if worn.is_empty() {
                "none".to_string()
            } else {
                worn.join(", ")
            },
            if pack.is_placeholder() && !worn.is_empty() {
                " (placeholder)"
            } else {
                ""
            }
        );
        let p = protection(pack, f);
        if !p.is_empty() {
            let _ = writeln!(out, "  protection: {}", p.join("; "));
        }
    }
    out
}

/// `check --json`.
pub fn check_json(checked: &Checked) -> Value {
    let spec = &checked.spec;
    let pack = &spec.pack;
    let figures: Vec<Value> = spec
        .figures
        .iter()
        .map(|f| {
            let d = derive(f);
            json!({
                "name": f.name,
                "side": spec.sides[f.side.0],
                "initiative": d.initiative,
                "endurance_index": d.ei,
                "physical_penalty": d.physical_penalty,
                "effective_mobility": d.effective_mobility,
                "free_move": d.free_move,
                "engage_move": d.engage_move,
                "load": f.load,
                "fatigue": f.fatigue,
                "fatigue_rate": f.fatigue_rate(),
                "dodge": f.dodge,
                "weapons": f.weapons.iter().map(|h| {
                    let w = &pack.weapons[h.weapon];
                    json!({"name": w.name, "ml": h.ml, "class": w.class, "quality": w.quality,
                           "impact": impacts(pack, h.weapon),
                           "ammo": w.missile.as_ref().map(|_| h.ammo), "enchanted": h.enchanted})
                }).collect::<Vec<_>>(),
                "armour": f.armour.iter().map(|&a| pack.armour[a].name.clone()).collect::<Vec<_>>(),
                "protection": protection(pack, f),
            })
        })
        .collect();
    json!({
        "scenario": checked.scenario.name,
        "ruleset": "HarnMaster",
        "pack": pack_json(pack),
        "figures": figures,
    })
}

fn pack_json(pack: &Pack) -> Value {
    json!({
        "name": pack.name,
        "placeholder": pack.is_placeholder(),
        "label": pack.label(),
    })
}

/// `sim`: a battle played by the AI to its end or `max_rounds`.
pub fn simulate(
    checked: &Checked,
    seed: Option<u64>,
    max_rounds: u32,
    json: bool,
    view: View,
    answer: impl FnMut(&Battle, &super::engine::Prompt) -> super::engine::Command,
) -> Result<String, crate::sim::Refused> {
    let seed = seed.unwrap_or(checked.scenario.seed);
    let spec: &std::sync::Arc<Spec> = &checked.spec;
    let mut battle = Battle::new(spec, seed);
    play(&mut battle, max_rounds, answer)?;
    let winner = battle.outcome().flatten().map(|s| spec.sides[s.0].clone());
    if json {
        let figures: Vec<Value> = battle
            .figures()
            .iter()
            .zip(&spec.figures)
            .map(|(f, s)| {
                json!({
                    "name": s.name,
                    "side": spec.sides[s.side.0],
                    "status": f.status.word(),
                    "prone": f.prone,
                    "injuries": f.injuries.iter().map(|i| json!({
                        "location": spec.pack.locations[i.location].name,
                        "ip": i.points.0,
                    })).collect::<Vec<_>>(),
                    "blood_loss": f.blood_loss,
                    "fatigue": f.fatigue,
                })
            })
            .collect();
        let out = json!({
            "seed": seed,
            "rounds": battle.round(),
            "winner": winner,
            "pack": pack_json(&spec.pack),
            "figures": figures,
        });
        return Ok(format!("{out}\n"));
    }
    let mut out = String::new();
    let _ = writeln!(out, "{}", pack_line(&spec.pack));
    for line in battle
        .all_events()
        .iter()
        .filter_map(|e| explain(&battle, e, view))
    {
        let _ = writeln!(out, "{line}");
    }
    if battle.outcome().is_none() {
        let _ = writeln!(out, "No decision after {max_rounds} rounds");
    }
    Ok(out)
}
