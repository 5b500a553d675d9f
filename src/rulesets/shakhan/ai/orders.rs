//! Tactic Card choice (16.9.1–16.9.3, 16.3): per figure, up to its TCA cards
//! from what its side can see.

use std::cell::OnceCell;
use std::rc::Rc;

use super::approach::{Approaches, Source, WAYS};
use super::field::Ground;
use super::{HexSet, Seen, combat_factor, enemies, hit_chance, occupied};
use crate::hex::{Hex, Step, Terrain, ZoneShape};
use crate::rulesets::shakhan::engine::Figure;
use crate::rulesets::shakhan::engine::{
    Battle, BusyStance, CardOrder, DodgeStance, FigureOrders, ShieldStance,
};
use crate::rulesets::shakhan::rules::Card;
use crate::rulesets::shakhan::rules::condition::{CardLimit, Morale, Status};
use crate::rulesets::shakhan::rules::tables::tables;
use crate::seam::FigureId;

/// Combat Differential from which one side is clearly the better (16.15.2:
/// the MCRT's 11–20 band).
const CLEARLY_BETTER: i32 = 11;
/// Combat Differential from which one side overwhelms the other (21–30 band).
const OVERWHELMING: i32 = 21;
/// Whole rounds without a strike after which nobody holds back any more
/// (parrying or backing off), so that every battle comes to a decision.
const QUIET_ROUNDS: u32 = 2;

/// Orders for every figure of `side` that can still act, in scenario order;
/// each figure knows whom its comrades before it chose to attack.
pub(super) fn side_orders(battle: &Battle, side: usize) -> Vec<FigureOrders> {
    let view = View {
        battle,
        side,
        seen: Seen::of(battle),
        taken: OnceCell::new(),
        ground: Ground::of(battle.shared_map()),
        threats: OnceCell::new(),
        longest: enemies(battle, side).map(Figure::reach).max().unwrap_or(0),
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
        if let Some(mut o) = orders_for(battle, &view, &attackers, f) {
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

/// What a side plans its orders from, the same for each of its figures,
/// each part worked out when first needed.
struct View<'a> {
    battle: &'a Battle,
    side: usize,
    seen: Seen,
    taken: OnceCell<HexSet>,
    ground: Rc<Ground>,
    /// Where the side's enemies could get this round.
    threats: OnceCell<Rc<Approaches>>,
    /// The longest reach among the enemies.
    longest: u32,
}

impl View<'_> {
    /// Hexes figures hold.
    fn taken(&self) -> &HexSet {
        self.taken.get_or_init(|| occupied(self.battle))
    }

    /// Every enemy, from where it stands, as far as it could go this round
    /// and still strike (under C, two pulses of C, or A). One prone or
    /// without a weapon is swept too: it is no threat ([`Foe::weigh`]), but
    /// a target, and the way back to it is ours.
    fn threats(&self) -> &Approaches {
        self.threats.get_or_init(|| {
            let sources: Vec<Source> = enemies(self.battle, self.side)
                .filter_map(|e| {
                    Some(Source {
                        figure: e.id,
                        cell: self.ground.cell(e.pose.hex)?,
                        limit: striking_distance(e),
                    })
                })
                .collect();
            // What the side's figures will read: the hexes within reach of
            // each, its own or an enemy's.
            let wanted = (self.battle.figures().iter())
                .filter(|f| f.side == self.side && f.condition.can_act())
                .flat_map(|f| {
                    let round = self.round(f);
                    (0..round.len()).map(move |i| round[i])
                })
                .collect();
            Approaches::kept(&self.ground, sources, self.taken(), wanted)
        })
    }

    /// The hexes whose enemies [`foes_of`] weighs for `f`.
    fn round(&self, f: &Figure) -> Rc<[u32]> {
        let reach = self.longest.max(f.reach());
        self.ground.strike_cells(f.pose.hex, reach)
    }
}

/// The most a way to a foe may cost `e` in Action Points if it is still to
/// strike this round: under C, within two pulses of C, or charging under A.
fn striking_distance(e: &Figure) -> u32 {
    let ap = |c: Card| e.factors.ap(c).0;
    let budget = ap(Card::C)
        .max(2.0 * e.factors.pulse_ma(Card::C).0)
        .max(ap(Card::A));
    (budget - e.strike_cost(tables()) + 1e-9).max(0.0).floor() as u32
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
    /// The cost of our way to have it in our Strike Zone (its way to a hex
    /// within our reach, walked back), if it could get there this round.
    cost: Option<u32>,
    /// Action Points its way to have us in its reach costs it, if it could
    /// still strike this round after ([`Approaches::threats`]).
    reaches_us_in: Option<u32>,
    /// It could strike us this round under C, or under A, or within the
    /// first two pulses under C.
    threat: bool,
    imminent: bool,
    charge_threat: bool,
    /// What the table can see of its wounds.
    hurt: f64,
}

impl Foe {
    fn of(battle: &Battle, e: &Figure) -> Foe {
        Foe {
            id: e.id,
            hex: e.pose.hex,
            cf: combat_factor(e),
            tca: battle.tca(e.id),
            cost: None,
            reaches_us_in: None,
            threat: false,
            imminent: false,
            charge_threat: false,
            hurt: visible_hurt(e),
        }
    }

    /// Whether it could strike us this round after its way here, under C,
    /// within two pulses of C, or charging under A.
    fn weigh(&mut self, e: &Figure) {
        let ap = |c: Card| e.factors.ap(c).0;
        let strike_cost = e.strike_cost(tables());
        let able = !e.condition.is_prone() && e.reach() > 0;
        let within = |budget: f64| {
            able && (self.reaches_us_in).is_some_and(|c| f64::from(c) + strike_cost <= budget)
        };
        self.threat = within(ap(Card::C));
        self.imminent = within(2.0 * e.factors.pulse_ma(Card::C).0);
        self.charge_threat = within(ap(Card::A));
    }
}

/// The enemies a figure weighs: those that could get within its reach
/// this round (it could get at them for about as much, the way back), those
/// that could get within theirs of it ([`Approaches::threats`] at the hexes
/// round it), and the nearest of all. Every other enemy is too far to matter
/// this round.
fn foes_of(battle: &Battle, view: &View, f: &Figure) -> Vec<Foe> {
    let mut foes: Vec<Foe> = Vec::with_capacity(2 * WAYS + 1);
    let foe = |id: FigureId, foes: &mut Vec<Foe>| -> usize {
        match foes.iter().position(|e| e.id == id) {
            Some(k) => k,
            None => {
                foes.push(Foe::of(battle, battle.figure(id)));
                foes.len() - 1
            }
        }
    };
    let my_reach = f.reach();
    let threats = view.threats();
    for &cell in view.round(f).iter() {
        let hex = view.ground.hex(cell);
        let d = hex.distance(f.pose.hex);
        for w in threats.at(hex) {
            let reaches_us = battle.figure(w.figure).reach() >= d;
            if !reaches_us && d > my_reach {
                continue;
            }
            let k = foe(w.figure, &mut foes);
            let least = |c: &mut Option<u32>| *c = Some(c.map_or(w.cost, |c| c.min(w.cost)));
            if reaches_us {
                least(&mut foes[k].reaches_us_in);
            }
            if d <= my_reach {
                least(&mut foes[k].cost);
            }
        }
    }
    if let Some(e) = enemies(battle, f.side).min_by_key(|e| (f.pose.hex.distance(e.pose.hex), e.id))
    {
        foe(e.id, &mut foes);
    }
    for e in &mut foes {
        if e.cost == Some(0) {
            e.cost = Some(turn_to_strike(f, e.hex));
        }
        e.weigh(battle.figure(e.id));
    }
    foes
}

/// Action Points to turn to strike a foe at `target` already in reach of
/// where `f` stands (a way that moves ends facing it for no more than its
/// steps cost).
fn turn_to_strike(f: &Figure, target: Hex) -> u32 {
    if f.character.strike_zone == ZoneShape::AllRound || f.pose.in_front_arc(target) {
        return 0;
    }
    f.pose.hex.facing_toward(target).map_or(0, |to| {
        crate::rulesets::shakhan::rules::STEP_COSTS.step_cost(
            f.pose.facing,
            Step::Pivot { to },
            Terrain::Open,
        )
    })
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
fn orders_for(battle: &Battle, view: &View, attackers: &[u32], f: &Figure) -> Option<FigureOrders> {
    let seen = &view.seen;
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
    let mut foes = foes_of(battle, view, f);
    let ap = |e: &Figure, c: Card| e.factors.ap(c).0;
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

/// Whether a figure has somewhere to go that is farther from `from` (16.9.2:
/// a retreat must draw away "if possible").
fn room_to_back_off(battle: &Battle, taken: &HexSet, f: &Figure, from: Hex) -> bool {
    let d = f.pose.hex.distance(from);
    battle
        .map()
        .neighbors(f.pose.hex)
        .any(|h| battle.map().is_passable(h) && !taken.contains(h) && h.distance(from) > d)
}
