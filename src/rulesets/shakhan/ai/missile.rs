//! Missile choices (16.5.2, 16.12.1, 16.14.3.4; docs/RULINGS.md, "The AI"):
//! a figure with a missile weapon it can use, and no enemy able to close
//! with it within two pulses, plays G to load and shoot; once an enemy is
//! that close, or its shots are spent, the melee choices take over.

use super::enemies;
use crate::rulesets::shakhan::engine::{
    Battle, BusyStance, CardOrder, DodgeStance, Figure, FigureOrders, MissileIntent, ShieldStance,
};
use crate::rulesets::shakhan::rules::Card;
use crate::rulesets::shakhan::rules::missile::max_range_m;
use crate::rulesets::shakhan::rules::tables::tables;
use crate::seam::FigureId;

/// Chance points one figure in the line of fire costs a target (a friend
/// risks being struck; anyone may take the missile instead).
const IN_THE_WAY: i32 = 30;

/// Orders to load or shoot, or `None` to leave the figure to the melee choices.
pub(super) fn orders(battle: &Battle, f: &Figure) -> Option<FigureOrders> {
    let usable = |w: usize| f.factors.missile_weapons[w].msf.is_some();
    let q = &f.missile;
    let weapon = q
        .loaded
        .or(q.loading)
        .or_else(|| (0..f.factors.missile_weapons.len()).find(|&w| usable(w) && q.shots[w] > 0))?;
    // Keep away from melee: an enemy that could strike within two pulses.
    let close = enemies(battle, f.side).any(|e| {
        e.reach() > 0
            && !e.condition.is_prone()
            && f64::from(f.pose.hex.distance(e.pose.hex).saturating_sub(e.reach()))
                <= 2.0 * e.factors.pulse_ma(Card::C).0
    });
    // Asked last: the card right is the dearest to find out.
    if close || f.condition.allows(Card::G).is_err() {
        return None;
    }
    let (target, in_the_way) = match best_target(battle, f, weapon) {
        Some(t) => t,
        None => (
            enemies(battle, f.side)
                .min_by_key(|e| (f.pose.hex.distance(e.pose.hex), e.id))?
                .id,
            0,
        ),
    };
    let intent = MissileIntent {
        weapon,
        hold: false,
        warn: in_the_way > 0,
    };
    Some(FigureOrders {
        figure: f.id,
        cards: vec![CardOrder {
            missile: Some(intent),
            ..CardOrder::new(Card::G, Some(target))
        }],
        shield: ShieldStance::Raise,
        when_busy: BusyStance::Defend,
        dodge: DodgeStance::Ask,
        moves: Default::default(),
    })
}

/// The enemy in sight with the best chance on the Missile Fire Resolution
/// Table (range and height, 16.15.14), less for each figure in the line of
/// fire; with how many friends stand in that line (to warn them).
fn best_target(battle: &Battle, f: &Figure, w: usize) -> Option<(FigureId, usize)> {
    let t = tables();
    let map = battle.map();
    let source = f.character.missile_weapons[w].source;
    let max = max_range_m(source, f.character.requisites.strength, t);
    let msf = f.factors.missile_weapons[w].msf.map_or(0, |m| m.0);
    enemies(battle, f.side)
        .filter(|e| battle.can_shoot(f.id, w, e.id))
        .map(|e| {
            let line = map
                .line_of_sight(f.pose.hex, e.pose.hex)
                .map(|l| l.hexes)
                .unwrap_or_default();
            let holders: Vec<&Figure> = battle
                .figures()
                .iter()
                .filter(|g| g.occupies() && line.contains(&g.pose.hex))
                .collect();
            let friends = holders.iter().filter(|g| g.side == f.side).count();
            let range = map.distance_in_metres(f.pose.hex, e.pose.hex);
            let mft = &t.missile_fire;
            let chance = mft.base_threshold(range, e.character.height_m) + msf
                - mft.range_penalty(range, max)
                - IN_THE_WAY * holders.len() as i32;
            (e.id, friends, chance)
        })
        .max_by_key(|(id, _, chance)| (*chance, std::cmp::Reverse(*id)))
        .map(|(id, friends, _)| (id, friends))
}
