//! What front ends (the TUI, the AI, scripts, replays, tests) answer with.
//! Every state change starts as one of these, is checked, and becomes events.

use serde::{Deserialize, Serialize};

use super::referee::Override;
use super::{FigureId, SideId};
use crate::hex::Step;
use crate::rules::shakhan::tables::actions::Activity;
use crate::rules::shakhan::{BodyArea, Card};

/// An answer to the engine's current [`Prompt`](super::Prompt), or a referee
/// action that is allowed at any prompt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// 16.14.1 Communication Phase: one side's sealed orders. Figures left
    /// out play G (16.14.1).
    Orders {
        side: SideId,
        orders: Vec<FigureOrders>,
    },
    /// 16.14.3 Movement Priority, from the side with Initiative.
    MovementPriority { move_first: bool },
    /// 16.14.3.1: the Referee records a call for Divine Intervention, or none.
    DivineIntervention { note: Option<String> },
    /// 16.14.3.7 ff.: every move of one side in its Action Phase, in order.
    /// Figures left out stand still.
    Move { moves: Vec<FigureMove> },
    /// 16.15.4: the defender named by the prompt raises its shield, or not.
    RaiseShield { raise: bool },
    /// 16.9.4.1: the defender named by the prompt, busy with an action,
    /// defends itself (ruining the action) or ignores the attack.
    MidAction { defend: bool },
    /// 16.15.1: the Referee asks for a fresh Initiative check next round.
    FreshInitiative,
    /// A Referee override (docs/RULINGS.md), at any prompt but the end.
    Referee(Override),
}

/// The cards one figure plays this Melee Round, in order (16.9.2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FigureOrders {
    pub figure: FigureId,
    pub cards: Vec<CardOrder>,
    /// How the figure uses a shield when attacked (ignored without one).
    #[serde(default)]
    pub shield: ShieldStance,
    /// Whether a figure busy with an action defends when attacked (16.9.4.1).
    #[serde(default)]
    pub when_busy: BusyStance,
}

/// What a figure in the middle of an action does when attacked (16.9.4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum BusyStance {
    /// Ask at each attack in an Attack Phase (defends against reaction attacks).
    #[default]
    Ask,
    Defend,
    Ignore,
}

/// One tactic card with its intent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardOrder {
    pub card: Card,
    /// The enemy the card is played against: attacked by A, B, C; moved away
    /// from by E, F. `None`: the nearest enemy.
    #[serde(default)]
    pub target: Option<FigureId>,
    /// An aimed strike at this area, at reduced CF (16.15.3).
    #[serde(default)]
    pub aim: Option<BodyArea>,
    /// Under G: a non-combat action taking Action Points over pulses or
    /// rounds (16.9.4), e.g. `Other(8)` or `PickUpItem`.
    #[serde(default)]
    pub action: Option<Activity>,
}

impl CardOrder {
    pub fn new(card: Card, target: Option<FigureId>) -> Self {
        CardOrder {
            card,
            target,
            aim: None,
            action: None,
        }
    }
}

/// Whether to raise a shield against a blow (16.15.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ShieldStance {
    /// Ask at each blow in an Attack Phase (raised against reaction attacks).
    #[default]
    Ask,
    Raise,
    Lower,
}

/// One figure's movement in an Action Phase.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FigureMove {
    pub figure: FigureId,
    pub steps: Vec<Step>,
}
