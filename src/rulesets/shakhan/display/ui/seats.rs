//! The player seats overlay (`K`, issue 23): each side's seat and what it
//! has done this round, and the shown side's link as text and QR code.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use super::{centred, framed, side_style};
use crate::rulesets::shakhan::display::app::App;
use crate::rulesets::shakhan::engine::{Event, Prompt};
use crate::seam::SideId;

/// What a side's seat has done this round, in a word or three.
pub fn seat_word(app: &App, side: SideId) -> &'static str {
    let Some(seats) = &app.seats else {
        return "";
    };
    let b = app.battle();
    let handed_in = super::status::this_round(b)
        .iter()
        .any(|e| matches!(e, Event::OrdersSealed { side: s, .. } if *s == side));
    if !seats.seated(side) {
        "closed: the laptop writes"
    } else if handed_in {
        "sealed, handed in"
    } else if seats.has_sealed(side, b.round()) {
        "sealed"
    } else if matches!(b.prompt(), Prompt::Orders { .. }) {
        "writing…"
    } else {
        "waits for the next round"
    }
}

pub fn overlay(frame: &mut Frame, body: Rect, app: &App) {
    let Some(seats) = &app.seats else { return };
    let b = app.battle();
    let shown = seats.shown;
    let qr = seats
        .sides
        .get(shown.0)
        .and_then(|s| s.token.as_ref())
        .and_then(|t| crate::seats::qr_text(&crate::seats::qr_link(seats.addr, t)));
    let qr_lines: Vec<&str> = qr.as_deref().map_or(Vec::new(), |q| q.lines().collect());
    // The QR code padded with light cells: 2 modules each way.
    let qr_w = qr_lines.first().map_or(0, |l| l.chars().count() as u16 + 4);
    let qr_h = if qr_lines.is_empty() {
        0
    } else {
        qr_lines.len() as u16 + 2
    };
    let area = centred(body, 60 + qr_w + 3, (qr_h + 2).max(14));
    frame.render_widget(Clear, area);
    frame.render_widget(framed(" Player seats ", true), area);
    let inner = Rect::new(
        area.x + 1,
        area.y + 1,
        area.width.saturating_sub(2),
        area.height.saturating_sub(2),
    );
    let fits = qr_w > 0 && qr_w + 20 <= inner.width && qr_h <= inner.height;
    let text_w = if fits {
        inner.width - qr_w - 1
    } else {
        inner.width
    };
    let mut lines = Vec::new();
    for (i, side) in b.sides().iter().enumerate() {
        let mark = if i == shown.0 { "▸ " } else { "  " };
        lines.push(Line::from(vec![
            Span::raw(mark),
            Span::styled(side.name.as_str(), side_style(&app.theme, b, i)),
            Span::raw(format!(": {}", seat_word(app, SideId(i)))),
        ]));
    }
    lines.push(Line::from(""));
    let name = b.sides()[shown.0].name.as_str();
    match seats.link(shown) {
        Some(link) => {
            let whose = crate::words::possessive(name);
            lines.push(Line::from(format!(
                "{whose} link, for {whose} player only:"
            )));
            lines.push(Line::from(Span::styled(
                link,
                Style::new().add_modifier(Modifier::BOLD),
            )));
            if !fits {
                lines.push(Line::from("(a larger terminal shows the QR code)"));
            }
        }
        None => lines.push(Line::from(format!("{name} has no link: r issues one."))),
    }
    lines.push(Line::from(""));
    lines.push(
        Line::from("Tab side · r new link · u release seat · x close seat · Esc")
            .style(Style::new().add_modifier(Modifier::DIM)),
    );
    if let Some(n) = super::note_line(app) {
        lines.push(n);
    }
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }),
        Rect::new(inner.x, inner.y, text_w, inner.height),
    );
    if fits {
        // Dark modules on light cells whatever the theme: phones read it.
        let code = Style::new().fg(Color::Black).bg(Color::White);
        let pad = " ".repeat(qr_w as usize);
        let mut rows = vec![Line::from(Span::styled(pad.clone(), code))];
        rows.extend(
            qr_lines
                .iter()
                .map(|l| Line::from(Span::styled(format!("  {l}  "), code))),
        );
        rows.push(Line::from(Span::styled(pad, code)));
        let at = Rect::new(inner.right() - qr_w, inner.y, qr_w, qr_h);
        frame.render_widget(Paragraph::new(rows), at);
    }
}
