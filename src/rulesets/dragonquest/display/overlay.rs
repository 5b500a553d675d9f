//! The layers over the DragonQuest battle, each with its own keys.

use super::word::Word;

/// Layers over the battle; Esc closes the top one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Overlay {
    Help,
    Quit,
    /// `v` in the table view: the Referee's numbers would show.
    ViewConfirm,
    /// The save path being typed.
    SaveAs(String),
    /// An autosave was found: resume it or start new.
    Resume,
    /// The Referee's word being given: a ruling, or a spell's effects.
    Word(Word),
    /// `hexmelee replay`: stepping through the log (beneath the rest).
    Replay,
    /// The session's points, to go to one.
    History,
    Legend,
}
