//! The tactical map widget: snapshots of what a player sees. Each snapshot
//! shows the text, then the cells with a background (zone shading) as `#`.

use std::path::Path;

use hexmelee::hex::Hex;
use hexmelee::rulesets::shakhan::engine::Battle;
use hexmelee::seam::FigureId;
use hexmelee::sim;
use hexmelee::tui::map::{MapView, MapWidget, Zoom};
use hexmelee::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;
use ratatui::widgets::Widget;

fn battle(name: &str) -> Battle {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(format!("{name}.ron"));
    let checked =
        hexmelee::rulesets::shakhan::scenario::load(&path).unwrap_or_else(|e| panic!("{e}"));
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

/// The duel in the map area of an 80×24 screen: only Compact holds its two
/// figures, and the whole map, centred.
#[test]
fn duel_compact_fits_80x24() {
    let b = battle("duel");
    let mut view = MapView::new(&b);
    view.selected = Some(figure(&b, "Berrin"));
    view.fit(&b, Rect::new(0, 0, 42, 15));
    assert_eq!(view.zoom, Zoom::Compact);
    insta::assert_snapshot!(picture(&draw(&b, &view, 42, 15)));
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
    sim::play(&mut b, 1, hexmelee::rulesets::shakhan::ai::answer).unwrap_or_else(|e| panic!("{e}"));
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
    view.fit(&b, Rect::new(0, 0, 200, 60));
    assert_eq!(view.zoom, Zoom::Large);
    insta::assert_snapshot!(rows(&draw(&b, &view, 200, 60), |c| c.symbol().into()));
}

#[test]
fn off_the_map_is_blank_and_bad_views_do_not_panic() {
    let b = battle("duel");
    let mut view = MapView::new(&b);
    // A stale selection and path from another battle draw nothing of theirs.
    view.selected = Some(FigureId(99));
    view.threats = true;
    view.path = vec![Hex::new(-4, 2), Hex::new(i32::MAX, 0)];
    view.path_label = "far".into();
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

/// Drawn in an area away from the buffer's corner, the map is the same
/// picture moved; areas partly or wholly outside the buffer are clipped.
#[test]
fn drawing_follows_the_area() {
    let b = battle("duel");
    let mut view = MapView::new(&b);
    view.selected = Some(FigureId(1));
    view.threats = true;
    let theme = Theme::light();
    let at_corner = {
        let mut buf = Buffer::empty(Rect::new(0, 0, 40, 17));
        MapWidget {
            battle: &b,
            view: &view,
            theme: &theme,
        }
        .render(buf.area, &mut buf);
        buf
    };
    let mut moved = Buffer::empty(Rect::new(0, 0, 50, 25));
    let area = Rect::new(7, 5, 40, 17);
    MapWidget {
        battle: &b,
        view: &view,
        theme: &theme,
    }
    .render(area, &mut moved);
    for y in 0..17 {
        for x in 0..40 {
            assert_eq!(at_corner[(x, y)], moved[(x + 7, y + 5)], "{x},{y}");
        }
    }
    for area in [
        Rect::new(30, 20, 40, 17),
        Rect::new(60, 40, 5, 5),
        Rect::new(3, 3, 0, 0),
    ] {
        let mut buf = Buffer::empty(Rect::new(0, 0, 50, 25));
        MapWidget {
            battle: &b,
            view: &view,
            theme: &theme,
        }
        .render(area, &mut buf);
    }
}

/// Clicking any cell inside a drawn hex finds that hex: the cells around
/// each figure's label map back to the figure's hex.
#[test]
fn hex_at_finds_the_figures_where_they_are_drawn() {
    let b = battle("skirmish");
    for zoom in Zoom::ALL {
        let mut view = MapView::new(&b);
        view.zoom = zoom;
        view.scroll = (-3, -2);
        let buf = draw(&b, &view, 200, 90);
        let not_letter = |x: u16, y: u16| !buf[(x, y)].symbol().chars().all(char::is_alphabetic);
        for f in b.figures() {
            let label = view.labels.get(f.id);
            let found: Vec<(u16, u16)> = (0..90u16)
                .flat_map(|y| (0..199u16).map(move |x| (x, y)))
                .filter(|&(x, y)| {
                    // At Large the name under the label starts with it too.
                    buf[(x, y)].symbol() == &label[..1]
                        && buf[(x + 1, y)].symbol() == &label[1..]
                        && not_letter(x + 2, y)
                })
                .collect();
            assert_eq!(found.len(), 1, "{zoom:?} {label}");
            let (x, y) = found[0];
            let whole = Rect::new(0, 0, 200, 90);
            assert_eq!(
                view.hex_at(whole, x, y),
                Some(f.pose.hex),
                "{zoom:?} {label}"
            );
            assert_eq!(
                view.hex_at(whole, x + 1, y),
                Some(f.pose.hex),
                "{zoom:?} {label}"
            );
        }
    }
}
