//! The DragonQuest AI: an answer to every DragonQuest prompt, for any side.
//! It draws no randomness and keeps nothing between prompts: the same battle
//! gives the same answer. Each choice is tried against the battle's own
//! checks ([`Battle::check_act`]) and the first accepted is taken, so every
//! answer is legal; a Pass doing nothing is always left.
//!
//! In order of preference, for the figure whose turn it is:
//! - rise if prone, and Pass when a Parry obliges it (24.4);
//! - in Close Combat, Grapple the weakest foe in the hex, else break away (20.7);
//! - badly hurt while a friend still fights, Withdraw from the engagement
//!   (20.3) and keep out of the fight (it may still shoot);
//! - a Missile Weapon in hand: put it away when a foe is adjacent, else fire
//!   it loaded at the nearest foe in sight (21.7), else load it (27.2 note G);
//! - no foe adjacent, throw the weapon in hand at the nearest foe in range
//!   when another as good is left to fight with (21.7);
//! - with no weapon in hand, prepare the best it carries (20.4);
//! - a net or whip in hand: Entangle a foe standing in its Melee Zone; a
//!   tripping weapon: Trip a standing foe a friend also fights, when the
//!   Trip's chance is within 10 of the blow's (23.5);
//! - a foe in its Melee Zone: strike the weakest (20.1), sweeping the others
//!   in the zone too or striking with a second weapon when each blow keeps
//!   a fair chance (23.4); one adjacent elsewhere: turn to it and strike
//!   when it stands in that foe's Melee Zone, else turn to it with a Pass
//!   and strike the next Pulse (20.1: outside the defender's Zone facing
//!   changes come only after the attack);
//! - otherwise prepare a slung shield, then charge the nearest foe it can
//!   reach this Pulse (21.2–21.3), ending in a Shield Rush when that is 10
//!   surer than the weapon (23.5), or move toward it (21.1).
//!
//! Knockout and Disarm (23.5) are left to the players and the Referee.
//!
//! A rider (30) first lets his mount run on after a Charge; he charges
//! straight ahead at a foe that will be beside his mount's head, and turns
//! a hexside to strike a foe straight ahead. A monster of several hexes (29)
//! strikes a foe before its head, swinging about its head to bring one
//! there, else takes the way that overruns the most foes of one hex (each
//! knocked down and trampled), else charges or moves its head toward the
//! nearest foe by the cheapest way its Front hexes allow.

use std::collections::{BTreeMap, HashSet, VecDeque};

use crate::hex::{Facing, Goal, Hex, MoveCosts, Pose, Step};
use crate::rulesets::dragonquest::engine::{
    Action, Attack, Battle, Command, Figure, ItemState, Multiple, Posture, Prompt, SpecialAttack,
    Task,
};
use crate::rulesets::dragonquest::rules::figure::weapon_strike_chance;
use crate::rulesets::dragonquest::rules::strike::{AttackType, Charge};
use crate::rulesets::dragonquest::rules::tables::weapons::Group;
use crate::seam::FigureId;

/// The AI's answer to `prompt`. It is always accepted.
pub fn answer(battle: &Battle, prompt: &Prompt) -> Command {
    match prompt {
        // Acting at once keeps the initiative the dice gave.
        Prompt::LeadChoice { .. } | Prompt::SideChoice { .. } | Prompt::Finished { .. } => {
            Command::ActNow { now: true }
        }
        Prompt::EngagedAction { figure } => act(battle, *figure),
        // The engine asks only while someone is ready; if not, pass the turn.
        Prompt::SideAction { ready, .. } => match ready.first() {
            Some(&f) => act(battle, f),
            None => Command::ActNow { now: true },
        },
    }
}

/// Paths the AI searches (and the display walks to its cursor): a hex a
/// step (entering poor footing, two, as the engine counts it), backing away
/// dearer, turns cheap but not free so paths keep the few turns that 21.1's
/// penalty allows.
pub const COSTS: MoveCosts = MoveCosts {
    forward: 2,
    forward_flank: 2,
    backward: 4,
    pivot_one: 1,
    pivot_more: 2,
    poor_multiplier: 2,
};

/// A figure is badly hurt at a third of its Endurance or less.
fn badly_hurt(f: &Figure) -> bool {
    3 * f.endurance <= u32::from(f.endurance_max)
}

fn act(battle: &Battle, id: FigureId) -> Command {
    if let Some(path) = battle.momentum_path(id) {
        return Command::Act {
            figure: id,
            action: Action::Move { path },
        };
    }
    let action = choices(battle, id)
        .into_iter()
        .find(|a| battle.check_act(id, a).is_ok())
        .unwrap_or(Action::Pass {
            path: Vec::new(),
            task: Task::Nothing,
        });
    Command::Act { figure: id, action }
}

/// Foes still in the fight, weakest first (ties by the figure's number).
fn foes(battle: &Battle, me: &Figure) -> Vec<FigureId> {
    let mut foes: Vec<&Figure> = battle
        .figures()
        .iter()
        .filter(|f| f.side != me.side && f.is_up())
        .collect();
    foes.sort_by_key(|f| (!f.stunned, !f.prone, f.endurance, f.id));
    foes.into_iter().map(|f| f.id).collect()
}

fn pass(task: Task) -> Action {
    Action::Pass {
        path: Vec::new(),
        task,
    }
}

fn melee(path: Vec<Step>, target: FigureId) -> Action {
    Action::Melee {
        path,
        target,
        multiple: Multiple::Single,
        after_strike: Vec::new(),
    }
}

/// Every action worth trying, best first.
fn choices(battle: &Battle, id: FigureId) -> Vec<Action> {
    let me = battle.figure(id);
    let foes = foes(battle, me);
    let here = me.pose.hex;
    let mut out = Vec::new();
    if me.prone {
        out.push(pass(Task::Prone { down: false }));
        return out;
    }
    if me.must_pass {
        out.extend(prepare_best(me).map(pass));
        return out;
    }
    let adjacent: Vec<FigureId> = foes
        .iter()
        .copied()
        .filter(|&f| battle.figure(f).distance_to(me) == 1)
        .collect();
    // 29: a foe beneath a monster is overrun, not fought in Close Combat.
    if me.size > 1 {
        out.extend(monster_choices(battle, me, &foes, &adjacent));
        return out;
    }
    let in_hex: Vec<FigureId> = foes
        .iter()
        .copied()
        .filter(|&f| battle.figure(f).shares_hex(me))
        .collect();
    if !in_hex.is_empty() {
        out.extend(in_hex.iter().map(|&target| Action::Grapple { target }));
        // 20.7: breaking away is one step into any adjacent hex: the two
        // behind to the sides by a turn first.
        let rear_sides = [-2, 2].map(|side| {
            vec![
                Step::Pivot {
                    to: me.pose.facing.rotate(side),
                },
                Step::Forward,
            ]
        });
        out.extend(
            [
                Step::Backward,
                Step::Forward,
                Step::ForwardLeft,
                Step::ForwardRight,
            ]
            .map(|step| vec![step])
            .into_iter()
            .chain(rear_sides)
            .map(|path| Action::Withdraw {
                path,
                posture: Posture::Plain,
            }),
        );
        return out;
    }
    let friends_fight = battle
        .figures()
        .iter()
        .any(|f| f.side == me.side && f.id != id && f.can_act());
    if !adjacent.is_empty() && badly_hurt(me) && friends_fight {
        let posture = if me.prepared_shield().is_some() {
            Posture::Defensive
        } else {
            Posture::Plain
        };
        out.push(Action::Withdraw {
            path: vec![Step::Backward, Step::Backward],
            posture,
        });
        out.push(Action::Withdraw {
            path: vec![Step::Backward],
            posture,
        });
    }
    if let Some(bow) = me
        .primary()
        .filter(|&i| me.weapon(i).group == Group::Missile)
    {
        if !adjacent.is_empty() {
            out.push(pass(Task::PutAway { item: Some(bow) }));
        } else {
            // Unloaded, the engine refuses a Fire unless the Alusia loading
            // rule loads and fires at once.
            let mut nearest = foes.clone();
            nearest.sort_by_key(|&f| (battle.figure(f).pose.hex.distance(here), f));
            out.extend(nearest.into_iter().map(|target| Action::Fire {
                path: Vec::new(),
                target,
            }));
            if !me.weapons[bow].loaded {
                out.push(pass(Task::Load));
            }
        }
    }
    // 21.7: throw a weapon at a foe in range while one as good is left to
    // fight with (the thrower draws it next).
    if adjacent.is_empty() && spare_after_throwing(me) {
        let mut nearest = foes.clone();
        nearest.sort_by_key(|&f| (battle.figure(f).distance_to(me), f));
        out.extend(nearest.into_iter().map(|target| Action::Fire {
            path: Vec::new(),
            target,
        }));
    }
    if me.primary().is_none() {
        out.extend(pick_up(me).map(pass));
        out.extend(prepare_best(me).map(pass));
    }
    out.extend(special_attacks(battle, me, &adjacent));
    out.extend(multiple_strikes(battle, me, &adjacent));
    // A foe in the Melee Zone now, then one adjacent to turn to.
    out.extend(adjacent.iter().map(|&target| melee(Vec::new(), target)));
    for &target in &adjacent {
        if let Some(to) = here.facing_toward(battle.figure(target).pose.hex) {
            out.push(melee(vec![Step::Pivot { to }], target));
            if me.mount.is_some() {
                // 30: a foe straight ahead is struck from beside him.
                for side in [-1, 1] {
                    out.push(melee(
                        vec![Step::Pivot {
                            to: to.rotate(side),
                        }],
                        target,
                    ));
                }
            }
        }
    }
    // 20.1: outside the foe's Melee Zone a figure may not turn before its
    // strike: it turns this Pulse (a Pass, 20.4) to strike the next.
    out.extend(turns_toward(battle, me, adjacent.iter().copied()));
    if !adjacent.is_empty() {
        return out;
    }
    // Out of the fight it withdrew from, it keeps out while friends fight.
    if badly_hurt(me) && friends_fight {
        return out;
    }
    let slung = me.shield.as_ref().is_some_and(|s| !s.prepared);
    if slung && me.hands_used() < 2 {
        out.push(pass(Task::PrepareShield));
    }
    if me.mount.is_some() {
        // 30: a mounted Charge goes straight ahead.
        for n in 1..=usize::from(me.tmr().0) {
            out.extend(foes.iter().map(|&t| melee(vec![Step::Forward; n], t)));
        }
    }
    if let Some((target, path)) = approach(battle, me, &foes) {
        out.extend(shield_rush(battle, me, target, &path));
        out.push(melee(path.clone(), target));
        // The longest part of the way the Pulse allows: no part with more
        // hexes than a Move's allowance is tried (on a large map the way can
        // be a thousand steps, each part a check of its own).
        let most = battle
            .reach(me.id, &Action::Move { path: Vec::new() })
            .map_or(0, |r| usize::from(r.limit));
        let hexes = |n: usize| {
            path[..n]
                .iter()
                .filter(|s| !matches!(s, Step::Pivot { .. }))
                .count()
        };
        let longest = (1..=path.len())
            .take_while(|&n| hexes(n) <= most)
            .last()
            .unwrap_or(0);
        out.extend((1..=longest).rev().map(|n| Action::Move {
            path: path[..n].to_vec(),
        }));
    }
    out
}

/// 20.1, 20.4: a Pass turning to face each of `foes` (its rider's way
/// too, 30: beside the mount's head).
fn turns_toward(battle: &Battle, me: &Figure, foes: impl Iterator<Item = FigureId>) -> Vec<Action> {
    let mut out = Vec::new();
    for target in foes {
        let Some(to) = me.pose.hex.facing_toward(battle.figure(target).pose.hex) else {
            continue;
        };
        let sides: &[i32] = if me.mount.is_some() {
            &[0, -1, 1]
        } else {
            &[0]
        };
        for &side in sides {
            out.push(Action::Pass {
                path: vec![Step::Pivot {
                    to: to.rotate(side),
                }],
                task: Task::Nothing,
            });
        }
    }
    out
}

/// 20.4: a Pass that prepares the carried weapon with the best Strike
/// Chance for Melee (none if it carries none it could draw).
fn prepare_best(me: &Figure) -> Option<Task> {
    let md = me.modified_md();
    me.weapons
        .iter()
        .enumerate()
        .filter(|(i, w)| {
            w.state == ItemState::Carried && !me.hands.contains(i) && me.weapon(*i).uses.melee
        })
        .max_by_key(|(i, w)| {
            (
                weapon_strike_chance(me.weapon(*i), md, w.rank),
                std::cmp::Reverse(*i),
            )
        })
        .map(|(item, _)| Task::Prepare { item })
}

/// A Strike Chance (before the target's Defense) that still pays after a
/// Multiple Strike's −20 or −30 (24.8): two blows at about 40 or better.
const WORTH_A_SECOND_BLOW: i32 = 60;

/// 23.4: more than one blow where each still has a fair chance: a sweep of
/// a class B weapon at Rank 4 or more at every foe in the Melee Zone (up to
/// three, weakest first), else the second weapon in hand at a second foe in
/// the zone (or the same). The engine's check decides what is allowed.
fn multiple_strikes(battle: &Battle, me: &Figure, adjacent: &[FigureId]) -> Vec<Action> {
    let in_zone: Vec<FigureId> = (adjacent.iter().copied())
        .filter(|&f| battle.figure(f).hexes().any(|h| me.zone_holds(h)))
        .collect();
    let Some(&first) = in_zone.first() else {
        return Vec::new();
    };
    let md = me.modified_md();
    let chance = |i: usize| weapon_strike_chance(me.weapon(i), md, me.weapons[i].rank).0;
    let mut out = Vec::new();
    if in_zone.len() > 1
        && me
            .primary()
            .is_some_and(|i| chance(i) >= WORTH_A_SECOND_BLOW)
    {
        out.push(Action::Melee {
            path: Vec::new(),
            target: first,
            multiple: Multiple::Sweep {
                others: in_zone[1..in_zone.len().min(3)].to_vec(),
            },
            after_strike: Vec::new(),
        });
    }
    if let [_, second] = me.hands[..]
        && me.weapon(second).uses.melee
        && chance(second) >= WORTH_A_SECOND_BLOW
    {
        out.push(Action::Melee {
            path: Vec::new(),
            target: first,
            multiple: Multiple::SecondWeapon {
                target: in_zone.get(1).copied().unwrap_or(first),
            },
            after_strike: Vec::new(),
        });
    }
    out
}

/// Whether the weapon a throw would loose (the first in hand rated for
/// Ranged Combat, as 21.7's engine picks it; not a bow or crossbow, which
/// fires instead) leaves the figure another weapon for Melee with a Strike
/// Chance as good, in hand or carried.
fn spare_after_throwing(me: &Figure) -> bool {
    let Some(thrown) = me.hands.iter().copied().find(|&i| me.weapon(i).uses.ranged) else {
        return false;
    };
    if me.weapon(thrown).group == Group::Missile {
        return false;
    }
    let md = me.modified_md();
    let chance = |i: usize| weapon_strike_chance(me.weapon(i), md, me.weapons[i].rank);
    (me.weapons.iter().enumerate()).any(|(i, w)| {
        i != thrown
            && w.state == ItemState::Carried
            && me.weapon(i).uses.melee
            && chance(i) >= chance(thrown)
    })
}

/// 20.4: a Pass that picks up its own weapon lying in its hex (dropped in
/// a mishap, 24.3), the best for Melee first.
fn pick_up(me: &Figure) -> Option<Task> {
    let md = me.modified_md();
    me.weapons
        .iter()
        .enumerate()
        .filter(|(i, w)| w.state == ItemState::Dropped(me.pose.hex) && me.weapon(*i).uses.melee)
        .max_by_key(|(i, w)| {
            (
                weapon_strike_chance(me.weapon(*i), md, w.rank),
                std::cmp::Reverse(*i),
            )
        })
        .map(|(item, _)| Task::PickUp { item })
}

/// The way to the nearest foe that can be reached: to a hex next to it,
/// facing it. Foes are tried nearest first, and each one's free
/// neighbouring hexes nearest to the mover first.
fn approach(battle: &Battle, me: &Figure, foes: &[FigureId]) -> Option<(FigureId, Vec<Step>)> {
    let map = battle.map();
    // Gathered once: the searches below ask of every hex they reach
    // (issue 19: not a look at every figure each time).
    let held: HashSet<Hex> = (battle.figures().iter())
        .filter(|f| f.id != me.id && !f.routed)
        .flat_map(Figure::hexes)
        .collect();
    let taken = |hex: Hex| held.contains(&hex);
    let mut by_distance = foes.to_vec();
    by_distance.sort_by_key(|&f| (battle.figure(f).distance_to(me), f));
    for target in by_distance {
        let t = battle.figure(target);
        let mut spots: Vec<Hex> = t
            .hexes()
            .flat_map(|h| h.neighbors())
            .filter(|&h| !t.occupies(h) && map.is_passable(h) && (h == me.pose.hex || !taken(h)))
            .collect();
        spots.sort_by_key(|&h| (h.distance(me.pose.hex), h.col, h.row));
        spots.dedup();
        for spot in spots {
            let Some(facing) = spot.facing_toward(t.nearest_hex(spot)) else {
                continue;
            };
            let goal = Goal::Pose(Pose::new(spot, facing));
            if let Ok(Some(path)) = map.find_path(me.pose, goal, &COSTS, taken) {
                return Some((target, path.steps.iter().map(|s| s.step).collect()));
            }
        }
    }
    None
}

/// 29: what a monster of several hexes tries, best first (the engine's
/// checks choose among them): strike a foe before its head, or swing about
/// its head to strike one beside it; then charge, or move toward the
/// nearest foe.
fn monster_choices(
    battle: &Battle,
    me: &Figure,
    foes: &[FigureId],
    adjacent: &[FigureId],
) -> Vec<Action> {
    let mut out: Vec<Action> = adjacent.iter().map(|&t| melee(Vec::new(), t)).collect();
    for &t in adjacent {
        for to in Facing::ALL.into_iter().filter(|&f| f != me.pose.facing) {
            out.push(melee(vec![Step::Pivot { to }], t));
        }
    }
    if !adjacent.is_empty() {
        // 20.1: outside the foe's Melee Zone, it swings about its head first.
        for to in Facing::ALL.into_iter().filter(|&f| f != me.pose.facing) {
            out.push(Action::Pass {
                path: vec![Step::Pivot { to }],
                task: Task::Nothing,
            });
        }
        return out;
    }
    let ways = monster_ways(battle, me);
    // A way over foes first, the most overrun and then the shortest, each
    // with a charge at a foe before its head at the way's end if there is
    // one: an overrun foe falls and is trampled for nothing (29).
    let mut over: Vec<(usize, &Pose, &Vec<Step>)> = (ways.iter())
        .map(|(pose, path)| (overruns(battle, me, path), pose, path))
        .filter(|&(n, _, _)| n > 0)
        .collect();
    over.sort_by_key(|&(n, _, path)| (std::cmp::Reverse(n), path.len()));
    for (_, pose, path) in over.into_iter().take(MONSTER_MOVES_TRIED) {
        for &t in foes {
            let f = battle.figure(t);
            if pose.corner_front_hexes().iter().any(|&h| f.occupies(h)) {
                out.push(melee(path.clone(), t));
            }
        }
        out.push(Action::Move { path: path.clone() });
    }
    // A charge at a foe before its head at the way's end, shortest first.
    for (pose, path) in &ways {
        for &t in foes {
            let f = battle.figure(t);
            if pose.corner_front_hexes().iter().any(|&h| f.occupies(h)) {
                out.push(melee(path.clone(), t));
            }
        }
    }
    // Else the way that ends nearest a foe, the shorter first on a tie.
    let nearest = |pose: &Pose| {
        foes.iter()
            .flat_map(|&t| {
                let f = battle.figure(t);
                pose.body(me.size)
                    .flat_map(move |h| f.hexes().map(move |g| h.distance(g)))
            })
            .min()
            .unwrap_or(u32::MAX)
    };
    let mut moves: Vec<(u32, usize, &Vec<Step>)> = ways
        .iter()
        .filter(|(_, p)| !p.is_empty())
        .map(|(pose, p)| (nearest(pose), p.len(), p))
        .collect();
    moves.sort_by_key(|&(near, len, _)| (near, len));
    out.extend(
        moves
            .into_iter()
            .take(MONSTER_MOVES_TRIED)
            .map(|(_, _, p)| Action::Move { path: p.clone() }),
    );
    out
}

/// 29: a foe of one hex, which a monster of several moves over.
fn overrunnable(me: &Figure, f: &Figure) -> bool {
    f.side != me.side && f.size == 1 && f.endurance > 0
}

/// 29: how many conscious foes a monster's `path` would overrun, prone
/// ones too (each is trampled); those beneath it already are not overrun
/// again.
fn overruns(battle: &Battle, me: &Figure, path: &[Step]) -> usize {
    let mut pose = me.pose;
    let mut over: Vec<FigureId> = Vec::new();
    for &step in path {
        pose = pose.after(step);
        for f in battle.figures() {
            if overrunnable(me, f)
                && f.is_up()
                && !f.shares_hex(me)
                && !over.contains(&f.id)
                && pose.body(me.size).any(|h| f.occupies(h))
            {
                over.push(f.id);
            }
        }
    }
    over.len()
}

/// How many of a monster's best moves the engine is asked about.
const MONSTER_MOVES_TRIED: usize = 24;

/// 29: the poses a monster's head can reach within its TMR by its own
/// steps (into a Front hex, or a pivot about the head, a hex for each two
/// vertices), its body on open hexes free of other figures but foes of one
/// hex, which it overruns, each with the first way found to it, nearest
/// first.
fn monster_ways(battle: &Battle, me: &Figure) -> Vec<(Pose, Vec<Step>)> {
    let map = battle.map();
    // The hexes of the figures it may not overrun, gathered once.
    let blocked: HashSet<Hex> = (battle.figures().iter())
        .filter(|f| f.id != me.id && !f.routed && !overrunnable(me, f))
        .flat_map(Figure::hexes)
        .collect();
    let free = |pose: Pose| {
        pose.body(me.size)
            .all(|h| map.is_passable(h) && !blocked.contains(&h))
    };
    // Cost in half hexes: a hex 2, a vertex turned 1.
    let limit = 2 * u32::from(me.tmr().0);
    let mut best: BTreeMap<Pose, (u32, Vec<Step>)> = BTreeMap::new();
    best.insert(me.pose, (0, Vec::new()));
    let mut queue = VecDeque::from([me.pose]);
    while let Some(pose) = queue.pop_front() {
        let (cost, path) = best[&pose].clone();
        let mut next: Vec<(Pose, Step, u32)> = [Step::Forward, Step::ForwardRight]
            .into_iter()
            .map(|s| (pose.after(s), s, 2))
            .collect();
        for to in Facing::ALL.into_iter().filter(|&f| f != pose.facing) {
            let turned = u32::from(Facing::hexsides_between(pose.facing, to));
            next.push((pose.after(Step::Pivot { to }), Step::Pivot { to }, turned));
        }
        for (to, step, c) in next {
            let c = cost + c;
            if c > limit || !free(to) || best.get(&to).is_some_and(|(b, _)| *b <= c) {
                continue;
            }
            let mut p = path.clone();
            p.push(step);
            best.insert(to, (c, p));
            queue.push_back(to);
        }
    }
    let mut ways: Vec<(Pose, Vec<Step>)> = best.into_iter().map(|(p, (_, s))| (p, s)).collect();
    ways.sort_by_key(|(p, s)| (s.len(), *p));
    ways
}

/// A fall a special attack's victim is likely to take: it keeps its footing
/// on D100 at or under its modified AG × 3 (23.5), so at AG 20 or less it
/// falls at least two times in five.
const LIKELY_TO_FALL_AG: u8 = 20;

/// How much lower than the blow's a Trip's Modified Strike Chance may be
/// and still be worth it (23.5): the fall is worth some of the blow.
const TRIP_GIVES_UP: i32 = 10;

/// How much higher than the weapon's a Shield Rush's Modified Strike
/// Chance must be to end a Charge with it: its D10 − 2 is a weak blow.
const RUSH_GAINS: i32 = 10;

/// The Modified Strike Chance of `attack` from `me` at `target` as the
/// battle stands (the engine's own numbers, 24).
fn chance_of(battle: &Battle, attack: Attack) -> i32 {
    let c = battle.circumstances(&attack);
    battle.aim(&attack, &c).modified.value.0
}

/// A plain Melee strike of `me` at `target` with its first weapon in hand.
fn blow(me: &Figure, target: FigureId, charge: Option<Charge>) -> Attack {
    Attack {
        charge,
        ..Attack::plain(me.id, target, AttackType::Melee, me.primary())
    }
}

/// Whether `f` stands, is of one hex and would likely fall to a Trip,
/// Entangle or Shield Rush (23.5); one Stunned is as easy to hit already
/// (24.8), and is struck for the weapon's damage instead.
fn may_be_felled(f: &Figure) -> bool {
    f.is_up()
        && !f.prone
        && !f.stunned
        && f.size == 1
        && f.entangled == 0
        && f.modified_ag() <= LIKELY_TO_FALL_AG
}

/// 23.5 in place of the blow, where it is the better choice: a net or whip
/// in hand Entangles a foe in the Melee Zone that stands; a tripping weapon
/// Trips a standing foe a friend also fights (down, it is easier for both
/// to hit, 24.8, and spends a Pulse rising) when the Trip's chance gives up
/// little of the blow's. Knockout and Disarm are left to the players: the
/// AI fights to win, and neither is the surer way to it.
fn special_attacks(battle: &Battle, me: &Figure, adjacent: &[FigureId]) -> Vec<Action> {
    let Some(weapon) = me.primary().map(|i| me.weapon(i)) else {
        return Vec::new();
    };
    let special = |target: FigureId, attack: SpecialAttack| Action::Special {
        path: Vec::new(),
        target,
        attack,
    };
    let standing: Vec<FigureId> = (adjacent.iter().copied())
        .filter(|&t| may_be_felled(battle.figure(t)))
        .collect();
    if weapon.group == Group::Entangling {
        return (standing.iter())
            .map(|&t| special(t, SpecialAttack::Entangle))
            .collect();
    }
    let fought_by_a_friend = |t: FigureId| {
        let foe = battle.figure(t);
        battle
            .figures()
            .iter()
            .any(|f| f.side == me.side && f.id != me.id && f.is_up() && f.distance_to(foe) == 1)
    };
    standing
        .into_iter()
        .filter(|&t| fought_by_a_friend(t))
        .filter(|&t| {
            let trip = Attack {
                special: Some(SpecialAttack::Trip),
                ..blow(me, t, None)
            };
            chance_of(battle, trip) + TRIP_GIVES_UP >= chance_of(battle, blow(me, t, None))
        })
        .map(|t| special(t, SpecialAttack::Trip))
        .collect()
}

/// 23.5: a Charge along `path` at `target` that ends in a Shield Rush
/// (+20 for the Charge), when its chance beats the weapon's by
/// [`RUSH_GAINS`] and the foe would likely fall.
fn shield_rush(battle: &Battle, me: &Figure, target: FigureId, path: &[Step]) -> Option<Action> {
    me.prepared_shield()?;
    if path.is_empty() || !may_be_felled(battle.figure(target)) {
        return None;
    }
    let pole = me.primary().is_some_and(|i| me.weapon(i).is_pole());
    let charge = if pole {
        Charge::PoleOrShield
    } else {
        Charge::NonPole
    };
    let rush = Attack {
        special: Some(SpecialAttack::ShieldRush),
        ..blow(me, target, Some(Charge::PoleOrShield))
    };
    let weapon = blow(me, target, Some(charge));
    (chance_of(battle, rush) >= chance_of(battle, weapon) + RUSH_GAINS).then(|| Action::Special {
        path: path.to_vec(),
        target,
        attack: SpecialAttack::ShieldRush,
    })
}
