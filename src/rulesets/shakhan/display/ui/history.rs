//! What the session's keys show: the history list, the one-line inputs
//! (command line, save path), the resume offer and the replay header.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use super::{centred, framed};
use crate::rulesets::shakhan::display::app::{App, LineKind};
use crate::rulesets::shakhan::session::where_in;
use crate::tui::history::{list, replay_line};

/// Every undo point, the chosen one lit and the battle's own marked; the
/// commands undone before the save (after the saved point) marked as the
/// undone branch.
pub fn overlay(frame: &mut Frame, body: Rect, app: &App) {
    list(frame, body, app.session(), app.history);
}

/// The command line or the save path, at the foot of the body, with the
/// last error under it.
pub fn line(frame: &mut Frame, body: Rect, app: &App) {
    let Some(input) = &app.line else { return };
    let (title, prompt) = match input.kind {
        LineKind::Command => (
            " Referee override (Tab completes, Enter runs, Esc cancels) ",
            ":",
        ),
        LineKind::SaveAs => (" Save to (Enter saves, Esc cancels) ", "file: "),
    };
    let mut lines = vec![Line::from(vec![
        Span::styled(prompt, Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(input.text.as_str()),
        Span::styled("▏", Style::new().add_modifier(Modifier::SLOW_BLINK)),
    ])];
    if let Some(e) = &input.error {
        for l in e.lines() {
            lines.push(Line::styled(
                l.to_string(),
                Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            ));
        }
    }
    // As tall as the text once wrapped (a long error or completion list
    // wraps on a narrow screen), up to the whole body.
    let text = Paragraph::new(lines).wrap(Wrap { trim: false });
    let rows = text.line_count(body.width.saturating_sub(2));
    let height = u16::try_from(rows + 2).unwrap_or(u16::MAX).min(body.height);
    let area = Rect::new(body.x, body.bottom() - height, body.width, height);
    frame.render_widget(Clear, area);
    frame.render_widget(text.block(framed(title, true)), area);
}

/// The autosave found at start: where it stopped, resume or start new.
pub fn resume(frame: &mut Frame, body: Rect, app: &App) {
    let Some(saved) = app.offered() else { return };
    let area = centred(body, 72, 9);
    frame.render_widget(Clear, area);
    let b = saved.battle();
    let lines = vec![
        Line::from(""),
        Line::from(format!(
            "An unfinished battle of {} was autosaved",
            saved.checked().scenario.name
        ))
        .alignment(Alignment::Center),
        Line::from(format!("at {}.", where_in(b))).alignment(Alignment::Center),
        Line::from(""),
        Line::from("r resume it  ·  n start new (the autosave is discarded)")
            .alignment(Alignment::Center),
    ];
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(framed(" Resume? ", true)),
        area,
    );
}

/// The header in replay mode: where in the log, where in the battle, the view.
pub fn replay_header(frame: &mut Frame, area: Rect, app: &App) {
    replay_line(frame, area, app.session(), app.view);
}
