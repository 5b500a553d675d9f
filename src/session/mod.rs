//! A battle as a referee runs it: the checked scenario and its text, the
//! seed, the whole command log and a cursor into it. The battle at the cursor
//! is the log's first `cursor` commands replayed, so undo, redo and going to
//! any earlier point are replays, and a new command after an undo starts a
//! new branch (the redo tail is dropped). Generic over the ruleset
//! ([`Ruleset`]); each ruleset's own commands (overrides, re-rolls) are in
//! its folder.
//!
//! Pure except [`file`] and [`autosave`], which read and write save files.

pub mod autosave;
pub mod export;
pub mod file;
pub mod ruleset;

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::scenario::{self, ScenarioError};
use crate::words::count;

pub use file::SaveError;
pub use ruleset::Ruleset;

/// Why a session could not do what was asked. Nothing changed.
#[derive(Debug, Error)]
pub enum SessionError {
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
    /// The ruleset's battle cannot start on the scenario.
    #[error(transparent)]
    Setup(Box<dyn std::error::Error + Send + Sync>),
    #[error("refused: {0}")]
    Refused(#[from] crate::seam::Rejection),
    #[error("there is no point {index}: the log has {}", count(*len, "command", "commands"))]
    NoSuchPoint { index: usize, len: usize },
    #[error("nothing to re-roll: no command has been given yet")]
    NothingToReroll,
    #[error(transparent)]
    Save(#[from] SaveError),
}

/// A place in the log the referee can go back (or forward) to.
#[derive(Debug, Clone, PartialEq)]
pub struct Point<M> {
    /// Commands replayed to reach it.
    pub index: usize,
    /// Where the battle stood there.
    pub at: M,
    /// e.g. "Round 2, pulse 3, Attack Phase — before Aulos's shield choice".
    pub label: String,
}

/// A battle with its scenario, seed, command log and cursor.
#[derive(Debug, Clone)]
pub struct Session<E: Ruleset> {
    checked: E::Checked,
    source: String,
    origin: PathBuf,
    seed: u64,
    battle: E,
    log: Vec<E::Command>,
    /// `points[i]`: where the battle stood before command `i`.
    points: Vec<Point<E::Moment>>,
    /// The battle before any command: going back replays from it (a long
    /// battle's whole log replays in about a millisecond: docs/SAVES.md).
    start: E,
    cursor: usize,
    /// Where the battle stood when it was loaded or last played on: the
    /// commands after it were undone before the save (an undone branch),
    /// so replay stops here.
    saved: usize,
}

impl<E: Ruleset> Session<E> {
    /// A new battle of ruleset `E` on the scenario `source` (read from
    /// `origin`), with `seed` or the scenario's own.
    pub fn open(origin: &Path, source: String, seed: Option<u64>) -> Result<Self, SessionError> {
        let checked = E::parse(origin, &source)?;
        let seed = seed.unwrap_or(E::scenario_seed(&checked));
        let battle =
            E::start(E::setup(&checked), seed).map_err(|e| SessionError::Setup(e.into()))?;
        Ok(Session {
            start: battle.clone(),
            checked,
            source,
            origin: origin.to_path_buf(),
            seed,
            battle,
            log: Vec::new(),
            points: Vec::new(),
            cursor: 0,
            saved: 0,
        })
    }

    /// A session on a battle made elsewhere (the display's tests script its
    /// dice), whose scenario text is `source`: undo replays from `battle` as
    /// it is.
    pub fn from_battle(
        checked: E::Checked,
        source: String,
        origin: PathBuf,
        seed: u64,
        battle: E,
    ) -> Self {
        Session {
            start: battle.clone(),
            checked,
            source,
            origin,
            seed,
            battle,
            log: Vec::new(),
            points: Vec::new(),
            cursor: 0,
            saved: 0,
        }
    }

    /// Make the last command again after `first` (a Referee's re-roll,
    /// which discards dice): undo it, submit `first`, then the same command.
    /// On failure nothing changes. Returns the re-made command's events.
    pub fn remake_last_after(&mut self, first: E::Command) -> Result<&[E::Event], SessionError> {
        if self.cursor == 0 {
            return Err(SessionError::NothingToReroll);
        }
        let kept = self.clone();
        match self.remake_steps(first) {
            Ok(start) => Ok(&self.battle.events()[start..]),
            Err(e) => {
                *self = kept;
                Err(e)
            }
        }
    }

    /// [`Self::remake_last_after`]'s steps; where the re-made command's
    /// events begin.
    fn remake_steps(&mut self, first: E::Command) -> Result<usize, SessionError> {
        let command = self.log[self.cursor - 1].clone();
        self.goto(self.cursor - 1)?;
        self.submit(first)?;
        let start = self.battle.events().len();
        self.submit(command)?;
        Ok(start)
    }

    /// [`Self::open`] on a scenario file.
    pub fn open_file(path: &Path, seed: Option<u64>) -> Result<Self, SessionError> {
        let text = scenario::read_text(path, "a scenario", "docs/SCENARIOS.md")?;
        Session::open(path, text, seed)
    }

    /// A session of ruleset `E` on `commands` (a save's), at `cursor`. The
    /// first refused command is reported by its 1-based number.
    pub fn replayed(
        origin: &Path,
        source: String,
        seed: u64,
        commands: &[E::Command],
        cursor: usize,
    ) -> Result<Self, ReplayError> {
        let mut s = Session::<E>::open(origin, source, Some(seed))
            .map_err(|e| ReplayError::Start(Box::new(e)))?;
        for (i, c) in commands.iter().enumerate() {
            s.submit(c.clone()).map_err(|e| ReplayError::Refused {
                number: i + 1,
                command: E::summary(c),
                why: match e {
                    SessionError::Refused(r) => r.to_string(),
                    e => e.to_string(),
                },
            })?;
        }
        s.goto(cursor.min(s.log.len()))
            .map_err(|e| ReplayError::Start(Box::new(e)))?;
        s.saved = s.cursor;
        Ok(s)
    }

    /// Answer every prompt with `answer` until the battle ends or its clock
    /// (rounds, Pulses) passes `max`.
    pub fn play_out(
        &mut self,
        max: u32,
        mut answer: impl FnMut(&E, &E::Prompt) -> E::Command,
    ) -> Result<(), SessionError> {
        loop {
            let prompt = self.battle.prompt();
            if E::finished(&prompt) || self.battle.clock() > max {
                return Ok(());
            }
            let command = answer(&self.battle, &prompt);
            self.submit(command)?;
        }
    }

    pub fn battle(&self) -> &E {
        &self.battle
    }

    pub fn checked(&self) -> &E::Checked {
        &self.checked
    }

    /// The scenario's name.
    pub fn name(&self) -> &str {
        E::scenario_name(&self.checked)
    }

    /// The scenario's text, as read.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Where the scenario was read from.
    pub fn origin(&self) -> &Path {
        &self.origin
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Every command given, the redo tail after the cursor included.
    pub fn log(&self) -> &[E::Command] {
        &self.log
    }

    /// How many commands of the log the battle has had.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Where the battle stood when the save was loaded (or play last went
    /// on): the end of a replay. Commands after it are the undone branch.
    pub fn saved(&self) -> usize {
        self.saved
    }

    /// How many commands were undone before the save: the undone branch.
    pub fn undone(&self) -> usize {
        self.log.len() - self.saved
    }

    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    pub fn can_redo(&self) -> bool {
        self.cursor < self.log.len()
    }

    /// Answer the battle's prompt (or override). Accepted after an undo, it
    /// drops the redo tail: a new branch. Refused, nothing changes.
    pub fn submit(&mut self, command: E::Command) -> Result<&[E::Event], SessionError> {
        let start = self.battle.events().len();
        let before = self.point_here(&command);
        self.battle.submit(command.clone())?;
        self.log.truncate(self.cursor);
        self.points.truncate(self.cursor);
        self.log.push(command);
        self.points.push(before);
        self.cursor += 1;
        self.saved = self.cursor;
        Ok(&self.battle.events()[start..])
    }

    /// One command back. False when at the start.
    pub fn undo(&mut self) -> bool {
        self.can_undo() && self.goto(self.cursor - 1).is_ok()
    }

    /// One command forward along the log. False when at its end.
    pub fn redo(&mut self) -> bool {
        self.can_redo() && self.goto(self.cursor + 1).is_ok()
    }

    /// The battle after the log's first `index` commands: replayed from the
    /// cursor when going forward, else from the start. On failure nothing
    /// changes.
    pub fn goto(&mut self, index: usize) -> Result<(), SessionError> {
        if index > self.log.len() {
            return Err(SessionError::NoSuchPoint {
                index,
                len: self.log.len(),
            });
        }
        let (mut battle, from) = if index >= self.cursor {
            (self.battle.clone(), self.cursor)
        } else {
            (self.start.clone(), 0)
        };
        for c in &self.log[from..index] {
            // Each was accepted from this same state before; were one
            // refused, the session would stay as it was.
            battle.submit(c.clone())?;
        }
        self.battle = battle;
        self.cursor = index;
        // Going onto the undone branch restores it.
        self.saved = self.saved.max(index);
        Ok(())
    }

    /// Every point of the log, from before the first command to after the
    /// last, for an undo list.
    pub fn points(&self) -> Vec<Point<E::Moment>> {
        let mut all = self.points.clone();
        let end = if self.cursor == self.log.len() {
            self.battle.clone()
        } else {
            let mut b = self.battle.clone();
            for c in &self.log[self.cursor..] {
                let _ = b.submit(c.clone());
            }
            b
        };
        all.push(Point {
            index: self.log.len(),
            at: end.moment(),
            label: format!("{} — latest", end.where_in()),
        });
        all
    }

    /// The point one step of `key` forward (the first point whose key
    /// differs from here) or back (the first point of this step, or of the
    /// one before when already there): a pulse, when `key` names the pulse.
    pub fn step_by<K: PartialEq>(&self, forward: bool, key: impl Fn(&E::Moment) -> K) -> usize {
        let points = self.points();
        let at = self.cursor;
        let here = key(&points[at].at);
        if forward {
            return (at + 1..points.len())
                .find(|&i| key(&points[i].at) != here)
                .unwrap_or(points.len() - 1);
        }
        let start_of = |i: usize| {
            let k = key(&points[i].at);
            (0..=i)
                .rev()
                .take_while(|&j| key(&points[j].at) == k)
                .last()
                .unwrap_or(i)
        };
        let first = start_of(at);
        if first < at {
            first
        } else {
            start_of(first.saturating_sub(1))
        }
    }

    /// Where a save goes unless the user says: `<scenario>-save.ron` in the
    /// working directory.
    pub fn save_name(&self) -> PathBuf {
        let stem = self
            .origin
            .file_stem()
            .map_or("battle".into(), |s| s.to_string_lossy().into_owned());
        PathBuf::from(format!("{stem}-save.ron"))
    }

    /// The whole session as a save file.
    pub fn to_save(&self) -> file::SaveOf<E::Command> {
        file::SaveOf::new(self)
    }

    /// Write the session to `path` atomically (docs/SAVES.md).
    pub fn save(&self, path: &Path) -> Result<(), SaveError> {
        file::write_atomic(path, &self.to_save().to_ron())
    }

    /// Write the autosave of this scenario (`autosave::path`), as after each
    /// phase; returns where.
    pub fn autosave(&self) -> Result<PathBuf, SaveError> {
        let path = autosave::path(&self.origin, &self.source)?;
        self.save(&path)?;
        Ok(path)
    }

    /// [`Self::autosave`] into the autosave directory `dir` (the display's
    /// tests pass a temporary one).
    pub fn autosave_in(&self, dir: &Path) -> Result<PathBuf, SaveError> {
        let path = autosave::path_in(dir, &self.origin, &self.source)?;
        self.save(&path)?;
        Ok(path)
    }

    /// Where the battle stands before `command`, labelled for a list.
    fn point_here(&self, command: &E::Command) -> Point<E::Moment> {
        let b = &self.battle;
        Point {
            index: self.cursor,
            at: b.moment(),
            label: format!("{} — before {}", b.where_in(), b.what(command)),
        }
    }
}

/// Why a save's log does not replay.
#[derive(Debug, Error)]
pub enum ReplayError {
    #[error(transparent)]
    Start(Box<SessionError>),
    #[error(
        "command {number} ({}) was refused: {}",
        crate::text::one_line(command),
        crate::text::one_line(why)
    )]
    Refused {
        number: usize,
        command: String,
        why: String,
    },
}

/// What a save's outputs leave out: the commands undone before it was
/// saved, which replay does not play.
pub fn undone_note<E: Ruleset>(s: &Session<E>) -> Option<String> {
    let n = s.log.len() - s.cursor;
    let redo = if E::REPLAY_REDOES {
        format!(
            "; `hexmelee replay` can redo {}",
            crate::words::noun(n, "it", "them")
        )
    } else {
        String::new()
    };
    (n > 0).then(|| {
        format!(
            "{} after this point not shown (undone before saving{redo})",
            count(n, "undone command", "undone commands"),
        )
    })
}

/// The first lines of `check-save`: the scenario, seed, cursor, where the
/// battle stands and how it ended, and the undone branch if any.
pub fn heading<E: Ruleset>(s: &Session<E>) -> String {
    let b = s.battle();
    let outcome = match b.outcome() {
        Some(Some(w)) => format!("{} won", b.side_name(w)),
        Some(None) => "nobody won".into(),
        None => "not over".into(),
    };
    let mut out = format!(
        "{} — seed {}, {}, at {} ({}): {outcome}\n",
        s.name(),
        s.seed,
        count(s.cursor, "command", "commands"),
        s.cursor,
        b.where_in(),
    );
    if let Some(note) = undone_note(s) {
        out.push_str(&format!("  {note}\n"));
    }
    out
}
