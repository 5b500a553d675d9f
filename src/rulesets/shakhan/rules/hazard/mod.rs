//! Shakhàn 16.13.5–16.13.13: damage that is not a weapon's — poison, heat
//! and cold, falls and throws, acid, lack of air, life-energy drain and
//! radiation — turned from rolled dice into one [`Wound`] the condition code
//! applies, with lines explaining every roll and notes for after the battle.
//! The tables are `tables::hazards` (already transcribed and validated).

mod aftermath;

pub use aftermath::{AftermathCheck, aftermath_checks};

use serde::{Deserialize, Serialize};

use crate::dice::{Dice, FlatDice, Rolled};
use crate::rulesets::shakhan::rules::BodyArea;
use crate::rulesets::shakhan::rules::condition::Check;
use crate::rulesets::shakhan::rules::melee::{self, Target};
use crate::rulesets::shakhan::rules::tables::Tables;
use crate::rulesets::shakhan::rules::tables::criticals::Concussion;
use crate::rulesets::shakhan::rules::tables::hazards::{
    AcidExposure, GameTime, PoisonFailure, RadiationAftermath, RadiationEffect, Shielding,
};
use crate::rulesets::shakhan::rules::wound::{Bleed, Consequence, CriticalWound, Wound};

/// One hazard a Referee applies to a figure.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Hazard {
    /// 16.13.7: a poison of this intensity (0–15). `resist_dmod` overrides
    /// the default Constitution × 3 check (`Some(0.0)`: no check);
    /// `sleeping` picks intensity 0's sleep effect instead of its pain.
    Poison {
        intensity: u32,
        #[serde(default)]
        resist_dmod: Option<f64>,
        #[serde(default)]
        sleeping: bool,
    },
    /// 16.13.8: heat or cold of this Intensity Level.
    Temperature {
        level: u32,
        /// The agency's own half-damage Saving Throw DMod, if it gives one.
        #[serde(default)]
        save_dmod: Option<f64>,
    },
    /// 16.13.9: a fall lasting this many seconds.
    Fall { seconds: u32 },
    /// 16.13.9: thrown into something solid at this speed (km/h).
    Impact { kmh: u32 },
    /// 16.13.10: acid of this Intensity Level.
    Acid {
        intensity: u32,
        exposure: AcidExposure,
    },
    /// 16.13.11: the `round`-th Melee Round without air.
    Suffocation {
        round: u32,
        #[serde(default)]
        exerting: bool,
    },
    /// 16.13.12: experience levels drained.
    LifeDrain { levels: u32 },
    /// 16.13.13: game minutes at a strong source, through these metres of
    /// each substance.
    Radiation {
        minutes: u32,
        #[serde(default)]
        shielding: Vec<(Shielding, u32)>,
    },
}

impl Hazard {
    /// Whether the numbers are ones a battle can meet: beyond these limits
    /// the tables have nothing more to say and the dice to roll would be
    /// millions (docs/RULINGS.md, "Hazard limits").
    pub fn check(&self) -> Result<(), String> {
        fn within(what: &str, value: u32, low: u32, high: u32) -> Result<(), String> {
            if (low..=high).contains(&value) {
                Ok(())
            } else {
                Err(format!("{what} {value} is outside {low}–{high}"))
            }
        }
        fn dmod(what: &str, value: Option<f64>) -> Result<(), String> {
            match value {
                Some(d) if !(d.is_finite() && (0.0..=20.0).contains(&d)) => {
                    Err(format!("{what} {d} is not a DMod between 0 and 20"))
                }
                _ => Ok(()),
            }
        }
        match self {
            Hazard::Poison {
                intensity,
                resist_dmod,
                ..
            } => {
                within("poison intensity", *intensity, 0, 100)?;
                dmod("resist DMod", *resist_dmod)
            }
            Hazard::Temperature { level, save_dmod } => {
                within("temperature level", *level, 1, 100)?;
                dmod("save DMod", *save_dmod)
            }
            Hazard::Fall { seconds } => within("a fall of seconds", *seconds, 1, 60),
            Hazard::Impact { kmh } => within("impact speed (km/h)", *kmh, 1, 1000),
            Hazard::Acid { intensity, .. } => within("acid intensity", *intensity, 1, 100),
            Hazard::Suffocation { round, .. } => within("round without air", *round, 1, 1000),
            Hazard::LifeDrain { levels } => within("levels drained", *levels, 1, 100),
            Hazard::Radiation { minutes, shielding } => {
                within("minutes of radiation", *minutes, 1, 1440)?;
                if shielding.len() > 10 {
                    return Err("more than 10 layers of shielding".into());
                }
                shielding
                    .iter()
                    .try_for_each(|(_, m)| within("metres of shielding", *m, 0, 1000))
            }
        }
    }
}

/// Who suffers a hazard: its current requisites and reserves.
#[derive(Debug, Clone, PartialEq)]
pub struct Victim<'a> {
    /// For Critical Hits: body form, armour and scores.
    pub target: &'a Target,
    pub agility: i32,
    pub adjusted_agility: i32,
    pub constitution: i32,
    pub willpower: i32,
    /// Total BDR (16.7), for radiation's share lost.
    pub bdr: i32,
    /// 16.11, 16.13.10: the normal Dodge DMod (a scenario option).
    pub dodge_dmod: f64,
    /// 16.13.8: the Referee's (normally used) critical-hit checks.
    pub critical_checks: bool,
}

/// What a hazard did: the wound to apply, every roll, and what is left for
/// after the battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HazardOutcome {
    pub wound: Wound,
    pub lines: Vec<String>,
    pub aftermath: Vec<String>,
}

/// Builds an outcome step by step.
struct Out<'t> {
    t: &'t Tables,
    area: BodyArea,
    damage: i32,
    pain: f64,
    bleed: Option<Bleed>,
    critical: Option<CriticalWound>,
    lines: Vec<String>,
    aftermath: Vec<String>,
}

impl<'t> Out<'t> {
    fn new(t: &'t Tables) -> Self {
        Out {
            t,
            area: BodyArea::UpperBody,
            damage: 0,
            pain: 0.0,
            bleed: None,
            critical: None,
            lines: Vec::new(),
            aftermath: Vec::new(),
        }
    }

    fn roll(&mut self, what: &str, dice_: FlatDice, dice: &mut Dice) -> i32 {
        let r: Rolled = dice_.roll(dice);
        self.lines.push(format!("{what} {r}"));
        r.total.max(0)
    }

    /// Body damage, with its 16.13.3 Pain (0.5 a point).
    fn hurt(&mut self, points: i32) {
        self.damage += points;
        self.pain += f64::from(points) * self.t.morale.pain.pain_per_damage;
    }

    /// A d100 at or under `threshold`, its fraction kept (10.5: 10 or less).
    fn check(&mut self, what: &str, threshold: f64, dice: &mut Dice) -> bool {
        let c = Check::roll(threshold.floor() as i32, dice);
        self.lines.push(format!("{what}: {c}"));
        c.passed()
    }

    fn consequence(&mut self, c: Consequence) {
        self.critical
            .get_or_insert_with(|| CriticalWound {
                injuries: Vec::new(),
                consequences: Vec::new(),
                internal_organ: false,
            })
            .consequences
            .push(c);
    }

    fn critical_hit(&mut self, v: &Victim, location: i32, c: Concussion, dice: &mut Dice) {
        let report = melee::hazard_critical(v.target, location, c, self.t, dice);
        self.area = report.area;
        self.lines.push(format!(
            "critical hit on the {}: {}",
            report.area.name(),
            report
                .injuries
                .iter()
                .map(|i| i.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
        self.pain += report.pain;
        if let Some(b) = report.bleed {
            self.bleed = Some(match self.bleed {
                Some(old) => Bleed {
                    per_round: old.per_round + b.per_round,
                    rounds: old.rounds.max(b.rounds),
                    internal: old.internal || b.internal,
                },
                None => b,
            });
        }
        let w = report.wound();
        match &mut self.critical {
            Some(c) => {
                c.injuries.extend(w.injuries);
                c.consequences.extend(w.consequences);
                c.internal_organ |= w.internal_organ;
            }
            None => self.critical = Some(w),
        }
    }

    /// 16.13.8, 16.13.10: half the time the BDR lost never regenerates.
    fn permanence(&mut self, dice: &mut Dice) {
        if self.damage == 0 {
            return;
        }
        let chance = i32::from(self.t.hazards.permanent_damage_chance);
        let roll = dice.d100();
        let permanent = i32::from(roll.value()) <= chance;
        self.lines.push(format!(
            "permanent? rolled {roll} against {chance}: {}",
            if permanent { "yes" } else { "no" }
        ));
        if permanent {
            self.aftermath.push(format!(
                "{} BDR points lost to this are permanent (only magic or Divine Intervention restores them)",
                self.damage
            ));
        }
    }

    fn finish(self) -> HazardOutcome {
        HazardOutcome {
            wound: Wound {
                area: self.area,
                damage: self.damage,
                pain: self.pain,
                unbalanced: 0,
                bleeding: self.bleed,
                critical: self.critical,
            },
            lines: self.lines,
            aftermath: self.aftermath,
        }
    }
}

/// Game time in Melee Rounds when it ends within a battle (12 a minute),
/// else `None` with the delay in words for the record.
fn within_battle(time: &GameTime, dice: &mut Dice) -> (Option<u32>, String) {
    let roll = |e: &crate::dice::DiceExpr, dice: &mut Dice| e.resolve(1, 0).roll(dice);
    match time {
        GameTime::Instantly => (Some(0), "at once".into()),
        GameTime::Rounds(e) => {
            let r = roll(e, dice);
            (Some(r.total.max(0) as u32), format!("in {r} Melee Rounds"))
        }
        GameTime::Minutes(e) => {
            let r = roll(e, dice);
            (
                Some(r.total.max(0) as u32 * 12),
                format!("in {r} game minutes"),
            )
        }
        GameTime::Hours(e) => (None, format!("in {} game hours", roll(e, dice))),
        GameTime::Days(e) => (None, format!("in {} game days", roll(e, dice))),
    }
}

/// Shakhàn 16.13.5–16.13.13: resolve one hazard on a victim.
pub fn resolve(h: &Hazard, v: &Victim, t: &Tables, dice: &mut Dice) -> HazardOutcome {
    let mut o = Out::new(t);
    match h {
        Hazard::Poison {
            intensity,
            resist_dmod,
            sleeping,
        } => poison(&mut o, v, *intensity, *resist_dmod, *sleeping, dice),
        Hazard::Temperature { level, save_dmod } => {
            temperature(&mut o, v, *level, *save_dmod, dice)
        }
        Hazard::Fall { seconds } => impact(&mut o, v, t.hazards.fall_speed(*seconds), dice),
        Hazard::Impact { kmh } => impact(&mut o, v, *kmh, dice),
        Hazard::Acid {
            intensity,
            exposure,
        } => acid(&mut o, v, *intensity, *exposure, dice),
        Hazard::Suffocation { round, exerting } => suffocation(&mut o, v, *round, *exerting, dice),
        Hazard::LifeDrain { levels } => {
            // 16.13.12: Experience taken, a matter for the character sheet.
            let note = format!(
                "drained of {levels} Experience Level(s): the EXP of the last level(s) in the primary occupation comes off every occupation"
            );
            o.lines.push(note.clone());
            o.consequence(Consequence::Recorded(note.clone()));
            o.aftermath.push(note);
        }
        Hazard::Radiation { minutes, shielding } => radiation(&mut o, v, *minutes, shielding, dice),
    }
    o.finish()
}

/// Shakhàn 16.13.7: resist (Constitution × 3 by default) or suffer the row.
fn poison(
    o: &mut Out,
    v: &Victim,
    intensity: u32,
    resist_dmod: Option<f64>,
    sleeping: bool,
    dice: &mut Dice,
) {
    let t = o.t;
    let dmod = resist_dmod.unwrap_or(t.hazards.poison_resist_dmod);
    if dmod > 0.0
        && o.check(
            &format!(
                "resist poison {intensity}: Constitution {} × {dmod}",
                v.constitution
            ),
            f64::from(v.constitution) * dmod,
            dice,
        )
    {
        return;
    }
    let row = t.hazards.poison(intensity).clone();
    let sleep_instead = row.effect.as_ref().is_some_and(|e| e.instead_of_pain);
    if !(sleep_instead && sleeping) {
        let pain = o.roll("pain", row.pain.resolve(1, 0), dice);
        o.pain += f64::from(pain);
    }
    if let Some(d) = &row.body_damage {
        let points = o.roll("body damage", d.resolve(1, 0), dice);
        o.hurt(points);
    }
    let Some(effect) = row.effect.filter(|e| !e.instead_of_pain || sleeping) else {
        return;
    };
    let cw = v.constitution + v.willpower;
    let saved = match effect.save_dmod {
        Some(d) => o.check(
            &format!("Saving Throw (Constitution + Willpower) {cw} × {d}"),
            f64::from(cw) * d,
            dice,
        ),
        None => false,
    };
    if saved {
        return;
    }
    match &effect.on_failure {
        PoisonFailure::Sleep(time) => {
            let (rounds, words) = within_battle(time, dice);
            o.lines.push(format!("falls asleep, waking {words}"));
            o.consequence(Consequence::Unconscious {
                minutes: rounds.map(|r| r.div_ceil(12)),
            });
        }
        PoisonFailure::Paralysis(time) => {
            let (_, words) = within_battle(time, dice);
            o.lines
                .push(format!("paralysed in all four limbs, ending {words}"));
            o.consequence(Consequence::Incapacitated);
            o.aftermath
                .push(format!("poison paralysis wears off {words}"));
        }
        PoisonFailure::Death(time) => {
            let (rounds, words) = within_battle(time, dice);
            o.lines.push(format!("the poison kills {words}"));
            match rounds {
                Some(0) => o.consequence(Consequence::DiesNow),
                Some(r) => o.consequence(Consequence::DiesIn { rounds: r }),
                None => o.aftermath.push(format!("dies of the poison {words}")),
            }
        }
    }
}

/// Shakhàn 16.13.8: 1D6 a level, halved by a passed Saving Throw; one check
/// per 5 levels or part against a Critical Hit (the Referee's option).
fn temperature(o: &mut Out, v: &Victim, level: u32, save_dmod: Option<f64>, dice: &mut Dice) {
    let t = o.t;
    let ac = v.agility + v.constitution;
    let mut points = o.roll(
        "heat or cold damage",
        t.hazards.temperature_damage(level),
        dice,
    );
    let dmod = save_dmod.unwrap_or(t.hazards.temperature.half_damage_save_dmod);
    if o.check(
        &format!("Saving Throw (Agility + Constitution) {ac} × {dmod} for half"),
        f64::from(ac) * dmod,
        dice,
    ) {
        points /= 2;
    }
    o.hurt(points);
    if v.critical_checks {
        let c = t.hazards.temperature.critical_check_dmod;
        for _ in 0..t.hazards.temperature_critical_checks(level) {
            if !o.check(
                &format!("check against a Critical Hit, {ac} × {c}"),
                f64::from(ac) * c,
                dice,
            ) {
                o.critical_hit(v, 0, Concussion::None, dice);
            }
        }
    }
    o.permanence(dice);
}

/// Shakhàn 16.13.9: 1D3 per 10 km/h; one check per 30 km/h or part against
/// a concussive Critical Hit (located with a fall's +10, 16.15.3).
fn impact(o: &mut Out, v: &Victim, kmh: u32, dice: &mut Dice) {
    let t = o.t;
    o.lines.push(format!("impact at {kmh} km/h"));
    let points = o.roll("impact damage", t.hazards.impact_damage(kmh), dice);
    o.hurt(points);
    let ac = v.agility + v.constitution;
    let c = t.hazards.impact.critical_check_dmod;
    for _ in 0..t.hazards.impact_critical_checks(kmh) {
        if !o.check(
            &format!("check against a Critical Hit, {ac} × {c}"),
            f64::from(ac) * c,
            dice,
        ) {
            o.critical_hit(v, 10, Concussion::Full, dice);
        }
    }
}

/// Shakhàn 16.13.10: a spray may be dodged; otherwise 1D4 (immersion 1D6) a
/// level each round for 1D6 (2D6) rounds, a level less each round — all
/// applied at once (docs/RULINGS.md); the eyes may be reached.
fn acid(o: &mut Out, v: &Victim, intensity: u32, exposure: AcidExposure, dice: &mut Dice) {
    let t = o.t;
    if exposure == AcidExposure::Splash
        && o.check(
            &format!(
                "Dodge, Adjusted Agility {} × {}",
                v.adjusted_agility, v.dodge_dmod
            ),
            f64::from(v.adjusted_agility) * v.dodge_dmod,
            dice,
        )
    {
        return;
    }
    let row = t.hazards.acid(exposure).clone();
    let rounds = o.roll(
        "acid works for (rounds)",
        row.duration_rounds.resolve(1, 0),
        dice,
    );
    let loss = t.hazards.acid_rules.intensity_loss_per_round;
    let mut points = 0;
    for r in 0..rounds as u32 {
        let level = intensity.saturating_sub(r * loss);
        if level == 0 {
            break;
        }
        points += o.roll(
            &format!("round {} at intensity {level}:", r + 1),
            t.hazards.acid_damage(exposure, level),
            dice,
        );
    }
    o.hurt(points);
    let roll = dice.d100();
    let eyes = i32::from(roll.value()) <= i32::from(row.eye_chance);
    o.lines.push(format!(
        "eyes? rolled {roll} against {}: {}",
        row.eye_chance,
        if eyes { "reached" } else { "spared" }
    ));
    if eyes {
        let which = t.hazards.acid_eyes(dice.roll(10));
        let after = t
            .hazards
            .acid_rules
            .blindness_after_rounds
            .resolve(1, 0)
            .roll(dice);
        let note = format!(
            "acid in {which:?} eye(s): intense pain and blindness after {after} Melee Rounds unless washed out"
        );
        o.lines.push(note.clone());
        o.consequence(Consequence::Recorded(note));
    }
    o.permanence(dice);
}

/// Shakhàn 16.13.11: stay conscious on (Willpower + Constitution) × the
/// round's DMod, or pass out; brain damage follows later (recorded).
fn suffocation(o: &mut Out, v: &Victim, round: u32, exerting: bool, dice: &mut Dice) {
    let t = o.t;
    let dmod = t.hazards.oxygen_dmod(round, exerting);
    let wc = v.willpower + v.constitution;
    if !o.check(
        &format!("round {round} without air: (Willpower + Constitution) {wc} × {dmod}"),
        f64::from(wc) * dmod,
        dice,
    ) {
        o.consequence(Consequence::Unconscious { minutes: None });
        o.aftermath.push(format!(
            "passed out for lack of air: if still airless after {} rounds, loses {} Intelligence a round, permanently",
            t.hazards.oxygen.grace_rounds, t.hazards.oxygen.intelligence_loss_per_round
        ));
    }
}

/// Shakhàn 16.13.13: 2D6 (less the shielding) a game minute; the share of the
/// BDR lost picks the secondary effects, whose chances are rolled now.
fn radiation(
    o: &mut Out,
    v: &Victim,
    minutes: u32,
    shielding: &[(Shielding, u32)],
    dice: &mut Dice,
) {
    let t = o.t;
    let per_minute = t.hazards.radiation_damage(shielding);
    let mut points = 0;
    for m in 0..minutes {
        points += o.roll(&format!("minute {}:", m + 1), per_minute, dice);
    }
    o.hurt(points);
    let percent = if v.bdr > 0 {
        ((f64::from(points) * 100.0 / f64::from(v.bdr)).round() as i64).clamp(0, 100) as u8
    } else {
        100
    };
    let Some(p) = crate::dice::Percentile::new(percent) else {
        return;
    };
    o.lines.push(format!("{percent} % of the BDR lost"));
    let chance = |o: &mut Out, what: &str, c: u8, dice: &mut Dice| {
        let roll = dice.d100();
        let hit = i32::from(roll.value()) <= i32::from(c);
        o.lines.push(format!(
            "{what}: rolled {roll} against {c}: {}",
            if hit { "yes" } else { "no" }
        ));
        hit
    };
    for effect in t.hazards.radiation_effect(p).effects.clone() {
        match effect {
            RadiationEffect::Symptom(s) => o.aftermath.push(format!("radiation: {s:?}")),
            RadiationEffect::FatigueReserveFactor(f) => o
                .aftermath
                .push(format!("radiation: Fatigue Point Reserve × {f}")),
            RadiationEffect::Sterility(c) => {
                if chance(o, "sterile", c, dice) {
                    o.aftermath.push("radiation: sterile".into());
                }
            }
            RadiationEffect::Insanity {
                chance: c,
                mental_defects,
                after,
            } => {
                if chance(o, "insanity", c, dice) {
                    let (_, words) = within_battle(&after, dice);
                    let n = mental_defects.resolve(1, 0).roll(dice);
                    o.aftermath
                        .push(format!("radiation: {n} Mental Defects {words}"));
                }
            }
            RadiationEffect::UnconsciousUnlessCheck(d) => {
                let cw = v.constitution + v.willpower;
                if !o.check(
                    &format!("stay conscious, {cw} × {d}"),
                    f64::from(cw) * d,
                    dice,
                ) {
                    o.consequence(Consequence::Unconscious { minutes: None });
                }
            }
            RadiationEffect::Death {
                chance: c,
                after,
                otherwise,
            } => {
                if chance(o, "death", c, dice) {
                    let (rounds, words) = within_battle(&after, dice);
                    match rounds {
                        Some(r) => o.consequence(Consequence::DiesIn { rounds: r.max(1) }),
                        None => o.aftermath.push(format!("radiation: dies {words}")),
                    }
                } else if let Some(a) = otherwise {
                    let note = match a {
                        RadiationAftermath::MajorNervousDisorders(e) => {
                            format!("{} Major Nervous Disorders", e.resolve(1, 0).roll(dice))
                        }
                        RadiationAftermath::IntelligenceLoss(e) => {
                            format!("Intelligence −{}", e.resolve(1, 0).roll(dice))
                        }
                    };
                    o.aftermath.push(format!("radiation: {note}"));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
