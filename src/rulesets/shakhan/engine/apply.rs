//! Applying events: the only code that changes a battle's state. It rolls no
//! dice and makes no choices, so replaying events rebuilds the same state.

use super::event::{Event, Phase, StrikeEvent};
use super::state::{ActionUnderWay, Battle, Figure, PlayedCard};
use crate::hex::{Pose, Step};
use crate::rulesets::shakhan::rules::Card;
use crate::rulesets::shakhan::rules::condition::{Condition, Healing, Morale, Withdrawal};
use crate::rulesets::shakhan::rules::melee::Equipment;
use crate::rulesets::shakhan::rules::tables::actions::Activity;
use crate::rulesets::shakhan::rules::wound::Wound;
use crate::seam::{FigureId, SideId};

impl Battle {
    /// Tell an event: applied, then logged.
    pub(super) fn push(&mut self, event: Event) {
        self.asked = None;
        self.apply(&event);
        self.events.push(event);
    }

    /// Where the figures stand: the one way a pose changes, in `apply`.
    pub(super) fn place(&mut self, id: FigureId, to: Pose) {
        let f = &mut self.figures[id.0];
        self.places.shift(id, f.pose.hex, to.hex);
        f.pose = to;
    }

    fn apply(&mut self, event: &Event) {
        match event {
            Event::RoundBegan { round, free } => {
                self.round = *round;
                self.free_round = *free;
                if *free {
                    self.free_rounds_left = self.free_rounds_left.saturating_sub(1);
                }
                self.moves_first = None;
                self.rounds_since_strike += 1;
                self.quick.now = self.quick.next;
                self.quick.pairings.clear();
                self.sealed.iter_mut().for_each(|s| *s = None);
                for f in &mut self.figures {
                    f.missile.moving = f.round.moved_this_pulse;
                    f.round.start_over();
                }
            }
            Event::PhaseBegan { phase } => self.begin(*phase),
            Event::Upkeep { figure, report } => {
                let c = &mut self.figures[figure.0].condition;
                c.apply_upkeep(report);
                flee_if_broken(c);
            }
            Event::InitiativeRolled {
                winner,
                free_rounds,
                ..
            } => {
                if winner.is_some() {
                    self.initiative = *winner;
                    self.fresh_initiative = false;
                    self.free_rounds_left = *free_rounds;
                    // The roll decides the coming round(s); alternation resumes after.
                    self.initiative_held = true;
                }
            }
            Event::InitiativeAlternates { side } => self.initiative = Some(*side),
            Event::FreshInitiativeCalled => self.fresh_initiative = true,
            Event::WoundsTended { figure } => {
                self.figures[figure.0].condition.heal(&Healing {
                    stop_bleeding: true,
                    ..Healing::default()
                });
            }
            Event::AfterBattleRound { .. } => {}
            Event::PriorityDetermined { order, .. } => self.priority = order.clone(),
            Event::Trample(t) => self.apply_trample(t),
            Event::Hazard(h) => self.wound_figure(h.figure, &h.outcome.wound),
            Event::PairingsMade { pairs } => self.quick.pairings = pairs.clone(),
            Event::QuickMeleeSwitched { on } => self.quick.next = *on,
            Event::TrampleStrike(s) => self.apply_trample_strike(s),
            Event::DodgeChosen {
                defender,
                attacker,
                dodge,
            } => self.figures[defender.0].round.dodge_answer = Some((*attacker, *dodge)),
            Event::OrdersSealed { side, orders } => self.sealed[side.0] = Some(orders.clone()),
            Event::OrdersRevealed { orders, awards } => {
                for o in orders {
                    let f = &mut self.figures[o.figure.0];
                    f.round.cards.clear();
                    f.round.cards.extend(o.cards.iter().map(|c| PlayedCard {
                        order: c.clone(),
                        strikes: 0,
                        matched: None,
                        fought: None,
                        lost: false,
                    }));
                    f.round.shield = o.shield;
                    f.round.when_busy = o.when_busy;
                    f.round.dodge = o.dodge;
                    f.round.moves = o.moves;
                }
                for a in awards {
                    let r = &mut self.figures[a.figure.0].round;
                    r.ap_awarded = a.ap;
                    r.ap_left = a.ap;
                    r.pulse_ap = a.pulse_ap;
                }
            }
            Event::CardsLost { figure, cards } => {
                let f = &mut self.figures[figure.0];
                f.condition.take_lost_cards(cards.len() as u8);
                for c in f
                    .round
                    .cards
                    .iter_mut()
                    .filter(|c| !c.lost)
                    .take(cards.len())
                {
                    c.lost = true;
                }
            }
            Event::MovementPriorityChosen { side, move_first } => {
                self.moves_first = Some(if *move_first {
                    *side
                } else {
                    SideId(1 - side.0)
                });
            }
            Event::DivineIntervention { .. } => {}
            Event::Strike(s) => self.apply_strike(s),
            Event::Moved {
                figure,
                steps,
                ap,
                to,
            } => {
                // 16.15.4: a move under A or B is a charge.
                let charging = self.card_in_effect(*figure).is_some_and(|k| {
                    matches!(
                        self.figures[figure.0].round.cards[k].card(),
                        Card::A | Card::B
                    )
                });
                let f = &mut self.figures[figure.0];
                debug_assert!(f.condition.can_act(), "{} moves while out", f.name);
                if steps.iter().any(|s| !matches!(s, Step::Pivot { .. })) {
                    f.round.walked = true;
                    if charging {
                        f.charge_from.get_or_insert(f.pose.hex);
                    }
                }
                f.round.ap_left = (f.round.ap_left - ap).max(0.0);
                f.round.pulse_left = (f.round.pulse_left - ap).max(0.0);
                f.round.moved_this_pulse = true;
                f.round.moved_ap += ap;
                if f.condition.is_prone() {
                    f.condition.stand_up();
                }
                self.place(*figure, *to);
            }
            Event::MoveStopped { .. } => {}
            Event::CombinedActions {
                figure,
                check,
                lost_ap,
            } => {
                if !check.passed() {
                    let f = &mut self.figures[figure.0];
                    f.condition.fall_prone();
                    f.round.ap_left = (f.round.ap_left - lost_ap).max(0.0);
                    f.round.pulse_left = (f.round.pulse_left - lost_ap).max(0.0);
                }
            }
            Event::ActionBegun {
                figure,
                activity,
                needed,
            } => {
                self.figures[figure.0].action = Some(ActionUnderWay {
                    activity: *activity,
                    needed: *needed,
                    spent: 0.0,
                });
            }
            Event::ActionWorked { figure, ap, so_far } => {
                let f = &mut self.figures[figure.0];
                f.round.ap_left = (f.round.ap_left - ap).max(0.0);
                f.round.pulse_left = (f.round.pulse_left - ap).max(0.0);
                if let Some(a) = &mut f.action {
                    a.spent = *so_far;
                }
            }
            Event::ActionDone { figure, .. } | Event::ActionAbandoned { figure } => {
                self.apply_missile(event);
                let f = &mut self.figures[figure.0];
                // 16.3, 16.9.4: cutting the net (a restraint) frees the figure.
                if let Event::ActionDone {
                    activity: Activity::CutRope,
                    ..
                } = event
                {
                    f.entangled = false;
                }
                f.action = None;
            }
            Event::ActionSpoiled { figure } => {
                if let Some(a) = &mut self.figures[figure.0].action {
                    a.spent = 0.0;
                }
            }
            Event::FatigueSpent { figure, points } => {
                self.figures[figure.0].condition.spend_fatigue(*points);
            }
            Event::MoraleChecked { figure, report } => {
                let c = &mut self.figures[figure.0].condition;
                c.apply_morale(report);
                flee_if_broken(c);
            }
            Event::Overridden { change, .. } => self.apply_override(change),
            Event::Brawl(e) => self.apply_brawl(e),
            Event::LoadBegun { .. }
            | Event::QuickShot { .. }
            | Event::MissileLoosed { .. }
            | Event::MissileFlew(_) => self.apply_missile(event),
            Event::BattleEnded { winner, .. } => {
                self.winner = Some(*winner);
                self.phase = Phase::Finished;
            }
        }
    }

    fn begin(&mut self, phase: Phase) {
        // 16.15.4: a charge lasts until the Attack Phase after its move ends.
        if matches!(self.phase, Phase::Attack { .. } | Phase::QuickMelee) {
            for f in &mut self.figures {
                f.charge_from = None;
            }
        }
        self.phase = phase;
        match phase {
            // The held Initiative has decided this round's check (16.14.2).
            Phase::RecordKeeping if !self.free_round => self.initiative_held = false,
            Phase::Attack { second, .. } => {
                for f in &mut self.figures {
                    f.round.struck_this_phase = false;
                    if !second {
                        // 16.9.8: a new pulse's movement allowance; a fraction
                        // left over carries, whole unused points lapse.
                        let left = f.round.pulse_left;
                        f.round.pulse_left = f.round.pulse_ap + left.fract();
                        f.round.moved_this_pulse = false;
                    }
                }
            }
            _ => {}
        }
    }

    fn apply_strike(&mut self, s: &StrikeEvent) {
        self.rounds_since_strike = 0;
        if s.struck {
            self.figures[s.defender.0].blows_taken += 1;
        }
        let attacker = &mut self.figures[s.attacker.0];
        debug_assert!(
            attacker.condition.can_act(),
            "{} strikes while out",
            attacker.name
        );
        attacker.round.ap_left = (attacker.round.ap_left - s.ap).max(0.0);
        attacker.round.struck_this_phase = true;
        if let Some(card) = attacker.round.cards.get_mut(s.card_index) {
            card.strikes = card.strikes.saturating_add(1);
            card.fought.get_or_insert(s.defender);
        }
        for (item, damage) in &s.equipment {
            let left = damage.remaining();
            let gear = match item {
                Equipment::Weapon => self.figures[s.attacker.0].gear.weapons.get_mut(s.weapon),
                Equipment::Shield => Some(&mut self.figures[s.defender.0].gear.shield),
                Equipment::Armour(area) => {
                    Some(&mut self.figures[s.defender.0].gear.armour[*area as usize])
                }
            };
            if let Some(g) = gear {
                *g *= left;
            }
        }
        let defender = &mut self.figures[s.defender.0];
        defender.round.ap_left = (defender.round.ap_left - s.dodge_ap).max(0.0);
        defender.round.dodge_answer = None;
        if !defender.round.attacked_by.contains(&s.attacker) {
            defender.round.attacked_by.push(s.attacker);
        }
        if let Some(i) = s.matched_by
            && let Some(card) = defender.round.cards.get_mut(i)
        {
            card.matched.get_or_insert((s.attacker, s.card_index));
        }
        self.take_wounds(s.defender, &s.wounds);
        let spent = self.card_in_effect(s.attacker).is_none();
        self.figures[s.attacker.0].round.cards_spent = spent;
    }

    /// Wounds on a figure, and the cards its imbalance costs (16.15.4 `(x)`).
    pub(super) fn take_wounds(&mut self, id: FigureId, wounds: &[Wound]) {
        for wound in wounds {
            self.wound_figure(id, wound);
        }
    }

    /// A wound on a figure, and the cards its imbalance costs.
    pub(super) fn wound_figure(&mut self, id: FigureId, wound: &Wound) {
        let f = &mut self.figures[id.0];
        f.condition.apply_wound(wound);
        take_owed_cards(f);
    }
}

/// 16.15.4 (x): the next cards are lost; what this round cannot take waits
/// for the next round's cards.
pub(super) fn take_owed_cards(f: &mut Figure) {
    let mut owed = f.condition.cards_to_lose();
    for c in f.round.cards.iter_mut().filter(|c| !c.lost) {
        if owed == 0 || c.strikes > 0 {
            continue;
        }
        c.lost = true;
        owed -= 1;
    }
    let taken = f.condition.cards_to_lose() - owed;
    f.condition.take_lost_cards(taken);
}

/// 16.9.6, 16.13.3 (docs/RULINGS.md): a figure whose morale breaks runs from
/// the scene at once and is out of this melee.
fn flee_if_broken(c: &mut Condition) {
    if matches!(c.morale(), Morale::Routed(_) | Morale::Broken) && c.withdrawn().is_none() {
        c.withdraw(Withdrawal::Fled);
    }
}
