//! Rune Master's `check` table and JSON, and `sim`'s log and JSON.

use std::fmt::Write;

use serde_json::{Value, json};

use super::engine::{Battle, Condition, explain};
use super::rules::strike_rank::hexes_in_sr;
use super::rules::success::{Level, level};
use super::rules::tables::tables;
use super::rules::terms::{Chance, DamageType, MoraleStatus};
use super::scenario::{Checked, Sheet};
use crate::seam::{Engine, View};
use crate::sim::play;
use crate::words::signed;

/// The faces of d100 that give each level at `chance` (house thresholds).
fn bands(checked: &Checked, chance: i32) -> Vec<(Level, u8, u8)> {
    let rule = &checked.setup.house.success;
    let mut out: Vec<(Level, u8, u8)> = Vec::new();
    for roll in 1..=100u8 {
        let l = level(rule, Chance(chance), roll);
        match out.last_mut() {
            Some((last, _, hi)) if *last == l => *hi = roll,
            _ => out.push((l, roll, roll)),
        }
    }
    out
}

fn face(v: u8) -> String {
    if v == 100 {
        "00".into()
    } else {
        format!("{v:02}")
    }
}

fn bands_words(checked: &Checked, chance: i32) -> String {
    let parts: Vec<String> = bands(checked, chance)
        .iter()
        .map(|(l, lo, hi)| {
            if lo == hi {
                format!("{l} {}", face(*lo))
            } else {
                format!("{l} {}-{}", face(*lo), face(*hi))
            }
        })
        .collect();
    parts.join(", ")
}

/// Hexes a round at Mv, by the Movement table.
fn hexes_a_round(mv: i32) -> u32 {
    (1..=10)
        .map(|sr| hexes_in_sr(&tables().strike_rank, mv, sr))
        .sum()
}

fn morale_word(m: i32) -> String {
    format!("{:?}", MoraleStatus::of(m))
}

fn house_mark(house: bool) -> &'static str {
    if house { " (house)" } else { " (given)" }
}

/// A readable sheet of every figure's derived values, house values marked.
pub fn check_table(checked: &Checked) -> String {
    let s = &checked.scenario;
    let setup = &checked.setup;
    let injury = &tables().injury;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} — valid Rune Master scenario, {} figures",
        s.name,
        s.figures.len()
    );
    let _ = writeln!(
        out,
        "House pack: {} [{}]. Values marked (house) are the pack's, not the book's.\n",
        setup.house.label, setup.house_file
    );
    for f in &setup.figures {
        let w = &f.weapon;
        let _ = writeln!(
            out,
            "{} ({}) at ({}, {}) facing {}, {:?}, {:?}",
            f.name,
            setup.sides[f.side.0],
            f.pose.hex.col,
            f.pose.hex.row,
            f.pose.facing.name(),
            f.shape,
            f.size
        );
        let _ = writeln!(
            out,
            "  STR {}  CON {}  SIZ {}  DEX {}  AGI {}  Mv {}: {} hexes a round [Movement]",
            f.str,
            f.con,
            f.siz,
            f.dex,
            f.agi,
            f.mv,
            hexes_a_round(f.mv)
        );
        let _ = writeln!(
            out,
            "  HP {}{}  Serious Wound Level {}{}  Morale {}: {}",
            f.hp,
            house_mark(f.hp_house),
            f.swl,
            house_mark(f.swl_house),
            f.morale,
            morale_word(f.morale)
        );
        let sr = f.base_sr + f.skill_sr + tables().strike_rank.reach.get(w.reach).attacker;
        let _ = writeln!(
            out,
            "  {} {}%: {} {:?}, {:?} reach, Parry {} (house)",
            w.name, f.weapon_skill, w.damage.0, w.kind, w.reach, w.parry
        );
        let _ = writeln!(
            out,
            "  Strike Rank {sr} before the SR Shift = base {} (house, DEX {}) {} Skill SR {} reach [Action]; melee duration {} SR",
            f.base_sr,
            f.dex,
            signed(f.skill_sr),
            signed(tables().strike_rank.reach.get(w.reach).attacker),
            super::rules::strike_rank::duration(super::rules::terms::StrikeRank(sr))
        );
        if let Some((sh, skill)) = &f.shield {
            let _ = writeln!(
                out,
                "  {} {skill}%: Block {}, AP {}, HP {} (house); attacks on its bearer {} [Attack, Shield]",
                sh.name,
                sh.block,
                sh.ap,
                sh.hp,
                signed(*tables().resolution.shield_size.get(sh.size))
            );
        }
        let _ = writeln!(out, "  Dodge {}%  Brawl {}%", f.dodge, f.brawl);
        match &f.armour {
            Some(a) => {
                let stops = |k| super::rules::damage::stopped_by(injury, k, f.ap, false);
                let _ = writeln!(
                    out,
                    "  Armour: {a}, {} AP (house): stops {} chop, {} cut, {} impale, {} crush [Armor]",
                    f.ap,
                    stops(DamageType::Chop),
                    stops(DamageType::Cut),
                    stops(DamageType::Impale),
                    stops(DamageType::Crush)
                );
            }
            None => {
                let _ = writeln!(out, "  Armour: none");
            }
        }
        let _ = writeln!(
            out,
            "  At {}%: {} (house)\n",
            f.weapon_skill,
            bands_words(checked, f.weapon_skill)
        );
    }
    out
}

fn sheet_json(checked: &Checked, f: &Sheet) -> Value {
    let setup = &checked.setup;
    let w = &f.weapon;
    let reach_sr = tables().strike_rank.reach.get(w.reach).attacker;
    json!({
        "name": f.name,
        "side": setup.sides[f.side.0],
        "at": [f.pose.hex.col, f.pose.hex.row],
        "facing": f.pose.facing.name(),
        "shape": format!("{:?}", f.shape),
        "size": format!("{:?}", f.size),
        "str": f.str, "con": f.con, "siz": f.siz, "dex": f.dex, "agi": f.agi,
        "mv": f.mv,
        "hexes_a_round": hexes_a_round(f.mv),
        "hp": f.hp, "hp_house": f.hp_house,
        "swl": f.swl, "swl_house": f.swl_house,
        "morale": f.morale,
        "morale_status": morale_word(f.morale),
        "strike_rank": {
            "base": f.base_sr, "base_house": true,
            "skill": f.skill_sr, "reach": reach_sr,
            "before_shift": f.base_sr + f.skill_sr + reach_sr,
        },
        "weapon": {
            "name": w.name, "skill": f.weapon_skill, "damage": w.damage.0.to_string(),
            "type": format!("{:?}", w.kind), "reach": format!("{:?}", w.reach),
            "parry": w.parry, "house": true,
        },
        "shield": f.shield.as_ref().map(|(s, skill)| json!({
            "name": s.name, "skill": skill, "block": s.block, "ap": s.ap, "hp": s.hp, "house": true,
        })),
        "dodge": f.dodge,
        "brawl": f.brawl,
        "armour": f.armour,
        "ap": f.ap,
        "levels": bands(checked, f.weapon_skill).iter().map(|(l, lo, hi)| json!({
            "level": l.to_string(), "from": lo, "to": hi,
        })).collect::<Vec<_>>(),
    })
}

/// The same as JSON.
pub fn check_json(checked: &Checked) -> Value {
    json!({
        "scenario": checked.scenario.name,
        "ruleset": "RuneMaster",
        "valid": true,
        "house_pack": {
            "label": checked.setup.house.label,
            "file": checked.setup.house_file,
        },
        "figures": checked.setup.figures.iter().map(|f| sheet_json(checked, f)).collect::<Vec<_>>(),
    })
}

fn status(c: Condition) -> &'static str {
    match c {
        Condition::Fighting => "fighting",
        Condition::Collapsed => "collapsed",
        Condition::Shock => "in shock",
        Condition::Unconscious => "unconscious",
        Condition::Dead => "dead",
    }
}

/// Play one battle with the AI on every side and give its explained log as
/// `view` may read it (or the outcome as JSON).
pub fn simulate(
    checked: &Checked,
    seed: Option<u64>,
    max_rounds: u32,
    json: bool,
    view: View,
    script: Option<&super::script::RmScript>,
) -> Result<String, String> {
    let seed = seed.unwrap_or(checked.scenario.seed);
    let setup = &checked.setup;
    let mut battle = Battle::start(setup, seed)?;
    let mut playing = script.map(super::script::RmScript::playing);
    play(&mut battle, max_rounds, |b, p| match &mut playing {
        Some(playing) => playing.answer(b, p),
        None => super::ai::answer(b, p),
    })
    .map_err(|refused| match &playing {
        Some(playing) => playing.refused(&refused),
        None => refused.to_string(),
    })?;
    let winner = battle.outcome().flatten().map(|s| setup.sides[s.0].clone());
    if json {
        let figures: Vec<Value> = (battle.figs().iter().enumerate())
            .map(|(i, f)| {
                json!({
                    "name": setup.figures[i].name,
                    "side": setup.sides[setup.figures[i].side.0],
                    "status": status(f.condition),
                    "damage": f.damage,
                    "stun": f.stun,
                    "blood_lost": f.blood_lost,
                })
            })
            .collect();
        let out = json!({
            "scenario": checked.scenario.name,
            "ruleset": "RuneMaster",
            "seed": seed,
            "rounds": battle.round(),
            "decided": battle.outcome().is_some(),
            "winner": winner,
            "figures": figures,
        });
        return Ok(format!("{out}\n"));
    }
    let mut out = format!(
        "{} — Rune Master, seed {seed}, {} view\nHouse pack: {}\n",
        checked.scenario.name,
        match view {
            View::Referee => "referee",
            View::Table => "table",
        },
        setup.house.label
    );
    for event in battle.events() {
        if let Some(line) = explain::line(setup, event, view) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    if battle.outcome().is_none() {
        let _ = writeln!(out, "Undecided after {max_rounds} rounds.");
    }
    for (i, f) in battle.figs().iter().enumerate() {
        let _ = writeln!(
            out,
            "{}: {}, {} damage of {} HP",
            setup.figures[i].name,
            status(f.condition),
            f.damage,
            setup.figures[i].hp
        );
    }
    Ok(out)
}
