//! What every ruleset's battle offers the front ends that drive it
//! headless (`sim`, `batch`, replays) and the session that keeps it.
//! Each engine keeps its own flow behind `prompt` and `submit`; there is no
//! shared scheduler.

use std::fmt::{Debug, Display};

use super::{Rejection, SideId};

/// A battle of one ruleset: asked (`prompt`), answered (`submit`), over
/// when `outcome` says so.
pub trait Engine: Sized {
    /// What a battle is built from: a checked scenario or spec.
    type Setup: ?Sized;
    type Prompt: Debug;
    type Command: Clone;
    type Event;
    /// Why a battle could not be built: said, and carried whole by a
    /// session's error.
    type SetupError: Display + Into<Box<dyn std::error::Error + Send + Sync>>;
    /// What the clock counts, for messages: "round", "Pulse".
    const CLOCK: &'static str;

    /// A battle on `setup` with dice seeded by `seed`.
    fn start(setup: &Self::Setup, seed: u64) -> Result<Self, Self::SetupError>;
    fn prompt(&self) -> Self::Prompt;
    /// Whether `prompt` is the battle's last word.
    fn finished(prompt: &Self::Prompt) -> bool;
    /// Check `command` and, if it is acceptable, play it; a refusal changes nothing.
    fn submit(&mut self, command: Self::Command) -> Result<&[Self::Event], Rejection>;
    /// `Some(winner)` once the battle is over (`Some(None)`: nobody won).
    fn outcome(&self) -> Option<Option<SideId>>;
    /// Rounds (or Pulses) begun.
    fn clock(&self) -> u32;

    /// Rebuild a battle by replaying commands from the start.
    fn replay(setup: &Self::Setup, seed: u64, commands: &[Self::Command]) -> Result<Self, String> {
        let mut battle = Self::start(setup, seed).map_err(|e| e.to_string())?;
        for (i, c) in commands.iter().enumerate() {
            battle
                .submit(c.clone())
                .map_err(|e| format!("command {} was refused on replay: {e}", i + 1))?;
        }
        Ok(battle)
    }
}
