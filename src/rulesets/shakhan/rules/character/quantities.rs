//! Newtypes for the game quantities derived from a character sheet, so a CF
//! cannot be added to an AP by mistake.

use std::fmt;

use serde::Serialize;

/// Shakhàn 16.4: Combat Factor, a whole number (fractions rounded to nearest).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct CombatFactor(pub i32);

/// Shakhàn 16.5: Missile Factor, a whole number that may be negative.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct MissileFactor(pub i32);

/// Shakhàn 16.8: metres a character can move in a Melee Round. Fractional
/// once encumbrance halves it.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Serialize)]
#[serde(transparent)]
pub struct MovementAllowance(pub f64);

/// Shakhàn 16.9.4: Action Points, awarded per round from the MA and the best
/// card played, spent on movement and actions. Halves are common (B = 1.5 × MA).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default, Serialize)]
#[serde(transparent)]
pub struct ActionPoints(pub f64);

impl ActionPoints {
    /// The share of a round's award usable per one-second pulse (16.9.8: / 5).
    pub fn per_pulse(self) -> ActionPoints {
        ActionPoints(self.0 / 5.0)
    }
}

/// Whole numbers print bare; fractions with one decimal ("10.5").
fn fmt_points(v: f64, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if v.fract() == 0.0 {
        write!(f, "{v:.0}")
    } else {
        write!(f, "{v:.1}")
    }
}

impl fmt::Display for MovementAllowance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_points(self.0, f)
    }
}

impl fmt::Display for ActionPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_points(self.0, f)
    }
}

impl fmt::Display for CombatFactor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Display for MissileFactor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
