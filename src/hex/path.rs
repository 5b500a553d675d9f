//! Movement steps, their costs, and cheapest paths over (hex, facing).

use pathfinding::directed::astar::astar;
use serde::{Deserialize, Serialize};

use super::coord::{Hex, Pose};
use super::facing::Facing;
use super::map::{HexError, HexMap};
use super::terrain::Terrain;

/// One elementary movement of a figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// Into the hex in front, keeping facing.
    Forward,
    /// Into the front hex on the left (across the hexside one anticlockwise
    /// of the facing), keeping facing.
    ForwardLeft,
    /// Into the front hex on the right, keeping facing.
    ForwardRight,
    /// Into the hex directly behind, keeping facing.
    Backward,
    /// Turn in place to face `to`.
    Pivot { to: Facing },
}

impl Step {
    /// The three steps into the front hexes, straight ahead first.
    pub const FORWARD: [Step; 3] = [Step::Forward, Step::ForwardLeft, Step::ForwardRight];

    /// Whether the step leaves the hex (every step but a pivot).
    pub fn moves(self) -> bool {
        !matches!(self, Step::Pivot { .. })
    }

    /// The step that takes `from` to `to`, if one does.
    pub fn between(from: Pose, to: Pose) -> Option<Step> {
        if from.hex == to.hex {
            return (from.facing != to.facing).then_some(Step::Pivot { to: to.facing });
        }
        [
            Step::Forward,
            Step::ForwardLeft,
            Step::ForwardRight,
            Step::Backward,
        ]
        .into_iter()
        .find(|&s| from.after(s) == to)
    }
}

impl Pose {
    /// Where a step takes this pose (pure geometry, no map checks).
    pub fn after(self, step: Step) -> Pose {
        let to = |side: i32| Pose::new(self.hex.neighbor(self.facing.rotate(side)), self.facing);
        match step {
            Step::Forward => to(0),
            Step::ForwardLeft => to(-1),
            Step::ForwardRight => to(1),
            Step::Backward => to(3),
            Step::Pivot { to } => Pose::new(self.hex, to),
        }
    }
}

/// Action-point costs of movement, so each ruleset can plug its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveCosts {
    /// Moving one hex forward.
    pub forward: u32,
    /// Moving into either front-flank hex, facing kept.
    pub forward_flank: u32,
    /// Moving one hex backward.
    pub backward: u32,
    /// Pivoting one hexside.
    pub pivot_one: u32,
    /// Pivoting two or three hexsides.
    pub pivot_more: u32,
    /// Multiplies the cost of entering a Poor-footing hex.
    pub poor_multiplier: u32,
}

impl MoveCosts {
    /// Cost of `step` by a figure facing `from`, where `entered` is the
    /// terrain of the hex it moves into (ignored for pivots). A pivot to the
    /// current facing costs nothing.
    pub fn step_cost(&self, from: Facing, step: Step, entered: Terrain) -> u32 {
        let footing = if entered == Terrain::Poor {
            self.poor_multiplier
        } else {
            1
        };
        match step {
            Step::Forward => self.forward.saturating_mul(footing),
            Step::ForwardLeft | Step::ForwardRight => self.forward_flank.saturating_mul(footing),
            Step::Backward => self.backward.saturating_mul(footing),
            Step::Pivot { to } => match Facing::hexsides_between(from, to) {
                0 => 0,
                1 => self.pivot_one,
                _ => self.pivot_more,
            },
        }
    }
}

/// A step in words, as a refusal names it.
impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Step::Forward => f.write_str("forward"),
            Step::ForwardLeft => f.write_str("forward left"),
            Step::ForwardRight => f.write_str("forward right"),
            Step::Backward => f.write_str("backward"),
            Step::Pivot { to } => write!(f, "a turn to face {}", to.name()),
        }
    }
}

/// What a path search is trying to reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Goal {
    /// Stand in this hex, any facing.
    Hex(Hex),
    /// Stand in this hex with this facing.
    Pose(Pose),
}

impl Goal {
    pub fn hex(self) -> Hex {
        match self {
            Goal::Hex(h) => h,
            Goal::Pose(p) => p.hex,
        }
    }

    pub fn is_met(self, pose: Pose) -> bool {
        match self {
            Goal::Hex(h) => pose.hex == h,
            Goal::Pose(p) => pose == p,
        }
    }
}

/// One step of a path, with its cost and where it leaves the figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PathStep {
    pub step: Step,
    pub cost: u32,
    pub pose: Pose,
}

/// A cheapest way to reach a goal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MovePath {
    /// Empty if the start already meets the goal.
    pub steps: Vec<PathStep>,
    /// Sum of the step costs.
    pub total: u64,
}

impl HexMap {
    /// Where `step` takes `from`, and the terrain there. Moves may not leave
    /// the map or enter a Blocked hex; pivots enter nothing.
    fn checked_step(&self, from: Pose, step: Step) -> Result<(Pose, Terrain), HexError> {
        let to = from.after(step);
        let terrain = self
            .terrain(to.hex)
            .ok_or(HexError::OutOfBounds { hex: to.hex })?;
        if to.hex != from.hex && !terrain.is_passable() {
            return Err(HexError::Impassable { hex: to.hex });
        }
        Ok((to, terrain))
    }

    /// Takes one step from `from`: the new pose and its cost. Refuses to
    /// leave the map or enter a Blocked hex; occupancy is the caller's
    /// business.
    pub fn try_step(
        &self,
        from: Pose,
        step: Step,
        costs: &MoveCosts,
    ) -> Result<(Pose, u32), HexError> {
        let (to, terrain) = self.checked_step(from, step)?;
        Ok((to, costs.step_cost(from.facing, step, terrain)))
    }

    /// The hexes a figure enters, in order, following `steps` from `start`
    /// (pivots enter none; the start hex is not listed). Fails on the first
    /// step that leaves the map or enters a Blocked hex.
    pub fn hexes_passed(&self, start: Pose, steps: &[Step]) -> Result<Vec<Hex>, HexError> {
        let mut pose = start;
        let mut hexes = Vec::with_capacity(steps.len());
        for &step in steps {
            let (next, _) = self.checked_step(pose, step)?;
            if next.hex != pose.hex {
                hexes.push(next.hex);
            }
            pose = next;
        }
        Ok(hexes)
    }

    /// A cheapest path from `start` to `goal` under `costs`, never entering
    /// Blocked hexes or hexes for which `occupied` is true (the start hex is
    /// never entered, so it may be occupied by the mover itself).
    ///
    /// `Ok(None)` if the goal cannot be reached; an error if the start or
    /// goal is off the map.
    pub fn find_path(
        &self,
        start: Pose,
        goal: Goal,
        costs: &MoveCosts,
        occupied: impl Fn(Hex) -> bool,
    ) -> Result<Option<MovePath>, HexError> {
        for hex in [start.hex, goal.hex()] {
            if !self.in_bounds(hex) {
                return Err(HexError::OutOfBounds { hex });
            }
        }
        let occupied = &occupied;
        // At most nine moves from any pose; no allocation per expansion.
        let successors = move |&pose: &Pose| {
            let pivots = Facing::ALL
                .into_iter()
                .filter(move |&to| to != pose.facing)
                .map(|to| Step::Pivot { to });
            Step::FORWARD
                .into_iter()
                .chain([Step::Backward])
                .chain(pivots)
                .filter_map(move |step| self.try_step(pose, step, costs).ok())
                .filter(move |(next, _)| next.hex == pose.hex || !occupied(next.hex))
                .map(|(next, cost)| (next, u64::from(cost)))
        };
        // Every hex crossed costs at least the cheapest move, and only
        // pivots turn (moves keep the facing): a pose facing away from a
        // goal's facing has at least the cheapest way round to pay. Never an
        // overestimate; without the turn, every pose a turn short of the
        // goal ties with the best and a search across a large open map
        // expands the whole field between (issue 44: 0.5 s a search at the
        // stated limits).
        let per_hex = u64::from(costs.forward.min(costs.forward_flank).min(costs.backward));
        let heuristic = |pose: &Pose| {
            let turn = match goal {
                Goal::Pose(p) => match Facing::hexsides_between(pose.facing, p.facing) {
                    0 => 0,
                    k => costs.pivot_more.min(u32::from(k) * costs.pivot_one),
                },
                Goal::Hex(_) => 0,
            };
            u64::from(pose.hex.distance(goal.hex())) * per_hex + u64::from(turn)
        };
        let Some((poses, total)) = astar(&start, successors, heuristic, |&p| goal.is_met(p)) else {
            return Ok(None);
        };
        let steps = poses
            .windows(2)
            .map(|w| {
                let (from, to) = (w[0], w[1]);
                let step =
                    Step::between(from, to).expect("successive poses of a path are one step apart");
                let entered = self.terrain(to.hex).unwrap_or_default();
                let cost = costs.step_cost(from.facing, step, entered);
                PathStep {
                    step,
                    cost,
                    pose: to,
                }
            })
            .collect();
        Ok(Some(MovePath { steps, total }))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    /// Step costs for the tests: 1 forward, 2 back, a pivot of one
    /// hexside 1, of more 2, poor footing double.
    pub(crate) const COSTS: MoveCosts = MoveCosts {
        forward: 1,
        forward_flank: 1,
        backward: 2,
        pivot_one: 1,
        pivot_more: 2,
        poor_multiplier: 2,
    };
    use super::super::terrain::Legend;
    use super::*;

    fn map(rows: &[&str]) -> HexMap {
        HexMap::from_rows(rows, &Legend::default()).unwrap()
    }

    fn steps(path: &MovePath) -> Vec<Step> {
        path.steps.iter().map(|s| s.step).collect()
    }

    #[test]
    fn step_costs_forward_back_pivots_and_poor_footing() {
        let c = COSTS;
        let (open, poor) = (Terrain::Open, Terrain::Poor);
        assert_eq!(c.step_cost(Facing::N, Step::Forward, open), 1);
        assert_eq!(c.step_cost(Facing::N, Step::Backward, open), 2);
        assert_eq!(c.step_cost(Facing::N, Step::Forward, poor), 2);
        assert_eq!(c.step_cost(Facing::N, Step::ForwardRight, open), 1);
        assert_eq!(c.step_cost(Facing::N, Step::Backward, poor), 4);
        let pivot = |to| c.step_cost(Facing::N, Step::Pivot { to }, open);
        assert_eq!(pivot(Facing::N), 0);
        assert_eq!(pivot(Facing::NE), 1);
        assert_eq!(pivot(Facing::SW), 2);
        assert_eq!(pivot(Facing::S), 2);
        // Pivots ignore footing.
        assert_eq!(
            c.step_cost(Facing::N, Step::Pivot { to: Facing::S }, poor),
            2
        );
    }

    #[test]
    fn s16_9_7_diagonal_forward_step_costs_one_ap() {
        // Facing N from (1, 2) (an odd column, half a hex down): the front
        // hexes are (1, 1), (0, 2) and (2, 2).
        let m = map(&["...", "...", "..."]);
        let start = Pose::new(Hex::new(1, 2), Facing::N);
        let c = COSTS;
        for (goal, step) in [
            (Hex::new(0, 2), Step::ForwardLeft),
            (Hex::new(2, 2), Step::ForwardRight),
        ] {
            let p = m
                .find_path(start, Goal::Hex(goal), &c, |_| false)
                .unwrap()
                .unwrap();
            assert_eq!(steps(&p), [step], "to {goal:?}");
            assert_eq!(p.total, 1, "no pivot is paid");
            // The facing is kept.
            assert_eq!(p.steps[0].pose, Pose::new(goal, Facing::N));
            assert_eq!(
                m.try_step(start, step, &c),
                Ok((Pose::new(goal, Facing::N), 1))
            );
        }
        // Into poor footing it costs double, like any forward move.
        assert_eq!(c.step_cost(Facing::N, Step::ForwardLeft, Terrain::Poor), 2);
        // The rear-flank hexes are not forward: a pivot is still paid.
        let p = m
            .find_path(
                Pose::new(Hex::new(1, 1), Facing::N),
                Goal::Hex(Hex::new(0, 2)),
                &c,
                |_| false,
            )
            .unwrap()
            .unwrap();
        assert_eq!(p.total, 2, "{p:?}");
    }

    #[test]
    fn steps_between_poses() {
        let from = Pose::new(Hex::new(2, 2), Facing::SE);
        for s in [
            Step::Forward,
            Step::ForwardLeft,
            Step::ForwardRight,
            Step::Backward,
            Step::Pivot { to: Facing::N },
        ] {
            assert_eq!(Step::between(from, from.after(s)), Some(s));
        }
        assert_eq!(Step::between(from, from), None);
        assert_eq!(
            Step::between(from, Pose::new(Hex::new(5, 5), Facing::SE)),
            None
        );
    }

    #[test]
    fn straight_ahead_and_straight_back() {
        let m = map(&[".", ".", ".", "."]);
        let start = Pose::new(Hex::new(0, 3), Facing::N);
        let p = m
            .find_path(start, Goal::Hex(Hex::new(0, 0)), &COSTS, |_| false)
            .unwrap()
            .unwrap();
        assert_eq!(steps(&p), [Step::Forward; 3]);
        assert_eq!(p.total, 3);
        // One hex back: stepping back (2) beats turn, walk, turn (2+1+2).
        let p = m
            .find_path(
                Pose::new(Hex::new(0, 0), Facing::N),
                Goal::Pose(Pose::new(Hex::new(0, 1), Facing::N)),
                &COSTS,
                |_| false,
            )
            .unwrap()
            .unwrap();
        assert_eq!(steps(&p), [Step::Backward]);
        assert_eq!(p.total, 2);
    }

    #[test]
    fn goes_round_poor_footing_when_cheaper() {
        // Bottom middle to top middle: straight through the mud costs
        // 5 * 2 + 1 = 11; round it, a step ahead-left, five ahead and one
        // ahead-right (16.9.7: no pivots) cost 7.
        let m = map(&["...", ".~.", ".~.", ".~.", ".~.", ".~.", "..."]);
        let start = Pose::new(Hex::new(1, 6), Facing::N);
        let goal = Goal::Hex(Hex::new(1, 0));
        let p = m
            .find_path(start, goal, &COSTS, |_| false)
            .unwrap()
            .unwrap();
        assert_eq!(p.total, 7, "{p:?}");
        for s in &p.steps {
            assert_ne!(m.terrain(s.pose.hex), Some(Terrain::Poor));
        }
    }

    #[test]
    fn walls_and_figures_block() {
        let m = map(&["...", "###", "..."]);
        let start = Pose::new(Hex::new(1, 2), Facing::N);
        let goal = Goal::Hex(Hex::new(1, 0));
        assert_eq!(m.find_path(start, goal, &COSTS, |_| false), Ok(None));
        let m = map(&["...", "...", "..."]);
        let p = m
            .find_path(start, goal, &COSTS, |h| h == Hex::new(1, 1))
            .unwrap()
            .unwrap();
        assert!(p.steps.iter().all(|s| s.pose.hex != Hex::new(1, 1)));
        // An occupied goal cannot be entered.
        assert_eq!(
            m.find_path(start, goal, &COSTS, |h| h == Hex::new(1, 0)),
            Ok(None)
        );
    }

    #[test]
    fn pose_goal_pivots_at_the_end() {
        let m = map(&["...", "...", "..."]);
        let start = Pose::new(Hex::new(1, 2), Facing::N);
        let goal = Goal::Pose(Pose::new(Hex::new(1, 2), Facing::S));
        let p = m
            .find_path(start, goal, &COSTS, |_| false)
            .unwrap()
            .unwrap();
        assert_eq!(steps(&p), [Step::Pivot { to: Facing::S }]);
        assert_eq!(p.total, 2);
        let here = Goal::Hex(Hex::new(1, 2));
        let p = m
            .find_path(start, here, &COSTS, |h| h == start.hex)
            .unwrap()
            .unwrap();
        assert!(p.steps.is_empty() && p.total == 0);
    }

    /// Issue 44: the turn the heuristic counts never makes a way dearer than
    /// the cheapest, which a plain uniform-cost search over the same steps
    /// finds: every start and goal facing on a map with poor footing, and
    /// both rulesets' costs.
    #[test]
    fn the_turn_in_the_estimate_keeps_every_way_the_cheapest() {
        let m = map(&[".....", ".%%..", "..#..", ".%...", "....."]);
        let dq = MoveCosts {
            forward: 2,
            forward_flank: 2,
            backward: 4,
            pivot_one: 1,
            pivot_more: 2,
            poor_multiplier: 2,
        };
        for costs in [COSTS, dq] {
            for from in Facing::ALL {
                for to in Facing::ALL {
                    let start = Pose::new(Hex::new(0, 0), from);
                    let goal = Pose::new(Hex::new(4, 4), to);
                    let found = m
                        .find_path(start, Goal::Pose(goal), &costs, |_| false)
                        .unwrap()
                        .unwrap();
                    let successors = |&pose: &Pose| {
                        let pivots = Facing::ALL.into_iter().map(|to| Step::Pivot { to });
                        (Step::FORWARD
                            .into_iter()
                            .chain([Step::Backward])
                            .chain(pivots))
                        .filter_map(|step| m.try_step(pose, step, &costs).ok())
                        .map(|(next, cost)| (next, u64::from(cost)))
                        .collect::<Vec<_>>()
                    };
                    let (_, cheapest) =
                        pathfinding::prelude::dijkstra(&start, successors, |&p| p == goal).unwrap();
                    assert_eq!(found.total, cheapest, "{from:?} to {to:?}");
                }
            }
        }
    }

    #[test]
    fn off_map_requests_are_errors() {
        let m = map(&["..."]);
        let start = Pose::new(Hex::new(0, 0), Facing::N);
        assert_eq!(
            m.find_path(start, Goal::Hex(Hex::new(5, 5)), &COSTS, |_| false),
            Err(HexError::OutOfBounds {
                hex: Hex::new(5, 5)
            })
        );
    }

    #[test]
    fn hexes_passed_follows_steps_and_checks_them() {
        let m = map(&["...", ".#.", "..."]);
        let start = Pose::new(Hex::new(0, 2), Facing::N);
        let walk = [Step::Forward, Step::Pivot { to: Facing::NE }, Step::Forward];
        assert_eq!(
            m.hexes_passed(start, &walk),
            Ok(vec![Hex::new(0, 1), Hex::new(1, 0)])
        );
        let into_wall = [Step::Pivot { to: Facing::NE }, Step::Forward];
        assert_eq!(
            m.hexes_passed(start, &into_wall),
            Err(HexError::Impassable {
                hex: Hex::new(1, 1)
            })
        );
        assert_eq!(
            m.hexes_passed(start, &[Step::Backward]),
            Err(HexError::OutOfBounds {
                hex: Hex::new(0, 3)
            })
        );
    }
}
