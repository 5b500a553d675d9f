//! Applying events: the only code that changes a DragonQuest battle. It
//! rolls no dice and makes no choices.

use super::command::Item;
use super::event::{ActionKind, Event, Impairs};
use super::state::{Battle, Turn};
use super::state::{Figure, ItemState};
use crate::rulesets::dragonquest::rules::damage::Standing;
use crate::rulesets::dragonquest::rules::tables::grievous::Trait;
use crate::seam::FigureId;

impl Battle {
    pub(super) fn apply(&mut self, event: &Event) {
        match event {
            Event::PulseBegan { pulse, free_for } => {
                self.pulse = *pulse;
                self.free_for = *free_for;
                self.surprise = None;
                self.initiative = None;
                for f in &mut self.figures {
                    f.acted = false;
                    f.engaged = false;
                }
            }
            Event::InitiativeRolled { .. }
            | Event::Strike(_)
            | Event::Parried { .. }
            | Event::MishapCheck { .. }
            | Event::Repulse { .. }
            | Event::ObscuredCheck { .. }
            | Event::BreakContact { .. } => {}
            Event::InitiativeWon { side } => self.initiative = *side,
            Event::TurnsSet { engagements, sides } => {
                self.turns.clear();
                for (n, e) in engagements.iter().enumerate() {
                    for (i, g) in e.iter().enumerate() {
                        self.figures[g.figure.0].engaged = true;
                        self.turns.push_back(Turn::Figure {
                            figure: g.figure,
                            engagement: n,
                            lead: i == 0 && !g.last && e.len() > 1,
                        });
                    }
                }
                for (i, &side) in sides.iter().enumerate() {
                    let choice = i == 0 && sides.len() > 1 && self.initiative == Some(side);
                    self.turns.push_back(Turn::Side { side, choice });
                }
            }
            Event::LeadChosen { now, .. } => {
                if let Some(Turn::Figure {
                    figure, engagement, ..
                }) = self.turns.pop_front()
                {
                    let turn = Turn::Figure {
                        figure,
                        engagement,
                        lead: false,
                    };
                    let at = if *now {
                        0
                    } else {
                        self.turns
                            .iter()
                            .rposition(|t| matches!(t, Turn::Figure { engagement: e, .. } if *e == engagement))
                            .map_or(0, |i| i + 1)
                    };
                    self.turns.insert(at, turn);
                }
            }
            Event::SideChosen { now, .. } => {
                if let Some(Turn::Side { side, .. }) = self.turns.pop_front() {
                    let turn = Turn::Side {
                        side,
                        choice: false,
                    };
                    let at = if *now {
                        0
                    } else {
                        self.turns
                            .iter()
                            .position(|t| matches!(t, Turn::Side { .. }))
                            .map_or(0, |i| i + 1)
                    };
                    self.turns.insert(at, turn);
                }
            }
            Event::ActionChosen {
                figure,
                action,
                moving,
            } => {
                let f = &mut self.figures[figure.0];
                f.action = Some(*action);
                f.moving = *moving;
                if *action != ActionKind::Pass {
                    // 27.2 note G: loading takes consecutive Pass actions.
                    f.weapons.iter_mut().for_each(|w| w.loading = 0);
                }
                if f.combining {
                    // 22.3: the turn stays open for the second action.
                    f.combining = false;
                    f.second_action = true;
                } else {
                    self.turn_taken(*figure);
                }
            }
            Event::Moved { figure, to, .. } => {
                let f = &mut self.figures[figure.0];
                for h in f.hexes() {
                    self.places.leave(f.id, h);
                }
                f.pose = *to;
                for h in f.hexes() {
                    self.places.enter(f.id, h);
                }
            }
            Event::TurnLost { figure } => self.turn_taken(*figure),
            Event::SideDone { .. } => {
                self.turns.pop_front();
            }
            Event::Damaged {
                figure,
                fatigue,
                endurance,
                ..
            } => {
                let f = &mut self.figures[figure.0];
                f.fatigue = f.fatigue.saturating_sub(fatigue.0);
                f.endurance = f.endurance.saturating_sub(endurance.0);
                f.wounded |= fatigue.0 + endurance.0 > 0;
            }
            Event::Grievous {
                figure,
                injury,
                endurance,
                infection,
                ..
            } => {
                let f = &mut self.figures[figure.0];
                f.endurance = f.endurance.saturating_sub(endurance.0);
                f.injuries.extend(injury.iter().cloned());
                if *infection > 0 {
                    f.infection_risks.push(*infection);
                }
            }
            Event::Bleeding { figure, bleeding } => {
                self.figures[figure.0].bleeding.push(*bleeding);
            }
            Event::ArmourDented { figure, protection } => {
                self.figures[figure.0].protection = *protection;
            }
            Event::Stunned { figure } => self.figures[figure.0].stunned = true,
            Event::StunRecovery {
                figure, recovered, ..
            } => {
                let f = &mut self.figures[figure.0];
                f.stunned = !recovered;
                f.action = Some(ActionKind::Recover);
                f.moving = false;
                self.turn_taken(*figure);
            }
            Event::Fell { figure, standing } => {
                let f = &mut self.figures[figure.0];
                f.standing = *standing;
                if *standing != Standing::Conscious {
                    f.prone = true;
                }
            }
            Event::Dropped { figure, item, at } => {
                let f = &mut self.figures[figure.0];
                set_state(f, *item, ItemState::Dropped(*at));
                out_of_hand(f, *item);
            }
            Event::Broken { figure, item } => {
                let f = &mut self.figures[figure.0];
                set_state(f, *item, ItemState::Broken);
                out_of_hand(f, *item);
            }
            Event::Prepared { figure, item } => into_hand(&mut self.figures[figure.0], *item),
            Event::PutAway { figure, item } => out_of_hand(&mut self.figures[figure.0], *item),
            Event::PickedUp { figure, item } => {
                let f = &mut self.figures[figure.0];
                set_state(f, *item, ItemState::Carried);
                into_hand(f, *item);
            }
            Event::Loading {
                figure,
                item,
                loaded,
            } => {
                let w = &mut self.figures[figure.0].weapons[*item];
                w.loading = if *loaded { 0 } else { w.loading + 1 };
                w.loaded = *loaded;
            }
            Event::Unloaded { figure, item } => {
                self.figures[figure.0].weapons[*item].loaded = false
            }
            Event::Thrown { figure, item, at } => {
                let f = &mut self.figures[figure.0];
                set_state(f, Item::Weapon(*item), ItemState::Dropped(*at));
                out_of_hand(f, Item::Weapon(*item));
            }
            Event::Prone { figure, prone } => self.figures[figure.0].prone = *prone,
            Event::Overrun { figure, .. } => self.figures[figure.0].prone = true,
            Event::Unhorsed { figure, .. } => {
                let f = &mut self.figures[figure.0];
                f.mount = None;
                f.momentum = false;
            }
            Event::Momentum { figure, on } => self.figures[figure.0].momentum = *on,
            Event::MustPass { figure, must } => self.figures[figure.0].must_pass = *must,
            Event::Lodged {
                figure,
                agility,
                draw,
            } => {
                let f = &mut self.figures[figure.0];
                f.ag_loss = f.ag_loss.saturating_add(*agility);
                f.lodged.push((*agility, *draw));
            }
            Event::DrawnOut { figure, agility } => {
                let f = &mut self.figures[figure.0];
                f.ag_loss = f.ag_loss.saturating_sub(*agility);
                if let Some(i) = f.lodged.iter().rposition(|a| a.0 == *agility) {
                    f.lodged.remove(i);
                }
            }
            Event::Impaired { figure, changes } => {
                let f = &mut self.figures[figure.0];
                f.impairments.extend(changes.iter().copied());
                for c in changes {
                    // A gain (only Physical Beauty has one) no rule of the
                    // fight reads.
                    let loss = u8::try_from(-i16::from(c.by)).unwrap_or(0);
                    match c.what {
                        Impairs::Trait(Trait::Ag) => f.ag_loss = f.ag_loss.saturating_add(loss),
                        Impairs::Trait(Trait::Md) => f.md_loss = f.md_loss.saturating_add(loss),
                        Impairs::Trait(Trait::Tmr) => f.tmr_loss = f.tmr_loss.saturating_add(loss),
                        Impairs::Trait(Trait::Pc) => f.pc = f.pc.saturating_sub(loss),
                        Impairs::Trait(Trait::Pb) => {}
                        Impairs::MissileAndThrownBc => {
                            f.missile_bc_loss = f.missile_bc_loss.saturating_add(loss)
                        }
                    }
                }
            }
            Event::Combining { figure } => self.figures[figure.0].combining = true,
            Event::Footing { .. } => {}
            Event::Entangled { figure, passes } => self.figures[figure.0].entangled = *passes,
            Event::KnockedOut { figure, .. } => {
                let f = &mut self.figures[figure.0];
                f.standing = Standing::Unconscious;
                f.prone = true;
            }
            Event::Restrained { figure, by } => self.figures[figure.0].restrained_by = *by,
            Event::InfectionCheck {
                figure, infected, ..
            } => self.figures[figure.0].infected = *infected,
            Event::Routed { side } => {
                for f in self.figures.iter_mut().filter(|f| f.side == *side) {
                    f.routed = true;
                }
            }
            Event::BattleEnded { winner } => {
                self.winner = Some(*winner);
                self.turns.clear();
            }
        }
    }

    /// The figure has had its turn this Pulse; an engaged figure's turn leaves the queue.
    fn turn_taken(&mut self, figure: FigureId) {
        let f = &mut self.figures[figure.0];
        f.acted = true;
        f.second_action = false;
        if matches!(self.turns.front(), Some(Turn::Figure { figure: f, .. }) if *f == figure) {
            self.turns.pop_front();
        }
    }
}

fn set_state(f: &mut Figure, item: Item, state: ItemState) {
    match item {
        Item::Weapon(i) => f.weapons[i].state = state,
        Item::Shield => {
            if let Some(s) = &mut f.shield {
                s.state = state;
            }
        }
    }
}

fn into_hand(f: &mut Figure, item: Item) {
    match item {
        Item::Weapon(i) => f.hands.push(i),
        Item::Shield => {
            if let Some(s) = &mut f.shield {
                s.prepared = true;
            }
        }
    }
}

fn out_of_hand(f: &mut Figure, item: Item) {
    match item {
        Item::Weapon(i) => f.hands.retain(|&h| h != i),
        Item::Shield => {
            if let Some(s) = &mut f.shield {
                s.prepared = false;
            }
        }
    }
}
