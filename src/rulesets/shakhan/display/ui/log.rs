//! The log: every event explained in plain words (`Battle::describe`) in
//! the current view, wrapped, scrollable and filterable by figure.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use super::framed;
use crate::rulesets::shakhan::display::app::App;
use crate::rulesets::shakhan::display::keys::Mode;
use crate::rulesets::shakhan::display::log_text::{lines, tail};
use crate::seam::View;

pub fn draw(frame: &mut Frame, area: Rect, app: &App) {
    let b = app.battle();
    let (width, height) = crate::tui::pager::inner(area);
    let pager = app.log.pager;
    // At the latest in its panel only the last rounds are described; read
    // (`l`) or scrolled back, the whole log, to say where the page stands.
    let (all, place) = if pager.back() == 0 && app.mode() != Mode::Log {
        let all = tail(b, app.shown_view(), app.log.filter, width, height);
        (all, None)
    } else {
        let all = lines(b, app.shown_view(), app.log.filter, width);
        let place = pager.place(all.len(), height);
        (all, place)
    };
    let shown: Vec<Line> = all[pager.window(all.len(), height)]
        .iter()
        .map(|l| Line::from(l.as_str()))
        .collect();
    let filter = app
        .log
        .filter
        .map_or("all".to_string(), |id| b.figure(id).name.clone());
    let view = match app.shown_view() {
        View::Table => "table view",
        View::Referee => "referee view",
    };
    let place = place.map_or(String::new(), |p| format!(" · {p}"));
    let title = format!(" Log ({view}) · {filter}{place} ");
    frame.render_widget(
        Paragraph::new(shown).block(framed(&title, app.mode() == Mode::Log)),
        area,
    );
}
