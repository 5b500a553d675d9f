//! HârnMaster's battle behind the seam: prompts, commands, events, apply,
//! with its own clock (the combat round of turns, sheet l.3, l.171).

mod apply;
pub mod chance;
pub mod command;
pub mod event;
pub mod explain;
mod flow;
mod melee;
mod missile;
pub mod prompt;
pub mod state;

use std::sync::Arc;

pub use command::{Action, Command, Defend};
pub use event::Event;
pub use prompt::Prompt;
pub use state::{Battle, Figure, FigureSpec, Held, Minute, Spec, Stage, Status};

use crate::dice::Dice;
use crate::seam::{Engine, Rejection, SideId};
use crate::sim::batch::{Fate, Fights, Roster};

impl Battle {
    /// A battle on `spec` with dice seeded by `seed`: the first round begun.
    pub fn new(spec: &Arc<Spec>, seed: u64) -> Battle {
        let figures = spec
            .figures
            .iter()
            .map(|f| Figure {
                at: f.at,
                facing: f.facing,
                status: Status::Fighting,
                prone: false,
                injuries: Vec::new(),
                bleeding: 0,
                blood_loss: 0,
                revival_attempts: 0,
                lost: vec![false; f.weapons.len()],
                lame: false,
                shot: vec![0; f.weapons.len()],
                fatigue: f.fatigue,
                minute: Minute::default(),
            })
            .collect();
        let mut battle = Battle {
            spec: spec.clone(),
            figures,
            dice: Dice::seeded(seed),
            events: Vec::new(),
            keep_log: true,
            round: 0,
            order: Vec::new(),
            turn: 0,
            stage: Stage::Over,
            advantage_taken: false,
            winner: None,
        };
        if !battle.decided() {
            battle.begin_round(1);
        }
        battle
    }

    /// The same battle with scripted dice, for tests.
    pub fn scripted(spec: &Arc<Spec>, faces: impl IntoIterator<Item = u32>) -> Battle {
        let mut b = Battle::new(spec, 0);
        b.dice = Dice::scripted(faces);
        b
    }
}

impl Engine for Battle {
    type Setup = Arc<Spec>;
    type Prompt = Prompt;
    type Command = Command;
    type Event = Event;
    type SetupError = String;
    const CLOCK: &'static str = "round";

    fn start(setup: &Arc<Spec>, seed: u64) -> Result<Battle, String> {
        Ok(Battle::new(setup, seed))
    }

    fn prompt(&self) -> Prompt {
        match self.stage {
            Stage::Act { figure, advantage } => Prompt::Act { figure, advantage },
            Stage::Defend { attack } => Prompt::Defend {
                defender: attack.target,
                attacker: attack.attacker,
            },
            Stage::Over => Prompt::Over,
        }
    }

    fn finished(prompt: &Prompt) -> bool {
        *prompt == Prompt::Over
    }

    fn submit(&mut self, command: Command) -> Result<&[Event], Rejection> {
        if !self.keep_log {
            self.events.clear();
        }
        let start = self.events.len();
        self.play(command)?;
        Ok(&self.events[start..])
    }

    fn outcome(&self) -> Option<Option<SideId>> {
        self.winner
    }

    fn clock(&self) -> u32 {
        self.round
    }
}

impl Fights for Battle {
    fn roster(spec: &Arc<Spec>) -> Roster {
        Roster {
            sides: spec.sides.clone(),
            figures: spec
                .figures
                .iter()
                .map(|f| (f.name.clone(), spec.sides[f.side.0].clone()))
                .collect(),
        }
    }

    fn fates(&self) -> Vec<Fate> {
        self.figures
            .iter()
            .map(|f| match f.status {
                Status::Dead => Fate::Dead,
                Status::Unconscious => Fate::Unconscious,
                Status::InShock => Fate::Incapacitated,
                Status::Fighting => Fate::Standing,
            })
            .collect()
    }

    fn forget_log(&mut self) {
        self.keep_log = false;
        self.events.clear();
    }
}
