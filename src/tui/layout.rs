//! Where each part of the screen goes, as a pure function of its size, so
//! drawing and mouse hit-testing agree.

use ratatui::layout::{Constraint, Layout, Rect};

/// The smallest terminal the layout works in.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// The screen's parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Areas {
    /// Round, pulse, phase, Initiative, view and pace.
    pub header: Rect,
    /// The phases of the Melee Round with the current one lit.
    pub timeline: Rect,
    pub map: Rect,
    /// Every figure's cards, AP and condition.
    pub figures: Rect,
    /// What the battle waits for: orders, moves or a question.
    pub panel: Rect,
    pub log: Rect,
    /// The keys that apply now.
    pub hints: Rect,
    /// Everything between the timeline and the hints (for full overlays).
    pub body: Rect,
}

impl Areas {
    /// The layout for a screen of `size` showing `figures` figures; `None`
    /// when smaller than 80×24.
    pub fn of(size: Rect, figures: usize) -> Option<Areas> {
        if size.width < MIN_WIDTH || size.height < MIN_HEIGHT {
            return None;
        }
        let [header, timeline, body, hints] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Min(0),
            Constraint::Length(1),
        ])
        .areas(size);
        let log_height = (body.height * 3 / 10).max(6);
        let [top, log] =
            Layout::vertical([Constraint::Min(0), Constraint::Length(log_height)]).areas(body);
        // The side column grows with the screen, from 38 to 56 columns.
        let side_width = (38 + (size.width - MIN_WIDTH) / 4).min(56);
        let [map, side] =
            Layout::horizontal([Constraint::Min(0), Constraint::Length(side_width)]).areas(top);
        // Three lines a figure, as far as the panel below keeps 7 rows.
        let wanted = u16::try_from(figures * 3 + 2).unwrap_or(u16::MAX);
        let figures_height = wanted.clamp(5, side.height.saturating_sub(7).max(5));
        let [figures, panel] =
            Layout::vertical([Constraint::Length(figures_height), Constraint::Min(0)]).areas(side);
        Some(Areas {
            header,
            timeline,
            map,
            figures,
            panel,
            log,
            hints,
            body,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_small_has_no_layout_and_80_by_24_has_one() {
        assert!(Areas::of(Rect::new(0, 0, 79, 24), 2).is_none());
        assert!(Areas::of(Rect::new(0, 0, 80, 23), 2).is_none());
        let a = Areas::of(Rect::new(0, 0, 80, 24), 2).unwrap();
        assert!(a.map.width >= 40 && a.map.height >= 14, "{a:?}");
        assert!(a.panel.height >= 7, "{a:?}");
        assert_eq!(a.figures.height, 8, "two figures, three lines each");
        let many = Areas::of(Rect::new(0, 0, 80, 24), 8).unwrap();
        assert_eq!(many.panel.height, 7, "{many:?}");
    }
}
