//! What a batch of Rune Master battles needs: the roster, each figure's
//! fate, and the AI every side is played with.

use std::sync::Arc;

use super::engine::{Battle, Condition};
use super::scenario::Setup;
use crate::sim::batch::{AnswerWith, Fate, Fights, Roster};

/// The answerer `hexmelee batch` plays every Rune Master side with.
pub const ANSWERER: AnswerWith<Battle> = super::ai::answer;

impl Fights for Battle {
    fn roster(setup: &Arc<Setup>) -> Roster {
        Roster {
            sides: setup.sides.clone(),
            figures: (setup.figures.iter())
                .map(|f| (f.name.clone(), setup.sides[f.side.0].clone()))
                .collect(),
        }
    }

    fn fates(&self) -> Vec<Fate> {
        self.figs()
            .iter()
            .map(|f| match f.condition {
                Condition::Dead => Fate::Dead,
                Condition::Unconscious => Fate::Unconscious,
                Condition::Shock | Condition::Collapsed => Fate::Incapacitated,
                Condition::Fighting => Fate::Standing,
            })
            .collect()
    }

    fn forget_log(&mut self) {
        self.forget();
    }
}
