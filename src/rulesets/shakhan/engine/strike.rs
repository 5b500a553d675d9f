//! Who strikes whom in an Attack Phase (16.14.3.6), which cards count
//! (16.9.2, 16.9.3), and turning a strike into an event.

use super::command::{BusyStance, DodgeStance, ShieldStance};
use super::event::{Event, Phase, StrikeEvent, StrikeResolution};
use super::flow::pulses;
use super::state::{Battle, Figure, Gear, PendingStrike};
use crate::hex::{Aspect, Hex};
use crate::rulesets::shakhan::rules::character::{Character, Factors};
use crate::rulesets::shakhan::rules::condition::wound_calls_for_morale;
use crate::rulesets::shakhan::rules::melee::{
    self, MidAction, Scores, ShieldUse, StrikeOptions, Striker, Target,
};
use crate::rulesets::shakhan::rules::tables::Tables;
use crate::rulesets::shakhan::rules::tables::actions::{Activity, StrikeRight};
use crate::rulesets::shakhan::rules::tables::armour;

use crate::rulesets::shakhan::rules::trample::dodge_threshold;
use crate::rulesets::shakhan::rules::wound::Wound;
use crate::rulesets::shakhan::rules::{BodyArea, Card};
use crate::seam::FigureId;

/// What an attacker may strike with this instant, whoever the target.
struct Means {
    /// A Cautious Retreat (E) strikes only at those who struck at it first.
    only_at_attackers: bool,
    reach: u32,
}

/// The longest reach in hexes: a pole weapon's (16.10.2).
pub(super) const LONGEST_REACH: u32 = 2;

/// Whether `t`, standing at `at`, is an enemy still in the fight close
/// enough for the longest reach. Most pairs are not: the cheapest test of a
/// strike comes first.
fn within_reach(a: &Figure, t: &Figure, at: Hex) -> bool {
    t.side != a.side && a.pose.hex.distance(at) <= LONGEST_REACH && !t.condition.is_out()
}

/// Whether `t` is an enemy of `a` still in the fight: [`within_reach`] for
/// a figure the index of where figures stand found within reach.
fn foe_in_fight(a: &Figure, t: &Figure) -> bool {
    t.side != a.side && !t.condition.is_out()
}

impl Battle {
    /// The pulse the battle is in (0 before the first Attack Phase).
    pub(super) fn pulse(&self) -> u8 {
        match self.phase {
            Phase::Attack { pulse, .. }
            | Phase::Action { pulse, .. }
            | Phase::FigureAction { pulse, .. } => pulse,
            _ => 0,
        }
    }

    /// Shakhàn 16.9.2, 16.14.3.6 (docs/RULINGS.md "card in effect"): cards take
    /// effect in order; card k of n takes over by pulse 1 + k·P/n at the latest,
    /// earlier once the card before it has made its strike. Lost cards are skipped.
    pub fn current_card(&self, id: FigureId) -> Option<usize> {
        // Asked before every strike and by every planner: a figure whose
        // cards are spent for the round is answered at once.
        if self.figures[id.0].round.cards_spent {
            debug_assert_eq!(self.card_in_effect(id), None, "cards spent yet in effect");
            return None;
        }
        self.card_in_effect(id)
    }

    /// [`Battle::current_card`] worked out from the cards and the pulse.
    pub(super) fn card_in_effect(&self, id: FigureId) -> Option<usize> {
        let cards = &self.figures[id.0].round.cards;
        (0..cards.len()).find(|&k| {
            let c = &cards[k];
            // The table lookup last: this is asked before every strike.
            !c.lost && !self.card_lapsed(id, k) && c.strikes < self.attacks_per_card(id, c.card())
        })
    }

    /// One attack per card; two with a doubled weapon combination (16.3, 16.4.1.7).
    fn attacks_per_card(&self, id: FigureId, card: Card) -> u8 {
        let f = &self.figures[id.0];
        let strikes = self.tables.actions.card(card).strike;
        if strikes == StrikeRight::Never || strikes == StrikeRight::MissileOrMagicOnly {
            return u8::MAX;
        }
        match f.character.weapons.first() {
            Some(w) if w.paired_with.is_some() => 2,
            _ => 1,
        }
    }

    /// Whether `attacker` may strike `target` now (16.9.1–2, 16.9.4): able to
    /// act and standing, its card in effect allows the strike (a Cautious
    /// Retreat only at those who struck first), the AP are there, and the
    /// target is an enemy in the fight within its Strike Zone.
    pub(super) fn may_strike(&self, attacker: FigureId, target: FigureId) -> bool {
        self.may_strike_at(attacker, target, self.figures[target.0].pose.hex)
    }

    /// As [`Battle::may_strike`], with the target standing at `at`.
    pub(super) fn may_strike_at(&self, attacker: FigureId, target: FigureId, at: Hex) -> bool {
        self.current_card(attacker)
            .is_some_and(|k| self.may_strike_with(attacker, k, target, at))
    }

    /// As [`Battle::may_strike_at`], with the attacker's card in effect `k`
    /// already found.
    fn may_strike_with(&self, attacker: FigureId, k: usize, target: FigureId, at: Hex) -> bool {
        let a = &self.figures[attacker.0];
        let t = &self.figures[target.0];
        within_reach(a, t, at)
            && self
                .strike_means(attacker, k)
                .is_some_and(|m| self.strikes_at(a, &m, target, at))
    }

    /// What `attacker`, under its card `k`, may strike with now, whoever the
    /// target (16.9.1–2, 16.9.4): able to act and standing, not barred by a
    /// hold, its card allows a strike, a weapon or a brawling form, and the
    /// AP for it. `None`: it may strike nobody.
    fn strike_means(&self, attacker: FigureId, k: usize) -> Option<Means> {
        let a = &self.figures[attacker.0];
        if !a.condition.can_act() || a.condition.is_prone() || self.brawl_bars_strike(attacker, k) {
            return None;
        }
        let only_at_attackers = match self.tables.actions.card(a.round.cards[k].card()).strike {
            StrikeRight::May => false,
            StrikeRight::OnlyIfAttackedFirst => true,
            StrikeRight::Never | StrikeRight::MissileOrMagicOnly => return None,
        };
        // A brawler strikes with its body (16.10.4), armed or not.
        let brawl = self.brawl_attack(attacker, k);
        if brawl.is_none() && a.weapon_in_hand().is_none() {
            return None;
        }
        let (cost, reach) = match brawl {
            Some(intent) => (self.brawl_strike_cost(attacker, intent), 1),
            None => (a.strike_cost(self.tables), a.reach()),
        };
        (a.round.ap_left >= cost).then_some(Means {
            only_at_attackers,
            reach,
        })
    }

    /// With `means`, whether the attacker strikes `target` standing at `at`:
    /// a Cautious Retreat only at those who struck at it first, and only in
    /// its Strike Zone.
    fn strikes_at(&self, a: &Figure, means: &Means, target: FigureId, at: Hex) -> bool {
        (!means.only_at_attackers || a.round.attacked_by.contains(&target))
            && self
                .map
                .in_strike_zone(a.pose, means.reach, a.character.strike_zone, at)
    }

    /// Whom `attacker` strikes now, with which card: the card's target when it
    /// may, else the nearest enemy it may strike (16.9.2: an attack card
    /// obliges a strike where one is possible).
    pub(super) fn strike_target(&self, attacker: FigureId) -> Option<(FigureId, usize)> {
        let k = self.current_card(attacker)?;
        let a = &self.figures[attacker.0];
        // Asked of every figure before every strike: one pass over the
        // figures within reach, working out what the attacker may strike
        // with only once an enemy is near. The choice is by distance, then
        // id, so the order they come in does not matter.
        let mut means = None;
        let mut nearest: Option<(u32, FigureId)> = None;
        let mut ordered = false;
        let ordered_target = a.round.cards[k].order.target;
        for (t, distance) in self.places().near(a.pose.hex, LONGEST_REACH) {
            let t = &self.figures[t.0];
            if !foe_in_fight(a, t) {
                continue;
            }
            let m = match &means {
                Some(m) => m,
                None => means.insert(self.strike_means(attacker, k)?),
            };
            if !self.strikes_at(a, m, t.id, t.pose.hex) {
                continue;
            }
            ordered |= ordered_target == Some(t.id);
            let key = (distance, t.id);
            if nearest.is_none_or(|n| key < n) {
                nearest = Some(key);
            }
        }
        match ordered_target {
            Some(t) if ordered => Some((t, k)),
            _ => nearest.map(|(_, t)| (t, k)),
        }
    }

    /// The next strike of this Attack Phase in [`Battle::strike_order`]
    /// (16.14.3.6, 16.9.10), each figure once per phase.
    pub(super) fn next_strike(&self) -> Option<PendingStrike> {
        if self.phase == Phase::QuickMelee {
            return self.next_quick_strike();
        }
        if !matches!(self.phase, Phase::Attack { .. }) {
            return None;
        }
        self.strike_order()
            .filter(|id| {
                let f = &self.figures[id.0];
                let round = &f.round;
                debug_assert!(!round.cards_spent || self.card_in_effect(*id).is_none());
                // Those out of the fight or down may strike nobody
                // ([`Battle::strike_means`]): passed over before their cards
                // are looked at, as most of the order is late in a big melee.
                !round.struck_this_phase
                    && !round.cards_spent
                    && f.condition.can_act()
                    && !f.condition.is_prone()
            })
            .find_map(|id| {
                self.strike_target(id)
                    .map(|(defender, card_index)| PendingStrike {
                        attacker: id,
                        defender,
                        card_index,
                        reaction: false,
                    })
            })
    }

    /// Whether the defender must be asked about its shield (16.15.4).
    pub(super) fn shield_question(&self, s: &PendingStrike) -> bool {
        let d = &self.figures[s.defender.0];
        d.character.shield.is_some()
            && d.round.shield == ShieldStance::Ask
            && self.shield_can_cover(s)
    }

    /// Whether the defender, busy with an action, must be asked whether it
    /// defends (16.9.4.1).
    pub(super) fn busy_question(&self, s: &PendingStrike) -> bool {
        let d = &self.figures[s.defender.0];
        d.action.is_some() && d.round.when_busy == BusyStance::Ask
    }

    /// Whether the defender must be asked whether it dodges the blow
    /// (16.9.4 "Dodge a blow"), not having answered for this attacker yet.
    pub(super) fn dodge_question(&self, s: &PendingStrike) -> bool {
        let d = &self.figures[s.defender.0];
        d.round.dodge == DodgeStance::Ask
            && d.round.dodge_answer.is_none_or(|(a, _)| a != s.attacker)
            && self.brawl_attack(s.attacker, s.card_index).is_none()
            && self.may_dodge(s)
    }

    /// Shakhàn 16.9.4 "Dodge a blow" (docs/RULINGS.md): the defender may try
    /// to dodge when it is standing and able to act, not busy with an action
    /// (16.9.4 forbids combining actions), has the Action Point the table
    /// asks, and sees the blow coming (not from its rear).
    pub(super) fn may_dodge(&self, s: &PendingStrike) -> bool {
        let d = &self.figures[s.defender.0];
        let from = self.figures[s.attacker.0].pose.hex;
        d.condition.can_act()
            && !d.condition.is_prone()
            && d.action.is_none()
            && d.round.ap_left >= self.tables.actions.cost(Activity::Dodge)
            && d.pose.aspect_of(from) != Some(Aspect::Rear)
    }

    /// Whether the defender tries to dodge this blow: its answer to the
    /// question, else its stance (asking means dodging, as against a
    /// reaction attack), if it may.
    fn dodges(&self, s: &PendingStrike) -> bool {
        let d = &self.figures[s.defender.0];
        let wants = match d.round.dodge_answer {
            Some((a, answer)) if a == s.attacker => answer,
            _ => d.round.dodge != DodgeStance::Never,
        };
        wants && self.may_dodge(s)
    }

    /// Shakhàn 16.15.4 "Impaled on set weapon" (docs/RULINGS.md): the
    /// attacker's weapon in hand is a spear or pole arm (16.15.13.3) held set,
    /// its wielder not having left its hex this round; the defender charged
    /// onto it: its latest move, made under A or B, began outside the
    /// attacker's Strike Zone (it stands in it now), and this is the Attack
    /// Phase after that move (not a reaction attack; not Quick Melee, which
    /// has no moves).
    pub(super) fn impales(&self, s: &PendingStrike) -> bool {
        let a = &self.figures[s.attacker.0];
        let d = &self.figures[s.defender.0];
        let set = !a.round.walked
            && a.weapon_in_hand().is_some_and(|w| {
                let kind = a.character.weapons[w].kind;
                let family = self.tables.weapons.melee(kind).family;
                self.options.set_weapons.includes(kind, family)
            });
        let charged_in = d.charge_from.is_some_and(|h| {
            !self
                .map
                .in_strike_zone(a.pose, a.reach(), a.character.strike_zone, h)
        });
        !s.reaction && matches!(self.phase, Phase::Attack { .. }) && set && charged_in
    }

    /// A shield covers blows from the front and flanks, not from behind.
    fn shield_can_cover(&self, s: &PendingStrike) -> bool {
        let d = &self.figures[s.defender.0];
        let from = self.figures[s.attacker.0].pose.hex;
        d.character.shield.is_some() && d.pose.aspect_of(from) != Some(Aspect::Rear)
    }

    /// Shakhàn 16.9.3 (docs/RULINGS.md "Whose card answers whom"): the
    /// defender's card that answers this attack, decided from the round's
    /// orders and who is actually fighting whom, never from who struck first:
    /// 1. the card already bound to this very attack;
    /// 2. a card not yet bound that this attack was itself answering, or that
    ///    has struck this attacker: the two fight each other and match both
    ///    ways;
    /// 3. a card not yet bound, not past its time, whose opponent
    ///    ([`Battle::card_opponent`]) is this attacker;
    /// 4. the first card still to come, not yet bound, that is not kept for
    ///    another enemy attacking the defender with a card of its own
    ///    (Arlos keeps his card for Bailor).
    ///
    /// `None`: no card left to match it; the defender counts as G.
    pub(super) fn matching_card(&self, s: &PendingStrike) -> Option<usize> {
        let d = &self.figures[s.defender.0];
        let cards = &d.round.cards;
        let attack = (s.attacker, s.card_index);
        if let Some(i) = cards.iter().position(|c| c.matched == Some(attack)) {
            return Some(i);
        }
        // A card matches one attack card (16.3: more cards mean an
        // unanswered attack); a card bound to another attack answers no more.
        let open = |c: &super::state::PlayedCard| !c.lost && c.matched.is_none();
        let answered = self.figures[s.attacker.0]
            .round
            .cards
            .get(s.card_index)
            .and_then(|c| c.matched)
            .filter(|(by, _)| *by == s.defender)
            .map(|(_, k)| k);
        if let Some(k) = answered.filter(|&k| cards.get(k).is_some_and(open)) {
            return Some(k);
        }
        if let Some(i) = cards
            .iter()
            .position(|c| open(c) && c.fought == Some(s.attacker))
        {
            return Some(i);
        }
        let free = |c: &super::state::PlayedCard| open(c) && c.fought.is_none();
        if let Some(i) = (0..cards.len()).find(|&i| {
            free(&cards[i])
                && !self.card_lapsed(s.defender, i)
                && self.card_opponent(s.defender, i) == Some(s.attacker)
        }) {
            return Some(i);
        }
        (0..cards.len()).find(|&i| {
            free(&cards[i])
                && !self.card_lapsed(s.defender, i)
                && !self.kept_for_another(s.defender, i, s.attacker)
        })
    }

    /// Whether card `k` of `id` is past its time this round (16.9.2: card
    /// k+1 of n has taken over by pulse 1 + (k+1)·P/n).
    fn card_lapsed(&self, id: FigureId, k: usize) -> bool {
        let n = self.figures[id.0].round.cards.len();
        let p = usize::from(pulses(self.free_round));
        let next_starts = 1 + (k + 1) * p / n;
        k + 1 < n && usize::from(self.pulse().max(1)) >= next_starts
    }

    /// Whether `id`'s card `k` is kept for an enemy other than `attacker`
    /// that is attacking `id` with a card still to come: in effect or later,
    /// not yet struck with (an enemy out of the fight attacks nobody).
    fn kept_for_another(&self, id: FigureId, k: usize, attacker: FigureId) -> bool {
        let Some(e) = self.card_opponent(id, k).filter(|&e| e != attacker) else {
            return false;
        };
        self.figures[e.0]
            .round
            .cards
            .iter()
            .enumerate()
            .any(|(j, c)| {
                !c.lost
                    && c.strikes == 0
                    && !self.card_lapsed(e, j)
                    && self.tables.actions.card(c.card()).is_attack
                    && self.card_opponent(e, j) == Some(id)
            })
    }

    /// Shakhàn 16.9.2–16.9.3 (docs/RULINGS.md "Whose card answers whom"):
    /// the enemy `id`'s card `k` fights: the one it first struck at; else its
    /// named target when that enemy stands in the figure's Strike Zone; else,
    /// for an attack card, the nearest enemy in the Strike Zone (the one it
    /// would strike instead, as [`Battle::strike_target`] does); else the
    /// named target it is moving on.
    pub(super) fn card_opponent(&self, id: FigureId, k: usize) -> Option<FigureId> {
        let f = &self.figures[id.0];
        // A figure out of the fight fights nobody (its cards stay played).
        if f.condition.is_out() {
            return None;
        }
        let card = f.round.cards.get(k)?;
        if card.fought.is_some() {
            return card.fought;
        }
        let reach = f.reach();
        let in_zone = |t: &Figure| {
            within_reach(f, t, t.pose.hex)
                && self
                    .map
                    .in_strike_zone(f.pose, reach, f.character.strike_zone, t.pose.hex)
        };
        let named = card.order.target;
        if named.is_some_and(|t| in_zone(&self.figures[t.0]))
            || !self.tables.actions.card(card.card()).is_attack
        {
            return named;
        }
        self.places()
            .near(f.pose.hex, LONGEST_REACH)
            .filter(|&(t, _)| in_zone(&self.figures[t.0]))
            .min_by_key(|&(t, distance)| (distance, t))
            .map(|(t, _)| t)
            .or(named)
    }

    /// Resolve a strike with the dice and record it as an event.
    /// `raise` and `defend` answer the shield and mid-action questions; `None`
    /// leaves them to the defender's orders (asking means raise and defend).
    pub(super) fn resolve_strike(
        &mut self,
        s: PendingStrike,
        raise: Option<bool>,
        defend: Option<bool>,
    ) {
        if let Some(intent) = self.brawl_attack(s.attacker, s.card_index) {
            self.resolve_brawl_strike(s, intent, defend, false);
            return;
        }
        let matched_by = self.matching_card(&s);
        let a = &self.figures[s.attacker.0];
        let d = &self.figures[s.defender.0];
        let w = self.figures[s.attacker.0].weapon_in_hand().unwrap_or(0);
        let order = &a.round.cards[s.card_index].order;
        let defence_card = match matched_by {
            Some(i) if !d.condition.is_prone() => d.round.cards[i].card(),
            _ => Card::G,
        };
        let striker = striker(&a.character, &a.factors, w, order.card, &a.gear);
        let raise =
            raise.unwrap_or(d.round.shield != ShieldStance::Lower) && self.shield_can_cover(&s);
        let mut target = target(
            &d.character,
            &d.factors,
            &d.gear,
            defence_card,
            raise,
            self.tables,
        );
        target.mid_action = d.action.map(|_| {
            let defends = defend.unwrap_or(d.round.when_busy != BusyStance::Ignore);
            if defends {
                MidAction::Defend
            } else {
                MidAction::Ignore
            }
        });
        target.prone_or_helpless = d.condition.is_prone();
        let dodges = self.dodges(&s);
        target.dodge =
            dodges.then(|| dodge_threshold(d.factors.adjusted_agility, self.options.dodge_dmod));
        let mut opts = StrikeOptions::new(self.tables);
        opts.aim = order.aim;
        opts.similar_body_form = a.character.body_form == d.character.body_form;
        opts.impaled = self.impales(&s);
        let report = melee::resolve_strike(&striker, &target, &opts, self.tables, &mut self.dice);
        let wounds: Vec<_> = report.wounds().cloned().collect();
        let event = StrikeEvent {
            attacker: s.attacker,
            defender: s.defender,
            card_index: s.card_index,
            matched_by,
            reaction: s.reaction,
            ap: self.figures[s.attacker.0].strike_cost(self.tables),
            dodge_ap: if report.dodge().is_some() {
                self.tables.actions.cost(Activity::Dodge)
            } else {
                0.0
            },
            struck: report.struck(),
            weapon: w,
            equipment: report.equipment_damage().collect(),
            action_spoiled: report.action_spoiled(),
            wounds,
            report: StrikeResolution::Melee(report),
        };
        self.push_strike(event);
        self.throw_check(s, matched_by);
    }

    /// Record a strike, then what follows from it: a spoiled action, the
    /// defender's morale check for its wounds, its comrades' when it falls.
    pub(super) fn push_strike(&mut self, event: StrikeEvent) {
        let defender = event.defender;
        let was_out = self.figures[defender.0].condition.is_out();
        let calls = event.wounds.iter().any(wound_calls_for_morale);
        let spoiled = event.action_spoiled;
        let struck = event.struck;
        let damaging = damaging(&event.wounds);
        self.push(Event::Strike(Box::new(event)));
        if struck {
            self.kick_struck(defender);
        }
        if spoiled {
            self.push(Event::ActionSpoiled { figure: defender });
        }
        self.loading_lost_to_blow(defender, damaging, spoiled);
        self.morale_after_blow(defender, was_out, calls);
    }
}

/// An item's protection after earlier damage, rounded down (16.15.4 `a`).
fn worn(apv: u32, left: f64) -> u32 {
    (f64::from(apv) * left).floor() as u32
}

/// The strike inputs for a character wielding its weapon `w` under `card`
/// (16.4 CF with that weapon; creature level for per-level dice).
pub fn striker(c: &Character, f: &Factors, w: usize, card: Card, gear: &Gear) -> Striker {
    let weapon = &c.weapons[w];
    Striker {
        name: c.name.clone(),
        cf: f.weapons[w].cf.unwrap_or(f.basic_cf),
        card,
        weapon: weapon.kind,
        quality: weapon.quality,
        level: c.primary().level,
        die_choice: 1,
        strength: c.requisites.strength,
        dexterity: f.dexterity,
        martial_arts_level: c.martial_arts_level,
        to_hit_bonus: weapon.plus_to_hit,
        damage_factor: gear.weapons.get(w).copied().unwrap_or(1.0),
    }
}

/// The strike inputs for a character struck while defending with `card`:
/// APV per area with damaged armour (natural hide untouched), and its shield
/// if it raises one (16.15.4). Mid-action and helplessness are the caller's.
pub fn target(
    c: &Character,
    f: &Factors,
    gear: &Gear,
    card: Card,
    raise_shield: bool,
    t: &Tables,
) -> Target {
    let shield = c
        .shield
        .filter(|_| raise_shield && gear.shield > 0.0)
        .map(|sh| ShieldUse {
            material: sh.material,
            apv: worn(
                t.armour.shield(sh.material, sh.size, sh.quality).apv,
                gear.shield,
            ),
            check: t
                .protection
                .shield_check_threshold(f.adjusted_agility, f.dexterity, sh.size),
        });
    // One pass over the armour: which areas it covers, and with what while
    // it is not ruined.
    let mut covered = [false; 6];
    let mut materials = [None; 6];
    for piece in &c.armour {
        for &area in armour::areas(piece.piece) {
            covered[area as usize] = true;
            if gear.armour[area as usize] > 0.0 {
                materials[area as usize] = Some(piece.material);
            }
        }
    }
    let apv = BodyArea::ALL.map(|area| {
        if covered[area as usize] {
            worn(f.apv(area), gear.armour[area as usize]).max(c.hide_apv)
        } else {
            f.apv(area)
        }
    });
    let r = &c.requisites;
    Target {
        name: c.name.clone(),
        cf: f.weapons.iter().find_map(|w| w.cf).unwrap_or(f.basic_cf),
        card,
        body_form: c.body_form,
        apv,
        armour: materials,
        shield,
        mid_action: None,
        prone_or_helpless: false,
        dodge: None,
        male: true,
        scores: Scores {
            strength: Some(r.strength),
            agility: Some(r.agility),
            dexterity: Some(r.dexterity),
            vision: Some(r.vision),
            ..Scores::default()
        },
    }
}

/// Whether a blow's wounds do damage of any sort or cost cards.
pub(super) fn damaging(wounds: &[Wound]) -> bool {
    wounds.iter().any(|w| w.damage > 0 || w.unbalanced > 0)
}
