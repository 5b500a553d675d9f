//! The only code that changes a Land of Karn battle: each event applied,
//! with every die already in it.

use super::event::{Blow, Event};
use super::state::{Battle, Grip, Melee, Standing, Step};
use crate::rulesets::landofkarn::rules::tables::{Fumble, tables};

impl Battle {
    /// Apply `event` and keep it in the log.
    pub(super) fn emit(&mut self, event: Event) {
        self.apply(&event);
        self.events.push(event);
    }

    fn apply(&mut self, event: &Event) {
        match event {
            Event::MeleeBegins { melee, pair } => {
                self.melee = *melee;
                self.current = Melee {
                    pair: pair.clone(),
                    ..Melee::default()
                };
                self.step = Step::Initiative {
                    forfeits: vec![None; pair.len()],
                };
            }
            Event::Chooses { figure, forfeit } => {
                if let Step::Initiative { forfeits } = &mut self.step {
                    if let Some(i) = self.current.pair.iter().position(|f| f == figure) {
                        forfeits[i] = Some(*forfeit);
                    }
                }
            }
            Event::InitiativeRolled { .. } => {}
            Event::Leads {
                winner, defender, ..
            } => {
                self.current.winner = *winner;
                self.current.defender = *defender;
                if winner.is_some() {
                    self.step = Step::Attack;
                }
            }
            Event::Planned { step, plan, .. } => match step {
                super::event::PlanStep::Attack => {
                    self.current.attack = plan.clone();
                    self.step = Step::Defend;
                }
                super::event::PlanStep::Defend => {
                    self.current.defence = plan.clone();
                    self.step = Step::Answer;
                }
            },
            Event::Covered { covers, .. } => self.current.covers = covers.clone(),
            Event::Feint { .. } | Event::Lost { .. } => {}
            Event::Struck(blow) => self.apply_blow(blow),
            Event::Fumbled(f) => {
                let melee = f.melee;
                let fig = &mut self.figures[f.figure.0];
                fig.pending_sp += f.sp.total;
                let effect = tables().fumble.effect(f.fumble);
                match f.fumble {
                    Fumble::BadMiss => fig.next_action = effect.next_action,
                    Fumble::AllTurnedAround => fig.turned_through = melee + 1,
                    Fumble::DroppedWeapon => fig.grip = Grip::Dropped,
                    Fumble::FlungWeapon => fig.grip = Grip::Flung,
                    Fumble::OverexertedSelf => fig.combat += effect.combat_rolls,
                    Fumble::HitOther => {}
                }
                if let Some(wild) = &f.wild {
                    self.apply_blow(&wild.blow);
                }
            }
            Event::PicksUp { figure, .. } => self.figures[figure.0].grip = Grip::Held,
            Event::MeleeEnds { wounds, .. } => {
                for w in wounds {
                    let fig = &mut self.figures[w.figure.0];
                    fig.hp.0 -= w.hp;
                    fig.sp.0 -= w.sp;
                    fig.combat += w.combat;
                    fig.pending_hp = 0;
                    fig.pending_sp = 0;
                    fig.pending_combat = 0;
                    fig.standing = w.standing;
                }
                self.step = Step::Over;
            }
            Event::Ends { winner } => {
                self.outcome = Some(*winner);
                self.step = Step::Over;
            }
        }
    }

    fn apply_blow(&mut self, blow: &Blow) {
        for f in &blow.spent {
            self.figures[f.0].next_action = 0;
        }
        if blow.roll.face == 20 {
            self.figures[blow.attacker.0].csp += 1;
        }
        if let Some(d) = &blow.defence {
            if d.roll.is_some_and(|r| r.face == 20) {
                self.figures[blow.target.0].csp += 1;
            }
            if d.how == super::event::Guard::Dodge && d.roll.is_some() {
                self.current.dodged.push((blow.target, d.total));
            }
        }
        if let Some(damage) = &blow.damage {
            let target = &mut self.figures[blow.target.0];
            target.armour_damage += damage.through.to_armour;
            target.pending_hp += damage.hp;
            target.pending_sp += damage.sp;
            if let Some(c) = &damage.critical {
                target.pending_combat += c.combat;
            }
        }
    }
}

/// The standing a figure comes to at `hp` and `sp` (docs/RULINGS.md, house:
/// below 0 HP dead; 0 HP, or SP at 0 or below, unconscious).
pub fn standing_at(hp: i32, sp: i32) -> Standing {
    if hp < 0 {
        Standing::Dead
    } else if hp == 0 || sp <= 0 {
        Standing::Unconscious
    } else {
        Standing::Up
    }
}
