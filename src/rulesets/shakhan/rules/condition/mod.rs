//! A figure's running state in a battle: damage, pain, fatigue, bleeding,
//! consciousness, morale and crippling injuries (Shakhàn 16.6, 16.7, 16.9.6,
//! 16.13.1–16.13.4, 16.15.9–10).
//!
//! The state changes only by applying events, and applying never rolls dice.
//! Each rule is a pair: a pure function that takes the state and the [`Dice`]
//! and returns a report holding every roll ([`Condition::upkeep`],
//! [`Condition::morale_check`]), and an `apply_*` that changes the state from
//! that report alone ([`Condition::apply_upkeep`], [`Condition::apply_morale`]).
//! Blows arrive already rolled as a [`Wound`] ([`Condition::apply_wound`]).
//! Every reading of the rules made here is in `docs/RULINGS.md`.
//!
//! [`Dice`]: crate::dice::Dice

mod body;
mod cards;
mod morale;
mod referee;
#[cfg(test)]
mod tests;
mod upkeep;

pub use body::Limbs;
pub use cards::{CardConstraint, CardLimit, PlayedCard, round_fatigue};
pub use morale::{
    MagicEdge, MoraleCause, MoraleModifier, MoraleReport, MoraleResult, MoraleRoll,
    MoraleSituation, MoraleSource, SideFortune, StandingBasis, wound_calls_for_morale,
};
pub use referee::Healing;
pub use upkeep::{
    BleedingOut, BloodLoss, Check, DeathCheck, PainBreak, PainCheckReport, UpkeepInput,
    UpkeepReport,
};

use std::fmt;

use serde::{Deserialize, Serialize};

use super::character::{Character, Factors};
use super::tables::criticals::Requisite;
use super::tables::morale::MoraleOutcome;
use super::tables::tables;
use super::wound::{Bleed, Consequence, InjuryNote, Limb, Wound};

/// The fixed factors a figure's condition is measured against, from its sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reserves {
    /// Body Damage Reserve (16.7).
    pub bdr: i32,
    /// Fatigue Point Reserve (16.6).
    pub fpr: i32,
    /// Pain Reserve (16.13.3), usually twice Willpower.
    pub pain_reserve: i32,
    /// Original Willpower: pain, bleeding and morale checks use it (16.9.6,
    /// 16.13.3, 16.13.4).
    pub willpower: i32,
}

impl Reserves {
    /// The reserves of a figure with these derived factors and Willpower.
    pub fn of(factors: &Factors, willpower: i32) -> Self {
        Reserves {
            bdr: factors.bdr,
            fpr: factors.fpr,
            pain_reserve: factors.pain_reserve,
            willpower,
        }
    }
}

/// How a figure starts the battle, as a scenario gives it.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct StartingState {
    pub prone: bool,
    /// Damage points already off the BDR.
    pub damage: i32,
    pub pain: f64,
    /// Fatigue Points already spent.
    pub fatigue: f64,
    /// Bleeding points (Fatigue Points lost) per Melee Round…
    pub bleeding: u32,
    /// …for this many more Melee Rounds.
    pub bleeding_rounds: u32,
}

/// Whether a figure is awake, and alive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Life {
    Active,
    /// Out cold; `None`: no end within the battle.
    Unconscious {
        rounds: Option<u32>,
    },
    /// 16.7: BDR at 0, or a critical's coma: out for the rest of the battle.
    Coma,
    Dead,
}

/// A figure that has left the fight without being struck down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Withdrawal {
    /// Ran off the Tactical Display.
    Fled,
    /// Gave up and begged for mercy (16.9.6, cornered).
    Surrendered,
    /// Taken off the field by the Referee (docs/RULINGS.md).
    Removed,
}

/// 16.9.6: what the last Morale Check (or a failed pain check) left the
/// figure feeling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Morale {
    /// No check yet, or passed one.
    Steady,
    /// Fights on grimly; `exempt_next` until the one check it excuses comes.
    Determined { exempt_next: bool },
    /// Fights to the death; exempt from every further check of this melee.
    Fanatic,
    /// Edges away from the fight.
    Shaken,
    /// Runs from the scene; surrenders when cornered.
    Routed(Rout),
    /// 16.13.3: a failed pain check broke its will: it tries to get away from
    /// what hurts it, as a routed figure does.
    Broken,
}

/// 16.9.6: the flight of a Partly Demoralized figure or worse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rout {
    pub outcome: MoraleOutcome,
    /// Game minutes it keeps running.
    pub minutes: u32,
    /// Per-cent chance it comes back to the scene afterwards.
    pub return_chance: u8,
}

/// A requisite cut by a critical hit (16.15.5–10), per cent of its score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequisiteCut {
    pub requisite: Requisite,
    pub percent: u32,
}

/// The one word a map marker shows, most serious first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    Dead,
    Coma,
    Unconscious,
    Fled,
    Surrendered,
    Incapacitated,
    /// Taken off the field by the Referee: not drawn.
    Removed,
    /// Routed or broken by pain: running away.
    Fleeing,
    Shaken,
    Fighting,
}

/// A figure's running state during a battle. Changed only by the `apply_*`
/// methods, so that a replay of the same events rebuilds it exactly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Condition {
    reserves: Reserves,
    limbs: Limbs,
    /// Damage points taken off the BDR (16.7).
    damage: i32,
    /// Running Pain total (16.13.3).
    pain: f64,
    /// Fatigue Points spent or bled, never more than the FPR (16.6, 16.13.4).
    fatigue_lost: f64,
    bleeds: Vec<Bleed>,
    life: Life,
    /// 16.15.5–10: cannot act from now on, though alive.
    incapacitated: bool,
    withdrawn: Option<Withdrawal>,
    prone: bool,
    /// Tactic Cards still to be lost to imbalance (16.15.4 `(x)`).
    cards_to_lose: u8,
    /// Melee Rounds until a critical's delayed death.
    dying_in: Option<u32>,
    requisite_cuts: Vec<RequisiteCut>,
    /// 16.15.7: per-cent cuts to the Combat Factor.
    cf_cuts: Vec<u32>,
    arms_unusable: u8,
    legs_unusable: u8,
    /// How many of the 16.13.3 pain levels (lowest first) have been checked.
    pain_checks_made: u8,
    /// Melee Rounds spent unconscious while bleeding with under 1 FP (16.13.4).
    bleeding_out_rounds: u32,
    morale: Morale,
    injuries: Vec<InjuryNote>,
    /// Consequences for after the battle (comas' days, defects, …).
    recorded: Vec<Consequence>,
    /// 16.13.5: a vital organ was damaged; check for long-term damage later.
    internal_organ: bool,
}

impl Condition {
    /// A figure entering the battle with `reserves` and `limbs`, in the state
    /// `start` gives. Damage at or past the BDR already counts (16.7); a pain
    /// level already reached is checked at the first upkeep (16.13.3).
    pub fn new(reserves: Reserves, limbs: Limbs, start: &StartingState) -> Self {
        let mut c = Condition {
            reserves,
            limbs,
            damage: start.damage.max(0),
            pain: non_negative(start.pain),
            fatigue_lost: 0.0,
            bleeds: Vec::new(),
            life: Life::Active,
            incapacitated: false,
            withdrawn: None,
            prone: start.prone,
            cards_to_lose: 0,
            dying_in: None,
            requisite_cuts: Vec::new(),
            cf_cuts: Vec::new(),
            arms_unusable: 0,
            legs_unusable: 0,
            pain_checks_made: 0,
            bleeding_out_rounds: 0,
            morale: Morale::Steady,
            injuries: Vec::new(),
            recorded: Vec::new(),
            internal_organ: false,
        };
        c.drain(start.fatigue);
        if start.bleeding > 0 && start.bleeding_rounds > 0 {
            c.bleeds.push(Bleed {
                per_round: start.bleeding,
                rounds: start.bleeding_rounds,
                internal: false,
            });
        }
        c.check_bdr();
        c
    }

    /// [`Self::new`] for a character sheet and its derived factors: the
    /// reserves from the factors and its Willpower, the limbs of its body form.
    pub fn for_character(character: &Character, factors: &Factors, start: &StartingState) -> Self {
        Condition::new(
            Reserves::of(factors, character.requisites.willpower),
            Limbs::of(character.body_form),
            start,
        )
    }

    /// Shakhàn 16.7, 16.13.1–16.13.4, 16.15.4–10: one landed blow. Damage comes
    /// off the BDR (0 left: coma; below 0: dead), Pain adds up, imbalance costs
    /// cards, new Bleeding drains its first round at once, and a critical's
    /// consequences take hold. No dice: everything was rolled into the wound.
    pub fn apply_wound(&mut self, wound: &Wound) {
        self.damage = self.damage.saturating_add(wound.damage.max(0));
        self.pain += non_negative(wound.pain);
        self.cards_to_lose = self.cards_to_lose.saturating_add(wound.unbalanced);
        if let Some(bleed) = wound.bleeding {
            self.start_bleed(bleed);
        }
        if let Some(critical) = &wound.critical {
            self.injuries.extend(critical.injuries.iter().cloned());
            self.internal_organ |= critical.internal_organ;
            for consequence in &critical.consequences {
                self.suffer(consequence);
            }
        }
        self.check_bdr();
    }

    /// Shakhàn 16.6, 16.9.1: pay the Fatigue Points of the round's cards
    /// ([`round_fatigue`]). Fatigue lost never exceeds the FPR.
    pub fn spend_fatigue(&mut self, points: f64) {
        self.drain(points);
    }

    /// Shakhàn 16.15.4 `(x)`: of the `written` cards the figure is about to
    /// play, how many are lost to imbalance (the first ones); those are struck
    /// off what it still owes.
    pub fn take_lost_cards(&mut self, written: u8) -> u8 {
        let lost = written.min(self.cards_to_lose);
        self.cards_to_lose -= lost;
        lost
    }

    /// The figure is knocked or falls down (a throw, a failed combined action:
    /// the engine's rules; 16.15.10's legs check is part of the upkeep).
    pub fn fall_prone(&mut self) {
        self.prone = true;
    }

    /// The figure gets back on its feet; one out cold stays down.
    pub fn stand_up(&mut self) {
        if self.life == Life::Active {
            self.prone = false;
        }
    }

    /// The figure leaves the fight: runs off the display, or surrenders when a
    /// rout corners it (16.9.6). Only a conscious figure can; otherwise nothing
    /// changes.
    pub fn withdraw(&mut self, how: Withdrawal) {
        if self.life == Life::Active {
            self.withdrawn = Some(how);
        }
    }

    /// Dead, unconscious, in a coma, incapacitated, fled or surrendered: the
    /// figure no longer counts for its side.
    pub fn is_out(&self) -> bool {
        self.life != Life::Active || self.incapacitated || self.withdrawn.is_some()
    }

    /// May write Tactic Cards this round: the other side of [`Self::is_out`].
    /// Which cards, see [`Self::allowed_cards`].
    pub fn can_act(&self) -> bool {
        !self.is_out()
    }

    pub fn is_dead(&self) -> bool {
        self.life == Life::Dead
    }

    /// BDR points left (16.7); negative once dead of damage.
    pub fn bdr_left(&self) -> i32 {
        self.reserves.bdr.saturating_sub(self.damage)
    }

    /// Fatigue Points left (16.6), never below 0.
    pub fn fatigue_left(&self) -> f64 {
        (self.fpr() - self.fatigue_lost).max(0.0)
    }

    /// 16.13.4: under 1 Fatigue Point left: strenuous activity is over and
    /// consciousness is at risk every round.
    pub fn is_exhausted(&self) -> bool {
        self.fatigue_left() < tables().morale.bleeding.unconscious_below_fatigue
    }

    pub fn reserves(&self) -> &Reserves {
        &self.reserves
    }

    pub fn limbs(&self) -> Limbs {
        self.limbs
    }

    pub fn damage(&self) -> i32 {
        self.damage
    }

    pub fn pain(&self) -> f64 {
        self.pain
    }

    pub fn fatigue_lost(&self) -> f64 {
        self.fatigue_lost
    }

    pub fn bleeds(&self) -> &[Bleed] {
        &self.bleeds
    }

    /// Fatigue Points bled each round, internal bleeding included.
    pub fn bleeding_per_round(&self) -> u32 {
        self.bleeds.iter().map(|b| b.per_round).sum()
    }

    /// Bleeding the players can see (16.15.10 notes: internal bleeding shows
    /// only to careful observation).
    pub fn visible_bleeding_per_round(&self) -> u32 {
        self.bleeds
            .iter()
            .filter(|b| !b.internal)
            .map(|b| b.per_round)
            .sum()
    }

    pub fn life(&self) -> Life {
        self.life
    }

    pub fn is_incapacitated(&self) -> bool {
        self.incapacitated
    }

    pub fn withdrawn(&self) -> Option<Withdrawal> {
        self.withdrawn
    }

    pub fn is_prone(&self) -> bool {
        self.prone
    }

    pub fn cards_to_lose(&self) -> u8 {
        self.cards_to_lose
    }

    /// Melee Rounds until a delayed death, if one is coming.
    pub fn dying_in(&self) -> Option<u32> {
        self.dying_in
    }

    pub fn requisite_cuts(&self) -> &[RequisiteCut] {
        &self.requisite_cuts
    }

    pub fn combat_factor_cuts(&self) -> &[u32] {
        &self.cf_cuts
    }

    pub fn arms_unusable(&self) -> u8 {
        self.arms_unusable
    }

    pub fn legs_unusable(&self) -> u8 {
        self.legs_unusable
    }

    /// How many of the 16.13.3 pain levels, lowest first, have been checked.
    pub fn pain_checks_made(&self) -> u8 {
        self.pain_checks_made
    }

    pub fn morale(&self) -> Morale {
        self.morale
    }

    pub fn injuries(&self) -> &[InjuryNote] {
        &self.injuries
    }

    /// Consequences kept for after the battle.
    pub fn recorded(&self) -> &[Consequence] {
        &self.recorded
    }

    /// 16.13.5: check for long-term organ damage after recovery.
    pub fn internal_organ_damaged(&self) -> bool {
        self.internal_organ
    }

    /// The one word for a map marker.
    pub fn status(&self) -> Status {
        match (self.life, self.withdrawn) {
            (_, Some(Withdrawal::Removed)) => Status::Removed,
            (Life::Dead, _) => Status::Dead,
            (Life::Coma, _) => Status::Coma,
            (Life::Unconscious { .. }, _) => Status::Unconscious,
            (Life::Active, Some(Withdrawal::Fled)) => Status::Fled,
            (Life::Active, Some(Withdrawal::Surrendered)) => Status::Surrendered,
            (Life::Active, None) if self.incapacitated => Status::Incapacitated,
            (Life::Active, None) => match self.morale {
                Morale::Routed(_) | Morale::Broken => Status::Fleeing,
                Morale::Shaken => Status::Shaken,
                _ => Status::Fighting,
            },
        }
    }

    fn fpr(&self) -> f64 {
        f64::from(self.reserves.fpr.max(0))
    }

    /// Fatigue lost, held within 0..=FPR.
    fn drain(&mut self, points: f64) {
        self.fatigue_lost = (self.fatigue_lost + non_negative(points)).min(self.fpr());
    }

    /// 16.13.4, 16.15.10 notes: Bleeding starts at once: its first round's
    /// Fatigue Points go now, the rest at each upkeep.
    fn start_bleed(&mut self, bleed: Bleed) {
        if bleed.per_round == 0 || bleed.rounds == 0 {
            return;
        }
        self.drain(
            f64::from(bleed.per_round) * tables().morale.bleeding.fatigue_per_bleeding_point,
        );
        if bleed.rounds > 1 {
            self.bleeds.push(Bleed {
                rounds: bleed.rounds - 1,
                ..bleed
            });
        }
    }

    /// 16.13.2, 16.15.5–10: one consequence of a critical hit.
    fn suffer(&mut self, consequence: &Consequence) {
        match consequence {
            Consequence::Unconscious { minutes } => {
                let per_minute = tables().morale.bleeding.rounds_per_minute;
                self.knock_out(minutes.map(|m| m.saturating_mul(per_minute)));
            }
            Consequence::Coma { .. } => {
                self.fall_into_coma();
                self.recorded.push(consequence.clone());
            }
            Consequence::DiesNow => self.die(),
            Consequence::DiesIn { rounds } => {
                self.dying_in = Some(self.dying_in.map_or(*rounds, |d| d.min(*rounds)));
            }
            Consequence::Incapacitated => self.incapacitated = true,
            Consequence::ReduceRequisite { requisite, percent } => {
                self.requisite_cuts.push(RequisiteCut {
                    requisite: *requisite,
                    percent: *percent,
                });
            }
            Consequence::ReduceCombatFactor { percent } => self.cf_cuts.push(*percent),
            Consequence::LimbUnusable { limb: Limb::Arm } => {
                self.arms_unusable = (self.arms_unusable + 1).min(self.limbs.arms);
            }
            Consequence::LimbUnusable { limb: Limb::Leg } => {
                self.legs_unusable = (self.legs_unusable + 1).min(self.limbs.legs);
            }
            Consequence::Paralysed { percent_of_limbs } => self.paralyse(*percent_of_limbs),
            Consequence::Recorded(_) => self.recorded.push(consequence.clone()),
        }
    }

    /// 16.15.6–8: paralysis of a per cent of all limbs, fractions rounded up,
    /// legs first (ruling), limbs already unusable among them.
    fn paralyse(&mut self, percent: u32) {
        let total = u32::from(self.limbs.arms) + u32::from(self.limbs.legs);
        let limbs = (percent.min(100) * total).div_ceil(100);
        let legs = limbs.min(u32::from(self.limbs.legs));
        let arms = (limbs - legs).min(u32::from(self.limbs.arms));
        self.legs_unusable = self.legs_unusable.max(legs as u8);
        self.arms_unusable = self.arms_unusable.max(arms as u8);
    }

    /// 16.7: BDR at 0 is a coma, below 0 death.
    fn check_bdr(&mut self) {
        match self.bdr_left() {
            left if left < 0 => self.die(),
            0 => self.fall_into_coma(),
            _ => {}
        }
    }

    /// Unconscious for `rounds` (`None`: no end); a longer spell already under
    /// way, a coma or death stays.
    fn knock_out(&mut self, rounds: Option<u32>) {
        self.life = match self.life {
            Life::Active => Life::Unconscious { rounds },
            Life::Unconscious { rounds: now } => Life::Unconscious {
                rounds: now.zip(rounds).map(|(a, b)| a.max(b)),
            },
            other => other,
        };
        self.prone = true;
    }

    fn fall_into_coma(&mut self) {
        if self.life != Life::Dead {
            self.life = Life::Coma;
            self.prone = true;
        }
    }

    fn die(&mut self) {
        self.life = Life::Dead;
        self.dying_in = None;
        self.prone = true;
    }
}

/// A finite, non-negative amount (a NaN or a negative adds nothing).
fn non_negative(x: f64) -> f64 {
    if x.is_finite() { x.max(0.0) } else { 0.0 }
}

impl fmt::Display for Life {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Life::Active => f.write_str("conscious"),
            Life::Unconscious { rounds: None } => f.write_str("unconscious"),
            Life::Unconscious { rounds: Some(r) } => {
                write!(f, "unconscious for {r} more round{}", plural(*r))
            }
            Life::Coma => f.write_str("in a coma"),
            Life::Dead => f.write_str("dead"),
        }
    }
}

impl fmt::Display for Morale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Morale::Steady => f.write_str("steady"),
            Morale::Determined { exempt_next: true } => {
                f.write_str("determined (excused the next morale check)")
            }
            Morale::Determined { exempt_next: false } => f.write_str("determined"),
            Morale::Fanatic => f.write_str("fanatically determined"),
            Morale::Shaken => f.write_str("shaken"),
            Morale::Routed(r) => write!(
                f,
                "{} (running for {} game minute{}, {} % chance to come back)",
                outcome_words(r.outcome),
                r.minutes,
                plural(r.minutes),
                r.return_chance
            ),
            Morale::Broken => f.write_str("broken by pain"),
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Dead => "dead",
            Status::Coma => "coma",
            Status::Unconscious => "unconscious",
            Status::Fled => "fled",
            Status::Surrendered => "surrendered",
            Status::Incapacitated => "incapacitated",
            Status::Removed => "removed",
            Status::Fleeing => "fleeing",
            Status::Shaken => "shaken",
            Status::Fighting => "fighting",
        })
    }
}

impl fmt::Display for Condition {
    /// One line for the figure panel, e.g. `BDR 12/20, FP 30/37, Pain 6/22,
    /// bleeding 2/round, prone, shaken`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = &self.reserves;
        write!(
            f,
            "BDR {}/{}, FP {}/{}, Pain {}/{}",
            self.bdr_left(),
            r.bdr,
            points(self.fatigue_left()),
            r.fpr,
            points(self.pain),
            r.pain_reserve
        )?;
        let bleeding = self.bleeding_per_round();
        if bleeding > 0 {
            write!(f, ", bleeding {bleeding}/round")?;
        }
        if let Some(rounds) = self.dying_in {
            write!(f, ", dying in {rounds} round{}", plural(rounds))?;
        }
        if self.prone {
            f.write_str(", prone")?;
        }
        if self.cards_to_lose > 0 {
            write!(
                f,
                ", unbalanced ({} card{})",
                self.cards_to_lose,
                plural(u32::from(self.cards_to_lose))
            )?;
        }
        for (n, limb) in [(self.arms_unusable, "arm"), (self.legs_unusable, "leg")] {
            if n > 0 {
                write!(f, ", {n} {limb}{} useless", plural(u32::from(n)))?;
            }
        }
        if self.life != Life::Active {
            write!(f, ", {}", self.life)?;
        }
        match self.withdrawn {
            Some(Withdrawal::Fled) => f.write_str(", fled")?,
            Some(Withdrawal::Surrendered) => f.write_str(", surrendered")?,
            Some(Withdrawal::Removed) => f.write_str(", removed")?,
            None => {}
        }
        if self.incapacitated {
            f.write_str(", incapacitated")?;
        }
        if self.morale != Morale::Steady {
            write!(f, ", {}", self.morale)?;
        }
        Ok(())
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

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// 16.9.6: an outcome in plain words.
fn outcome_words(o: MoraleOutcome) -> &'static str {
    match o {
        MoraleOutcome::FanaticallyDetermined => "fanatically determined",
        MoraleOutcome::Determined => "determined",
        MoraleOutcome::Steady => "steady",
        MoraleOutcome::Shaken => "shaken",
        MoraleOutcome::PartlyDemoralized => "partly demoralized",
        MoraleOutcome::Demoralized => "demoralized",
        MoraleOutcome::CompletelyDemoralized => "completely demoralized",
    }
}
