//! Sheet l.18–30, l.113–161: a melee attack resolved: EMLs, skill rolls, the
//! combat table's cell, and each effect of it: strikes delivered and the
//! injuries' rolls, blocks and weapon damage, fumbles, stumbles and
//! tactical advantages.

use crate::rulesets::harnmaster::rules::eml::Fighter;
use crate::rulesets::harnmaster::rules::injury::{self, Grip};
use crate::rulesets::harnmaster::rules::skill::{self, Worked};
use crate::rulesets::harnmaster::rules::strike;
use crate::rulesets::harnmaster::rules::tables::pack::{Effect, Mark};
use crate::rulesets::harnmaster::rules::tables::sheet;
use crate::rulesets::harnmaster::rules::terms::{Aim, Aspect, Party};
use crate::seam::FigureId;

use super::command::Defend;
use super::event::{Check, Event, Gain, Loss};
use super::state::{Attack, Battle, Status};

/// A blow one party may deliver in this exchange.
#[derive(Debug, Clone, Copy)]
pub(super) struct Blow {
    pub weapon: usize,
    pub aspect: Aspect,
    pub aim: Aim,
}

impl Battle {
    pub(super) fn fighter(&self, id: FigureId, ml: u8, opponent: FigureId) -> Fighter {
        Fighter {
            ml,
            physical_penalty: self.physical_penalty(id),
            special_penalty: self.of(id).special_penalty,
            opponents: self.engaged_by(id).len() as u32,
            opponent_prone: self.figures[opponent.0].prone,
        }
    }

    /// l.20–23: both rolls and the cell; then every effect of it.
    pub(super) fn resolve(&mut self, attack: Attack, defence: Defend) {
        if attack.range.is_some() {
            return self.resolve_shot(attack, defence);
        }
        let (a, d) = (attack.attacker, attack.target);
        let (guard, effects) = self.exchange(&attack, defence);
        let a_blow = Blow {
            weapon: attack.weapon,
            aspect: attack.aspect,
            aim: attack.aim,
        };
        let d_blow = match defence {
            Defend::Counterstrike {
                weapon,
                aspect,
                aim,
            } => Some(Blow {
                weapon,
                aspect,
                aim,
            }),
            _ => self.readiest_blow(d),
        };
        let mut gains = Vec::new();
        for effect in effects {
            let of = |p: Party| match p {
                Party::Attacker => (a, d, Some(attack.weapon)),
                Party::Defender => (d, a, guard),
            };
            match effect {
                Effect::Strike(party, dice) => {
                    let (striker, victim, _) = of(party);
                    let blow = match party {
                        Party::Attacker => Some(a_blow),
                        Party::Defender => d_blow,
                    };
                    if let Some(blow) = blow {
                        self.strike(striker, victim, blow, dice, &mut gains);
                    }
                }
                Effect::Block => {
                    // l.161: each weapon that met the other is checked, with
                    // 4d6 when the other is enchanted.
                    let met = [
                        (a, Some(attack.weapon), d, guard),
                        (d, guard, a, Some(attack.weapon)),
                    ];
                    for (who, weapon, other, theirs) in met {
                        if let Some(w) = weapon {
                            let enchanted =
                                theirs.is_some_and(|t| self.of(other).weapons[t].enchanted);
                            self.weapon_damage(who, w, other, enchanted, &mut gains);
                        }
                    }
                }
                Effect::Miss => {}
                Effect::Advantage(party) => gains.push((of(party).0, Gain::Table)),
                Effect::Fumble(party, dice) => {
                    let (who, other, weapon) = of(party);
                    if let Some(w) = weapon {
                        self.fumble(who, w, dice, other, &mut gains);
                    }
                }
                Effect::Stumble(party, dice) => {
                    let (who, other, _) = of(party);
                    self.stumble(who, dice, other, &mut gains);
                }
            }
        }
        self.after(gains);
    }

    /// l.20–23, l.60–64: the declared defence, both skill rolls against
    /// the EMLs worked out for them, and the combat table's cell (the
    /// missile table's for a shot): the weapon the defender met the blow
    /// with, and the cell's effects.
    pub(super) fn exchange(
        &mut self,
        attack: &Attack,
        defence: Defend,
    ) -> (Option<usize>, Vec<Effect>) {
        let (a, d) = (attack.attacker, attack.target);
        self.emit(Event::Defends {
            defender: d,
            defence,
        });
        let pack = self.spec.pack.clone();
        let rolls = self.rolls(attack, defence);
        let roll = |b: &mut Battle, figure: FigureId, worked: Worked| {
            let roll = b.dice.d100();
            let level = skill::level(&pack.skill, worked.eml(), roll);
            b.emit(Event::SkillRoll {
                figure,
                worked,
                roll,
                level,
            });
            level
        };
        let a_level = roll(self, a, rolls.attack);
        let d_level = rolls.defender.map(|worked| roll(self, d, worked));
        let cell = if rolls.missile {
            pack.missile(rolls.defence, a_level, d_level)
        } else {
            pack.melee(rolls.defence, a_level, d_level)
        };
        let effects = cell.to_vec();
        self.emit(Event::Result {
            missile: rolls.missile,
            defence: rolls.defence,
            attacker: a_level,
            defender: d_level,
            effects: effects.clone(),
        });
        (rolls.guard, effects)
    }

    /// The blow a figure strikes with when the table gives it one unasked
    /// (docs/RULINGS.md, "Strikes the defender did not declare"): its first
    /// weapon still in hand, by its strongest aspect, unaimed.
    fn readiest_blow(&self, id: FigureId) -> Option<Blow> {
        let weapon = self.melee_weapons(id).next()?;
        let row = self.weapon_row(id, weapon);
        let aspect = Aspect::ALL
            .into_iter()
            .filter_map(|a| row.impact.of(a).map(|i| (i, a)))
            .max_by_key(|(i, _)| *i)?
            .1;
        Some(Blow {
            weapon,
            aspect,
            aim: Aim::Any,
        })
    }

    /// l.25–30: deliver a strike and its injury.
    pub(super) fn strike(
        &mut self,
        striker: FigureId,
        victim: FigureId,
        blow: Blow,
        dice: u8,
        gains: &mut Vec<(FigureId, Gain)>,
    ) {
        let pack = self.spec.pack.clone();
        let weapon_impact = self
            .weapon_row(striker, blow.weapon)
            .impact
            .of(blow.aspect)
            .unwrap_or(0);
        let worn = self.of(victim).armour.clone();
        let delivery = strike::deliver(
            &pack,
            &mut self.dice,
            blow.aim,
            blow.aspect,
            dice,
            weapon_impact,
            |l, a| strike::protection(&pack, &worn, l, a),
        );
        let points = delivery.injury();
        let marks = delivery.marks.clone();
        let location = delivery.location;
        self.emit(Event::Struck {
            striker,
            victim,
            weapon: blow.weapon,
            delivery,
        });
        if points.0 == 0 || self.figures[victim.0].status == Status::Dead {
            return;
        }
        self.injure(
            victim,
            striker,
            location,
            blow.aspect,
            points,
            &marks,
            gains,
        );
    }

    /// l.119–157: an injury's rolls, in the order kill, amputation, shock,
    /// fumble, stumble; then bleeding, an unusable limb and knockback
    /// (docs/RULINGS.md, "Order of an injury's rolls").
    #[allow(clippy::too_many_arguments)]
    fn injure(
        &mut self,
        victim: FigureId,
        striker: FigureId,
        location: usize,
        aspect: Aspect,
        points: crate::rulesets::harnmaster::rules::terms::InjuryPoints,
        marks: &[Mark],
        gains: &mut Vec<(FigureId, Gain)>,
    ) {
        let s = sheet();
        let endurance = self.of(victim).endurance;
        let mut shock = marks
            .iter()
            .filter_map(|m| {
                if let Mark::Shock(n) = m {
                    Some(*n)
                } else {
                    None
                }
            })
            .max()
            .unwrap_or(0);
        let mut bleeding = 0;
        for mark in marks {
            match *mark {
                Mark::Kill(n) => {
                    let roll = injury::kill_roll(&mut self.dice, n, endurance);
                    let killed = roll.over();
                    self.emit(Event::Checked {
                        figure: victim,
                        check: Check::Kill,
                        roll,
                        failed: killed,
                    });
                    if killed {
                        self.emit(Event::Became {
                            figure: victim,
                            status: Status::Dead,
                        });
                        return;
                    }
                    // l.125: the survivor's shock roll has one more d6.
                    shock += s.kill_shock_extra;
                }
                Mark::Amputate(n) => {
                    let weight = self.of(victim).weight;
                    let roll = injury::amputation_roll(s, &mut self.dice, n, weight);
                    let severed = roll.over();
                    self.emit(Event::Checked {
                        figure: victim,
                        check: Check::Amputation,
                        roll,
                        failed: severed,
                    });
                    // l.129: E5 and a worse bleeding when severed, else E4.
                    if severed {
                        shock = shock.max(s.amputation_shock_severed);
                        bleeding += u32::from(s.amputation_bleeding);
                    } else {
                        shock = shock.max(s.amputation_shock_kept);
                    }
                }
                Mark::Bleed(n) => bleeding += u32::from(n),
                Mark::Shock(_) | Mark::Fumble(_) | Mark::Stumble(_) => {}
            }
        }
        if shock > 0 && self.figures[victim.0].status == Status::Fighting {
            let ei = self.endurance_index(victim);
            let roll = injury::shock_roll(&mut self.dice, shock, ei, endurance);
            let out = roll.over();
            self.emit(Event::Checked {
                figure: victim,
                check: Check::Shock,
                roll,
                failed: out,
            });
            if out {
                self.emit(Event::Became {
                    figure: victim,
                    status: Status::Unconscious,
                });
                gains.push((striker, Gain::OpponentFailed(Check::Shock)));
            }
        }
        for mark in marks {
            if self.figures[victim.0].status != Status::Fighting {
                break;
            }
            match *mark {
                Mark::Fumble(n) => {
                    let first = self.melee_weapons(victim).next();
                    if let Some(w) = first {
                        self.fumble(victim, w, n, striker, gains);
                    }
                }
                Mark::Stumble(n) => self.stumble(victim, n, striker, gains),
                _ => {}
            }
        }
        if bleeding > 0 {
            self.emit(Event::Bleeding {
                figure: victim,
                more: bleeding,
            });
        }
        let part = self.spec.pack.locations[location].part;
        if injury::limb_unusable(s, part, points) {
            self.emit(Event::LimbUnusable {
                figure: victim,
                location,
            });
            // docs/RULINGS.md, "Unusable limbs": an arm drops the first weapon
            // in hand; a leg fells the figure.
            if part.is_limb() && part != crate::rulesets::harnmaster::rules::terms::Part::Leg {
                let first = self.melee_weapons(victim).next();
                if let Some(w) = first {
                    self.emit(Event::Lost {
                        figure: victim,
                        weapon: w,
                        loss: Loss::Dropped,
                    });
                }
            } else if !self.figures[victim.0].prone {
                self.emit(Event::Prone {
                    figure: victim,
                    prone: true,
                });
            }
        }
        if injury::knocked_back(part, aspect, points, self.of(victim).strength) {
            let at = self.figures[victim.0].at;
            let to = self.figures[striker.0]
                .at
                .facing_toward(at)
                .map(|f| at.neighbor(f))
                .filter(|&h| self.spec.map.is_passable(h) && self.standing_in(h).is_none());
            self.emit(Event::KnockedBack { figure: victim, to });
        }
    }

    /// l.151–153: a fumble roll for the weapon `weapon`.
    pub(super) fn fumble(
        &mut self,
        who: FigureId,
        weapon: usize,
        dice: u8,
        other: FigureId,
        gains: &mut Vec<(FigureId, Gain)>,
    ) {
        if self.figures[who.0].lost[weapon] {
            return;
        }
        let grip = if self.weapon_row(who, weapon).hands == 2 {
            Grip::BothHands
        } else {
            Grip::OneHand
        };
        let ei = self.endurance_index(who);
        let dexterity = self.of(who).dexterity;
        let roll = injury::fumble_roll(&mut self.dice, dice, ei, grip, dexterity);
        let dropped = roll.over();
        let check = Check::Fumble { weapon };
        self.emit(Event::Checked {
            figure: who,
            check,
            roll,
            failed: dropped,
        });
        if dropped {
            self.emit(Event::Lost {
                figure: who,
                weapon,
                loss: Loss::Dropped,
            });
            gains.push((other, Gain::OpponentFailed(check)));
        }
    }

    /// l.155–157: a stumble roll.
    pub(super) fn stumble(
        &mut self,
        who: FigureId,
        dice: u8,
        other: FigureId,
        gains: &mut Vec<(FigureId, Gain)>,
    ) {
        if self.figures[who.0].prone || self.figures[who.0].status != Status::Fighting {
            return;
        }
        let ei = self.endurance_index(who);
        let agility = self.of(who).agility;
        let roll = injury::stumble_roll(&mut self.dice, dice, ei, 0, agility);
        let fell = roll.over();
        self.emit(Event::Checked {
            figure: who,
            check: Check::Stumble,
            roll,
            failed: fell,
        });
        if fell {
            self.emit(Event::Prone {
                figure: who,
                prone: true,
            });
            gains.push((other, Gain::OpponentFailed(Check::Stumble)));
        }
    }

    /// l.159–161: a weapon damage check after a block.
    pub(super) fn weapon_damage(
        &mut self,
        who: FigureId,
        weapon: usize,
        other: FigureId,
        against_enchanted: bool,
        gains: &mut Vec<(FigureId, Gain)>,
    ) {
        if self.figures[who.0].lost[weapon] {
            return;
        }
        let quality = self.weapon_row(who, weapon).quality;
        let roll = injury::weapon_damage_roll(sheet(), &mut self.dice, quality, against_enchanted);
        let broke = roll.over();
        let check = Check::WeaponDamage { weapon };
        self.emit(Event::Checked {
            figure: who,
            check,
            roll,
            failed: broke,
        });
        if broke {
            self.emit(Event::Lost {
                figure: who,
                weapon,
                loss: Loss::Broken,
            });
            gains.push((other, Gain::OpponentFailed(check)));
        }
    }
}
