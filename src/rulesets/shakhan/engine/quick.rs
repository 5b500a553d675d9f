//! Shakhàn 16.12 Quick Melee Combat (docs/RULINGS.md): no pulses and no
//! map movement. After the orders and the missile and magic phases the
//! Referee pairs attackers with defenders (`Prompt::Pairings`); each attacker
//! then makes its attacks on its partner, in descending Adjusted Agility, with
//! half the usual Action Points; Divine Intervention closes the round.

use super::command::Pairing;
use super::event::{Event, Phase};
use super::state::{Battle, PendingStrike};
use crate::rulesets::shakhan::rules::tables::actions::StrikeRight;
use crate::seam::{FigureId, Rejection};

impl Battle {
    /// Whether the current round is played as Quick Melee Combat.
    pub fn is_quick_melee(&self) -> bool {
        self.quick.now
    }

    /// The Referee's pairings for this round.
    pub fn pairings(&self) -> &[Pairing] {
        &self.quick.pairings
    }

    /// Shakhàn 16.12: each character has half its regular Action Points; the
    /// other half went on abstract movement and positioning.
    pub(super) fn quick_ap(&self, ap: f64) -> f64 {
        if self.quick.now { ap / 2.0 } else { ap }
    }

    /// The phase after the special manoeuvres: pulses, or the Referee's pairings.
    pub(super) fn after_special_maneuver(&self) -> Phase {
        if self.quick.now {
            Phase::Pairing
        } else {
            Phase::Attack {
                pulse: 1,
                second: false,
            }
        }
    }

    /// 16.12 step 5: pairings name able figures of opposite sides, each
    /// attacker once (a defender may face several).
    pub(super) fn check_pairings(&self, pairs: &[Pairing]) -> Result<(), Rejection> {
        let reject = |why: String| Err(Rejection(why));
        for (i, p) in pairs.iter().enumerate() {
            let (Some(a), Some(d)) = (
                self.figures.get(p.attacker.0),
                self.figures.get(p.defender.0),
            ) else {
                return reject(format!("pairing {}: there is no such figure", i + 1));
            };
            if a.side == d.side {
                return reject(format!("{} and {} are on the same side", a.name, d.name));
            }
            if a.condition.is_out() || d.condition.is_out() {
                return reject(format!(
                    "{} and {} cannot be paired: one is out of the fight",
                    a.name, d.name
                ));
            }
            if pairs[..i].iter().any(|q| q.attacker == p.attacker) {
                return reject(format!("{} is paired twice as an attacker", a.name));
            }
        }
        Ok(())
    }

    /// Record the pairings; actions that need fewer Action Points than a
    /// strike are done before the attacks (16.12), then the attacks begin.
    pub(super) fn make_pairings(&mut self, pairs: &[Pairing]) {
        self.push(Event::PairingsMade {
            pairs: pairs.to_vec(),
        });
        self.quick_actions(true);
        self.push(Event::PhaseBegan {
            phase: Phase::QuickMelee,
        });
    }

    /// 16.12: actions under way take the round's Action Points left; with
    /// `before_attacks` only those needing fewer than a strike's.
    fn quick_actions(&mut self, before_attacks: bool) {
        for id in (0..self.figures.len()).map(FigureId) {
            let f = &self.figures[id.0];
            let Some(a) = f.action else { continue };
            if before_attacks && a.needed - a.spent >= f.strike_cost(self.tables) {
                continue;
            }
            // The whole round is one stretch: its Action Points are the allowance.
            self.figures[id.0].round.pulse_left = self.figures[id.0].round.ap_left;
            self.work_on_action(id);
        }
    }

    /// After the last attack: the remaining actions, then Divine Intervention.
    pub(super) fn end_quick_melee(&mut self) {
        self.quick_actions(false);
        self.push(Event::PhaseBegan {
            phase: Phase::DivineIntervention,
        });
    }

    /// Shakhàn 16.12: the next attack: attackers in descending Adjusted
    /// Agility (ties by MA, then scenario order), each making every strike
    /// its cards and Action Points allow on its partner before the next.
    pub(super) fn next_quick_strike(&self) -> Option<PendingStrike> {
        self.quick_order().into_iter().find_map(|p| {
            let card_index = self.quick_may_strike(p.attacker, p.defender)?;
            Some(PendingStrike {
                attacker: p.attacker,
                defender: p.defender,
                card_index,
                reaction: false,
            })
        })
    }

    /// The pairings in descending Adjusted Agility of the attacker, ties by
    /// MA, then scenario order (16.12 step 5).
    pub(super) fn quick_order(&self) -> Vec<Pairing> {
        let mut order = self.quick.pairings.clone();
        order.sort_by(|x, y| {
            let (a, b) = (&self.figures[x.attacker.0], &self.figures[y.attacker.0]);
            b.factors
                .adjusted_agility
                .cmp(&a.factors.adjusted_agility)
                .then(b.factors.ma.0.total_cmp(&a.factors.ma.0))
                .then(a.id.cmp(&b.id))
        });
        order
    }

    /// Whether `attacker` may strike its partner now, and with which card:
    /// as [`Battle::may_strike`] but without positions (16.12: movement is abstract).
    fn quick_may_strike(&self, attacker: FigureId, defender: FigureId) -> Option<usize> {
        let a = &self.figures[attacker.0];
        let d = &self.figures[defender.0];
        if !a.condition.can_act() || a.condition.is_prone() || d.condition.is_out() {
            return None;
        }
        let k = self.current_card(attacker)?;
        a.weapon_in_hand()?;
        let right = match self.tables.actions.card(a.round.cards[k].card()).strike {
            StrikeRight::May => true,
            StrikeRight::OnlyIfAttackedFirst => a.round.attacked_by.contains(&defender),
            StrikeRight::Never | StrikeRight::MissileOrMagicOnly => false,
        };
        (right && a.round.ap_left >= a.strike_cost(self.tables)).then_some(k)
    }
}
