//! What a Land of Karn session is to the frame (its `Ruleset`: scenario,
//! where a battle stands and what a command does, in words), `check-save`'s
//! lines and the export's.

use std::fmt::Write;
use std::path::Path;

use super::engine::explain::{explain_as, plan_words};
use super::engine::{Battle, Command, Event, Prompt, Standing};
use super::scenario::Checked;
use crate::scenario::ScenarioError;
use crate::seam::{Engine, FigureId, SideId, View};
use crate::session::export::{Format, ending, escape, title};
use crate::session::{Ruleset, Session, heading};
use crate::words::possessive;

/// Where a Land of Karn session stands, for `hexmelee check-save`.
pub fn describe(s: &Session<Battle>) -> String {
    let b = s.battle();
    let mut out = heading(s);
    for f in b.figures() {
        let status = match f.standing {
            Standing::Dead => "dead",
            Standing::Unconscious => "unconscious",
            Standing::Up => "fighting",
        };
        let _ = writeln!(
            out,
            "  {:<14} {:<10} {:<12} HP {}/{}, SP {}/{}",
            f.name(),
            b.side_name(f.spec.side),
            status,
            f.hp,
            f.spec.hp,
            f.sp,
            f.spec.sp
        );
    }
    out
}

impl Ruleset for Battle {
    type Checked = Checked;
    /// The melee round.
    type Moment = u32;
    const NAME: &'static str = "LandOfKarn";
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
        Battle::events(self)
    }
    fn side_name(&self, side: SideId) -> &str {
        self.spec()
            .sides
            .get(side.0)
            .map_or("?", |s| s.name.as_str())
    }
    fn moment(&self) -> u32 {
        self.melee()
    }
    fn where_in(&self) -> String {
        let name = |f: FigureId| self.figures().get(f.0).map_or("?", |f| f.name());
        let turn = match self.prompt() {
            Prompt::Initiative { figure } => format!("{} to roll for initiative", name(figure)),
            Prompt::Attack { figure, .. } => format!("{} to choose attacks", name(figure)),
            Prompt::Defend { figure, .. } => format!("{} to choose defences", name(figure)),
            Prompt::Answer { figure, .. } => {
                format!("{} to defend against counterattacks", name(figure))
            }
            Prompt::Over => "the end".into(),
        };
        format!("melee {}, {turn}", self.melee())
    }
    fn what(&self, command: &Command) -> String {
        let name = |f: &FigureId| self.figures().get(f.0).map_or("?", |f| f.name());
        match command {
            Command::Initiative { figure, forfeit } => format!(
                "{} {}",
                possessive(name(figure)),
                if *forfeit {
                    "forfeit of the initiative"
                } else {
                    "initiative roll"
                }
            ),
            Command::Attack { figure, plan } => {
                format!(
                    "{} attacks ({})",
                    possessive(name(figure)),
                    plan_words(plan)
                )
            }
            Command::Defend { figure, plan } => {
                format!(
                    "{} defences ({})",
                    possessive(name(figure)),
                    plan_words(plan)
                )
            }
            Command::Answer { figure, .. } => {
                format!(
                    "{} defences against counterattacks",
                    possessive(name(figure))
                )
            }
        }
    }
    fn summary(command: &Command) -> String {
        match command {
            Command::Initiative { figure, .. } => format!("initiative of figure {}", figure.0),
            Command::Attack { figure, .. } => format!("attacks of figure {}", figure.0),
            Command::Defend { figure, .. } => format!("defences of figure {}", figure.0),
            Command::Answer { figure, .. } => format!("step 4 defences of figure {}", figure.0),
        }
    }
}

/// A Land of Karn battle's log as it stands at the session's cursor, each
/// event explained for `view`, a heading at each melee.
pub fn render(session: &Session<Battle>, format: Format, view: View) -> String {
    let b = session.battle();
    let md = format == Format::Markdown;
    let sides: Vec<&str> = b.spec().sides.iter().map(|s| s.name.as_str()).collect();
    let which = match view {
        View::Referee => " (referee view)",
        View::Table => " (table view)",
    };
    let mut out = title(session, &sides, md, which);
    for event in b.events() {
        let Some(text) = explain_as(b, event, view) else {
            continue;
        };
        for line in text.lines() {
            let line = line.trim_start();
            let _ = match (event, md) {
                (Event::MeleeBegins { .. }, true) => writeln!(out, "\n## {}\n", escape(line)),
                (Event::MeleeBegins { .. }, false) => {
                    writeln!(out, "\n{line}\n{}", "-".repeat(line.chars().count()))
                }
                (_, true) => writeln!(out, "- {}", escape(line)),
                (_, false) => writeln!(out, "    {line}"),
            };
        }
    }
    ending(session, out, md)
}
