//! Shakhàn 16.13.4–16.13.6: checks the Referee makes after the battle, once
//! the wounds have healed, recorded per figure.

use serde::{Deserialize, Serialize};

use crate::rulesets::shakhan::rules::condition::Condition;
use crate::rulesets::shakhan::rules::wound::Consequence;

/// One check or note left for after the battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum AftermathCheck {
    /// 16.13.5: a vital organ was damaged: 70 − Disease Resistance per cent
    /// chance of ill effects (1D8 Constitution lost within 10 over, death in
    /// 1D20 days + 1D20 hours beyond), checked once the transitory damage heals.
    InternalOrgans,
    /// 16.13.6: invasive trauma from a Critical Hit: an infection check as a
    /// "Dangerous" disease, with the increases its injuries call for.
    Infection { increases: Vec<String> },
    /// 16.13.4: survived falling unconscious from loss of blood: wakes 1D20
    /// game hours after the bleeding stopped, then Strength, Constitution,
    /// Agility, Dexterity and BDR are halved for a game week (five days).
    BloodLoss,
    /// Something a hazard left (16.13.7–16.13.13): a delayed death,
    /// permanent damage, radiation sickness, drained levels.
    Note(String),
}

/// Shakhàn 16.13.4–16.13.6: the checks a living figure's condition calls
/// for (one that `bled_out`, unconscious from loss of blood, is weakened),
/// then the hazards' notes; none for the dead.
pub fn aftermath_checks(c: &Condition, bled_out: bool, notes: &[String]) -> Vec<AftermathCheck> {
    let mut out = Vec::new();
    // Healing, infection and weakness are the living's concern.
    if c.is_dead() {
        return out;
    }
    if bled_out {
        out.push(AftermathCheck::BloodLoss);
    }
    if c.internal_organ_damaged() {
        out.push(AftermathCheck::InternalOrgans);
    }
    if !c.injuries().is_empty() {
        let increases = c
            .recorded()
            .iter()
            .filter_map(|r| match r {
                Consequence::Recorded(s) if s.starts_with("infection") => Some(s.clone()),
                _ => None,
            })
            .collect();
        out.push(AftermathCheck::Infection { increases });
    }
    out.extend(notes.iter().cloned().map(AftermathCheck::Note));
    out
}
