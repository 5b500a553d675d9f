//! The tactical map: hexes, terrain, figures with their facings, zones,
//! threats, the cursor and a move path, drawn straight into a ratatui
//! [`Buffer`].
//!
//! [`MapView`] is what the app keeps between frames (zoom, scroll, cursor,
//! selection, overlays); [`MapWidget`] draws a battle's [`Scene`] through
//! it. Each ruleset's battle makes its scene ([`Stage`]); nothing here knows
//! a ruleset.

mod geometry;
mod labels;
mod render;
mod scene;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::hex::{Hex, HexMap};
use crate::seam::FigureId;

use geometry::Geometry;
pub use labels::Labels;
pub use scene::{Focus, Piece, Scene, Stage, State};

use super::theme::Theme;

/// How large hexes are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Zoom {
    /// 5×2 cells a hex: the duel map fits an 80×24 layout.
    Compact,
    /// 9×4 cells a hex.
    Normal,
    /// 13×6 cells a hex, with figures' names.
    Large,
}

impl Zoom {
    pub const ALL: [Zoom; 3] = [Zoom::Compact, Zoom::Normal, Zoom::Large];

    pub(crate) fn geometry(self) -> Geometry {
        match self {
            Zoom::Compact => Geometry { h: 1, l: 3 },
            Zoom::Normal => Geometry { h: 2, l: 5 },
            Zoom::Large => Geometry { h: 3, l: 7 },
        }
    }

    fn step(self, by: isize) -> Zoom {
        let i = Zoom::ALL.iter().position(|&z| z == self).unwrap_or(0);
        Zoom::ALL[i.saturating_add_signed(by).min(Zoom::ALL.len() - 1)]
    }
}

/// What the app keeps of the map between frames. Plain data: the app sets
/// the fields it owns (cursor, selection, overlays, path) directly.
#[derive(Debug, Clone, PartialEq)]
pub struct MapView {
    pub zoom: Zoom,
    /// The world cell drawn at the area's top-left corner; negative to leave
    /// a margin (a small map is centred).
    pub scroll: (i32, i32),
    pub cursor: Hex,
    /// Its Strike and Missile Zones are shaded, its label highlighted.
    pub selected: Option<FigureId>,
    /// Show every hostile Strike Zone: how many enemies of the selected
    /// figure's side (or of the side whose turn it is) can strike each hex.
    pub threats: bool,
    /// A move being entered, start first; drawn with `path_label` (e.g. the
    /// AP it costs) beside its last hex.
    pub path: Vec<Hex>,
    pub path_label: String,
    /// In order entry: the hexes the selected figure could reach in one
    /// pulse with the allowance its draft cards give (16.9.8).
    pub reach: Vec<Hex>,
    /// Short unique names of the figures, computed once per battle.
    pub labels: Labels,
    /// Large-label mode: three-letter labels, hexes Normal or larger.
    pub large: bool,
}

impl MapView {
    /// A view of `battle` at Compact zoom, scrolled to the top-left, the
    /// cursor on the first figure.
    pub fn new(battle: &impl Stage) -> MapView {
        MapView {
            zoom: Zoom::Compact,
            scroll: (0, 0),
            cursor: battle
                .scene(Focus::default())
                .pieces
                .first()
                .map_or(Hex::new(0, 0), Piece::hex),
            selected: None,
            threats: false,
            path: Vec::new(),
            path_label: String::new(),
            reach: Vec::new(),
            labels: Labels::new(battle),
            large: false,
        }
    }

    /// Large labels on or off (the labels are made again for `battle`);
    /// with them on, hexes are never smaller than Normal.
    pub fn set_large(&mut self, battle: &impl Stage, large: bool) {
        self.large = large;
        self.labels = if large {
            Labels::large(battle)
        } else {
            Labels::new(battle)
        };
        if large && self.zoom < Zoom::Normal {
            self.set_zoom(Zoom::Normal);
        }
    }

    /// The smallest zoom the label mode allows.
    fn min_zoom(&self) -> Zoom {
        if self.large {
            Zoom::Normal
        } else {
            Zoom::Compact
        }
    }

    /// The hex drawn at screen cell `(x, y)` when the map is drawn in `area`;
    /// `None` outside the area. The hex may lie off the map (blank space).
    pub fn hex_at(&self, area: Rect, x: u16, y: u16) -> Option<Hex> {
        let inside = x >= area.x && x < area.right() && y >= area.y && y < area.bottom();
        inside.then(|| {
            let (wx, wy) = self.world(area, x, y);
            self.zoom.geometry().hex_at(wx, wy)
        })
    }

    /// Screen cell to world cell.
    fn world(&self, area: Rect, x: u16, y: u16) -> (i32, i32) {
        (
            i32::from(x - area.x).saturating_add(self.scroll.0),
            i32::from(y - area.y).saturating_add(self.scroll.1),
        )
    }

    /// Scroll by `dx` cells right and `dy` lines down.
    pub fn pan(&mut self, dx: i32, dy: i32) {
        self.scroll = (
            self.scroll.0.saturating_add(dx),
            self.scroll.1.saturating_add(dy),
        );
    }

    /// Larger hexes, keeping the cursor's hex where it was on screen as
    /// nearly as the new size allows.
    pub fn zoom_in(&mut self) {
        self.set_zoom(self.zoom.step(1));
    }

    /// Smaller hexes (see [`MapView::zoom_in`]), down to what the label
    /// mode allows.
    pub fn zoom_out(&mut self) {
        self.set_zoom(self.zoom.step(-1).max(self.min_zoom()));
    }

    fn set_zoom(&mut self, zoom: Zoom) {
        let (old, new) = (self.zoom.geometry(), zoom.geometry());
        let (ox, oy) = old.centre(self.cursor);
        let (nx, ny) = new.centre(self.cursor);
        self.scroll = (
            self.scroll.0.saturating_add(nx).saturating_sub(ox),
            self.scroll.1.saturating_add(ny).saturating_sub(oy),
        );
        self.zoom = zoom;
    }

    /// Scroll the least needed for `hex`'s whole box to be inside `area`
    /// (its centre, if the box is larger than the area).
    pub fn ensure_visible(&mut self, hex: Hex, area: Rect) {
        let g = self.zoom.geometry();
        let (ox, oy) = g.origin(hex);
        let (cx, cy) = g.centre(hex);
        let (w, h) = (i32::from(area.width), i32::from(area.height));
        let fits_x = g.box_width() <= w;
        let fits_y = g.row_stride() < h;
        let (left, right) = if fits_x {
            (ox, ox.saturating_add(g.box_width()))
        } else {
            (cx, cx.saturating_add(1))
        };
        let (top, bottom) = if fits_y {
            (oy, oy.saturating_add(g.row_stride() + 1))
        } else {
            (cy, cy.saturating_add(1))
        };
        self.scroll.0 = clamp_scroll(self.scroll.0, left, right, w);
        self.scroll.1 = clamp_scroll(self.scroll.1, top, bottom, h);
    }

    /// The hex size for the battle in `area`: the largest zoom (at least
    /// the label mode's smallest) at which the figures still in the fight,
    /// with a hex around them, fit — the whole map centred if it fits too,
    /// else the map scrolled to centre the figures. If none does, the
    /// smallest zoom scrolled to keep the cursor visible.
    pub fn fit(&mut self, battle: &impl Stage, area: Rect) {
        let scene = battle.scene(Focus::default());
        let map = scene.map;
        let (w, h) = (i32::from(area.width), i32::from(area.height));
        let hexes = |all: bool| -> Vec<Hex> {
            let pieces = scene.pieces.iter().filter(|p| all || !p.out);
            pieces.flat_map(|p| p.hexes.iter().copied()).collect()
        };
        let fighting = hexes(false);
        let figures = if fighting.is_empty() {
            hexes(true)
        } else {
            fighting
        };
        let (cols, rows) = span(map, &figures);
        let boxed = |z: Zoom| {
            let g = z.geometry();
            let (ew, eh) = g.extent(cols.1 - cols.0 + 1, rows.1 - rows.0 + 1);
            ew <= w && eh <= h
        };
        let chosen = Zoom::ALL
            .into_iter()
            .rev()
            .filter(|&z| z >= self.min_zoom())
            .find(|&z| boxed(z));
        let Some(zoom) = chosen else {
            self.zoom = self.min_zoom();
            self.scroll = (0, 0);
            self.ensure_visible(self.cursor, area);
            return;
        };
        self.zoom = zoom;
        let g = zoom.geometry();
        let (ew, eh) = g.extent(map.width(), map.height());
        // The figures' box in world cells, its centre put at the area's.
        let (x0, y0) = g.origin(Hex::new(i32::from(cols.0), i32::from(rows.0)));
        let (x1, y1) = g.origin(Hex::new(i32::from(cols.1), i32::from(rows.1)));
        let (bx, by) = ((x0 + x1 + g.box_width()) / 2, (y0 + y1 + 2 * g.h + 1) / 2);
        let axis = |extent: i32, len: i32, centre: i32| {
            if extent <= len {
                -(len - extent) / 2
            } else {
                (centre - len / 2).clamp(0, extent - len)
            }
        };
        self.scroll = (axis(ew, w, bx), axis(eh, h, by));
        self.ensure_visible(self.cursor, area);
    }

    /// What the scene is asked to show: the selection's zones, the threats.
    pub fn focus(&self) -> Focus {
        Focus {
            selected: self.selected.map(|id| id.0),
            threats: self.threats,
        }
    }
}

/// The columns and rows (first, last) that `hexes` span, one hex wider on
/// every side, within the map.
fn span(map: &HexMap, hexes: &[Hex]) -> ((u16, u16), (u16, u16)) {
    let last = |n: u16| i32::from(n.max(1) - 1);
    let clamp = |v: i32, n: u16| u16::try_from(v.clamp(0, last(n))).unwrap_or(0);
    let range = |vs: Vec<i32>, n: u16| match (vs.iter().min(), vs.iter().max()) {
        (Some(&lo), Some(&hi)) => (clamp(lo - 1, n), clamp(hi + 1, n)),
        _ => (0, clamp(last(n), n)),
    };
    (
        range(hexes.iter().map(|h| h.col).collect(), map.width()),
        range(hexes.iter().map(|h| h.row).collect(), map.height()),
    )
}

/// The scroll that shows world span `lo..hi` in a window `len` long,
/// moving as little as possible from `scroll`.
fn clamp_scroll(scroll: i32, lo: i32, hi: i32, len: i32) -> i32 {
    if lo < scroll {
        lo
    } else if hi > scroll.saturating_add(len) {
        hi.saturating_sub(len)
    } else {
        scroll
    }
}

/// Draws a battle's map through a [`MapView`] in a
/// [`Theme`].
pub struct MapWidget<'a, B: Stage> {
    pub battle: &'a B,
    pub view: &'a MapView,
    pub theme: &'a Theme,
}

impl<B: Stage> Widget for MapWidget<'_, B> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let scene = self.battle.scene(self.view.focus());
        render::render(&scene, self.view, self.theme, area, buf);
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn view(zoom: Zoom, scroll: (i32, i32)) -> MapView {
        MapView {
            zoom,
            scroll,
            cursor: Hex::new(0, 0),
            selected: None,
            threats: false,
            path: Vec::new(),
            path_label: String::new(),
            reach: Vec::new(),
            labels: Labels::default(),
            large: false,
        }
    }

    fn zoom() -> impl Strategy<Value = Zoom> {
        prop::sample::select(Zoom::ALL.to_vec())
    }

    /// The screen cell at the centre of `hex`, if it is inside `area`.
    fn centre_on_screen(v: &MapView, hex: Hex, area: Rect) -> Option<(u16, u16)> {
        let (cx, cy) = v.zoom.geometry().centre(hex);
        let x = u16::try_from(cx - v.scroll.0 + i32::from(area.x)).ok()?;
        let y = u16::try_from(cy - v.scroll.1 + i32::from(area.y)).ok()?;
        (x < area.right() && y < area.bottom() && x >= area.x && y >= area.y).then_some((x, y))
    }

    proptest! {
        #[test]
        fn hex_at_inverts_the_drawing(
            zoom in zoom(),
            scroll in (-60i32..200, -60i32..200),
            hex in (0i32..30, 0i32..30),
            origin in (0u16..20, 0u16..10),
        ) {
            let v = view(zoom, scroll);
            let area = Rect::new(origin.0, origin.1, 200, 60);
            let hex = Hex::new(hex.0, hex.1);
            if let Some((x, y)) = centre_on_screen(&v, hex, area) {
                prop_assert_eq!(v.hex_at(area, x, y), Some(hex));
            }
            prop_assert_eq!(v.hex_at(area, area.right(), area.y), None);
            prop_assert_eq!(v.hex_at(area, area.x, area.bottom()), None);
        }

        #[test]
        fn ensure_visible_keeps_the_hex_on_screen(
            zoom in zoom(),
            scroll in (-500i32..500, -500i32..500),
            hex in (0i32..60, 0i32..60),
            size in (1u16..120, 1u16..50),
        ) {
            let mut v = view(zoom, scroll);
            let area = Rect::new(3, 2, size.0, size.1);
            let hex = Hex::new(hex.0, hex.1);
            v.ensure_visible(hex, area);
            let (x, y) = centre_on_screen(&v, hex, area).expect("centre on screen");
            prop_assert_eq!(v.hex_at(area, x, y), Some(hex));
            // Once visible, asking again does not move the view.
            let before = v.scroll;
            v.ensure_visible(hex, area);
            prop_assert_eq!(v.scroll, before);
        }
    }

    #[test]
    fn ensure_visible_shows_the_whole_hex_when_it_fits() {
        let mut v = view(Zoom::Normal, (0, 0));
        let area = Rect::new(0, 0, 40, 12);
        let hex = Hex::new(10, 10);
        v.ensure_visible(hex, area);
        let g = Zoom::Normal.geometry();
        let (ox, oy) = g.origin(hex);
        assert_eq!(v.scroll, (ox + g.box_width() - 40, oy + 2 * g.h + 1 - 12));
        v.ensure_visible(Hex::new(0, 0), area);
        assert_eq!(v.scroll, (0, 0));
    }

    /// Figures standing on an open map, as a battle's scene gives them.
    struct Field {
        map: HexMap,
        at: Vec<Hex>,
    }

    impl Stage for Field {
        fn scene(&self, _: Focus) -> Scene<'_> {
            let piece = |&hex: &Hex| Piece {
                name: "",
                hexes: vec![hex],
                facing: crate::hex::Facing::N,
                colour: None,
                state: State::Active,
                out: false,
                gone: false,
                occupies: true,
                engaged: false,
            };
            Scene {
                map: &self.map,
                pieces: self.at.iter().map(piece).collect(),
                strike_zone: Vec::new(),
                missile_zone: Vec::new(),
                threats: Vec::new(),
            }
        }
    }

    fn field(width: u16, height: u16, at: &[(i32, i32)]) -> Field {
        Field {
            map: HexMap::open(width, height).unwrap(),
            at: at.iter().map(|&(c, r)| Hex::new(c, r)).collect(),
        }
    }

    /// The shipped duel's map and figures (`scenarios/duel.ron`).
    fn duel() -> Field {
        field(9, 7, &[(2, 3), (6, 3)])
    }

    /// The shipped skirmish's (`scenarios/skirmish.ron`).
    fn skirmish() -> Field {
        let at = [
            (7, 5),
            (9, 5),
            (8, 6),
            (10, 7),
            (8, 1),
            (10, 1),
            (6, 0),
            (12, 0),
        ];
        field(18, 12, &at)
    }

    #[test]
    fn fit_picks_the_largest_zoom_that_holds_the_figures() {
        let (duel, skirmish) = (duel(), skirmish());
        let mut v = view(Zoom::Normal, (5, 5));
        v.cursor = Hex::new(2, 3);
        // 80×24's map area: only Compact holds the duel; the map's 37
        // columns are centred, its 16 rows scrolled a line to centre the
        // figures.
        v.fit(&duel, Rect::new(0, 0, 42, 15));
        assert_eq!(v.zoom, Zoom::Compact);
        assert_eq!(v.scroll, (-2, 1));
        v.fit(&duel, Rect::new(0, 0, 144, 40));
        assert_eq!(v.zoom, Zoom::Large);
        // 200×60's map area: the skirmish's figures fill it at Normal, the
        // map as wide as the area is centred across, scrolled down to them.
        v.cursor = Hex::new(7, 5);
        v.fit(&skirmish, Rect::new(0, 0, 144, 40));
        assert_eq!(v.zoom, Zoom::Normal);
        assert_eq!(v.scroll.0, -(144 - 128) / 2);
        assert!(v.scroll.1 >= 0, "{:?}", v.scroll);
        for &hex in &skirmish.at {
            assert!(centre_on_screen(&v, hex, Rect::new(0, 0, 144, 40)).is_some());
        }
        // Large labels: never below Normal, even where nothing fits.
        v.large = true;
        v.cursor = Hex::new(17, 11);
        v.fit(&skirmish, Rect::new(0, 0, 40, 12));
        assert_eq!(v.zoom, Zoom::Normal);
        assert!(centre_on_screen(&v, v.cursor, Rect::new(0, 0, 40, 12)).is_some());
        v.large = false;
        v.fit(&skirmish, Rect::new(0, 0, 40, 12));
        assert_eq!(v.zoom, Zoom::Compact);
        assert!(centre_on_screen(&v, v.cursor, Rect::new(0, 0, 40, 12)).is_some());
    }

    #[test]
    fn far_off_hexes_and_scrolls_do_not_panic() {
        let far = Hex::new(i32::MAX, i32::MIN);
        let area = Rect::new(0, 0, 80, 24);
        for zoom in Zoom::ALL {
            let mut v = view(zoom, (i32::MAX, i32::MIN));
            v.cursor = far;
            let _ = v.hex_at(area, 79, 23);
            v.ensure_visible(far, area);
            v.pan(i32::MAX, i32::MIN);
            v.zoom_in();
            v.zoom_out();
            let _ = v.hex_at(area, 0, 0);
        }
    }

    #[test]
    fn zooming_keeps_the_cursor_in_place() {
        let mut v = view(Zoom::Compact, (-7, 3));
        v.cursor = Hex::new(4, 5);
        let area = Rect::new(0, 0, 200, 60);
        let before = centre_on_screen(&v, v.cursor, area);
        v.zoom_in();
        assert_eq!(v.zoom, Zoom::Normal);
        assert_eq!(centre_on_screen(&v, v.cursor, area), before);
        v.zoom_in();
        v.zoom_in();
        assert_eq!(v.zoom, Zoom::Large);
        v.zoom_out();
        v.zoom_out();
        v.zoom_out();
        assert_eq!(v.zoom, Zoom::Compact);
        assert_eq!(centre_on_screen(&v, v.cursor, area), before);
    }
}
