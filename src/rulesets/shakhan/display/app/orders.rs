//! Sealed orders being written for one side (16.14.1): cards per figure,
//! their targets and aims, the AI's proposal, and the strike odds preview.

use crate::hex::{Goal, Hex};
use crate::rulesets::shakhan::ai;
use crate::rulesets::shakhan::engine::{
    Battle, BusyStance, CardOrder, Command, DodgeStance, Event, Figure, FigureOrders,
    MissileIntent, MoveStance, Prompt, ShieldStance,
};
use crate::rulesets::shakhan::odds;
use crate::rulesets::shakhan::rules::brawl::{BrawlForm, BrawlIntent};
use crate::rulesets::shakhan::rules::tables::actions::Activity;
use crate::rulesets::shakhan::rules::tables::tables;
use crate::rulesets::shakhan::rules::{BodyArea, Card};
use crate::seam::{FigureId, SideId};

use super::super::keys::Action;
use super::App;

/// One side's orders as entered so far: a row for every figure of the side
/// still in the fight, cards possibly empty (left out: it plays G).
#[derive(Debug, Clone, PartialEq)]
pub struct OrdersDraft {
    pub side: SideId,
    pub orders: Vec<FigureOrders>,
    /// What the selected figure's last attack card would do.
    pub odds: Option<OddsPreview>,
    /// The orders before each edit, for `u`.
    history: Vec<Vec<FigureOrders>>,
}

/// The chances of the strike a card would make (16.15.2–4), the defender
/// assumed to play C: its card is sealed.
#[derive(Debug, Clone, PartialEq)]
pub struct OddsPreview {
    pub attacker: FigureId,
    pub defender: FigureId,
    pub card: Card,
    pub defence_card: Card,
    pub threshold: Option<i32>,
    pub p_strike: f64,
    pub p_penetrate: f64,
    pub p_critical: f64,
}

impl OrdersDraft {
    /// An empty draft; `moves` is how figures move unless `M` says otherwise.
    pub fn new(battle: &Battle, side: SideId, moves: MoveStance) -> OrdersDraft {
        OrdersDraft {
            side,
            orders: battle
                .figures()
                .iter()
                .filter(|f| f.side == side.0 && f.condition.can_act())
                .map(|f| FigureOrders {
                    figure: f.id,
                    cards: Vec::new(),
                    // The choices a side makes most rounds (16.15.4: a
                    // shield is raised; a dodge costs an AP), changed with
                    // s, D and M; asking at each blow costs the table keys.
                    shield: ShieldStance::Raise,
                    when_busy: BusyStance::Ask,
                    dodge: DodgeStance::Never,
                    moves,
                })
                .collect(),
            odds: None,
            history: Vec::new(),
        }
    }

    /// Nothing has been entered yet.
    pub fn untouched(&self) -> bool {
        self.history.is_empty()
    }

    /// Take back the last edit; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        self.history.pop().map(|o| self.orders = o).is_some()
    }

    /// Put `orders` (sealed, then undone) back in the draft, figure by
    /// figure; the figures they leave out keep an empty row (G).
    pub fn restore(&mut self, orders: &[FigureOrders]) {
        let before = self.orders.clone();
        for o in &mut self.orders {
            if let Some(sealed) = orders.iter().find(|s| s.figure == o.figure) {
                *o = sealed.clone();
            }
        }
        if self.orders != before {
            self.history.push(before);
        }
    }

    /// Put `orders` in the rows of the figures they name (repeat, pins),
    /// keeping only targets still in the fight.
    fn fill(&mut self, battle: &Battle, orders: &[FigureOrders]) -> usize {
        let mut filled = 0;
        for o in &mut self.orders {
            if let Some(given) = orders.iter().find(|g| g.figure == o.figure) {
                *o = given.clone();
                for c in &mut o.cards {
                    c.target = c.target.filter(|&t| !battle.figure(t).condition.is_out());
                }
                filled += 1;
            }
        }
        filled
    }

    pub fn of(&self, figure: FigureId) -> Option<&FigureOrders> {
        self.orders.iter().find(|o| o.figure == figure)
    }

    fn of_mut(&mut self, figure: FigureId) -> Option<&mut FigureOrders> {
        self.orders.iter_mut().find(|o| o.figure == figure)
    }

    /// The command that seals these orders: figures without cards are left
    /// out and play G (16.14.1).
    pub fn command(&self) -> Command {
        Command::Orders {
            side: self.side,
            orders: self
                .orders
                .iter()
                .filter(|o| !o.cards.is_empty())
                .cloned()
                .collect(),
        }
    }
}

/// Shakhàn 16.9.4, 16.9.8: one figure's Action Points as its draft
/// stands, from the engine's own award, and what its cards plan to spend.
#[derive(Debug, Clone, PartialEq)]
pub struct Budget {
    /// The round's AP the reveal would award.
    pub ap: f64,
    /// The pulse allowance: the full award over the pulses of a round.
    pub pulse_ap: f64,
    pub full: f64,
    pub pulses: u32,
    /// AP the cards plan to spend: strikes, shots, a G card's action.
    pub planned: f64,
    /// What the panel warns of before the orders are sealed.
    pub warnings: Vec<String>,
}

impl Budget {
    pub fn left(&self) -> f64 {
        self.ap - self.planned
    }
}

/// The budget of one figure's draft orders (the cards written so far; none
/// is a G).
pub fn budget(battle: &Battle, o: &FigureOrders) -> Budget {
    let f = battle.figure(o.figure);
    let cards: Vec<Card> = o.cards.iter().map(|c| c.card).collect();
    let award = battle.ap_award(o.figure, &cards);
    let pulses = tables().actions.pulses_per_round;
    let planned = battle.planned_cost(o);
    let mut warnings = Vec::new();
    if planned > award.ap + 1e-9 {
        warnings.push(format!(
            "{} plans {} AP of strikes and actions but its cards give {}: what comes last will not happen",
            f.name,
            fmt(planned),
            fmt(award.ap)
        ));
    }
    for c in &o.cards {
        if let Some(a) = c.action {
            let cost = tables().actions.cost(a);
            if cost > award.ap + 1e-9 {
                warnings.push(format!(
                    "{}: {} takes {} AP, more than this round's {}; it goes on into later rounds while {} plays G (16.9.8)",
                    f.name,
                    activity_word(a),
                    fmt(cost),
                    fmt(award.ap),
                    f.name
                ));
            }
        }
        if let Some(m) = c.missile
            && f.missile.loaded != Some(m.weapon)
        {
            warnings.push(unloaded(f, m.weapon, c.card));
        }
    }
    Budget {
        ap: award.ap,
        pulse_ap: award.pulse_ap,
        full: award.pulse_ap * f64::from(pulses),
        pulses,
        planned,
        warnings,
    }
}

/// Shakhàn 16.14.3.4, 16.5.2: a missile order on a weapon not loaded
/// looses nothing this round; under G it begins the loading.
fn unloaded(f: &Figure, weapon: usize, card: Card) -> String {
    let name = f
        .factors
        .missile_weapons
        .get(weapon)
        .map_or("missile weapon", |w| w.name.as_str());
    if card == Card::G {
        format!(
            "{}'s {name} is not loaded: under G it only loads this round, to shoot in a later one (16.14.3.4)",
            f.name
        )
    } else {
        format!(
            "{}'s {name} is not loaded: under {card} nothing is shot this round; play G to load it (16.14.3.4)",
            f.name
        )
    }
}

/// The AP the round would give `o`'s figure with `card` added to its cards
/// (16.9.4: the best card counts, so a lesser card adds nothing).
pub fn ap_with(battle: &Battle, o: &FigureOrders, card: Card) -> f64 {
    let mut cards: Vec<Card> = o.cards.iter().map(|c| c.card).collect();
    cards.push(card);
    battle.ap_award(o.figure, &cards).ap
}

/// Shakhàn 16.9.8: the hexes `o`'s figure could reach in one pulse with the
/// allowance its draft cards give, around other figures (facing kept free).
pub(super) fn reach(battle: &Battle, o: &FigureOrders) -> Vec<Hex> {
    let f = battle.figure(o.figure);
    if !f.condition.can_act() || f.condition.is_prone() {
        return Vec::new();
    }
    let cards: Vec<Card> = o.cards.iter().map(|c| c.card).collect();
    let allowance = battle.ap_award(o.figure, &cards).pulse_ap;
    let occupied: Vec<Hex> = battle
        .figures()
        .iter()
        .filter(|x| x.id != f.id && x.occupies())
        .map(|x| x.pose.hex)
        .collect();
    let costs = crate::rulesets::shakhan::rules::STEP_COSTS;
    let map = battle.map();
    map.within(f.pose.hex, allowance.ceil() as u32)
        .filter(|&h| h != f.pose.hex && !occupied.contains(&h))
        .filter(|&h| {
            map.find_path(f.pose, Goal::Hex(h), &costs, |x| occupied.contains(&x))
                .ok()
                .flatten()
                .is_some_and(|p| p.total as f64 <= allowance + 1e-9)
        })
        .collect()
}

/// AP as the panel writes them: whole numbers bare, else one decimal.
fn fmt(v: f64) -> String {
    super::moves::fmt_ap(v)
}

/// Shakhàn 16.15.2: the odds of the selected figure's last attack card
/// against its target (or the nearest enemy) from the battle as it stands.
pub(super) fn odds(
    battle: &Battle,
    d: &OrdersDraft,
    selected: Option<FigureId>,
) -> Option<OddsPreview> {
    let id = selected?;
    let card = d.of(id)?.cards.last()?;
    if !matches!(card.card, Card::A | Card::B | Card::C) {
        return None;
    }
    let defender = card.target.or_else(|| battle.nearest_enemy(id))?;
    let defence_card = Card::C;
    let m = odds::matchup_now(battle, id, defender, card.card, defence_card, card.aim)?;
    let o = odds::strike_odds(&m, tables());
    Some(OddsPreview {
        attacker: id,
        defender,
        card: card.card,
        defence_card,
        threshold: o.threshold.map(|t| t.total),
        p_strike: o.p_strike,
        p_penetrate: o.p_penetrate,
        p_critical: o.p_critical,
    })
}

/// What the map shows of the selected figure's moves while its orders are
/// written (16.9.7): the way toward its card's target, and a word.
pub(super) fn plan_preview(
    battle: &Battle,
    d: &OrdersDraft,
    selected: Option<FigureId>,
) -> Option<(Vec<Hex>, String)> {
    let id = selected?;
    let o = d.of(id)?;
    let f = battle.figure(id);
    let card = o.cards.first().map(|c| c.card);
    let target = o
        .cards
        .first()
        .and_then(|c| c.target)
        .or_else(|| battle.nearest_enemy(id));
    let word = match (o.moves, card) {
        (MoveStance::Stand, _) => return Some((vec![f.pose.hex], "stands".into())),
        (MoveStance::Ask, _) => return None,
        (MoveStance::WithCard, Some(Card::E | Card::F)) => "draws back",
        (MoveStance::WithCard, Some(Card::A | Card::B | Card::C)) => "closes",
        (MoveStance::WithCard, _) => return None,
    };
    let enemy = battle.figure(target?);
    if word == "draws back" {
        return Some((vec![f.pose.hex], format!("draws back from {}", enemy.name)));
    }
    let occupied = |h: Hex| {
        h != enemy.pose.hex
            && battle
                .figures()
                .iter()
                .any(|o| o.id != id && o.occupies() && o.pose.hex == h)
    };
    let path = battle
        .map()
        .find_path(
            f.pose,
            Goal::Hex(enemy.pose.hex),
            &crate::rulesets::shakhan::rules::STEP_COSTS,
            occupied,
        )
        .ok()
        .flatten()?;
    let mut hexes = vec![f.pose.hex];
    hexes.extend(path.steps.iter().map(|s| s.pose.hex));
    hexes.dedup();
    // The way ends beside the enemy, not in its hex.
    hexes.pop();
    Some((hexes, format!("closes on {}", enemy.name)))
}

/// The aims a card can take, in the order `m` cycles them.
fn next_aim(aim: Option<BodyArea>) -> Option<BodyArea> {
    match aim {
        None => Some(BodyArea::ALL[0]),
        Some(a) => BodyArea::ALL
            .iter()
            .position(|&x| x == a)
            .and_then(|i| BodyArea::ALL.get(i + 1).copied()),
    }
}

/// Shakhàn 16.9.4: the non-combat actions `n` cycles under G, with the word
/// the orders panel shows; anything rarer is the Referee's (`Other`).
const ACTIVITIES: [(Activity, &str); 12] = [
    (Activity::LoadMissile, "load"),
    (Activity::PickUpItem, "pick up"),
    (Activity::DropItem, "drop"),
    (Activity::GrabHold, "grab"),
    (Activity::DonArmourPiece, "don armour"),
    (Activity::DiscardArmourPiece, "shed armour"),
    (Activity::UnstopBottle, "unstop"),
    (Activity::TakeDose, "take dose"),
    (Activity::CutRope, "cut rope"),
    (Activity::SetAfire, "set afire"),
    (Activity::Shout, "shout"),
    (Activity::CastSpell, "cast spell"),
];

/// The panel's word for an activity.
pub fn activity_word(a: Activity) -> String {
    ACTIVITIES
        .iter()
        .find(|(x, _)| *x == a)
        .map_or_else(|| a.to_string(), |(_, w)| w.to_string())
}

/// The next of `list` after `now` (the first after `None`), `None` after the last.
fn cycle<T: Copy + PartialEq>(list: &[T], now: Option<T>) -> Option<T> {
    match now {
        None => list.first().copied(),
        Some(x) => list
            .iter()
            .position(|&y| y == x)
            .and_then(|i| list.get(i + 1).copied()),
    }
}

/// Shakhàn 16.10.4: the brawling forms `f` may declare under `card`, by the
/// rules' own refusal (the card, Martial Arts skill).
fn brawl_forms(f: &Figure, card: Card) -> Vec<BrawlForm> {
    BrawlForm::ALL
        .into_iter()
        .filter(|&form| {
            BrawlIntent::new(form)
                .refusal(card, f.character.martial_arts_level)
                .is_none()
        })
        .collect()
}

/// The change one intent key makes to a card, or why it cannot.
fn intent(action: Action, f: &Figure, c: &mut CardOrder) -> Result<(), String> {
    match action {
        Action::CycleBrawl => {
            let forms = brawl_forms(f, c.card);
            if forms.is_empty() {
                return Err(format!("no brawling form goes with {} (16.10.4)", c.card));
            }
            c.brawl = cycle(&forms, c.brawl.map(|b| b.form)).map(BrawlIntent::new);
        }
        Action::ToggleLethal => match &mut c.brawl {
            Some(b) if b.form.may_be_lethal() && b.form != BrawlForm::FlyingDropKick => {
                b.lethal = !b.lethal
            }
            _ => {
                return Err(
                    "only a Martial Arts hand-chop or kick is declared lethal (16.10.4.6–7)".into(),
                );
            }
        },
        Action::CycleMissile => {
            let n = f.factors.missile_weapons.len();
            if n == 0 {
                return Err(format!("{} has no missile weapon", f.name));
            }
            let weapons: Vec<usize> = (0..n).collect();
            c.missile = cycle(&weapons, c.missile.map(|m| m.weapon)).map(|weapon| MissileIntent {
                weapon,
                hold: false,
                warn: false,
            });
        }
        Action::ToggleHold | Action::ToggleWarn => {
            let Some(m) = &mut c.missile else {
                return Err("choose a missile weapon first (o)".into());
            };
            if action == Action::ToggleHold {
                m.hold = !m.hold;
            } else {
                m.warn = !m.warn;
            }
        }
        Action::CycleActivity => {
            if c.card != Card::G {
                return Err("a non-combat action is taken under G (16.9.4)".into());
            }
            let list = ACTIVITIES.map(|(a, _)| a);
            c.action = cycle(&list, c.action);
        }
        Action::ToggleSpeaks => {
            if c.card != Card::G {
                return Err("three sentences of instructions come with G alone (16.9.5)".into());
            }
            c.speaks = !c.speaks;
        }
        Action::ToggleCombine => {
            if c.card != Card::G || c.action.is_none() {
                return Err("combine a G card's non-combat action (n) with moves (16.9.4)".into());
            }
            c.combine = !c.combine;
        }
        _ => {}
    }
    Ok(())
}

impl App {
    /// The enemy of the side entering orders under the cursor, if any.
    fn enemy_under_cursor(&self, side: SideId) -> Option<FigureId> {
        self.battle()
            .figures()
            .iter()
            .find(|f| f.pose.hex == self.map.cursor && f.side != side.0 && !f.condition.is_out())
            .map(|f| f.id)
    }

    /// One key of order entry; an edit that changed the draft can be undone.
    pub(super) fn orders_action(&mut self, action: Action) {
        let before = self.orders.as_ref().map(|d| (d.side, d.orders.clone()));
        self.orders_edit(action);
        // After a seal the draft is the next side's: nothing of the sealed
        // orders may reach its undo.
        if let (Some((side, before)), Some(d)) = (before, &mut self.orders)
            && d.side == side
            && d.orders != before
        {
            d.history.push(before);
        }
    }

    fn orders_edit(&mut self, action: Action) {
        let Some(draft) = &self.orders else { return };
        let side = draft.side;
        if action == Action::Seal {
            let command = draft.command();
            // Said only while another side still writes: after the reveal
            // the orders are no longer sealed.
            let round = self.battle().round();
            if !self.submit(command) {
                return;
            }
            let name = self.battle().sides()[side.0].name.clone();
            if self.battle().round() == round
                && matches!(self.battle().prompt(), Prompt::Orders { .. })
            {
                let name = crate::words::possessive(&name);
                self.info(format!("{name} orders are sealed, face down"));
            } else if self.note.is_none() {
                self.info(format!(
                    "{name} sealed last: every side's orders are revealed"
                ));
            }
            return;
        }
        if action == Action::RepeatOrders {
            self.repeat_orders(side);
            return;
        }
        if action == Action::ProposeAll {
            let ids: Vec<FigureId> = draft.orders.iter().map(|o| o.figure).collect();
            for id in ids {
                self.propose(id);
            }
            self.refresh();
            return;
        }
        let Some(id) = self.map.selected.filter(|&id| draft.of(id).is_some()) else {
            self.error("select a figure of the side first (Tab)");
            return;
        };
        let target = self.enemy_under_cursor(side);
        let f = self.battle().figure(id).clone();
        // 16.3: close quarters and nets may hold the allowance down.
        let tca = self.battle().tca(id) as usize;
        let may_combine = self.battle().options().combined_actions;
        let draft = self.orders.as_mut().expect("checked above");
        let o = draft.of_mut(id).expect("checked above");
        let mut problem = None;
        match action {
            Action::Card(card) => {
                if o.cards.len() >= tca {
                    problem = Some(format!(
                        "{} may play {} a round (TCA, 16.3); u takes one back",
                        f.name,
                        crate::words::counted(tca, "card")
                    ));
                } else if let Err(why) = f.condition.allows(card) {
                    problem = Some(format!("{} cannot play {card}: {why}", f.name));
                } else {
                    o.cards.push(CardOrder::new(card, target));
                }
            }
            Action::CycleMoves => o.moves = super::standing::next_moves(o.moves),
            Action::PinOrders => {
                let pinned = o.clone();
                let name = f.name.clone();
                if let Some(i) = self.templates.iter().position(|t| t.figure == id) {
                    self.templates.remove(i);
                    self.info(format!("{name}'s orders are no longer pinned"));
                } else {
                    self.templates.push(pinned);
                    self.info(format!(
                        "{name}'s orders are pinned: its row starts with them every round (p unpins)"
                    ));
                }
            }
            Action::TargetCursor => match (o.cards.last_mut(), target) {
                (Some(c), Some(t)) => c.target = Some(t),
                (None, _) => problem = Some("add a card first (a-g)".into()),
                (_, None) => problem = Some("put the cursor on an enemy first".into()),
            },
            Action::CycleAim => match o.cards.last_mut() {
                Some(c) if matches!(c.card, Card::A | Card::B | Card::C) => c.aim = next_aim(c.aim),
                _ => {
                    problem = Some("only an attack card (A, B or C) can be aimed (16.15.3)".into())
                }
            },
            Action::CycleShield if f.character.shield.is_none() => {
                problem = Some(format!(
                    "{} has no shield: no shield stance to set (16.9.4)",
                    f.name
                ));
            }
            Action::CycleShield => {
                o.shield = match o.shield {
                    ShieldStance::Ask => ShieldStance::Raise,
                    ShieldStance::Raise => ShieldStance::Lower,
                    ShieldStance::Lower => ShieldStance::Ask,
                }
            }
            Action::CycleDodge => {
                o.dodge = match o.dodge {
                    DodgeStance::Ask => DodgeStance::Always,
                    DodgeStance::Always => DodgeStance::Never,
                    DodgeStance::Never => DodgeStance::Ask,
                }
            }
            Action::ToggleCombine if !may_combine => {
                problem = Some(
                    "the Referee has not allowed combining a move with an action \
                     (16.9.4; scenario option combined_actions)"
                        .into(),
                );
            }
            Action::CycleBrawl
            | Action::ToggleLethal
            | Action::CycleMissile
            | Action::ToggleHold
            | Action::ToggleWarn
            | Action::CycleActivity
            | Action::ToggleSpeaks
            | Action::ToggleCombine => match o.cards.last_mut() {
                Some(c) => problem = intent(action, &f, c).err(),
                None => problem = Some("add a card first (a-g)".into()),
            },
            Action::Propose => {
                self.propose(id);
            }
            _ => {}
        }
        // 16.14.3.4: said when the weapon is chosen, not only in the panel.
        let unloaded_note = self
            .orders
            .as_ref()
            .and_then(|d| d.of(id))
            .and_then(|o| o.cards.last())
            .filter(|_| action == Action::CycleMissile && problem.is_none())
            .and_then(|c| c.missile.map(|m| (m.weapon, c.card)))
            .filter(|&(w, _)| f.missile.loaded != Some(w))
            .map(|(w, card)| unloaded(&f, w, card));
        if let Some(p) = problem {
            self.error(p);
        } else if let Some(n) = unloaded_note {
            self.info(n);
        }
        self.refresh();
    }

    /// The AI's cards for one figure put in the draft, to be edited; the
    /// figure keeps its stances (the AI answers its own dodge and movement
    /// questions; a person asked them at every blow would pay keys for it).
    fn propose(&mut self, id: FigureId) {
        let proposal = ai::figure_orders(self.battle(), id);
        if let Some(o) = self.orders.as_mut().and_then(|d| d.of_mut(id)) {
            match proposal {
                Some(p) => o.cards = p.cards,
                None => o.cards.clear(),
            }
        }
    }

    /// `.`: the orders the side's figures played last round, again.
    fn repeat_orders(&mut self, side: SideId) {
        let b = self.battle();
        // The reveal of an earlier round: this round's has not happened yet.
        let mut began = false;
        let last = b.events().iter().rev().find_map(|e| match e {
            Event::RoundBegan { .. } if !began => {
                began = true;
                None
            }
            Event::OrdersRevealed { orders, .. } if began => Some(orders.clone()),
            _ => None,
        });
        let Some(last) = last else {
            self.error("no earlier round to repeat: this is the first");
            return;
        };
        let own: Vec<FigureOrders> = last
            .into_iter()
            .filter(|o| b.figure(o.figure).side == side.0)
            .collect();
        let b = self.session.battle();
        let filled = self.orders.as_mut().map_or(0, |d| d.fill(b, &own));
        self.info(format!(
            "last round's orders again for {}; edit them, Enter seals",
            crate::words::counted(filled, "figure")
        ));
    }

    /// A new draft starts with the figures' pinned orders.
    pub(super) fn fill_pinned(&mut self) {
        let b = self.session.battle();
        if let Some(d) = &mut self.orders {
            d.fill(b, &self.templates);
        }
    }
}
