//! Shakhàn 16.15.5–10, 16.13.2–4: a Critical Hit rolled on the table of the
//! area struck, and its effects realised into the [`Consequence`]s of a
//! wound with every die rolled now.

use super::Target;
use crate::dice::{Dice, Percentile, Rolled};
use crate::rulesets::shakhan::rules::BodyArea;
use crate::rulesets::shakhan::rules::tables::criticals::{
    BleedingSite, Concussion, CriticalRow, CriticalRules, CriticalTable, DefectKind, Delay, Digits,
    Effect, Eyes, Injury, Lungs, Organ, Reduction, Requisite, SideResult, TimeUnit, Visibility,
};
use crate::rulesets::shakhan::rules::tables::{D100Range, Tables};
use crate::rulesets::shakhan::rules::wound::{Bleed, Consequence, CriticalWound, InjuryNote, Limb};

/// Shakhàn 16.15.5–10: one Critical Hit with all its rolls.
#[derive(Debug, Clone, PartialEq)]
pub struct CriticalReport {
    pub area: BodyArea,
    /// Added to every roll on the main table: −20 full concussion, −15
    /// partial, 0 otherwise (16.15.10 notes).
    pub modifier: i8,
    pub rolls: Vec<CriticalRoll>,
    pub injuries: Vec<InjuryReport>,
    /// The Pain of all the injuries, multipliers applied.
    pub pain: f64,
    /// How long the Bleeding lasts (2D20 Melee Rounds), when there is any.
    pub bleeding_duration: Option<Rolled>,
    /// All the injuries' Bleeding together.
    pub bleed: Option<Bleed>,
}

/// Why a roll on the main table was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CriticalRollKind {
    /// The roll the `c` result calls for.
    First,
    /// One of the two rolls after a Roll Twice.
    Twice,
    /// One of the extra rolls an injury's "roll again" calls for.
    Again,
}

/// What a roll on the main table gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CriticalRollResult {
    /// The injury of that name (its details in [`CriticalReport::injuries`]).
    Injury(String),
    /// Roll twice more.
    RollTwice,
    /// A Roll Twice where it no longer counts: no injury.
    Ignored,
}

/// One roll on a Critical Hit table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CriticalRoll {
    pub kind: CriticalRollKind,
    pub natural: Percentile,
    /// With the concussion modifier, kept within 01–00.
    pub modified: Percentile,
    pub result: CriticalRollResult,
}

/// One injury, its dice and what it does.
#[derive(Debug, Clone, PartialEq)]
pub struct InjuryReport {
    pub name: String,
    /// What the players are told (16.10).
    pub symptom: String,
    pub obvious: bool,
    /// 16.13.5: a vital internal organ was damaged.
    pub internal_organ: bool,
    /// Which lung(s) or organ, where the row rolls for it.
    pub side_results: Vec<SideResult>,
    pub effects_rolls: Vec<EffectsRollNote>,
    pub pain_roll: Rolled,
    /// Pain after the injury's own multipliers.
    pub pain: f64,
    /// `None` where the table says "na".
    pub bleeding_roll: Option<Rolled>,
    /// Bleeding points a round after multipliers, rounded to the nearest.
    pub bleeding: u32,
    /// The d100 that placed a bleed that may be internal (01–50 internal).
    pub site_roll: Option<Percentile>,
    pub internal: bool,
    pub consequences: Vec<Consequence>,
    /// Every further roll the effects needed, in words.
    pub notes: Vec<String>,
}

/// One effects sub-roll of an injury row (or of the row it rolls as for).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EffectsRollNote {
    pub natural: Percentile,
    pub modified: Percentile,
    pub range: D100Range,
}

impl CriticalReport {
    /// The part of the wound the engine keeps: injury notes, consequences and
    /// the internal-organ flag.
    pub fn wound(&self) -> CriticalWound {
        CriticalWound {
            injuries: self
                .injuries
                .iter()
                .map(|i| InjuryNote {
                    name: i.name.clone(),
                    symptom: i.symptom.clone(),
                    obvious: i.obvious,
                })
                .collect(),
            consequences: self
                .injuries
                .iter()
                .flat_map(|i| i.consequences.iter().cloned())
                .collect(),
            internal_organ: self.injuries.iter().any(|i| i.internal_organ),
        }
    }
}

/// Shakhàn 16.15.5–10: roll a Critical Hit on the table of `area` with the
/// weapon's concussion modifier, follow Roll Twice and "roll again", and
/// realise every injury. Several bleeding injuries bleed as one: their
/// points add up and one 2D20 roll says how long (docs/RULINGS.md).
pub(crate) fn resolve(
    area: BodyArea,
    weapon: Concussion,
    target: &Target,
    t: &Tables,
    dice: &mut Dice,
) -> CriticalReport {
    let rules = t.criticals.rules();
    let mut roller = Roller {
        table: t.criticals.table(area),
        rules,
        weapon,
        area,
        target,
        rounds_per_minute: t.morale.bleeding.rounds_per_minute,
        rolls: Vec::new(),
        injuries: Vec::new(),
    };
    roller.main_roll(CriticalRollKind::First, dice);
    let Roller {
        rolls, injuries, ..
    } = roller;
    let pain = injuries.iter().map(|i| i.pain).sum();
    let per_round = injuries
        .iter()
        .fold(0u32, |sum, i| sum.saturating_add(i.bleeding));
    let bleeding_duration =
        (per_round > 0).then(|| rules.bleeding_duration().resolve(1, 0).roll(dice));
    let bleed = bleeding_duration.as_ref().map(|d| Bleed {
        per_round,
        rounds: non_negative(d.total),
        internal: injuries
            .iter()
            .filter(|i| i.bleeding > 0)
            .all(|i| i.internal),
    });
    CriticalReport {
        area,
        modifier: rules.roll_modifier(weapon),
        rolls,
        injuries,
        pain,
        bleeding_duration,
        bleed,
    }
}

struct Roller<'a> {
    table: &'a CriticalTable,
    rules: &'a CriticalRules,
    weapon: Concussion,
    area: BodyArea,
    target: &'a Target,
    rounds_per_minute: u32,
    rolls: Vec<CriticalRoll>,
    injuries: Vec<InjuryReport>,
}

/// An injury's Pain and Bleeding as its effects change them, and what it does.
struct Realised {
    pain: f64,
    bleeding: f64,
    consequences: Vec<Consequence>,
    notes: Vec<String>,
    /// Extra rolls on the main table ("roll again").
    again: u32,
}

impl Realised {
    fn push(&mut self, c: Consequence) {
        self.consequences.push(c);
    }

    fn record(&mut self, text: impl Into<String>) {
        self.consequences.push(Consequence::Recorded(text.into()));
    }

    fn note(&mut self, text: impl Into<String>) {
        self.notes.push(text.into());
    }
}

impl Roller<'_> {
    /// Shakhàn 16.15.5–10: one roll on the main table. A Roll Twice counts
    /// only on the first roll; "roll again" only on the first roll or a Roll
    /// Twice's two (tcrit rulings; docs/RULINGS.md), so the chain ends.
    fn main_roll(&mut self, kind: CriticalRollKind, dice: &mut Dice) {
        let natural = dice.d100();
        let modified = self.rules.modified_roll(natural, self.weapon);
        let table = self.table;
        let (result, injury) = match table.row(modified).1 {
            CriticalRow::RollTwice if kind == CriticalRollKind::First => {
                (CriticalRollResult::RollTwice, None)
            }
            CriticalRow::RollTwice => (CriticalRollResult::Ignored, None),
            CriticalRow::Injury(injury) => (
                CriticalRollResult::Injury(injury.name.clone()),
                Some(&**injury),
            ),
        };
        let twice = result == CriticalRollResult::RollTwice;
        self.rolls.push(CriticalRoll {
            kind,
            natural,
            modified,
            result,
        });
        if twice {
            self.main_roll(CriticalRollKind::Twice, dice);
            self.main_roll(CriticalRollKind::Twice, dice);
        }
        if let Some(injury) = injury {
            let again = self.injury(injury, kind != CriticalRollKind::Again, dice);
            for _ in 0..again {
                self.main_roll(CriticalRollKind::Again, dice);
            }
        }
    }

    /// Roll an injury's effects sub-roll, Pain, Bleeding and where it
    /// bleeds, then each effect; returns how many extra main-table rolls it
    /// calls for.
    fn injury(&mut self, injury: &Injury, allow_again: bool, dice: &mut Dice) -> u32 {
        let resolved = self.table.resolve(injury, dice);
        let pain_roll = injury.pain.resolve(1, 0).roll(dice);
        let bleeding_roll = injury
            .bleeding
            .as_ref()
            .map(|b| b.dice.resolve(1, 0).roll(dice));
        let (site_roll, internal) = match injury.bleeding.as_ref().map(|b| b.visibility) {
            Some(Visibility::MaybeInternal) => {
                let roll = dice.d100();
                let site = self.rules.maybe_internal_site(roll);
                (Some(roll), site == BleedingSite::Internal)
            }
            Some(Visibility::Internal) => (None, true),
            Some(Visibility::External) | None => (None, false),
        };
        let mut out = Realised {
            pain: f64::from(pain_roll.total.max(0)),
            bleeding: f64::from(bleeding_roll.as_ref().map_or(0, |r| r.total.max(0))),
            consequences: Vec::new(),
            notes: Vec::new(),
            again: 0,
        };
        let lungs = resolved.side_results.iter().find_map(|s| match s {
            SideResult::Lungs(l) => Some(*l),
            SideResult::Organ(_) => None,
        });
        for side in &resolved.side_results {
            match side {
                SideResult::Lungs(l) => out.note(format!("lungs hit: {}", lungs_name(*l))),
                SideResult::Organ(o) => out.record(format!("organ damaged: {}", organ_name(*o))),
            }
        }
        for effect in &resolved.effects {
            self.effect(effect, lungs, allow_again, &mut out, dice);
        }
        self.injuries.push(InjuryReport {
            name: injury.name.clone(),
            symptom: injury.symptom.clone(),
            obvious: injury.obvious,
            internal_organ: resolved.internal_organ,
            side_results: resolved.side_results.clone(),
            effects_rolls: resolved
                .rolls
                .iter()
                .map(|r| EffectsRollNote {
                    natural: r.natural,
                    modified: r.modified,
                    range: r.range,
                })
                .collect(),
            pain_roll,
            pain: out.pain,
            bleeding_roll,
            bleeding: out.bleeding.round() as u32,
            site_roll,
            internal,
            consequences: out.consequences,
            notes: out.notes,
        });
        out.again
    }

    /// Shakhàn 16.15.5–10: realise one effect with its dice (see
    /// docs/RULINGS.md for what becomes which consequence).
    fn effect(
        &self,
        effect: &Effect,
        lungs: Option<Lungs>,
        allow_again: bool,
        out: &mut Realised,
        dice: &mut Dice,
    ) {
        match effect {
            Effect::Unconscious => out.push(Consequence::Unconscious { minutes: None }),
            Effect::Coma {
                chance_percent,
                days,
                death_at_end_percent,
            } => {
                let (coma, roll) = chance(*chance_percent, dice);
                if coma {
                    let days = days.resolve(1, 0).roll(dice);
                    let (dies, death_roll) = chance(*death_at_end_percent, dice);
                    out.note(format!(
                        "coma {chance_percent}%{roll}: {} days; death at its end {death_at_end_percent}%{death_roll}",
                        shown(&days)
                    ));
                    out.push(Consequence::Coma {
                        days: non_negative(days.total),
                        dies_at_end: dies,
                    });
                } else {
                    out.note(format!("coma {chance_percent}%{roll}: none"));
                }
            }
            Effect::Death { after: None } => out.push(Consequence::DiesNow),
            Effect::Death { after: Some(delay) } => {
                let rounds = self.delay(delay, "death", out, dice);
                out.push(Consequence::DiesIn { rounds });
            }
            Effect::Beheaded => {
                out.note("beheaded: dies unless it has another head or its brain elsewhere");
                out.push(Consequence::DiesNow);
            }
            Effect::Incapacitated => out.push(Consequence::Incapacitated),
            Effect::ReduceRequisite { requisites, by } => self.reduce(requisites, by, out, dice),
            Effect::ReduceCombatFactor { percent } => out.push(Consequence::ReduceCombatFactor {
                percent: u32::from(*percent),
            }),
            Effect::ReduceLanguageFluency { percent } => {
                out.record(format!("language fluency -{percent}%"));
            }
            Effect::MultiplyPain(n) => out.pain *= f64::from(*n),
            Effect::MultiplyPainWhenExerting(n) => {
                out.record(format!(
                    "this injury's pain x{n} in any round of strenuous activity"
                ));
            }
            Effect::MultiplyBleeding(n) => out.bleeding *= f64::from(*n),
            Effect::IncreasePain { percent } => {
                let rolled = percent.resolve(1, 0).roll(dice);
                out.note(format!("pain +{} per cent", shown(&rolled)));
                out.pain *= 1.0 + f64::from(rolled.total.max(0)) / 100.0;
            }
            Effect::IncreaseBleeding { percent } => {
                let rolled = percent.resolve(1, 0).roll(dice);
                out.note(format!("bleeding +{} per cent", shown(&rolled)));
                out.bleeding *= 1.0 + f64::from(rolled.total.max(0)) / 100.0;
            }
            Effect::InfectionChance { increase_percent } => {
                out.record(format!("infection chance +{increase_percent}%"));
            }
            Effect::LimbUnusable => match self.area {
                BodyArea::Arms => out.push(Consequence::LimbUnusable { limb: Limb::Arm }),
                BodyArea::Legs => out.push(Consequence::LimbUnusable { limb: Limb::Leg }),
                _ => out.record("a limb unusable"),
            },
            Effect::Digits {
                which,
                percent,
                severed,
                reduces,
            } => {
                let rolled = percent.resolve(1, 0).roll(dice);
                let p = percent_of(rolled.total);
                let what = match which {
                    Digits::Fingers => "fingers",
                    Digits::Toes => "toes",
                };
                let how = if *severed { "cut off" } else { "broken" };
                out.note(format!("{} per cent of the {what} {how}", shown(&rolled)));
                out.record(format!("{p}% of the {what} {how}"));
                if p > 0 {
                    out.push(Consequence::ReduceRequisite {
                        requisite: *reduces,
                        percent: p,
                    });
                }
            }
            Effect::Paralysis { percent_of_limbs } => {
                let rolled = percent_of_limbs.resolve(1, 0).roll(dice);
                out.note(format!("paralysis of {} per cent of the limbs", shown(&rolled)));
                out.push(Consequence::Paralysed {
                    percent_of_limbs: percent_of(rolled.total),
                });
            }
            Effect::LungUnusable {
                cumulative_percent_per_round,
            } => {
                let which = lungs_name(lungs.unwrap_or(Lungs::One));
                match (cumulative_percent_per_round, lungs) {
                    (Some(p), _) => out.record(format!(
                        "{which} may fail: a chance of {p}% the first round, {p}% more each round after"
                    )),
                    (None, Some(Lungs::All)) => {
                        out.record("all lungs unusable");
                        let rounds = self.delay(
                            self.rules.death_without_lungs(),
                            "death without lungs",
                            out,
                            dice,
                        );
                        out.push(Consequence::DiesIn { rounds });
                    }
                    (None, _) => out.record(format!("{which} unusable")),
                }
            }
            Effect::DrowningInBlood {
                percent_per_round,
                after_bleeding_rounds,
            } => out.record(format!(
                "may drown in blood: once bleeding has gone on {after_bleeding_rounds} rounds, death on {percent_per_round}% a round, {percent_per_round}% more each round"
            )),
            Effect::Suffocation {
                exerting_per_mille,
                resting_per_mille,
            } => out.record(format!(
                "may suffocate: a death chance growing {}% a round when exerting, {}% at rest",
                f64::from(*exerting_per_mille) / 10.0,
                f64::from(*resting_per_mille) / 10.0
            )),
            Effect::RollAgain { times } => {
                if allow_again {
                    let rolled = times.resolve(1, 0).roll(dice);
                    out.note(format!("roll again {} times", shown(&rolled)));
                    out.again = out.again.saturating_add(non_negative(rolled.total));
                } else {
                    out.note("roll again: ignored on an extra roll");
                }
            }
            // `CriticalTable::resolve` follows these; none reaches here.
            Effect::RollAsFor { injury, .. } => out.note(format!("as for {injury}")),
            Effect::Defects { count, kind } => {
                let rolled = count.resolve(1, 0).roll(dice);
                out.note(format!("{} {}", shown(&rolled), defect_name(*kind)));
                out.record(format!("{} {}", rolled.total.max(0), defect_name(*kind)));
            }
            Effect::Mute => out.record("mute"),
            Effect::Blind { eyes } => out.record(match eyes {
                Eyes::One => "blind in one eye",
                Eyes::Both => "blind in both eyes",
            }),
            Effect::LoseTeeth { count, within_days } => {
                let teeth = count.resolve(1, 0).roll(dice);
                let days = within_days.resolve(1, 0).roll(dice);
                out.note(format!(
                    "loses {} teeth within {} days",
                    shown(&teeth),
                    shown(&days)
                ));
                out.record(format!(
                    "loses {} teeth within {} days",
                    teeth.total.max(0),
                    days.total.max(0)
                ));
            }
            Effect::RibsBroken { percent } => {
                let rolled = percent.resolve(1, 0).roll(dice);
                out.note(format!("{} per cent of the ribs broken", shown(&rolled)));
                out.record(format!("{}% of the ribs broken", percent_of(rolled.total)));
            }
            Effect::Sterile => out.record("sterile"),
            Effect::GenitalsSevered => out.record("genitals severed"),
            Effect::IfMale { then } => {
                if self.target.male {
                    for e in then {
                        self.effect(e, lungs, allow_again, out, dice);
                    }
                } else {
                    out.note("not male: that outcome does nothing");
                }
            }
        }
    }

    /// A requisite loss: per cent as rolled; points and "down to" turned into
    /// a per cent of the target's current score, or recorded when the score
    /// is unknown.
    fn reduce(
        &self,
        requisites: &[Requisite],
        by: &Reduction,
        out: &mut Realised,
        dice: &mut Dice,
    ) {
        match by {
            Reduction::Percent(d) => {
                let rolled = d.resolve(1, 0).roll(dice);
                let p = percent_of(rolled.total);
                out.note(format!(
                    "{} -{} per cent",
                    names(requisites),
                    shown(&rolled)
                ));
                for r in requisites {
                    out.push(Consequence::ReduceRequisite {
                        requisite: *r,
                        percent: p,
                    });
                }
            }
            Reduction::Points(d) => {
                let rolled = d.resolve(1, 0).roll(dice);
                let points = rolled.total.max(0);
                out.note(format!("{} -{} points", names(requisites), shown(&rolled)));
                for r in requisites {
                    match self.target.scores.get(*r).filter(|s| *s > 0) {
                        Some(score) => out.push(Consequence::ReduceRequisite {
                            requisite: *r,
                            percent: share(points, score),
                        }),
                        None => out.record(format!("{} -{points} points", requisite_name(*r))),
                    }
                }
            }
            Reduction::To(value) => {
                let value = i32::from(*value);
                for r in requisites {
                    match self.target.scores.get(*r).filter(|s| *s > 0) {
                        Some(score) if score > value => out.push(Consequence::ReduceRequisite {
                            requisite: *r,
                            percent: share(score - value, score),
                        }),
                        Some(_) => {}
                        None => out.record(format!("{} down to {value}", requisite_name(*r))),
                    }
                }
            }
        }
    }

    /// Roll a delay and turn it into Melee Rounds (a game minute is 12).
    fn delay(&self, delay: &Delay, what: &str, out: &mut Realised, dice: &mut Dice) -> u32 {
        let rolled = delay.dice.resolve(1, 0).roll(dice);
        let n = non_negative(rolled.total);
        let rounds = match delay.unit {
            TimeUnit::MeleeRounds => n,
            TimeUnit::GameMinutes => n.saturating_mul(self.rounds_per_minute),
        };
        out.note(match delay.unit {
            TimeUnit::MeleeRounds => format!("{what} after {} Melee Rounds", shown(&rolled)),
            TimeUnit::GameMinutes => format!(
                "{what} after {} game minutes = {rounds} Melee Rounds",
                shown(&rolled)
            ),
        });
        rounds
    }
}

/// A d100 check against a per cent: certain at 100 and impossible at 0
/// without a roll; the text tells the roll.
fn chance(percent: u8, dice: &mut Dice) -> (bool, String) {
    match percent {
        0 => (false, String::new()),
        100.. => (true, String::new()),
        p => {
            let roll = dice.d100();
            let hit = roll.value() <= p;
            (
                hit,
                format!(" (rolled {roll}: {})", if hit { "yes" } else { "no" }),
            )
        }
    }
}

/// A rolled per cent, within 0–100.
fn percent_of(total: i32) -> u32 {
    non_negative(total).min(100)
}

/// `part` of `whole` in per cent, to the nearest, within 0–100.
fn share(part: i32, whole: i32) -> u32 {
    let p = (f64::from(part) * 100.0 / f64::from(whole)).round();
    p.clamp(0.0, 100.0) as u32
}

fn non_negative(total: i32) -> u32 {
    u32::try_from(total).unwrap_or(0)
}

/// A roll as a log shows it; a constant shows bare ("50", not "50 = 50").
pub(super) fn shown(rolled: &Rolled) -> String {
    if rolled.faces.is_empty() {
        rolled.total.to_string()
    } else {
        rolled.to_string()
    }
}

fn names(requisites: &[Requisite]) -> String {
    let names: Vec<&str> = requisites.iter().map(|r| requisite_name(*r)).collect();
    names.join(", ")
}

pub(super) fn requisite_name(r: Requisite) -> &'static str {
    match r {
        Requisite::Strength => "Strength",
        Requisite::Agility => "Agility",
        Requisite::Dexterity => "Dexterity",
        Requisite::PhysicalBeauty => "Physical Beauty",
        Requisite::Vision => "Vision",
        Requisite::Hearing => "Hearing",
        Requisite::Smell => "Smell",
    }
}

fn lungs_name(l: Lungs) -> &'static str {
    match l {
        Lungs::One => "one lung",
        Lungs::All => "all lungs",
    }
}

fn organ_name(o: Organ) -> &'static str {
    match o {
        Organ::GallBladder => "gall bladder",
        Organ::Spleen => "spleen",
        Organ::Kidneys => "kidneys",
        Organ::Liver => "liver",
        Organ::Pancreas => "pancreas",
        Organ::Appendix => "appendix",
        Organ::Other => "another organ",
    }
}

fn defect_name(kind: DefectKind) -> &'static str {
    match kind {
        DefectKind::OrganicMental => "organic mental defect(s)",
        DefectKind::OrganicOrPsychologicalMental => "organic or psychological mental defect(s)",
        DefectKind::OrganicNervous => "organic nervous system defect(s)",
        DefectKind::Glandular => "glandular physical defect(s)",
    }
}
