//! Cheapest ways for one figure over (hex, facing), with a surcharge for
//! leaving a hex inside an enemy's Strike Zone (16.10.1 reaction attacks),
//! so that a path around a zone is preferred where one exists.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::hex::{Facing, Hex, HexMap, MoveCosts, Pose, Step};

/// What leaving a hex in an enemy's Strike Zone adds to a path's cost: more
/// than a detour of a few hexes, less than giving up on the only way through.
pub(super) const ZONE_SURCHARGE: u32 = 6;

const UNREACHED: u32 = u32::MAX;

/// Every pose a figure can reach from `start`, with the cheapest cost
/// (Action Points plus surcharges) and the real Action Points of that way.
pub(super) struct Field {
    width: i32,
    height: i32,
    cost: Vec<u32>,
    ap: Vec<u32>,
    prev: Vec<u32>,
}

/// One step of a way out of a [`Field`], with its Action Point cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Leg {
    pub step: Step,
    pub ap: u32,
    pub pose: Pose,
}

impl Field {
    /// Dijkstra from `start` up to `limit`. `blocked` hexes are never
    /// entered; leaving a hex for which `zone` is true (other than the start
    /// hex, as the engine reads 16.10.1) costs [`ZONE_SURCHARGE`] more. The
    /// search ends early once `done` says so of a pose it settles: every pose
    /// settled by then has its cheapest cost, and any pose reached but not
    /// settled costs at least as much.
    pub fn new(
        map: &HexMap,
        start: Pose,
        limit: u32,
        blocked: impl Fn(Hex) -> bool,
        zone: impl Fn(Hex) -> bool,
        mut done: impl FnMut(Pose) -> bool,
    ) -> Field {
        let (width, height) = (i32::from(map.width()), i32::from(map.height()));
        let n = (width * height * 6).max(0) as usize;
        let mut field = Field {
            width,
            height,
            cost: vec![UNREACHED; n],
            ap: vec![UNREACHED; n],
            prev: vec![UNREACHED; n],
        };
        let Some(s) = field.index(start) else {
            return field;
        };
        let costs = MoveCosts::shakhan();
        field.cost[s] = 0;
        field.ap[s] = 0;
        let mut heap = BinaryHeap::from([Reverse((0u32, s as u32))]);
        while let Some(Reverse((c, i))) = heap.pop() {
            let i = i as usize;
            if c > field.cost[i] {
                continue;
            }
            let pose = field.pose(i);
            if done(pose) {
                break;
            }
            let surcharge = if pose.hex != start.hex && zone(pose.hex) {
                ZONE_SURCHARGE
            } else {
                0
            };
            let steps = [Step::Forward, Step::Backward]
                .into_iter()
                .chain(Facing::ALL.into_iter().map(|to| Step::Pivot { to }));
            for step in steps {
                let Ok((next, ap)) = map.try_step(pose, step, &costs) else {
                    continue;
                };
                let moves = next.hex != pose.hex;
                if next == pose || (moves && blocked(next.hex)) {
                    continue;
                }
                let nc = c + ap + if moves { surcharge } else { 0 };
                let Some(j) = field.index(next) else { continue };
                if nc <= limit && nc < field.cost[j] {
                    field.cost[j] = nc;
                    field.ap[j] = field.ap[i] + ap;
                    field.prev[j] = i as u32;
                    heap.push(Reverse((nc, j as u32)));
                }
            }
        }
        field
    }

    fn index(&self, pose: Pose) -> Option<usize> {
        let Hex { col, row } = pose.hex;
        ((0..self.width).contains(&col) && (0..self.height).contains(&row))
            .then(|| ((row * self.width + col) * 6) as usize + pose.facing as usize)
    }

    fn pose(&self, i: usize) -> Pose {
        let cell = (i / 6) as i32;
        Pose::new(
            Hex::new(cell % self.width, cell / self.width),
            Facing::ALL[i % 6],
        )
    }

    /// The cost (with surcharges) of the cheapest way to `pose`.
    pub fn cost(&self, pose: Pose) -> Option<u32> {
        self.index(pose)
            .map(|i| self.cost[i])
            .filter(|c| *c != UNREACHED)
    }

    /// The Action Points the cheapest way to `pose` spends.
    pub fn ap(&self, pose: Pose) -> Option<u32> {
        self.index(pose)
            .map(|i| self.ap[i])
            .filter(|c| *c != UNREACHED)
    }

    /// Every reached pose, in index order (deterministic).
    pub fn reached(&self) -> impl Iterator<Item = Pose> + '_ {
        (0..self.cost.len())
            .filter(|&i| self.cost[i] != UNREACHED)
            .map(|i| self.pose(i))
    }

    /// The cheapest of the reached poses from which `target` lies in a Strike
    /// Zone of `reach` (16.10.2), with its cost; `extra` may add to a pose's
    /// cost (e.g. to prefer standing off with a long weapon).
    pub fn best_strike_pose(
        &self,
        map: &HexMap,
        target: Hex,
        reach: u32,
        extra: impl Fn(Pose) -> u32,
    ) -> Option<(Pose, u32)> {
        map.within(target, reach)
            .flat_map(|hex| Facing::ALL.map(|facing| Pose::new(hex, facing)))
            .filter(|p| map.in_strike_zone(*p, reach, crate::hex::ZoneShape::Front, target))
            .filter_map(|p| self.cost(p).map(|c| (p, c + extra(p))))
            .min_by_key(|(p, c)| (*c, *p))
    }

    /// The cheapest way from the start to `goal`, step by step.
    pub fn way_to(&self, goal: Pose) -> Vec<Leg> {
        let mut legs = Vec::new();
        let Some(mut i) = self.index(goal).filter(|&i| self.cost[i] != UNREACHED) else {
            return legs;
        };
        while self.prev[i] != UNREACHED {
            let p = self.prev[i] as usize;
            let (from, to) = (self.pose(p), self.pose(i));
            let step = if from.hex == to.hex {
                Step::Pivot { to: to.facing }
            } else if from.front() == to.hex {
                Step::Forward
            } else {
                Step::Backward
            };
            legs.push(Leg {
                step,
                ap: self.ap[i] - self.ap[p],
                pose: to,
            });
            i = p;
        }
        legs.reverse();
        legs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_goes_round_a_zone_when_the_detour_is_cheaper() {
        let map = HexMap::open(7, 7).unwrap();
        let start = Pose::new(Hex::new(3, 6), Facing::N);
        let goal = Pose::new(Hex::new(3, 0), Facing::N);
        let straight = Field::new(&map, start, 100, |_| false, |_| false, |_| false);
        assert_eq!(straight.cost(goal), Some(6));
        assert!(
            straight
                .way_to(goal)
                .iter()
                .all(|l| l.step == Step::Forward)
        );
        // An enemy zone across the middle column: the way bends round it.
        let zone = |h: Hex| h.col == 3 && (2..=4).contains(&h.row);
        let round = Field::new(&map, start, 100, |_| false, zone, |_| false);
        let way = round.way_to(goal);
        assert!(way.iter().all(|l| !zone(l.pose.hex)), "{way:?}");
        assert_eq!(round.cost(goal), round.ap(goal));
    }

    #[test]
    fn blocked_hexes_are_never_entered_and_the_limit_bounds_the_search() {
        let map = HexMap::open(5, 5).unwrap();
        let start = Pose::new(Hex::new(2, 4), Facing::N);
        let wall = |h: Hex| h.row == 2 && h.col != 0;
        let field = Field::new(&map, start, 100, wall, |_| false, |_| false);
        let goal = Pose::new(Hex::new(2, 0), Facing::N);
        let way = field.way_to(goal);
        assert!(!way.is_empty());
        assert!(way.iter().all(|l| !wall(l.pose.hex)));
        let near = Field::new(&map, start, 2, |_| false, |_| false, |_| false);
        assert!(near.cost(goal).is_none());
        assert!(near.reached().all(|p| near.cost(p).unwrap() <= 2));
        // Stopping at the goal leaves its cost exact.
        let early = Field::new(&map, start, 100, wall, |_| false, |p| p == goal);
        assert_eq!(early.cost(goal), field.cost(goal));
        assert!(early.reached().count() < field.reached().count());
    }
}
