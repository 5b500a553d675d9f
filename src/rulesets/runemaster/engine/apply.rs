//! The only code that changes a battle's state: one event at a time, no dice.

use super::command::Intent;
use super::event::{Event, Harm, Limb};
use super::state::{Battle, Condition, Phase};
use crate::rulesets::runemaster::rules::terms::Part;

impl Battle {
    pub(super) fn apply(&mut self, event: &Event) {
        match event {
            Event::RoundBegan { round } => {
                self.round = *round;
                self.intents.iter_mut().for_each(|i| *i = None);
                self.defences.clear();
                for f in &mut self.figs {
                    f.off_balance = false;
                    f.no_dodge = false;
                    f.wide_open = false;
                    f.parries = 0;
                    f.lunged = false;
                }
                let able = (self.figs.iter().enumerate())
                    .filter(|(_, f)| f.able())
                    .map(|(i, _)| i)
                    .collect();
                self.phase = Phase::Intent(able);
            }
            Event::Sealed { figure, intent } => {
                self.intents[*figure] = Some(*intent);
                if let Phase::Intent(q) = &mut self.phase {
                    q.retain(|f| f != figure);
                }
            }
            Event::Revealed { .. } => {
                let asked = (self.intents.iter().enumerate())
                    .filter_map(|(i, x)| match x {
                        Some(Intent::Attack(t)) if self.figs[t.0].able() => Some((t.0, i)),
                        _ => None,
                    })
                    .collect();
                self.phase = Phase::Defence(asked);
            }
            Event::Declared {
                figure,
                attacker,
                defence,
            } => {
                self.defences.push((*figure, *attacker, *defence));
                if let Phase::Defence(q) = &mut self.phase {
                    q.retain(|p| *p != (*figure, *attacker));
                }
            }
            Event::Shifted { .. } | Event::Timed { .. } => {}
            Event::Moved { figure, to, .. } => self.figs[*figure].pose = *to,
            Event::NoAttack { figure, regrip, .. } => {
                if *regrip {
                    self.figs[*figure].regrip = false;
                }
            }
            Event::Struck(strike) => {
                self.figs[strike.attacker].lunged |= strike.lunge;
                if strike.defence == super::command::Defence::Parry && strike.defended.is_ok() {
                    self.figs[strike.target].parries += 1;
                }
                for harm in &strike.harms {
                    self.harm(harm);
                }
            }
            Event::Kept {
                figure,
                blood,
                quarters,
                stun_recovered,
            } => {
                let f = &mut self.figs[*figure];
                f.damage += blood;
                f.blood_lost += blood;
                f.blood_quarters = *quarters;
                if f.bleeding > 0 {
                    f.bled_for += 10;
                }
                f.stun -= stun_recovered;
                self.settle(*figure);
            }
            Event::Ended { winner } => {
                self.winner = Some(*winner);
                self.phase = Phase::Over;
            }
        }
    }

    fn harm(&mut self, h: &Harm) {
        let f = &mut self.figs[h.figure];
        f.damage += h.damage;
        f.stun += h.stun;
        f.bleeding += h.bleeding;
        f.prone |= h.falls;
        f.off_balance |= h.off_balance;
        f.no_dodge |= h.no_dodge;
        f.wide_open |= h.wide_open;
        f.weapon_lost |= h.drops_weapon;
        f.shield_lost |= h.drops_shield;
        f.regrip |= h.regrip;
        f.shield_hp = f.shield_hp.saturating_sub(h.shield_hp_lost);
        if let Some((limb, points)) = h.limb {
            f.limbs[limb as usize] += points;
            // A dislocated arm drops what it holds.
            if f.limb(limb) >= 8 {
                match limb {
                    Limb::RightArm => f.weapon_lost = true,
                    Limb::LeftArm => f.shield_lost = true,
                    Limb::RightLeg | Limb::LeftLeg => f.prone = true,
                }
            }
        }
        if let Some(hex) = h.pushed_to {
            f.pose.hex = hex;
        }
        // Serious Wound: the location is incapacitated.
        if let Some(location) = h.wound {
            match location.part() {
                Part::Head => f.head_wound = true,
                Part::Chest => f.chest_wound = true,
                Part::Abdomen | Part::Leg => {
                    f.prone = true;
                    f.cannot_stand = true;
                }
                Part::Arm => match location {
                    crate::rulesets::runemaster::rules::terms::Location::LeftArm => {
                        f.shield_lost = true
                    }
                    _ => f.weapon_lost = true,
                },
                // Wing and tail: AGI penalties (not yet built) and no flight.
                Part::Wing | Part::Tail => {}
            }
        }
        self.settle(h.figure);
    }

    /// A figure's condition from its damage, stun and wounds (house
    /// thresholds of the pack in force).
    fn settle(&mut self, i: usize) {
        let health = self.setup.house.health;
        let hp = self.setup.figures[i].hp;
        let f = &mut self.figs[i];
        f.condition = if f.damage >= health.dead_at * hp {
            Condition::Dead
        } else if f.head_wound || f.stun >= hp || f.damage >= health.unconscious_at * hp {
            Condition::Unconscious
        } else if f.damage >= health.shock_at * hp {
            Condition::Shock
        } else if f.chest_wound {
            Condition::Collapsed
        } else {
            Condition::Fighting
        };
    }
}
