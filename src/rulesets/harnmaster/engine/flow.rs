//! The turn of a HârnMaster battle (sheet l.3–5, l.88, l.171–219): rounds
//! in initiative order, one action a turn, an attack's declared defence, and
//! tactical advantages; the end of each round's bleeding and revival.

use crate::hex::Hex;
use crate::rulesets::harnmaster::rules::injury::{self, BloodLoss};
use crate::rulesets::harnmaster::rules::tables::sheet;
use crate::rulesets::harnmaster::rules::turn;
use crate::seam::{FigureId, Rejection, SideId};

use super::command::{Action, Command, Defend};
use super::event::{Check, Event, Gain};
use super::state::{Battle, Stage, Status};

impl Battle {
    /// Check `command` against the stage, then play it.
    pub(super) fn play(&mut self, command: Command) -> Result<(), Rejection> {
        match (self.stage, command) {
            (Stage::Act { figure, .. }, Command::Act { figure: f, action }) if f == figure => {
                self.check_action(f, &action)?;
                self.act(f, action);
                Ok(())
            }
            (Stage::Defend { attack }, Command::Defend { figure, defence })
                if figure == attack.target =>
            {
                self.check_defence(figure, defence)?;
                self.resolve(attack, defence);
                Ok(())
            }
            (Stage::Over, _) => Err(Rejection("the battle is over".into())),
            (Stage::Act { figure, .. }, _) => Err(Rejection(format!(
                "it is {}'s turn to act",
                self.name(figure)
            ))),
            (Stage::Defend { attack }, _) => Err(Rejection(format!(
                "{} must declare a defence against {}'s attack",
                self.name(attack.target),
                self.name(attack.attacker)
            ))),
        }
    }

    /// Sheet l.187, l.195: hexes a move may take: EM / 5, or EM / 2 / 5 when
    /// it comes within 3 hexes of an enemy (an engage or a disengage), at
    /// least one.
    pub fn move_allowance(&self, id: FigureId, path: &[Hex]) -> u32 {
        let s = sheet();
        let em = self.effective_mobility(id);
        let hexes = if self.comes_near(id, path) {
            em / s.engage_divisor / s.hex_divisor
        } else {
            em / s.hex_divisor
        };
        hexes.max(1)
    }

    /// Sheet l.189: whether a move starts or comes within 3 hexes of an
    /// enemy able to fight (so is no free move).
    pub fn comes_near(&self, id: FigureId, path: &[Hex]) -> bool {
        let start = self.figures[id.0].at;
        std::iter::once(start).chain(path.iter().copied()).any(|h| {
            (0..self.figures.len()).map(FigureId).any(|o| {
                self.enemies(id, o) && self.fighting(o) && self.figures[o.0].at.distance(h) <= 3
            })
        })
    }

    fn check_action(&self, id: FigureId, action: &Action) -> Result<(), Rejection> {
        let no = |why: String| Err(Rejection(why));
        let me = &self.figures[id.0];
        let who = self.name(id);
        match action {
            Action::Attack {
                target,
                weapon,
                aspect,
                ..
            } => {
                if target.0 >= self.figures.len() || !self.enemies(id, *target) {
                    return no(format!("{who} may attack only an enemy"));
                }
                if self.figures[target.0].status == Status::Dead {
                    return no(format!("{} is dead", self.name(*target)));
                }
                if self.figures[target.0].at.distance(me.at) != 1 {
                    return no(format!(
                        "{} is not engaged with {who}: a melee attack is against a figure in the next hex (l.219)",
                        self.name(*target)
                    ));
                }
                if !self.melee_weapons(id).any(|w| w == *weapon) {
                    return no(format!("{who} has no such melee weapon in hand"));
                }
                let w = self.weapon_row(id, *weapon);
                if w.impact.of(*aspect).is_none() {
                    return no(format!("the {} has no {} aspect", w.name, aspect.word()));
                }
                Ok(())
            }
            Action::Shoot { target, weapon, .. } => self.check_shot(id, *target, *weapon),
            Action::Move { path } => {
                if me.prone {
                    return no(format!("{who} is prone: rise first (l.201)"));
                }
                if me.lame {
                    return no(format!("{who} has an unusable leg and cannot walk (l.135)"));
                }
                if path.is_empty() {
                    return no("a move needs at least one hex".into());
                }
                let most = self.move_allowance(id, path);
                if path.len() as u32 > most {
                    return no(format!(
                        "{who} may move {most} hexes now, not {} (l.187, l.195)",
                        path.len()
                    ));
                }
                let mut from = me.at;
                for &h in path {
                    if from.distance(h) != 1 {
                        return no(format!(
                            "{:?} is not next to {:?}",
                            (h.col, h.row),
                            (from.col, from.row)
                        ));
                    }
                    if !self.spec.map.is_passable(h) {
                        return no(format!("{:?} is blocked or off the map", (h.col, h.row)));
                    }
                    if self.standing_in(h).is_some() {
                        return no(format!("{:?} is taken", (h.col, h.row)));
                    }
                    from = h;
                }
                Ok(())
            }
            Action::Rise => {
                if !me.prone {
                    return no(format!("{who} is standing"));
                }
                if me.lame {
                    return no(format!(
                        "{who} has an unusable leg and cannot stand (l.135)"
                    ));
                }
                Ok(())
            }
            Action::Rest => Ok(()),
        }
    }

    fn check_defence(&self, id: FigureId, defence: Defend) -> Result<(), Rejection> {
        let me = &self.figures[id.0];
        let shot = matches!(self.stage, Stage::Defend { attack } if attack.range.is_some());
        if shot && matches!(defence, Defend::Counterstrike { .. }) {
            return Err(Rejection(
                "a missile is blocked, dodged or ignored, not counterstruck (l.58)".into(),
            ));
        }
        let who = self.name(id);
        if me.status != Status::Fighting && defence != Defend::Ignore {
            return Err(Rejection(format!(
                "{who} is {} and can only ignore the attack (l.149)",
                me.status.word()
            )));
        }
        let weapon = match defence {
            Defend::Block { weapon } => Some((weapon, None)),
            Defend::Counterstrike { weapon, aspect, .. } => Some((weapon, Some(aspect))),
            Defend::Dodge | Defend::Ignore => None,
        };
        if let Some((w, aspect)) = weapon {
            if !self.melee_weapons(id).any(|m| m == w) {
                return Err(Rejection(format!(
                    "{who} has no such weapon in hand to meet a blow"
                )));
            }
            let row = self.weapon_row(id, w);
            if let Some(aspect) = aspect.filter(|a| row.impact.of(*a).is_none()) {
                return Err(Rejection(format!(
                    "the {} has no {} aspect",
                    row.name,
                    aspect.word()
                )));
            }
        }
        Ok(())
    }

    fn act(&mut self, id: FigureId, action: Action) {
        match action {
            Action::Attack {
                target,
                weapon,
                aspect,
                aim,
            } => self.emit(Event::Declared {
                attacker: id,
                target,
                weapon,
                aspect,
                aim,
            }),
            Action::Shoot {
                target,
                weapon,
                aim,
            } => {
                let range = self.figures[id.0].at.distance(self.figures[target.0].at);
                let aspect = self.weapon_row(id, weapon).missile.as_ref().map_or(
                    crate::rulesets::harnmaster::rules::terms::Aspect::Point,
                    |m| m.aspect,
                );
                self.emit(Event::Shot {
                    shooter: id,
                    target,
                    weapon,
                    aspect,
                    aim,
                    range,
                });
            }
            Action::Move { path } => {
                let from = path
                    .len()
                    .checked_sub(2)
                    .map_or(self.figures[id.0].at, |i| path[i]);
                let last = *path.last().expect("checked: a move has a hex");
                let facing = from
                    .facing_toward(last)
                    .unwrap_or(self.figures[id.0].facing);
                let before = self.engaged_by(id);
                let engage = self.comes_near(id, &path);
                self.emit(Event::Moved {
                    figure: id,
                    path,
                    facing,
                    engage,
                });
                // l.99: engaging, the higher mobility gains a tactical advantage.
                let engaged: Vec<FigureId> = self
                    .engaged_by(id)
                    .into_iter()
                    .filter(|o| !before.contains(o))
                    .collect();
                if let Some(&foe) = engaged
                    .iter()
                    .max_by_key(|o| (self.effective_mobility(**o), std::cmp::Reverse(o.0)))
                {
                    let (mine, theirs) =
                        (self.effective_mobility(id), self.effective_mobility(foe));
                    let gainer = match mine.cmp(&theirs) {
                        std::cmp::Ordering::Greater => Some(id),
                        std::cmp::Ordering::Less => Some(foe),
                        std::cmp::Ordering::Equal => None,
                    };
                    if let Some(g) = gainer {
                        return self.after(vec![(g, Gain::Engage)]);
                    }
                }
                self.end_turn();
            }
            Action::Rise => {
                let s = sheet();
                // l.203: difficult when engaged (docs/RULINGS.md, "3d6 or 4d6").
                let count = match self.engaged_by(id).len() {
                    0 => None,
                    1 => Some(s.rise_dice),
                    _ => Some(s.rise_dice_difficult),
                };
                let stood = match count {
                    None => true,
                    Some(n) => {
                        let agility = self.of(id).agility;
                        let roll = crate::rulesets::harnmaster::rules::roll::Roll::d6(
                            &mut self.dice,
                            n,
                            0,
                            i32::from(agility),
                        );
                        let failed = roll.over();
                        self.emit(Event::Checked {
                            figure: id,
                            check: Check::Rise,
                            roll,
                            failed,
                        });
                        !failed
                    }
                };
                if stood {
                    self.emit(Event::Prone {
                        figure: id,
                        prone: false,
                    });
                }
                self.end_turn();
            }
            Action::Rest => {
                self.emit(Event::Rested { figure: id });
                self.end_turn();
            }
        }
    }

    /// After an action's events: tactical advantages in the order gained
    /// (l.88: once a turn, a second ends it), else the next turn.
    pub(super) fn after(&mut self, gains: Vec<(FigureId, Gain)>) {
        if self.decided() {
            return;
        }
        let mut granted = false;
        for (figure, why) in gains {
            if !self.fighting(figure) {
                continue;
            }
            match turn::advantage(self.advantage_taken) {
                turn::Advantage::Taken => {
                    self.emit(Event::Advantage {
                        figure,
                        why,
                        taken: true,
                    });
                    granted = true;
                }
                turn::Advantage::EndsTurn => {
                    self.emit(Event::Advantage {
                        figure,
                        why,
                        taken: false,
                    });
                    granted = false;
                    break;
                }
            }
        }
        if !granted {
            self.end_turn();
        }
    }

    /// Whether one side, or none, is left able to fight; says so once.
    pub(super) fn decided(&mut self) -> bool {
        if self.winner.is_some() {
            return true;
        }
        let mut standing: Vec<SideId> = (0..self.figures.len())
            .map(FigureId)
            .filter(|&f| self.fighting(f))
            .map(|f| self.of(f).side)
            .collect();
        standing.dedup();
        standing.sort();
        standing.dedup();
        if standing.len() > 1 {
            return false;
        }
        self.emit(Event::Ended {
            winner: standing.first().copied(),
        });
        true
    }

    fn can_act(&self, id: FigureId) -> bool {
        self.fighting(id)
            && turn::acts_in_round(
                self.round,
                self.spec.surprise.map(|s| s.0),
                self.of(id).side.0,
            )
    }

    /// The next figure able to act this round, else the round's end.
    pub(super) fn end_turn(&mut self) {
        if self.decided() {
            return;
        }
        self.next_turn(self.turn + 1);
    }

    fn next_turn(&mut self, from: usize) {
        let next = (from..self.order.len()).find(|&i| self.can_act(self.order[i]));
        match next {
            Some(index) => self.emit(Event::TurnOf {
                figure: self.order[index],
                index,
            }),
            None => self.end_round(),
        }
    }

    /// l.3, l.5: a round's order of turns.
    pub(super) fn begin_round(&mut self, round: u32) {
        let initiatives: Vec<(usize, u32)> = (0..self.figures.len())
            .filter(|&i| self.figures[i].status != Status::Dead)
            .map(|i| (i, self.spec.figures[i].initiative()))
            .collect();
        let order = turn::order(&initiatives)
            .into_iter()
            .map(|i| (FigureId(i), self.spec.figures[i].initiative()))
            .collect();
        self.emit(Event::RoundBegan {
            round,
            order,
            surprise: self.spec.surprise.filter(|_| round == 1),
        });
        self.next_turn(0);
    }

    /// The end of a combat turn: blood loss (l.131–133), then attempts to
    /// regain consciousness (l.145) and the roll for shock (l.149).
    fn end_round(&mut self) {
        let s = sheet();
        for i in 0..self.figures.len() {
            let id = FigureId(i);
            let (status, bleeding) = (self.figures[i].status, self.figures[i].bleeding);
            if status == Status::Dead || bleeding == 0 {
                continue;
            }
            let total = self.figures[i].blood_loss + bleeding;
            self.emit(Event::BloodLoss {
                figure: id,
                points: bleeding,
                total,
            });
            let to = match injury::blood_loss(s, total, self.of(id).endurance) {
                BloodLoss::Dead => Some(Status::Dead),
                BloodLoss::Unconscious if status != Status::Unconscious => {
                    Some(Status::Unconscious)
                }
                _ => None,
            };
            if let Some(status) = to {
                self.emit(Event::Became { figure: id, status });
            }
        }
        for i in 0..self.figures.len() {
            let id = FigureId(i);
            let f = &self.figures[i];
            let bled_out =
                injury::blood_loss(s, f.blood_loss, self.of(id).endurance) != BloodLoss::Conscious;
            if f.status != Status::Unconscious || bled_out {
                continue;
            }
            let ei = self.endurance_index(id);
            let (attempts, endurance) = (f.revival_attempts, self.of(id).endurance);
            let roll = injury::revival_roll(s, &mut self.dice, ei, attempts, endurance);
            let failed = !roll.under();
            self.emit(Event::Checked {
                figure: id,
                check: Check::Revival,
                roll,
                failed,
            });
            if failed {
                continue;
            }
            let roll = injury::in_shock_roll(s, &mut self.dice, ei, endurance);
            let shocked = roll.over();
            self.emit(Event::Checked {
                figure: id,
                check: Check::InShock,
                roll,
                failed: shocked,
            });
            let status = if shocked {
                Status::InShock
            } else {
                Status::Fighting
            };
            self.emit(Event::Became { figure: id, status });
        }
        if self.round % s.turns_a_minute == 0 {
            self.end_minute();
        }
        if !self.decided() {
            self.begin_round(self.round + 1);
        }
    }

    /// l.165, l.175: the end of a minute (six turns). A figure that fought in
    /// it gains its fatigue rate; one that only rested recovers endurance / 6
    /// (docs/RULINGS.md, HârnMaster "Fatigue").
    fn end_minute(&mut self) {
        let s = sheet();
        for i in 0..self.figures.len() {
            let (f, spec) = (&self.figures[i], &self.spec.figures[i]);
            if f.status == Status::Dead {
                continue;
            }
            let points = if f.minute.fought {
                spec.fatigue_rate() as i32
            } else if f.minute.rested && !f.minute.moved {
                -(injury::rest_recovery(s, spec.endurance).min(f.fatigue) as i32)
            } else {
                0
            };
            if points != 0 {
                let total = f.fatigue.saturating_add_signed(points);
                self.emit(Event::Fatigue {
                    figure: FigureId(i),
                    points,
                    total,
                });
            }
        }
    }
}
