//! The start of each Melee Round (16.13.3 Pain, 16.13.4 Bleeding, delayed
//! deaths and unconsciousness from 16.15.5–10, the legs' prone check of
//! 16.15.10): [`Condition::upkeep`] rolls, [`Condition::apply_upkeep`] applies.
//!
//! The steps, in order: a dying figure's countdown; bleeding drains Fatigue;
//! an unconscious figure bleeding out risks death once a game minute; a spell
//! of unconsciousness counts down; a conscious figure under 1 FP checks to stay
//! conscious; a newly reached pain level is checked; a figure on too few legs
//! checks to stay standing. Death ends the list.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Condition, Life, Morale, Withdrawal, plural, points};
use crate::dice::{Dice, Percentile, Rolled};
use crate::rulesets::shakhan::rules::tables::morale::PainFailure;
use crate::rulesets::shakhan::rules::tables::tables;

/// What the engine knows that the condition does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct UpkeepInput {
    /// The figure's Agility now ([`Condition::effective_requisites`]), for the
    /// 16.15.10 check against falling prone.
    pub agility: i32,
    /// 16.13.4: comrades attend the unconscious figure (pulled out, wounds
    /// bound): its chance of death does not grow.
    pub attended: bool,
    /// The battle goes on. After it, the pain checks (whose broken will
    /// flees the fight) and the legs' check to stay standing are not made.
    pub fighting: bool,
    /// 16.13.4 read to the letter (scenario option `faint_on_willpower`):
    /// Willpower × 2 is the chance to faint, not to stay conscious.
    pub faint_on_willpower: bool,
}

/// A d100 check: passed on a roll at or under the threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    pub threshold: i32,
    pub roll: Percentile,
}

impl Check {
    /// Roll d100 against `threshold`.
    pub fn roll(threshold: i32, dice: &mut Dice) -> Self {
        Check {
            threshold,
            roll: dice.d100(),
        }
    }

    pub fn passed(&self) -> bool {
        i32::from(self.roll.value()) <= self.threshold
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = if self.passed() { "passed" } else { "failed" };
        write!(
            f,
            "rolled {} against {}: {verdict}",
            self.roll, self.threshold
        )
    }
}

/// 16.13.4: one round of bleeding.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct BloodLoss {
    /// Fatigue Points lost this round.
    pub fatigue: f64,
    /// Bleeding wounds that ran their course with this round.
    pub ended: usize,
}

/// 16.13.4: a round unconscious, bleeding, with under 1 FP left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BleedingOut {
    /// Rounds so far, this one included.
    pub rounds: u32,
    /// Made when a game minute is complete.
    pub death: Option<DeathCheck>,
}

/// 16.13.4: the chance of dying of shock and blood loss in one game minute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeathCheck {
    /// 1-based game minute unconscious.
    pub minute: u32,
    /// Per cent (15, 30, … or a flat 15 when attended).
    pub chance: u32,
    pub roll: Percentile,
}

impl DeathCheck {
    pub fn died(&self) -> bool {
        u32::from(self.roll.value()) <= self.chance
    }
}

/// 16.13.3: what a failed pain check does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PainBreak {
    /// The will breaks: the figure tries to escape what hurts it.
    Evades,
    /// Out cold for these game minutes.
    Unconscious { minutes: Rolled },
}

/// 16.13.3: the check for one pain level.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PainCheckReport {
    /// Which level (0 = the lowest), so the lower ones count as checked too.
    pub level: u8,
    /// The level as a per cent of the Pain Reserve (50, 75, 100).
    pub percent: u32,
    /// The Willpower multiple (7, 5, 3).
    pub dmod: f64,
    pub check: Check,
    /// `None` when passed.
    pub failure: Option<PainBreak>,
}

/// Everything that happened to one figure at the start of a Melee Round, with
/// every roll. Steps that did not apply are `None`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct UpkeepReport {
    /// Rounds left of a delayed death after this round's tick; 0: died.
    pub dying: Option<u32>,
    pub bleeding: Option<BloodLoss>,
    pub bleeding_out: Option<BleedingOut>,
    /// Rounds of unconsciousness left after this round's tick; 0: came to.
    pub waking: Option<u32>,
    /// 16.13.4: under 1 FP, the check to stay conscious (Willpower × 2).
    pub stay_conscious: Option<Check>,
    /// 16.13.4 to the letter: that check passed means the figure faints.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub faint_on_pass: bool,
    pub pain: Option<PainCheckReport>,
    /// 16.15.10: half the legs or more unusable, the check to stay standing.
    pub stay_standing: Option<Check>,
}

impl UpkeepReport {
    /// Nothing happened: no event worth logging.
    pub fn is_empty(&self) -> bool {
        *self == UpkeepReport::default()
    }
}

impl Condition {
    /// Shakhàn 16.13.3, 16.13.4, 16.15.5–10: roll the start of a Melee Round
    /// for this figure. Pure: the state is changed only by
    /// [`Self::apply_upkeep`] with the report. The dead and the fled have none.
    pub fn upkeep(&self, input: &UpkeepInput, dice: &mut Dice) -> UpkeepReport {
        let mut report = UpkeepReport::default();
        // Each step sees what the steps before it did, on a copy made only
        // when one changes something: most figures, most rounds, none does.
        let mut s = Cow::Borrowed(self);
        if s.life == Life::Dead
            || matches!(s.withdrawn, Some(Withdrawal::Fled | Withdrawal::Removed))
        {
            return report;
        }
        let rules = &tables().morale;

        if let Some(left) = s.dying_in {
            report.dying = Some(left.saturating_sub(1));
            s.to_mut().tick_dying(report.dying);
            if s.life == Life::Dead {
                return report;
            }
        }

        if !s.bleeds.is_empty() {
            let per_point = rules.bleeding.fatigue_per_bleeding_point;
            report.bleeding = Some(BloodLoss {
                fatigue: s.bleeds.iter().map(|b| f64::from(b.per_round)).sum::<f64>() * per_point,
                ended: s.bleeds.iter().filter(|b| b.rounds <= 1).count(),
            });
            s.to_mut().bleed(report.bleeding.as_ref());
        }

        if report.bleeding.is_some() && s.is_out_cold() && s.is_exhausted() {
            let rounds = s.bleeding_out_rounds + 1;
            let per_minute = rules.bleeding.rounds_per_minute.max(1);
            let death = (rounds % per_minute == 0).then(|| {
                let minute = rounds / per_minute;
                DeathCheck {
                    minute,
                    chance: rules.bleeding.death_chance(minute, input.attended),
                    roll: dice.d100(),
                }
            });
            report.bleeding_out = Some(BleedingOut { rounds, death });
        }
        if report.bleeding_out.is_some() || s.bleeding_out_rounds != 0 {
            s.to_mut().bleed_out(report.bleeding_out.as_ref());
        }
        if s.life == Life::Dead {
            return report;
        }

        if let Life::Unconscious { rounds: Some(left) } = s.life {
            report.waking = Some(left.saturating_sub(1));
            s.to_mut().tick_unconscious(report.waking);
        }

        if s.life == Life::Active && s.is_exhausted() {
            let threshold = scaled(
                s.reserves.willpower,
                rules.bleeding.conscious_willpower_dmod,
            );
            report.stay_conscious = Some(Check::roll(threshold, dice));
            report.faint_on_pass = input.faint_on_willpower;
            s.to_mut()
                .stay_conscious(report.stay_conscious.as_ref(), report.faint_on_pass);
        }

        if s.life == Life::Active && input.fighting {
            report.pain = s.pain_check(dice);
            if report.pain.is_some() {
                s.to_mut().feel_pain(report.pain.as_ref());
            }
        }

        if s.life == Life::Active && !s.prone && input.fighting {
            if let Some(dmod) = s.prone_check_dmod() {
                report.stay_standing = Some(Check::roll(input.agility * i32::from(dmod), dice));
            }
        }
        report
    }

    /// Apply a report of [`Self::upkeep`]: no dice, the same change every time.
    pub fn apply_upkeep(&mut self, report: &UpkeepReport) {
        self.tick_dying(report.dying);
        if self.life == Life::Dead {
            return;
        }
        self.bleed(report.bleeding.as_ref());
        self.bleed_out(report.bleeding_out.as_ref());
        if self.life == Life::Dead {
            return;
        }
        self.tick_unconscious(report.waking);
        self.stay_conscious(report.stay_conscious.as_ref(), report.faint_on_pass);
        self.feel_pain(report.pain.as_ref());
        if report.stay_standing.is_some_and(|c| !c.passed()) {
            self.prone = true;
        }
    }

    /// Unconscious or in a coma.
    fn is_out_cold(&self) -> bool {
        matches!(self.life, Life::Unconscious { .. } | Life::Coma)
    }

    fn tick_dying(&mut self, left: Option<u32>) {
        match left {
            Some(0) => self.die(),
            Some(n) => self.dying_in = Some(n),
            None => {}
        }
    }

    /// 16.13.4: every bleed drains its points and counts a round off.
    fn bleed(&mut self, loss: Option<&BloodLoss>) {
        if let Some(loss) = loss {
            self.drain(loss.fatigue);
            for b in &mut self.bleeds {
                b.rounds = b.rounds.saturating_sub(1);
            }
            self.bleeds.retain(|b| b.rounds > 0);
        }
    }

    fn bleed_out(&mut self, step: Option<&BleedingOut>) {
        self.bleeding_out_rounds = step.map_or(0, |b| b.rounds);
        if step.and_then(|b| b.death).is_some_and(|d| d.died()) {
            self.die();
        }
    }

    fn tick_unconscious(&mut self, left: Option<u32>) {
        match left {
            Some(0) => self.life = Life::Active,
            Some(n) => self.life = Life::Unconscious { rounds: Some(n) },
            None => {}
        }
    }

    /// 16.13.4: the check failed (or, read to the letter, passed): faints.
    fn stay_conscious(&mut self, check: Option<&Check>, faint_on_pass: bool) {
        if check.is_some_and(|c| c.passed() == faint_on_pass) {
            self.knock_out(None);
        }
    }

    /// 16.13.3: the highest pain level reached and not yet checked, rolled.
    fn pain_check(&self, dice: &mut Dice) -> Option<PainCheckReport> {
        let checks = tables().morale.pain_checks();
        let reserve = f64::from(self.reserves.pain_reserve.max(0));
        let (level, check) = checks
            .iter()
            .enumerate()
            .rev()
            .find(|(_, c)| self.pain >= c.at_fraction * reserve)?;
        if level < usize::from(self.pain_checks_made) {
            return None;
        }
        let check_roll = Check::roll(scaled(self.reserves.willpower, check.willpower_dmod), dice);
        let failure = (!check_roll.passed()).then(|| match &check.on_failure {
            PainFailure::Evade => PainBreak::Evades,
            PainFailure::Unconscious(minutes) => PainBreak::Unconscious {
                minutes: minutes
                    .flat()
                    .expect("the pain table's minutes are plain dice")
                    .roll(dice),
            },
        });
        Some(PainCheckReport {
            level: level as u8,
            percent: (check.at_fraction * 100.0).round() as u32,
            dmod: check.willpower_dmod,
            check: check_roll,
            failure,
        })
    }

    fn feel_pain(&mut self, report: Option<&PainCheckReport>) {
        let Some(report) = report else { return };
        self.pain_checks_made = self.pain_checks_made.max(report.level + 1);
        match &report.failure {
            // A figure already routed keeps running as it was.
            Some(PainBreak::Evades) if !matches!(self.morale, Morale::Routed(_)) => {
                self.morale = Morale::Broken;
            }
            None | Some(PainBreak::Evades) => {}
            Some(PainBreak::Unconscious { minutes }) => {
                let per_minute = tables().morale.bleeding.rounds_per_minute;
                let minutes = u32::try_from(minutes.total).unwrap_or(0);
                self.knock_out(Some(minutes.saturating_mul(per_minute)));
            }
        }
    }
}

/// A Willpower check threshold: Willpower × DMod, to the nearest whole number.
fn scaled(willpower: i32, dmod: f64) -> i32 {
    (f64::from(willpower) * dmod).round() as i32
}

impl fmt::Display for UpkeepReport {
    /// The round's upkeep in plain words, one clause per step.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        match self.dying {
            Some(0) => parts.push("dies of a mortal wound".into()),
            Some(n) => parts.push(format!("mortally wounded: {n} round{} to live", plural(n))),
            None => {}
        }
        if let Some(b) = &self.bleeding {
            let mut s = format!(
                "bleeds {} Fatigue Point{}",
                points(b.fatigue),
                plural_f(b.fatigue)
            );
            if b.ended > 0 {
                s.push_str(&format!(
                    " ({} bleeding wound{} stop{})",
                    b.ended,
                    plural(b.ended as u32),
                    if b.ended == 1 { "s" } else { "" }
                ));
            }
            parts.push(s);
        }
        if let Some(b) = &self.bleeding_out {
            match &b.death {
                None => parts.push(format!(
                    "unconscious and bleeding out ({} round{})",
                    b.rounds,
                    plural(b.rounds)
                )),
                Some(d) => parts.push(format!(
                    "bleeding out, minute {}: {} % chance of death, rolled {}: {}",
                    d.minute,
                    d.chance,
                    d.roll,
                    if d.died() {
                        "dies of blood loss"
                    } else {
                        "survives"
                    }
                )),
            }
        }
        match self.waking {
            Some(0) => parts.push("comes to".into()),
            Some(n) => parts.push(format!("unconscious, {n} round{} more", plural(n))),
            None => {}
        }
        if let Some(c) = &self.stay_conscious {
            let end = if c.passed() != self.faint_on_pass {
                "stays conscious"
            } else {
                "faints"
            };
            let reading = if self.faint_on_pass {
                " (the chance to faint)"
            } else {
                ""
            };
            parts.push(format!(
                "under 1 Fatigue Point, Willpower check{reading} {c}: {end}"
            ));
        }
        if let Some(p) = &self.pain {
            let end = match &p.failure {
                None => "bears it".to_string(),
                Some(PainBreak::Evades) => "the will breaks, tries to escape the pain".to_string(),
                Some(PainBreak::Unconscious { minutes }) => {
                    format!("passes out for {minutes} game minutes")
                }
            };
            parts.push(format!(
                "pain at {} % of the reserve, Willpower × {} check {}: {end}",
                p.percent,
                points(p.dmod),
                p.check
            ));
        }
        if let Some(c) = &self.stay_standing {
            let end = if c.passed() {
                "keeps its feet"
            } else {
                "falls prone"
            };
            parts.push(format!("on crippled legs, Agility check {c}: {end}"));
        }
        if parts.is_empty() {
            f.write_str("nothing to note")
        } else {
            f.write_str(&parts.join("; "))
        }
    }
}

fn plural_f(v: f64) -> &'static str {
    if v == 1.0 { "" } else { "s" }
}
