//! A session's history, drawn the same way for every ruleset: the list of
//! points to go to, and the replay's line.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use super::widgets::{centred, framed};
use crate::seam::View;
use crate::session::{Ruleset, Session};
use crate::words::count;

/// A session's points (any ruleset's), `chosen` lit, the cursor's marked.
pub fn list<E: Ruleset>(frame: &mut Frame, body: Rect, s: &Session<E>, chosen: usize) {
    let area = centred(body, body.width.saturating_sub(4).min(90), body.height);
    frame.render_widget(Clear, area);
    let points = s.points();
    let rows = area.height.saturating_sub(2) as usize;
    let first = chosen
        .saturating_sub(rows / 2)
        .min(points.len().saturating_sub(rows));
    let lines: Vec<Line> = points
        .iter()
        .skip(first)
        .take(rows)
        .map(|p| {
            let here = if p.index == s.cursor() { "●" } else { " " };
            let mark = if p.index == chosen { "▸" } else { " " };
            let undone = if p.index > s.saved() { "↶" } else { " " };
            let text = format!("{mark}{here}{undone}{:>4}  {}", p.index, p.label);
            if p.index == chosen {
                Line::styled(text, Style::new().add_modifier(Modifier::REVERSED))
            } else if p.index > s.cursor() {
                Line::styled(text, Style::new().add_modifier(Modifier::DIM))
            } else {
                Line::raw(text)
            }
        })
        .collect();
    let undone = match s.undone() {
        0 => String::new(),
        n => format!("; ↶ {}", count(n, "undone command", "undone commands")),
    };
    let title = format!(
        " History — {} of {} (● now; dim: redo{undone}) ",
        s.cursor(),
        count(s.log().len(), "command", "commands")
    );
    frame.render_widget(Paragraph::new(lines).block(framed(&title, true)), area);
}

/// Any ruleset's replay header.
pub fn replay_line<E: Ruleset>(frame: &mut Frame, area: Rect, s: &Session<E>, view: View) {
    let view = match view {
        View::Table => " TABLE ",
        View::Referee => " REFEREE ",
    };
    let spans = vec![
        Span::styled(
            " REPLAY ",
            Style::new()
                .add_modifier(Modifier::REVERSED | Modifier::BOLD)
                .fg(Color::Cyan),
        ),
        Span::raw(match s.undone() {
            0 => format!(" command {}/{} · ", s.cursor(), s.saved()),
            n => format!(" command {}/{} (+{n} undone) · ", s.cursor(), s.saved()),
        }),
        Span::styled(
            s.battle().where_in(),
            Style::new().add_modifier(Modifier::BOLD),
        ),
        Span::raw(" │ "),
        Span::styled(view, Style::new().add_modifier(Modifier::REVERSED)),
    ];
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
