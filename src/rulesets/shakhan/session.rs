//! What a Shakhàn session says of itself and may do beyond the frame's:
//! where a battle stands and what a command does, in words; the Referee's
//! re-roll; `check-save`'s lines; a save file of Shakhàn's commands.

use std::path::{Path, PathBuf};

use super::engine::EntryKind;
use super::engine::{Battle, Command, Event, Override, Phase, Prompt};
use super::scenario::{self, Checked};
use crate::scenario::ScenarioError;
use crate::seam::{FigureId, SideId, View};
use crate::session::export::{Format, ending, escape, title};
use crate::session::file::{Loaded as LoadedOf, SaveOf};
use crate::session::{ReplayError, Ruleset, SaveError, SessionError, heading};
use crate::words::{count, possessive};
use std::fmt::Write;

/// A Shakhàn session.
pub type Session = crate::session::Session<Battle>;

/// A Shakhàn save, loaded and replayed.
pub type Loaded = LoadedOf<Battle>;

/// A save file of Shakhàn's commands.
pub type SaveFile = SaveOf<Command>;

impl Session {
    /// A new battle on the scenario `source` (read from `origin`), with
    /// `seed` or the scenario's own.
    pub fn start(origin: &Path, source: String, seed: Option<u64>) -> Result<Self, SessionError> {
        Session::open(origin, source, seed)
    }

    /// A session on a battle made elsewhere (the display's tests script its
    /// dice): undo replays from `battle` as it is. The scenario's text is
    /// written back from `checked`, so saves stand alone.
    pub fn with_battle(checked: Checked, seed: u64, battle: Battle) -> Self {
        // A scenario that serde read always writes back; an empty text would
        // only make a save of it refuse to load, never a wrong battle.
        let source =
            ron::ser::to_string_pretty(&checked.scenario, Default::default()).unwrap_or_default();
        let stem: String = checked
            .scenario
            .name
            .chars()
            .map(|c| {
                if c.is_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect();
        let origin = PathBuf::from(format!("{stem}.ron"));
        Session::from_battle(checked, source, origin, seed, battle)
    }

    /// A session on `commands` (a save's), at `cursor`. The first refused
    /// command is reported by its 1-based number.
    pub fn rebuild(
        origin: &Path,
        source: String,
        seed: u64,
        commands: &[Command],
        cursor: usize,
    ) -> Result<Self, ReplayError> {
        Session::replayed(origin, source, seed, commands, cursor)
    }

    /// [`Self::start`] on a scenario file.
    pub fn start_file(path: &Path, seed: Option<u64>) -> Result<Self, SessionError> {
        Session::open_file(path, seed)
    }

    /// Answer every prompt with `answer` (the AI, a script) until the battle
    /// ends or `max_rounds` normal rounds have begun, as `sim::play` does.
    pub fn play(
        &mut self,
        max_rounds: u32,
        answer: impl FnMut(&Battle, &Prompt) -> Command,
    ) -> Result<(), SessionError> {
        self.play_out(max_rounds, answer)
    }

    /// Make the last command again with fresh dice: undo it, record an
    /// [`Override::Reroll`] that discards the next die of the stream, and
    /// submit the same command (docs/RULINGS.md). On failure nothing changes.
    pub fn reroll(&mut self, reason: &str) -> Result<&[Event], SessionError> {
        self.remake_last_after(Command::Referee(Override::Reroll {
            reason: reason.to_string(),
            dice: 1,
        }))
    }
}

/// Where a Shakhàn battle stands.
#[derive(Debug, Clone, PartialEq)]
pub struct Moment {
    pub round: u32,
    pub free_round: bool,
    pub phase: Phase,
}

impl Ruleset for Battle {
    type Checked = scenario::Checked;
    type Moment = Moment;
    const NAME: &'static str = "Shakhan";
    const REPLAY_REDOES: bool = true;

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
        where_in(self)
    }
    fn what(&self, command: &Self::Command) -> String {
        what(self, command)
    }
    fn summary(command: &Self::Command) -> String {
        summary(command)
    }
}

/// "Round 2, pulse 3, Attack Phase".
pub fn where_in(b: &Battle) -> String {
    let round = if b.is_free_round() {
        "Free round".to_string()
    } else {
        format!("Round {}", b.round())
    };
    let phase = match b.phase() {
        Phase::RoundStart => "start of round".into(),
        Phase::Communication => "Communication Phase".into(),
        Phase::MovementPriority => "Movement Priority".into(),
        Phase::DivineIntervention => "Divine Intervention".into(),
        Phase::MissileArrival => "Missile Arrival".into(),
        Phase::Spell => "Spell Phase".into(),
        Phase::MissileWeapon => "Missile Weapon Phase".into(),
        Phase::SpecialManeuver => "Special Maneuver Phase".into(),
        Phase::Attack { pulse, second } => format!(
            "pulse {pulse}, {}Attack Phase",
            if second { "second " } else { "" }
        ),
        Phase::Action { pulse, side } => format!(
            "pulse {pulse}, {} Action Phase",
            possessive(b.sides().get(side.0).map_or("?", |s| s.name.as_str()))
        ),
        Phase::FigureAction { pulse, rank } => {
            format!("pulse {pulse}, Action Phase of priority {rank}")
        }
        Phase::Pairing => "Quick Melee pairings".into(),
        Phase::QuickMelee => "Quick Melee attacks".into(),
        Phase::RecordKeeping => "Record Keeping".into(),
        Phase::Finished => "the end".into(),
    };
    format!("{round}, {phase}")
}

/// What a command does, in a few words, at this prompt.
fn what(b: &Battle, command: &Command) -> String {
    let side = |s: SideId| b.sides().get(s.0).map_or("?", |s| s.name.as_str());
    let figure = |f: FigureId| b.figures().get(f.0).map_or("?", |f| f.name.as_str());
    match (command, b.prompt()) {
        (Command::Orders { side: s, .. }, _) => format!("{} orders", possessive(side(*s))),
        (Command::Move { .. }, Prompt::Movement { side: s, .. }) => {
            format!("{} moves", possessive(side(s)))
        }
        (Command::RaiseShield { .. }, Prompt::RaiseShield { defender, .. }) => {
            format!("{} shield choice", possessive(figure(defender)))
        }
        (Command::MidAction { .. }, Prompt::MidAction { defender, .. }) => {
            format!("{} choice to defend", possessive(figure(defender)))
        }
        (Command::DodgeBlow { .. }, Prompt::DodgeBlow { defender, .. }) => {
            format!("{} choice to dodge", possessive(figure(defender)))
        }
        (Command::Referee(o), _) => b
            .describe(
                &Event::Overridden {
                    change: o.clone(),
                    discarded: Vec::new(),
                },
                View::Referee,
            )
            .unwrap_or_default(),
        (c, _) => summary(c),
    }
}

/// A command named without the battle, e.g. for a replay error.
pub fn summary(command: &Command) -> String {
    match command {
        Command::Orders { side, orders } => {
            format!(
                "orders for side {} ({})",
                side.0,
                count(orders.len(), "figure", "figures")
            )
        }
        Command::MovementPriority { move_first } => format!(
            "movement priority: move {}",
            if *move_first { "first" } else { "second" }
        ),
        Command::DivineIntervention { .. } => "divine intervention ruling".into(),
        Command::Move { moves } => format!("a move of {}", count(moves.len(), "figure", "figures")),
        Command::RaiseShield { raise } => {
            format!("shield {}", if *raise { "raised" } else { "lowered" })
        }
        Command::MidAction { defend } => if *defend { "defend" } else { "carry on" }.to_string(),
        Command::FreshInitiative => "fresh initiative call".into(),
        Command::Referee(o) => format!("referee override {}", override_kind(o)),
        Command::Pairings { pairs } => format!(
            "quick melee pairings ({})",
            count(pairs.len(), "pair", "pairs")
        ),
        Command::QuickMelee { on } => {
            format!("quick melee switched {}", if *on { "on" } else { "off" })
        }
        Command::Hazard { figure, .. } => format!("a hazard on figure {}", figure.0),
        Command::Dodge { choice } => format!("dodge: {choice:?}"),
        Command::DodgeBlow { dodge } => if *dodge {
            "dodge the blow"
        } else {
            "take the blow"
        }
        .to_string(),
    }
}

fn override_kind(o: &Override) -> &'static str {
    match o {
        Override::SetRequisite { .. } => "SetRequisite",
        Override::SetReserve { .. } => "SetReserve",
        Override::Wound { .. } => "Wound",
        Override::Heal { .. } => "Heal",
        Override::Place { .. } => "Place",
        Override::AddFigure { .. } => "AddFigure",
        Override::RemoveFigure { .. } => "RemoveFigure",
        Override::SetMorale { .. } => "SetMorale",
        Override::SetInitiative { .. } => "SetInitiative",
        Override::SetFortune { .. } => "SetFortune",
        Override::Entangle { .. } => "Entangle",
        Override::Reroll { .. } => "Reroll",
    }
}

/// Where a session stands, for `hexmelee check-save`.
pub fn describe(s: &Session) -> String {
    let b = s.battle();
    let mut out = heading(s);
    for f in b.figures() {
        out.push_str(&format!(
            "  {:<14} {:<10} {:<13} {}\n",
            f.name,
            b.sides()[f.side].name,
            f.condition.status().to_string(),
            f.condition
        ));
    }
    out
}

impl SaveFile {
    /// Replay the Shakhàn save into a session.
    pub fn into_session(self, path: &Path) -> Result<Loaded, SaveError> {
        self.replay_as(path)
    }
}

/// The log of the battle as it stands at the session's cursor, in `view`.
pub fn render(session: &Session, format: Format, view: View) -> String {
    let b = session.battle();
    let md = format == Format::Markdown;
    let sides: Vec<&str> = b.sides().iter().map(|s| s.name.as_str()).collect();
    let mut out = title(
        session,
        &sides,
        md,
        match view {
            View::Table => ", as the table saw it",
            View::Referee => ", the Referee's record",
        },
    );
    for entry in b.log(view) {
        let line = entry.text;
        match entry.kind {
            EntryKind::Round => {
                let line = line.trim_matches(|c| c == '—' || c == ' ');
                let _ = if md {
                    writeln!(out, "\n## {}\n", escape(line))
                } else {
                    writeln!(out, "\n{line}\n{}", "-".repeat(line.chars().count()))
                };
            }
            EntryKind::Pulse | EntryKind::Quiet => {
                let _ = if md {
                    writeln!(out, "\n### {line}\n")
                } else {
                    writeln!(out, "\n  {line}")
                };
            }
            EntryKind::Line => {
                let overridden = matches!(b.events()[entry.event], Event::Overridden { .. });
                let _ = match (md, overridden) {
                    (true, true) => writeln!(out, "- **{}**", escape(&line)),
                    (true, false) => writeln!(out, "- {}", escape(&line)),
                    (false, true) => writeln!(out, "  ! {line}"),
                    (false, false) => writeln!(out, "    {line}"),
                };
            }
        }
    }
    ending(session, out, md)
}

/// Read, check and replay a Shakhàn save file.
pub fn load(path: &Path) -> Result<Loaded, SaveError> {
    crate::session::file::read(path, |text| load_text(path, text))
}

/// Check and replay a Shakhàn save's text; `path` only names it in
/// messages.
pub fn load_text(path: &Path, text: &str) -> Result<Loaded, SaveError> {
    crate::session::file::load_text_of(path, text)
}
