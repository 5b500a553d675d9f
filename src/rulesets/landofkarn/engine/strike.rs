//! Land of Karn "5. Roll and Compare" for one strike: the strike roll and
//! its level, the defence that meets it, the damage through armour with
//! any critical, and a fumble rolled on its chart.

use super::command::Act;
use super::event::{Blow, Crit, Damage, Defence, Event, Fumbled, Guard, Modifier, Wild};
use super::state::Battle;
use crate::rulesets::landofkarn::rules::actions::SAVED_ACTION_DEFENCE;
use crate::rulesets::landofkarn::rules::damage::{
    PIERCE_ONLY_DEFENCE, critical_damage, through_armour,
};
use crate::rulesets::landofkarn::rules::roll::{D20, Level, Total, defends};
use crate::rulesets::landofkarn::rules::tables::{CalledTarget, Fumble, Weapon, tables};
use crate::rulesets::landofkarn::rules::terms::{AttackKind, DamageType, Share};
use crate::seam::FigureId;

impl Battle {
    /// One strike rolled, defended and its damage rolled; the fumble, if any.
    pub(super) fn strike(
        &mut self,
        attacker: FigureId,
        target: FigureId,
        share: Share,
        called: Option<CalledTarget>,
        winner: bool,
        index: usize,
    ) -> Option<Fumble> {
        let weapon = self.weapon(attacker);
        let mut modifiers = Vec::new();
        let mut spent = Vec::new();
        let bonus = self.figures[attacker.0].spec.strike.0;
        if bonus != 0 {
            modifiers.push(Modifier {
                what: "strike bonus",
                value: bonus,
            });
        }
        if let Some(c) = called {
            modifiers.push(Modifier {
                what: "called shot",
                value: tables().called.penalty(c),
            });
        }
        self.penalties(attacker, &mut modifiers, &mut spent);
        let roll = D20 {
            face: self.dice.roll(20) as u8,
            share,
            modifier: modifiers.iter().map(|m| m.value).sum(),
        };
        let level = roll.strike_level(false);
        let total = roll.total();
        let defence = level
            .hits()
            .then(|| self.defence(target, &weapon, winner, index, total, &mut spent))
            .flatten();
        let landed = level.hits() && !defence.as_ref().is_some_and(|d| d.held);
        let damage = landed.then(|| self.damage(target, &weapon, level, total));
        self.emit(Event::Struck(Box::new(Blow {
            attacker,
            target,
            weapon: weapon.name.clone(),
            counter: !winner,
            roll,
            modifiers,
            level,
            total,
            defence,
            damage,
            spent,
        })));
        level.fumbled().then(|| self.fumble(attacker, &weapon))
    }

    /// The defence that meets strike `index` (or counter `index`) at `target`.
    fn defence(
        &mut self,
        target: FigureId,
        weapon: &Weapon,
        against_winner: bool,
        index: usize,
        strike: Total,
        spent: &mut Vec<FigureId>,
    ) -> Option<Defence> {
        let (how, share, mut modifiers) = if against_winner {
            let plan = &self.current.defence;
            if plan.dodges() {
                if let Some(&(_, total)) = self.current.dodged.iter().find(|(f, _)| *f == target) {
                    return Some(Defence {
                        how: Guard::Dodge,
                        roll: None,
                        modifiers: Vec::new(),
                        total,
                        held: defends(total, strike),
                    });
                }
                (
                    Guard::Dodge,
                    Share::Full,
                    vec![bonus("dodge bonus", self.figures[target.0].spec.dodge.0)],
                )
            } else {
                let part = plan
                    .parts()
                    .find(|(_, p)| p.act == Act::Parry { against: index })
                    .map(|(_, p)| *p)?;
                (
                    Guard::Parry,
                    part.share,
                    vec![bonus("parry bonus", self.figures[target.0].spec.parry.0)],
                )
            }
        } else {
            let cover = self.current.covers.iter().find(|c| c.against == index)?;
            let part = *self.current.attack.part(cover.slot)?;
            let parry = bonus("parry bonus", self.figures[target.0].spec.parry.0);
            if part.act == Act::Save {
                (
                    Guard::Saved,
                    part.share,
                    vec![parry, bonus("saved action", SAVED_ACTION_DEFENCE)],
                )
            } else {
                (Guard::Altered, part.share, vec![parry])
            }
        };
        if weapon.pierce_only() && weapon.kind != AttackKind::HandToHand {
            modifiers.push(bonus("against pierce only", PIERCE_ONLY_DEFENCE));
        }
        modifiers.retain(|m| m.value != 0);
        self.penalties(target, &mut modifiers, spent);
        let roll = D20 {
            face: self.dice.roll(20) as u8,
            share,
            modifier: modifiers.iter().map(|m| m.value).sum(),
        };
        let total = roll.total();
        Some(Defence {
            how,
            roll: Some(roll),
            modifiers,
            total,
            held: defends(total, strike),
        })
    }

    /// "6. Roll and apply damage": the weapon's damage through armour and
    /// natural armour, any critical made of it ("Critical", "Pierce (P)"),
    /// rolled now and taken when the melee ends.
    pub(super) fn damage(
        &mut self,
        target: FigureId,
        weapon: &Weapon,
        level: Level,
        total: Total,
    ) -> Damage {
        let rolled = weapon.damage.0.roll(&mut self.dice);
        let kind = weapon.main_type();
        let fig = &self.figures[target.0];
        let armour = fig.spec.armour.as_ref().filter(|_| fig.armour_holds());
        let through = through_armour(
            rolled.total,
            total,
            armour.map_or(0, |a| a.cov),
            armour.map(|a| a.rating(kind)),
            fig.spec.natural_armour,
        );
        let hp_now = fig.hp.0 - fig.pending_hp;
        let mut pierce_roll = None;
        let critical_now = if level.critical() {
            true
        } else if kind == DamageType::Pierce && through.to_figure >= 1 {
            let r = self.dice.d100();
            pierce_roll = Some(r);
            r.value() <= self.spec.gm.pierce_critical
        } else {
            false
        };
        let critical = if critical_now {
            let roll = self.dice.d100();
            let severity = tables().critical.get(kind.into(), roll);
            let effect = tables().critical.effect(severity);
            Some(Crit {
                pierce_roll: pierce_roll.take(),
                roll,
                severity,
                hp: critical_damage(severity, effect, through.to_figure, hp_now),
                sp: effect.sp.0.roll(&mut self.dice),
                combat: effect.combat_rolls,
            })
        } else {
            None
        };
        Damage {
            rolled,
            through,
            pierce_roll,
            hp: critical.as_ref().map_or(through.to_figure, |c| c.hp),
            sp: critical.as_ref().map_or(0, |c| c.sp.total),
            critical,
        }
    }

    /// "Fumble": the chart's column for the weapon's kind of attack, the
    /// fumble's own SP damage, and for "Hit Other" the wild blow at a
    /// figure chosen by die among all in reach (the fumbler too).
    fn fumble(&mut self, figure: FigureId, weapon: &Weapon) -> Fumble {
        let roll = self.dice.d100();
        let column = weapon.kind;
        let fumble = tables().fumble.get(column, roll);
        let mut sp = tables().fumble.effect(fumble).sp.0.roll(&mut self.dice);
        let mut wild = None;
        if fumble == Fumble::HitOther {
            let at = self.figures[figure.0].spec.pose.hex;
            let among: Vec<FigureId> = (0..self.figures.len())
                .filter(|&i| {
                    self.figures[i].is_up() && self.figures[i].spec.pose.hex.distance(at) <= 1
                })
                .map(FigureId)
                .collect();
            let chosen_roll = self.dice.roll(among.len() as u32);
            let target = among[chosen_roll as usize - 1];
            let roll = D20 {
                face: self.dice.roll(20) as u8,
                share: Share::Full,
                modifier: 0,
            };
            let level = roll.strike_level(false);
            let total = roll.total();
            // No defence against it, but a dodge already made this melee counts.
            let defence = self
                .current
                .dodged
                .iter()
                .find(|(f, _)| *f == target)
                .filter(|_| level.hits())
                .map(|&(_, dodge)| Defence {
                    how: Guard::Dodge,
                    roll: None,
                    modifiers: Vec::new(),
                    total: dodge,
                    held: defends(dodge, total),
                });
            let landed = level.hits() && !defence.as_ref().is_some_and(|d| d.held);
            let damage = landed.then(|| self.damage(target, weapon, level, total));
            let foe = self.figures[target.0].spec.side != self.figures[figure.0].spec.side;
            // 1D6 for an opponent, 3D6 for an ally or oneself (docs/RULINGS.md).
            sp = crate::dice::FlatDice {
                count: if foe { 1 } else { 3 },
                sides: 6,
                modifier: 0,
            }
            .roll(&mut self.dice);
            wild = Some(Wild {
                among,
                chosen_roll,
                blow: Blow {
                    attacker: figure,
                    target,
                    weapon: weapon.name.clone(),
                    counter: false,
                    roll,
                    modifiers: Vec::new(),
                    level,
                    total,
                    defence,
                    damage,
                    spent: Vec::new(),
                },
            });
        }
        self.emit(Event::Fumbled(Box::new(Fumbled {
            figure,
            column,
            roll,
            fumble,
            sp,
            melee: self.melee,
            wild,
        })));
        fumble
    }
}

fn bonus(what: &'static str, value: i32) -> Modifier {
    Modifier { what, value }
}
