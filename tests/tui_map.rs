//! The tactical map widget: snapshots of what a player sees. Each snapshot
//! shows the text, then the cells with a background (zone shading) as `#`.

use std::path::Path;

use hexmelee::engine::{Battle, FigureId};
use hexmelee::hex::Hex;
use hexmelee::tui::map::{MapView, MapWidget, Zoom};
use hexmelee::tui::theme::Theme;
use hexmelee::{scenario, sim};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;
use ratatui::widgets::Widget;

fn battle(name: &str) -> Battle {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(format!("{name}.ron"));
    let checked = scenario::load(&path).unwrap_or_else(|e| panic!("{e}"));
    Battle::new(&checked, 1).unwrap_or_else(|e| panic!("{e}"))
}

fn figure(battle: &Battle, name: &str) -> FigureId {
    battle
        .figures()
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no figure {name}"))
        .id
}

/// Rows of one character per cell, trailing blanks trimmed.
fn rows(buf: &Buffer, cell: impl Fn(&ratatui::buffer::Cell) -> String) -> String {
    let area = buf.area;
    (area.top()..area.bottom())
        .map(|y| {
            let row: String = (area.left()..area.right())
                .map(|x| cell(&buf[(x, y)]))
                .collect();
            row.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text, then the shaded cells.
fn picture(buf: &Buffer) -> String {
    let text = rows(buf, |c| c.symbol().to_string());
    let shade = rows(buf, |c| if c.bg == Color::Reset { " " } else { "#" }.into());
    format!("{text}\n-- shaded --\n{}", shade.trim_end())
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

/// 16.10.2, 16.10.3: the duel at Normal zoom, Aulos selected: facing marks
/// on the faced hexsides, his Strike Zone shaded (the three hexes ahead),
/// his Missile Zone dotted out over the front arc.
#[test]
fn s16_10_duel_facings_and_selected_zones() {
    let b = battle("duel");
    let mut view = MapView::new(&b);
    view.zoom = Zoom::Normal;
    view.selected = Some(figure(&b, "Aulos"));
    view.cursor = Hex::new(3, 3);
    insta::assert_snapshot!(picture(&draw(&b, &view, 66, 31)));
}

/// The duel in an 80×24 area: `fit` chooses Compact and centres the map.
#[test]
fn duel_compact_fits_80x24() {
    let b = battle("duel");
    let mut view = MapView::new(&b);
    view.selected = Some(figure(&b, "Berrin"));
    view.fit(b.map(), Rect::new(0, 0, 80, 24));
    assert_eq!(view.zoom, Zoom::Compact);
    insta::assert_snapshot!(picture(&draw(&b, &view, 80, 24)));
}

/// The threat overlay on the skirmish, nothing selected: for the side whose
/// orders are awaited, how many enemies can strike each hex.
#[test]
fn skirmish_threat_overlay() {
    let b = battle("skirmish");
    let mut view = MapView::new(&b);
    view.zoom = Zoom::Normal;
    view.threats = true;
    insta::assert_snapshot!(picture(&draw(&b, &view, 128, 51)));
}

/// A map larger than the area, scrolled to keep a far cursor on screen; a
/// move path with its cost label.
#[test]
fn skirmish_scrolled_with_path() {
    let b = battle("skirmish");
    let mut view = MapView::new(&b);
    let area = Rect::new(0, 0, 60, 20);
    view.zoom = Zoom::Normal;
    view.cursor = Hex::new(15, 9);
    view.ensure_visible(view.cursor, area);
    assert_ne!(view.scroll, (0, 0));
    view.path = vec![Hex::new(13, 8), Hex::new(14, 8), Hex::new(15, 9)];
    view.path_label = "2 AP".into();
    insta::assert_snapshot!(picture(&draw(&b, &view, 60, 20)));
}

/// Mid-battle at Compact zoom, after a round of AI play: engaged figures
/// marked ⚔; Petron selected, with the threats against his side counted
/// (the count gives way to a figure's label).
#[test]
fn skirmish_mid_battle_engaged_and_threats() {
    let mut b = battle("skirmish");
    sim::play(&mut b, 1, sim::ai::answer).unwrap_or_else(|e| panic!("{e}"));
    let mut view = MapView::new(&b);
    view.zoom = Zoom::Compact;
    view.selected = Some(figure(&b, "Petron"));
    view.threats = true;
    view.cursor = Hex::new(0, 11);
    insta::assert_snapshot!(picture(&draw(&b, &view, 74, 27)));
}

/// Large zoom names each figure under its label.
#[test]
fn duel_large() {
    let b = battle("duel");
    let mut view = MapView::new(&b);
    view.fit(b.map(), Rect::new(0, 0, 200, 60));
    assert_eq!(view.zoom, Zoom::Large);
    insta::assert_snapshot!(rows(&draw(&b, &view, 200, 60), |c| c.symbol().into()));
}

#[test]
fn anything_off_the_map_is_blank_and_far_scrolls_draw_nothing() {
    let b = battle("duel");
    let mut view = MapView::new(&b);
    for scroll in [(i32::MAX, i32::MAX), (i32::MIN, i32::MIN), (-500, 3)] {
        view.scroll = scroll;
        let buf = draw(&b, &view, 40, 10);
        assert!(
            buf.content().iter().all(|c| c.symbol() == " "),
            "{scroll:?}"
        );
    }
}

/// Light and dark themes draw the same characters.
#[test]
fn themes_differ_only_in_colour() {
    let b = battle("duel");
    let view = MapView::new(&b);
    let area = Rect::new(0, 0, 40, 17);
    let mut dark = Buffer::empty(area);
    let mut light = Buffer::empty(area);
    for (buf, theme) in [(&mut dark, Theme::dark()), (&mut light, Theme::light())] {
        MapWidget {
            battle: &b,
            view: &view,
            theme: &theme,
        }
        .render(area, buf);
    }
    assert_eq!(
        rows(&dark, |c| c.symbol().into()),
        rows(&light, |c| c.symbol().into())
    );
    assert_ne!(dark, light);
}
