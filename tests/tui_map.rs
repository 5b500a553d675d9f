//! The tactical map widget: snapshots of what a player sees, and the view's
//! scrolling and hit-testing.

use std::path::Path;

use hexmelee::engine::{Battle, FigureId};
use hexmelee::hex::Hex;
use hexmelee::scenario;
use hexmelee::tui::map::{MapView, MapWidget, Zoom};
use hexmelee::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

fn battle(name: &str) -> Battle {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(format!("{name}.ron"));
    let checked = scenario::load(&path).unwrap_or_else(|e| panic!("{e}"));
    Battle::new(&checked, 1).unwrap_or_else(|e| panic!("{e}"))
}

/// The buffer's text, one line per row, trailing spaces trimmed.
fn text(buf: &Buffer) -> String {
    let area = buf.area;
    (area.top()..area.bottom())
        .map(|y| {
            let row: String = (area.left()..area.right())
                .map(|x| buf[(x, y)].symbol())
                .collect();
            row.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn draw(battle: &Battle, view: &MapView, w: u16, h: u16) -> Buffer {
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    MapWidget {
        battle,
        view,
        theme: &Theme::dark(),
    }
    .render(area, &mut buf);
    buf
}

#[test]
fn duel_at_each_zoom() {
    let b = battle("duel");
    for zoom in Zoom::ALL {
        let mut view = MapView::new(&b);
        view.zoom = zoom;
        view.selected = Some(FigureId(0));
        view.cursor = Hex::new(4, 3);
        println!("{}\n", text(&draw(&b, &view, 130, 45)));
    }
}
