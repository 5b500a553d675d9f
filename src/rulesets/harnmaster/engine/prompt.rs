//! What a HârnMaster battle asks.

use crate::seam::FigureId;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Prompt {
    /// A figure's action (l.171); `advantage`: a tactical advantage's (l.88).
    Act {
        figure: FigureId,
        advantage: bool,
    },
    /// l.14–16: the defender declares a defence against `attacker`.
    Defend {
        defender: FigureId,
        attacker: FigureId,
    },
    Over,
}
