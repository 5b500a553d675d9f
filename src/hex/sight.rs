//! Lines of sight and fire between hex centres.
//!
//! A line from hex A to hex B is sampled at the n + 1 evenly spaced points
//! between the centres (n = distance), as hex2d's
//! `line_to_with_edge_detection_iter` does: each sample lies in one hex, or
//! exactly on the edge between two (reported as a pair). hex2d samples in
//! f32 with a fixed 1e-6 nudge, which misses exact edge crossings on lines
//! longer than about 32 hexes, so the same sampling is done here in exact
//! integer arithmetic (and tested against hex2d on short lines). Exactness
//! also makes lines symmetric: A→B and B→A visit the same samples.

use super::coord::{Axial, Hex};
use super::map::{HexError, HexMap};
use super::terrain::Terrain;

/// One sample point of a line: inside one hex, or exactly on the edge
/// between two (smaller hex first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Cell {
    One(Hex),
    Edge(Hex, Hex),
}

/// Nearest integer to `p / n` (n > 0); ties may go either way, the caller
/// checks for them exactly.
fn round_div(p: i64, n: i64) -> i64 {
    (2 * p + n).div_euclid(2 * n)
}

/// The hex(es) nearest the cube point `(px, py, pz) / n`.
fn nearest(px: i64, py: i64, pz: i64, n: i64) -> Cell {
    // Cube rounding: round each coordinate, then fix the one that moved most.
    let (mut rx, mut ry, rz) = (round_div(px, n), round_div(py, n), round_div(pz, n));
    let (dx, dy, dz) = (
        (rx * n - px).abs(),
        (ry * n - py).abs(),
        (rz * n - pz).abs(),
    );
    if dx > dy && dx > dz {
        rx = -ry - rz;
    } else if dy > dz {
        ry = -rx - rz;
    }
    let centre = Axial::new(rx, ry);
    // Squared distance, times n², from the point to a hex centre.
    let dist2 = |h: Axial| {
        let (a, b, c) = (h.x * n - px, h.y * n - py, h.z() * n - pz);
        a * a + b * b + c * c
    };
    let d = dist2(centre);
    let here = Hex::from_axial(centre);
    // A sample on a line between centres is never on a hex corner (its
    // largest cube coordinate is always whole), so at most one neighbour ties.
    match centre.neighbors().into_iter().find(|&nb| dist2(nb) == d) {
        Some(nb) => {
            let there = Hex::from_axial(nb);
            Cell::Edge(here.min(there), here.max(there))
        }
        None => Cell::One(here),
    }
}

/// The samples from `a` to `b`, both ends included. Callers keep both ends
/// on the map, which keeps the integer arithmetic small.
pub(super) fn line(a: Hex, b: Hex) -> impl Iterator<Item = Cell> {
    let (a, b) = (a.axial(), b.axial());
    let d = a.distance(b);
    let n = d.max(1);
    let (vx, vy, vz) = (b.x - a.x, b.y - a.y, b.z() - a.z());
    // Sample i is a + (b - a) * i / n; scale by n to stay in integers.
    (0..=d).map(move |i| nearest(a.x * n + vx * i, a.y * n + vy * i, a.z() * n + vz * i, n))
}

/// What a missile rule needs to know about a line of sight or fire.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineOfSight {
    /// Nothing on the way blocks sight.
    pub clear: bool,
    /// On-map hexes the line passes through, in order from the viewer,
    /// excluding both ends; both hexes of an edge the line runs along.
    pub hexes: Vec<Hex>,
    /// Greatest cover on the way, including the target's own hex.
    pub cover_percent: u8,
    /// The first hex (or edge pair's first hex) that blocks sight.
    pub blocked_at: Option<Hex>,
}

impl HexMap {
    /// Terrain for line purposes: off the map counts as open (the map edge
    /// is not a wall; a line between on-map hexes can graze an off-map one).
    fn terrain_or_open(&self, hex: Hex) -> Terrain {
        self.terrain(hex).unwrap_or_default()
    }

    /// Whether `cell` blocks a line, by the edge ruling: a line running
    /// exactly along an edge is blocked only if the hexes on both sides
    /// block. Returns the hex to report.
    fn cell_blocker(&self, cell: Cell, blocks: impl Fn(Terrain) -> bool) -> Option<Hex> {
        match cell {
            Cell::One(h) => blocks(self.terrain_or_open(h)).then_some(h),
            Cell::Edge(h1, h2) => {
                (blocks(self.terrain_or_open(h1)) && blocks(self.terrain_or_open(h2))).then_some(h1)
            }
        }
    }

    /// The first hex strictly between `from` and `to` whose terrain blocks
    /// per `blocks` (edge ruling applies).
    pub(super) fn first_blocker(
        &self,
        from: Hex,
        to: Hex,
        blocks: impl Fn(Terrain) -> bool + Copy,
    ) -> Option<Hex> {
        let n = from.distance(to) as usize;
        line(from, to)
            .skip(1)
            .take(n.saturating_sub(1))
            .find_map(|cell| self.cell_blocker(cell, blocks))
    }

    /// Line of sight (and of fire) from `from` to `to`.
    ///
    /// Blocked and Obscured hexes on the way block it; the end hexes never
    /// do. Edge ruling: where the line runs exactly along the edge between
    /// two hexes it is blocked only if BOTH block, and that edge gives the
    /// lesser of their two covers. Symmetric: A sees B iff B sees A.
    pub fn line_of_sight(&self, from: Hex, to: Hex) -> Result<LineOfSight, HexError> {
        for hex in [from, to] {
            if !self.in_bounds(hex) {
                return Err(HexError::OutOfBounds { hex });
            }
        }
        let n = from.distance(to) as usize;
        let mut sight = LineOfSight {
            clear: true,
            hexes: Vec::with_capacity(n),
            cover_percent: self.terrain_or_open(to).cover_percent(),
            blocked_at: None,
        };
        for cell in line(from, to).skip(1).take(n.saturating_sub(1)) {
            let cover = match cell {
                Cell::One(h) => self.terrain_or_open(h).cover_percent(),
                Cell::Edge(h1, h2) => self
                    .terrain_or_open(h1)
                    .cover_percent()
                    .min(self.terrain_or_open(h2).cover_percent()),
            };
            sight.cover_percent = sight.cover_percent.max(cover);
            if sight.blocked_at.is_none() {
                sight.blocked_at = self.cell_blocker(cell, Terrain::blocks_sight);
            }
            let hexes = match cell {
                Cell::One(h) => [Some(h), None],
                Cell::Edge(h1, h2) => [Some(h1), Some(h2)],
            };
            sight
                .hexes
                .extend(hexes.into_iter().flatten().filter(|&h| self.in_bounds(h)));
        }
        sight.clear = sight.blocked_at.is_none();
        Ok(sight)
    }

    /// The hexes a straight line from `from` through `through` enters after
    /// `through`, out to `length` hexes from `from`, in order: the same
    /// samples as the line from `from` to `through`, carried on. Both hexes
    /// of an edge the line runs along are given. Stops at the first hex off
    /// the map or whose terrain blocks per `blocks` (that hex is left out).
    pub fn ray(
        &self,
        from: Hex,
        through: Hex,
        length: u32,
        blocks: impl Fn(Terrain) -> bool,
    ) -> Vec<Hex> {
        let d = from.distance(through);
        if d == 0 || length <= d {
            return Vec::new();
        }
        // Carry the line on by whole multiples of its vector: sample i·m of
        // the longer line is sample i of the shorter, so the two agree.
        let m = i64::from(length.div_ceil(d));
        let (a, b) = (from.axial(), through.axial());
        let far = Hex::from_axial(Axial::new(a.x + (b.x - a.x) * m, a.y + (b.y - a.y) * m));
        let mut out = Vec::new();
        for cell in line(from, far)
            .skip(d as usize + 1)
            .take((length - d) as usize)
        {
            let hexes = match cell {
                Cell::One(h) => vec![h],
                Cell::Edge(h1, h2) => vec![h1, h2],
            };
            if hexes.iter().any(|&h| !self.in_bounds(h))
                || self.cell_blocker(cell, &blocks).is_some()
            {
                break;
            }
            out.extend(hexes);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::terrain::Legend;
    use super::*;

    fn cells(a: Hex, b: Hex) -> Vec<Cell> {
        line(a, b).collect()
    }

    /// hex2d's own edge-detecting line, as pairs sorted like ours.
    fn hex2d_cells(a: Hex, b: Hex) -> Vec<Cell> {
        a.axial()
            .line_to_with_edge_detection_iter(b.axial())
            .map(|(p, q)| {
                let (p, q) = (Hex::from_axial(p), Hex::from_axial(q));
                if p == q {
                    Cell::One(p)
                } else {
                    Cell::Edge(p.min(q), p.max(q))
                }
            })
            .collect()
    }

    #[test]
    fn matches_hex2d_on_short_lines() {
        let a = Hex::new(0, 0);
        for col in -14..=14 {
            for row in -14..=14 {
                let b = Hex::new(col, row);
                assert_eq!(cells(a, b), hex2d_cells(a, b), "{a:?} -> {b:?}");
            }
        }
    }

    #[test]
    fn finds_edges_hex2d_misses_on_long_lines() {
        // Axial offset (-27, -9): sample 10 of 36 lies exactly on an edge.
        let a = Hex::new(0, 0);
        let b = Hex::from_axial(Axial::new(-27, -9));
        let ours = cells(a, b);
        assert!(matches!(ours[10], Cell::Edge(..)));
        assert!(matches!(hex2d_cells(a, b)[10], Cell::One(..)));
    }

    #[test]
    fn nearest_is_exact() {
        // Brute force: no hex is nearer than the one(s) reported.
        let n = 12;
        for px in -30..30 {
            for py in -30..30 {
                let pz = -px - py;
                let dist2 = |h: Axial| {
                    let (a, b, c) = (h.x * n - px, h.y * n - py, h.z() * n - pz);
                    a * a + b * b + c * c
                };
                let best = (-5..=5)
                    .flat_map(|x| (-5..=5).map(move |y| Axial::new(x, y)))
                    .map(dist2)
                    .min()
                    .unwrap();
                let reported = match nearest(px, py, pz, n) {
                    Cell::One(h) => vec![h],
                    Cell::Edge(h1, h2) => vec![h1, h2],
                };
                for h in reported {
                    assert_eq!(dist2(h.axial()), best, "({px},{py},{pz})/{n}");
                }
            }
        }
    }

    fn map(rows: &[&str]) -> HexMap {
        HexMap::from_rows(rows, &Legend::default()).unwrap()
    }

    #[test]
    fn walls_and_smoke_block_but_not_at_the_ends() {
        let m = map(&[".....", ".....", ".....", ".....", "....."]);
        let (a, b) = (Hex::new(2, 0), Hex::new(2, 4));
        let clear = m.line_of_sight(a, b).unwrap();
        assert!(clear.clear);
        assert_eq!(
            clear.hexes,
            vec![Hex::new(2, 1), Hex::new(2, 2), Hex::new(2, 3)]
        );
        for wall in [Terrain::Blocked, Terrain::Obscured] {
            let mut m = m.clone();
            m.set_terrain(Hex::new(2, 2), wall).unwrap();
            let los = m.line_of_sight(a, b).unwrap();
            assert!(!los.clear);
            assert_eq!(los.blocked_at, Some(Hex::new(2, 2)));
            // Standing in a wall hex does not blind you (ends never block).
            assert!(m.line_of_sight(Hex::new(2, 2), b).unwrap().clear);
        }
    }

    #[test]
    fn edge_ties_block_only_if_both_sides_block() {
        // From (0,1) to (2,1): the line runs along the edge between (1,0)
        // and (1,1) (col 1 is shifted down, so the centres straddle it).
        let (a, b) = (Hex::new(0, 1), Hex::new(2, 1));
        let (up, down) = (Hex::new(1, 0), Hex::new(1, 1));
        assert_eq!(cells(a, b)[1], Cell::Edge(up, down));
        let base = map(&["...", "...", "..."]);
        let los = |walls: &[Hex]| {
            let mut m = base.clone();
            for &w in walls {
                m.set_terrain(w, Terrain::Blocked).unwrap();
            }
            m.line_of_sight(a, b).unwrap()
        };
        assert!(los(&[]).clear);
        assert_eq!(los(&[]).hexes, vec![up, down]);
        assert!(los(&[up]).clear);
        assert!(los(&[down]).clear);
        let both = los(&[up, down]);
        assert!(!both.clear);
        assert_eq!(both.blocked_at, Some(up));
    }

    #[test]
    fn cover_is_max_on_the_way_including_target_and_min_across_edges() {
        let mut m = map(&["...", "...", "..."]);
        let (a, b) = (Hex::new(0, 1), Hex::new(2, 1));
        m.set_terrain(Hex::new(1, 0), Terrain::Cover(60)).unwrap();
        assert_eq!(m.line_of_sight(a, b).unwrap().cover_percent, 0);
        m.set_terrain(Hex::new(1, 1), Terrain::Cover(40)).unwrap();
        assert_eq!(m.line_of_sight(a, b).unwrap().cover_percent, 40);
        m.set_terrain(b, Terrain::Cover(50)).unwrap();
        assert_eq!(m.line_of_sight(a, b).unwrap().cover_percent, 50);
        // The viewer's own cover does not shelter the target.
        assert_eq!(m.line_of_sight(b, a).unwrap().cover_percent, 40);
        assert!(m.line_of_sight(a, a).unwrap().clear);
    }

    #[test]
    fn off_map_ends_are_errors() {
        let m = map(&["..."]);
        assert_eq!(
            m.line_of_sight(Hex::new(0, 0), Hex::new(0, 1)),
            Err(HexError::OutOfBounds {
                hex: Hex::new(0, 1)
            })
        );
    }

    #[test]
    fn lines_grazing_the_map_edge_list_only_on_map_hexes() {
        // (0,0) to (2,0) runs along the edge between (1,-1) and (1,0).
        let m = map(&["...", "..."]);
        let los = m.line_of_sight(Hex::new(0, 0), Hex::new(2, 0)).unwrap();
        assert!(los.clear);
        assert_eq!(los.hexes, vec![Hex::new(1, 0)]);
    }

    #[test]
    fn a_ray_carries_the_line_on_and_stops_at_walls_and_edges() {
        let map = HexMap::open(12, 12).unwrap();
        let (a, b) = (Hex::new(1, 5), Hex::new(4, 5));
        let ray = map.ray(a, b, 7, Terrain::blocks_sight);
        // Beyond b, the same line on: it ends 7 hexes from a.
        assert!(!ray.is_empty());
        assert!(ray.iter().all(|h| h.distance(a) > 3 && h.distance(a) <= 7));
        // Straight down a column: the next hexes of the column.
        let south = map.ray(Hex::new(2, 2), Hex::new(2, 4), 5, Terrain::blocks_sight);
        assert_eq!(south, vec![Hex::new(2, 5), Hex::new(2, 6), Hex::new(2, 7)]);
        assert!(map.ray(a, b, 3, Terrain::blocks_sight).is_empty());
        let edge = map.ray(Hex::new(9, 5), Hex::new(10, 5), 10, Terrain::blocks_sight);
        assert!(edge.iter().all(|h| map.in_bounds(*h)));
        let rows = [
            "............",
            "............",
            "............",
            "............",
            "............",
            ".....#......",
            "............",
        ];
        let walled = HexMap::from_rows(&rows, &Legend::default()).unwrap();
        let r = walled.ray(Hex::new(1, 5), Hex::new(3, 5), 9, Terrain::blocks_sight);
        assert!(r.iter().all(|h| h.col < 5), "{r:?}");
    }
}
