//! Rune Master's engine: the round of Intent, Action by Strike Rank and
//! Book Keeping behind the seam (prompt, command, event, apply).

mod apply;
pub mod command;
pub mod event;
pub mod explain;
mod flow;
pub mod prompt;
pub mod state;
mod strike;

use std::sync::Arc;

pub use command::{Command, Defence, Intent};
pub use event::Event;
pub use prompt::Prompt;
pub use state::{Battle, Condition, Fig};

use crate::dice::Dice;
use crate::rulesets::runemaster::scenario::Setup;
use crate::seam::{Engine, Rejection, SideId};

impl Battle {
    /// A battle on `setup` with `dice`; round 1's intents are asked first.
    pub fn with_dice(setup: Arc<Setup>, dice: Dice) -> Battle {
        let figs = setup
            .figures
            .iter()
            .map(|s| Fig {
                pose: s.pose,
                condition: Condition::Fighting,
                damage: 0,
                stun: 0,
                bleeding: 0,
                bled_for: 0,
                blood_quarters: 0,
                blood_lost: 0,
                prone: false,
                head_wound: false,
                chest_wound: false,
                cannot_stand: false,
                off_balance: false,
                no_dodge: false,
                wide_open: false,
                weapon_lost: false,
                regrip: false,
                shield_lost: false,
                shield_hp: s.shield.as_ref().map_or(0, |(sh, _)| sh.hp),
                limbs: [0; 4],
                parries: 0,
                lunged: false,
            })
            .collect();
        let n = setup.figures.len();
        let mut battle = Battle {
            setup,
            figs,
            round: 0,
            phase: state::Phase::Over,
            intents: vec![None; n],
            defences: Vec::new(),
            dice,
            events: Vec::new(),
            keep_log: true,
            winner: None,
        };
        battle.begin_round();
        battle
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }
}

impl Engine for Battle {
    type Setup = Arc<Setup>;
    type Prompt = Prompt;
    type Command = Command;
    type Event = Event;
    type SetupError = String;
    const CLOCK: &'static str = "round";

    fn start(setup: &Arc<Setup>, seed: u64) -> Result<Battle, String> {
        Ok(Battle::with_dice(Arc::clone(setup), Dice::seeded(seed)))
    }

    fn prompt(&self) -> Prompt {
        match &self.phase {
            state::Phase::Intent(q) => q.first().map_or(Prompt::Over, |&f| Prompt::Intent {
                figure: crate::seam::FigureId(f),
            }),
            state::Phase::Defence(q) => q.first().map_or(Prompt::Over, |&(f, a)| Prompt::Defence {
                figure: crate::seam::FigureId(f),
                attacker: crate::seam::FigureId(a),
            }),
            state::Phase::Over => Prompt::Over,
        }
    }

    fn finished(prompt: &Prompt) -> bool {
        *prompt == Prompt::Over
    }

    fn submit(&mut self, command: Command) -> Result<&[Event], Rejection> {
        self.check(&command)?;
        if !self.keep_log {
            self.events.clear();
        }
        let start = self.events.len();
        self.perform(command);
        Ok(&self.events[start..])
    }

    fn outcome(&self) -> Option<Option<SideId>> {
        self.winner
    }

    fn clock(&self) -> u32 {
        self.round
    }
}

impl Battle {
    /// Keep only the last command's events (a batch reads outcomes only).
    pub fn forget(&mut self) {
        self.keep_log = false;
        self.events.clear();
    }
}

#[cfg(test)]
mod tests;
