//! Save files (docs/SAVES.md): the scenario's whole text, the seed and the
//! command log, in RON. Loading replays the log, so a save is only as good
//! as its log; every way a file can be wrong is a [`SaveError`] that says
//! where and what to do. Writing is atomic: a temporary file beside the
//! target, synced, renamed over it, and the directory synced.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use ron::extensions::Extensions;
use ron::ser::PrettyConfig;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use serde::de::DeserializeOwned;

use super::{ReplayError, Ruleset, Session};
use crate::limits;
use crate::scenario::{self, ScenarioError, plain};
use crate::text::{self, Place, one_line};

/// What `format` says in every save.
pub const FORMAT: &str = "hexmelee-save";
/// The save format's version this build reads and writes.
pub const VERSION: u32 = 1;
/// The engine that wrote a save: a different one may replay it differently.
pub const ENGINE: &str = env!("CARGO_PKG_VERSION");

/// A save: enough to replay the battle to the exact state it was in, its
/// commands `C` those of its ruleset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "SaveFile")]
pub struct SaveOf<C> {
    /// Always `"hexmelee-save"`.
    pub format: String,
    /// The format's version ([`VERSION`]).
    pub version: u32,
    /// The hexmelee version that wrote it.
    pub engine: String,
    pub scenario_name: String,
    /// The scenario file the battle was started from (the autosave's name
    /// comes from it).
    #[serde(default)]
    pub scenario_path: String,
    /// The whole scenario, so that the save stands alone.
    pub scenario_text: String,
    pub seed: u64,
    /// Every command given, in order, the redo tail included.
    pub commands: Vec<C>,
    /// How many of `commands` the battle had had: the rest were undone and
    /// can be redone. `None` in a save written without one: the whole log.
    #[serde(
        default,
        serialize_with = "plain_cursor",
        deserialize_with = "some_cursor"
    )]
    pub cursor: Option<usize>,
}

/// The cursor written as a bare number, as saves always had it.
fn plain_cursor<S: serde::Serializer>(cursor: &Option<usize>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(cursor.unwrap_or_default() as u64)
}

/// A cursor read from a bare number (its absence is `None`, by `default`).
fn some_cursor<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    usize::deserialize(d).map(Some)
}

/// Just enough of a save to tell what a file is.
#[derive(Deserialize)]
#[serde(rename = "SaveFile")]
struct Header {
    format: Option<String>,
    version: Option<u32>,
    scenario_text: Option<String>,
}

/// A save loaded and replayed.
#[derive(Debug)]
pub struct Loaded<E: Ruleset> {
    pub session: Session<E>,
    /// Things worth telling that did not stop the load (another engine).
    pub warnings: Vec<String>,
}

/// Why a save could not be written or loaded. The game in hand is untouched.
#[derive(Debug, Error)]
pub enum SaveError {
    #[error("{}: cannot {action}: {}", shown(path), one_line(error))]
    Io {
        path: PathBuf,
        action: &'static str,
        error: String,
    },
    #[error(
        "{}:1:1: the file is empty\n  hint: a save is written whole or not at all; this one was never written — open the autosave or start the scenario again",
        shown(path)
    )]
    Empty { path: PathBuf },
    #[error(
        "{}:{at}: this is not text: {} (a save file is RON text, docs/SAVES.md)\n  hint: check the path; the file may be damaged",
        shown(path),
        one_line(why)
    )]
    Binary {
        path: PathBuf,
        at: Place,
        why: String,
    },
    #[error(
        "{}: the file is larger than {} bytes, the most a save may be\n  hint: it is not a save this hexmelee wrote; the limits are in docs/SAVES.md",
        shown(path),
        limits::SAVE_BYTES
    )]
    TooLarge { path: PathBuf },
    #[error(
        "{}:1:1: this is a scenario, not a save file\n  hint: saves are written by the game; `hexmelee sim {} --save SAVE` plays it and writes one",
        shown(path),
        shown(path)
    )]
    IsScenario { path: PathBuf },
    #[error("{}", located(path, *at, why, hint))]
    NotASave {
        path: PathBuf,
        at: Option<Place>,
        why: String,
        hint: String,
    },
    #[error("{}", located(path, *at, &format!("save format version {found} is not one this hexmelee reads (it reads version {VERSION})"), "open it with the hexmelee that wrote it (see `engine:` in the file)"))]
    Version {
        path: PathBuf,
        at: Option<Place>,
        found: u32,
    },
    #[error("{}", located(path, Some(*at), message, hint))]
    Syntax {
        path: PathBuf,
        at: Place,
        message: String,
        hint: String,
    },
    #[error("{}: the scenario inside the save is not valid (lines count from the start of `scenario_text`):\n{error}", located_path(path, *at))]
    Scenario {
        path: PathBuf,
        /// Where `scenario_text` is given, when the save's text is known.
        at: Option<Place>,
        error: ScenarioError,
    },
    #[error("{}: the log does not replay: {error}{}\n  hint: the save was edited or damaged; an earlier save or the autosave may still load", located_path(path, *at), engine_note(engine))]
    Replay {
        path: PathBuf,
        /// The refused command's place in the save, when the text is known.
        at: Option<Place>,
        error: Box<ReplayError>,
        engine: String,
    },
    #[error(
        "{}:{at}: this is a save of a {} battle, which this command does not open yet\n  hint: `hexmelee check-save` and `hexmelee export` open saves of either ruleset",
        shown(path),
        one_line(found)
    )]
    Ruleset {
        path: PathBuf,
        at: Place,
        found: String,
    },
    #[error(
        "no data directory: set HEXMELEE_DATA_DIR (or XDG_DATA_HOME or HOME) to where autosaves may go"
    )]
    NoDataDir,
}

/// A path on one line of a message, whatever its name holds.
fn shown(path: &Path) -> String {
    one_line(&path.display().to_string()).into_owned()
}

fn located(path: &Path, at: Option<Place>, message: &str, hint: &str) -> String {
    let place = match at {
        Some(at) => format!("{}:{at}", shown(path)),
        None => shown(path).to_string(),
    };
    format!("{place}: {}\n  hint: {}", one_line(message), one_line(hint))
}

fn located_path(path: &Path, at: Option<Place>) -> String {
    match at {
        Some(at) => format!("{}:{at}", shown(path)),
        None => shown(path).to_string(),
    }
}

fn engine_note(engine: &str) -> String {
    if engine == ENGINE {
        String::new()
    } else {
        format!(
            " (the save was written by hexmelee {}; this is {ENGINE})",
            one_line(engine)
        )
    }
}

impl<C: Clone + Serialize + DeserializeOwned> SaveOf<C> {
    pub fn new<E: Ruleset<Command = C>>(s: &Session<E>) -> Self {
        SaveOf {
            format: FORMAT.into(),
            version: VERSION,
            engine: ENGINE.into(),
            scenario_name: s.name().to_string(),
            scenario_path: s.origin.display().to_string(),
            scenario_text: s.source.clone(),
            seed: s.seed,
            commands: s.log.clone(),
            cursor: Some(s.cursor),
        }
    }

    /// Pretty RON, the scenario as a raw string that reads as it was written.
    pub fn to_ron(&self) -> String {
        let config = PrettyConfig::new()
            .struct_names(true)
            .escape_strings(false)
            // One command a line: a log to read and count, not a tree.
            .depth_limit(2)
            .extensions(Extensions::empty());
        // Plain data always serialises.
        let mut text = ron::ser::to_string_pretty(self, config).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Read a save's text. `path` only names it in messages.
    pub fn parse(path: &Path, text: &str) -> Result<Self, SaveError> {
        header(path, text)?;
        let path = path.to_path_buf();
        let save: Self = plain::from_str(text).map_err(|e| syntax(path.clone(), text, &e))?;
        let cursor = save.cursor();
        if cursor > save.commands.len() {
            return Err(SaveError::Syntax {
                at: key_at(text, "cursor").unwrap_or(opening(text)),
                message: format!(
                    "cursor {cursor} is past the end of the {} commands",
                    save.commands.len()
                ),
                hint: format!(
                    "cursor counts the commands replayed: 0 to {}",
                    save.commands.len()
                ),
                path,
            });
        }
        Ok(save)
    }

    /// How many commands the battle had had: the whole log when the save
    /// has no cursor.
    pub fn cursor(&self) -> usize {
        self.cursor.unwrap_or(self.commands.len())
    }

    /// Replay the save into a session of ruleset `E`.
    pub fn replay_as<E: Ruleset<Command = C>>(self, path: &Path) -> Result<Loaded<E>, SaveError> {
        let mut warnings = Vec::new();
        let origin = PathBuf::from(if self.scenario_path.is_empty() {
            "embedded scenario"
        } else {
            &self.scenario_path
        });
        let named = PathBuf::from(format!("{} (scenario_text)", path.display()));
        if let Err(error) = E::parse(&named, &self.scenario_text) {
            return Err(SaveError::Scenario {
                path: path.to_path_buf(),
                at: None,
                error,
            });
        }
        let cursor = self.cursor();
        let session = Session::<E>::replayed(
            &origin,
            self.scenario_text,
            self.seed,
            &self.commands,
            cursor,
        )
        .map_err(|error| SaveError::Replay {
            path: path.to_path_buf(),
            at: None,
            error: Box::new(error),
            engine: self.engine.clone(),
        })?;
        if self.engine != ENGINE {
            warnings.push(format!(
                "{}: written by hexmelee {}, this is {ENGINE}; its log replayed, so it is loaded",
                shown(path),
                one_line(&self.engine)
            ));
        }
        if session.name() != self.scenario_name {
            warnings.push(format!(
                "{}: scenario_name says {} but the scenario inside is {}",
                shown(path),
                crate::words::quoted([one_line(&self.scenario_name).as_ref()]),
                crate::words::quoted([one_line(session.name()).as_ref()])
            ));
        }
        Ok(Loaded { session, warnings })
    }
}

/// Check that `text` is a save of a version this build reads, and say
/// whose ruleset it is. `path` only names it in messages.
pub fn header(path: &Path, text: &str) -> Result<Option<String>, SaveError> {
    let path = path.to_path_buf();
    if text.trim().is_empty() {
        return Err(SaveError::Empty { path });
    }
    if let Some(at) = text::first_nul(text) {
        return Err(SaveError::Binary {
            path,
            at,
            why: format!("a NUL byte at byte offset {}", at.byte),
        });
    }
    if text.len() as u64 > limits::SAVE_BYTES {
        return Err(SaveError::TooLarge { path });
    }
    if let Some(p) = scenario::nesting(text) {
        return Err(SaveError::Syntax {
            path,
            at: p.at.unwrap_or(Place::of(text, 0)),
            message: p.message,
            hint: p.hint.unwrap_or_default(),
        });
    }
    let lenient = plain::options().with_default_extension(Extensions::IMPLICIT_SOME);
    let header: Header = match lenient.from_str(text) {
        Ok(h) => h,
        Err(e) => {
            if is_scenario(text) {
                return Err(SaveError::IsScenario { path });
            }
            if let ron::Error::ExpectedDifferentStructName { found, .. } = &e.code {
                return Err(SaveError::NotASave {
                    path,
                    at: Some(Place::at_line_col(
                        text,
                        e.span.start.line,
                        e.span.start.col,
                    )),
                    why: format!("this holds `{found}(…)`, not a `SaveFile(…)`"),
                    hint: "open a file written by hexmelee's save or autosave".into(),
                });
            }
            return Err(syntax(path, text, &e));
        }
    };
    match header.format.as_deref() {
        Some(FORMAT) => {}
        None if is_scenario(text) => {
            return Err(SaveError::IsScenario { path });
        }
        other => {
            return Err(SaveError::NotASave {
                at: key_at(text, "format").or(Some(opening(text))),
                why: match other {
                    None => "there is no `format: \"hexmelee-save\"`".into(),
                    Some(f) => format!("its format is {f:?}, not {FORMAT:?}"),
                },
                hint: "open a file written by hexmelee's save or autosave".into(),
                path,
            });
        }
    }
    match header.version {
        Some(VERSION) => {}
        Some(found) => {
            return Err(SaveError::Version {
                at: key_at(text, "version").or(Some(opening(text))),
                path,
                found,
            });
        }
        None => {
            return Err(SaveError::NotASave {
                at: key_at(text, "format").or(Some(opening(text))),
                why: "there is no `version`".into(),
                hint: format!("a save of this hexmelee says `version: {VERSION}`"),
                path,
            });
        }
    }
    // The scenario inside names its ruleset (a file naming none is the
    // default ruleset's, which refuses it with its own words).
    Ok(header
        .scenario_text
        .as_deref()
        .and_then(scenario::ruleset_of))
}

/// Whether `text` reads as a scenario: a `Scenario(…)` naming its
/// `ruleset`, of whichever ruleset.
fn is_scenario(text: &str) -> bool {
    plain::from_str::<scenario::Head>(text).is_ok()
}

/// Read, check and replay a save file of ruleset `E`; another's is refused.
pub fn load_of<E: Ruleset>(path: &Path) -> Result<Loaded<E>, SaveError> {
    read(path, |text| load_text_of(path, text))
}

/// Read `path`'s text and hand it to `then`.
pub fn read<T>(
    path: &Path,
    then: impl FnOnce(&str) -> Result<T, SaveError>,
) -> Result<T, SaveError> {
    let io = |e: std::io::Error| SaveError::Io {
        path: path.to_path_buf(),
        action: "read the file",
        error: scenario::io_words(&e),
    };
    // At most one byte past the limit is read, so a huge or endless file is
    // refused before it fills memory.
    if let Some(what_it_is) = scenario::not_a_file(path) {
        return Err(SaveError::Io {
            path: path.to_path_buf(),
            action: "read the file",
            error: what_it_is.into(),
        });
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limits::SAVE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(io)?;
    if bytes.len() as u64 > limits::SAVE_BYTES {
        return Err(SaveError::TooLarge {
            path: path.to_path_buf(),
        });
    }
    match text::decode(&bytes) {
        Ok(text) => then(text),
        Err(bad) => Err(SaveError::Binary {
            path: path.to_path_buf(),
            at: bad.at,
            why: bad.to_string(),
        }),
    }
}

/// Check and replay a save's text of ruleset `E`; `path` only names it in
/// messages. A save of another ruleset is refused; a refused command is
/// placed at its line in the save.
pub fn load_text_of<E: Ruleset>(path: &Path, text: &str) -> Result<Loaded<E>, SaveError> {
    // A scenario naming no ruleset is left to `E`'s own words.
    if let Some(found) = header(path, text)?.filter(|found| found != E::NAME) {
        return Err(SaveError::Ruleset {
            path: path.to_path_buf(),
            at: key_at(text, "scenario_text").unwrap_or(opening(text)),
            found,
        });
    }
    SaveOf::<E::Command>::parse(path, text)?
        .replay_as::<E>(path)
        .map_err(|e| match e {
            SaveError::Replay {
                path,
                at: None,
                error,
                engine,
            } => SaveError::Replay {
                at: match *error {
                    ReplayError::Refused { number, .. } => command_place(text, number),
                    ReplayError::Start(_) => None,
                },
                path,
                error,
                engine,
            },
            SaveError::Scenario {
                path,
                at: None,
                error,
            } => SaveError::Scenario {
                at: key_at(text, "scenario_text"),
                path,
                error,
            },
            e => e,
        })
}

/// Where the `number`th command (from 1) of a save's log is written.
fn command_place(text: &str, number: usize) -> Option<Place> {
    let key = key_offset(text, "commands")?;
    let open = key + text[key..].find('[')?;
    let item = *scenario::list_items(text, open).get(number.checked_sub(1)?)?;
    Some(Place::of(text, item))
}

/// Write `text` to `path` so that a crash leaves the old file or the new one,
/// never a part: a temporary file in the same directory, synced, renamed over
/// `path`, then the directory synced so the rename lasts.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), SaveError> {
    let refuse = |error: String| SaveError::Io {
        path: path.to_path_buf(),
        action: "write the file",
        error,
    };
    let fail = |e: &std::io::Error| refuse(scenario::io_words(e));
    // A symbolic link is written through, on purpose (docs/SAVES.md): the
    // link stays and the file it names is replaced.
    let target = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(path).map_err(|e| {
            refuse(if e.kind() == std::io::ErrorKind::NotFound {
                "it is a symbolic link to nothing: give the path of a file".into()
            } else {
                format!(
                    "it is a symbolic link that cannot be followed: {}",
                    scenario::io_words(&e)
                )
            })
        })?,
        _ => path.to_path_buf(),
    };
    let path = target.as_path();
    // The rename below would put a file in place of whatever stands there.
    if let Some(what_it_is) = scenario::not_a_file(path) {
        return Err(refuse(format!(
            "{what_it_is}, and a save replaces only a file: give the path of a file"
        )));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map_or("save".into(), |n| n.to_string_lossy());
    let mut tmp = tempfile::Builder::new()
        .prefix(&temp_prefix(&name))
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| fail(&e))?;
    tmp.write_all(text.as_bytes()).map_err(|e| fail(&e))?;
    tmp.as_file().sync_all().map_err(|e| fail(&e))?;
    tmp.persist(path).map_err(|e| fail(&e.error))?;
    // A directory opened read-only can be synced on Unix; elsewhere the
    // rename is as durable as the platform makes it.
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Temporary files for `name` start with this (`.name.` and end `.tmp`).
pub(super) fn temp_prefix(name: &str) -> String {
    format!(".{name}.")
}

fn syntax(path: PathBuf, text: &str, e: &ron::error::SpannedError) -> SaveError {
    let problem = plain::problem(text, e, "docs/SAVES.md");
    let trimmed = text.trim();
    let hint = if trimmed.starts_with('{') {
        "this looks like JSON; a save is RON: `SaveFile(format: \"hexmelee-save\", …)`".into()
    } else if e.code == ron::Error::Eof
        || (!trimmed.ends_with(')') && e.code != ron::Error::ExceededRecursionLimit)
    {
        "the file ends early: it was cut off (an interrupted copy?); the autosave or an earlier save may be whole".into()
    } else {
        problem.hint.unwrap_or_default()
    };
    SaveError::Syntax {
        path,
        at: problem.at.unwrap_or(Place::of(text, 0)),
        message: problem.message,
        hint,
    }
}

/// line:col of `key:` at the top level of a save (the last one: the scenario
/// text comes first and may hold the same word).
fn key_at(text: &str, key: &str) -> Option<Place> {
    key_offset(text, key).map(|i| Place::of(text, i))
}

/// Where the file's value opens (past leading blanks): the place of a
/// refusal about the whole save, such as a field it lacks.
fn opening(text: &str) -> Place {
    Place::of(text, text.len() - text.trim_start().len())
}

fn key_offset(text: &str, key: &str) -> Option<usize> {
    let pattern = format!("\n    {key}:");
    text.rfind(&pattern)
        .map(|i| i + 5)
        .or_else(|| text.find(&format!("{key}:")))
}
