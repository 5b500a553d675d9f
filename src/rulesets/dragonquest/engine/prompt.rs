//! What a DragonQuest battle needs next.

use serde::{Deserialize, Serialize};

use crate::seam::{FigureId, SideId};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Prompt {
    /// 19.3: the engaged figure with the highest Initiative Value in its
    /// engagement chooses to act now or last ([`super::command::Command::ActNow`]).
    LeadChoice { figure: FigureId },
    /// 19.3, 20: this engaged figure's action ([`super::command::Command::Act`]).
    EngagedAction { figure: FigureId },
    /// 19.2: the side that won the Initiative chooses to act first or last.
    SideChoice { side: SideId },
    /// 21: one of these non-engaged figures of `side` acts next, in the
    /// order the side likes ([`super::command::Command::Act`]).
    SideAction { side: SideId, ready: Vec<FigureId> },
    /// The battle is over (`None`: nobody won).
    Finished { winner: Option<SideId> },
}
