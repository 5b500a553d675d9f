//! DragonQuest's `check` table and JSON, and `sim`'s log and JSON.

use std::fmt::Write;

use serde_json::{Value, json};

use crate::hex::Corner;
use crate::rulesets::dragonquest::engine::{
    Battle, Figure, explain_as, impairs_word, lasting_words,
};
use crate::rulesets::dragonquest::rules::damage::{
    Standing, Wielding, damage_modifier, unarmed_base_chance, unarmed_damage_modifier,
};
use crate::rulesets::dragonquest::rules::figure::weapon_strike_chance;
use crate::rulesets::dragonquest::rules::strike::{
    AttackType, Defender, Through, base_chance, defense, strike_chance,
};
use crate::rulesets::dragonquest::rules::tables::tables;
use crate::rulesets::dragonquest::rules::tables::weapons::{Class, Range};
use crate::rulesets::dragonquest::scenario::Checked;
use crate::rulesets::dragonquest::script::DqScript;
use crate::seam::View;
use crate::sim::play;

/// DragonQuest 24.1, 27.2: one weapon's Strike Chance and damage, with
/// every part that made them.
struct WeaponLine {
    name: String,
    rank: Option<u8>,
    in_hand: bool,
    base: i32,
    /// 27.2: −5 a point of modified MD short of the weapon's minimum.
    md_short: i32,
    /// 24.1: modified MD and 4 a Rank, for a ranked weapon.
    md_added: i32,
    rank_added: i32,
    strike_chance: i32,
    damage: i32,
    /// Why the table's damage number is the house's, if it is.
    house: Option<String>,
    uses: String,
    class: &'static str,
    range: Option<u16>,
}

fn weapon_lines(f: &Figure, strength_damage: bool) -> Vec<WeaponLine> {
    let md = f.modified_md();
    f.weapons
        .iter()
        .enumerate()
        .map(|(i, held)| {
            let w = f.weapon(i);
            let base = base_chance(w, md);
            let ranked = held.rank.is_some();
            let sc = weapon_strike_chance(w, md, held.rank).0;
            let wielding = Wielding {
                ps: f.ps,
                two_handed: held.two_handed,
                strength_bonus: strength_damage,
                rank_bonus: None,
            };
            let uses: String = [
                (w.uses.ranged, 'R'),
                (w.uses.melee, 'M'),
                (w.uses.close, 'C'),
            ]
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, c)| *c)
            .collect();
            WeaponLine {
                name: w.name.clone(),
                rank: held.rank.map(|r| r.0),
                in_hand: f.hands.contains(&i),
                base: i32::from(w.bc),
                md_short: base - i32::from(w.bc),
                md_added: if ranked { i32::from(md) } else { 0 },
                rank_added: held.rank.map_or(0, |r| 4 * i32::from(r.0)),
                strike_chance: sc,
                damage: damage_modifier(w, &wielding).unwrap_or(0),
                house: w.dm.house().map(str::to_string),
                uses,
                class: match w.class {
                    Some(Class::A) => "A",
                    Some(Class::B) => "B",
                    Some(Class::C) => "C",
                    None => "-",
                },
                range: match w.range {
                    Range::Hexes(n) => Some(n),
                    Range::Prohibited => None,
                },
            }
        })
        .collect()
}

/// 24.5: Defense through a front hex, through the rear, and against Fire.
fn defenses(f: &Figure) -> (i32, i32, i32) {
    let d = Defender {
        modified_ag: f.modified_ag(),
        shield: f.prepared_shield(),
        helpless: false,
        defensive_withdrawal: false,
    };
    (
        defense(&d, AttackType::Melee, Through::Front).0,
        defense(&d, AttackType::Melee, Through::Rear).0,
        defense(&d, AttackType::Ranged, Through::Front).0,
    )
}

/// 28: bare hands: Strike Chance and damage.
fn unarmed(f: &Figure) -> (i32, i32) {
    let sc = strike_chance(
        unarmed_base_chance(f.modified_ag(), f.ps),
        f.unarmed_rank.map(|r| (f.modified_md(), r)),
    );
    (sc.0, unarmed_damage_modifier(f.ps))
}

fn signed(n: i32) -> String {
    if n < 0 {
        format!("−{}", -n)
    } else {
        format!("+{n}")
    }
}

/// A readable sheet of every figure's derived values.
pub fn check_table(checked: &Checked) -> String {
    let t = tables();
    let s = &checked.scenario;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} — valid DragonQuest scenario, {} figures\n",
        s.name,
        s.figures.len()
    );
    if !s.options.dice.is_empty() {
        let _ = writeln!(
            out,
            "Dice: a worked example's {} faces (options.dice) come first, then the seed's\n",
            s.options.dice.len()
        );
    }
    for f in &checked.figures {
        let side = &s.sides[f.side.0].name;
        if f.size > 1 {
            let hexes: Vec<String> = f
                .hexes()
                .map(|h| format!("({}, {})", h.col, h.row))
                .collect();
            let _ = writeln!(
                out,
                "{} ({side}) fills {} hexes [29]: head at {}, body {}; its head faces the {} vertex",
                f.name,
                f.size,
                hexes[0],
                hexes[1..].join(", "),
                Corner::clockwise_of(f.pose.facing).name()
            );
        } else {
            let _ = writeln!(
                out,
                "{} ({side}) at ({}, {}) facing {}",
                f.name,
                f.pose.hex.col,
                f.pose.hex.row,
                f.pose.facing.name()
            );
        }
        if let Some(m) = &f.mount {
            let _ = writeln!(
                out,
                "  Mounted on a {}: the figure moves at its TMR {} [30]; no two-handed weapon, one weapon at a time, no firing while moving, no strike straight ahead but with a Pole weapon",
                m.name, m.tmr.0
            );
        }
        let armour = f.armour.map(|a| &t.armour.armour[a]);
        let shield = f.prepared_shield().map(|(s, _)| s);
        let _ = writeln!(
            out,
            "  PS {}  MD {} (modified {}{})  AG {} (modified {}{})  PC {}  WP {}",
            f.ps,
            f.md,
            f.modified_md(),
            shield
                .filter(|s| s.md_loss > 0)
                .map_or(String::new(), |s| format!(
                    ": {} shield {}",
                    s.name,
                    signed(-i32::from(s.md_loss))
                )),
            f.ag,
            f.modified_ag(),
            armour
                .filter(|a| a.ag_loss > 0)
                .map_or(String::new(), |a| format!(
                    ": {} {}",
                    a.name,
                    signed(-i32::from(a.ag_loss))
                )),
            f.pc,
            f.wp
        );
        let iv = f.initiative_value();
        let _ = writeln!(
            out,
            "  TMR {}  Initiative Value {} [19.3]  Endurance {}  Fatigue {} of {}",
            f.tmr().0,
            iv.0,
            f.endurance,
            f.fatigue,
            f.fatigue_max
        );
        let _ = match armour {
            Some(a) => writeln!(
                out,
                "  Armour: {}, absorbs {} a strike [25.1]",
                a.name, f.protection
            ),
            None => writeln!(out, "  Armour: none"),
        };
        if let (Some(s), Some(row)) = (&f.shield, f.shield_row()) {
            let rank = s.rank.map_or(0, |r| r.0);
            let _ = writeln!(
                out,
                "  Shield: {}, Rank {rank}, {}: +{} Defense{} [24.5]",
                row.name,
                if s.prepared { "prepared" } else { "slung" },
                u32::from(row.defense_per_rank) * u32::from(rank),
                if row.against_fire {
                    ""
                } else {
                    ", not against Fire"
                }
            );
        }
        let (front, rear, fire) = defenses(f);
        let _ = writeln!(
            out,
            "  Defense: {front} front, {rear} rear, {fire} against Fire [24.5]"
        );
        for w in weapon_lines(f, checked.spec.strength_damage) {
            let rank = w.rank.map_or("unranked".into(), |r| format!("Rank {r}"));
            let mut parts = format!("BC {}", w.base);
            if w.md_short != 0 {
                let _ = write!(parts, " {} MD short", signed(w.md_short));
            }
            if w.rank.is_some() {
                let _ = write!(parts, " + MD {} + Rank {}", w.md_added, w.rank_added);
            }
            let house = w
                .house
                .as_ref()
                .map_or(String::new(), |why| format!(" (house: {why})"));
            let range = w.range.map_or(String::new(), |r| format!(", range {r}"));
            let _ = writeln!(
                out,
                "  {}{}, {rank}: Strike Chance {} = {parts} [24.1]; damage D10{}{house}; class {}, {}{range} [27.2]",
                w.name,
                if w.in_hand { " (in hand)" } else { "" },
                w.strike_chance,
                signed(w.damage),
                w.class,
                w.uses
            );
        }
        let (sc, dm) = unarmed(f);
        let _ = writeln!(
            out,
            "  Unarmed: Strike Chance {sc}; damage D10{} [28]\n",
            signed(dm)
        );
    }
    out
}

/// The same as JSON.
pub fn check_json(checked: &Checked) -> Value {
    let t = tables();
    let s = &checked.scenario;
    let figures: Vec<Value> = (checked.figures)
        .iter()
        .map(|f| {
            let (front, rear, fire) = defenses(f);
            let (unarmed_sc, unarmed_dm) = unarmed(f);
            let weapons: Vec<Value> = weapon_lines(f, checked.spec.strength_damage)
                .into_iter()
                .map(|w| {
                    json!({
                        "name": w.name,
                        "rank": w.rank,
                        "in_hand": w.in_hand,
                        "strike_chance": w.strike_chance,
                        "base_chance": w.base,
                        "md_short": w.md_short,
                        "md_added": w.md_added,
                        "rank_added": w.rank_added,
                        "damage_modifier": w.damage,
                        "house": w.house,
                        "uses": w.uses,
                        "class": w.class,
                        "range": w.range,
                    })
                })
                .collect();
            let mut sheet = json!({
                "name": f.name,
                "side": s.sides[f.side.0].name,
                "ps": f.ps, "md": f.md, "ag": f.ag, "pc": f.pc, "wp": f.wp,
                "modified_md": f.modified_md(),
                "modified_ag": f.modified_ag(),
                "tmr": f.tmr().0,
                "initiative_value": f.initiative_value().0,
                "endurance": f.endurance,
                "fatigue": f.fatigue,
                "fatigue_max": f.fatigue_max,
                "armour": f.armour.map(|a| t.armour.armour[a].name.clone()),
                "absorbs": f.protection,
                "shield": f.shield_row().map(|r| r.name.clone()),
                "defense": {"front": front, "rear": rear, "fire": fire},
                "weapons": weapons,
                "unarmed": {"strike_chance": unarmed_sc, "damage_modifier": unarmed_dm},
            });
            // 29, 30: only for the figures that have them, so other sheets keep their shape.
            if f.size > 1 {
                sheet["size"] = json!(f.size);
                sheet["hexes"] = json!(f.hexes().map(|h| (h.col, h.row)).collect::<Vec<_>>());
                sheet["faces"] = json!(Corner::clockwise_of(f.pose.facing));
            }
            if let Some(m) = &f.mount {
                sheet["mount"] = json!({"name": m.name, "tmr": m.tmr.0});
            }
            sheet
        })
        .collect();
    let mut out = json!({
        "scenario": s.name,
        "ruleset": "DragonQuest",
        "valid": true,
        "figures": figures,
    });
    if !s.options.dice.is_empty() {
        out["example_dice"] = json!(s.options.dice.len());
    }
    out
}

/// A figure's standing at the end, in words.
fn status(f: &Figure) -> &'static str {
    match f.standing {
        Standing::Dead => "dead",
        Standing::Unconscious => "unconscious",
        _ if f.routed => "routed",
        _ => "fighting",
    }
}

/// Play one battle with the AI on every side (the script's actions for the
/// figures it names) and give its explained log as `view` may read it (or
/// the outcome as JSON). `max_pulses` stops an undecided battle; a scripted
/// action the engine refuses stops it with the engine's reason.
pub fn simulate(
    checked: &Checked,
    seed: Option<u64>,
    max_pulses: u32,
    json: bool,
    view: View,
    script: Option<&DqScript>,
) -> Result<String, String> {
    let seed = seed.unwrap_or(checked.scenario.seed);
    let mut battle = Battle::new(&checked.spec, seed).map_err(|e| e.to_string())?;
    let mut playing = script.map(DqScript::playing);
    let played = play(&mut battle, max_pulses, |b, p| match &mut playing {
        Some(playing) => playing.answer(b, p),
        None => crate::rulesets::dragonquest::ai::answer(b, p),
    });
    if let Err(refused) = played {
        return Err(match &playing {
            Some(playing) => playing.refused(&refused),
            None => refused.to_string(),
        });
    }
    let winner = battle
        .outcome()
        .flatten()
        .map(|s| battle.sides()[s.0].name.clone());
    if json {
        let figures: Vec<Value> = battle
            .figures()
            .iter()
            .map(|f| {
                json!({
                    "name": f.name,
                    "side": battle.sides()[f.side.0].name,
                    "status": status(f),
                    "endurance": f.endurance,
                    "fatigue": f.fatigue,
                    "injuries": f.injuries,
                    // 25.7: each trait changed, by how much, for how long.
                    "impairments": f.impairments.iter().map(|c| json!({
                        "trait": impairs_word(c.what),
                        "by": c.by,
                        "lasting": lasting_words(c.lasting),
                    })).collect::<Vec<Value>>(),
                })
            })
            .collect();
        let out = json!({
            "seed": seed,
            "pulses": battle.pulse(),
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
        let _ = writeln!(out, "No decision after {max_pulses} Pulses");
    }
    Ok(out)
}
