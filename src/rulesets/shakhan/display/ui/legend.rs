//! The legend overlay: every symbol and shading the map, timeline, panels,
//! log and hint bar use, each drawn from the very constant and style that
//! draws it, so the legend cannot drift from the display.

use crate::rulesets::shakhan::display::marks::entries;
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::rulesets::shakhan::display::app::App;
use crate::tui::legend::draw;

/// The legend over the body, scrolled by the app's help scroll.
pub fn overlay(frame: &mut Frame, body: Rect, app: &App) {
    draw(frame, body, entries(&app.theme), app.help_scroll);
}
