//! Arcs around a facing figure: strike and missile zones, and whether an
//! attacker stands to a defender's front, flank or rear.
//!
//! Arcs are bounded by the hex rows running straight out of hexsides. Seen
//! from a figure facing N, the six rows out of its hexsides split the map
//! into six 60° wedges; the front arc is the 120° wedge between the rows
//! out of the NW and NE hexsides, including those rows.

use serde::{Deserialize, Serialize};

use super::coord::{Hex, Pose};
use super::map::HexMap;
use super::terrain::Terrain;

/// Which way a zone reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum ZoneShape {
    /// The figure's front arc only.
    #[default]
    Front,
    /// Every direction, for creatures whose description says so.
    AllRound,
}

/// Where an attacker stands relative to a defender's facing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Aspect {
    Front,
    Flank,
    Rear,
}

impl Pose {
    /// Whether `hex` lies in the front arc: the closed 120° wedge between
    /// the hex rows running out of the two front-flank hexsides. At
    /// distance k the arc holds 2k + 1 hexes: the 3 front hexes at k = 1,
    /// widening by one hex each side per ring. The pose's own hex is not in it.
    pub fn in_front_arc(self, hex: Hex) -> bool {
        let v = self.relative(hex);
        // Facing N: the NW row has z = 0, the NE row y = 0, N between.
        v.y >= 0 && v.z() <= 0 && hex != self.hex
    }

    /// Front, flank or rear of this (defending) pose, for an attacker at any
    /// distance; `None` if `attacker` is this very hex.
    ///
    /// - Front: in the front arc ([`Pose::in_front_arc`]), 2k + 1 hexes at
    ///   distance k (the 3 front hexes when adjacent).
    /// - Rear: strictly between the rows running out of the two rear-flank
    ///   hexsides, 2k - 1 hexes at distance k (the rear hex when adjacent).
    /// - Flank: the rest, k hexes each side (the two rear-flank hexes when
    ///   adjacent).
    ///
    /// Ties: a hex exactly on the row out of a front-flank hexside is Front;
    /// on the row out of a rear-flank hexside it is Flank.
    pub fn aspect_of(self, attacker: Hex) -> Option<Aspect> {
        if attacker == self.hex {
            return None;
        }
        let v = self.relative(attacker);
        Some(if v.y >= 0 && v.z() <= 0 {
            Aspect::Front
        } else if v.y < 0 && v.z() > 0 {
            Aspect::Rear
        } else {
            Aspect::Flank
        })
    }
}

impl ZoneShape {
    fn covers(self, pose: Pose, hex: Hex) -> bool {
        match self {
            ZoneShape::Front => pose.in_front_arc(hex),
            ZoneShape::AllRound => hex != pose.hex,
        }
    }
}

impl HexMap {
    /// Whether `target` is in the Strike Zone (Shakhàn 16.10.2) of a figure
    /// at `pose` with weapon or creature reach `reach`.
    ///
    /// The zone is every on-map hex within `reach` that lies in the front
    /// arc ([`Pose::in_front_arc`]; exactly the 3 front hexes at reach 1),
    /// or all round for [`ZoneShape::AllRound`]; a figure off the map has
    /// none. Walls block attacks:
    /// Blocked hexes are never in it, nor, beyond reach 1, hexes whose line
    /// from the figure passes through a Blocked hex (edge ruling as for
    /// sight: an edge blocks only if both its hexes are Blocked).
    pub fn in_strike_zone(&self, pose: Pose, reach: u32, shape: ZoneShape, target: Hex) -> bool {
        let d = pose.hex.distance(target);
        (1..=reach).contains(&d)
            && self.in_bounds(pose.hex)
            && shape.covers(pose, target)
            && self.terrain(target).is_some_and(|t| !t.blocks_attacks())
            && (d == 1
                || self
                    .first_blocker(pose.hex, target, Terrain::blocks_attacks)
                    .is_none())
    }

    /// The hexes of a Strike Zone (see [`HexMap::in_strike_zone`]), row by row.
    pub fn strike_zone(
        &self,
        pose: Pose,
        reach: u32,
        shape: ZoneShape,
    ) -> impl Iterator<Item = Hex> + '_ {
        self.within(pose.hex, reach)
            .filter(move |&h| self.in_strike_zone(pose, reach, shape, h))
    }

    /// Whether `target` is in the Missile Zone (Shakhàn 16.10.3) of a figure
    /// at `pose` firing a weapon of `range` hexes.
    ///
    /// The zone is the front arc (2k + 1 hexes at distance k) or all round,
    /// out to `range`, on the map and excluding Blocked hexes (none for a
    /// figure off the map). It is pure
    /// geometry: whether the target can be seen is
    /// [`HexMap::line_of_sight`]'s business.
    pub fn in_missile_zone(&self, pose: Pose, range: u32, shape: ZoneShape, target: Hex) -> bool {
        (1..=range).contains(&pose.hex.distance(target))
            && self.in_bounds(pose.hex)
            && shape.covers(pose, target)
            && self.is_passable(target)
    }

    /// The hexes of a Missile Zone (see [`HexMap::in_missile_zone`]), row by row.
    pub fn missile_zone(
        &self,
        pose: Pose,
        range: u32,
        shape: ZoneShape,
    ) -> impl Iterator<Item = Hex> + '_ {
        self.within(pose.hex, range)
            .filter(move |&h| self.in_missile_zone(pose, range, shape, h))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::super::facing::Facing;
    use super::*;

    fn centre() -> (HexMap, Hex) {
        (HexMap::open(21, 21).unwrap(), Hex::new(10, 10))
    }

    #[test]
    fn reach_one_strike_zone_is_the_three_front_hexes() {
        let (map, h) = centre();
        for f in Facing::ALL {
            let zone: BTreeSet<Hex> = map
                .strike_zone(Pose::new(h, f), 1, ZoneShape::Front)
                .collect();
            let expect: BTreeSet<Hex> =
                [f.rotate(-1), f, f.rotate(1)].map(|g| h.neighbor(g)).into();
            assert_eq!(zone, expect, "{f}");
        }
    }

    #[test]
    fn reach_two_adds_a_ring_of_five() {
        let (map, h) = centre();
        let pose = Pose::new(h, Facing::N);
        let zone: BTreeSet<Hex> = map.strike_zone(pose, 2, ZoneShape::Front).collect();
        let n = |h: Hex, f| h.neighbor(f);
        let (nw, north, ne) = (Facing::NW, Facing::N, Facing::NE);
        let expect: BTreeSet<Hex> = [
            n(h, nw),
            n(h, north),
            n(h, ne),
            n(n(h, nw), nw),
            n(n(h, nw), north),
            n(n(h, north), north),
            n(n(h, ne), north),
            n(n(h, ne), ne),
        ]
        .into();
        assert_eq!(zone, expect);
    }

    #[test]
    fn all_round_zone_is_every_hex_within_reach() {
        let (map, h) = centre();
        let pose = Pose::new(h, Facing::SW);
        assert_eq!(map.strike_zone(pose, 1, ZoneShape::AllRound).count(), 6);
        assert_eq!(map.strike_zone(pose, 2, ZoneShape::AllRound).count(), 18);
        assert_eq!(map.missile_zone(pose, 3, ZoneShape::AllRound).count(), 36);
    }

    #[test]
    fn walls_are_not_in_strike_zones_and_shield_what_is_behind() {
        let (mut map, h) = centre();
        let pose = Pose::new(h, Facing::N);
        let wall = pose.front();
        map.set_terrain(wall, Terrain::Blocked).unwrap();
        let behind = wall.neighbor(Facing::N);
        assert!(!map.in_strike_zone(pose, 2, ZoneShape::Front, wall));
        assert!(!map.in_strike_zone(pose, 2, ZoneShape::Front, behind));
        assert_eq!(map.strike_zone(pose, 1, ZoneShape::Front).count(), 2);
        // One wall beside an edge the spear runs along does not stop it.
        let tie = pose.front().neighbor(Facing::NE);
        assert!(map.in_strike_zone(pose, 2, ZoneShape::Front, tie));
        map.set_terrain(h.neighbor(Facing::NE), Terrain::Blocked)
            .unwrap();
        assert!(!map.in_strike_zone(pose, 2, ZoneShape::Front, tie));
        // Smoke does not stop a blow.
        let (mut map, _) = centre();
        map.set_terrain(wall, Terrain::Obscured).unwrap();
        assert!(map.in_strike_zone(pose, 2, ZoneShape::Front, behind));
    }

    #[test]
    fn zones_are_clipped_to_the_map() {
        let map = HexMap::open(5, 5).unwrap();
        let pose = Pose::new(Hex::new(0, 0), Facing::N);
        assert_eq!(map.strike_zone(pose, 1, ZoneShape::Front).count(), 0);
        let pose = Pose::new(Hex::new(0, 0), Facing::S);
        assert_eq!(map.strike_zone(pose, 1, ZoneShape::Front).count(), 2);
        assert!(map.missile_zone(pose, u32::MAX, ZoneShape::Front).count() > 0);
        let off = Pose::new(Hex::new(i32::MAX, 0), Facing::SW);
        assert!(!map.in_strike_zone(off, u32::MAX, ZoneShape::AllRound, Hex::new(1, 1)));
        assert!(!map.in_missile_zone(off, u32::MAX, ZoneShape::AllRound, Hex::new(1, 1)));
    }

    #[test]
    fn adjacent_aspects() {
        let h = Hex::new(3, 3);
        for f in Facing::ALL {
            let pose = Pose::new(h, f);
            assert_eq!(pose.aspect_of(h), None);
            let aspects = Facing::ALL.map(|g| pose.aspect_of(h.neighbor(g)));
            let a = |turn| aspects[f.rotate(turn).index()];
            assert_eq!(a(0), Some(Aspect::Front));
            assert_eq!(a(1), Some(Aspect::Front));
            assert_eq!(a(-1), Some(Aspect::Front));
            assert_eq!(a(2), Some(Aspect::Flank));
            assert_eq!(a(-2), Some(Aspect::Flank));
            assert_eq!(a(3), Some(Aspect::Rear));
        }
    }

    #[test]
    fn distant_aspects_and_ties() {
        let h = Hex::new(10, 10);
        let pose = Pose::new(h, Facing::N);
        let go = |fs: &[Facing]| fs.iter().fold(h, |h, &f| h.neighbor(f));
        use Facing::*;
        // On the row out of the NE hexside: front (tie rule).
        assert_eq!(pose.aspect_of(go(&[NE, NE, NE])), Some(Aspect::Front));
        // Just past it, due east: flank.
        assert_eq!(pose.aspect_of(go(&[NE, SE])), Some(Aspect::Flank));
        // On the row out of the SE hexside: flank (tie rule).
        assert_eq!(pose.aspect_of(go(&[SE, SE])), Some(Aspect::Flank));
        // Just inside it: rear.
        assert_eq!(pose.aspect_of(go(&[SE, S])), Some(Aspect::Rear));
        assert_eq!(pose.aspect_of(go(&[S, S, S])), Some(Aspect::Rear));
    }
}
