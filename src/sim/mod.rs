//! Headless play: drive a battle to its end by answering every prompt with a
//! function (a ruleset's AI, its scripted orders, or a test's own); any
//! ruleset's battle, through [`Engine`].

pub mod batch;
pub mod orders;
#[cfg(test)]
mod toy;

use crate::seam::Engine;

/// Answer prompts with `answer` until the battle ends or `max` normal
/// rounds of its clock (rounds, Pulses) have begun. A refused answer stops play
/// and is returned.
pub fn play<E: Engine>(
    battle: &mut E,
    max: u32,
    mut answer: impl FnMut(&E, &E::Prompt) -> E::Command,
) -> Result<(), String> {
    loop {
        let prompt = battle.prompt();
        if E::finished(&prompt) || battle.clock() > max {
            return Ok(());
        }
        let command = answer(battle, &prompt);
        let clock = battle.clock();
        if let Err(e) = battle.submit(command) {
            return Err(format!(
                "{} {clock}: the answer to {prompt:?} was refused: {e}",
                E::CLOCK
            ));
        }
    }
}
