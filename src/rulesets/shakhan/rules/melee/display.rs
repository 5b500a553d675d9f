//! The report in words: one log line for the referee (`Display`), and the
//! symptoms the players may be told (16.10).

use std::fmt;

use super::critical::{requisite_name, shown};
use super::{
    AreaHit, Attempt, Blow, CriticalReport, CriticalRollResult, Equipment, EquipmentCheck,
    LocationReport, ShieldReport, Source, Spoil, StrikeReport, Threshold,
};
use crate::rulesets::shakhan::rules::tables::actions::StrikeRight;
use crate::rulesets::shakhan::rules::tables::location::Location;
use crate::rulesets::shakhan::rules::tables::protection::EquipmentDamage;
use crate::rulesets::shakhan::rules::tables::weapons::Concussion;
use crate::rulesets::shakhan::rules::wound::{Consequence, Limb, Wound};

impl StrikeReport {
    /// Shakhàn 16.10: what the players may be told of the Critical Hits:
    /// the symptoms only, unless the injury is obvious, when its name may be
    /// given too. One line per injury, with the area struck.
    pub fn symptoms(&self) -> Vec<String> {
        self.blow().map(Blow::symptoms).unwrap_or_default()
    }
}

impl fmt::Display for StrikeReport {
    /// One line, e.g. `Arlos (C) on Bailor (B): CD +2 → 25, +5 for Bailor's
    /// card B = 30; rolled 17 — strike; location 35 upper body; upper body,
    /// APV 15: penetration 56 +0 → p1 (APV 10, row 56-60): 2D6 = 7 (3+4)
    /// damage; Bailor unbalanced: loses the next card`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        match &self.attempt {
            Attempt::CannotStrike(right) => {
                parts.push(format!("card {} {}", self.card, cannot(*right)));
            }
            Attempt::Rolled {
                threshold,
                roll,
                natural_rule,
                dodge,
                blow,
            } => {
                parts.push(self.threshold_text(threshold));
                let struck = blow.is_some() || dodge.is_some();
                let mut verdict = match (struck, natural_rule) {
                    (true, false) => "strike".to_string(),
                    (false, false) => "miss".to_string(),
                    (true, true) => format!("strike (a natural {roll} always strikes)"),
                    (false, true) => format!("miss (a natural {roll} always misses)"),
                };
                if let Some(d) = dodge {
                    let (how, then) = if d.passed() {
                        ("within", "dodged")
                    } else {
                        ("over", "not dodged")
                    };
                    verdict.push_str(&format!(
                        ", {} tries to dodge: {} {how} {} — {then}",
                        self.target, d.roll, d.threshold
                    ));
                }
                parts.push(format!("rolled {roll} — {verdict}"));
                if let Some(blow) = blow {
                    blow_parts(blow, &self.striker, &self.target, &mut parts);
                }
            }
            Attempt::Landed(blow) => {
                parts.push("lands without a to-hit roll".into());
                blow_parts(blow, &self.striker, &self.target, &mut parts);
            }
        }
        if let Some(spoil) = &self.spoil {
            parts.push(spoil_text(&self.target, spoil));
        }
        write!(
            f,
            "{} ({}) on {} ({}): {}",
            self.striker,
            self.card,
            self.target,
            self.defence_card,
            parts.join("; ")
        )
    }
}

impl StrikeReport {
    fn threshold_text(&self, threshold: &Threshold) -> String {
        let mut s = String::new();
        if let Some(percent) = self.cf.aimed_percent {
            s.push_str(&format!(
                "aimed, CF {} at {percent}% = {}, ",
                self.cf.cf, self.cf.used
            ));
        }
        s.push_str(&format!("CD {:+} → {}", self.differential, threshold.base));
        for m in &threshold.modifiers {
            s.push_str(&format!(", {:+} for {}", m.value, m.source));
        }
        s.push_str(&format!(" = {}", threshold.total));
        s
    }
}

impl Blow {
    /// The blow in words, step by step: location, shield, each area's
    /// penetration, criticals, equipment checks and imbalance.
    pub fn describe(&self, striker: &str, target: &str) -> Vec<String> {
        let mut parts = Vec::new();
        blow_parts(self, striker, target, &mut parts);
        parts
    }

    /// Shakhàn 16.10: the symptoms the players may be told of its Critical
    /// Hits (see [`StrikeReport::symptoms`]).
    pub fn symptoms(&self) -> Vec<String> {
        self.hits
            .iter()
            .filter_map(|h| h.critical.as_ref().map(|c| (h.area, c)))
            .flat_map(|(area, c)| {
                c.injuries.iter().map(move |i| {
                    if i.obvious {
                        format!("{}: {} ({})", area.name(), i.name, i.symptom)
                    } else {
                        format!("{}: {}", area.name(), i.symptom)
                    }
                })
            })
            .collect()
    }
}

impl Spoil {
    /// Shakhàn 16.9.4.1: what became of the target's action, in words.
    pub fn describe(&self, target: &str) -> String {
        spoil_text(target, self)
    }
}

fn blow_parts(blow: &Blow, striker: &str, target: &str, parts: &mut Vec<String>) {
    parts.extend(location_text(&blow.location));
    // 16.15.4: the one penetration modifier that comes from how the target
    // met the blow is named; the weapon's and Strength's are in the sum.
    for m in &blow.penetration_modifiers {
        if m.source == Source::Impaled {
            parts.push(format!(
                "{target} charged onto {striker}'s set weapon: impaled, {:+} to penetration",
                m.value
            ));
        }
    }
    if let Some(shield) = &blow.shield {
        parts.push(shield_text(target, shield));
    }
    for hit in &blow.hits {
        parts.push(hit_text(hit));
        if let Some(c) = &hit.critical {
            parts.push(critical_text(c));
            if let Some(w) = &hit.wound {
                parts.push(wound_text(w));
            }
        }
    }
    for check in &blow.equipment {
        parts.push(equipment_text(striker, target, check));
    }
    let unbalanced = blow
        .hits
        .iter()
        .filter_map(|h| h.wound.as_ref())
        .fold(0u32, |sum, w| sum + u32::from(w.unbalanced));
    match unbalanced {
        0 => {}
        1 => parts.push(format!("{} unbalanced: loses the next card", target)),
        n => parts.push(format!("{} unbalanced: loses the next {n} cards", target)),
    }
}

fn shield_text(target: &str, s: &ShieldReport) -> String {
    if !s.raised {
        return format!(
            "{}'s shield check {} over {} — not raised, unbalanced",
            target, s.roll, s.check
        );
    }
    let mut text = format!(
        "{}'s shield check {} within {} — raised",
        target, s.roll, s.check
    );
    if let Some(p) = &s.penetration {
        text.push_str(&format!(": shield {p}"));
    }
    text.push_str(if s.reaches_body {
        ", the blow goes on"
    } else {
        ", the shield stops it"
    });
    text
}

fn equipment_text(striker: &str, target: &str, c: &EquipmentCheck) -> String {
    let item = match c.item {
        Equipment::Weapon => format!("{}'s weapon", striker),
        Equipment::Shield => format!("{}'s shield", target),
        Equipment::Armour(area) => format!("{}'s {} armour", target, area.name()),
    };
    match c.damage {
        None => format!("{item} damage check {} over {} — holds", c.roll, c.chance),
        Some((sub, result)) => format!(
            "{item} damage check {} within {} — damaged ({sub}): {}",
            c.roll,
            c.chance,
            damage_name(result)
        ),
    }
}

fn spoil_text(target: &str, spoil: &Spoil) -> String {
    match spoil {
        Spoil::Defended => format!("{} defended, ruining the action under way", target),
        Spoil::Unbalanced => format!("{}'s action spoiled: knocked off balance", target),
        Spoil::Rolled {
            chance,
            roll,
            spoiled,
        } => format!(
            "{}'s action {} (chance {chance}, rolled {roll})",
            target,
            if *spoiled { "spoiled" } else { "goes on" }
        ),
    }
}

fn cannot(right: StrikeRight) -> &'static str {
    match right {
        StrikeRight::Never => "never strikes",
        StrikeRight::MissileOrMagicOnly => "strikes only by missile or magic",
        StrikeRight::May | StrikeRight::OnlyIfAttackedFirst => "cannot strike in melee",
    }
}

pub(crate) fn location_text(l: &LocationReport) -> Vec<String> {
    let mut parts = Vec::new();
    if let Some(aim) = &l.aimed {
        parts.push(match aim.roll {
            Some(roll) => format!(
                "aimed at the {}: Dexterity check {roll} {} {} — {}",
                aim.area.name(),
                if aim.landed { "within" } else { "over" },
                aim.threshold,
                if aim.landed {
                    "lands there"
                } else {
                    "off the mark"
                }
            ),
            None => format!("aimed at the {}, which this body has not", aim.area.name()),
        });
    }
    if let Some(table) = &l.table {
        let rolls: Vec<String> = table
            .rolls
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let what = match r.location {
                    Location::Area(a) => a.name(),
                    Location::RollTwice if i == 0 => "Roll Twice",
                    Location::RollTwice => "Roll Twice, ignored",
                };
                format!("{} {what}", r.modified)
            })
            .collect();
        parts.push(format!("location {}", rolls.join(", ")));
    }
    parts
}

fn hit_text(hit: &AreaHit) -> String {
    let mut s = format!("{}, APV {}: {}", hit.area.name(), hit.apv, hit.penetration);
    if let Some(d) = &hit.damage {
        match d.concussion {
            None => s.push_str(&format!(": {} damage", d.rolled)),
            Some(c) => s.push_str(&format!(
                ": concussion, {} of {} = {} damage",
                fraction_name(c),
                d.rolled,
                d.damage
            )),
        }
    }
    s
}

pub(crate) fn critical_text(c: &CriticalReport) -> String {
    let modifier = if c.modifier == 0 {
        String::new()
    } else {
        format!(" {:+}", c.modifier)
    };
    let rolls: Vec<String> = c
        .rolls
        .iter()
        .map(|r| {
            let roll = if r.natural == r.modified {
                r.natural.to_string()
            } else {
                format!("{}→{}", r.natural, r.modified)
            };
            let what = match &r.result {
                CriticalRollResult::Injury(name) => name.as_str(),
                CriticalRollResult::RollTwice => "Roll Twice",
                CriticalRollResult::Ignored => "Roll Twice, ignored",
            };
            format!("{roll} {what}")
        })
        .collect();
    let injuries: Vec<String> = c
        .injuries
        .iter()
        .map(|i| {
            let mut s = format!("{}: pain {}", i.name, shown(&i.pain_roll));
            if i.pain != f64::from(i.pain_roll.total) {
                s.push_str(&format!(" → {}", points(i.pain)));
            }
            if let Some(b) = &i.bleeding_roll {
                s.push_str(&format!(", bleeding {}", shown(b)));
                if i64::from(i.bleeding) != i64::from(b.total) {
                    s.push_str(&format!(" → {}", i.bleeding));
                }
                if let Some(site) = i.site_roll {
                    let inside = if i.internal { "internal" } else { "external" };
                    s.push_str(&format!(" (site {site}: {inside})"));
                }
            }
            for note in &i.notes {
                s.push_str(&format!(", {note}"));
            }
            let effects: Vec<String> = i.consequences.iter().map(consequence_text).collect();
            if !effects.is_empty() {
                s.push_str(&format!(" → {}", effects.join(", ")));
            }
            s
        })
        .collect();
    let mut s = format!(
        "critical on the {}{modifier}: {}",
        c.area.name(),
        rolls.join(", ")
    );
    if !injuries.is_empty() {
        s.push_str(&format!(" — {}", injuries.join(" / ")));
    }
    if let Some(d) = &c.bleeding_duration {
        s.push_str(&format!(", bleeding lasts {} rounds", shown(d)));
    }
    s
}

pub(crate) fn wound_text(w: &Wound) -> String {
    let mut s = format!(
        "{} wound: {} damage, pain {}",
        w.area.name(),
        w.damage,
        points(w.pain)
    );
    if let Some(b) = &w.bleeding {
        s.push_str(&format!(
            ", bleeding {} a round for {} rounds{}",
            b.per_round,
            b.rounds,
            if b.internal { " (internal)" } else { "" }
        ));
    }
    s
}

/// A consequence in a few words.
fn consequence_text(c: &Consequence) -> String {
    match c {
        Consequence::Unconscious { minutes: None } => "unconscious".into(),
        Consequence::Unconscious { minutes: Some(m) } => format!("unconscious {m} minutes"),
        Consequence::Coma { days, dies_at_end } => format!(
            "coma of {days} days{}",
            if *dies_at_end { ", then death" } else { "" }
        ),
        Consequence::DiesNow => "dies now".into(),
        Consequence::DiesIn { rounds } => format!("dies in {rounds} rounds"),
        Consequence::Incapacitated => "incapacitated".into(),
        Consequence::ReduceRequisite { requisite, percent } => {
            format!("{} -{percent}%", requisite_name(*requisite))
        }
        Consequence::ReduceCombatFactor { percent } => format!("CF -{percent}%"),
        Consequence::LimbUnusable { limb: Limb::Arm } => "arm unusable".into(),
        Consequence::LimbUnusable { limb: Limb::Leg } => "leg unusable".into(),
        Consequence::Paralysed { percent_of_limbs } => {
            format!("paralysed in {percent_of_limbs}% of the limbs")
        }
        Consequence::Recorded(text) => text.clone(),
    }
}

fn fraction_name(c: Concussion) -> &'static str {
    match c {
        Concussion::None => "none",
        Concussion::Half => "half",
        Concussion::ThreeQuarters => "three quarters",
    }
}

fn damage_name(d: EquipmentDamage) -> &'static str {
    match d {
        EquipmentDamage::Ruined => "ruined",
        EquipmentDamage::Unusable => "unusable until repaired",
        EquipmentDamage::HalfFactor => "down to half its factor",
        EquipmentDamage::ThreeQuarterFactor => "down to three quarters of its factor",
    }
}

/// Whole numbers bare, fractions with one decimal.
fn points(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}
