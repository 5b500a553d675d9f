//! The log's text: every event explained in a view and wrapped. Pure, so
//! the display's state (`app.rs`, to page it) and its drawing (`ui.rs`) both
//! read it without importing each other.

use crate::rulesets::dragonquest::engine::Battle;
use crate::rulesets::dragonquest::engine::explain_as;
use crate::seam::View;
use crate::tui::widgets::wrap;

/// Every explained line of the log in `view`, wrapped to `width`.
pub fn log_lines(b: &Battle, view: View, width: usize) -> Vec<String> {
    b.events()
        .iter()
        .filter_map(|e| explain_as(b, e, view))
        .flat_map(|text| wrap(&text, width))
        .collect()
}
