//! What a front end answers a HârnMaster battle with.

use serde::{Deserialize, Serialize};

use crate::hex::Hex;
use crate::rulesets::harnmaster::rules::terms::{Aim, Aspect};
use crate::seam::FigureId;

/// Sheet l.171–237: the action options this engine plays.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// l.217: attack an engaged opponent with a weapon (by place in the
    /// figure's list), declaring aspect and aim (l.11–12).
    Attack {
        target: FigureId,
        weapon: usize,
        aspect: Aspect,
        aim: Aim,
    },
    /// l.221–231: shoot a missile weapon at a target in range and sight,
    /// declaring the aim zone (l.52–54).
    Shoot {
        target: FigureId,
        weapon: usize,
        aim: Aim,
    },
    /// l.177–195: move hex by hex (a free move, or an engage at EM / 2).
    Move { path: Vec<Hex> },
    /// l.201: stand up.
    Rise,
    /// l.173
    Rest,
}

/// l.16: a declared defence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Defend {
    Block {
        weapon: usize,
    },
    Counterstrike {
        weapon: usize,
        aspect: Aspect,
        aim: Aim,
    },
    Dodge,
    Ignore,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    Act { figure: FigureId, action: Action },
    Defend { figure: FigureId, defence: Defend },
}
