//! The hint bar (the keys that apply now) and the help overlay (every key
//! of the current mode, and where the legend is), both read from the keymap.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use super::framed;
use crate::rulesets::shakhan::display::app::App;
use crate::rulesets::shakhan::display::keys::{self, Action, Mode};

/// One line: the mode, then `key label` pairs in the order of
/// [`keys::hints`] (the key that moves the mode on first) while they fit;
/// the help key always keeps its place at the end, so every other key is a
/// `?` away.
pub fn hints(frame: &mut Frame, area: Rect, app: &App) {
    let mode = app.mode();
    let key = Style::new().add_modifier(Modifier::REVERSED);
    let mut spans = vec![Span::styled(
        format!(" {} ", mode.title()),
        Style::new().add_modifier(Modifier::BOLD),
    )];
    let shown = keys::hints(mode);
    let help = shown.iter().position(|b| b.action == Action::Help);
    let width = |b: &keys::Binding| b.label.chars().count() + 2;
    let reserve = help.map_or(0, |i| width(shown[i]) + 2);
    let mut used = mode.title().len() + 2;
    let push = |b: &keys::Binding, spans: &mut Vec<Span>| {
        let (k, word) = b.label.split_once(' ').unwrap_or((b.label, ""));
        spans.push(Span::raw(" "));
        spans.push(Span::styled(k, key));
        spans.push(Span::raw(format!(" {word}")));
    };
    let mut cut = false;
    for (i, b) in shown.iter().enumerate() {
        if Some(i) == help {
            continue;
        }
        if used + width(b) + reserve > area.width as usize {
            cut = true;
            break;
        }
        used += width(b);
        push(b, &mut spans);
    }
    if let Some(i) = help {
        if cut {
            spans.push(Span::raw(" …"));
        }
        push(shown[i], &mut spans);
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// Every key of the mode under the help, then the cards and the legend key.
pub fn overlay(frame: &mut Frame, body: Rect, app: &App) {
    let under = app.under_help();
    // A row without help text shares the row above it (cards b-g, `]`).
    let mut rows: Vec<(Vec<String>, &str)> = Vec::new();
    for b in keys::bindings(under) {
        let names = b.keys.iter().map(|k| crate::tui::input::key_name(*k));
        match rows.last_mut() {
            Some((keys, _)) if b.help.is_empty() => keys.extend(names),
            _ => rows.push((names.collect(), b.help)),
        }
    }
    let mut lines: Vec<Line> = rows
        .into_iter()
        .map(|(keys, help)| {
            Line::from(vec![
                Span::styled(
                    format!("{:>14}  ", keys.join(" ")),
                    Style::new().add_modifier(Modifier::BOLD),
                ),
                Span::raw(help),
            ])
        })
        .collect();
    if under.has_map_keys() || under == Mode::Handover {
        lines.push(Line::from(""));
        lines.push(Line::from(
            "Every symbol and shading of the map, timeline and panels: L, the legend.",
        ));
        lines.push(Line::from(
            "Cards: A berserk · B aggressive · C cautious · D parry · E retreat · F rout · G other",
        ));
    }
    let width = body.width.saturating_sub(4).min(120);
    let paragraph = Paragraph::new(lines).wrap(Wrap { trim: false });
    // More rows than fit: the overlay scrolls, and its title says so.
    let (area, scroll, below) = super::fit_box(body, width, &paragraph, app.help_scroll);
    let more = match (scroll > 0, below > 0) {
        (false, false) => "",
        (false, true) => " ↓ more (↓ PgDn) —",
        (true, true) => " ↑↓ more —",
        (true, false) => " ↑ more —",
    };
    frame.render_widget(Clear, area);
    let title = format!(" Help: {} —{more} Esc closes ", under.title());
    frame.render_widget(
        paragraph
            .scroll((u16::try_from(scroll).unwrap_or(u16::MAX), 0))
            .block(framed(&title, true)),
        area,
    );
}
