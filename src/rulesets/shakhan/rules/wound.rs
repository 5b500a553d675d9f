//! What one blow did to its victim, with every die already rolled, so that
//! applying it to a [`Condition`](super::condition::Condition) needs no dice
//! and a replay reproduces it exactly.

use serde::{Deserialize, Serialize};

use super::BodyArea;
use super::tables::criticals::Requisite;

/// Shakhàn 16.10 (5a–5b), 16.13: one landed blow's consequences.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Wound {
    pub area: BodyArea,
    /// Damage points off the BDR (16.7), after any concussion fraction.
    pub damage: i32,
    /// Pain points (16.13.3: 0.5 per damage point, plus a critical's Pain
    /// with its multipliers).
    pub pain: f64,
    /// Tactic Cards the victim loses to imbalance (16.15.4 `(x)`).
    pub unbalanced: u8,
    /// New Bleeding from a critical hit (16.13.4).
    pub bleeding: Option<Bleed>,
    pub critical: Option<CriticalWound>,
}

/// Shakhàn 16.13.4: a bleeding wound: Fatigue Points lost each Melee Round.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Bleed {
    pub per_round: u32,
    /// Melee Rounds left (2D20 at first, 16.15.10 notes).
    pub rounds: u32,
    /// Internal bleeding is not seen by the players (16.15.10 notes).
    pub internal: bool,
}

/// Shakhàn 16.13.2, 16.15.5–10: the critical injuries of one blow (several
/// when a table says "Roll Twice" or "roll again").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CriticalWound {
    pub injuries: Vec<InjuryNote>,
    pub consequences: Vec<Consequence>,
    /// 16.13.5: a vital internal organ was damaged (long-term check after).
    pub internal_organ: bool,
}

/// The name is for the referee; the symptom is what the players are told
/// (16.10), unless the injury is obvious.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InjuryNote {
    pub name: String,
    pub symptom: String,
    pub obvious: bool,
}

/// A limb a critical hit can put out of use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Limb {
    Arm,
    Leg,
}

/// A critical hit's effect with its dice rolled, in the terms the battle
/// tracks. Effects that do not change a melee are `Recorded` for the sheet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Consequence {
    /// Out of the fight; `None` minutes when the table gives no end.
    Unconscious {
        minutes: Option<u32>,
    },
    /// Unconscious for days; dies at the end if `dies_at_end`.
    Coma {
        days: u32,
        dies_at_end: bool,
    },
    DiesNow,
    /// Dies after this many Melee Rounds (game minutes are 12 rounds).
    DiesIn {
        rounds: u32,
    },
    /// Cannot act from now on, though alive.
    Incapacitated,
    /// A requisite falls by this per cent of its score (points are converted
    /// to per cent of the current score when rolled).
    ReduceRequisite {
        requisite: Requisite,
        percent: u32,
    },
    ReduceCombatFactor {
        percent: u32,
    },
    LimbUnusable {
        limb: Limb,
    },
    /// The figure must pass a check or fall prone each round (16.15.10 legs).
    Paralysed {
        percent_of_limbs: u32,
    },
    /// For the campaign record: mute, blind in one eye, sterile, defects…
    Recorded(String),
}
