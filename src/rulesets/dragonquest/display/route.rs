//! A path drawn by the Referee (21.1, 22.1–22.3): waypoints the route goes
//! through in order, each leg the cheapest by the AI's path costs, then on
//! to the cursor, with a facing chosen for its end. Without waypoints or a
//! facing it is the plain cheapest route to the cursor. What a path spends
//! of the action's movement, and whether it is allowed, are the engine's
//! (`Battle::reach`, `Battle::check_act`).

use crate::hex::{Facing, Goal, Hex, Pose, Step};
use crate::rulesets::dragonquest::ai;
use crate::rulesets::dragonquest::engine::{Action, Battle, Command, Posture, Task};
use crate::seam::FigureId;

/// The path being drawn for the figure asked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Route {
    /// Where the path goes first, in order (a facing where one was chosen).
    pub waypoints: Vec<Goal>,
    /// The facing chosen for the path's end (`<` `>`).
    pub facing: Option<Facing>,
}

impl Route {
    /// Whether the Referee has drawn anything (else it is the cheapest
    /// route to the cursor).
    pub fn is_drawn(&self) -> bool {
        !self.waypoints.is_empty() || self.facing.is_some()
    }

    /// The steps from `id`'s pose through the waypoints to `cursor`
    /// (facing the end facing, if chosen); `None` when some leg has no way
    /// or the path would not leave the figure where it is.
    ///
    /// 21.1: with no end facing chosen, the end facing is the one whose path
    /// spends the least movement as the engine counts it (a turn of three
    /// hexsides or more costs two hexes more), the plain cheapest first on
    /// a tie: the Referee need not pick a gentler facing by hand.
    pub fn to(&self, b: &Battle, id: FigureId, cursor: Hex) -> Option<Vec<Step>> {
        let me = b.figure(id).pose;
        let (steps, at) = self.through(b, id, around(b, id))?;
        let ends: Vec<Goal> = match self.facing {
            Some(f) => vec![Goal::Pose(Pose::new(cursor, f))],
            // On the hex the path already ends in, no turning is drawn.
            None if cursor == at.hex => vec![Goal::Hex(cursor)],
            None => std::iter::once(Goal::Hex(cursor))
                .chain(Facing::ALL.map(|f| Goal::Pose(Pose::new(cursor, f))))
                .collect(),
        };
        let whole = |end: Goal| {
            let mut all = steps.clone();
            if !end.is_met(at) {
                all.extend(leg(b, at, end, around(b, id))?);
            }
            (!all.is_empty() && steps_end(me, &all) != me).then_some(all)
        };
        // The first (the plain cheapest) of those that spend the least.
        ends.into_iter()
            .filter_map(whole)
            .enumerate()
            .min_by_key(|(i, p)| (b.path_cost(id, p), *i))
            .map(|(_, p)| p)
    }

    /// The steps through the waypoints, then to a hex beside `foe` facing
    /// it by the cheapest way (a Charge's path); none after the waypoints
    /// when the last leaves the figure beside the foe with it in front.
    pub fn charge(&self, b: &Battle, id: FigureId, foe: Hex) -> Option<Vec<Step>> {
        let (steps, at) = self.through(b, id, around(b, id))?;
        // The last waypoint before the foe, with it in front: the charge
        // ends there, facing as drawn.
        if !steps.is_empty() && at.hex.distance(foe) == 1 && at.front_hexes().contains(&foe) {
            return Some(steps);
        }
        foe.neighbors()
            .into_iter()
            .filter(|&h| b.map().in_bounds(h))
            .filter_map(|h| {
                let facing = h.facing_toward(foe)?;
                let goal = Goal::Pose(Pose::new(h, facing));
                let last = if goal.is_met(at) {
                    Vec::new()
                } else {
                    leg(b, at, goal, around(b, id))?
                };
                Some(steps.iter().copied().chain(last).collect::<Vec<_>>())
            })
            // 21.1: the least movement as the engine counts it, then the
            // fewest steps.
            .min_by_key(|p| (b.path_cost(id, p), p.len()))
    }

    /// The legs through every waypoint, and the pose they leave.
    fn through(
        &self,
        b: &Battle,
        id: FigureId,
        held: impl Fn(Hex) -> bool,
    ) -> Option<(Vec<Step>, Pose)> {
        let mut at = b.figure(id).pose;
        let mut steps = Vec::new();
        for &goal in &self.waypoints {
            if !goal.is_met(at) {
                let more = leg(b, at, goal, &held)?;
                at = steps_end(at, &more);
                steps.extend(more);
            }
        }
        Some((steps, at))
    }

    /// The route with a waypoint at `hex` (with the end facing, if one was
    /// chosen), if the engine would let the figure walk there: refused with
    /// the engine's own reason otherwise.
    pub fn with_waypoint(&self, b: &Battle, id: FigureId, hex: Hex) -> Result<Route, String> {
        let goal = match self.facing {
            Some(f) => Goal::Pose(Pose::new(hex, f)),
            None => Goal::Hex(hex),
        };
        let mut next = self.clone();
        next.waypoints.push(goal);
        next.facing = None;
        let start = b.figure(id).pose;
        if next.waypoints.len() == 1 && goal.is_met(start) {
            return Err("a waypoint goes where the figure is not: move the cursor first".into());
        }
        // No way around the figures: the straightest way through them, so
        // that the engine names who is in the way.
        let steps = match next.through(b, id, around(b, id)) {
            Some((steps, _)) => steps,
            None => match next.through(b, id, |_| false) {
                Some((steps, _)) => steps,
                None => return Err(format!("no way to ({}, {}) on this map", hex.col, hex.row)),
            },
        };
        verdict(b, id, &steps).map(|_| next)
    }

    /// The route without its end facing, or else without its last waypoint.
    pub fn taken_back(&self) -> Route {
        let mut r = self.clone();
        if r.facing.take().is_none() {
            r.waypoints.pop();
        }
        r
    }

    /// The end facing turned by `by` hexsides from `from` (where the path
    /// now ends).
    pub fn turned(&self, from: Facing, by: i32) -> Route {
        Route {
            facing: Some(self.facing.unwrap_or(from).rotate(by)),
            ..self.clone()
        }
    }
}

/// A drawn path as the map and the panel show it before it is confirmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    /// The hexes passed, the start first.
    pub hexes: Vec<Hex>,
    /// Beside its end on the map: movement spent of the allowed, ✗ if refused.
    pub label: String,
    /// The panel's lines.
    pub lines: Vec<String>,
}

/// The path drawn for `id` to `cursor`, measured for `action` (the
/// highlighted choice) when it walks one, else for a Move along it; `None`
/// when nothing is drawn.
pub fn pending(
    b: &Battle,
    id: FigureId,
    route: &Route,
    cursor: Hex,
    action: Option<&Action>,
) -> Option<Pending> {
    if !route.is_drawn() {
        return None;
    }
    let mut lines = vec![describe(route)];
    let start = b.figure(id).pose;
    let drawn = path_for(b, id, route, cursor);
    let action = action.filter(|a| !a.path().is_empty() && Some(a.path()) == drawn.as_deref());
    let (action, verdict) = match action {
        Some(a) => (a.clone(), b.check_act(id, a).map_err(|r| r.0)),
        None => match drawn {
            Some(path) => {
                let v = verdict(b, id, &path);
                (Action::Move { path }, v)
            }
            None => {
                lines.push(format!(
                    "no way to ({}, {}) through the waypoints",
                    cursor.col, cursor.row
                ));
                return Some(Pending {
                    hexes: Vec::new(),
                    label: String::new(),
                    lines,
                });
            }
        },
    };
    let hexes = b.map().hexes_passed(start, action.path()).ok()?;
    let r = b.reach(id, &action);
    lines.extend(spent(b, id, &action));
    let mark = match &verdict {
        Ok(()) => "",
        Err(why) => {
            lines.push(format!("✗ {why}"));
            " ✗"
        }
    };
    Some(Pending {
        hexes: std::iter::once(start.hex).chain(hexes).collect(),
        label: r.map_or(String::new(), |r| format!("{}/{}{mark}", r.cost, r.limit)),
        lines,
    })
}

/// The route's path for `id` to `cursor`: a Charge's to the foe there,
/// else to the hex.
pub fn path_for(b: &Battle, id: FigureId, route: &Route, cursor: Hex) -> Option<Vec<Step>> {
    let side = b.figure(id).side;
    let foe = b
        .figures()
        .iter()
        .find(|f| f.side != side && f.is_up() && f.pose.hex == cursor);
    match foe {
        Some(_) => route.charge(b, id, cursor),
        None => route.to(b, id, cursor),
    }
}

/// The first of the commands offered that walks the path drawn (none if
/// nothing is drawn), to highlight it.
pub fn along<'a>(
    b: &Battle,
    id: FigureId,
    route: &Route,
    cursor: Hex,
    offered: impl IntoIterator<Item = &'a Command>,
) -> Option<usize> {
    if !route.is_drawn() {
        return None;
    }
    let path = path_for(b, id, route, cursor)?;
    offered.into_iter().position(|c| match c {
        Command::Act { action, .. } => action.path() == path.as_slice(),
        _ => false,
    })
}

/// "Path drawn: through (11, 4), (12, 5) facing S; ends facing S".
fn describe(route: &Route) -> String {
    let at = |g: &Goal| match g {
        Goal::Hex(h) => format!("({}, {})", h.col, h.row),
        Goal::Pose(p) => format!("({}, {}) facing {}", p.hex.col, p.hex.row, p.facing.name()),
    };
    let mut words = "Path drawn".to_string();
    if !route.waypoints.is_empty() {
        let through: Vec<String> = route.waypoints.iter().map(at).collect();
        words += &format!(": through {}", through.join(", "));
    }
    if let Some(f) = route.facing {
        words += &format!("; ends facing {}", f.name());
    }
    words
}

/// The facing the path to `cursor` now ends with (the figure's own when
/// there is no path).
pub fn end_facing(b: &Battle, id: FigureId, route: &Route, cursor: Hex) -> Facing {
    let me = b.figure(id).pose;
    route
        .to(b, id, cursor)
        .map_or(route.facing.unwrap_or(me.facing), |s| {
            steps_end(me, &s).facing
        })
}

/// Whether some way of moving lets `id` walk `steps` now; if none does,
/// the engine's reason for the one that allows the most movement.
pub fn verdict(b: &Battle, id: FigureId, steps: &[Step]) -> Result<(), String> {
    let walks = |path: Vec<Step>| {
        [
            Action::Move { path: path.clone() },
            Action::ChargeWithoutStrike { path: path.clone() },
            Action::Evade { path: path.clone() },
            Action::Withdraw {
                path: path.clone(),
                posture: Posture::Plain,
            },
            Action::Retreat { path: path.clone() },
            Action::Pass {
                path,
                task: Task::Nothing,
            },
        ]
    };
    let mut best: Option<(u8, String)> = None;
    for action in walks(steps.to_vec()) {
        match b.check_act(id, &action) {
            Ok(()) => return Ok(()),
            Err(why) => {
                let limit = b.reach(id, &action).map_or(0, |r| r.limit);
                if best.as_ref().is_none_or(|(l, _)| limit > *l) {
                    best = Some((limit, why.0));
                }
            }
        }
    }
    Err(best.map_or_else(|| "no way of moving is allowed now".into(), |(_, w)| w))
}

/// A few words on what `action`'s path spends of its movement (21.1,
/// 22.1–22.3), e.g. "3 hexes: 5 of the 6 this action allows (TMR 6)".
pub fn spent(b: &Battle, id: FigureId, action: &Action) -> Option<String> {
    let r = b.reach(id, action)?;
    let hexes = match r.hexes {
        1 => "1 hex".to_string(),
        n => format!("{n} hexes"),
    };
    Some(format!(
        "{hexes}: {} of the {} this action allows (TMR {})",
        r.cost,
        r.limit,
        b.figure(id).tmr().0
    ))
}

/// Whether a hex is held by a figure still up other than `id`.
fn around(b: &Battle, id: FigureId) -> impl Fn(Hex) -> bool + '_ {
    move |h: Hex| {
        b.figures()
            .iter()
            .any(|f| f.id != id && f.pose.hex == h && f.is_up())
    }
}

/// The cheapest steps from `from` to `goal` by the AI's costs.
fn leg(b: &Battle, from: Pose, goal: Goal, held: impl Fn(Hex) -> bool) -> Option<Vec<Step>> {
    let path = b.map().find_path(from, goal, &ai::COSTS, held).ok()??;
    Some(path.steps.iter().map(|s| s.step).collect())
}

/// Where `steps` leave a figure at `from`.
pub fn steps_end(from: Pose, steps: &[Step]) -> Pose {
    steps.iter().fold(from, |p, &s| p.after(s))
}
