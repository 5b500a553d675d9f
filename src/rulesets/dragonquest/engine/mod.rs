//! The DragonQuest battle engine (rulebook v2.19, sections 16–29): the
//! 5-second Pulse with its Initiative rolls, engagements ordered by
//! Initiative Value, and every action of 20–21 resolved through
//! `rules::dragonquest`.
//!
//! The same discipline as the Shakhàn engine: a [`Battle`] asks
//! ([`Battle::prompt`]), takes answers ([`Battle::submit`]) and tells
//! ([`Event`]). Every check of a command comes before its first event, so a
//! refused command changes nothing; applying events (`apply.rs`) is the only
//! state change and rolls no dice; the battle owns its [`Dice`]. Its flow is
//! its own: no rounds, no cards.
//!
//! 23.5's special attacks are [`Action::Special`]: Trip, Entangle (net or
//! whip in Melee Combat), Restrain (a Grapple), Knockout, Shield Rush and
//! Disarm, each with its own Strike Chance and what its success leaves on
//! the target (prone, entangled until two Passes free him, pinned until
//! the hold is broken, knocked out).
//!
//! 31's Infection Check is made when the fight ends, for every wounded
//! figure still alive (`infection.rs`); the days after are the Referee's.
//!
//! 22.3's combined actions are [`Action::Combine`]: the first of two, after
//! which the same figure is asked at once for the second.
//!
//! Not in this slice: a thrown bola or net's Entangle, the kick's Trip
//! (28), several restrainers together, spell effects (the Referee gives
//! them, [`Fiat`]). Mounted combat (30) and monsters of several hexes (29)
//! are in (`act.rs`, `state.rs`).

mod act;
mod apply;
mod command;
mod event;
mod explain;
mod flow;
mod infection;
mod prompt;
mod spec;
mod state;
mod strike;

pub use crate::rulesets::dragonquest::spec::{
    BattleSpec, FigureSpec, Mount, ShieldSpec, SideSpec, SpecError, WeaponSpec,
};
pub use act::Reach;
pub use command::{Action, Command, Fiat, Item, Multiple, Posture, SpecialAttack, Task};
pub use event::{ActionKind, Engaged, Event, Impairment, Impairs, StrikeEvent};
pub use explain::{explain, explain_as, impairs_word, lasting_words, modifier_words};
pub use prompt::Prompt;
pub use state::{Battle, Figure, Held, HeldShield, ItemState};
pub use strike::{Aim, Attack, Circumstances, DamageTerms, injury_outcome, injury_rolls_d10};

use std::collections::VecDeque;
use std::sync::Arc;

use crate::dice::Dice;
use crate::hex::{Hex, HexMap};
use crate::seam::Engine;
use crate::seam::places::Places;
use crate::seam::{FigureId, Rejection, SideId};

impl Battle {
    /// A battle on a checked spec with seeded dice, after the spec's
    /// worked-example faces if it has any.
    pub fn new(spec: &BattleSpec, seed: u64) -> Result<Battle, SpecError> {
        let dice = if spec.dice.is_empty() {
            Dice::seeded(seed)
        } else {
            Dice::book(spec.dice.iter().copied(), seed)
        };
        Battle::with_dice(spec, dice)
    }

    /// A battle with the given dice (tests script them).
    pub fn with_dice(spec: &BattleSpec, dice: Dice) -> Result<Battle, SpecError> {
        let figures = spec.check()?;
        let mut battle = Battle {
            places: body_places(&figures),
            map: spec.map.clone(),
            sides: Arc::new(spec.sides.clone()),
            lighting: spec.lighting,
            strength_damage: spec.strength_damage,
            alusia_loading: spec.alusia_loading,
            figures,
            pulse: 0,
            surprise: spec.surprise,
            free_for: None,
            initiative: None,
            turns: VecDeque::new(),
            winner: None,
            dice,
            events: Vec::new(),
            commands: Vec::new(),
        };
        battle.advance();
        Ok(battle)
    }

    /// Rebuild a battle by replaying commands from the start.
    pub fn replay(spec: &BattleSpec, seed: u64, commands: &[Command]) -> Result<Battle, String> {
        <Battle as crate::seam::Engine>::replay(spec, seed, commands)
    }

    pub fn map(&self) -> &HexMap {
        &self.map
    }

    pub fn sides(&self) -> &[SideSpec] {
        &self.sides
    }

    pub fn figures(&self) -> &[Figure] {
        &self.figures
    }

    pub fn figure(&self, id: FigureId) -> &Figure {
        &self.figures[id.0]
    }

    /// The index of where figures stand, checked against them in debug
    /// builds, so every test battle proves it in step.
    fn places(&self) -> &Places {
        debug_assert_eq!(
            self.places,
            body_places(&self.figures),
            "the index of where figures stand is out of step"
        );
        &self.places
    }

    /// The figures with a hex of their body at `hex`, in the figure list's
    /// order.
    fn figures_at(&self, hex: Hex) -> impl Iterator<Item = &Figure> {
        self.places().at(hex).map(|id| &self.figures[id.0])
    }

    /// Pulses begun, the free Pulse of surprise included.
    pub fn pulse(&self) -> u32 {
        self.pulse
    }

    /// 18.1: the side whose surprise gives it this Pulse free, if any.
    pub fn free_pulse(&self) -> Option<SideId> {
        self.free_for
    }

    /// 19.2: the side with the Initiative this Pulse, if any rolled.
    pub fn initiative(&self) -> Option<SideId> {
        self.initiative
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn commands(&self) -> &[Command] {
        &self.commands
    }

    /// `Some(winner)` once the battle is over (`Some(None)`: nobody won).
    pub fn outcome(&self) -> Option<Option<SideId>> {
        self.winner
    }

    /// Check a command against the current prompt; if it is acceptable, turn
    /// it into events, apply them and run on to the next prompt. Returns the
    /// events it caused. A refused command changes nothing: every check comes
    /// before the first event, and dice roll only while events are made.
    pub fn submit(&mut self, command: Command) -> Result<&[Event], Rejection> {
        let start = self.events.len();
        if let Err(refused) = self.execute(&command) {
            debug_assert_eq!(self.events.len(), start, "a refused command made events");
            return Err(refused);
        }
        self.commands.push(command);
        self.advance();
        Ok(&self.events[start..])
    }

    fn push(&mut self, event: Event) {
        // 30: whatever puts a rider down puts him off his mount first.
        if let Event::Prone {
            figure,
            prone: true,
        }
        | Event::Overrun { figure, .. } = event
        {
            if let Some(m) = &self.figures[figure.0].mount {
                let off = Event::Unhorsed {
                    figure,
                    mount: m.name.clone(),
                };
                self.apply(&off);
                self.events.push(off);
            }
        }
        self.apply(&event);
        self.events.push(event);
    }
}

/// Every hex of every figure's body (29), for [`Battle::places`].
fn body_places(figures: &[Figure]) -> Places {
    Places::new(
        figures
            .iter()
            .flat_map(|f| f.hexes().map(move |h| (f.id, h))),
    )
}

impl Engine for Battle {
    type Setup = BattleSpec;
    type Prompt = Prompt;
    type Command = Command;
    type Event = Event;
    type SetupError = SpecError;
    const CLOCK: &'static str = "Pulse";

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
        self.pulse()
    }
}
