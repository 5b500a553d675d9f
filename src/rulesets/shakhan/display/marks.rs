//! The marks Shakhàn's panels draw and the legend explains: what a sealed
//! or awaited figure shows, the timeline's phases, the bars and row marks,
//! and the legend's rows. Below the App and every panel, so both read them.

use ratatui::style::{Modifier, Style};
use ratatui::text::Span;

use crate::tui::legend::Entry;
use crate::tui::theme::{self, Theme};
use crate::tui::widgets::more;

/// A side's figure once its orders are sealed: nothing of them, not even
/// how many cards, until the reveal.
pub const SEALED: &str = "sealed";
/// A card being written while `*` hides the cards from onlookers.
pub const HIDDEN_CARD: &str = "■";
/// A figure whose side has not sealed its orders yet.
pub const AWAITED: &str = "…";

/// The steps before the pulses, as the timeline names them, with their
/// meaning for the legend: orders, then the Initiative check (Shakhàn
/// 16.14.1–2), then Movement Priority on.
pub const OPENING: [(&str, &str); 8] = [
    ("Ord", "sealed orders"),
    ("Ini", "Initiative check"),
    ("Pri", "Movement Priority"),
    ("DI", "Divine Intervention"),
    ("Msl", "missiles arrive"),
    ("Spl", "spells"),
    ("Fir", "missile fire"),
    ("Spc", "special manoeuvres"),
];
/// A pulse's attack phase and a side's Action Phase (its moves).
pub const ATTACK: &str = "×";
pub const MOVE: &str = "→";
/// Record keeping, after the pulses.
pub const RECORD: &str = "Rec";

/// The current phase, lit; those passed, dimmed.
pub fn now_style() -> Style {
    Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
}

pub fn past_style() -> Style {
    Style::new().add_modifier(Modifier::DIM)
}

/// The cells of a bar: what is left, and what is spent.
pub const BAR_LEFT: char = '▰';
pub const BAR_SPENT: char = '▱';
/// Marks the selected figure's row in the order and movement panels.
pub const ROW_MARK: &str = "▸";

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
        OPENING
            .iter()
            .map(|&(name, meaning)| (Span::raw(name), meaning)),
    );
    rows.extend([
        (Span::raw("│1"), "pulse 1 of the Melee Round"),
        (Span::raw(ATTACK), "a pulse's attacks"),
        (Span::raw(MOVE), "a side's Action Phase: its moves"),
        (Span::raw(RECORD), "record keeping"),
        (Span::styled("Ord", now_style()), "the phase now"),
        (Span::styled("Ord", past_style()), "a phase passed"),
        heading("Panels"),
        (Span::raw(ROW_MARK), "the selected figure's row"),
        (
            Span::raw(format!("{BAR_LEFT}{BAR_LEFT}{BAR_SPENT}")),
            "AP or pulse allowance: left, spent",
        ),
        (
            Span::raw(SEALED),
            "a side's orders sealed: nothing of them shows until the reveal",
        ),
        (
            Span::raw(HIDDEN_CARD),
            "a card being written, hidden from onlookers (*)",
        ),
        (Span::raw(AWAITED), "orders not sealed yet"),
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
