//! The battle engine: a [`Battle`] asks for input ([`Prompt`]), takes answers
//! ([`Command`]), checks them, and tells what happened ([`Event`]). Applying
//! events is the only way its state changes, so the same scenario, seed and
//! commands always give the same events, and replaying the commands rebuilds
//! the battle.
//!
//! This engine runs Shakhàn regular melee (16.9, 16.14); the rule steps live in
//! `rules::shakhan`, the world in `hex`.

mod actions;
mod after_battle;
mod apply;
mod brawl;
mod budget;
mod command;
mod event;
mod explain;
mod flow;
mod hazard;
mod missile;
mod morale;
mod movement;
mod priority;
mod prompt;
mod quarters;
mod quick;
mod referee;
mod state;
mod strike;
mod trample;

pub use command::{
    BusyStance, CardOrder, Command, DodgeStance, FigureMove, FigureOrders, MissileIntent,
    MoveStance, Override, Pairing, RequisiteName, ReserveName, ShieldStance,
};
pub use event::{
    ApAward, BrawlEvent, Event, Flight, FlightEvent, HazardEvent, InitiativeReason, Phase,
    StrikeEvent, TrampleEvent, TrampleStrike,
};
pub use explain::{Entry, EntryKind};
pub use movement::MoveCheck;
pub use prompt::Prompt;
pub use quarters::Hindrance;
pub use state::{ActionUnderWay, Battle, BrawlState, Figure, Gear, PlayedCard, Quiver, RoundPlay};
pub use strike::{striker, target};

use std::sync::Arc;

use thiserror::Error;

use crate::dice::Dice;
use crate::hex::HexMap;
use crate::rulesets::shakhan::rules::tables::tables;
use crate::rulesets::shakhan::scenario::{Checked, Options, SideSpec};
use crate::seam::Engine;
use crate::seam::places;
pub use crate::seam::{FigureId, Rejection, SideId};

/// Why a battle cannot start from a scenario.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BattleError {
    #[error("a Shakhàn battle needs exactly two sides with figures; this scenario has {0}")]
    Sides(usize),
}

impl Battle {
    /// A battle on a checked scenario with seeded dice.
    pub fn new(checked: &Checked, seed: u64) -> Result<Battle, BattleError> {
        Battle::with_dice(checked, Dice::seeded(seed))
    }

    /// A battle with the given dice (tests script them).
    pub fn with_dice(checked: &Checked, dice: Dice) -> Result<Battle, BattleError> {
        let sides = checked.scenario.sides.clone();
        if sides.len() != 2 {
            return Err(BattleError::Sides(sides.len()));
        }
        let t = tables();
        let figures = checked
            .scenario
            .figures
            .iter()
            .zip(&checked.characters)
            .zip(&checked.factors)
            .enumerate()
            .map(|(i, ((spec, character), factors))| {
                let side = sides.iter().position(|s| s.name == spec.side).unwrap_or(0);
                Figure::enter(FigureId(i), side, spec, character.clone(), factors.clone())
            })
            .collect::<Vec<_>>();
        let mut battle = Battle {
            tramplers: trample::anyone_tramples(&figures),
            places: places::Places::new(figures.iter().map(|f| (f.id, f.pose.hex))),
            tables: t,
            map: checked.map.clone(),
            sealed: vec![None; sides.len()],
            sides: Arc::new(sides),
            figures,
            options: checked.scenario.options.clone(),
            round: 0,
            free_round: false,
            free_rounds_left: 0,
            phase: Phase::RecordKeeping,
            initiative: None,
            moves_first: None,
            fresh_initiative: false,
            initiative_held: false,
            priority: Vec::new(),
            quick: state::QuickState {
                next: checked.scenario.options.quick_melee,
                ..Default::default()
            },
            winner: None,
            fortune_calls: [None; 2],
            in_flight: Vec::new(),
            rounds_since_strike: 0,
            asked: None,
            dice,
            // A duel runs to a few hundred events: growing the log from
            // empty cost more than the rules of a round (BENCHMARKS.md).
            events: Vec::with_capacity(512),
            forgetful: false,
            commands: Vec::with_capacity(128),
        };
        battle.advance();
        Ok(battle)
    }

    /// Rebuild a battle by replaying commands from the start.
    pub fn replay(checked: &Checked, seed: u64, commands: &[Command]) -> Result<Battle, String> {
        <Battle as Engine>::replay(checked, seed, commands)
    }

    pub fn map(&self) -> &HexMap {
        &self.map
    }

    /// The map as the battle holds it: one handle, never changed, for the
    /// whole battle, so planners may key what they work out from it by it.
    pub fn shared_map(&self) -> &Arc<HexMap> {
        &self.map
    }

    pub fn figures(&self) -> &[Figure] {
        &self.figures
    }

    pub fn figure(&self, id: FigureId) -> &Figure {
        &self.figures[id.0]
    }

    pub fn sides(&self) -> &[SideSpec] {
        &self.sides
    }

    /// The scenario's choices among the rules' options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn round(&self) -> u32 {
        self.round
    }

    pub fn is_free_round(&self) -> bool {
        self.free_round
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The side with Initiative this round, once known: while orders are
    /// written it is `None` unless the opening roll has already decided the
    /// round (Shakhàn 16.14.1–2: the check comes after the orders).
    pub fn initiative(&self) -> Option<SideId> {
        let unchecked =
            matches!(self.phase, Phase::RoundStart | Phase::Communication) && !self.initiative_held;
        self.initiative.filter(|_| !unchecked)
    }

    /// 16.9.10 Initiative Priority, highest first; empty under the standard system.
    pub fn priority(&self) -> &[FigureId] {
        &self.priority
    }

    /// The event log: every event since the battle began, or, once
    /// [`Battle::forget_log`] was called, those of the last command.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Drop the log and from now on keep only the last command's events. For
    /// Monte Carlo runs that read only the outcome (`sim::batch`): events are
    /// still made and applied, and the commands kept, so [`Battle::replay`]
    /// rebuilds the whole log; only writing it out to memory is saved.
    pub fn forget_log(&mut self) {
        self.forgetful = true;
        self.events.clear();
    }

    pub fn commands(&self) -> &[Command] {
        &self.commands
    }

    /// Melee Rounds (free ones too) begun since anyone last struck at anyone:
    /// how long the fight has been quiet, as the table sees it.
    pub fn rounds_since_strike(&self) -> u32 {
        self.rounds_since_strike
    }

    /// `Some(winner)` once the battle is over (`Some(None)`: nobody won).
    pub fn outcome(&self) -> Option<Option<SideId>> {
        self.winner
    }

    /// Check a command against the current prompt; if it is acceptable, turn
    /// it into events, apply them and run on to the next prompt. Returns the
    /// events it caused. A refused command changes nothing.
    pub fn submit(&mut self, command: Command) -> Result<&[Event], Rejection> {
        if self.forgetful {
            self.events.clear();
        }
        let start = self.events.len();
        // Every check in `execute` comes before its first event, and events
        // are the only change to a battle (dice roll only while events are
        // made), so a refused command has changed nothing. No copy is needed;
        // tests/engine_submit.rs refuses a wrong answer at every prompt of a
        // battle and compares.
        if let Err(refused) = self.execute(&command) {
            debug_assert_eq!(self.events.len(), start, "a refused command made events");
            return Err(refused);
        }
        self.commands.push(command);
        self.advance();
        Ok(&self.events[start..])
    }
}

impl Engine for Battle {
    type Setup = crate::rulesets::shakhan::scenario::Checked;
    type Prompt = Prompt;
    type Command = Command;
    type Event = Event;
    type SetupError = BattleError;
    const CLOCK: &'static str = "round";

    fn start(setup: &Self::Setup, seed: u64) -> Result<Self, Self::SetupError> {
        Self::new(setup, seed)
    }
    fn prompt(&self) -> Self::Prompt {
        self.prompt()
    }
    fn finished(prompt: &Self::Prompt) -> bool {
        matches!(prompt, Prompt::Finished { .. })
    }
    fn submit(&mut self, command: Self::Command) -> Result<&[Self::Event], Rejection> {
        self.submit(command)
    }
    fn outcome(&self) -> Option<Option<SideId>> {
        self.outcome()
    }
    fn clock(&self) -> u32 {
        self.round()
    }
}
