//! Hex addresses as designers draw them, and figure poses.

use hex2d::{Coordinate, Spacing};
use serde::{Deserialize, Serialize};

use super::facing::Facing;

/// Axial hex2d coordinate. i64 so that conversions from any `Hex` (i32
/// offsets) never overflow.
pub(super) type Axial = Coordinate<i64>;

/// A hex addressed by `(col, row)` offset coordinates as drawn on screen:
/// flat-top hexes, (0, 0) top-left, odd columns shifted half a hex down
/// ("odd-q"). Serialised as a `(col, row)` tuple.
///
/// Coordinates may lie off the map (neighbours of edge hexes do); map
/// queries check bounds. Ordered by column, then row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "(i32, i32)", into = "(i32, i32)")]
pub struct Hex {
    pub col: i32,
    pub row: i32,
}

/// As scenario files write it: `(col, row)`.
impl std::fmt::Display for Hex {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "({}, {})", self.col, self.row)
    }
}

impl From<(i32, i32)> for Hex {
    fn from((col, row): (i32, i32)) -> Hex {
        Hex { col, row }
    }
}

impl From<Hex> for (i32, i32) {
    fn from(h: Hex) -> (i32, i32) {
        (h.col, h.row)
    }
}

/// Saturates rather than wraps: anything that far out is off every map.
fn saturate(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

impl Hex {
    pub const fn new(col: i32, row: i32) -> Hex {
        Hex { col, row }
    }

    /// Offset (odd-q) to axial: q = col, r = row - (col - (col & 1)) / 2;
    /// hex2d stores x = q, y = -q - r.
    pub(super) fn axial(self) -> Axial {
        let col = i64::from(self.col);
        let q = col;
        let r = i64::from(self.row) - (col - (col & 1)) / 2;
        Axial::new(q, -q - r)
    }

    /// Inverse of [`Hex::axial`]; saturates at the i32 limits.
    pub(super) fn from_axial(c: Axial) -> Hex {
        let q = c.x;
        let r = c.z();
        Hex {
            col: saturate(q),
            row: saturate(r + (q - (q & 1)) / 2),
        }
    }

    /// The adjacent hex across the `facing` hexside.
    pub fn neighbor(self, facing: Facing) -> Hex {
        Hex::from_axial(self.axial() + facing.direction())
    }

    /// All six adjacent hexes, clockwise from N (not clipped to any map).
    pub fn neighbors(self) -> [Hex; 6] {
        Facing::ALL.map(|f| self.neighbor(f))
    }

    /// Distance in hexes (steps between centres): the largest difference of
    /// the cube coordinates, worked out here in place of hex2d's (asked
    /// hundreds of thousands of times a battle by the AI and the engine).
    pub fn distance(self, other: Hex) -> u32 {
        let (a, b) = (self.axial(), other.axial());
        let (dx, dy) = (a.x - b.x, a.y - b.y);
        let dz = -dx - dy;
        let d = dx
            .unsigned_abs()
            .max(dy.unsigned_abs())
            .max(dz.unsigned_abs());
        u32::try_from(d).unwrap_or(u32::MAX)
    }

    /// The facing that best points at `target`: the hexside whose 60° sector
    /// (bounded by the lines through the hex corners) contains it. A target
    /// exactly on a corner line is a tie; we take the clockwise facing.
    /// `None` when `target` is this hex.
    pub fn facing_toward(self, target: Hex) -> Option<Facing> {
        self.axial()
            .direction_to_cw(target.axial())
            .map(Facing::from_direction)
    }

    /// Centre of the hex in a plane with x right and y down, for flat-top
    /// hexes of edge length `size`, with hex (0, 0) at the origin.
    pub fn pixel_centre(self, size: f64) -> (f64, f64) {
        self.axial().to_pixel(Spacing::FlatTop(size))
    }
}

/// Where a figure stands and which hexside it faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pose {
    pub hex: Hex,
    pub facing: Facing,
}

impl Pose {
    pub const fn new(hex: Hex, facing: Facing) -> Pose {
        Pose { hex, facing }
    }

    /// The hex directly in front (across the facing hexside).
    pub fn front(self) -> Hex {
        self.hex.neighbor(self.facing)
    }

    /// The hex directly behind.
    pub fn behind(self) -> Hex {
        self.hex.neighbor(self.facing.opposite())
    }

    /// `target` relative to this pose, rotated so the pose faces N: then
    /// every arc test is one fixed inequality on cube coordinates.
    pub(super) fn relative(self, target: Hex) -> Axial {
        (target.axial() - self.hex.axial()).rotate_around_zero(self.facing.angle_to_north())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_q_neighbours_match_the_drawing() {
        // Even column: its NE/NW neighbours are one row up.
        let even = Hex::new(2, 2);
        assert_eq!(
            even.neighbors(),
            [
                Hex::new(2, 1),
                Hex::new(3, 1),
                Hex::new(3, 2),
                Hex::new(2, 3),
                Hex::new(1, 2),
                Hex::new(1, 1),
            ]
        );
        // Odd column (shifted down): its SE/SW neighbours are one row down.
        let odd = Hex::new(3, 2);
        assert_eq!(
            odd.neighbors(),
            [
                Hex::new(3, 1),
                Hex::new(4, 2),
                Hex::new(4, 3),
                Hex::new(3, 3),
                Hex::new(2, 3),
                Hex::new(2, 2),
            ]
        );
    }

    #[test]
    fn facings_point_where_the_compass_says() {
        let origin = Hex::new(4, 4);
        let (ox, oy) = origin.pixel_centre(1.0);
        let expect = [(0, -1), (1, -1), (1, 1), (0, 1), (-1, 1), (-1, -1)];
        for (f, (sx, sy)) in Facing::ALL.into_iter().zip(expect) {
            let (x, y) = origin.neighbor(f).pixel_centre(1.0);
            let sign = |v: f64| if v.abs() < 1e-9 { 0 } else { v.signum() as i32 };
            assert_eq!((sign(x - ox), sign(y - oy)), (sx, sy), "{f}");
        }
    }

    #[test]
    fn pixel_centres_follow_odd_q_layout() {
        let h = 3f64.sqrt();
        for col in -3..4 {
            for row in -3..4 {
                let (x, y) = Hex::new(col, row).pixel_centre(1.0);
                let shift = if col.rem_euclid(2) == 1 { 0.5 } else { 0.0 };
                assert!((x - 1.5 * f64::from(col)).abs() < 1e-9);
                assert!((y - h * (f64::from(row) + shift)).abs() < 1e-9);
            }
        }
    }

    #[test]
    fn extreme_coordinates_saturate_instead_of_panicking() {
        let far = Hex::new(i32::MAX, i32::MIN);
        let _ = far.neighbors();
        assert_eq!(far.distance(Hex::new(i32::MIN, i32::MAX)), u32::MAX);
    }

    #[test]
    fn facing_toward_neighbours_and_ties() {
        let h = Hex::new(5, 5);
        assert_eq!(h.facing_toward(h), None);
        for f in Facing::ALL {
            assert_eq!(h.facing_toward(h.neighbor(f)), Some(f));
            // Two steps ahead then one to the left is still best faced ahead.
            let t = h.neighbor(f).neighbor(f).neighbor(f.rotate(-1));
            assert_eq!(h.facing_toward(t), Some(f));
            // Exactly on the corner line between f and f+1: clockwise wins.
            let tie = h.neighbor(f).neighbor(f.rotate(1));
            assert_eq!(h.facing_toward(tie), Some(f.rotate(1)));
        }
    }

    #[test]
    fn serde_as_tuple() {
        let p = Pose::new(Hex::new(3, -1), Facing::SE);
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(json, r#"{"hex":[3,-1],"facing":"SE"}"#);
        assert_eq!(serde_json::from_str::<Pose>(&json).unwrap(), p);
    }

    proptest::proptest! {
        /// The distance is hex2d's, for hexes anywhere (off every map too).
        #[test]
        fn distance_is_hex2ds(
            a in (-5000..5000i32, -5000..5000i32),
            b in (-5000..5000i32, -5000..5000i32),
            far in proptest::bool::ANY,
        ) {
            let (a, mut b) = (Hex::new(a.0, a.1), Hex::new(b.0, b.1));
            if far {
                b = Hex::new(b.col.saturating_mul(400_000), b.row.saturating_mul(400_000));
            }
            let hex2d = u32::try_from(a.axial().distance(b.axial())).unwrap_or(u32::MAX);
            proptest::prop_assert_eq!(a.distance(b), hex2d);
        }
    }
}
