//! Autosaves: one file per scenario text, rewritten after every phase, so a
//! crash or a kill loses at most the phase under way. They live in
//! `$HEXMELEE_DATA_DIR/autosave/`, else the user's data directory
//! (`$XDG_DATA_HOME/hexmelee/autosave/`, by default
//! `~/.local/share/hexmelee/autosave/`), named `<scenario stem>-<hash of the
//! scenario text>.ron`: the same scenario finds its autosave again, an edited
//! one starts afresh.

use std::hash::Hasher;
use std::path::{Path, PathBuf};

use fnv::FnvHasher;

use super::Ruleset;
use super::file::{self, Loaded, SaveError, temp_prefix};

/// The directory autosaves go in.
pub fn dir() -> Result<PathBuf, SaveError> {
    let base = match std::env::var_os("HEXMELEE_DATA_DIR") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => dirs::data_dir()
            .ok_or(SaveError::NoDataDir)?
            .join("hexmelee"),
    };
    Ok(base.join("autosave"))
}

/// The autosave of the scenario read from `origin` with this text.
pub fn path(origin: &Path, scenario_text: &str) -> Result<PathBuf, SaveError> {
    path_in(&dir()?, origin, scenario_text)
}

/// [`path`] in the autosave directory `dir`.
pub fn path_in(dir: &Path, origin: &Path, scenario_text: &str) -> Result<PathBuf, SaveError> {
    let dir = dir.to_path_buf();
    std::fs::create_dir_all(&dir).map_err(|e| SaveError::Io {
        path: dir.clone(),
        action: "create the folder",
        error: crate::scenario::io_words(&e),
    })?;
    let stem = origin
        .file_stem()
        .map_or("scenario".into(), |s| s.to_string_lossy());
    // FNV-1a is fixed by its definition: the name stays the same across
    // builds and platforms (std's hasher promises no such thing).
    let mut h = FnvHasher::default();
    h.write(scenario_text.as_bytes());
    Ok(dir.join(format!("{stem}-{:016x}.ron", h.finish())))
}

/// The autosave of this scenario, if a battle on it was left unfinished, to
/// offer to resume. Temporary files a killed save left beside it are removed
/// first: the autosave itself is always a whole earlier save. A damaged
/// autosave is an error to show (then start afresh).
pub fn find<E: Ruleset>(
    origin: &Path,
    scenario_text: &str,
) -> Result<Option<Loaded<E>>, SaveError> {
    find_in(&dir()?, origin, scenario_text)
}

/// [`find`] in the autosave directory `dir`.
pub fn find_in<E: Ruleset>(
    dir: &Path,
    origin: &Path,
    scenario_text: &str,
) -> Result<Option<Loaded<E>>, SaveError> {
    let path = path_in(dir, origin, scenario_text)?;
    remove_leftovers(&path);
    if !path.exists() {
        return Ok(None);
    }
    file::load_of(&path).map(Some)
}

/// Forget the autosave (the battle was finished or the referee declined it).
pub fn discard(origin: &Path, scenario_text: &str) -> Result<(), SaveError> {
    discard_in(&dir()?, origin, scenario_text)
}

/// [`discard`] in the autosave directory `dir`.
pub fn discard_in(dir: &Path, origin: &Path, scenario_text: &str) -> Result<(), SaveError> {
    let path = path_in(dir, origin, scenario_text)?;
    match std::fs::remove_file(&path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(SaveError::Io {
            path,
            action: "remove the file",
            error: crate::scenario::io_words(&e),
        }),
        _ => Ok(()),
    }
}

/// Temporary files of interrupted saves of `path`.
fn remove_leftovers(path: &Path) {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let prefix = temp_prefix(&name.to_string_lossy());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let n = e.file_name();
        let n = n.to_string_lossy();
        if n.starts_with(&prefix) && n.ends_with(".tmp") {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// A battle on disk: where, and how many commands its log holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnDisk {
    pub path: PathBuf,
    pub commands: usize,
}

/// What a display left on disk as a signal ended it, for the words the
/// shell is left with (issue 44: say what is on disk and where, never
/// "autosaved" when it was not).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LastSave {
    /// Written as the display ended.
    Saved(OnDisk),
    /// The unfinished battle offered for resuming, left untouched: the
    /// referee had not answered.
    Offered(OnDisk),
    /// The last try failed; what an earlier autosave left, if one did.
    Failed { why: String, before: Option<OnDisk> },
    /// Nothing was written, and why (a replay; no autosave folder).
    Nothing(String),
}

impl LastSave {
    /// A replay's ending: it writes nothing (the autosave keeps the battle
    /// as it was played).
    pub fn replay() -> Self {
        LastSave::Nothing("a replay writes no file; the save it showed is as it was".into())
    }
}

impl std::fmt::Display for LastSave {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let held = |d: &OnDisk| {
            format!(
                "{} ({})",
                crate::text::one_line(&d.path.display().to_string()),
                crate::words::count(d.commands, "command", "commands")
            )
        };
        match self {
            LastSave::Saved(d) => write!(f, "the battle is saved in {}", held(d)),
            LastSave::Offered(d) => write!(
                f,
                "the unfinished battle offered for resuming is kept as it was in {}",
                held(d)
            ),
            LastSave::Failed { why, before } => {
                write!(f, "the autosave failed ({why}): ")?;
                match before {
                    Some(d) => write!(
                        f,
                        "the last one written is {}, not the battle's end",
                        held(d)
                    ),
                    None => write!(f, "the battle is not on disk"),
                }
            }
            LastSave::Nothing(why) => write!(f, "nothing was saved: {why}"),
        }
    }
}

/// A display's autosaving: the folder, the last autosave written and the
/// trouble of the last that failed, which the display keeps in sight until
/// a save succeeds.
#[derive(Debug, Clone, Default)]
pub struct Keeper {
    dir: Option<PathBuf>,
    written: Option<OnDisk>,
    trouble: Option<String>,
}

impl Keeper {
    /// Autosaves into `dir`; none at all without one (as in tests).
    pub fn new(dir: Option<PathBuf>) -> Self {
        Keeper {
            dir,
            ..Keeper::default()
        }
    }

    /// The display's own: autosaves into the data folder, or, when there is
    /// none, a warning in sight from the start (nothing will be written).
    pub fn in_folder(dir: Result<PathBuf, String>) -> Self {
        match dir {
            Ok(dir) => Keeper::new(Some(dir)),
            Err(why) => Keeper {
                trouble: Some(why),
                ..Keeper::default()
            },
        }
    }

    /// The battle stands whole in `path` (the save it was resumed from).
    pub fn resumed(&mut self, path: PathBuf, commands: usize) {
        self.written = Some(OnDisk { path, commands });
    }

    /// The battle is the unfinished one its autosave offered, taken up.
    pub fn took_offer<E: Ruleset>(&mut self, session: &super::Session<E>) {
        if let Some(path) = (self.dir.as_deref())
            .and_then(|dir| path_in(dir, session.origin(), session.source()).ok())
        {
            self.resumed(path, session.log().len());
        }
    }

    /// The autosave folder, if autosaving.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Why the last autosave failed, while no save has succeeded since.
    pub fn trouble(&self) -> Option<&str> {
        self.trouble.as_deref()
    }

    /// Write `session`'s autosave; a failure is kept as the trouble (and
    /// returned, for a note), a success clears it.
    pub fn save<E: Ruleset>(&mut self, session: &super::Session<E>) -> Result<(), String> {
        self.write(session).map(|_| ())
    }

    /// [`Self::save`], with what is on disk after it (`None`: not autosaving).
    fn write<E: Ruleset>(&mut self, session: &super::Session<E>) -> Result<Option<OnDisk>, String> {
        let Some(dir) = &self.dir else {
            return Ok(None);
        };
        match session.autosave_in(dir) {
            Ok(path) => {
                let on_disk = OnDisk {
                    path,
                    commands: session.log().len(),
                };
                self.written = Some(on_disk.clone());
                self.trouble = None;
                Ok(Some(on_disk))
            }
            Err(e) => {
                let why = e.to_string();
                self.trouble = Some(why.clone());
                Err(why)
            }
        }
    }

    /// The battle was saved to `path` by hand: it is on disk, so the
    /// autosave's trouble stops being a warning (the next failure raises it
    /// again).
    pub fn saved_by_hand(&mut self, path: PathBuf, commands: usize) {
        self.written = Some(OnDisk { path, commands });
        self.trouble = None;
    }

    /// The last autosave as a signal ends the display. Nothing is written
    /// for a battle with no command yet (it would only replace an autosave
    /// the referee chose not to resume, before the first answer does), nor
    /// when the last write, after the last change, stands whole on disk.
    pub fn on_exit<E: Ruleset>(&mut self, session: &super::Session<E>) -> LastSave {
        if session.log().is_empty() {
            return LastSave::Nothing("no command was given yet".into());
        }
        if let Some(on_disk) = &self.written
            && self.trouble.is_none()
            && on_disk.commands == session.log().len()
        {
            return LastSave::Saved(on_disk.clone());
        }
        match self.write(session) {
            Ok(Some(on_disk)) => LastSave::Saved(on_disk),
            Ok(None) => LastSave::Nothing(
                "there is no autosave folder (set HEXMELEE_DATA_DIR to one)".into(),
            ),
            Err(why) => LastSave::Failed {
                why,
                before: self.written.clone(),
            },
        }
    }

    /// What stands on disk for the offered unfinished battle `offered`,
    /// kept untouched as a signal ends the display before the referee answers.
    pub fn offered<E: Ruleset>(&self, offered: &super::Session<E>) -> LastSave {
        match &self.dir {
            Some(dir) => LastSave::Offered(OnDisk {
                path: path_in(dir, offered.origin(), offered.source())
                    .unwrap_or_else(|_| dir.clone()),
                commands: offered.log().len(),
            }),
            None => LastSave::Nothing("there is no autosave folder".into()),
        }
    }
}
