//! A simple AI: each figure attacks the nearest enemy within its reach, or
//! closes on the nearest; it blocks when it has a shield, parries when its
//! weapon can, else dodges.

use super::engine::{Battle, Command, Defence, Intent, Prompt};
use super::rules::tables::Engage;
use crate::seam::FigureId;

/// The AI's intent for figure `i`.
pub fn intent(b: &Battle, i: usize) -> Intent {
    let me = b.sheet(i).side;
    let nearest = (0..b.figs().len())
        .filter(|&t| b.sheet(t).side != me && b.figs()[t].able())
        .min_by_key(|&t| (b.distance(i, t), t));
    match nearest {
        Some(t) if b.engage(i, t) != Engage::Out => Intent::Attack(FigureId(t)),
        Some(t) if !b.figs()[i].prone => Intent::Close(FigureId(t)),
        _ => Intent::Hold,
    }
}

/// The AI's defence for figure `i`.
pub fn defence(b: &Battle, i: usize) -> Defence {
    let (weapon, skill) = b.weapon(i);
    let sheet = b.sheet(i);
    match &sheet.shield {
        Some((_, block)) if b.has_shield(i) && *block >= sheet.dodge => Defence::Block,
        _ if weapon.parry > 0 && skill >= sheet.dodge => Defence::Parry,
        _ if sheet.dodge > 0 => Defence::Dodge,
        _ => Defence::None,
    }
}

/// Answer any prompt.
pub fn answer(b: &Battle, prompt: &Prompt) -> Command {
    match *prompt {
        Prompt::Intent { figure } => Command::Intent {
            figure,
            intent: intent(b, figure.0),
        },
        Prompt::Defence { figure, attacker } => Command::Defend {
            figure,
            attacker,
            defence: defence(b, figure.0),
        },
        // Nothing is asked of a finished battle; any answer is refused.
        Prompt::Over => Command::Intent {
            figure: FigureId(0),
            intent: Intent::Hold,
        },
    }
}
