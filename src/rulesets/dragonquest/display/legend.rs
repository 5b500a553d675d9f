//! What the DragonQuest display's history keys show: the legend of the
//! map's marks in DragonQuest's words, the history list and the replay
//! header (both Shakhàn's, shared), and the help's rows for them. Each
//! legend sample is drawn with the theme's own glyph and style, so the
//! legend cannot drift from the map.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Span;

use super::app::App;
use super::keys::{Binding, HISTORY, REPLAY};
use crate::tui::legend::{self, Entry};
use crate::tui::theme::Theme;

/// DragonQuest 16, 19.4, 21.7, 22, 29, 30: every mark the map draws for a
/// DragonQuest battle, section by section.
pub fn entries(theme: &Theme) -> Vec<Entry> {
    let heading = |s: &'static str| {
        (
            Span::styled(s, Style::new().add_modifier(Modifier::BOLD)),
            "",
        )
    };
    let g = &theme.glyphs;
    let s = |c: char, style: Style| Span::styled(c.to_string(), style);
    let red = theme.sides[0];
    vec![
        heading("Figures"),
        (
            Span::styled("Al", red),
            "a figure's label in its side's colour; the roster names each",
        ),
        (
            Span::styled("Al", red.patch(theme.selected)),
            "the figure acting (or chosen)",
        ),
        (
            Span::raw(g.facing.iter().collect::<String>()),
            "facing N NE SE S SW NW: the arrow sits against the front hexside",
        ),
        (
            s(g.engaged, theme.engaged),
            "engaged (19.4), underlined: a foe in its Melee Zone, or it in a foe's",
        ),
        (s(g.stunned, theme.unconscious), "Stunned (22.4)"),
        (s(g.prone, Style::new()), "prone"),
        (
            s(g.unconscious, theme.unconscious),
            "unconscious, or pinned by a Restrain hold (23.5)",
        ),
        (s(g.dead, theme.dead), "dead"),
        (s(g.surrendered, Style::new()), "fled (routed)"),
        (
            Span::styled("Og Og", red),
            "a monster of several hexes (29): its label in each; arrow and state in its head's",
        ),
        (
            Span::styled("Al", red),
            "several figures in one hex (Close Combat, one beneath a monster): one is drawn, the living over the dead; the roster lists all",
        ),
        (
            Span::styled("Al", red),
            "a rider and his mount (30): one figure in one hex, at the mount's TMR",
        ),
        heading("Around a figure"),
        (
            Span::styled("  ", theme.strike_zone),
            "the chosen figure's Melee Zone (16): its front hexes, three (a monster's two)",
        ),
        (
            Span::raw("front · rear"),
            "a figure of one hex: the three hexes behind its front are rear hexes, no flank (RULINGS)",
        ),
        (
            Span::raw("flank"),
            "a monster of several hexes has flank hexes too (29): a strike through one gains (24.6)",
        ),
        (
            s(g.missile_zone, theme.missile_zone),
            "Ranged Zone (21.7): out to the range of the ranged weapon in hand",
        ),
        (
            Span::styled("2", theme.threat),
            "x threats: how many foes' Melee Zones cover the hex",
        ),
        (s(g.path, theme.path), "the highlighted action's path"),
        (Span::styled("[ ]", theme.cursor), "the cursor"),
        heading("Ground"),
        (Span::raw("/   \\"), "a hex"),
        (s(g.blocked, theme.blocked), "wall: no one enters"),
        (s(g.poor, theme.poor), "poor footing"),
        (
            s(g.obscured, theme.obscured),
            "obscured: blocks sight; a Melee attack into it may miss (22.5)",
        ),
    ]
}

/// The legend over the body, scrolled by the referee.
pub fn overlay(frame: &mut Frame, body: Rect, app: &App) {
    legend::draw(frame, body, entries(&app.theme), app.story.legend_row);
}

/// The history list: the session's points (each Pulse, each action).
pub fn history(frame: &mut Frame, body: Rect, app: &App) {
    crate::tui::history::list(frame, body, app.session(), app.story.point);
}

/// The header in a replay: where in the log, where in the battle, the view.
pub fn replay_header(frame: &mut Frame, area: Rect, app: &App) {
    crate::tui::history::replay_line(frame, area, app.session(), app.view);
}

/// The help's sections for the replay and the history list: a heading and
/// its keys.
pub fn help_sections() -> Vec<(&'static str, &'static [Binding])> {
    vec![
        ("In a replay (hexmelee replay SAVE)", REPLAY),
        ("In the history list (h)", HISTORY),
    ]
}
