//! What a batch of Land of Karn battles needs: the roster, each figure's
//! fate, and the AI every side is played with.

use super::engine::{Battle, Standing};
use super::spec::BattleSpec;
use crate::sim::batch::{AnswerWith, Fate, Fights, Roster};

/// The answerer `hexmelee batch` plays every side with.
pub const ANSWERER: AnswerWith<Battle> = super::ai::answer;

impl Fights for Battle {
    fn roster(spec: &BattleSpec) -> Roster {
        Roster {
            sides: spec.sides.iter().map(|s| s.name.clone()).collect(),
            figures: spec
                .figures
                .iter()
                .map(|f| (f.name.clone(), spec.sides[f.side.0].name.clone()))
                .collect(),
        }
    }

    fn fates(&self) -> Vec<Fate> {
        self.figures()
            .iter()
            .map(|f| match f.standing {
                Standing::Dead => Fate::Dead,
                Standing::Unconscious => Fate::Unconscious,
                Standing::Up => Fate::Standing,
            })
            .collect()
    }

    fn forget_log(&mut self) {
        self.forget();
    }
}
