//! Drawing: `draw(frame, &App)` is pure — it reads the app and the battle
//! and writes cells, nothing else.

pub mod figures;
pub mod help;
pub mod history;
pub mod legend;
pub mod log;
pub mod options;
pub mod orders;
pub mod prompt;
pub mod seats;
pub mod status;
pub mod timeline;

use std::ops::Range;

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::app::App;
use super::keys::Mode;
pub use super::marks::{BAR_LEFT, BAR_SPENT, ROW_MARK};
use crate::rulesets::shakhan::engine::Battle;
use crate::tui::layout::Areas;
use crate::tui::map::MapWidget;
use crate::tui::theme::Theme;
pub use crate::tui::widgets::{
    centred, clip, fit_box, framed, more, note_words, quit_confirm, too_small_words, with_more,
};

/// Draw the whole display for `app` into `frame`, no cell holding a
/// character that would drive the terminal (ratatui drops controls; the
/// bidirectional overrides and marks it keeps are shown as `?`), so a name
/// from an old save cannot rewrite the screen.
pub fn draw(frame: &mut Frame, app: &App) {
    draw_all(frame, app);
    for cell in &mut frame.buffer_mut().content {
        if cell.symbol().chars().any(crate::text::is_unsafe) {
            cell.set_symbol("?");
        }
    }
}

fn draw_all(frame: &mut Frame, app: &App) {
    let size = frame.area();
    let Some(areas) = Areas::of(size, app.battle().figures().len()) else {
        too_small(frame, size, app);
        return;
    };
    if app.replay {
        history::replay_header(frame, areas.header, app);
    } else {
        status::header(frame, areas.header, app);
    }
    timeline::draw(frame, areas.timeline, app);
    let mode = app.base_mode();
    frame.render_widget(
        MapWidget {
            battle: app.battle(),
            view: &app.map,
            theme: &app.theme,
        },
        areas.map,
    );
    figures::draw(frame, areas.figures, app);
    match mode {
        Mode::Orders => orders::draw(frame, areas.panel, app),
        _ => prompt::draw(frame, areas.panel, app),
    }
    if app.mode() == Mode::Log {
        // Read whole: the log takes the body, over the hand-over too.
        frame.render_widget(Clear, areas.body);
        log::draw(frame, areas.body, app);
    } else {
        log::draw(frame, areas.log, app);
    }
    if mode == Mode::Handover && app.mode() != Mode::Log {
        // Over part of the body: the table keeps watching the battle.
        orders::handover(frame, areas.body, app);
    }
    help::hints(frame, areas.hints, app);
    match app.mode() {
        Mode::Help => help::overlay(frame, areas.body, app),
        Mode::QuitConfirm => quit_confirm(frame, areas.body),
        Mode::History => history::overlay(frame, areas.body, app),
        Mode::Command | Mode::SaveAs => history::line(frame, areas.body, app),
        Mode::Resume => history::resume(frame, areas.body, app),
        Mode::Options => options::overlay(frame, areas.body, app),
        Mode::AiAsk => options::ai_ask(frame, areas.body, app),
        Mode::Legend => legend::overlay(frame, areas.body, app),
        Mode::ViewConfirm => view_confirm(frame, areas.body, app),
        Mode::Seats => seats::overlay(frame, areas.body, app),
        _ => {}
    }
}

/// Shown instead of the layout below 80×24; never a crash.
fn too_small(frame: &mut Frame, size: Rect, app: &App) {
    too_small_words(frame, size, app.mode() == Mode::QuitConfirm);
}

/// Asked before the referee view shows while orders are secret: what it
/// would show, and who should look away.
fn view_confirm(frame: &mut Frame, body: Rect, app: &App) {
    let b = app.battle();
    let sealed: Vec<&str> = status::this_round(b)
        .iter()
        .filter_map(|e| match e {
            crate::rulesets::shakhan::engine::Event::OrdersSealed { side, .. } => {
                Some(b.sides()[side.0].name.as_str())
            }
            _ => None,
        })
        .collect();
    let mut shows = Vec::new();
    if !sealed.is_empty() {
        shows.push(format!("{} sealed cards", possessive_list(&sealed)));
    }
    if let Some(side) = app.entering_side() {
        shows.push(format!(
            "the cards {} is writing",
            b.sides()[side.0].name.as_str()
        ));
    }
    shows.push("every die and number".into());
    let lines = vec![
        Line::from(""),
        Line::from(format!("The referee view shows {}.", shows.join(", "))),
        Line::from("Players look away."),
        Line::from(""),
        Line::from("y show it · n stay in the table view"),
    ];
    let area = centred(body, 60, lines.len() as u16 + 4);
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true })
            .block(framed(" Referee view? ", true)),
        area,
    );
}

/// "Red's", "Red's and Blue's": whose sealed cards.
fn possessive_list(names: &[&str]) -> String {
    let owned: Vec<String> = names.iter().map(|n| crate::words::possessive(n)).collect();
    match owned.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => owned.concat(),
    }
}

/// The label style of a side.
pub fn side_style(theme: &Theme, battle: &Battle, side: usize) -> Style {
    battle
        .sides()
        .get(side)
        .map_or(Style::new(), |s| theme.sides[s.colour as usize])
}

/// `value` of `max` in `width` cells: a bar of what is left.
pub fn bar(value: f64, max: f64, width: usize) -> String {
    let full = if max > 0.0 {
        ((value / max).clamp(0.0, 1.0) * width as f64).round() as usize
    } else {
        0
    };
    let left = String::from(BAR_LEFT).repeat(full);
    left + &String::from(BAR_SPENT).repeat(width - full)
}

/// A bordered panel of wrapped `lines` that scrolls to keep the `focus`
/// lines in sight (their first row, if they cannot all show), with `pinned`
/// lines always at its foot (at most all rows but one); the borders count
/// the rows hidden above and below.
pub fn scrolled(
    frame: &mut Frame,
    area: Rect,
    block: Block<'_>,
    lines: Vec<Line<'_>>,
    focus: Range<usize>,
    pinned: Vec<Line<'_>>,
) {
    let inner = block.inner(area);
    let width = inner.width;
    let rows = |l: &[Line<'_>]| {
        Paragraph::new(l.to_vec())
            .wrap(Wrap { trim: false })
            .line_count(width)
    };
    let pin = u16::try_from(rows(&pinned))
        .unwrap_or(u16::MAX)
        .min(inner.height.saturating_sub(1));
    let avail = usize::from(inner.height - pin);
    let start = |i: usize| rows(&lines[..i.min(lines.len())]);
    let total = start(lines.len());
    let (s, e) = (start(focus.start), start(focus.end));
    let scroll = e
        .saturating_sub(avail)
        .min(s)
        .min(total.saturating_sub(avail));
    let below = total.saturating_sub(scroll + avail);
    frame.render_widget(with_more(block, scroll, below), area);
    let list = Rect::new(inner.x, inner.y, width, inner.height - pin);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((u16::try_from(scroll).unwrap_or(u16::MAX), 0)),
        list,
    );
    let foot = Rect::new(inner.x, list.bottom(), width, pin);
    frame.render_widget(Paragraph::new(pinned).wrap(Wrap { trim: false }), foot);
}

/// A figure's short label and name, in its side's colour.
pub fn figure_span<'a>(app: &'a App, id: crate::seam::FigureId) -> Span<'a> {
    let f = app.battle().figure(id);
    Span::styled(
        f.name.as_str(),
        side_style(&app.theme, app.battle(), f.side),
    )
}

/// `v` as AP are written: whole numbers bare, else one decimal.
pub fn fmt_ap(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

/// The note line (last message), red when it is a refusal.
pub fn note_line(app: &App) -> Option<Line<'_>> {
    app.note.as_ref().map(note_words)
}
