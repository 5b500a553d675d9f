//! The tactical map: hexes, terrain, figures with their facings, zones,
//! threats, the cursor and a move path, drawn straight into a ratatui
//! [`Buffer`].
//!
//! [`MapView`] is what the app keeps between frames (zoom, scroll, cursor,
//! selection, overlays); [`MapWidget`] draws a [`Battle`] through it.

mod geometry;
mod labels;
mod render;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::engine::{Battle, FigureId};
use crate::hex::{Hex, HexMap};

use geometry::Geometry;
pub use labels::Labels;

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
    /// Short unique names of the figures, computed once per battle.
    pub labels: Labels,
}

impl MapView {
    /// A view of `battle` at Compact zoom, scrolled to the top-left, the
    /// cursor on the first figure.
    pub fn new(battle: &Battle) -> MapView {
        MapView {
            zoom: Zoom::Compact,
            scroll: (0, 0),
            cursor: battle
                .figures()
                .first()
                .map_or(Hex::new(0, 0), |f| f.pose.hex),
            selected: None,
            threats: false,
            path: Vec::new(),
            path_label: String::new(),
            labels: Labels::new(battle),
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
            i32::from(x - area.x) + self.scroll.0,
            i32::from(y - area.y) + self.scroll.1,
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

    /// Smaller hexes (see [`MapView::zoom_in`]).
    pub fn zoom_out(&mut self) {
        self.set_zoom(self.zoom.step(-1));
    }

    fn set_zoom(&mut self, zoom: Zoom) {
        let (old, new) = (self.zoom.geometry(), zoom.geometry());
        let (ox, oy) = old.centre(self.cursor);
        let (nx, ny) = new.centre(self.cursor);
        self.scroll = (self.scroll.0 + nx - ox, self.scroll.1 + ny - oy);
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
            (ox, ox + g.box_width())
        } else {
            (cx, cx + 1)
        };
        let (top, bottom) = if fits_y {
            (oy, oy + g.row_stride() + 1)
        } else {
            (cy, cy + 1)
        };
        self.scroll.0 = clamp_scroll(self.scroll.0, left, right, w);
        self.scroll.1 = clamp_scroll(self.scroll.1, top, bottom, h);
    }

    /// The largest zoom at which the whole `map` fits in `area`, centred;
    /// if none does, Compact scrolled to keep the cursor visible.
    pub fn fit(&mut self, map: &HexMap, area: Rect) {
        let (w, h) = (i32::from(area.width), i32::from(area.height));
        let fits = |z: Zoom| {
            let (ew, eh) = z.geometry().extent(map.width(), map.height());
            ew <= w && eh <= h
        };
        match Zoom::ALL.into_iter().rev().find(|&z| fits(z)) {
            Some(zoom) => {
                self.zoom = zoom;
                let (ew, eh) = zoom.geometry().extent(map.width(), map.height());
                self.scroll = (-(w - ew) / 2, -(h - eh) / 2);
            }
            None => {
                self.zoom = Zoom::Compact;
                self.scroll = (0, 0);
                self.ensure_visible(self.cursor, area);
            }
        }
    }
}

/// The scroll that shows world span `lo..hi` in a window `len` long,
/// moving as little as possible from `scroll`.
fn clamp_scroll(scroll: i32, lo: i32, hi: i32, len: i32) -> i32 {
    if lo < scroll {
        lo
    } else if hi > scroll + len {
        hi - len
    } else {
        scroll
    }
}

/// Draws a battle's map through a [`MapView`] in a [`Theme`].
pub struct MapWidget<'a> {
    pub battle: &'a Battle,
    pub view: &'a MapView,
    pub theme: &'a Theme,
}

impl Widget for MapWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        render::render(&self, area, buf);
    }
}
