//! What a HârnMaster battle tells: every roll and its result, so applying an
//! event needs no dice.

use crate::dice::Percentile;
use crate::hex::{Facing, Hex};
use crate::rulesets::harnmaster::rules::roll::Roll;
use crate::rulesets::harnmaster::rules::skill::Worked;
use crate::rulesets::harnmaster::rules::strike::Delivery;
use crate::rulesets::harnmaster::rules::tables::pack::Effect;
use crate::rulesets::harnmaster::rules::terms::{Aim, Aspect, Defence, Level};
use crate::seam::{FigureId, SideId};

use super::command::Defend;

/// Which of the sheet's d6 rolls (l.123–161, l.201).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    Kill,
    Amputation,
    Shock,
    Fumble {
        weapon: usize,
    },
    Stumble,
    /// A weapon (by place in the figure's list) meeting a block.
    WeaponDamage {
        weapon: usize,
    },
    Revival,
    InShock,
    Rise,
}

/// Sheet l.88–111: why a tactical advantage was gained.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gain {
    /// l.97
    Table,
    /// l.99: the engage action, to the higher mobility.
    Engage,
    /// l.92–95: the opponent failed a shock, stumble or fumble roll, or its
    /// weapon broke.
    OpponentFailed(Check),
}

/// How a weapon was lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Loss {
    Dropped,
    Broken,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// l.3, l.5: a round begins; the order of turns with each initiative.
    RoundBegan {
        round: u32,
        order: Vec<(FigureId, u32)>,
        surprise: Option<SideId>,
    },
    /// A figure's turn (the index in the round's order).
    TurnOf {
        figure: FigureId,
        index: usize,
    },
    Moved {
        figure: FigureId,
        path: Vec<Hex>,
        facing: Facing,
        engage: bool,
    },
    Rested {
        figure: FigureId,
    },
    /// l.9–12
    Declared {
        attacker: FigureId,
        target: FigureId,
        weapon: usize,
        aspect: Aspect,
        aim: Aim,
    },
    /// l.52–54: a missile loosed (one fewer left), from `range` hexes.
    Shot {
        shooter: FigureId,
        target: FigureId,
        weapon: usize,
        aspect: Aspect,
        aim: Aim,
        range: u32,
    },
    /// l.86: a missile that missed: the d100 against the chance, and the
    /// figure next to the target it strikes, if any.
    Stray {
        roll: Percentile,
        victim: Option<FigureId>,
    },
    /// l.14–16
    Defends {
        defender: FigureId,
        defence: Defend,
    },
    /// l.20–22: a skill roll against an EML.
    SkillRoll {
        figure: FigureId,
        worked: Worked,
        roll: Percentile,
        level: Level,
    },
    /// l.23, l.64: the combat table's cell (the missile table's for a shot).
    Result {
        missile: bool,
        defence: Defence,
        attacker: Level,
        defender: Option<Level>,
        effects: Vec<Effect>,
    },
    /// l.25–30: a strike delivered and the injury it makes.
    Struck {
        striker: FigureId,
        victim: FigureId,
        weapon: usize,
        delivery: Delivery,
    },
    /// A d6 roll of the sheet; `failed` when it goes against the figure.
    Checked {
        figure: FigureId,
        check: Check,
        roll: Roll,
        failed: bool,
    },
    Became {
        figure: FigureId,
        status: Status,
    },
    Prone {
        figure: FigureId,
        prone: bool,
    },
    Lost {
        figure: FigureId,
        weapon: usize,
        loss: Loss,
    },
    /// l.131: bleeding a combat turn grows by `more`.
    Bleeding {
        figure: FigureId,
        more: u32,
    },
    /// l.133: blood lost this turn, and in all.
    BloodLoss {
        figure: FigureId,
        points: u32,
        total: u32,
    },
    /// l.165: a minute of fighting tires a figure by its fatigue rate;
    /// l.175: a minute of rest recovers (negative `points`). `total` is its
    /// fatigue points after.
    Fatigue {
        figure: FigureId,
        points: i32,
        total: u32,
    },
    /// l.135
    LimbUnusable {
        figure: FigureId,
        location: usize,
    },
    /// l.137: knocked back one hex, or held where it stands.
    KnockedBack {
        figure: FigureId,
        to: Option<Hex>,
    },
    /// l.88: a tactical advantage gained: taken, or a second that ends the turn.
    Advantage {
        figure: FigureId,
        why: Gain,
        taken: bool,
    },
    /// A side has nobody able to fight; `None` when no side has.
    Ended {
        winner: Option<SideId>,
    },
}

/// Whether a figure can fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Fighting,
    /// l.149: can only rest and walk or crawl.
    InShock,
    Unconscious,
    Dead,
}

impl Status {
    pub fn word(self) -> &'static str {
        match self {
            Status::Fighting => "fighting",
            Status::InShock => "in shock",
            Status::Unconscious => "unconscious",
            Status::Dead => "dead",
        }
    }
}
