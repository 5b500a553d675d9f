//! Headless play: drive a battle to its end by answering every prompt with a
//! function (a ruleset's AI, its scripted orders, or a test's own); any
//! ruleset's battle, through [`Engine`].

pub mod batch;
pub mod orders;
#[cfg(test)]
mod toy;

use crate::seam::Engine;

/// An answer the battle refused in headless play: when, and the engine's
/// reason. The battle is left as it was, still asking the question, so
/// whoever gave the answer (an orders file) can say which of its entries it
/// was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// The clock's word (`round`, `Pulse`) and its count.
    pub clock: (&'static str, u32),
    pub why: String,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let (word, n) = self.clock;
        write!(f, "{word} {n}: an answer was refused: {}", self.why)
    }
}

impl std::error::Error for Refused {}

/// Answer prompts with `answer` until the battle ends or `max` normal
/// rounds of its clock (rounds, Pulses) have begun. A refused answer stops play
/// and is returned.
pub fn play<E: Engine>(
    battle: &mut E,
    max: u32,
    mut answer: impl FnMut(&E, &E::Prompt) -> E::Command,
) -> Result<(), Refused> {
    loop {
        let prompt = battle.prompt();
        if E::finished(&prompt) || battle.clock() > max {
            return Ok(());
        }
        let command = answer(battle, &prompt);
        let clock = battle.clock();
        if let Err(e) = battle.submit(command) {
            return Err(Refused {
                clock: (E::CLOCK, clock),
                why: e.to_string(),
            });
        }
    }
}
