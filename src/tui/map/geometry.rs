//! Where each hex is drawn at each zoom, and which hex a screen cell shows.
//!
//! Hexes are drawn as flat-top outlines: at zoom parameters `(h, l)` a hex
//! box is `2h + l` cells wide and `2h + 1` lines tall (its top edge line is
//! shared with the hex above), columns `h + l` cells apart, rows `2h` lines
//! apart, odd columns `h` lines lower (odd-q). Compact (`h` 1, `l` 3):
//!
//! ```text
//!  ___     ___
//! /   \___/   \
//! \___/   \___/
//!     \___/
//! ```
//!
//! World cells are counted from the top-left of hex (0, 0)'s box; a view's
//! scroll maps them to the screen.

use crate::hex::Hex;

/// The drawing parameters of one zoom level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Geometry {
    /// Height of each slanted side, in lines.
    pub h: i32,
    /// Length of the top and bottom edges, in cells.
    pub l: i32,
}

/// A cell's part of a hex outline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Edge {
    Top,
    Bottom,
    /// `/` on the upper left, `\` on the lower left.
    Left,
    /// `\` on the upper right, `/` on the lower right.
    Right,
}

impl Geometry {
    /// Cells between the left edges of neighbouring columns.
    pub fn col_stride(self) -> i32 {
        self.h + self.l
    }

    /// Lines between the tops of neighbouring rows.
    pub fn row_stride(self) -> i32 {
        2 * self.h
    }

    pub fn box_width(self) -> i32 {
        2 * self.h + self.l
    }

    /// Top-left world cell of `hex`'s box (its top edge line).
    pub fn origin(self, hex: Hex) -> (i32, i32) {
        let odd = hex.col.rem_euclid(2);
        (
            hex.col.saturating_mul(self.col_stride()),
            hex.row
                .saturating_mul(self.row_stride())
                .saturating_add(odd * self.h),
        )
    }

    /// The cell at the hex's centre: middle of the box, on the upper of its
    /// two middle lines.
    pub fn centre(self, hex: Hex) -> (i32, i32) {
        let (x, y) = self.origin(hex);
        (
            x.saturating_add(self.box_width() / 2),
            y.saturating_add(self.h),
        )
    }

    /// World size in cells of a map `width` × `height` hexes.
    pub fn extent(self, width: u16, height: u16) -> (i32, i32) {
        let (w, h) = (i32::from(width), i32::from(height));
        let shift = if w > 1 { self.h } else { 0 };
        (
            w * self.col_stride() + self.h,
            h * self.row_stride() + shift + 1,
        )
    }

    /// The hex whose area holds world cell `(x, y)`: the nearest hex centre
    /// in a metric that makes the drawn hexes regular, so every cell inside
    /// an outline belongs to the hex drawn around it.
    pub fn hex_at(self, x: i32, y: i32) -> Hex {
        let (h, l) = (i64::from(self.h), i64::from(self.l));
        // Doubled coordinates keep centres on integers.
        let (px, py) = (2 * i64::from(x) + 1, 2 * i64::from(y) + 1);
        let (cs, rs) = (h + l, 2 * h);
        let c0 = i64::from(x).div_euclid(cs);
        let mut best = (i64::MAX, Hex::new(0, 0));
        for c in c0 - 1..=c0 + 1 {
            let odd = c.rem_euclid(2);
            let r0 = (i64::from(y) - odd * h).div_euclid(rs);
            for r in r0 - 1..=r0 + 1 {
                let cx = 2 * c * cs + 2 * h + l;
                let cy = 2 * (r * rs + odd * h) + 2 * h + 2;
                let (dx, dy) = (px - cx, py - cy);
                let d = 3 * h * h * dx * dx + cs * cs * dy * dy;
                if d < best.0 {
                    best = (d, Hex::new(saturate(c), saturate(r)));
                }
            }
        }
        best.1
    }

    /// The outline cells of a hex box, relative to its origin, with which
    /// edge each belongs to.
    pub fn outline(self) -> impl Iterator<Item = (i32, i32, Edge)> {
        let Geometry { h, l } = self;
        let top = (h..h + l).map(|x| (x, 0, Edge::Top));
        let bottom = (h..h + l).map(move |x| (x, 2 * h, Edge::Bottom));
        let upper =
            (1..=h).flat_map(move |i| [(h - i, i, Edge::Left), (h + l - 1 + i, i, Edge::Right)]);
        let lower = (1..=h).flat_map(move |i| {
            [
                (i - 1, h + i, Edge::Left),
                (2 * h + l - i, h + i, Edge::Right),
            ]
        });
        top.chain(upper).chain(lower).chain(bottom)
    }

    /// The inside cells of line `y` (1..=2h) of a hex box, as x from..to
    /// (exclusive), relative to its origin. The last line holds the bottom
    /// edge, which is drawn over the inside.
    pub fn inside(self, y: i32) -> (i32, i32) {
        let Geometry { h, l } = self;
        if y <= h {
            (h - y + 1, h + l - 1 + y)
        } else {
            let i = y - h;
            (i, 2 * h + l - i)
        }
    }
}

fn saturate(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::map::Zoom;

    #[test]
    fn every_inside_cell_maps_back_to_its_hex() {
        for zoom in Zoom::ALL {
            let g = zoom.geometry();
            for col in -3..6 {
                for row in -3..6 {
                    let hex = Hex::new(col, row);
                    let (ox, oy) = g.origin(hex);
                    for y in 1..=2 * g.h {
                        let (a, b) = g.inside(y);
                        for x in a..b {
                            assert_eq!(g.hex_at(ox + x, oy + y), hex, "{zoom:?} {x},{y}");
                        }
                    }
                    let (cx, cy) = g.centre(hex);
                    assert_eq!(g.hex_at(cx, cy), hex);
                }
            }
        }
    }

    #[test]
    fn outlines_agree_where_neighbours_share_them() {
        // Two hexes that draw the same cell draw the same character there.
        for zoom in Zoom::ALL {
            let g = zoom.geometry();
            let mut drawn = std::collections::HashMap::new();
            for col in 0..4 {
                for row in 0..4 {
                    let (ox, oy) = g.origin(Hex::new(col, row));
                    for (x, y, edge) in g.outline() {
                        let slash =
                            matches!((edge, y <= g.h), (Edge::Left, true) | (Edge::Right, false));
                        let ch = match edge {
                            Edge::Top | Edge::Bottom => '_',
                            _ if slash => '/',
                            _ => '\\',
                        };
                        if let Some(old) = drawn.insert((ox + x, oy + y), ch) {
                            assert_eq!(old, ch, "{zoom:?} at {},{}", ox + x, oy + y);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn no_hex_draws_its_outline_inside_another() {
        for zoom in Zoom::ALL {
            let g = zoom.geometry();
            let mut inside = std::collections::HashMap::new();
            let hexes = || (0..4).flat_map(|c| (0..4).map(move |r| Hex::new(c, r)));
            for hex in hexes() {
                let (ox, oy) = g.origin(hex);
                for y in 1..=2 * g.h {
                    let (a, b) = g.inside(y);
                    for x in a..b {
                        assert_eq!(inside.insert((ox + x, oy + y), hex), None);
                    }
                }
            }
            for hex in hexes() {
                let (ox, oy) = g.origin(hex);
                for (x, y, edge) in g.outline() {
                    if let Some(&owner) = inside.get(&(ox + x, oy + y)) {
                        // Only the bottom edge lies inside: its own hex's,
                        // and the top edge of the hex below.
                        let below = Hex::new(owner.col, owner.row + 1);
                        let ok = (edge == Edge::Bottom && owner == hex)
                            || (edge == Edge::Top && hex == below);
                        assert!(ok, "{zoom:?} {hex:?} {edge:?} inside {owner:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn extent_holds_every_box() {
        for zoom in Zoom::ALL {
            let g = zoom.geometry();
            for (w, h) in [(1u16, 1u16), (2, 1), (9, 7), (18, 12)] {
                let (ew, eh) = g.extent(w, h);
                let (mut mw, mut mh) = (0, 0);
                for col in 0..i32::from(w) {
                    for row in 0..i32::from(h) {
                        let (ox, oy) = g.origin(Hex::new(col, row));
                        mw = mw.max(ox + g.box_width());
                        mh = mh.max(oy + 2 * g.h + 1);
                    }
                }
                assert_eq!((ew, eh), (mw, mh), "{zoom:?} {w}x{h}");
            }
        }
    }
}
