//! `hexmelee odds` for HârnMaster: the exact chances of one attack against
//! one declared defence (sheet l.14–23, l.60–64): both EMLs worked out as the
//! engine does, each level's share of the d100, and every cell of the combat
//! table the pair of rolls can reach, counted over all 10,000 pairs. The
//! two figures are taken alone, as the scenario gives them.

use std::fmt::Write;

use serde_json::json;

use super::ai;
use super::engine::chance::Rolls;
use super::engine::state::Attack;
use super::engine::{Battle, Defend};
use super::report::pack_line;
use super::rules::skill::{self, Worked};
use super::rules::tables::pack::{Effect, SkillRoll};
use super::rules::terms::{Aim, Aspect, Level, Party};
use super::scenario::Checked;
use crate::dice::Percentile;
use crate::seam::FigureId;
use crate::text::name_key;

/// What is asked: who attacks whom, with what, aimed where, against which
/// defence; each left out is the AI's choice.
#[derive(Debug, Clone, Default)]
pub struct Asked {
    pub attacker: String,
    pub defender: String,
    pub weapon: Option<String>,
    pub aim: Option<String>,
    pub aspect: Option<String>,
    pub defence: Option<String>,
    /// A missile weapon's distance in hexes; else the scenario's.
    pub range: Option<u32>,
}

/// Each level's count of the 100 faces against `worked`.
fn levels(skill: &SkillRoll, worked: &Worked) -> [u32; 4] {
    let mut n = [0; 4];
    for face in Percentile::all() {
        n[skill::level(skill, worked.eml(), face).index()] += 1;
    }
    n
}

fn spread_words(n: &[u32; 4]) -> String {
    let parts: Vec<String> = (Level::ALL.iter().zip(n))
        .filter(|(_, n)| **n > 0)
        .map(|(l, n)| format!("{l} {n}%"))
        .collect();
    parts.join(", ")
}

fn cell_words(effects: &[Effect], attacker: &str, defender: &str) -> String {
    let who = |p: &Party| match p {
        Party::Attacker => attacker,
        Party::Defender => defender,
    };
    let words: Vec<String> = effects
        .iter()
        .map(|e| match e {
            Effect::Strike(p, n) => format!("{} strikes ({n}d6)", who(p)),
            Effect::Block => "block".into(),
            Effect::Miss => "miss".into(),
            Effect::Advantage(p) => format!("{} gains a tactical advantage", who(p)),
            Effect::Fumble(p, n) => format!("{} fumble roll ({n}d6)", who(p)),
            Effect::Stumble(p, n) => format!("{} stumble roll ({n}d6)", who(p)),
        })
        .collect();
    words.join(", ")
}

fn aim_of(word: &str) -> Result<Aim, String> {
    Aim::ALL
        .into_iter()
        .find(|a| format!("{a:?}").eq_ignore_ascii_case(word))
        .ok_or_else(|| format!("--hm-aim {word:?}: give any, head, arms or legs"))
}

fn aspect_of(word: &str) -> Result<Aspect, String> {
    Aspect::ALL
        .into_iter()
        .find(|a| a.word().eq_ignore_ascii_case(word))
        .ok_or_else(|| format!("--hm-aspect {word:?}: give blunt, edge or point"))
}

/// The figure named `name`, by the names the scenario tells apart.
fn figure(checked: &Checked, name: &str) -> Result<usize, String> {
    let figures = &checked.spec.figures;
    figures
        .iter()
        .position(|f| name_key(&f.name) == name_key(name))
        .ok_or_else(|| {
            let all: Vec<&str> = figures.iter().map(|f| f.name.as_str()).collect();
            format!(
                "there is no figure named {}; the figures are {}",
                crate::words::quoted([name]),
                crate::words::quoted(all)
            )
        })
}

/// The odds of one attack, as text or JSON.
pub fn odds_report(checked: &Checked, asked: &Asked, json: bool) -> Result<String, String> {
    let (a, d) = (
        figure(checked, &asked.attacker)?,
        figure(checked, &asked.defender)?,
    );
    let spec = &checked.spec;
    if spec.figures[a].side == spec.figures[d].side {
        return Err(format!(
            "{} and {} are on the same side",
            spec.figures[a].name, spec.figures[d].name
        ));
    }
    // The two alone: no third figure outnumbers either (l.39).
    let mut alone = (**spec).clone();
    alone.figures = vec![spec.figures[a].clone(), spec.figures[d].clone()];
    let b = Battle::new(&std::sync::Arc::new(alone), checked.scenario.seed);
    let (a, d) = (FigureId(0), FigureId(1));
    let weapon = match &asked.weapon {
        Some(name) => (0..b.of(a).weapons.len())
            .find(|&w| name_key(&b.weapon_row(a, w).name).eq_ignore_ascii_case(&name_key(name)))
            .ok_or_else(|| {
                let all: Vec<&str> = (0..b.of(a).weapons.len())
                    .map(|w| b.weapon_row(a, w).name.as_str())
                    .collect();
                format!(
                    "{} carries no {}; give one of {}",
                    b.name(a),
                    crate::words::quoted([name.as_str()]),
                    crate::words::quoted(all)
                )
            })?,
        // Its bow for a shot (a range asked, or the two apart), else the
        // weapon the AI fights with.
        None => {
            let apart = b.figure(a).at.distance(b.figure(d).at) > 1;
            let bow = (b.usable_weapons(a)).find(|&w| b.weapon_row(a, w).missile.is_some());
            bow.filter(|_| asked.range.is_some() || apart)
                .or_else(|| ai::best_weapon(&b, a).map(|(w, _)| w))
                .or_else(|| b.usable_weapons(a).next())
                .ok_or_else(|| format!("{} carries no weapon", b.name(a)))?
        }
    };
    let row = b.weapon_row(a, weapon).clone();
    let aspect = match (&asked.aspect, &row.missile) {
        (Some(word), Some(m)) if aspect_of(word)? != m.aspect => {
            return Err(format!(
                "the {}'s missiles strike {} only",
                row.name,
                m.aspect.word()
            ));
        }
        (_, Some(m)) => m.aspect,
        (Some(word), None) => aspect_of(word)?,
        (None, None) => Aspect::ALL
            .into_iter()
            .filter_map(|x| row.impact.of(x).map(|i| (i, x)))
            .max_by_key(|(i, _)| *i)
            .map(|(_, x)| x)
            .ok_or_else(|| format!("the {} strikes by no aspect", row.name))?,
    };
    if row.missile.is_none() && row.impact.of(aspect).is_none() {
        return Err(format!(
            "the {} cannot strike {} (l.12); give --hm-aspect",
            row.name,
            aspect.word()
        ));
    }
    let aim = asked
        .aim
        .as_deref()
        .map(aim_of)
        .transpose()?
        .unwrap_or(Aim::Any);
    let range = match &row.missile {
        None if asked.range.is_some() => {
            return Err(format!(
                "the {} is no missile weapon: --hm-range is for a shot",
                row.name
            ));
        }
        None => None,
        Some(missile) => {
            let hexes = asked
                .range
                .unwrap_or_else(|| b.figure(a).at.distance(b.figure(d).at));
            // The engine's refusals of a shot (l.54, docs/RULINGS.md "Shooting
            // while engaged"): odds gives no chances for a shot never made.
            if hexes <= 1 {
                return Err(format!(
                    "{} would be engaged and cannot shoot; give --hm-range 2 or more",
                    b.name(a)
                ));
            }
            if b.ammo(a, weapon) == 0 {
                return Err(format!(
                    "{} has no missiles for the {}",
                    b.name(a),
                    row.name
                ));
            }
            if missile.range(hexes).is_none() {
                let most = missile.ranges.last().map_or(0, |band| band.up_to);
                return Err(format!(
                    "{hexes} hexes is beyond the {}'s range of {most} (l.81); give --hm-range 1 to {most}",
                    row.name
                ));
            }
            Some(hexes)
        }
    };
    let attack = Attack {
        attacker: a,
        target: d,
        weapon,
        aspect,
        aim,
        range,
    };
    let their_ml = b.of(a).weapons[weapon].ml;
    let defence = match &asked.defence {
        None => ai::defence(&b, d, their_ml, range.is_some()),
        Some(word) => defence_of(&b, d, word, range.is_some())?,
    };
    let rolls = b.rolls(&attack, defence);
    let pack = &spec.pack;
    let a_levels = levels(&pack.skill, &rolls.attack);
    let d_levels = rolls.defender.as_ref().map(|w| levels(&pack.skill, w));
    // Every pair of faces, each cell counted once per pair that reaches it,
    // in the table's own order.
    let mut cells: Vec<(Vec<Effect>, u32)> = Vec::new();
    for la in Level::ALL {
        let against: Vec<(Option<Level>, u32)> = match &d_levels {
            Some(n) => Level::ALL
                .iter()
                .map(|l| (Some(*l), n[l.index()]))
                .collect(),
            None => vec![(None, 100)],
        };
        for (ld, n) in against {
            let count = a_levels[la.index()] * n;
            if count == 0 {
                continue;
            }
            let cell = if rolls.missile {
                pack.missile(rolls.defence, la, ld)
            } else {
                pack.melee(rolls.defence, la, ld)
            };
            match cells.iter_mut().find(|(c, _)| c.as_slice() == cell) {
                Some((_, total)) => *total += count,
                None => cells.push((cell.to_vec(), count)),
            }
        }
    }
    // The likeliest first; the table's order among equals.
    cells.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    let pct = |n: u32| f64::from(n) / 100.0;
    let lands = |party: Party| -> u32 {
        (cells.iter())
            .filter(|(c, _)| {
                c.iter()
                    .any(|e| matches!(e, Effect::Strike(p, _) if *p == party))
                    && !(rolls.missile && party == Party::Defender)
            })
            .map(|(_, n)| n)
            .sum()
    };
    let (an, dn) = (b.name(a).to_string(), b.name(d).to_string());
    let defence_words = defence_words(&b, d, defence, &rolls);
    if json {
        let spread = |n: &[u32; 4]| {
            (Level::ALL.iter().zip(n))
                .map(|(l, n)| (l.to_string(), json!(n)))
                .collect::<serde_json::Map<_, _>>()
        };
        let out = json!({
            "attacker": an, "defender": dn, "weapon": row.name,
            "aspect": aspect.word(), "aim": format!("{aim:?}").to_lowercase(),
            "range": range,
            "table": if rolls.missile { "missile" } else { "melee" },
            "attack_eml": rolls.attack.eml().0,
            "attack": spread(&a_levels),
            "defence": rolls.defence.word(),
            "defence_eml": rolls.defender.as_ref().map(|w| w.eml().0),
            "defence_levels": d_levels.as_ref().map(spread),
            "cells": cells.iter().map(|(c, n)| json!({
                "effects": cell_words(c, "attacker", "defender"), "percent": pct(*n),
            })).collect::<Vec<_>>(),
            "attacker_strikes": pct(lands(Party::Attacker)),
            "defender_strikes": pct(lands(Party::Defender)),
            "pack": pack.label(),
            "placeholder": pack.is_placeholder(),
        });
        return Ok(format!("{out}\n"));
    }
    let mut out = format!("{}\n", pack_line(pack));
    let what = match range {
        Some(h) => format!("shoots {dn} with the {} from {h} hexes", row.name),
        None => format!("attacks {dn} with the {}", row.name),
    };
    let _ = writeln!(
        out,
        "{an} {what}, {}, {} (l.11–12)",
        aspect.word(),
        aim.words()
    );
    let _ = writeln!(
        out,
        "  Attack: {}: {}",
        rolls.attack.words(),
        spread_words(&a_levels)
    );
    match (&rolls.defender, &d_levels) {
        (Some(w), Some(n)) => {
            let _ = writeln!(
                out,
                "  {dn} {defence_words}: {}: {}",
                w.words(),
                spread_words(n)
            );
        }
        _ => {
            let _ = writeln!(out, "  {dn} {defence_words}: no roll");
        }
    }
    let _ = writeln!(
        out,
        "  The {} {} table, over every pair of rolls (l.{}):",
        if rolls.missile { "missile" } else { "melee" },
        rolls.defence.word(),
        if rolls.missile { 64 } else { 23 }
    );
    for (cell, n) in &cells {
        let _ = writeln!(out, "    {}: {}%", cell_words(cell, &an, &dn), pct(*n));
    }
    let _ = write!(out, "  {an} strikes {dn}: {}%", pct(lands(Party::Attacker)));
    if rolls.missile {
        let _ = writeln!(
            out,
            "; a miss strikes a figure next to {dn} on a d100 of 20 or less (l.86)"
        );
    } else {
        let _ = writeln!(out, "; {dn} strikes {an}: {}%", pct(lands(Party::Defender)));
    }
    Ok(out)
}

/// The defence named `word`, with the defender's readiest weapon for a
/// block or a counterstrike.
fn defence_of(b: &Battle, d: FigureId, word: &str, shot: bool) -> Result<Defend, String> {
    let guard = || {
        b.melee_weapons(d)
            .max_by_key(|&w| (b.of(d).weapons[w].ml, std::cmp::Reverse(w)))
            .ok_or_else(|| format!("{} has no weapon in hand to meet the blow", b.name(d)))
    };
    Ok(match word.to_ascii_lowercase().as_str() {
        "block" => Defend::Block { weapon: guard()? },
        "dodge" => Defend::Dodge,
        "ignore" => Defend::Ignore,
        "counterstrike" if shot => {
            return Err("a counterstrike is no defence against a missile (l.60); give block, dodge or ignore".into());
        }
        "counterstrike" => {
            let (weapon, aspect) = ai::best_weapon(b, d)
                .ok_or_else(|| format!("{} has no weapon in hand to strike back", b.name(d)))?;
            Defend::Counterstrike {
                weapon,
                aspect,
                aim: Aim::Any,
            }
        }
        _ => {
            return Err(format!(
                "--hm-defence {word:?}: give block, counterstrike, dodge or ignore"
            ));
        }
    })
}

fn defence_words(b: &Battle, d: FigureId, defence: Defend, rolls: &Rolls) -> String {
    let row = |w: usize| b.weapon_row(d, w).name.clone();
    match defence {
        Defend::Block { weapon } => format!("blocks with the {}", row(weapon)),
        Defend::Counterstrike { weapon, aspect, .. } => {
            format!("counterstrikes with the {}, {}", row(weapon), aspect.word())
        }
        Defend::Dodge => "dodges".into(),
        Defend::Ignore if rolls.missile => "does not defend".into(),
        Defend::Ignore => "ignores the attack".into(),
    }
}
