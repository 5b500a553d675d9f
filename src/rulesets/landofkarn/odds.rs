//! `hexmelee odds` for Land of Karn: the exact chances of one strike, every
//! face weighed through the same rules the engine rolls ("Strike Rolls And
//! Defenses", "Basic Defenses", "Armor And Clothing", "Pierce (P)",
//! "Critical"): the strike d20 cut to its share, the defence d20 cut to
//! its, the damage dice through armour and natural armour. Nothing is sampled.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde_json::{Value, json};

use super::rules::actions::SAVED_ACTION_DEFENCE;
use super::rules::damage::{PIERCE_ONLY_DEFENCE, through_armour};
use super::rules::roll::{D20, Level, defends};
use super::rules::tables::{CalledTarget, Critical, tables};
use super::rules::terms::{AttackKind, DamageType, Share};
use super::scenario::Checked;
use super::spec::FigureSpec;

/// How the defender meets the strike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guarding {
    Parry,
    Dodge,
    /// A winner's saved action (+5).
    Saved,
    None,
}

/// The question as the command line asks it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LokOddsArgs {
    pub attacker: String,
    pub defender: String,
    /// One of the attacker's weapons by name; the one in hand when `None`.
    pub weapon: Option<String>,
    pub share: Share,
    pub guard: Guarding,
    pub guard_share: Share,
    pub called: Option<CalledTarget>,
}

/// Parse a share's word.
pub fn share_of(word: &str) -> Result<Share, String> {
    match word {
        "full" => Ok(Share::Full),
        "half" => Ok(Share::Half),
        "quarter" => Ok(Share::Quarter),
        _ => Err(format!(
            "\"{word}\" is no share of an action: give full, half or quarter"
        )),
    }
}

/// Parse a defence's word.
pub fn guard_of(word: &str) -> Result<Guarding, String> {
    match word {
        "parry" => Ok(Guarding::Parry),
        "dodge" => Ok(Guarding::Dodge),
        "saved" => Ok(Guarding::Saved),
        "none" => Ok(Guarding::None),
        _ => Err(format!(
            "\"{word}\" is no defence: give parry, dodge, saved or none"
        )),
    }
}

/// Parse a called target's word.
pub fn called_of(word: &str) -> Result<CalledTarget, String> {
    CalledTarget::ALL
        .iter()
        .copied()
        .find(|t| format!("{t:?}").eq_ignore_ascii_case(word))
        .ok_or_else(|| {
            let all: Vec<String> = CalledTarget::ALL.iter().map(|t| format!("{t:?}")).collect();
            format!(
                "\"{word}\" is no called target: give one of {}",
                all.join(", ")
            )
        })
}

fn figure<'a>(c: &'a Checked, name: &str) -> Result<&'a FigureSpec, String> {
    c.spec
        .figures
        .iter()
        .find(|f| f.name == name)
        .ok_or_else(|| {
            let all: Vec<&str> = c.spec.figures.iter().map(|f| f.name.as_str()).collect();
            format!(
                "no figure is named \"{name}\": the figures are {}",
                all.join(", ")
            )
        })
}

/// The chances, as numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct Odds {
    /// Each strike level's chance.
    pub levels: Vec<(Level, f64)>,
    /// The chance the defence holds, over all strikes.
    pub held: f64,
    pub lands: f64,
    /// The blow lands and the armour takes it.
    pub armour: f64,
    /// Hit points through armour of a landed blow, before criticals: total → chance (over all strikes).
    pub through: BTreeMap<i32, f64>,
    /// A landed blow is a critical (the strike's level, or the pierce chance).
    pub critical: f64,
}

/// The chances of one strike of `attacker` at `defender`, as asked.
pub fn odds(c: &Checked, a: &LokOddsArgs) -> Result<(Odds, String), String> {
    let att = figure(c, &a.attacker)?;
    let def = figure(c, &a.defender)?;
    let weapon = match &a.weapon {
        Some(name) => att
            .weapons
            .iter()
            .find(|w| &w.name == name)
            .or_else(|| (name == "Fists").then(|| c.spec.fists()))
            .ok_or_else(|| format!("{} carries no \"{name}\"", att.name))?,
        None => att.weapons.first().unwrap_or_else(|| c.spec.fists()),
    };
    let called = a.called.map_or(0, |t| tables().called.penalty(t));
    let strike_mod = att.strike.0 + called;
    let pierce_bonus = if weapon.pierce_only() && weapon.kind != AttackKind::HandToHand {
        PIERCE_ONLY_DEFENCE
    } else {
        0
    };
    let guard_mod = pierce_bonus
        + match a.guard {
            Guarding::Parry => def.parry.0,
            Guarding::Dodge => def.dodge.0,
            Guarding::Saved => def.parry.0 + SAVED_ACTION_DEFENCE,
            Guarding::None => 0,
        };
    let damage = weapon.damage.0.distribution();
    let kind = weapon.main_type();
    let armour = def.armour.as_ref();
    let mut levels: BTreeMap<u8, f64> = BTreeMap::new();
    let (mut held, mut lands, mut struck, mut critical) = (0.0, 0.0, 0.0, 0.0);
    let mut through: BTreeMap<i32, f64> = BTreeMap::new();
    let pierce = f64::from(c.spec.gm.pierce_critical) / 100.0;
    for face in 1..=20u8 {
        let roll = D20 {
            face,
            share: a.share,
            modifier: strike_mod,
        };
        let level = roll.strike_level(false);
        *levels.entry(level_index(level)).or_default() += 0.05;
        if !level.hits() {
            continue;
        }
        let total = roll.total();
        let hold = if a.guard == Guarding::None {
            0.0
        } else {
            (1..=20u8)
                .filter(|&g| {
                    let d = D20 {
                        face: g,
                        share: a.guard_share,
                        modifier: guard_mod,
                    };
                    defends(d.total(), total)
                })
                .count() as f64
                / 20.0
        };
        held += 0.05 * hold;
        let land = 0.05 * (1.0 - hold);
        lands += land;
        for &(rolled, p) in &damage {
            let t = through_armour(
                rolled,
                total,
                armour.map_or(0, |x| x.cov),
                armour.map(|x| x.rating(kind)),
                def.natural_armour,
            );
            if t.armour_struck {
                struck += land * p;
            }
            *through.entry(t.to_figure).or_default() += land * p;
            if level.critical() {
                critical += land * p;
            } else if kind == DamageType::Pierce && t.to_figure >= 1 {
                critical += land * p * pierce;
            }
        }
    }
    let odds = Odds {
        levels: LEVELS
            .iter()
            .map(|&l| (l, levels.get(&level_index(l)).copied().unwrap_or(0.0)))
            .collect(),
        held,
        lands,
        armour: struck,
        through,
        critical,
    };
    let head = format!(
        "{} strikes at {} with the {} ({} action, {:+} to strike{}); {} ({})",
        att.name,
        def.name,
        weapon.name,
        a.share.word(),
        strike_mod,
        a.called
            .map_or(String::new(), |t| format!(", a called shot at {t:?}")),
        def.name,
        match a.guard {
            Guarding::Parry => format!("parries, {} action, {guard_mod:+}", a.guard_share.word()),
            Guarding::Dodge => format!("dodges, {} action, {guard_mod:+}", a.guard_share.word()),
            Guarding::Saved => format!(
                "defends with a saved action, {} action, {guard_mod:+}",
                a.guard_share.word()
            ),
            Guarding::None => "does not defend".into(),
        }
    );
    Ok((odds, head))
}

const LEVELS: [Level; 6] = [
    Level::NaturalFumble,
    Level::Fumble,
    Level::Miss,
    Level::Hit,
    Level::Critical,
    Level::NaturalCritical,
];

fn level_index(l: Level) -> u8 {
    LEVELS.iter().position(|x| *x == l).unwrap_or(0) as u8
}

fn pc(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

/// `odds` as text or JSON.
pub fn odds_report(c: &Checked, a: &LokOddsArgs, json_out: bool) -> Result<String, String> {
    let (o, head) = odds(c, a)?;
    let def = figure(c, &a.defender)?;
    let weapon_kind = a
        .weapon
        .as_deref()
        .and_then(|n| c.spec.pack.weapon(n))
        .or_else(|| figure(c, &a.attacker).ok()?.weapons.first())
        .unwrap_or_else(|| c.spec.fists())
        .main_type();
    let column = tables().critical.column(weapon_kind.into());
    let severities: Vec<(Critical, f64)> = Critical::ALL
        .iter()
        .map(|&s| {
            let n: u32 = column
                .rows()
                .filter(|(_, x)| **x == s)
                .map(|(r, _)| u32::from(r.len()))
                .sum();
            (s, f64::from(n) / 100.0)
        })
        .collect();
    let mean: f64 = o
        .through
        .iter()
        .map(|(k, p)| f64::from(*k) * p)
        .sum::<f64>()
        / if o.lands > 0.0 { o.lands } else { 1.0 };
    if json_out {
        let out = json!({
            "question": head,
            "method": "exact: every face of both d20s and every damage total enumerated",
            "levels": o.levels.iter().map(|(l, p)| json!({"level": format!("{l:?}"), "chance": p})).collect::<Vec<Value>>(),
            "defence_holds": o.held,
            "lands": o.lands,
            "armour_struck": o.armour,
            "through": o.through.iter().map(|(k, p)| json!({"hp": k, "chance": p})).collect::<Vec<Value>>(),
            "mean_through_when_landed": mean,
            "critical": o.critical,
            "critical_column": format!("{weapon_kind:?}"),
            "critical_severities": severities.iter().map(|(s, p)| json!({"severity": s.word(), "chance": p})).collect::<Vec<Value>>(),
            "pack_house": c.spec.pack.has_house(),
        });
        return Ok(format!("{out}\n"));
    }
    let mut s = String::new();
    let _ = writeln!(s, "{head}");
    let _ = writeln!(
        s,
        "Exact: every face of both d20s and every damage total enumerated{}",
        if c.spec.pack.has_house() {
            " (weapons and armour from the HOUSE pack)"
        } else {
            ""
        }
    );
    let levels: Vec<String> = o
        .levels
        .iter()
        .map(|(l, p)| format!("{} {}", l.word(), pc(*p)))
        .collect();
    let _ = writeln!(s, "  strike d20: {}", levels.join(", "));
    let _ = writeln!(s, "  the defence holds: {}", pc(o.held));
    let _ = writeln!(s, "  the blow lands: {}", pc(o.lands));
    if let Some(a) = &def.armour {
        let _ = writeln!(
            s,
            "  it lands under the {}'s COV {} (the armour takes it): {}",
            a.name,
            a.cov,
            pc(o.armour)
        );
    }
    let through: Vec<String> = o
        .through
        .iter()
        .map(|(k, p)| format!("{k}: {}", pc(*p)))
        .collect();
    let _ = writeln!(
        s,
        "  HP through armour before criticals (of all strikes): {}; mean {mean:.2} when it lands",
        through.join(", ")
    );
    let _ = writeln!(s, "  a critical: {}", pc(o.critical));
    let sev: Vec<String> = severities
        .iter()
        .map(|(x, p)| format!("{} {}", x.word(), pc(*p)))
        .collect();
    let _ = writeln!(
        s,
        "  on the critical chart's {weapon_kind:?} column: {}",
        sev.join(", ")
    );
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn duel() -> Checked {
        super::super::scenario::load(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/lok-duel.ron"),
        )
        .unwrap()
    }

    fn ask(share: Share, guard: Guarding) -> LokOddsArgs {
        LokOddsArgs {
            attacker: "Tolan".into(),
            defender: "Vessa".into(),
            weapon: None,
            share,
            guard,
            guard_share: Share::Full,
            called: None,
        }
    }

    /// "Strike Rolls And Defenses": the levels' chances sum to one; a natural
    /// 1 and a natural 20 are 5% each whatever the share.
    #[test]
    fn strike_levels_sum_to_one() {
        let c = duel();
        for share in [Share::Full, Share::Half, Share::Quarter] {
            let (o, _) = odds(&c, &ask(share, Guarding::Parry)).unwrap();
            let sum: f64 = o.levels.iter().map(|(_, p)| p).sum();
            assert!((sum - 1.0).abs() < 1e-9);
            assert!((o.levels[0].1 - 0.05).abs() < 1e-9);
            assert!((o.levels[5].1 - 0.05).abs() < 1e-9);
            let through: f64 = o.through.values().sum();
            assert!((through - o.lands).abs() < 1e-9);
        }
    }

    /// "Splitting Actions": a quartered strike lands less often than a full one.
    #[test]
    fn splitting_actions_lower_the_chance() {
        let c = duel();
        let full = odds(&c, &ask(Share::Full, Guarding::None)).unwrap().0;
        let quarter = odds(&c, &ask(Share::Quarter, Guarding::None)).unwrap().0;
        assert!(quarter.lands < full.lands);
        // Tolan +3: a full strike misses on 2 (and 1 fumbles): 18 faces of 20 land undefended.
        assert!((full.lands - 0.9).abs() < 1e-9);
    }
}
