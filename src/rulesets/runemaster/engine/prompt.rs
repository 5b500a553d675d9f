//! What the engine asks.

use crate::seam::FigureId;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Prompt {
    /// Rounds, Intent: this figure declares, sealed.
    Intent { figure: FigureId },
    /// Combat Resolution: this figure declares its defence against
    /// `attacker`'s declared attack.
    Defence {
        figure: FigureId,
        attacker: FigureId,
    },
    /// The battle is over.
    Over,
}
