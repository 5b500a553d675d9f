//! Plain-text and JSON reports of a checked scenario, for `hexmelee check`.

use std::fmt::Write;

use serde_json::{Map, Value, json};

use crate::rulesets::shakhan::engine::{Battle, EntryKind, Event};
use crate::rulesets::shakhan::rules::character::Factors;
use crate::rulesets::shakhan::rules::hazard::AftermathCheck;
use crate::rulesets::shakhan::rules::{BodyArea, Card};
use crate::rulesets::shakhan::scenario::Checked;
use crate::rulesets::shakhan::script::Script;
use crate::seam::View;

/// One JSON object per figure, with the keys `hexmelee check --json` promises.
pub fn factors_json(checked: &Checked) -> Value {
    let figures: Vec<Value> = checked
        .characters
        .iter()
        .zip(&checked.factors)
        .map(|(c, f)| {
            let per_card = |value: &dyn Fn(Card) -> f64| {
                Card::ALL
                    .iter()
                    .map(|card| (card.letter().to_string(), json!(value(*card))))
                    .collect::<Map<_, _>>()
            };
            let apv: Map<_, _> = BodyArea::ALL
                .iter()
                .map(|a| (a.key().to_string(), json!(f.apv(*a))))
                .collect();
            json!({
                "name": c.name,
                "adjusted_agility": f.adjusted_agility,
                "tca": f.tca,
                "ma": f.ma.0,
                "burden_kg": f.burden_kg,
                "weapons_kg": f.weapons_kg,
                "encumbrance_halvings": f.encumbrance_halvings,
                "pulse_ma": per_card(&|card| f.pulse_ma(card).0),
                "ap": per_card(&|card| f.ap(card).0),
                "pain_reserve": f.pain_reserve,
                "fpr": f.fpr,
                "bdr": f.bdr,
                "apv": apv,
                "weapons": f.weapons.iter().map(|w| json!({
                    "name": w.name,
                    "cf": w.cf.map(|cf| cf.0),
                    "plus_to_hit": w.plus_to_hit,
                    "usable": w.usable(),
                    "why": w.why,
                })).collect::<Vec<_>>(),
                "missile_weapons": f.missile_weapons.iter().map(|m| json!({
                    "name": m.name,
                    "msf": m.msf.map(|msf| msf.0),
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "scenario": checked.scenario.name,
        "valid": true,
        "figures": figures,
    })
}

/// A readable table of every figure's factors.
pub fn factors_table(checked: &Checked) -> String {
    let s = &checked.scenario;
    let mut out = String::new();
    let _ = writeln!(out, "{} — valid, {} figures\n", s.name, s.figures.len());
    let _ = writeln!(
        out,
        "{:<14} {:<10} {:>5} {:>3} {:>4}  {:<26} {:>5} {:>4} {:>4}  APV head/neck/upper/lower/arms/legs",
        "figure", "side", "AdjAg", "TCA", "MA", "AP  A/B/C/D/E/F/G", "PainR", "FPR", "BDR",
    );
    for ((c, f), spec) in checked
        .characters
        .iter()
        .zip(&checked.factors)
        .zip(&s.figures)
    {
        let _ = writeln!(
            out,
            "{:<14} {:<10} {:>5} {:>3} {:>4}  {:<26} {:>5} {:>4} {:>4}  {}",
            c.name,
            spec.side,
            f.adjusted_agility,
            f.tca,
            f.ma.to_string(),
            ap_list(f),
            f.pain_reserve,
            f.fpr,
            f.bdr,
            f.apv.map(|a| a.to_string()).join("/"),
        );
        if f.weapons_kg > 0.0 || f.encumbrance_halvings > 0 {
            let _ = writeln!(
                out,
                "    burden {:.1} kg, weapons {:.1} kg of it: MA halved {} time(s) (16.8.1)",
                f.burden_kg, f.weapons_kg, f.encumbrance_halvings
            );
        }
        for w in &f.weapons {
            let _ = match (w.cf, &w.why) {
                (Some(cf), _) => writeln!(
                    out,
                    "    {:<30} CF {cf}{}{}",
                    w.name,
                    if w.halved { " (halved)" } else { "" },
                    plus_to_hit(w.plus_to_hit)
                ),
                (None, why) => writeln!(
                    out,
                    "    {:<30} unusable: {}",
                    w.name,
                    why.as_deref().unwrap_or("")
                ),
            };
        }
        for m in &f.missile_weapons {
            let _ = match (m.msf, &m.why) {
                (Some(msf), _) => writeln!(
                    out,
                    "    {:<30} MSF {msf}{}",
                    m.name,
                    if m.halved { " (halved)" } else { "" }
                ),
                (None, why) => writeln!(
                    out,
                    "    {:<30} unusable: {}",
                    m.name,
                    why.as_deref().unwrap_or("")
                ),
            };
        }
    }
    out
}

/// 16.4.1.3: a weapon's Plus to hit, shown beside its CF when it has one.
fn plus_to_hit(v: i32) -> String {
    if v == 0 {
        String::new()
    } else {
        format!(", {v:+} to hit")
    }
}

fn ap_list(f: &Factors) -> String {
    Card::ALL
        .iter()
        .map(|c| f.ap(*c).to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// Play `checked` to its end with the AI on every side (`sim::ai`), or the
/// `script`'s orders for the figures it names, and give the explained log,
/// or the outcome as JSON: `seed`, `rounds`, `winner` (a side name or null)
/// and each figure's `name`, `side`, `status`, `bdr`.
pub fn simulate(
    checked: &Checked,
    seed: Option<u64>,
    max_rounds: u32,
    json: bool,
    table_view: bool,
    script: Option<&Script>,
) -> Result<String, String> {
    let seed = seed.unwrap_or(checked.scenario.seed);
    let mut battle = Battle::new(checked, seed).map_err(|e| e.to_string())?;
    crate::sim::play(&mut battle, max_rounds, |b, p| match script {
        Some(s) => s.answer(b, p),
        None => crate::rulesets::shakhan::ai::answer(b, p),
    })
    .map_err(|refused| match script {
        Some(s) => s.refused(&battle, &refused),
        None => refused.to_string(),
    })?;
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
                    "side": battle.sides()[f.side].name,
                    "status": f.condition.status().to_string(),
                    "bdr": f.condition.bdr_left(),
                    "aftermath": battle.aftermath(f.id),
                })
            })
            .collect();
        let out = json!({
            "seed": seed,
            "rounds": battle.round(),
            "winner": winner,
            "figures": figures,
        });
        return Ok(format!("{out}\n"));
    }
    let view = if table_view {
        View::Table
    } else {
        View::Referee
    };
    let mut out = String::new();
    for entry in battle.log(view) {
        // 16.13.5–16.13.6: what the Referee checks once the wounds have
        // healed, listed before the closing line that names the winner.
        let ended = matches!(battle.events()[entry.event], Event::BattleEnded { .. });
        if ended && entry.kind == EntryKind::Line && view == View::Referee {
            aftermath_lines(&battle, &mut out);
        }
        let _ = writeln!(out, "{}", entry.text);
    }
    if battle.outcome().is_none() {
        if view == View::Referee {
            aftermath_lines(&battle, &mut out);
        }
        let _ = writeln!(out, "No decision after {max_rounds} rounds");
    }
    Ok(out)
}

fn aftermath_lines(battle: &Battle, out: &mut String) {
    for f in battle.figures() {
        for check in battle.aftermath(f.id) {
            let _ = writeln!(
                out,
                "After the battle, {}: {}",
                f.name,
                aftermath_line(&check)
            );
        }
    }
}

fn aftermath_line(check: &AftermathCheck) -> String {
    match check {
        AftermathCheck::InternalOrgans => {
            "long-term damage to internal organs (16.13.5): 70 − Disease Resistance per cent chance of ill effects"
                .into()
        }
        AftermathCheck::Infection { increases } if increases.is_empty() => {
            "infection check (16.13.6), a Dangerous disease".into()
        }
        AftermathCheck::Infection { increases } => format!(
            "infection check (16.13.6), a Dangerous disease; {}",
            increases.join(", ")
        ),
        AftermathCheck::BloodLoss => {
            "lost much blood (16.13.4): wakes 1D20 game hours after the bleeding stopped; \
             Strength, Constitution, Agility, Dexterity and BDR halved for five days"
                .into()
        }
        AftermathCheck::Note(n) => n.clone(),
    }
}
