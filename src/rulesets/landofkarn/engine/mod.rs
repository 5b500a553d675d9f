//! Land of Karn's battle engine: the quick chart's steps as prompts,
//! commands and events behind the seam (`crate::seam::Engine`), with its
//! own clock, the melee round.

mod apply;
pub mod command;
pub mod event;
pub mod explain;
mod flow;
pub mod prompt;
pub mod state;
mod strike;

use std::sync::Arc;

pub use command::{Act, Action, Command, Cover, Part, Plan, Slot};
pub use event::Event;
pub use prompt::Prompt;
pub use state::{Battle, Figure, Grip, Melee, Standing, Step};

use super::spec::BattleSpec;
use crate::dice::Dice;
use crate::seam::{Engine, FigureId, Rejection, SideId};

impl Battle {
    /// A battle on `spec`, its dice seeded (after any worked example's faces).
    pub fn new(spec: &BattleSpec, seed: u64) -> Battle {
        let dice = if spec.dice.is_empty() {
            Dice::seeded(seed)
        } else {
            Dice::book(spec.dice.iter().copied(), seed)
        };
        let mut battle = Battle {
            spec: Arc::new(spec.clone()),
            figures: spec.figures.iter().map(Figure::new).collect(),
            melee: 0,
            step: Step::Over,
            current: Melee::default(),
            dice,
            events: Vec::new(),
            mark: 0,
            keep_log: true,
            outcome: None,
        };
        let pair = battle.pairing();
        battle.emit(Event::MeleeBegins { melee: 1, pair });
        battle
    }

    /// A battle whose dice are exactly `faces` (tests).
    pub fn scripted(spec: &BattleSpec, faces: impl IntoIterator<Item = u32>) -> Battle {
        let mut b = Battle::new(spec, 0);
        b.dice = Dice::scripted(faces);
        b
    }

    pub fn figures(&self) -> &[Figure] {
        &self.figures
    }

    pub fn figure(&self, id: FigureId) -> &Figure {
        &self.figures[id.0]
    }

    pub fn spec(&self) -> &BattleSpec {
        &self.spec
    }

    pub fn melee(&self) -> u32 {
        self.melee
    }

    pub fn current(&self) -> &Melee {
        &self.current
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Keep only each command's events (a batch reads outcomes alone).
    pub fn forget(&mut self) {
        self.keep_log = false;
    }

    pub fn side_name(&self, side: SideId) -> &str {
        &self.spec.sides[side.0].name
    }
}

impl Engine for Battle {
    type Setup = BattleSpec;
    type Prompt = Prompt;
    type Command = Command;
    type Event = Event;
    type SetupError = String;
    const CLOCK: &'static str = "melee";

    fn start(setup: &BattleSpec, seed: u64) -> Result<Self, String> {
        Ok(Battle::new(setup, seed))
    }

    fn prompt(&self) -> Prompt {
        if self.outcome.is_some() {
            return Prompt::Over;
        }
        self.ask()
    }

    fn finished(prompt: &Prompt) -> bool {
        *prompt == Prompt::Over
    }

    fn submit(&mut self, command: Command) -> Result<&[Event], Rejection> {
        if self.outcome.is_some() {
            return Err(Rejection("the battle is over".into()));
        }
        self.check(&command)?;
        if !self.keep_log {
            self.events.clear();
        }
        self.mark = self.events.len();
        self.play(command);
        Ok(&self.events[self.mark..])
    }

    fn outcome(&self) -> Option<Option<SideId>> {
        self.outcome
    }

    fn clock(&self) -> u32 {
        self.melee
    }
}
