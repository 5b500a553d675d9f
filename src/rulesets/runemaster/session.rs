//! What a Rune Master session is to the frame (its `Ruleset`: scenario,
//! where a battle stands and what a command does, in words), and what it
//! says of itself: `check-save`'s lines and the export.

use std::fmt::Write;
use std::path::Path;

use super::engine::{Battle, Command, Condition, Event, Prompt, explain};
use super::scenario::Checked;
use crate::scenario::ScenarioError;
use crate::seam::{Engine, FigureId, SideId, View};
use crate::session::export::{Format, ending, escape, title};
use crate::session::{Ruleset, Session, heading};
use crate::words::possessive;

/// Where a Rune Master session stands, for `hexmelee check-save`: the
/// heading, then each figure's state.
pub fn describe(s: &Session<Battle>) -> String {
    let b = s.battle();
    let mut out = heading(s);
    for (i, f) in b.figs().iter().enumerate() {
        let sheet = b.sheet(i);
        let status = match f.condition {
            Condition::Fighting => "fighting",
            Condition::Collapsed => "collapsed",
            Condition::Shock => "in shock",
            Condition::Unconscious => "unconscious",
            Condition::Dead => "dead",
        };
        let _ = writeln!(
            out,
            "  {:<14} {:<10} {:<12} damage {} of {} HP, stun {}, bleeding {} levels",
            sheet.name,
            b.side_name(sheet.side),
            status,
            f.damage,
            sheet.hp,
            f.stun,
            levels(f.bleeding)
        );
    }
    out
}

/// Quarter levels of bleeding, as levels ("1¾").
fn levels(quarters: u32) -> String {
    let part = ["", "¼", "½", "¾"][(quarters % 4) as usize];
    match quarters / 4 {
        0 if part.is_empty() => "0".into(),
        0 => part.into(),
        n => format!("{n}{part}"),
    }
}

impl Ruleset for Battle {
    type Checked = Checked;
    /// The round.
    type Moment = u32;
    const NAME: &'static str = "RuneMaster";
    const REPLAY_REDOES: bool = false;

    fn parse(origin: &Path, text: &str) -> Result<Checked, ScenarioError> {
        super::scenario::parse(origin, text)
    }
    fn setup(checked: &Checked) -> &Self::Setup {
        &checked.setup
    }
    fn scenario_name(checked: &Checked) -> &str {
        &checked.scenario.name
    }
    fn scenario_seed(checked: &Checked) -> u64 {
        checked.scenario.seed
    }
    fn events(&self) -> &[Event] {
        self.events()
    }
    fn side_name(&self, side: SideId) -> &str {
        self.setup().sides.get(side.0).map_or("?", String::as_str)
    }
    fn moment(&self) -> u32 {
        self.round()
    }
    fn where_in(&self) -> String {
        let name = |f: FigureId| {
            self.setup()
                .figures
                .get(f.0)
                .map_or("?", |f| f.name.as_str())
        };
        let now = match self.prompt() {
            Prompt::Intent { figure } => format!("{} to declare an intent", name(figure)),
            Prompt::Defence { figure, attacker } => format!(
                "{} to declare a defence against {}",
                name(figure),
                name(attacker)
            ),
            Prompt::Over => "the end".into(),
        };
        format!("Round {}, {now}", self.round())
    }
    fn what(&self, command: &Command) -> String {
        let name = |f: FigureId| {
            self.setup()
                .figures
                .get(f.0)
                .map_or("?", |f| f.name.as_str())
        };
        match command {
            Command::Intent { figure, .. } => format!("{} intent", possessive(name(*figure))),
            Command::Defend {
                figure, attacker, ..
            } => format!(
                "{} defence against {}",
                possessive(name(*figure)),
                name(*attacker)
            ),
        }
    }
    fn summary(command: &Command) -> String {
        match command {
            Command::Intent { figure, .. } => format!("the intent of figure {}", figure.0),
            Command::Defend { figure, .. } => format!("the defence of figure {}", figure.0),
        }
    }
}

/// A Rune Master battle's log as it stands at the session's cursor, each
/// event explained as `view` may read it, a heading at each round.
pub fn render(session: &Session<Battle>, format: Format, view: View) -> String {
    let b = session.battle();
    let md = format == Format::Markdown;
    let sides: Vec<&str> = b.setup().sides.iter().map(String::as_str).collect();
    let seen = match view {
        View::Referee => ", referee's view",
        View::Table => ", table view",
    };
    let mut out = title(session, &sides, md, seen);
    for event in b.events() {
        let Some(line) = explain::line(b.setup(), event, view) else {
            continue;
        };
        let _ = match (event, md) {
            (Event::RoundBegan { .. }, true) => writeln!(out, "\n## {}\n", escape(&line)),
            (Event::RoundBegan { .. }, false) => {
                writeln!(out, "\n{line}\n{}", "-".repeat(line.chars().count()))
            }
            (_, true) => writeln!(out, "- {}", escape(&line)),
            (_, false) => writeln!(out, "    {line}"),
        };
    }
    ending(session, out, md)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::session::file::load_text_of;

    /// A session's save reads back as the same battle; undo replays.
    #[test]
    fn a_save_round_trips_and_undo_replays() {
        let text = include_str!("../../../scenarios/rm-duel.ron");
        let mut s =
            Session::<Battle>::open(Path::new("rm-duel.ron"), text.into(), Some(9)).unwrap();
        s.play_out(40, super::super::ai::answer).unwrap();
        assert!(s.battle().outcome().is_some());
        let played = s.log().len();
        assert!(s.undo());
        assert_eq!(s.cursor(), played - 1);
        assert!(s.redo());
        let back = load_text_of::<Battle>(Path::new("save.ron"), &s.to_save().to_ron()).unwrap();
        assert_eq!(back.session.battle().events(), s.battle().events());
        assert!(describe(&back.session).contains("Brand"));
        let table = render(&back.session, Format::Text, View::Table);
        assert!(table.contains("seals an intent") && !table.contains("rolled"));
    }
}
