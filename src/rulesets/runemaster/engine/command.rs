//! What a front end answers: a figure's sealed intent, a target's declared
//! defence.

use serde::{Deserialize, Serialize};

use crate::seam::FigureId;

/// Rounds, Intent: what a figure means to do this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Intent {
    /// A melee attack on a figure within the weapon's reach at the round's
    /// start (the basic rules engage only then).
    Attack(FigureId),
    /// Move toward a figure, Mv feet a SR, stopping within reach.
    Close(FigureId),
    /// Stand and watch.
    Hold,
}

/// Combat Resolution, Defense: what a target declares against an attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Defence {
    /// Parry with the weapon; a special parry deflects (halves the damage).
    Parry,
    /// Block with the shield.
    Block,
    Dodge,
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// A figure's intent, sealed until every figure has declared.
    Intent { figure: FigureId, intent: Intent },
    /// The target's defence against one declared attack.
    Defend {
        figure: FigureId,
        attacker: FigureId,
        defence: Defence,
    },
}
