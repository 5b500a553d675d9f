//! What the command line and the display's shell ask of a ruleset: one
//! trait, [`Front`], which each ruleset implements in its own folder and the
//! registry (`crate::rulesets`) lists. `main.rs` reads a file's `ruleset`,
//! asks the registry for that ruleset's `Front` and calls it; it matches on
//! no ruleset.

use std::path::{Path, PathBuf};

use crate::scenario::ScenarioError;
use crate::seam::View;
use crate::session::export::Format;
use crate::session::{SaveError, SessionError};
use crate::sim::batch::Report;
use crate::tui::terminal::Screen;

/// What a command prints on success.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    /// Text for people, printed as it is (made safe to print).
    Text(String),
    /// JSON, printed as it is (made safe to print).
    Json(String),
}

impl Output {
    /// `text` as JSON when `json` is asked, else as text.
    pub fn of(json: bool, text: String) -> Output {
        if json {
            Output::Json(text)
        } else {
            Output::Text(text)
        }
    }

    /// A batch's summary, as JSON or text.
    pub fn batch(report: &Report, json: bool) -> Output {
        if json {
            Output::Json(format!("{}\n", report.json()))
        } else {
            Output::Text(report.text())
        }
    }
}

/// Why a command could not do what was asked.
#[derive(Debug)]
pub enum Failure {
    /// The scenario is not valid: every problem, placed.
    Scenario(ScenarioError),
    /// Said as it is.
    Said(String),
    /// Said after the file's name (`FILE: what`).
    OfFile(String),
}

impl From<ScenarioError> for Failure {
    fn from(e: ScenarioError) -> Self {
        Failure::Scenario(e)
    }
}

impl From<SessionError> for Failure {
    fn from(e: SessionError) -> Self {
        match e {
            SessionError::Scenario(e) => Failure::Scenario(e),
            e => Failure::Said(e.to_string()),
        }
    }
}

impl From<SaveError> for Failure {
    fn from(e: SaveError) -> Self {
        Failure::Said(e.to_string())
    }
}

/// `hexmelee sim`'s choices.
#[derive(Debug, Clone, Default)]
pub struct SimArgs {
    pub seed: Option<u64>,
    pub max_rounds: u32,
    pub json: bool,
    pub table_view: bool,
    pub orders: Option<PathBuf>,
    pub save: Option<PathBuf>,
}

/// `hexmelee batch`'s choices.
#[derive(Debug, Clone, Default)]
pub struct BatchArgs {
    pub battles: u32,
    pub seed: Option<u64>,
    pub max_rounds: u32,
    pub threads: Option<usize>,
    pub json: bool,
}

/// `hexmelee odds`'s choices every ruleset reads; each ruleset adds flags
/// of its own ([`Front::odds_flags`]).
#[derive(Debug, Clone, Default)]
pub struct OddsArgs {
    pub attacker: String,
    pub defender: String,
    pub weapon: Option<String>,
    pub json: bool,
}

/// How the display opens.
#[derive(Debug, Clone)]
pub enum Opening {
    /// The ruleset's embedded default scenario.
    Default,
    /// A scenario file, with a seed or its own.
    New(PathBuf, Option<u64>),
    /// A save, where it was left.
    Resume(PathBuf),
    /// A save, stepped through from its start.
    Replay(PathBuf),
}

/// A display opened on a battle, ready for the terminal.
pub struct Opened {
    pub screen: Box<dyn Screen>,
    /// Things worth telling that did not stop the opening (a save of another
    /// engine).
    pub warnings: Vec<String>,
}

/// A save read and replayed, said in words.
pub struct Said {
    pub text: String,
    pub warnings: Vec<String>,
}

impl Said {
    /// The save `text` (from `file`) of ruleset `E`, replayed and said by
    /// `say`, with the load's warnings: `check-save` and `export` of every
    /// ruleset.
    pub fn of_save<E: crate::session::Ruleset>(
        file: &Path,
        text: &str,
        say: impl FnOnce(&crate::session::Session<E>) -> String,
    ) -> Result<Said, SaveError> {
        let loaded = crate::session::file::load_text_of::<E>(file, text)?;
        Ok(Said {
            text: say(&loaded.session),
            warnings: loaded.warnings,
        })
    }
}

/// One ruleset as the command line sees it.
pub trait Front: Sync {
    /// The word its scenarios give for `ruleset` (`Shakhan`).
    fn name(&self) -> &'static str;
    /// Its name in prose (`Shakhàn`).
    fn title(&self) -> &'static str;
    /// Its embedded scenario, `(path, text)`, if it has one.
    fn default_scenario(&self) -> Option<(&'static str, &'static str)> {
        None
    }

    /// `check`: the scenario's derived figures, as a table or JSON.
    fn check(&self, file: &Path, text: &str, json: bool) -> Result<Output, ScenarioError>;
    /// `sim`: a battle played to its end, its log or outcome.
    fn sim(&self, file: &Path, text: &str, args: &SimArgs) -> Result<Output, Failure>;
    /// `batch`: many battles, summarised.
    fn batch(&self, file: &Path, text: &str, args: &BatchArgs) -> Result<Output, Failure>;

    /// Its own flags for `odds`, added to the command (`clap::Args::augment_args`).
    fn odds_flags(&self, odds: clap::Command) -> clap::Command;
    /// Those flags as `(id, --flag)`, in the order its refusals name them.
    fn odds_flag_names(&self) -> &'static [(&'static str, &'static str)];
    /// `odds`: the exact chances of one strike; `flags` holds its own flags.
    fn odds(
        &self,
        file: &Path,
        text: &str,
        args: &OddsArgs,
        flags: &clap::ArgMatches,
    ) -> Result<Output, Failure>;

    /// `check-save`: where a saved battle stands.
    fn check_save(&self, file: &Path, text: &str) -> Result<Said, SaveError>;
    /// `export`: a saved battle's log in `view`.
    fn export(
        &self,
        file: &Path,
        text: &str,
        format: Format,
        view: View,
    ) -> Result<Said, SaveError>;
    /// `play` and `replay`: the display on a battle, not yet on a terminal;
    /// `source` is the scenario's text for [`Opening::New`] and
    /// [`Opening::Default`], the save's for the others.
    fn open(&self, opening: &Opening, source: String, light: bool) -> Result<Opened, Failure>;
}
