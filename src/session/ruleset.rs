//! What a session needs of a ruleset beyond the seam (issue 18): how its
//! scenario text is read, where a battle stands in words, and what a
//! command is called. Each ruleset's battle implements it once; the
//! session, its saves and its autosave are generic over it.

use std::fmt::Debug;
use std::path::Path;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::SessionError;
use crate::engine::dragonquest as dq;
use crate::engine::{Engine, FigureId, SideId};
use crate::scenario::{self, RulesetName, ScenarioError};
use crate::words::possessive;

/// A ruleset's battle as a session keeps it.
pub trait Ruleset:
    Engine<Command: Debug + PartialEq + Serialize + DeserializeOwned> + Clone + Debug
{
    /// The scenario as checked, the battle's setup within it.
    type Checked: Clone + Debug;
    /// Where a battle stands, for stepping through its history.
    type Moment: Clone + Debug + PartialEq;
    /// The ruleset its scenario files (and so its saves) name.
    const NAME: RulesetName;

    /// Parse and check scenario text; `origin` only names it.
    fn parse(origin: &Path, text: &str) -> Result<Self::Checked, ScenarioError>;
    fn setup(checked: &Self::Checked) -> &Self::Setup;
    fn scenario_name(checked: &Self::Checked) -> &str;
    /// The scenario's own seed, used unless another is given.
    fn scenario_seed(checked: &Self::Checked) -> u64;
    fn setup_error(error: Self::SetupError) -> SessionError;

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

/// Where a Shakhàn battle stands.
#[derive(Debug, Clone, PartialEq)]
pub struct Moment {
    pub round: u32,
    pub free_round: bool,
    pub phase: crate::engine::Phase,
}

impl Ruleset for crate::engine::Battle {
    type Checked = scenario::Checked;
    type Moment = Moment;
    const NAME: RulesetName = RulesetName::Shakhan;

    fn parse(origin: &Path, text: &str) -> Result<Self::Checked, ScenarioError> {
        scenario::parse(origin, text)
    }
    fn setup(checked: &Self::Checked) -> &Self::Setup {
        checked
    }
    fn scenario_name(checked: &Self::Checked) -> &str {
        &checked.scenario.name
    }
    fn scenario_seed(checked: &Self::Checked) -> u64 {
        checked.scenario.seed
    }
    fn setup_error(error: Self::SetupError) -> SessionError {
        SessionError::Battle(error)
    }
    fn events(&self) -> &[Self::Event] {
        self.events()
    }
    fn side_name(&self, side: SideId) -> &str {
        self.sides().get(side.0).map_or("?", |s| s.name.as_str())
    }
    fn moment(&self) -> Moment {
        Moment {
            round: self.round(),
            free_round: self.is_free_round(),
            phase: self.phase(),
        }
    }
    fn where_in(&self) -> String {
        super::where_in(self)
    }
    fn what(&self, command: &Self::Command) -> String {
        super::what(self, command)
    }
    fn summary(command: &Self::Command) -> String {
        super::summary(command)
    }
}

impl Ruleset for dq::Battle {
    type Checked = scenario::dragonquest::Checked;
    /// The Pulse.
    type Moment = u32;
    const NAME: RulesetName = RulesetName::DragonQuest;

    fn parse(origin: &Path, text: &str) -> Result<Self::Checked, ScenarioError> {
        scenario::dragonquest::parse(origin, text)
    }
    fn setup(checked: &Self::Checked) -> &Self::Setup {
        &checked.spec
    }
    fn scenario_name(checked: &Self::Checked) -> &str {
        &checked.scenario.name
    }
    fn scenario_seed(checked: &Self::Checked) -> u64 {
        checked.scenario.seed
    }
    fn setup_error(error: Self::SetupError) -> SessionError {
        SessionError::Spec(error)
    }
    fn events(&self) -> &[Self::Event] {
        self.events()
    }
    fn side_name(&self, side: SideId) -> &str {
        self.sides().get(side.0).map_or("?", |s| s.name.as_str())
    }
    fn moment(&self) -> u32 {
        self.pulse()
    }
    fn where_in(&self) -> String {
        let name = |f: FigureId| self.figures().get(f.0).map_or("?", |f| f.name.as_str());
        let turn = match self.prompt() {
            dq::Prompt::LeadChoice { figure } => {
                format!("{} chooses to act now or last", name(figure))
            }
            dq::Prompt::EngagedAction { figure } => format!("{} to act", name(figure)),
            dq::Prompt::SideChoice { side } => {
                format!("{} chooses to act first or last", self.side_name(side))
            }
            dq::Prompt::SideAction { side, .. } => {
                format!("{} figures to act", possessive(self.side_name(side)))
            }
            dq::Prompt::Finished { .. } => "the end".into(),
        };
        format!("Pulse {}, {turn}", self.pulse())
    }
    fn what(&self, command: &Self::Command) -> String {
        let name = |f: FigureId| self.figures().get(f.0).map_or("?", |f| f.name.as_str());
        match (command, self.prompt()) {
            (dq::Command::ActNow { .. }, dq::Prompt::LeadChoice { figure }) => {
                format!("{} choice to act now or last", possessive(name(figure)))
            }
            (dq::Command::ActNow { .. }, dq::Prompt::SideChoice { side }) => format!(
                "{} choice to act first or last",
                possessive(self.side_name(side))
            ),
            (dq::Command::Act { figure, action }, _) => {
                format!("{} {}", possessive(name(*figure)), action_word(action))
            }
            (c, _) => Self::summary(c),
        }
    }
    fn summary(command: &Self::Command) -> String {
        match command {
            dq::Command::ActNow { now: true } => "act now".into(),
            dq::Command::ActNow { now: false } => "act last".into(),
            dq::Command::Act { figure, action } => {
                format!("{} of figure {}", action_word(action), figure.0)
            }
            dq::Command::Referee(fiat) => format!("a Referee ruling ({})", fiat_word(fiat)),
        }
    }
}

/// An action, named as a referee would.
fn action_word(action: &dq::Action) -> &'static str {
    match action {
        dq::Action::Move { .. } => "move",
        dq::Action::Melee { .. } => "melee attack",
        dq::Action::ChargeWithoutStrike { .. } => "charge",
        dq::Action::Evade { .. } => "evasion",
        dq::Action::Withdraw { .. } => "withdrawal",
        dq::Action::Retreat { .. } => "retreat",
        dq::Action::Pass { .. } => "pass",
        dq::Action::Fire { .. } => "missile fire",
        dq::Action::Close { .. } => "close",
        dq::Action::Grapple { .. } => "grapple",
        dq::Action::Spell { .. } => "spell",
        dq::Action::Special { .. } => "special attack",
        dq::Action::Combine { .. } => "combined action",
    }
}

fn fiat_word(fiat: &dq::Fiat) -> &'static str {
    match fiat {
        dq::Fiat::Damage { .. } => "damage",
        dq::Fiat::Prone { .. } => "prone",
        dq::Fiat::Stun { .. } => "stun",
        dq::Fiat::Rout { .. } => "rout",
        dq::Fiat::RunsOn { .. } => "mount runs on",
    }
}
