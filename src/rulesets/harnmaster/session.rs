//! What a HârnMaster session is to the frame (its `Ruleset`: scenario, where
//! a battle stands and what a command does, in words), `check-save`'s lines
//! and the export's.

use std::fmt::Write;
use std::path::Path;

use super::engine::explain::explain;
use super::engine::{Action, Battle, Command, Defend, Event, Prompt};
use super::report::pack_line;
use super::scenario::Checked;
use crate::scenario::ScenarioError;
use crate::seam::{Engine, FigureId, SideId, View};
use crate::session::export::{Format, ending, escape, title};
use crate::session::{Ruleset, Session, heading};
use crate::words::possessive;

/// Where a HârnMaster session stands, for `hexmelee check-save`.
pub fn describe(s: &Session<Battle>) -> String {
    let b = s.battle();
    let mut out = heading(s);
    let _ = writeln!(out, "  {}", pack_line(b.pack()));
    for (i, f) in b.figures().iter().enumerate() {
        let id = FigureId(i);
        let spec = b.of(id);
        let _ = writeln!(
            out,
            "  {:<14} {:<12} {:<12} injury {} IP, endurance index {}, blood loss {}{}",
            spec.name,
            b.spec().sides[spec.side.0],
            f.status.word(),
            b.injury_points(id).0,
            b.endurance_index(id),
            f.blood_loss,
            if f.prone { ", prone" } else { "" }
        );
    }
    out
}

impl Ruleset for Battle {
    type Checked = Checked;
    /// The round.
    type Moment = u32;
    const NAME: &'static str = "HarnMaster";
    const REPLAY_REDOES: bool = false;

    fn parse(origin: &Path, text: &str) -> Result<Checked, ScenarioError> {
        super::scenario::parse(origin, text)
    }
    fn setup(checked: &Checked) -> &Self::Setup {
        &checked.spec
    }
    fn scenario_name(checked: &Checked) -> &str {
        &checked.scenario.name
    }
    fn scenario_seed(checked: &Checked) -> u64 {
        checked.scenario.seed
    }
    fn events(&self) -> &[Event] {
        self.all_events()
    }
    fn side_name(&self, side: SideId) -> &str {
        self.spec().sides.get(side.0).map_or("?", String::as_str)
    }
    fn moment(&self) -> u32 {
        self.round()
    }
    fn where_in(&self) -> String {
        let turn = match self.prompt() {
            Prompt::Act {
                figure,
                advantage: false,
            } => format!("{} to act", self.name(figure)),
            Prompt::Act {
                figure,
                advantage: true,
            } => format!("{} to take a tactical advantage", self.name(figure)),
            Prompt::Defend { defender, attacker } => format!(
                "{} to defend against {}",
                self.name(defender),
                self.name(attacker)
            ),
            Prompt::Over => "the end".into(),
        };
        format!("round {}, {turn}", self.round())
    }
    fn what(&self, command: &Command) -> String {
        let name = |f: FigureId| {
            self.spec()
                .figures
                .get(f.0)
                .map_or("?", |f| f.name.as_str())
        };
        match command {
            Command::Act { figure, action } => {
                format!("{} {}", possessive(name(*figure)), action_word(action))
            }
            Command::Defend { figure, defence } => {
                format!("{} {}", possessive(name(*figure)), defence_word(defence))
            }
        }
    }
    fn summary(command: &Command) -> String {
        match command {
            Command::Act { figure, action } => {
                format!("{} of figure {}", action_word(action), figure.0)
            }
            Command::Defend { figure, defence } => {
                format!("{} of figure {}", defence_word(defence), figure.0)
            }
        }
    }
}

fn action_word(action: &Action) -> &'static str {
    match action {
        Action::Attack { .. } => "melee attack",
        Action::Shoot { .. } => "missile attack",
        Action::Move { .. } => "move",
        Action::Rise => "rise",
        Action::Rest => "rest",
    }
}

fn defence_word(defence: &Defend) -> &'static str {
    match defence {
        Defend::Block { .. } => "block",
        Defend::Counterstrike { .. } => "counterstrike",
        Defend::Dodge => "dodge",
        Defend::Ignore => "ignoring the attack",
    }
}

/// A HârnMaster battle's log at the session's cursor, in `view`, each event
/// explained, a heading at each round, the table pack named first.
pub fn render(session: &Session<Battle>, format: Format, view: View) -> String {
    let b = session.battle();
    let md = format == Format::Markdown;
    let sides: Vec<&str> = b.spec().sides.iter().map(String::as_str).collect();
    let seen = match view {
        View::Table => ", as the table saw it",
        View::Referee => ", the Referee's record",
    };
    let mut out = title(session, &sides, md, seen);
    let pack = pack_line(b.pack());
    let _ = if md {
        writeln!(out, "*{}*", escape(&pack))
    } else {
        writeln!(out, "{pack}")
    };
    for event in b.all_events() {
        let Some(line) = explain(b, event, view) else {
            continue;
        };
        for (i, line) in line.lines().enumerate() {
            let _ = match (event, md, i) {
                (Event::RoundBegan { .. }, true, 0) => writeln!(out, "\n## {}\n", escape(line)),
                (Event::RoundBegan { .. }, false, 0) => {
                    writeln!(out, "\n{line}\n{}", "-".repeat(line.chars().count()))
                }
                (_, true, _) => writeln!(out, "- {}", escape(line)),
                (_, false, _) => writeln!(out, "    {line}"),
            };
        }
    }
    ending(session, out, md)
}
