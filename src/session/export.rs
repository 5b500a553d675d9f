//! A battle's log for the campaign record: plain text or Markdown, rounds as
//! headings, pulses under them, Referee overrides marked. Each ruleset
//! writes its own lines (`src/rulesets/<r>/session.rs`) between the
//! shared title and ending.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use super::{Ruleset, SaveError, Session, autosave, file};
use crate::words::count;

/// How an export is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Markdown,
}

/// Where a display's export goes: beside the save (`save`), else beside
/// the autosave when autosaving into `autosave`, else beside the default
/// save path.
pub fn base<E: Ruleset>(
    session: &Session<E>,
    save: Option<&Path>,
    autosave: Option<&Path>,
) -> Result<PathBuf, SaveError> {
    match (save, autosave) {
        (Some(p), _) => Ok(p.to_path_buf()),
        (None, Some(dir)) => autosave::path_in(dir, session.origin(), session.source()),
        (None, None) => Ok(session.save_name()),
    }
}

/// Write the log as Markdown and as text beside `base` (its extension
/// changed to `.md` and `.txt`), each atomically; the two paths written,
/// made absolute to be shown.
pub fn write_beside(
    base: &Path,
    render: impl Fn(Format) -> String,
) -> Result<[PathBuf; 2], SaveError> {
    let write = |format: Format, ext: &str| {
        let path = base.with_extension(ext);
        file::write_atomic(&path, &render(format))?;
        Ok::<_, SaveError>(std::path::absolute(&path).unwrap_or(path))
    };
    Ok([write(Format::Markdown, "md")?, write(Format::Text, "txt")?])
}

/// The record's title and its line of sides, seed and commands.
pub fn title<E: Ruleset>(session: &Session<E>, sides: &[&str], md: bool, view: &str) -> String {
    let mut out = String::new();
    let title = session.name();
    let _ = if md {
        writeln!(out, "# {}\n", escape(title))
    } else {
        writeln!(out, "{title}\n{}\n", "=".repeat(title.chars().count()))
    };
    let _ = writeln!(
        out,
        "{} — seed {}, {}{view}\n",
        sides.join(" against "),
        session.seed(),
        count(session.cursor(), "command", "commands"),
    );
    out
}

/// The record's last lines: who won, and what was undone before the save.
pub fn ending<E: Ruleset>(session: &Session<E>, mut out: String, md: bool) -> String {
    let b = session.battle();
    let outcome = match b.outcome() {
        Some(Some(w)) => format!("{} won.", b.side_name(w)),
        Some(None) => "Nobody won.".into(),
        None => "The battle is not over.".into(),
    };
    let _ = if md {
        writeln!(out, "\n**{outcome}**")
    } else {
        writeln!(out, "\n{outcome}")
    };
    if let Some(note) = super::undone_note(session) {
        let _ = writeln!(out, "\n{note}");
    }
    // A record may be read on a terminal: nothing from the save may drive it.
    crate::text::printable(&out).into_owned()
}

/// Markdown's own characters, shown as themselves.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(
            c,
            '\\' | '*' | '_' | '`' | '#' | '[' | ']' | '<' | '>' | '|'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
