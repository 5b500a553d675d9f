//! What a batch of DragonQuest battles needs: each figure's fate, the
//! roster, and the AI every side is played with.

use super::engine::{Battle, BattleSpec};
use super::rules::damage::Standing;
use crate::sim::batch::{AnswerWith, Fate, Fights, Roster};

/// The answerer `hexmelee batch` plays every DragonQuest side with.
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
                Standing::Conscious if f.routed => Fate::Fled,
                Standing::Conscious => Fate::Standing,
            })
            .collect()
    }
}
