//! Headless play: drive a battle to its end by answering every prompt with a
//! function — the tactical AI ([`ai::answer`]), scripted orders over it
//! ([`script::Script`]), or a test's own.

pub mod ai;
pub mod batch;
pub mod odds;
pub mod script;

use crate::engine::{Battle, Command, Prompt};

/// Answer prompts with `answer` until the battle ends or `max_rounds` normal
/// rounds have begun. A refused answer stops play and is returned.
pub fn play(
    battle: &mut Battle,
    max_rounds: u32,
    mut answer: impl FnMut(&Battle, &Prompt) -> Command,
) -> Result<(), String> {
    loop {
        let prompt = battle.prompt();
        if matches!(prompt, Prompt::Finished { .. }) || battle.round() > max_rounds {
            return Ok(());
        }
        let command = answer(battle, &prompt);
        let round = battle.round();
        if let Err(e) = battle.submit(command) {
            return Err(format!(
                "round {round}: the answer to {prompt:?} was refused: {e}"
            ));
        }
    }
}
