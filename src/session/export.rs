//! A battle's log for the campaign record: plain text or Markdown, rounds as
//! headings, pulses under them, Referee overrides marked.

use std::fmt::Write;

use crate::engine::{Event, Phase, View};

use super::Session;

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
        "{} — seed {}, {} command(s){}\n",
        sides.join(" against "),
        session.seed(),
        session.cursor(),
        match view {
            View::Table => ", as the table saw it",
            View::Referee => ", the Referee's record",
        }
    );
    for e in b.events() {
        match e {
            Event::RoundBegan { .. } => {
                if let Some(line) = b.describe(e, view) {
                    let line = line.trim_matches(|c| c == '—' || c == ' ');
                    let _ = if md {
                        writeln!(out, "\n## {}\n", escape(line))
                    } else {
                        writeln!(out, "\n{line}\n{}", "-".repeat(line.chars().count()))
                    };
                }
            }
            Event::PhaseBegan {
                phase:
                    Phase::Attack {
                        pulse,
                        second: false,
                    },
            } => {
                let _ = if md {
                    writeln!(out, "\n### Pulse {pulse}\n")
                } else {
                    writeln!(out, "\n  Pulse {pulse}")
                };
            }
            _ => {
                let Some(line) = b.describe(e, view) else {
                    continue;
                };
                let overridden = matches!(e, Event::Overridden { .. });
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
    out
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
