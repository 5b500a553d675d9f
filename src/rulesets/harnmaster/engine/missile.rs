//! Sheet l.48–86: a missile shot: checked (weapon, missiles left, range,
//! sight, not engaged), then resolved: EMLs, skill rolls, the missile
//! combat table, strike delivery, and the stray missile.

use crate::rulesets::harnmaster::rules::tables::pack::Effect;
use crate::rulesets::harnmaster::rules::tables::sheet;
use crate::rulesets::harnmaster::rules::terms::{Aim, Defence, Level, Party};
use crate::seam::{FigureId, Rejection};

use super::command::Defend;
use super::event::{Event, Gain};
use super::melee::Blow;
use super::state::{Attack, Battle, Status};

impl Battle {
    /// Whether `id` may shoot `weapon` at `target` now.
    pub fn check_shot(
        &self,
        id: FigureId,
        target: FigureId,
        weapon: usize,
    ) -> Result<(), Rejection> {
        let no = |why: String| Err(Rejection(why));
        let who = self.name(id);
        if target.0 >= self.figures.len() || !self.enemies(id, target) {
            return no(format!("{who} may shoot only at an enemy"));
        }
        if self.figures[target.0].status == Status::Dead {
            return no(format!("{} is dead", self.name(target)));
        }
        if !self.usable_weapons(id).any(|w| w == weapon) {
            return no(format!("{who} has no such weapon in hand"));
        }
        let row = self.weapon_row(id, weapon);
        let Some(missile) = &row.missile else {
            return no(format!("the {} is no missile weapon", row.name));
        };
        if self.ammo(id, weapon) == 0 {
            return no(format!(
                "{who} has no missiles left for the {} (l.54)",
                row.name
            ));
        }
        if self.figures[id.0].prone {
            return no(format!("{who} is prone: rise first (l.201)"));
        }
        if !self.engaged_by(id).is_empty() {
            return no(format!(
                "{who} is engaged and cannot shoot (docs/RULINGS.md, \"Shooting while engaged\")"
            ));
        }
        let (from, to) = (self.figures[id.0].at, self.figures[target.0].at);
        if missile.range(from.distance(to)).is_none() {
            return no(format!(
                "{} is {} hexes away, beyond the {}'s range (l.81)",
                self.name(target),
                from.distance(to),
                row.name
            ));
        }
        let clear = self.spec.map.line_of_sight(from, to).is_ok_and(|s| s.clear);
        if !clear {
            return no(format!("{who} cannot see {}", self.name(target)));
        }
        Ok(())
    }

    /// l.60–71: both rolls, the missile table's cell, then its effects.
    pub(super) fn resolve_shot(&mut self, attack: Attack, defence: Defend) {
        let (a, d) = (attack.attacker, attack.target);
        let (guard, effects) = self.exchange(&attack, defence);
        let blow = Blow {
            weapon: attack.weapon,
            aspect: attack.aspect,
            aim: attack.aim,
        };
        let mut gains = Vec::new();
        let missed = effects.contains(&Effect::Miss);
        for effect in effects {
            let (who, other) = match effect {
                Effect::Strike(p, _)
                | Effect::Advantage(p)
                | Effect::Fumble(p, _)
                | Effect::Stumble(p, _)
                    if p == Party::Defender =>
                {
                    (d, a)
                }
                _ => (a, d),
            };
            match effect {
                // The defender is out of reach of a counterblow (docs/RULINGS.md).
                Effect::Strike(Party::Defender, _) | Effect::Miss => {}
                Effect::Strike(Party::Attacker, dice) => {
                    self.strike(a, d, blow, dice, &mut gains);
                }
                Effect::Block => {
                    if let Some(w) = guard {
                        // A missile is enchanted when the weapon that shot it is
                        // (docs/RULINGS.md, HârnMaster "Blocks (l.161)").
                        let enchanted = self.of(a).weapons[attack.weapon].enchanted;
                        self.weapon_damage(d, w, a, enchanted, &mut gains);
                    }
                }
                Effect::Advantage(_) => gains.push((who, Gain::Table)),
                Effect::Fumble(_, dice) => {
                    let weapon = if who == a { Some(attack.weapon) } else { guard };
                    if let Some(w) = weapon {
                        self.fumble(who, w, dice, other, &mut gains);
                    }
                }
                Effect::Stumble(_, dice) => self.stumble(who, dice, other, &mut gains),
            }
        }
        if missed {
            self.stray(a, d, blow, &mut gains);
        }
        self.after(gains);
    }

    /// Sheet l.86: a missile that missed (the cell reads Miss) strikes a figure next to the target
    /// on a d100 of 20 or less: one of them, by a die when there are several
    /// (docs/RULINGS.md, "Stray missiles"), with the dice of a marginal
    /// success against a target that ignores it, unaimed.
    fn stray(
        &mut self,
        shooter: FigureId,
        target: FigureId,
        blow: Blow,
        gains: &mut Vec<(FigureId, Gain)>,
    ) {
        let roll = self.dice.d100();
        if roll.value() > sheet().stray_chance {
            self.emit(Event::Stray { roll, victim: None });
            return;
        }
        let at = self.figures[target.0].at;
        let near: Vec<FigureId> = (0..self.figures.len())
            .map(FigureId)
            .filter(|&f| {
                f != shooter
                    && f != target
                    && self.figures[f.0].status != Status::Dead
                    && self.figures[f.0].at.distance(at) == 1
            })
            .collect();
        let victim = match near.len() {
            0 => None,
            1 => Some(near[0]),
            n => Some(near[self.dice.roll(n as u32) as usize - 1]),
        };
        self.emit(Event::Stray { roll, victim });
        let dice = self
            .spec
            .pack
            .missile(Defence::Ignore, Level::MS, None)
            .iter()
            .find_map(|e| match e {
                Effect::Strike(Party::Attacker, n) => Some(*n),
                _ => None,
            });
        if let (Some(victim), Some(dice)) = (victim, dice) {
            let blow = Blow {
                aim: Aim::Any,
                ..blow
            };
            self.strike(shooter, victim, blow, dice, gains);
        }
    }
}
