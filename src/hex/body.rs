//! Figures of several hexes: a head that faces a vertex (a [`Corner`]) and a
//! body behind it, and which side of such a body a hex lies on. Geometry
//! only; which sizes a ruleset allows, and what the sides mean, are the
//! ruleset's (DragonQuest 29; the shapes are drawn in docs/RULINGS.md).
//!
//! A body's pose is its head's hex and the hexside *left* of the vertex the
//! head faces: facing `N` faces the vertex between the N and NE hexsides
//! ([`Corner::NNE`]). So the head's two front hexes are those across its
//! facing and the hexside clockwise of it ([`crate::hex::Step::Forward`] and
//! [`crate::hex::Step::ForwardRight`]).

use serde::{Deserialize, Serialize};

use super::coord::{Axial, Hex, Pose};
use super::facing::Facing;
use super::zones::Aspect;

/// A vertex of a flat-top hex, where two hexsides meet, named by the compass
/// bearing it points at: NNE (between N and NE), E, SSE, SSW, W, NNW.
/// Variants are in clockwise order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Corner {
    NNE,
    E,
    SSE,
    SSW,
    W,
    NNW,
}

impl Corner {
    /// All corners, clockwise from NNE.
    pub const ALL: [Corner; 6] = [
        Corner::NNE,
        Corner::E,
        Corner::SSE,
        Corner::SSW,
        Corner::W,
        Corner::NNW,
    ];

    /// The corner clockwise of hexside `left` (between it and the next).
    pub fn clockwise_of(left: Facing) -> Corner {
        Corner::ALL[left as usize]
    }

    /// The hexside anticlockwise of this corner.
    pub fn left(self) -> Facing {
        Facing::ALL[self as usize]
    }

    /// How many vertices a pivot from `a` to `b` turns, the short way round
    /// (0..=3).
    pub fn vertices_between(a: Corner, b: Corner) -> u8 {
        Facing::hexsides_between(a.left(), b.left())
    }

    /// The compass word for people.
    pub fn name(self) -> &'static str {
        match self {
            Corner::NNE => "north-north-east",
            Corner::E => "east",
            Corner::SSE => "south-south-east",
            Corner::SSW => "south-south-west",
            Corner::W => "west",
            Corner::NNW => "north-north-west",
        }
    }
}

/// The most hexes a body may have here.
pub const MOST_BODY_HEXES: u8 = 4;

/// Cube dot product: proportional to the plane's own for vectors in it.
fn dot(a: Axial, b: Axial) -> i64 {
    a.x * b.x + a.y * b.y + a.z() * b.z()
}

impl Pose {
    /// The hexes of a body of `size` hexes (1 to [`MOST_BODY_HEXES`]) whose
    /// head stands here facing the corner clockwise of `self.facing`: the
    /// head first, then the rest row by row away from that corner. Size 1 is
    /// the head alone; 2 adds the hex behind the left front hexside; 3 the
    /// hex behind the right one too (a triangle); 4 the hex behind both (a
    /// diamond). Larger sizes are clamped to 4.
    pub fn body(self, size: u8) -> impl Iterator<Item = Hex> + Clone {
        let f = self.facing;
        let behind_left = self.hex.neighbor(f.opposite());
        let behind_right = self.hex.neighbor(f.rotate(1).opposite());
        let last = behind_left.neighbor(f.rotate(1).opposite());
        [self.hex, behind_left, behind_right, last]
            .into_iter()
            .take(usize::from(size.clamp(1, MOST_BODY_HEXES)))
    }

    /// The two hexes in front of a head that faces the corner clockwise of
    /// `self.facing`.
    pub fn corner_front_hexes(self) -> [Hex; 2] {
        [
            self.hex.neighbor(self.facing),
            self.hex.neighbor(self.facing.rotate(1)),
        ]
    }

    /// How far `from` lies along the heading (toward the corner), from the
    /// head's centre, in units of half the distance between adjacent centres
    /// (so a front neighbour is at 3, a hex beside the head at 0).
    fn along(self, from: Hex) -> i64 {
        let heading =
            Axial::from(self.facing.direction()) + Axial::from(self.facing.rotate(1).direction());
        dot(from.axial() - self.hex.axial(), heading)
    }

    /// Front, flank or rear of a body of `size` hexes (see [`Pose::body`])
    /// for something at `from`, at any distance; `None` for a hex of the
    /// body itself. Lines square to the heading decide: Front is ahead of
    /// the line through the head's centre, Rear behind the line through the
    /// rearmost body hex's centre, Flank between (on either line included).
    pub fn body_aspect(self, size: u8, from: Hex) -> Option<Aspect> {
        let mut body = self.body(size);
        if body.clone().any(|h| h == from) {
            return None;
        }
        let rearmost = body
            .next()
            .into_iter()
            .chain(body)
            .map(|h| self.along(h))
            .min();
        let a = self.along(from);
        Some(if a > 0 {
            Aspect::Front
        } else if rearmost.is_some_and(|r| a < r) {
            Aspect::Rear
        } else {
            Aspect::Flank
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// Every hex next to the body, by aspect.
    fn ring(pose: Pose, size: u8) -> [BTreeSet<Hex>; 3] {
        let body: BTreeSet<Hex> = pose.body(size).collect();
        let mut out: [BTreeSet<Hex>; 3] = Default::default();
        for h in body.iter().flat_map(|h| h.neighbors()) {
            if body.contains(&h) {
                continue;
            }
            let i = match pose.body_aspect(size, h).unwrap() {
                Aspect::Front => 0,
                Aspect::Flank => 1,
                Aspect::Rear => 2,
            };
            out[i].insert(h);
        }
        out
    }

    #[test]
    fn corners_sit_clockwise_of_their_left_hexside() {
        for f in Facing::ALL {
            let c = Corner::clockwise_of(f);
            assert_eq!(c.left(), f);
        }
        assert_eq!(Corner::vertices_between(Corner::NNE, Corner::SSW), 3);
        assert_eq!(Corner::vertices_between(Corner::NNW, Corner::E), 2);
    }

    #[test]
    fn bodies_are_contiguous_and_distinct() {
        for f in Facing::ALL {
            for size in 1..=MOST_BODY_HEXES {
                let pose = Pose::new(Hex::new(6, 6), f);
                let hexes: Vec<Hex> = pose.body(size).collect();
                assert_eq!(hexes.len(), usize::from(size));
                let set: BTreeSet<Hex> = hexes.iter().copied().collect();
                assert_eq!(set.len(), hexes.len());
                for h in &hexes[1..] {
                    assert!(hexes.iter().any(|o| o.distance(*h) == 1));
                }
            }
        }
    }

    /// docs/RULINGS.md's pictures, facing N (the NNE corner), head at (4, 4).
    #[test]
    fn the_three_shapes_split_their_neighbours_as_drawn() {
        let pose = Pose::new(Hex::new(4, 4), Facing::N);
        let h = Hex::new;
        // Size 2: head (4,4), body (4,5) behind the N hexside.
        let [front, flank, rear] = ring(pose, 2);
        assert_eq!(front, BTreeSet::from([h(4, 3), h(5, 3)]));
        assert_eq!(flank, BTreeSet::from([h(3, 3), h(5, 4), h(3, 4), h(5, 5)]));
        assert_eq!(rear, BTreeSet::from([h(4, 6), h(3, 5)]));
        // Size 3: and (3,4) behind the NE hexside.
        let [front, flank, rear] = ring(pose, 3);
        assert_eq!(front, BTreeSet::from([h(4, 3), h(5, 3)]));
        assert_eq!(flank, BTreeSet::from([h(3, 3), h(5, 4), h(2, 4), h(5, 5)]));
        assert_eq!(rear, BTreeSet::from([h(4, 6), h(3, 5), h(2, 5)]));
        // Size 4: and (3,5) behind both.
        let [front, flank, rear] = ring(pose, 4);
        assert_eq!(front, BTreeSet::from([h(4, 3), h(5, 3)]));
        assert_eq!(
            flank,
            BTreeSet::from([h(3, 3), h(5, 4), h(2, 4), h(5, 5), h(4, 6), h(2, 5)])
        );
        assert_eq!(rear, BTreeSet::from([h(3, 6), h(2, 6)]));
        assert_eq!(pose.corner_front_hexes(), [h(4, 3), h(5, 3)]);
    }

    #[test]
    fn far_hexes_take_the_side_of_their_band() {
        let pose = Pose::new(Hex::new(4, 4), Facing::N);
        assert_eq!(pose.body_aspect(3, Hex::new(4, 0)), Some(Aspect::Front));
        assert_eq!(pose.body_aspect(3, Hex::new(4, 9)), Some(Aspect::Rear));
        assert_eq!(pose.body_aspect(3, Hex::new(4, 4)), None);
    }
}
