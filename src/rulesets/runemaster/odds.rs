//! `hexmelee odds` for Rune Master: the exact chances of one melee attack,
//! the two figures face to face at the attacker's reach, against the defence
//! the AI would declare: each level of the attack and of the defence, and how the attack
//! stands after the defence (every pair of d100 rolls counted).

use std::fmt::Write;

use serde_json::json;

use super::ai;
use super::engine::{Battle, Defence};
use super::rules::success::{Level, after_dodge, after_parry, level};
use super::rules::tables::Engage;
use super::rules::terms::Chance;
use super::scenario::Checked;
use crate::seam::Engine;

/// A level's name and the test that a level is it.
type Named = (&'static str, fn(Level) -> bool);

const LEVELS: [Named; 6] = [
    ("critical", |l| matches!(l, Level::Critical(_))),
    ("special", |l| l == Level::Special),
    ("success", |l| l == Level::Normal),
    ("miss", |l| l == Level::Miss),
    ("failure", |l| l == Level::Failure),
    ("fumble", |l| l == Level::Fumble),
];

/// Each level's share of the 100 faces at `chance`.
fn spread(checked: &Checked, chance: i32) -> Vec<(&'static str, f64)> {
    let rule = &checked.setup.house.success;
    let faces: Vec<Level> = (1..=100).map(|r| level(rule, Chance(chance), r)).collect();
    LEVELS
        .iter()
        .map(|(name, is)| (*name, faces.iter().filter(|l| is(**l)).count() as f64))
        .collect()
}

fn words(spread: &[(&str, f64)]) -> String {
    let parts: Vec<String> = spread
        .iter()
        .filter(|(_, n)| *n > 0.0)
        .map(|(name, n)| format!("{name} {n}%"))
        .collect();
    parts.join(", ")
}

/// The odds of `attacker` striking `defender`, as text or JSON.
pub fn odds_report(
    checked: &Checked,
    attacker: &str,
    defender: &str,
    json: bool,
) -> Result<String, String> {
    let find = |name: &str| {
        (checked.setup.figures.iter())
            .position(|f| f.name == name)
            .ok_or_else(|| format!("there is no figure named {name:?}"))
    };
    let (a, t) = (find(attacker)?, find(defender)?);
    if a == t {
        return Err(format!("{attacker} cannot attack itself"));
    }
    // Face to face at the nearest distance the weapon strikes without a
    // lunge (else with one), whatever the map: the chances do not depend on it.
    let mut setup = (*checked.setup).clone();
    let weapon = &setup.figures[a].weapon;
    let cells = setup.house.engagement.get(weapon.reach);
    let distance = (cells
        .iter()
        .position(|c| matches!(c, Engage::Normal | Engage::Penalty(_))))
    .or_else(|| cells.iter().position(|c| *c == Engage::Lunge))
    .unwrap_or(1)
    .max(1);
    let pose = setup.figures[a].pose;
    let mut hex = pose.hex;
    for _ in 0..distance {
        hex = hex.neighbor(pose.facing);
    }
    setup.figures[t].pose = crate::hex::Pose::new(hex, pose.facing.opposite());
    let b = Battle::start(&std::sync::Arc::new(setup), checked.scenario.seed)?;
    let lunge = b.engage(a, t) == Engage::Lunge;
    let defence = ai::defence(&b, t);
    let (attack, defended) = b.chances(a, t, lunge, defence);
    let c_a = attack?;
    let rule = &checked.setup.house.success;
    // Every pair of rolls: how the attack stands after the defence.
    let mut lands = [0u32; 3];
    for ra in 1..=100u8 {
        let la = level(rule, Chance(c_a), ra);
        let faces: Vec<Level> = match defended {
            Ok(c_d) => (1..=100u8).map(|rd| level(rule, Chance(c_d), rd)).collect(),
            Err(_) => vec![Level::Miss; 100],
        };
        for ld in faces {
            let after = match defence {
                Defence::Dodge => after_dodge(la, ld),
                Defence::Parry | Defence::Block => after_parry(la, ld),
                Defence::None => la,
            };
            lands[0] += u32::from(after.succeeded());
            lands[1] += u32::from(after.special());
            lands[2] += u32::from(matches!(after, Level::Critical(_)));
        }
    }
    let pct = |n: u32| f64::from(n) / 100.0;
    let weapon = b.weapon(a).0;
    let defence_word = match defence {
        Defence::Parry => "parry",
        Defence::Block => "block",
        Defence::Dodge => "dodge",
        Defence::None => "no defence",
    };
    if json {
        return Ok(format!(
            "{}\n",
            json!({
                "attacker": attacker, "defender": defender, "weapon": weapon.name,
                "hexes": distance, "lunge": lunge, "attack_chance": c_a,
                "attack": spread(checked, c_a).into_iter().map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
                "defence": defence_word,
                "defence_chance": defended.ok(),
                "lands": pct(lands[0]), "special_or_better": pct(lands[1]), "critical": pct(lands[2]),
                "house_pack": checked.setup.house.label,
            })
        ));
    }
    let mut out = format!(
        "{attacker} attacks {defender} with {} at {c_a}%, {distance} {} away{} (house levels: {})\n",
        weapon.name,
        if distance == 1 { "hex" } else { "hexes" },
        if lunge { ", lunging" } else { "" },
        checked.setup.house.label
    );
    let _ = writeln!(out, "  Attack: {}", words(&spread(checked, c_a)));
    match defended {
        Ok(c_d) => {
            let _ = writeln!(
                out,
                "  {defender} declares {defence_word} at {c_d}%: {}",
                words(&spread(checked, c_d))
            );
        }
        Err(why) => {
            let _ = writeln!(out, "  {defender}: {defence_word} ({why})");
        }
    }
    let _ = writeln!(
        out,
        "  After the defence the attack succeeds {:.2}% (special or better {:.2}%, critical {:.2}%); a parry or block then still stops damage, and a miss the shield's size made lands on the shield (not counted)",
        pct(lands[0]),
        pct(lands[1]),
        pct(lands[2])
    );
    Ok(out)
}
