//! What a session needs of a ruleset beyond the seam (issue 18): how its
//! scenario text is read, where a battle stands in words, and what a
//! command is called. Each ruleset's battle implements it once; the
//! session, its saves and its autosave are generic over it.

use std::fmt::Debug;
use std::path::Path;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::scenario::ScenarioError;
use crate::seam::{Engine, SideId};

/// A ruleset's battle as a session keeps it.
pub trait Ruleset:
    Engine<Command: Debug + PartialEq + Serialize + DeserializeOwned> + Clone + Debug
{
    /// The scenario as checked, the battle's setup within it.
    type Checked: Clone + Debug;
    /// Where a battle stands, for stepping through its history.
    type Moment: Clone + Debug + PartialEq;
    /// The word its scenario files (and so its saves) give for `ruleset`.
    const NAME: &'static str;
    /// Whether `hexmelee replay` redoes the commands undone before a save
    /// (said under an export of it).
    const REPLAY_REDOES: bool;

    /// Parse and check scenario text; `origin` only names it.
    fn parse(origin: &Path, text: &str) -> Result<Self::Checked, ScenarioError>;
    fn setup(checked: &Self::Checked) -> &Self::Setup;
    fn scenario_name(checked: &Self::Checked) -> &str;
    /// The scenario's own seed, used unless another is given.
    fn scenario_seed(checked: &Self::Checked) -> u64;

    fn events(&self) -> &[Self::Event];
    fn side_name(&self, side: SideId) -> &str;
    fn moment(&self) -> Self::Moment;
    /// Where the battle stands, e.g. "Pulse 3, Aldric to act".
    fn where_in(&self) -> String;
    /// What `command` does at this battle's prompt, in a few words.
    fn what(&self, command: &Self::Command) -> String;
    /// A command named without the battle, e.g. for a replay error.
    fn summary(command: &Self::Command) -> String;
}
