//! Movement priority (16.14.3) and each Action Phase's moves (16.9.7–16.9.8).

use std::cell::{Cell, OnceCell};
use std::cmp::Reverse;
use std::rc::Rc;

use super::field::{Field, Ground, Heading, Leg};
use super::{HexSet, enemies, enemy_zones, occupied};
use crate::hex::{Hex, Pose, Step};
use crate::rulesets::shakhan::engine::{Battle, Figure, FigureMove};
use crate::rulesets::shakhan::rules::tables::actions::{CardMovement, StrikeRight};
use crate::rulesets::shakhan::rules::tables::tables;
use crate::seam::{FigureId, SideId};

/// Path costs beyond this are not searched when closing in.
const SEARCH_LIMIT: u32 = 80;

/// Poses a search for a way in settles before it asks whether there is one
/// ([`super::field::StrikePoses::reachable`]): most find theirs in far fewer.
const LONG_SEARCH: u32 = 128;

/// Shakhàn 16.14.3: the side with Initiative moves first when it is the one
/// closing in (some of its attackers are not yet within reach of their
/// targets) and the enemy is not coming (no enemy plays an attack card);
/// otherwise second, to see where the enemy goes. Cards are revealed by now.
pub(super) fn move_first(battle: &Battle, side: usize) -> bool {
    let attacking = |f: &Figure| {
        battle
            .current_card(f.id)
            .is_some_and(|k| tables().actions.card(f.round.cards[k].card()).is_attack)
    };
    let closing = || {
        battle
            .figures()
            .iter()
            .filter(|f| f.side == side && f.condition.can_act() && attacking(f))
            .any(|f| {
                reference_enemy(battle, f, battle.current_card(f.id)).is_some_and(|e| {
                    !battle.map().in_strike_zone(
                        f.pose,
                        f.reach(),
                        f.character.strike_zone,
                        e.pose.hex,
                    )
                })
            })
    };
    // The enemy's cards first: when it comes on, nothing else matters.
    !enemies(battle, side).any(attacking) && closing()
}

/// The enemy a figure's card is about: its target while in the fight, else
/// the nearest enemy (the engine measures the card's obligation from it).
/// `card` is the figure's card in effect ([`Battle::current_card`]).
fn reference_enemy<'a>(battle: &'a Battle, f: &Figure, card: Option<usize>) -> Option<&'a Figure> {
    let target = card
        .and_then(|k| f.round.cards[k].order.target)
        .map(|t| battle.figure(t))
        .filter(|t| !t.condition.is_out());
    target.or_else(|| nearest(f.pose.hex, enemies(battle, f.side)))
}

/// The figure of `figures` nearest `hex`, the lowest id among the nearest;
/// distances are worked out only when there are two to compare.
fn nearest<'a>(hex: Hex, mut figures: impl Iterator<Item = &'a Figure>) -> Option<&'a Figure> {
    let first = figures.next()?;
    let Some(second) = figures.next() else {
        return Some(first);
    };
    [first, second]
        .into_iter()
        .chain(figures)
        .min_by_key(|e| (hex.distance(e.pose.hex), e.id))
}

/// Every move of `side` in this Action Phase. Figures are moved nearest the
/// enemy first, each planned around where the ones before it ended; a move
/// [`Battle::check_moves`] refuses falls back to turning to face the enemy,
/// then to standing still, so the whole list is always accepted.
pub(super) fn side_moves(battle: &Battle, side: usize) -> Vec<FigureMove> {
    moves_of(battle, side, |_| true)
}

/// One figure's move in its own Action Phase (16.9.10), planned as in
/// [`side_moves`].
pub(super) fn figure_moves(battle: &Battle, id: FigureId) -> Vec<FigureMove> {
    moves_of(battle, battle.figure(id).side, |f| f.id == id)
}

pub(super) fn moves_of(
    battle: &Battle,
    side: usize,
    only: impl Fn(&Figure) -> bool,
) -> Vec<FigureMove> {
    // Worked out only if some figure has to find a way (or moves).
    let mut taken = OnceCell::new();
    let ground = OnceCell::new();
    let zones = OnceCell::new();
    let all_zones = OnceCell::new();
    let mut movers = battle
        .figures()
        .iter()
        .filter(|f| f.side == side && f.condition.can_act() && f.action.is_none() && only(f))
        .filter(|f| f.condition.is_prone() || f.round.pulse_left >= 1.0)
        .map(|f| {
            let card = battle.current_card(f.id);
            (f, card, reference_enemy(battle, f, card))
        });
    // Mostly one figure moves: the list (and its allocation) only for more.
    let Some(first) = movers.next() else {
        return Vec::new();
    };
    // Collected only when a second figure moves: an empty collect still costs.
    let mut more = Vec::new();
    if let Some(second) = movers.next() {
        more = [first, second].into_iter().chain(movers).collect();
        // By distance, then id: the same order whatever the list's.
        more.sort_by_key(|(f, _, e)| (e.map(|e| f.pose.hex.distance(e.pose.hex)), f.id));
    }
    let movers = if more.is_empty() {
        std::slice::from_ref(&first)
    } else {
        &more[..]
    };
    let mut moves: Vec<FigureMove> = Vec::new();
    // Each move is checked after those before it, once (not the whole list
    // again for every figure).
    let mut check = battle.move_check(SideId(side));
    for (n, &(f, card, enemy)) in movers.iter().enumerate() {
        let Some(enemy) = enemy else { continue };
        let plan = Plan {
            battle,
            f,
            card,
            taken: &taken,
            ground: &ground,
            zones: &zones,
            all_zones: &all_zones,
            in_front: Cell::new(None),
        };
        // Turning to face the enemy is worked out only if needed, and not
        // again when the card's own move was that turn (the same answer).
        let candidates = (plan.steps(enemy).into_iter()).chain(
            std::iter::once_with(|| {
                let faced = plan
                    .in_front
                    .get()
                    .is_some_and(|(at, _)| at == enemy.pose.hex);
                (!faced).then(|| plan.face(enemy.pose.hex)).flatten()
            })
            .flatten(),
        );
        for steps in candidates {
            if steps.is_empty() && !f.condition.is_prone() {
                break;
            }
            let m = FigureMove {
                figure: f.id,
                steps,
            };
            if check.add(&m).is_ok() {
                let end = m.steps.iter().fold(f.pose, |p, s| p.after(*s));
                // Nobody plans after the last, and a turn on the spot
                // leaves the hexes held as they were.
                let moved = end.hex != f.pose.hex || !f.occupies();
                if n + 1 < movers.len() && moved {
                    let mut now = taken.take().unwrap_or_else(|| occupied(battle));
                    now.remove(f.pose.hex);
                    now.insert(end.hex);
                    let _ = taken.set(now);
                }
                moves.push(m);
                break;
            }
        }
    }
    moves
}

/// One figure's move in the current Action Phase.
struct Plan<'a> {
    battle: &'a Battle,
    f: &'a Figure,
    /// The figure's card in effect ([`Battle::current_card`]).
    card: Option<usize>,
    /// Hexes figures hold, after the moves planned before this one.
    taken: &'a OnceCell<HexSet>,
    ground: &'a OnceCell<Rc<Ground>>,
    /// Zones of enemies who may strike now (reaction attacks, 16.10.1).
    zones: &'a OnceCell<HexSet>,
    /// Zones of every standing armed enemy (where G should not stop).
    all_zones: &'a OnceCell<HexSet>,
    /// The last hex [`Plan::face`] was asked about, and whether it lies in
    /// the front arc.
    in_front: Cell<Option<(Hex, bool)>>,
}

impl Plan<'_> {
    fn taken(&self) -> &HexSet {
        self.taken.get_or_init(|| occupied(self.battle))
    }

    fn ground(&self) -> &Rc<Ground> {
        self.ground
            .get_or_init(|| Ground::of(self.battle.shared_map()))
    }

    fn striking_zones(&self) -> &HexSet {
        self.zones
            .get_or_init(|| enemy_zones(self.battle, self.ground(), self.f.side, true))
    }

    fn any_zones(&self) -> &HexSet {
        self.all_zones
            .get_or_init(|| enemy_zones(self.battle, self.ground(), self.f.side, false))
    }

    /// Action Points the move may spend: the pulse allowance (16.9.8), less
    /// what the strikes still due this round need (16.9.4).
    fn budget(&self) -> f64 {
        let f = self.f;
        (f.round
            .pulse_left
            .min(f.round.ap_left - self.strike_reserve()))
        .max(0.0)
    }

    /// AP for the strikes the figure's remaining cards may make.
    fn strike_reserve(&self) -> f64 {
        let f = self.f;
        let Some(k) = self.card else {
            return 0.0;
        };
        let per_card: u8 = match f.character.weapons.first() {
            Some(w) if w.paired_with.is_some() => 2,
            _ => 1,
        };
        f.round.cards[k..]
            .iter()
            .filter(|c| !c.lost)
            .map(|c| match tables().actions.card(c.card()).strike {
                StrikeRight::May => f64::from(per_card.saturating_sub(c.strikes)),
                StrikeRight::OnlyIfAttackedFirst => 1.0,
                StrikeRight::Never | StrikeRight::MissileOrMagicOnly => 0.0,
            })
            .sum::<f64>()
            * f.strike_cost(tables())
    }

    /// The move the card in effect calls for (16.9.2); `None` to stand.
    fn steps(&self, enemy: &Figure) -> Option<Vec<Step>> {
        let (battle, f) = (self.battle, self.f);
        if f.condition.is_prone() {
            // 16.9.4: standing up comes first and may take the whole pulse.
            return Some(Vec::new());
        }
        let surprised =
            || battle.is_free_round() && battle.initiative().is_some_and(|s| s.0 != f.side);
        let card = self.card.map(|k| &f.round.cards[k].order);
        let rule = card.map(|c| tables().actions.card(c.card).movement);
        match rule {
            None | Some(CardMovement::PivotOnly) => self.face(enemy.pose.hex),
            _ if surprised() => self.face(enemy.pose.hex),
            Some(CardMovement::Toward) => self.close_in(enemy, true),
            Some(CardMovement::Any) => self.close_in(enemy, false),
            Some(CardMovement::Away) => self.back_off(enemy),
        }
    }

    /// Turn to face `hex` when it is outside the front arc (16.9.7: a lone
    /// pivot may take the whole pulse allowance).
    fn face(&self, hex: Hex) -> Option<Vec<Step>> {
        let pose = self.f.pose;
        // Asked again as the fallback after the card's own move.
        let in_front = match self.in_front.get() {
            Some((at, yes)) if at == hex => yes,
            _ => {
                let yes = pose.in_front_arc(hex);
                self.in_front.set(Some((hex, yes)));
                yes
            }
        };
        if in_front {
            return None;
        }
        pose.hex
            .facing_toward(hex)
            .map(|to| vec![Step::Pivot { to }])
    }

    /// Walk toward `enemy` until it is in the Strike Zone, round the Strike
    /// Zones of others where possible. Under an attack card (`bound`) the
    /// move may not end farther from it (16.9.2); under G it stops short of
    /// every enemy's Strike Zone.
    fn close_in(&self, enemy: &Figure, bound: bool) -> Option<Vec<Step>> {
        let (battle, f) = (self.battle, self.f);
        let map = battle.map();
        let my_reach = f.reach();
        let target = enemy.pose.hex;
        if my_reach == 0 {
            return self.face(target);
        }
        if map.in_strike_zone(f.pose, my_reach, f.character.strike_zone, target) {
            return None;
        }
        if f.pose.hex.distance(target) <= my_reach {
            return self.face(target);
        }
        // A long weapon prefers to strike from beyond the enemy's reach.
        let stand_off = |p: Pose| {
            u32::from(my_reach > enemy.reach() && p.hex.distance(target) <= enemy.reach()) * 2
        };
        let goals = self
            .ground()
            .strike_poses(target, my_reach, f.character.strike_zone);
        let taken = self.taken();
        // Every way in is held by others: no search finds one.
        if !goals.open(taken, f.pose.hex) {
            return None;
        }
        let zones = self.striking_zones();
        let toward = Some(Heading {
            target,
            reach: my_reach,
            goal: (f.character.strike_zone, enemy.reach()),
        });
        // A long search asks whether any way in is left at all: when the
        // ways in are walled off by figures, a search would look everywhere
        // within its limit for nothing. Given up, it answers nothing however
        // far it went, so the answer never hangs on the order poses are
        // asked in (as [`Field::new`] requires).
        let (mut settled, mut hopeless) = (0, false);
        let field = Field::new(
            self.ground(),
            f.pose,
            SEARCH_LIMIT,
            taken,
            zones,
            toward,
            |p| {
                settled += 1;
                hopeless |= settled == LONG_SEARCH
                    && !goals.reachable(self.ground(), taken, f.pose.hex, SEARCH_LIMIT);
                hopeless || goals.contains(p) && stand_off(p) == 0
            },
        );
        if hopeless {
            return None;
        }
        let (goal, _) = field.best_strike_pose(&goals, stand_off)?;
        let way = field.way_to(goal);
        let start = f.pose.hex.distance(target);
        let fits = |leg: &Leg| {
            if bound {
                leg.pose.hex.distance(target) <= start
            } else {
                !self.any_zones().contains(leg.pose.hex)
                    && enemies(battle, f.side).all(|e| e.pose.hex.distance(leg.pose.hex) > 1)
            }
        };
        self.walk(&way, fits)
    }

    /// The longest start of `way` within the budget whose end `fits`; a
    /// first pivot beyond the allowance may be made alone (16.9.7).
    fn walk(&self, way: &[Leg], fits: impl Fn(&Leg) -> bool) -> Option<Vec<Step>> {
        let budget = self.budget();
        let mut spent = 0.0;
        let mut best = 0;
        for (i, leg) in way.iter().enumerate() {
            spent += f64::from(leg.ap);
            if spent > budget + 1e-9 {
                break;
            }
            if fits(leg) {
                best = i + 1;
            }
        }
        if best == 0 {
            let first = way.first()?;
            let lone = matches!(first.step, Step::Pivot { .. })
                && f64::from(first.ap) > budget
                && self.f.round.ap_left - self.f.round.pulse_left.min(f64::from(first.ap))
                    >= self.strike_reserve();
            return lone.then(|| vec![first.step]);
        }
        Some(way[..best].iter().map(|l| l.step).collect())
    }

    /// 16.9.2: draw away from `enemy` as far as the budget goes — first
    /// without passing through a Strike Zone, then from the nearest enemy,
    /// then from all — never ending nearer; under E facing it (to strike
    /// back, 16.9.1), under F facing away (to run on).
    fn back_off(&self, enemy: &Figure) -> Option<Vec<Step>> {
        let (battle, f) = (self.battle, self.f);
        let budget = self.budget();
        let (taken, zones) = (self.taken(), self.striking_zones());
        let limit = retreat_limit(budget);
        let field = Field::new(self.ground(), f.pose, limit, taken, zones, None, |_| false);
        let facing_enemy = self.card.is_some_and(|k| {
            tables().actions.card(f.round.cards[k].card()).strike != StrikeRight::Never
        });
        let others: Vec<Hex> = enemies(battle, f.side).map(|e| e.pose.hex).collect();
        let goal = retreat_pose(
            &field,
            f.pose,
            budget,
            enemy.pose.hex,
            &others,
            facing_enemy,
        )?;
        if goal == f.pose {
            return None;
        }
        self.walk(&field.way_to(goal), |_| true)
    }
}

/// How far [`Plan::back_off`] searches: the poses reached without a
/// surcharge within the budget. The start pose is one of those and is never
/// nearer, so a surcharged pose never wins ([`retreat_pose`] ranks the
/// surcharge first); a pose settled at a cost within the limit has the same
/// cost and way as in a search of any larger limit (steps cost at least 1).
fn retreat_limit(budget: f64) -> u32 {
    (budget + 1e-9).floor() as u32
}

/// The pose [`Plan::back_off`] draws away to among those `field` reached:
/// within `budget`, never nearer `from` than the start `at`, ranked by (least
/// surcharge, farthest from `from`, from the nearest of `others`, from all,
/// facing `from` if `facing_enemy` (else not), fewest AP, pose).
fn retreat_pose(
    field: &Field,
    at: Pose,
    budget: f64,
    from: Hex,
    others: &[Hex],
    facing_enemy: bool,
) -> Option<Pose> {
    let start = at.hex.distance(from);
    // Distances from `from`, the nearest enemy and all enemies. Poses
    // mostly come a hex's facings together, so those are worked out
    // once for them.
    let mut last = None;
    let mut distances = |h: Hex| match last {
        Some((seen, d)) if seen == h => d,
        _ => {
            let nearest = others.iter().map(|o| o.distance(h)).min().unwrap_or(0);
            let all: u32 = others.iter().map(|o| o.distance(h)).sum();
            let d = (h.distance(from), nearest, all);
            last = Some((h, d));
            d
        }
    };
    // The best by (least surcharge, farthest from `from`, from the
    // nearest, from all, facing as the card wants, fewest AP, pose). It
    // ends with the pose: no two tie, whatever the order they come in,
    // and the facing is looked at only where what comes before it is
    // not already worse.
    type Head = (Reverse<u32>, u32, u32, u32);
    type Tail = (bool, Reverse<u32>, Reverse<Pose>);
    let mut best: Option<(Head, Tail)> = None;
    let mut goal = None;
    for (p, cost, ap) in field.reached() {
        if f64::from(ap) > budget + 1e-9 {
            continue;
        }
        let (away, nearest, all) = distances(p.hex);
        if away < start {
            continue;
        }
        let head = (Reverse(cost - ap), away, nearest, all);
        if best.is_some_and(|(b, _)| head < b) {
            continue;
        }
        let tail = (
            p.in_front_arc(from) == facing_enemy,
            Reverse(ap),
            Reverse(p),
        );
        if best.is_none_or(|b| (head, tail) > b) {
            best = Some((head, tail));
            goal = Some(p);
        }
    }
    goal
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;
    use crate::hex::{Facing, HexMap, Terrain};
    use crate::rulesets::shakhan::ai::field::ZONE_SURCHARGE;

    /// A map up to 10x10, a start pose, the hexes figures hold and enemy
    /// zones (by hex number), the enemy backed off from and other enemies.
    fn ground() -> impl Strategy<Value = (HexMap, Pose, Vec<bool>, Vec<bool>, Hex, Vec<Hex>)> {
        (1u16..=10, 1u16..=10).prop_flat_map(|(w, h)| {
            let n = usize::from(w) * usize::from(h);
            let hex = (0..i32::from(w), 0..i32::from(h)).prop_map(|(c, r)| Hex::new(c, r));
            let pose = (hex.clone(), 0..6usize).prop_map(|(h, f)| Pose::new(h, Facing::ALL[f]));
            let terrain = prop_oneof![
                6 => Just(Terrain::Open),
                2 => Just(Terrain::Poor),
                2 => Just(Terrain::Blocked),
            ];
            (
                prop::collection::vec(terrain, n),
                pose,
                prop::collection::vec(prop::bool::weighted(0.1), n),
                prop::collection::vec(prop::bool::weighted(0.3), n),
                hex.clone(),
                prop::collection::vec(hex, 0..3),
            )
                .prop_map(move |(ts, start, taken, zones, from, others)| {
                    let mut map = HexMap::open(w, h).unwrap();
                    for (hex, t) in map.clone().hexes().zip(ts) {
                        map.set_terrain(hex, t).unwrap();
                    }
                    (map, start, taken, zones, from, others)
                })
        })
    }

    /// Budgets as the AI works them out, with whole numbers a rounding
    /// error short.
    fn budget() -> impl Strategy<Value = f64> {
        prop_oneof![
            0.0..12.0f64,
            (0u32..12).prop_map(f64::from),
            (1u32..12).prop_map(|n| f64::from(n) - 1e-12),
        ]
    }

    proptest! {
        /// Shakhàn 16.9.2: backing off searches only the poses within the
        /// budget and finds the pose and way that a search one Strike Zone
        /// surcharge farther (as first written) finds.
        #[test]
        fn s16_9_2_back_off_searches_no_farther_than_it_may_go(
            (map, start, taken, zones, from, mut others) in ground(),
            budget in budget(),
            facing_enemy in any::<bool>(),
        ) {
            let w = i32::from(map.width());
            let set = |v: &[bool]| {
                let mut s = HexSet::empty(&map);
                for h in map.hexes().filter(|h| v[(h.row * w + h.col) as usize]) {
                    s.insert(h);
                }
                s
            };
            let (taken, zones) = (set(&taken), set(&zones));
            others.push(from);
            let ground = Ground::of(&Arc::new(map.clone()));
            let answer = |limit: u32| {
                let field = Field::new(&ground, start, limit, &taken, &zones, None, |_| false);
                let goal = retreat_pose(&field, start, budget, from, &others, facing_enemy);
                (goal, goal.map(|g| field.way_to(g)))
            };
            let plain = answer(budget.floor() as u32 + ZONE_SURCHARGE);
            prop_assert!(plain.0.is_some());
            prop_assert_eq!(answer(retreat_limit(budget)), plain);
        }
    }
}
