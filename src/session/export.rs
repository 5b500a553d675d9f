//! A battle's log for the campaign record: plain text or Markdown, rounds as
//! headings, pulses under them, Referee overrides marked.

use std::fmt::Write;

use crate::engine::{EntryKind, Event, View};

use super::Session;
use crate::words::count;

/// How an export is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Markdown,
}

/// The log of the battle as it stands at the session's cursor, in `view`.
pub fn render(session: &Session, format: Format, view: View) -> String {
    let b = session.battle();
    let md = format == Format::Markdown;
    let mut out = String::new();
    let title = &session.checked().scenario.name;
    let _ = if md {
        writeln!(out, "# {}\n", escape(title))
    } else {
        writeln!(out, "{title}\n{}\n", "=".repeat(title.chars().count()))
    };
    let sides: Vec<&str> = b.sides().iter().map(|s| s.name.as_str()).collect();
    let _ = writeln!(
        out,
        "{} — seed {}, {}{}\n",
        sides.join(" against "),
        session.seed(),
        count(session.cursor(), "command", "commands"),
        match view {
            View::Table => ", as the table saw it",
            View::Referee => ", the Referee's record",
        }
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
    let outcome = match b.outcome() {
        Some(Some(w)) => format!("{} won.", sides[w.0]),
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
fn escape(s: &str) -> String {
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
