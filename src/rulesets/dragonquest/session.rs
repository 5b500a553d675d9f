//! What a DragonQuest session is to the frame (its `Ruleset`: scenario,
//! where a battle stands and what a command does, in words) and what it
//! says of itself: `check-save`'s lines.

use std::path::Path;

use super::engine::{Action, Battle, Command, Fiat, Prompt};
use super::engine::{Event, explain};
use super::rules::damage::Standing;
use super::scenario::Checked;
use crate::scenario::ScenarioError;
use crate::seam::{FigureId, SideId};
use crate::session::export::{Format, ending, escape, title};
use crate::session::{Ruleset, Session, heading};
use crate::words::possessive;
use std::fmt::Write;

/// Where a DragonQuest session stands, for `hexmelee check-save`: the
/// heading, then each figure's state.
pub fn describe(s: &Session<Battle>) -> String {
    let b = s.battle();
    let mut out = heading(s);
    for f in b.figures() {
        let status = match f.standing {
            Standing::Dead => "dead",
            Standing::Unconscious => "unconscious",
            _ if f.routed => "routed",
            _ => "fighting",
        };
        out.push_str(&format!(
            "  {:<14} {:<10} {:<12} Endurance {}/{}, Fatigue {}/{}\n",
            f.name,
            b.sides()[f.side.0].name,
            status,
            f.endurance,
            f.endurance_max,
            f.fatigue,
            f.fatigue_max
        ));
    }
    out
}

impl Ruleset for Battle {
    type Checked = Checked;
    /// The Pulse.
    type Moment = u32;
    const NAME: &'static str = "DragonQuest";
    const REPLAY_REDOES: bool = false;

    fn parse(origin: &Path, text: &str) -> Result<Self::Checked, ScenarioError> {
        super::scenario::parse(origin, text)
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
            Prompt::LeadChoice { figure } => {
                format!("{} chooses to act now or last", name(figure))
            }
            Prompt::EngagedAction { figure } => format!("{} to act", name(figure)),
            Prompt::SideChoice { side } => {
                format!("{} chooses to act first or last", self.side_name(side))
            }
            Prompt::SideAction { side, .. } => {
                format!("{} figures to act", possessive(self.side_name(side)))
            }
            Prompt::Finished { .. } => "the end".into(),
        };
        format!("Pulse {}, {turn}", self.pulse())
    }
    fn what(&self, command: &Self::Command) -> String {
        let name = |f: FigureId| self.figures().get(f.0).map_or("?", |f| f.name.as_str());
        match (command, self.prompt()) {
            (Command::ActNow { .. }, Prompt::LeadChoice { figure }) => {
                format!("{} choice to act now or last", possessive(name(figure)))
            }
            (Command::ActNow { .. }, Prompt::SideChoice { side }) => format!(
                "{} choice to act first or last",
                possessive(self.side_name(side))
            ),
            (Command::Act { figure, action }, _) => {
                format!("{} {}", possessive(name(*figure)), action_word(action))
            }
            (c, _) => Self::summary(c),
        }
    }
    fn summary(command: &Self::Command) -> String {
        match command {
            Command::ActNow { now: true } => "act now".into(),
            Command::ActNow { now: false } => "act last".into(),
            Command::Act { figure, action } => {
                format!("{} of figure {}", action_word(action), figure.0)
            }
            Command::Referee(fiat) => format!("a Referee ruling ({})", fiat_word(fiat)),
        }
    }
}

/// An action, named as a referee would.
fn action_word(action: &Action) -> &'static str {
    match action {
        Action::Move { .. } => "move",
        Action::Melee { .. } => "melee attack",
        Action::ChargeWithoutStrike { .. } => "charge",
        Action::Evade { .. } => "evasion",
        Action::Withdraw { .. } => "withdrawal",
        Action::Retreat { .. } => "retreat",
        Action::Pass { .. } => "pass",
        Action::Fire { .. } => "missile fire",
        Action::Close { .. } => "close",
        Action::Grapple { .. } => "grapple",
        Action::Spell { .. } => "spell",
        Action::Special { .. } => "special attack",
        Action::Combine { .. } => "combined action",
    }
}

fn fiat_word(fiat: &Fiat) -> &'static str {
    match fiat {
        Fiat::Damage { .. } => "damage",
        Fiat::Prone { .. } => "prone",
        Fiat::Stun { .. } => "stun",
        Fiat::Rout { .. } => "rout",
        Fiat::RunsOn { .. } => "mount runs on",
    }
}

/// DragonQuest 16–32: a DragonQuest battle's log as it stands at the
/// session's cursor, each event explained, a heading at each Pulse. Every
/// figure is in plain sight in DragonQuest, so there is one view.
pub fn render(session: &Session<Battle>, format: Format) -> String {
    let b = session.battle();
    let md = format == Format::Markdown;
    let sides: Vec<&str> = b.sides().iter().map(|s| s.name.as_str()).collect();
    let mut out = title(session, &sides, md, "");
    for event in b.events() {
        let line = explain(b, event);
        let _ = match (event, md) {
            (Event::PulseBegan { .. }, true) => writeln!(out, "\n## {}\n", escape(&line)),
            (Event::PulseBegan { .. }, false) => {
                writeln!(out, "\n{line}\n{}", "-".repeat(line.chars().count()))
            }
            (_, true) => writeln!(out, "- {}", escape(&line)),
            (_, false) => writeln!(out, "    {line}"),
        };
    }
    ending(session, out, md)
}
