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
        action: "create",
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
            action: "remove",
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
