//! The legend overlay: every symbol and shading the map, timeline, panels,
//! log and hint bar use, each drawn from the very constant and style that
//! draws it, so the legend cannot drift from the display.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Span;

use super::{BAR_LEFT, BAR_SPENT, ROW_MARK, figures, more, timeline};
use crate::rulesets::shakhan::display::app::App;
use crate::tui::legend::{Entry, draw};
use crate::tui::theme::{self, Theme};

/// Every row of the legend, section by section.
pub fn entries(theme: &Theme) -> Vec<Entry> {
    let heading = |s: &'static str| {
        (
            Span::styled(s, Style::new().add_modifier(Modifier::BOLD)),
            "",
        )
    };
    let red = theme.sides[0];
    let mut rows = vec![
        heading("Map"),
        (Span::raw("/   \\"), "a hex"),
        (
            Span::styled("Pe", red),
            "a figure's label in its side's colour (N: three letters)",
        ),
        (
            Span::styled("Pe", red.patch(theme.selected)),
            "the selected figure",
        ),
        (
            Span::styled("Pe", red.patch(theme.engaged)),
            "an engaged figure (underlined)",
        ),
    ];
    rows.extend(theme::legend(theme));
    rows.push((
        Span::styled(" 2 AP ✗ ", theme.path.patch(theme.selected)),
        "a move's cost; ✗ when refused",
    ));
    rows.push(heading("Timeline"));
    rows.extend(
        timeline::OPENING
            .iter()
            .map(|&(name, meaning)| (Span::raw(name), meaning)),
    );
    rows.extend([
        (Span::raw("│1"), "pulse 1 of the Melee Round"),
        (Span::raw(timeline::ATTACK), "a pulse's attacks"),
        (
            Span::raw(timeline::MOVE),
            "a side's Action Phase: its moves",
        ),
        (Span::raw(timeline::RECORD), "record keeping"),
        (Span::styled("Ord", timeline::now_style()), "the phase now"),
        (
            Span::styled("Ord", timeline::past_style()),
            "a phase passed",
        ),
        heading("Panels"),
        (Span::raw(ROW_MARK), "the selected figure's row"),
        (
            Span::raw(format!("{BAR_LEFT}{BAR_LEFT}{BAR_SPENT}")),
            "AP or pulse allowance: left, spent",
        ),
        (
            Span::raw(figures::SEALED),
            "a side's orders sealed: nothing of them shows until the reveal",
        ),
        (
            Span::raw(figures::HIDDEN_CARD),
            "a card being written, hidden from onlookers (*)",
        ),
        (Span::raw(figures::AWAITED), "orders not sealed yet"),
        (Span::raw("(G)"), "no card: plays G, other"),
        (Span::raw("C>Pe"), "card C and its target"),
        (
            Span::raw(more(true, 2)),
            "rows out of sight above (↓: below)",
        ),
        (Span::raw("┏━┓"), "the panel waiting on you"),
        heading("Log"),
        (Span::raw("— Melee Round 2 —"), "a new round"),
        (Span::raw("→ 83"), "a roll, then its total with modifiers"),
        (
            Span::raw(": A —"),
            "the table's result (Initiative: A the first side, B the second), then what it means",
        ),
        heading("Hint bar"),
        (
            Span::styled("Enter", Style::new().add_modifier(Modifier::REVERSED)),
            "a key; the first moves the battle on",
        ),
        (
            Span::raw("… ? help"),
            "more keys than fit: ? lists them all",
        ),
    ]);
    rows
}

/// The legend over the body, scrolled by the app's help scroll.
pub fn overlay(frame: &mut Frame, body: Rect, app: &App) {
    draw(frame, body, entries(&app.theme), app.help_scroll);
}
