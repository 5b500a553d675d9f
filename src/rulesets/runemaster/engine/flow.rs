//! Rune Master, Rounds: Intent (sealed, revealed together; then the
//! targets declare their defences), Action by Strike Rank from 10 down to 1,
//! Book Keeping. Each command is checked whole before its first event.

use super::command::{Command, Defence, Intent};
use super::event::Event;
use super::state::{Battle, Phase};
use crate::hex::{Hex, Pose};
use crate::rulesets::runemaster::rules::damage::blood_lost;
use crate::rulesets::runemaster::rules::strike_rank::{hexes_in_sr, lands_at, melee_sr};
use crate::rulesets::runemaster::rules::tables::{Engage, tables};
use crate::seam::{FigureId, Rejection, SideId};

/// A melee attack due this round.
#[derive(Debug, Clone, Copy)]
struct Due {
    attacker: usize,
    target: usize,
    lands: i32,
    lunge: bool,
}

impl Battle {
    /// Weapon Reach: what `i`'s weapon may do against `t` where they stand.
    pub fn engage(&self, i: usize, t: usize) -> Engage {
        let d = self.distance(i, t) as usize;
        let reach = self.weapon(i).0.reach;
        (self.setup.house.engagement.get(reach))
            .get(d)
            .copied()
            .unwrap_or(Engage::Out)
    }

    /// Why `intent` cannot be `i`'s now, if it cannot.
    pub fn refuse_intent(&self, i: usize, intent: Intent) -> Option<String> {
        let me = &self.sheet(i).name;
        let target = match intent {
            Intent::Hold => return None,
            Intent::Attack(t) | Intent::Close(t) => t.0,
        };
        let Some(sheet) = self.setup.figures.get(target) else {
            return Some(format!("there is no figure {}", FigureId(target)));
        };
        if sheet.side == self.sheet(i).side {
            return Some(format!("{} is on {me}'s own side", sheet.name));
        }
        if !self.figs[target].able() {
            return Some(format!("{} is out of the fight", sheet.name));
        }
        match intent {
            Intent::Attack(_) if self.engage(i, target) == Engage::Out => Some(format!(
                "{} is not within the reach of {me}'s {} (Melee Engagement: engage at the round's start only)",
                sheet.name,
                self.weapon(i).0.name
            )),
            Intent::Close(_) if self.figs[i].prone => Some(format!(
                "{me} is on the ground: crawling and standing are not built yet; attack or hold"
            )),
            _ => None,
        }
    }

    /// Every check of a command, before any event.
    pub(super) fn check(&self, command: &Command) -> Result<(), Rejection> {
        let refuse = |why: String| Err(Rejection(why));
        match (*command, &self.phase) {
            (Command::Intent { figure, intent }, Phase::Intent(q)) => {
                if q.first() != Some(&figure.0) {
                    return refuse(format!("it is not {figure}'s intent that is asked"));
                }
                match self.refuse_intent(figure.0, intent) {
                    Some(why) => refuse(why),
                    None => Ok(()),
                }
            }
            (
                Command::Defend {
                    figure,
                    attacker,
                    defence,
                },
                Phase::Defence(q),
            ) => {
                if q.first() != Some(&(figure.0, attacker.0)) {
                    return refuse(format!(
                        "it is not {figure}'s defence against {attacker} that is asked"
                    ));
                }
                match defence {
                    Defence::Block if !self.has_shield(figure.0) => refuse(format!(
                        "{} has no shield to block with",
                        self.sheet(figure.0).name
                    )),
                    Defence::Parry if self.weapon(figure.0).0.parry == 0 => refuse(format!(
                        "{} cannot parry with {}",
                        self.sheet(figure.0).name,
                        self.weapon(figure.0).0.name
                    )),
                    _ => Ok(()),
                }
            }
            (_, Phase::Over) => refuse("the battle is over".into()),
            (Command::Intent { .. }, _) => refuse("intents are not asked now".into()),
            (Command::Defend { .. }, _) => refuse("defences are not asked now".into()),
        }
    }

    pub(super) fn emit(&mut self, event: Event) {
        self.apply(&event);
        self.events.push(event);
    }

    pub(super) fn perform(&mut self, command: Command) {
        match command {
            Command::Intent { figure, intent } => {
                self.emit(Event::Sealed {
                    figure: figure.0,
                    intent,
                });
                if self.phase == Phase::Intent(Vec::new()) {
                    let intents = (self.intents.iter().enumerate())
                        .filter_map(|(i, x)| x.map(|x| (i, x)))
                        .collect();
                    self.emit(Event::Revealed { intents });
                    self.after_declarations();
                }
            }
            Command::Defend {
                figure,
                attacker,
                defence,
            } => {
                self.emit(Event::Declared {
                    figure: figure.0,
                    attacker: attacker.0,
                    defence,
                });
                self.after_declarations();
            }
        }
    }

    fn after_declarations(&mut self) {
        if self.phase == Phase::Defence(Vec::new()) {
            self.run_round();
        }
    }

    pub(super) fn begin_round(&mut self) {
        self.emit(Event::RoundBegan {
            round: self.round + 1,
        });
    }

    /// Rounds, Action: the SR Shift, then SR 10 down to 1; then Book Keeping.
    fn run_round(&mut self) {
        let t = &tables().strike_rank;
        let mut shifts = vec![0; self.figs.len()];
        let able: Vec<usize> = (0..self.figs.len())
            .filter(|&i| self.figs[i].able())
            .collect();
        for i in able {
            let face = self.dice.roll(10);
            shifts[i] = face;
            let adjust = crate::rulesets::runemaster::rules::strike_rank::sr_shift(t, face);
            self.emit(Event::Shifted {
                figure: i,
                face,
                adjust,
            });
        }
        let mut due = Vec::new();
        for (i, &shift) in shifts.iter().enumerate() {
            let Some(Intent::Attack(target)) = self.intents[i] else {
                continue;
            };
            let (weapon, skill) = self.weapon(i);
            // Intent: the target's reach counts while it engages in melee.
            let engaging = matches!(self.intents[target.0], Some(Intent::Attack(_)));
            let against = engaging.then(|| self.weapon(target.0).0.reach);
            let sheet = self.sheet(i);
            let parts = melee_sr(
                t,
                &self.setup.house,
                sheet.dex,
                skill,
                weapon.reach,
                against,
                shift,
            );
            let lunge = self.engage(i, target.0) == Engage::Lunge;
            // Combat Resolution, lunge: the attack is one SR later.
            let lands = lands_at(parts.total(), 11).0 - i32::from(lunge);
            self.emit(Event::Timed {
                figure: i,
                target: target.0,
                base: parts.base,
                skill: parts.skill,
                reach: parts.reach,
                against: parts.against,
                shift: parts.shift,
                lunge,
                lands,
            });
            due.push(Due {
                attacker: i,
                target: target.0,
                lands,
                lunge,
            });
        }
        for sr in (1..=10).rev() {
            self.move_in(sr);
            self.strike_in(sr, &due);
            if self.decided().is_some() {
                break;
            }
        }
        self.book_keeping();
        match self.decided() {
            Some(winner) => self.emit(Event::Ended { winner }),
            None => self.begin_round(),
        }
    }

    /// Movement: each closing figure steps the hexes its Mv gives in `sr`,
    /// toward its target, until within its weapon's reach.
    fn move_in(&mut self, sr: i32) {
        let t = &tables().strike_rank;
        for i in 0..self.figs.len() {
            let Some(Intent::Close(target)) = self.intents[i] else {
                continue;
            };
            let f = &self.figs[i];
            if !f.able() || f.prone || !self.figs[target.0].able() {
                continue;
            }
            for _ in 0..hexes_in_sr(t, self.sheet(i).mv, sr) {
                if self.engage(i, target.0) != Engage::Out {
                    break;
                }
                let Some(to) = self.step_toward(i, self.figs[target.0].pose.hex) else {
                    break;
                };
                let from = self.figs[i].pose;
                self.emit(Event::Moved {
                    figure: i,
                    sr,
                    from,
                    to,
                });
            }
        }
    }

    /// Movement and Facing: the open hex among the three in front that is
    /// nearest `goal` and nearer than now, facing the goal from there; else
    /// a turn in place toward it (one hex of movement), else nothing.
    fn step_toward(&self, i: usize, goal: Hex) -> Option<Pose> {
        let pose = self.figs[i].pose;
        let now = pose.hex.distance(goal);
        let front = [pose.facing.rotate(-1), pose.facing, pose.facing.rotate(1)];
        let best = front
            .iter()
            .map(|&f| pose.hex.neighbor(f))
            .filter(|&h| self.setup.map.is_passable(h) && self.at(h).is_none())
            .filter(|h| h.distance(goal) < now)
            .min_by_key(|h| h.distance(goal));
        match best {
            Some(h) => Some(Pose::new(h, h.facing_toward(goal).unwrap_or(pose.facing))),
            None => {
                let facing = pose.hex.facing_toward(goal)?;
                (facing != pose.facing).then_some(Pose::new(pose.hex, facing))
            }
        }
    }

    /// Action: the attacks that land in `sr`, all simultaneous: every one is
    /// resolved against the figures as they stood when the SR began.
    fn strike_in(&mut self, sr: i32, due: &[Due]) {
        let mut struck = Vec::new();
        for d in due.iter().filter(|d| d.lands == sr) {
            let (a, t) = (d.attacker, d.target);
            let why = if !self.figs[a].able() {
                Some("out of the fight before the blow")
            } else if !self.figs[t].able() {
                Some("the target is already out of the fight")
            } else if self.morale_forbids_attack(a) {
                Some("Morale allows no attack")
            } else if self.figs[a].regrip {
                Some("spends the action regaining the grip (Fumble Table)")
            } else if self.engage(a, t) == Engage::Out {
                Some("the target is no longer within reach")
            } else {
                None
            };
            match why {
                Some(why) => struck.push(Event::NoAttack {
                    figure: a,
                    sr,
                    why,
                    regrip: self.figs[a].regrip && self.figs[a].able(),
                }),
                None => {
                    let defence = (self.defences.iter())
                        .find(|&&(f, at, _)| f == t && at == a)
                        .map_or(Defence::None, |&(_, _, d)| d);
                    // Parry: not with a weapon that strikes in this same SR.
                    let busy = due.iter().any(|o| o.attacker == t && o.lands == sr);
                    let strike = self.strike(a, t, sr, d.lunge, defence, busy);
                    struck.push(Event::Struck(Box::new(strike)));
                }
            }
        }
        for event in struck {
            self.emit(event);
        }
    }

    /// Book Keeping: bleeding and stun recovery.
    fn book_keeping(&mut self) {
        let injury = &tables().injury;
        for i in 0..self.figs.len() {
            let f = &self.figs[i];
            let sheet = self.sheet(i);
            if f.condition == super::state::Condition::Dead || (f.bleeding == 0 && f.stun == 0) {
                continue;
            }
            let lost = blood_lost(injury, sheet.size, f.bleeding, f.bled_for, f.bled_for + 10);
            let quarters = f.blood_quarters + lost;
            // Bleeding: blood loss is at most five times HP.
            let room = (5 * sheet.hp).saturating_sub(f.blood_lost);
            let blood = (quarters / 4).min(room);
            let stun_recovered = f.stun.min(self.setup.house.stun_recovery);
            self.emit(Event::Kept {
                figure: i,
                blood,
                quarters: quarters % 4,
                stun_recovered,
            });
        }
    }

    /// The side left with figures able to fight, once at most one is.
    fn decided(&self) -> Option<Option<SideId>> {
        let mut sides = (self.figs.iter().zip(&self.setup.figures))
            .filter(|(f, _)| f.able())
            .map(|(_, s)| s.side);
        let first = sides.next();
        match first {
            None => Some(None),
            Some(side) if sides.all(|s| s == side) => Some(Some(side)),
            Some(_) => None,
        }
    }
}
