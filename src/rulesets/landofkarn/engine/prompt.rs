//! What a Land of Karn battle asks, step by step of the quick chart.

use crate::seam::FigureId;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prompt {
    /// Step 1: roll for initiative or forfeit.
    Initiative { figure: FigureId },
    /// Step 2: the winner chooses its actions against `opponent`.
    Attack {
        figure: FigureId,
        opponent: FigureId,
    },
    /// Step 3: the defender answers the winner's plan.
    Defend {
        figure: FigureId,
        opponent: FigureId,
    },
    /// Step 4: the winner may defend against the counterattacks.
    Answer {
        figure: FigureId,
        opponent: FigureId,
    },
    /// The battle is over.
    Over,
}
