//! Tactic Card choice (16.9.1–16.9.3, 16.3): per figure, up to its TCA cards
//! from what its side can see.

use std::cell::OnceCell;
use std::rc::Rc;

use super::field::{Field, Ground, StrikePoses};
use super::{HexSet, Seen, combat_factor, enemies, enemy_zones, hit_chance, occupied};
use crate::engine::Figure;
use crate::engine::{
    Battle, BusyStance, CardOrder, DodgeStance, FigureId, FigureOrders, ShieldStance,
};
use crate::hex::Hex;
use crate::rules::shakhan::Card;
use crate::rules::shakhan::condition::{CardLimit, Morale, Status};
use crate::rules::shakhan::tables::tables;

/// Combat Differential from which one side is clearly the better (16.15.2:
/// the MCRT's 11–20 band).
const CLEARLY_BETTER: i32 = 11;
/// Combat Differential from which one side overwhelms the other (21–30 band).
const OVERWHELMING: i32 = 21;
/// Whole rounds without a strike after which nobody holds back any more
/// (parrying or backing off), so that every battle comes to a decision.
const QUIET_ROUNDS: u32 = 2;
/// Beyond this path cost the search gives up: farther than several rounds.
const SEARCH_LIMIT: u32 = 80;
/// How many more costs a search settles each time the choice is not yet
/// sure ([`decided`]).
const LEVEL_STEP: u32 = 4;

/// Orders for every figure of `side` that can still act, in scenario order;
/// each figure knows whom its comrades before it chose to attack.
pub(super) fn side_orders(battle: &Battle, side: usize) -> Vec<FigureOrders> {
    orders_searching(battle, side, true)
}

/// [`side_orders`], with each figure's search `bounded` as far as its
/// choice needs ([`decided`]), or (to test that bound) to its end.
fn orders_searching(battle: &Battle, side: usize, bounded: bool) -> Vec<FigureOrders> {
    let ground = Ground::of(battle.shared_map());
    let view = View {
        battle,
        side,
        seen: Seen::of(battle),
        taken: OnceCell::new(),
        zones: OnceCell::new(),
        ground,
    };
    // Counted (and allocated) only for comrades still to choose.
    let mut attackers = Vec::new();
    let mut out = Vec::with_capacity(battle.figures().len());
    let mut mine = battle
        .figures()
        .iter()
        .filter(|f| f.side == side)
        .peekable();
    while let Some(f) = mine.next() {
        if let Some(mut o) = orders_for(battle, &view, &attackers, f, bounded) {
            super::brawl::announce(battle, f, &out, &mut o);
            if mine.peek().is_some() {
                attackers.resize(battle.figures().len(), 0);
                count_attacks(&o, &mut attackers);
            }
            out.push(o);
        }
    }
    out
}

/// What a side plans its orders from, the same for each of its figures.
/// The hexes are worked out when first needed: figures already engaged
/// search for no way.
struct View<'a> {
    battle: &'a Battle,
    side: usize,
    seen: Seen,
    taken: OnceCell<HexSet>,
    zones: OnceCell<HexSet>,
    ground: Rc<Ground>,
}

impl View<'_> {
    /// Hexes figures hold.
    fn taken(&self) -> &HexSet {
        self.taken.get_or_init(|| occupied(self.battle))
    }

    /// Where the side's enemies could strike.
    fn zones(&self) -> &HexSet {
        self.zones
            .get_or_init(|| enemy_zones(self.battle, &self.ground, self.side, false))
    }
}

/// Counts the enemies a figure's orders attack (A, B or C) in `attackers`
/// (one count per figure), each once for each run of cards against it.
fn count_attacks(o: &FigureOrders, attackers: &mut [u32]) {
    let mut last = None;
    for t in o
        .cards
        .iter()
        .filter(|c| matches!(c.card, Card::A | Card::B | Card::C))
    {
        if let Some(t) = t.target
            && last != Some(t)
        {
            attackers[t.0] += 1;
            last = Some(t);
        }
    }
}

/// The AI's orders for one figure, e.g. to propose an NPC's cards in the
/// tactical display; `None` when it cannot act (or has no enemy left).
///
/// Shakhàn 16.9.1–16.9.3, 16.3, 16.6, 16.9.6, 16.13.3 (docs/RULINGS.md, "The
/// AI"): a figure whose condition leaves it no attack parries or runs as
/// allowed; one shaken, or badly hurt with a comrade to fall back on, backs
/// off (E, or F when no enemy can reach it yet); one that can reach nobody
/// this round and that nobody can reach plays G to move freely; one
/// outmatched or outnumbered within reach, with a capable comrade free to
/// come, parries (D) the strongest threat; otherwise it attacks the best
/// target it can reach — A when overwhelming, B when clearly better or the
/// foe is visibly hurt, else C — with one card for each other enemy that can
/// reach it (16.9.3 matching), and a closing E (hit and run) when hurt.
/// Shields are raised and a busy figure defends.
pub fn figure_orders(battle: &Battle, id: FigureId) -> Option<FigureOrders> {
    let side = battle.figure(id).side;
    side_orders(battle, side)
        .into_iter()
        .find(|o| o.figure == id)
}

/// One enemy as a figure sees it.
struct Foe {
    id: FigureId,
    hex: Hex,
    cf: i32,
    tca: u32,
    /// The poses from which we reach it and (our way, as a proxy for its
    /// own) it reaches us.
    goals: [Option<Rc<StrikePoses>>; 2],
    /// Path cost for us to stand with it in our Strike Zone.
    cost: Option<u32>,
    /// Path cost (our way, as a proxy for its own) for it to reach us.
    reaches_us_in: Option<u32>,
    /// Whether `cost`, `reaches_us_in` may lie beyond where the search
    /// stopped (`None` for now, but at least one more than it settled).
    unsure: [bool; 2],
    /// It could strike us this round under C, or under A, or within the
    /// first two pulses under C.
    threat: bool,
    imminent: bool,
    charge_threat: bool,
    /// What the table can see of its wounds.
    hurt: f64,
}

/// A figure's own state, which it knows exactly.
#[derive(Debug, Clone, Copy)]
struct Health {
    badly_hurt: bool,
    hurt: bool,
    shaken: bool,
}

impl Health {
    /// 16.7, 16.13.3, 16.6, 16.13.4: BDR, pain against the Pain Reserve,
    /// Fatigue against what bleeding will take.
    fn of(f: &Figure) -> Health {
        let c = &f.condition;
        let r = c.reserves();
        let bdr = f64::from(c.bdr_left()) / f64::from(r.bdr.max(1));
        let pain = c.pain() / f64::from(r.pain_reserve.max(1));
        let bleeding = f64::from(c.bleeding_per_round());
        Health {
            badly_hurt: bdr <= 0.3
                || pain >= 0.75
                || c.fatigue_left() < 3.0 + 2.0 * bleeding
                || c.dying_in().is_some()
                || c.arms_unusable() > 0,
            hurt: bdr <= 0.6 || pain >= 0.5 || bleeding > 0.0,
            shaken: c.morale() == Morale::Shaken,
        }
    }

    /// Fit to fight and to come to a comrade's help: not badly hurt, not
    /// shaken, and free to attack.
    fn fit(self, f: &Figure) -> bool {
        !self.badly_hurt && !self.shaken && f.condition.allows(Card::C).is_ok()
    }
}

/// What the table sees of a figure's wounds: blows seen to land, visible
/// bleeding, the symptoms of criticals, lying prone, shaken (16.10).
fn visible_hurt(e: &Figure) -> f64 {
    let c = &e.condition;
    0.5 * f64::from(e.blows_taken)
        + 0.5 * f64::from(c.visible_bleeding_per_round().min(4))
        + c.injuries().len() as f64
        + if c.is_prone() { 1.5 } else { 0.0 }
        + if c.status() == Status::Shaken {
            1.0
        } else {
            0.0
        }
}

/// `attackers`: per figure, how many comrades attack it (empty: none yet).
fn orders_for(
    battle: &Battle,
    view: &View,
    attackers: &[u32],
    f: &Figure,
    bounded: bool,
) -> Option<FigureOrders> {
    let View { seen, ground, .. } = view;
    let constraint = f.condition.allowed_cards();
    let allowed = &constraint.allowed;
    if allowed.is_empty() {
        return None;
    }
    // 16.12.1: load and shoot while no enemy is about to close.
    if let Some(o) = super::missile::orders(battle, f) {
        return Some(o);
    }
    let may = |c: Card| allowed.contains(&c);
    let pick = |cards: &[Card]| cards.iter().copied().find(|c| may(*c));
    // 16.3: close quarters and nets may hold the allowance down.
    let tca = battle.tca(f.id).max(1) as usize;
    let my_cf = combat_factor(f);
    let my_reach = f.reach();
    // What is known of each enemy before searching (one list for all).
    let mut foes: Vec<Foe> = enemies(battle, f.side)
        .map(|e| Foe {
            id: e.id,
            hex: e.pose.hex,
            cf: combat_factor(e),
            tca: battle.tca(e.id),
            goals: [my_reach, e.reach()].map(|r| {
                (r > 0).then(|| ground.strike_poses(e.pose.hex, r, f.character.strike_zone))
            }),
            cost: None,
            reaches_us_in: None,
            unsure: [false; 2],
            threat: false,
            imminent: false,
            charge_threat: false,
            hurt: visible_hurt(e),
        })
        .collect();
    // The search may stop once every enemy is within our reach, and we
    // within its, on some settled pose.
    let goal_sets = foes.iter().flat_map(|e| &e.goals).flatten();
    // Where the start pose is in all of them (the figures are engaged), the
    // search would stop there: every cheapest cost is 0.
    let engaged = goal_sets.clone().all(|g| g.contains(f.pose));
    // Goals in hexes all held by others are out of reach without searching
    // (a search would settle everything within its limit looking for them).
    let open = |g: &StrikePoses| g.open(view.taken(), f.pose.hex);
    let ap = |e: &Figure, c: Card| e.factors.ap(c).0;
    // No enemy whose way to us costs more than this can strike us this
    // round, under any card: past it a search tells nothing of threats.
    let threat_level = foes
        .iter()
        .map(|foe| {
            let e = battle.figure(foe.id);
            let budget = (ap(e, Card::C))
                .max(2.0 * e.factors.pulse_ma(Card::C).0)
                .max(ap(e, Card::A));
            (budget - e.strike_cost(tables())).max(0.0).floor() as u32 + 1
        })
        .max()
        .unwrap_or(0);
    // The target's score if reaching it costs `cost` (more is never better).
    let score_at = |e: &Foe, cost: u32| {
        let attacked = attackers.get(e.id.0).copied().unwrap_or(0);
        let defence = if attacked >= e.tca { Card::G } else { Card::C };
        // Six hexes round a foe: past three attackers they get in each other's way.
        let crowd = f64::from(attacked.saturating_sub(2));
        hit_chance(my_cf - e.cf, Card::C, defence) * (1.0 + 0.25 * e.hurt)
            - 0.02 * f64::from(cost)
            - 0.15 * crowd
            + if e.threat { 0.1 } else { 0.0 }
    };
    let mut pending: Vec<Rc<StrikePoses>> = match engaged {
        true => Vec::new(),
        false => goal_sets.filter(|g| open(g)).cloned().collect(),
    };
    let field = (!engaged).then(|| {
        let mut done = |p| {
            let mut k = 0;
            while k < pending.len() {
                if pending[k].contains(p) {
                    pending.swap_remove(k);
                } else {
                    k += 1;
                }
            }
            pending.is_empty()
        };
        // A big melee: the search goes only as far as the choice needs,
        // settling a few costs more at a time until no foe it has not
        // reached could be a threat or outscore the best it has.
        let (mut level, mut replay) = (if bounded { threat_level } else { u32::MAX }, true);
        loop {
            let field = Field::up_to(
                ground,
                f.pose,
                SEARCH_LIMIT,
                view.taken(),
                view.zones(),
                level,
                replay,
                &mut done,
            );
            weigh(battle, &mut foes, Some(&field), &open);
            let exact = field.exact_through();
            if decided(&foes, exact, threat_level, score_at) {
                break field;
            }
            (level, replay) = (exact + LEVEL_STEP, false);
        }
    });
    if field.is_none() {
        weigh(battle, &mut foes, None, &open);
    }
    let orders = |cards: Vec<CardOrder>| {
        Some(FigureOrders {
            figure: f.id,
            cards,
            shield: ShieldStance::Raise,
            when_busy: BusyStance::Defend,
            dodge: DodgeStance::Ask,
            moves: Default::default(),
        })
    };
    let order = |c: Card, t: FigureId| CardOrder::new(c, Some(t));
    let same = |c: Card, target: FigureId| orders(vec![order(c, target); tca]);
    let health = Health::of(f);
    let quiet = seen.quiet_rounds >= QUIET_ROUNDS;
    // The strongest first. Which foe is best, nearest or dearest to reach
    // does not hang on this order: each is chosen by a key ending in its id.
    foes.sort_by_key(|e| (std::cmp::Reverse(e.cf), e.id));
    let nearest = foes
        .iter()
        .min_by_key(|e| (f.pose.hex.distance(e.hex), e.id))?;
    let threats = || foes.iter().filter(|e| e.threat);
    let closest_threat = threats()
        .min_by_key(|e| (e.reaches_us_in, f.pose.hex.distance(e.hex), e.id))
        .unwrap_or(nearest);

    // 16.6, 16.9.6, 16.13.3: no attack card left open.
    if ![Card::A, Card::B, Card::C].into_iter().any(may) {
        let card = if constraint.limits.contains(&CardLimit::MustFlee) {
            pick(&[Card::F, Card::E])?
        } else if health.badly_hurt && room_to_back_off(battle, view.taken(), f, closest_threat.hex)
        {
            pick(&[Card::E, Card::D, Card::G])?
        } else {
            pick(&[Card::D, Card::E, Card::G])?
        };
        return same(card, closest_threat.id);
    }

    // 16.9.6 shaken, or badly hurt with a comrade still fighting: keep out
    // of the fight — hold (D) while nobody can reach it, draw away (E when an
    // enemy is about to strike, else F) while it can; cornered, it fights.
    let comrades = || {
        battle
            .figures()
            .iter()
            .filter(|a| a.side == f.side && a.id != f.id && a.condition.can_act())
    };
    let fit_comrade = comrades().any(|a| Health::of(a).fit(a));
    if !quiet && (health.shaken || (health.badly_hurt && fit_comrade)) {
        let card = if threats().next().is_none() {
            pick(&[Card::D])
        } else if !room_to_back_off(battle, view.taken(), f, closest_threat.hex) {
            None
        } else if threats().any(|e| e.imminent) {
            pick(&[Card::E, Card::F])
        } else {
            pick(&[Card::F, Card::E])
        };
        if let Some(card) = card {
            return same(card, closest_threat.id);
        }
    }

    // The target: the best blow we can land, nearest first among equals. A
    // foe whose cards comrades' attacks already use up meets ours as G (16.9.3).
    let score = |e: &Foe| e.cost.map_or(f64::MIN, |c| score_at(e, c));
    let best = foes
        .iter()
        .max_by(|a, b| score(a).total_cmp(&score(b)).then(b.id.cmp(&a.id)))
        .filter(|e| e.cost.is_some());

    // Out of reach both ways this round: G moves freely (16.9.1), round walls.
    let my_round = ap(f, Card::C) - f.strike_cost(tables());
    let out_of_reach = best.is_none_or(|e| e.cost.is_some_and(|c| f64::from(c) > my_round));
    if out_of_reach && !foes.iter().any(|e| e.charge_threat) && may(Card::G) {
        let target = best.unwrap_or(nearest).id;
        let follow = pick(&[Card::C, Card::G]).unwrap_or(Card::G);
        let mut cards = Vec::with_capacity(tca);
        cards.push(order(Card::G, target));
        cards.extend(std::iter::repeat_n(order(follow, target), tca - 1));
        return orders(cards);
    }
    let mut target = best.unwrap_or(nearest);

    // 16.9.3: outnumbered or outmatched by enemies about to strike, with a
    // capable comrade free to come: parry the strongest and hold until it does.
    let imminent = || threats().filter(|e| e.imminent);
    let n_imminent = imminent().count();
    let at_hand = |a: &Figure, rounds: f64| {
        f64::from(a.pose.hex.distance(f.pose.hex)) <= rounds * ap(a, Card::C)
    };
    let supporters = comrades()
        .filter(|a| Health::of(a).fit(a) && at_hand(a, 0.5))
        .count();
    let outnumbered = n_imminent > tca && n_imminent > supporters + 1;
    if let Some(strongest) = imminent().next() {
        let outmatched = strongest.cf - my_cf >= CLEARLY_BETTER;
        let help = comrades().any(|a| {
            let free =
                enemies(battle, f.side).all(|e| a.pose.hex.distance(e.pose.hex) > e.reach() + 1);
            free && at_hand(a, 1.0)
                && Health::of(a).fit(a)
                && combat_factor(a) > strongest.cf - CLEARLY_BETTER
        });
        if !quiet && (outnumbered || outmatched) && help && may(Card::D) {
            let cards = (0..tca)
                .map(|i| {
                    let e = imminent().nth(i.min(n_imminent - 1)).unwrap_or(strongest);
                    order(Card::D, e.id)
                })
                .collect();
            return orders(cards);
        }
        if outnumbered {
            // No help: thin them out, weakest (or most hurt) first.
            target = imminent()
                .min_by_key(|e| (e.cf - (5.0 * e.hurt) as i32, e.id))
                .unwrap_or(target);
        }
    }

    // Press a weaker or wounded foe; C by default.
    let diff = my_cf - target.cf;
    let visibly_hurt = target.hurt >= 1.0;
    let fatigue = f.condition.fatigue_left();
    let n = tca as f64;
    let mut card = if diff >= OVERWHELMING || (diff >= CLEARLY_BETTER && visibly_hurt) {
        Card::A
    } else if diff >= CLEARLY_BETTER || (diff >= 0 && visibly_hurt) {
        Card::B
    } else {
        Card::C
    };
    // 16.6: A costs 3 Fatigue a card, B 2; keep a margin for the rounds after.
    if card == Card::A && fatigue < 3.0 * n + 6.0 {
        card = Card::B;
    }
    if card == Card::B && fatigue < 2.0 * n + 4.0 {
        card = Card::C;
    }
    let card = pick(&[card, Card::C, Card::B, Card::A])?;
    // Room for every card: the rest are pushed below.
    let mut cards = Vec::with_capacity(tca);
    cards.push(order(card, target.id));
    // 16.9.3: a card for each other enemy that can reach us, so that it is
    // matched rather than met as G.
    for other in threats().filter(|e| e.id != target.id) {
        cards.push(order(pick(&[Card::C, card])?, other.id));
    }
    // Cards take effect in order (16.9.2): the nearest foe's first.
    cards.truncate(tca);
    let cost_of = |id: FigureId| {
        foes.iter()
            .find(|e| e.id == id)
            .and_then(|e| e.cost)
            .unwrap_or(u32::MAX)
    };
    cards.sort_by_key(|o| o.target.map_or(u32::MAX, cost_of));
    if cards.len() < tca {
        let hit_and_run = !quiet
            && health.hurt
            && may(Card::E)
            && room_to_back_off(battle, view.taken(), f, target.hex);
        while cards.len() + usize::from(hit_and_run) < tca {
            cards.push(order(card, target.id));
        }
        if hit_and_run {
            cards.push(order(Card::E, target.id));
        }
    }
    orders(cards)
}

/// Fills in what a search (`None`: engaged, every cost 0) tells of each
/// foe: a cost only where it is settled; past that the foe is `unsure`.
fn weigh(
    battle: &Battle,
    foes: &mut [Foe],
    field: Option<&Field>,
    open: &impl Fn(&StrikePoses) -> bool,
) {
    let exact = field.map_or(u32::MAX, Field::exact_through);
    // The settled cost of a goal, and whether it may lie beyond the search.
    let cheapest = |g: &Option<Rc<StrikePoses>>| -> (Option<u32>, bool) {
        let Some(g) = g else {
            return (None, false);
        };
        match field {
            Some(field) if open(g) => match field.best_strike_pose(g, |_| 0) {
                Some((_, c)) if c <= exact => (Some(c), false),
                _ => (None, exact != u32::MAX),
            },
            Some(_) => (None, false),
            None => (Some(0), false),
        }
    };
    let ap = |e: &Figure, c: Card| e.factors.ap(c).0;
    for foe in foes {
        let e = battle.figure(foe.id);
        let [mine, theirs] = &foe.goals;
        let (cost, unsure) = cheapest(mine);
        let (reaches_us_in, unsure_reach) = cheapest(theirs);
        let able = !e.condition.is_prone() && e.reach() > 0;
        let strike_cost = e.strike_cost(tables());
        let within = |budget: f64| {
            able && reaches_us_in.is_some_and(|c| f64::from(c) + strike_cost <= budget)
        };
        foe.cost = cost;
        foe.unsure = [unsure, unsure_reach];
        foe.reaches_us_in = reaches_us_in;
        foe.threat = within(ap(e, Card::C));
        foe.imminent = within(2.0 * e.factors.pulse_ma(Card::C).0);
        foe.charge_threat = within(ap(e, Card::A));
    }
}

/// Whether the orders chosen from `foes` as [`weigh`] filled them in, with
/// every cost up to `exact` settled, are those a search to the end would
/// give: every foe's threat is known (the search is past `threat_level`),
/// every threat's cost is known (cards are put in order by it), and no foe
/// whose cost is not known could outscore the best known target, even at
/// the least it could cost (`score_at` only falls as the cost rises).
fn decided(
    foes: &[Foe],
    exact: u32,
    threat_level: u32,
    score_at: impl Fn(&Foe, u32) -> f64,
) -> bool {
    if exact == u32::MAX || !foes.iter().any(|e| e.unsure[0] || e.unsure[1]) {
        return true;
    }
    if exact < threat_level || foes.iter().any(|e| e.threat && e.unsure[0]) {
        return false;
    }
    let best = foes
        .iter()
        .filter_map(|e| Some(score_at(e, e.cost?)))
        .max_by(f64::total_cmp);
    best.is_some_and(|best| {
        foes.iter()
            .filter(|e| e.unsure[0])
            .all(|e| score_at(e, exact + 1) < best)
    })
}

/// Whether a figure has somewhere to go that is farther from `from` (16.9.2:
/// a retreat must draw away "if possible").
fn room_to_back_off(battle: &Battle, taken: &HexSet, f: &Figure, from: Hex) -> bool {
    let d = f.pose.hex.distance(from);
    battle
        .map()
        .neighbors(f.pose.hex)
        .any(|h| battle.map().is_passable(h) && !taken.contains(h) && h.distance(from) > d)
}

/// The N-against-N melees of the benchmarks (`examples/melee`).
#[cfg(test)]
#[path = "../../../examples/melee/generate.rs"]
mod generate;

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::generate;
    use super::*;
    use crate::engine::Prompt;
    use crate::scenario;

    /// Issue 19: a search that stops once no foe it has not reached could
    /// be a threat or a better target gives every side's orders exactly as
    /// a search to the end does, round after round of the skirmish (walls),
    /// the big battle at the ford (archers, a beast, 24 figures) and
    /// generated melees whose lines are wider than a round's charge.
    #[test]
    fn bounded_searches_give_the_orders_of_searches_to_the_end() {
        let scenarios = [
            (
                "skirmish.ron",
                include_str!("../../../scenarios/skirmish.ron").to_string(),
            ),
            (
                "ford.ron",
                include_str!("../../../scenarios/ford.ron").to_string(),
            ),
            ("melee-16.ron", generate::melee(16, 1)),
            ("melee-32.ron", generate::melee(32, 2)),
        ];
        let mut compared = 0;
        for (name, text) in &scenarios {
            let checked = scenario::parse(Path::new(name), text).unwrap();
            for seed in 0..3 {
                let mut battle = Battle::new(&checked, seed).unwrap();
                while battle.round() <= 12 && battle.outcome().is_none() {
                    let prompt = battle.prompt();
                    if let Prompt::Orders { side } = prompt {
                        let bounded = orders_searching(&battle, side.0, true);
                        let to_the_end = orders_searching(&battle, side.0, false);
                        assert_eq!(bounded, to_the_end, "{name}, seed {seed}, {prompt:?}");
                        compared += bounded.len();
                    }
                    let command = super::super::answer(&battle, &prompt);
                    battle.submit(command).unwrap();
                }
            }
        }
        assert!(compared > 2000, "{compared} figures' orders compared");
    }
}
