//! The only code that changes a HârnMaster battle's state: each event, as it
//! is told. Rolls no dice.

use super::command::Defend;
use super::event::{Check, Event};
use super::state::{Attack, Battle, Injury, Minute, Stage};
use crate::rulesets::harnmaster::rules::tables::sheet;
use crate::rulesets::harnmaster::rules::terms::Part;

impl Battle {
    /// Apply `event` and keep it in the log.
    pub(super) fn emit(&mut self, event: Event) {
        self.apply(&event);
        self.events.push(event);
    }

    fn apply(&mut self, event: &Event) {
        match event {
            Event::RoundBegan { round, order, .. } => {
                // l.165: a minute begins every six turns.
                if (round - 1) % sheet().turns_a_minute == 0 {
                    for f in &mut self.figures {
                        f.minute = Minute::default();
                    }
                }
                self.round = *round;
                self.order = order.iter().map(|(f, _)| *f).collect();
                self.turn = 0;
            }
            Event::TurnOf { figure, index } => {
                self.turn = *index;
                self.advantage_taken = false;
                self.stage = Stage::Act {
                    figure: *figure,
                    advantage: false,
                };
            }
            Event::Moved {
                figure,
                path,
                facing,
                ..
            } => {
                let f = &mut self.figures[figure.0];
                f.minute.moved = true;
                if let Some(&last) = path.last() {
                    f.at = last;
                }
                f.facing = *facing;
            }
            Event::Declared {
                attacker,
                target,
                weapon,
                aspect,
                aim,
            } => {
                self.figures[attacker.0].minute.fought = true;
                self.stage = Stage::Defend {
                    attack: Attack {
                        attacker: *attacker,
                        target: *target,
                        weapon: *weapon,
                        aspect: *aspect,
                        aim: *aim,
                        range: None,
                    },
                };
            }
            Event::Shot {
                shooter,
                target,
                weapon,
                aspect,
                aim,
                range,
            } => {
                self.figures[shooter.0].shot[*weapon] += 1;
                self.figures[shooter.0].minute.fought = true;
                self.stage = Stage::Defend {
                    attack: Attack {
                        attacker: *shooter,
                        target: *target,
                        weapon: *weapon,
                        aspect: *aspect,
                        aim: *aim,
                        range: Some(*range),
                    },
                };
            }
            Event::Struck {
                victim, delivery, ..
            } => {
                if delivery.injury().0 > 0 {
                    self.figures[victim.0].injuries.push(Injury {
                        location: delivery.location,
                        points: delivery.injury(),
                    });
                }
            }
            Event::Became { figure, status } => self.figures[figure.0].status = *status,
            Event::Prone { figure, prone } => self.figures[figure.0].prone = *prone,
            Event::Lost { figure, weapon, .. } => self.figures[figure.0].lost[*weapon] = true,
            Event::Bleeding { figure, more } => self.figures[figure.0].bleeding += more,
            Event::BloodLoss { figure, total, .. } => self.figures[figure.0].blood_loss = *total,
            Event::LimbUnusable { figure, location } => {
                if self.spec.pack.locations[*location].part == Part::Leg {
                    self.figures[figure.0].lame = true;
                }
            }
            Event::KnockedBack { figure, to } => {
                if let Some(to) = to {
                    self.figures[figure.0].at = *to;
                }
            }
            Event::Checked {
                figure,
                check: Check::Revival,
                ..
            } => self.figures[figure.0].revival_attempts += 1,
            Event::Advantage {
                figure,
                taken: true,
                ..
            } => {
                self.advantage_taken = true;
                self.stage = Stage::Act {
                    figure: *figure,
                    advantage: true,
                };
            }
            Event::Ended { winner } => {
                self.winner = Some(*winner);
                self.stage = Stage::Over;
            }
            Event::Rested { figure } => self.figures[figure.0].minute.rested = true,
            Event::Defends { defender, defence } => {
                if *defence != Defend::Ignore {
                    self.figures[defender.0].minute.fought = true;
                }
            }
            Event::Fatigue { figure, total, .. } => self.figures[figure.0].fatigue = *total,
            Event::Stray { .. }
            | Event::SkillRoll { .. }
            | Event::Result { .. }
            | Event::Checked { .. }
            | Event::Advantage { .. } => {}
        }
    }
}
