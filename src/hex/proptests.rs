//! Property tests of the geometry.

use std::collections::HashSet;

use proptest::prelude::*;

use super::coord::Axial;
use super::sight::{Cell, line};
use super::*;

fn facing() -> impl Strategy<Value = Facing> {
    prop::sample::select(Facing::ALL.to_vec())
}

fn terrain() -> impl Strategy<Value = Terrain> {
    prop_oneof![
        6 => Just(Terrain::Open),
        1 => Just(Terrain::Poor),
        2 => Just(Terrain::Blocked),
        1 => Just(Terrain::Obscured),
        1 => (0u8..=100).prop_map(Terrain::Cover),
    ]
}

/// A random map up to 12x12 with a mix of terrain.
fn random_map() -> impl Strategy<Value = HexMap> {
    (1u16..=12, 1u16..=12).prop_flat_map(|(w, h)| {
        prop::collection::vec(terrain(), usize::from(w) * usize::from(h)).prop_map(move |ts| {
            let mut map = HexMap::open(w, h).unwrap();
            for (hex, t) in map.clone().hexes().zip(ts) {
                map.set_terrain(hex, t).unwrap();
            }
            map
        })
    })
}

/// A map and two hexes on it.
fn map_and_two_hexes() -> impl Strategy<Value = (HexMap, Hex, Hex)> {
    random_map().prop_flat_map(|m| {
        let (w, h) = (i32::from(m.width()), i32::from(m.height()));
        let hex = move || (0..w, 0..h).prop_map(|(c, r)| Hex::new(c, r));
        (Just(m), hex(), hex())
    })
}

proptest! {
    #[test]
    fn offset_axial_round_trip(col in -100_000i32..100_000, row in -100_000i32..100_000) {
        let h = Hex::new(col, row);
        prop_assert_eq!(Hex::from_axial(h.axial()), h);
        let a = Axial::new(i64::from(col), i64::from(row));
        prop_assert_eq!(Hex::from_axial(a).axial(), a);
    }

    #[test]
    fn neighbour_and_back_is_home(col in -1000i32..1000, row in -1000i32..1000, f in facing()) {
        let h = Hex::new(col, row);
        let n = h.neighbor(f);
        prop_assert_eq!(h.distance(n), 1);
        prop_assert_eq!(n.neighbor(f.opposite()), h);
        prop_assert_eq!(n.facing_toward(h), Some(f.opposite()));
    }

    #[test]
    fn distance_is_a_metric(a in (-50i32..50, -50i32..50), b in (-50i32..50, -50i32..50),
                            c in (-50i32..50, -50i32..50)) {
        let (a, b, c) = (Hex::from(a), Hex::from(b), Hex::from(c));
        prop_assert_eq!(a.distance(b), b.distance(a));
        prop_assert_eq!(a.distance(b) == 0, a == b);
        prop_assert!(a.distance(c) <= a.distance(b) + b.distance(c));
    }

    #[test]
    fn fans_grow_by_two_k_plus_one(f in facing(), range in 1u32..12, col in 12i32..18, row in 12i32..18) {
        let map = HexMap::open(30, 30).unwrap();
        let pose = Pose::new(Hex::new(col, row), f);
        let mut per_ring = vec![0u32; range as usize + 1];
        for h in map.missile_zone(pose, range, ZoneShape::Front) {
            per_ring[pose.hex.distance(h) as usize] += 1;
        }
        prop_assert_eq!(per_ring[0], 0);
        for k in 1..=range {
            prop_assert_eq!(per_ring[k as usize], 2 * k + 1, "ring {}", k);
        }
        // Strike zones are the same fan: reach 1 is the three front hexes.
        let strike: HashSet<Hex> = map.strike_zone(pose, 1, ZoneShape::Front).collect();
        let front: HashSet<Hex> = [f.rotate(-1), f, f.rotate(1)].map(|g| pose.hex.neighbor(g)).into();
        prop_assert_eq!(strike, front);
    }

    #[test]
    fn aspects_per_ring(f in facing(), k in 1u32..10) {
        let map = HexMap::open(25, 25).unwrap();
        let pose = Pose::new(Hex::new(12, 12), f);
        let (mut front, mut flank, mut rear) = (0, 0, 0);
        for h in map.within(pose.hex, k).filter(|&h| pose.hex.distance(h) == k) {
            match pose.aspect_of(h) {
                Some(Aspect::Front) => front += 1,
                Some(Aspect::Flank) => flank += 1,
                Some(Aspect::Rear) => rear += 1,
                None => prop_assert!(false, "own hex at distance {}", k),
            }
            prop_assert_eq!(pose.aspect_of(h) == Some(Aspect::Front), pose.in_front_arc(h));
        }
        prop_assert_eq!((front, flank, rear), (2 * k + 1, 2 * k, 2 * k - 1));
    }

    #[test]
    fn line_of_sight_is_symmetric((map, a, b) in map_and_two_hexes()) {
        let ab = map.line_of_sight(a, b).unwrap();
        let ba = map.line_of_sight(b, a).unwrap();
        prop_assert_eq!(ab.clear, ba.clear);
        let mut there = ab.hexes.clone();
        let mut back = ba.hexes.clone();
        there.sort();
        back.sort();
        prop_assert_eq!(there, back);
        prop_assert!(!ab.hexes.contains(&a) && !ab.hexes.contains(&b));
        prop_assert_eq!(ab.clear, ab.blocked_at.is_none());
    }

    #[test]
    fn a_wall_on_the_line_stops_sight((map, a, b) in map_and_two_hexes()) {
        let mut map = map;
        let los = map.line_of_sight(a, b).unwrap();
        for &h in &los.hexes {
            map.set_terrain(h, Terrain::Blocked).unwrap();
        }
        let walled = map.line_of_sight(a, b).unwrap();
        // Walling every hex on the way blocks, unless every sample on the
        // way is an edge grazing the map border (off the map counts as open).
        let n = a.distance(b) as usize;
        let inner_on_map = line(a, b).skip(1).take(n.saturating_sub(1)).any(|cell| match cell {
            Cell::One(_) => true,
            Cell::Edge(h1, h2) => map.in_bounds(h1) && map.in_bounds(h2),
        });
        prop_assert_eq!(walled.clear, !inner_on_map);
        if let Some(blocker) = walled.blocked_at {
            prop_assert_eq!(map.terrain(blocker), Some(Terrain::Blocked));
        }
    }

    #[test]
    fn paths_are_legal_and_costed((map, a, b) in map_and_two_hexes(), f in facing(),
                                  pose_goal in any::<bool>(), g in facing(),
                                  occupied in prop::collection::hash_set((0i32..12, 0i32..12), 0..8)) {
        let occupied: HashSet<Hex> = occupied.into_iter().map(Hex::from).collect();
        let costs = crate::hex::path::tests::COSTS;
        let start = Pose::new(a, f);
        let goal = if pose_goal { Goal::Pose(Pose::new(b, g)) } else { Goal::Hex(b) };
        let found = map.find_path(start, goal, &costs, |h| occupied.contains(&h)).unwrap();
        if let Some(path) = found {
            let mut pose = start;
            let mut sum = 0u64;
            for s in &path.steps {
                let (next, cost) = map.try_step(pose, s.step, &costs).unwrap();
                prop_assert_eq!(next, s.pose);
                prop_assert_eq!(cost, s.cost);
                if next.hex != pose.hex {
                    prop_assert!(map.is_passable(next.hex));
                    prop_assert!(!occupied.contains(&next.hex));
                }
                sum += u64::from(cost);
                pose = next;
            }
            prop_assert_eq!(sum, path.total);
            prop_assert!(goal.is_met(pose));
            let steps: Vec<Step> = path.steps.iter().map(|s| s.step).collect();
            prop_assert!(map.hexes_passed(start, &steps).is_ok());
        } else {
            // Unreachable goals only happen when something is in the way.
            prop_assert!(
                map.hexes().any(|h| !map.is_passable(h) || occupied.contains(&h)),
            );
        }
    }

    #[test]
    fn painting_errors_point_at_the_bad_character(w in 1usize..10, h in 1usize..10,
                                                  r in 0usize..10, c in 0usize..10) {
        let (r, c) = (r % h, c % w);
        let mut rows = vec![".".repeat(w); h];
        rows[r].replace_range(c..=c, "@");
        let err = HexMap::from_rows(&rows, &Legend::default()).unwrap_err();
        prop_assert!(
            matches!(err, MapError::UnknownChar { row, col, ch: '@', .. } if row == r + 1 && col == c + 1),
            "{:?}", err
        );
        let mut rows = vec![".".repeat(w); h];
        rows[r].push('.');
        let painted = HexMap::from_rows(&rows, &Legend::default());
        if h == 1 {
            prop_assert!(painted.is_ok());
        } else {
            // Row 1 sets the width; a long row 1 makes row 2 the odd one out.
            let (bad_row, bad_col) = if r == 0 { (2, w + 1) } else { (r + 1, w + 1) };
            prop_assert!(
                matches!(painted, Err(MapError::Ragged { row, col, .. }) if row == bad_row && col == bad_col),
                "{:?}", painted
            );
        }
    }
}
