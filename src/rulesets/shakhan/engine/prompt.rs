//! What the engine needs next, and from whom.

use serde::{Deserialize, Serialize};

use crate::seam::{FigureId, SideId};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Prompt {
    /// 16.14.1: sealed orders for this side's figures.
    Orders { side: SideId },
    /// 16.14.3: the side with Initiative chooses to move first or second.
    MovementPriority { side: SideId },
    /// 16.14.3.1: the Referee records Divine Intervention, or none.
    DivineIntervention,
    /// 16.14.3.7 ff.: this side's moves in the Action Phase of `pulse`.
    Movement { side: SideId, pulse: u8 },
    /// 16.9.10: this figure's moves in its own Action Phase of `pulse`
    /// (answered by `Command::Move` with at most this figure's move).
    FigureMovement { figure: FigureId, pulse: u8 },
    /// 16.15.4: raise a shield against this blow?
    RaiseShield {
        defender: FigureId,
        attacker: FigureId,
    },
    /// 16.9.4.1: the defender is busy with an action: defend (ruining it) or
    /// ignore the attack?
    MidAction {
        defender: FigureId,
        attacker: FigureId,
    },
    /// 16.12 step 5: the Referee pairs attackers with defenders.
    Pairings,
    /// 16.11: a creature tramples the defender: how does it Dodge?
    Dodge {
        defender: FigureId,
        attacker: FigureId,
    },
    /// 16.9.4 "Dodge a blow": try to dodge this blow if it strikes (1 AP)?
    DodgeBlow {
        defender: FigureId,
        attacker: FigureId,
    },
    /// The battle is over; nothing more to answer.
    Finished { winner: Option<SideId> },
}
