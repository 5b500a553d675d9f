//! DragonQuest 24–27: one Strike Check and what follows it — damage,
//! Grievous Injuries, Stun and falls, dropped and broken weapons, Parries
//! and Ripostes — turned into events, every die rolled here.

use super::command::Item;
use super::command::SpecialAttack;
use super::event::{ActionKind, DamageCause, Event, Impairment, Impairs, StrikeEvent};
use super::state::Battle;
use crate::rulesets::dragonquest::rules::damage::{
    Inflicted, Standing, Wielding, damage_check, damage_modifier, inflict, lodged, standing,
    strength_bonus, strength_counts, stuns, unarmed_base_chance, unarmed_damage_modifier,
};
use crate::rulesets::dragonquest::rules::figure::weapon_strike_chance;
use crate::rulesets::dragonquest::rules::special::{
    DISENTANGLE_PASSES, Special, keeps_footing, knockout_minutes, knocks_out, restrain_base_chance,
};
use crate::rulesets::dragonquest::rules::strike::{
    AttackType, Charge, Defender, Flight, Hand, Hit, Mishap, Modified, Modifier, Parry, Situation,
    StrikeCheck, Through, averts_mishap, defense, modified_strike_chance, parry, strike_chance,
    strike_check,
};
use crate::rulesets::dragonquest::rules::tables::grievous::{
    Effect, Hand as InjuredHand, Injury, Lasting, Pool,
};
use crate::rulesets::dragonquest::rules::tables::tables;
use crate::rulesets::dragonquest::rules::tables::weapons::{Class, Group};
use crate::rulesets::dragonquest::rules::{DamagePoints, Rank, StrikeChance};
use crate::seam::FigureId;

/// One attack to resolve.
#[derive(Debug, Clone, Copy)]
pub struct Attack {
    pub attacker: FigureId,
    pub target: FigureId,
    pub attack: AttackType,
    /// The attacker's weapon (`None`: bare hands, 28).
    pub weapon: Option<usize>,
    pub hand: Hand,
    pub charge: Option<Charge>,
    /// 20.3: an Offensive Withdrawal's strike.
    pub withdrawing: bool,
    /// 24.4: a Riposte, which cannot be Parried.
    pub riposte: bool,
    /// 23.1: a figure on the Line of Fire, not the one aimed at.
    pub in_the_way: bool,
    pub flight: Option<Flight>,
    /// 23.5: a special attack in place of the ordinary strike.
    pub special: Option<SpecialAttack>,
    /// 29: a monster of several hexes trampling a figure it overran.
    pub trample: bool,
}

impl Attack {
    /// An ordinary strike of `attacker` at `target` with `weapon` (`None`:
    /// bare hands) from the primary hand; the rest is set where it applies.
    pub fn plain(
        attacker: FigureId,
        target: FigureId,
        attack: AttackType,
        weapon: Option<usize>,
    ) -> Attack {
        Attack {
            attacker,
            target,
            attack,
            weapon,
            hand: Hand::Primary,
            charge: None,
            withdrawing: false,
            riposte: false,
            in_the_way: false,
            flight: None,
            special: None,
            trample: false,
        }
    }
}

/// 29: a trample's Base Chance.
const TRAMPLE_BASE_CHANCE: i32 = 40;

/// Sheltered (24.8): cover over about half the body.
const SHELTER_PERCENT: u8 = 50;

/// DragonQuest 24.5, 24.8: what the target is doing and how the attacker
/// comes at it, as far as it changes a strike's Defense and modifiers. The
/// engine reads it from the battle ([`Battle::circumstances`]); `odds` takes
/// it from the Referee.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Circumstances {
    pub through: Through,
    pub target_stunned: bool,
    pub target_prone: bool,
    /// Taking an Evade action (20.2).
    pub target_evading: bool,
    /// In a Defensive Withdrawal (20.3).
    pub target_defensive: bool,
    pub target_moving: bool,
    /// 24.8: behind cover over about half the body.
    pub target_sheltered: bool,
}

/// A strike's numbers before its dice: the Modified Strike Chance and its
/// parts, the strength bonus that moves the breaking faces (25.5), and
/// whether a miss by 30 may be Parried (24.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aim {
    pub modified: Modified,
    pub strength_bonus: u8,
    pub may_parry: bool,
}

/// What a hit's Damage Check adds to the D10, the weapon's class for the
/// Grievous Injury Table (none: no injury), and, for a Class A weapon fired
/// or thrown, what it costs when it lodges (27.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DamageTerms {
    pub modifier: i32,
    pub class: Option<Class>,
    pub lodges: Option<(u8, i32)>,
}

/// DragonQuest 25.7: an injury's effects once its D10 (if it has one) is
/// rolled, and the Endurance it takes from a figure with `left`.
pub fn injury_outcome(injury: &Injury, d10: Option<u8>, left: u32) -> (Vec<Effect>, DamagePoints) {
    let mut effects: Vec<Effect> = Vec::new();
    for e in &injury.effects {
        if let Effect::OnD10(branches) = e {
            let face = d10.unwrap_or(1);
            if let Some((_, _, _, inner)) = branches.iter().find(|b| (b.0..=b.1).contains(&face)) {
                effects.extend(inner.iter().cloned());
            }
        } else {
            effects.push(e.clone());
        }
    }
    let mut endurance = u32::from(injury.endurance);
    for e in &effects {
        match e {
            Effect::Endurance(n) => endurance += u32::from(*n),
            Effect::Dies => endurance = left,
            _ => {}
        }
    }
    (effects, DamagePoints(endurance.min(left)))
}

/// DragonQuest 25.7: what an injury's D10 struck (which eye, which leg).
pub fn injury_struck(injury: &Injury, d10: Option<u8>) -> Option<&str> {
    let face = d10?;
    injury.effects.iter().find_map(|e| match e {
        Effect::OnD10(branches) => branches
            .iter()
            .find(|b| (b.0..=b.1).contains(&face))
            .map(|b| b.2.as_str()),
        _ => None,
    })
}

/// Whether an injury's effects need a D10 (25.7).
pub fn injury_rolls_d10(injury: &Injury) -> bool {
    injury.effects.iter().any(|e| matches!(e, Effect::OnD10(_)))
}

impl Battle {
    /// 24.5, 24.8: the circumstances of a strike as the battle stands.
    pub fn circumstances(&self, a: &Attack) -> Circumstances {
        let att = self.figure(a.attacker);
        let def = self.figure(a.target);
        let from = att.nearest_hex(def.pose.hex);
        let at = def.nearest_hex(from);
        Circumstances {
            through: def.through_from(from),
            target_stunned: def.stunned,
            target_prone: def.prone,
            target_evading: def.action == Some(ActionKind::Evade),
            target_defensive: def.action == Some(ActionKind::Withdraw { defensive: true }),
            target_moving: def.moving,
            target_sheltered: a.attack == AttackType::Ranged
                && self
                    .map
                    .line_of_sight(from, at)
                    .is_ok_and(|s| s.cover_percent >= SHELTER_PERCENT),
        }
    }

    /// 24.1–24.2, 24.5, 24.8, 25.5: Strike Chance, Defense and every
    /// modifier of a strike in these circumstances.
    pub fn aim(&self, a: &Attack, c: &Circumstances) -> Aim {
        let t = tables();
        let att = self.figure(a.attacker);
        let def = self.figure(a.target);
        let md = att.modified_md();
        let sc = match (a.special, a.weapon) {
            // 29: the trample's own Base Chance, no weapon's.
            _ if a.trample => StrikeChance(TRAMPLE_BASE_CHANCE),
            // 23.5: Base Chance 40, raised by Rank with the weapon or
            // shield "as with any weapon" (docs/RULINGS.md).
            (Some(SpecialAttack::Trip), w) => strike_chance(
                Special::Trip.base_chance().unwrap_or(0),
                att.rank_with(w).map(|r| (md, r)),
            ),
            (Some(SpecialAttack::ShieldRush), _) => strike_chance(
                Special::ShieldRush.base_chance().unwrap_or(0),
                att.shield.as_ref().and_then(|s| s.rank).map(|r| (md, r)),
            ),
            (Some(SpecialAttack::Restrain), _) => {
                let ps_ag = u32::from(att.ps) + u32::from(att.modified_ag());
                StrikeChance(restrain_base_chance(ps_ag, def.ps, def.modified_ag()))
            }
            // 25.7: an eye lost takes from every Missile and Thrown weapon.
            (_, Some(i)) if a.attack == AttackType::Ranged => {
                let sc = weapon_strike_chance(att.weapon(i), md, att.weapons[i].rank);
                StrikeChance(sc.0 - i32::from(att.missile_bc_loss))
            }
            (_, Some(i)) => weapon_strike_chance(att.weapon(i), md, att.weapons[i].rank),
            (_, None) => strike_chance(
                unarmed_base_chance(att.modified_ag(), att.ps),
                att.unarmed_rank.map(|r| (md, r)),
            ),
        };
        let through = c.through;
        let helpless =
            c.target_stunned || def.standing != Standing::Conscious || def.restrained_by.is_some();
        let defender = Defender {
            modified_ag: def.modified_ag(),
            shield: def.prepared_shield(),
            helpless,
            defensive_withdrawal: c.target_defensive,
        };
        let defense = defense(&defender, a.attack, through);
        let evading = c.target_evading && def.is_up() && !c.target_stunned;
        let situation = match a.attack {
            AttackType::Melee => Situation::Melee {
                through,
                target_stunned: c.target_stunned,
                target_out_of_fatigue: def.fatigue == 0,
                target_down: c.target_prone,
                target_evading: evading.then(|| {
                    def.primary()
                        .and_then(|i| def.weapons[i].rank)
                        .unwrap_or(Rank(0))
                }),
                attacker_out_of_fatigue: att.fatigue == 0,
                charge: a.charge,
                withdrawing: a.withdrawing,
            },
            AttackType::Ranged => Situation::Ranged {
                through,
                flight: a.flight.unwrap_or(Flight::Missile { hexes: 1 }),
                target_stunned: c.target_stunned,
                attacker_kneeling: false,
                target_moving: c.target_moving,
                target_down: c.target_prone,
                target_evading: evading,
                target_sheltered: c.target_sheltered,
            },
            AttackType::Close => Situation::Close {
                attacker_ps: att.ps,
                target_ps: def.ps,
                target_out_of_fatigue: def.fatigue == 0,
                target_stunned: c.target_stunned,
                attacker_out_of_fatigue: att.fatigue == 0,
            },
        };
        let mut modified = modified_strike_chance(
            &t.modifiers,
            sc,
            defense,
            &situation,
            self.lighting,
            false,
            a.hand,
        );
        if matches!(a.special, Some(SpecialAttack::Disarm { .. })) {
            let n = Special::Disarm.strike_chance_modifier();
            modified.applied.push((Modifier::Disarm, n));
            modified.value.0 += n;
        }
        let strength_bonus = match a.weapon {
            Some(i) if a.special.is_none() && strength_counts(self.strength_damage, a.attack) => {
                strength_bonus(att.weapon(i), att.ps)
            }
            _ => 0,
        };
        let may_parry = a.attack == AttackType::Melee
            && !a.riposte
            && !a.trample
            && evading
            && self.parry_rank(a.target).is_some();
        Aim {
            modified,
            strength_bonus,
            may_parry,
        }
    }

    /// 24.1–24.2: Strike Chance, Defense and every 24.8 modifier, the Strike
    /// Check, and its consequences. Returns whether it hit.
    pub(super) fn strike(&mut self, a: Attack) -> bool {
        let aim = self.aim(&a, &self.circumstances(&a));
        let roll = self.dice.d100();
        let check = strike_check(
            &tables().special_damage,
            aim.modified.value,
            roll,
            aim.strength_bonus,
        );
        let (hit, mishap, parry_possible) = match check {
            StrikeCheck::Hit(h) => (Some(h), None, false),
            StrikeCheck::Miss {
                parry_possible,
                mishap,
            } => (None, mishap, parry_possible),
        };
        self.push(Event::Strike(Box::new(StrikeEvent {
            attacker: a.attacker,
            target: a.target,
            attack: a.attack,
            weapon: a.weapon,
            strike_chance: aim.modified.strike_chance,
            defense: aim.modified.defense,
            modifiers: aim.modified.applied,
            modified: aim.modified.value,
            roll,
            hit,
            mishap,
            parry_possible,
            riposte: a.riposte,
            in_the_way: a.in_the_way,
            special: a.special,
            trample: a.trample,
        })));
        match hit {
            Some(h) => {
                match a.special {
                    None => self.wound(a, h),
                    Some(s) => self.special_hit(a, s, h, aim.modified.value, roll.value()),
                }
                true
            }
            None => {
                if let (Some(m), Some(item)) = (mishap, a.weapon) {
                    self.mishap(a.attacker, item, m);
                }
                if parry_possible && aim.may_parry {
                    self.parry(a);
                }
                false
            }
        }
    }

    /// 24.4, 20.2: the Rank a defender parries with: his prepared weapon's,
    /// or Unarmed Combat's with bare hands; `None` if unranked (no Parry).
    fn parry_rank(&self, figure: FigureId) -> Option<Rank> {
        let f = self.figure(figure);
        f.rank_with(f.weapon_for(|w| w.uses.melee)?)
    }

    /// 24.3: a 99 may break the weapon, a 00 drop it, unless D100 falls at
    /// or under modified MD × 3.
    fn mishap(&mut self, figure: FigureId, item: usize, mishap: Mishap) {
        let at = self.figure(figure).pose.hex;
        if !self.mishap_check(figure, mishap == Mishap::MayBreak) {
            let item = Item::Weapon(item);
            self.push(match mishap {
                Mishap::MayBreak => Event::Broken { figure, item },
                Mishap::MayDrop => Event::Dropped { figure, item, at },
            });
        }
    }

    /// 24.4: the Evading defender's Parry: D10 + his Rank − the attacker's.
    fn parry(&mut self, a: Attack) {
        let defender = a.target;
        let d10 = self.dice.roll(10) as u8;
        let attacker_rank = self.figure(a.attacker).rank_with(a.weapon);
        let defender_rank = self.parry_rank(defender);
        let result = parry(d10, defender_rank, attacker_rank);
        self.push(Event::Parried {
            defender,
            attacker: a.attacker,
            d10,
            result,
            defender_rank: defender_rank.map_or(0, |r| r.0),
            attacker_rank: attacker_rank.map_or(0, |r| r.0),
        });
        match result {
            Parry::Parried => self.push(Event::MustPass {
                figure: defender,
                must: true,
            }),
            Parry::Disarm | Parry::Riposte => {
                self.disarm(a.attacker, a.weapon);
                let d = self.figure(defender);
                if result == Parry::Riposte && d.can_act() && self.figure(a.attacker).is_up() {
                    if let Some(weapon) = d.weapon_for(|w| w.uses.melee) {
                        self.strike(Attack {
                            attacker: defender,
                            target: a.attacker,
                            attack: AttackType::Melee,
                            weapon,
                            hand: Hand::Primary,
                            charge: None,
                            withdrawing: false,
                            riposte: true,
                            in_the_way: false,
                            flight: None,
                            special: None,
                            trample: false,
                        });
                    }
                }
            }
        }
    }

    /// 23.5 Disarm (by a Parry, 24.4): the weapon struck with falls, and 1
    /// Endurance point is lost.
    fn disarm(&mut self, figure: FigureId, weapon: Option<usize>) {
        self.disarm_item(figure, weapon.map(Item::Weapon));
    }

    /// 23.5 Disarm: `item` falls if still in hand, and 1 Endurance point is lost.
    fn disarm_item(&mut self, figure: FigureId, item: Option<Item>) {
        let f = self.figure(figure);
        let at = f.pose.hex;
        let in_hand = |item: &Item| match *item {
            Item::Weapon(i) => f.hands.contains(&i),
            Item::Shield => f.prepared_shield().is_some(),
        };
        if let Some(item) = item.filter(in_hand) {
            self.push(Event::Dropped { figure, item, at });
        }
        let one = DamagePoints(1);
        self.push(Event::Damaged {
            figure,
            d10: None,
            points: one,
            absorbed: DamagePoints(0),
            fatigue: DamagePoints(0),
            endurance: one,
            cause: Some(DamageCause::Disarm),
        });
        self.after_damage(figure, one, false);
    }

    /// 23.5: what a special attack's hit does. Trip, Entangle and Shield
    /// Rush make their own Damage Check (D10, D10 − 4, D10 − 2) to the hit's
    /// pool with no Grievous Injury roll (docs/RULINGS.md), then the target
    /// may fall; a Knockout needs 15 % of the Modified Strike Chance.
    fn special_hit(
        &mut self,
        a: Attack,
        special: SpecialAttack,
        hit: Hit,
        msc: StrikeChance,
        roll: u8,
    ) {
        let target = a.target;
        let falls = |s| match s {
            SpecialAttack::Trip => Some(Special::Trip),
            SpecialAttack::Entangle => Some(Special::Entangle),
            SpecialAttack::ShieldRush => Some(Special::ShieldRush),
            _ => None,
        };
        match special {
            SpecialAttack::Knockout => {
                if knocks_out(&tables().special_damage, msc, roll) {
                    let d10 = self.dice.roll(10) as u8;
                    self.push(Event::KnockedOut {
                        figure: target,
                        d10,
                        minutes: knockout_minutes(d10),
                    });
                }
            }
            SpecialAttack::Disarm { item } => self.disarm_item(target, Some(item)),
            SpecialAttack::Restrain => self.push(Event::Restrained {
                figure: target,
                by: Some(a.attacker),
            }),
            s => {
                let modifier = falls(s).and_then(|k| k.damage_modifier(0)).unwrap_or(0);
                let hit = if hit == Hit::Grievous {
                    Hit::Endurance
                } else {
                    hit
                };
                let d10 = self.dice.roll(10) as u8;
                let points = damage_check(d10, modifier);
                let def = self.figure(target);
                let inflicted = inflict(hit, points, def.protection, def.fatigue);
                self.damaged(target, Some(d10), points, inflicted);
                self.hold_broken_by(a, inflicted.effective());
                self.after_damage(target, inflicted.effective(), false);
                if s == SpecialAttack::Entangle {
                    // The net or whip stays on the target until he is free.
                    if let Some(item) = a.weapon {
                        let at = self.figure(target).pose.hex;
                        self.push(Event::Dropped {
                            figure: a.attacker,
                            item: Item::Weapon(item),
                            at,
                        });
                    }
                    if self.figure(target).is_up() {
                        self.push(Event::Entangled {
                            figure: target,
                            passes: DISENTANGLE_PASSES,
                        });
                    }
                }
                let f = self.figure(target);
                if f.is_up() && !f.prone {
                    let ag = f.modified_ag();
                    let roll = self.dice.d100();
                    let kept = keeps_footing(ag, roll.value());
                    self.push(Event::Footing {
                        figure: target,
                        roll,
                        needed: 3 * u32::from(ag),
                        kept,
                    });
                    if !kept {
                        self.push(Event::Prone {
                            figure: target,
                            prone: true,
                        });
                    }
                }
            }
        }
    }

    /// 23.5 Restrain: a hold is broken by an attack from outside the hex
    /// that does the restrainer at least one point of effective damage.
    fn hold_broken_by(&mut self, a: Attack, effective: DamagePoints) {
        let holder = self.figure(a.target);
        if effective.0 == 0 || self.figure(a.attacker).shares_hex(holder) {
            return;
        }
        let held: Vec<FigureId> = self
            .figures
            .iter()
            .filter(|f| f.restrained_by == Some(a.target))
            .map(|f| f.id)
            .collect();
        for figure in held {
            self.push(Event::Restrained { figure, by: None });
        }
    }

    /// 23.5 Restrain (ruling): a hold also ends when the restrainer is no
    /// longer conscious or no longer in the held figure's hex.
    pub(super) fn loosen_holds(&mut self) {
        let loose: Vec<FigureId> = self
            .figures
            .iter()
            .filter(|f| {
                f.restrained_by.is_some_and(|by| {
                    let h = self.figure(by);
                    !h.is_up() || !h.shares_hex(f)
                })
            })
            .map(|f| f.id)
            .collect();
        for figure in loose {
            self.push(Event::Restrained { figure, by: None });
        }
    }

    /// 25, 27.2, 28: what a strike's Damage Check adds to the D10, and
    /// the weapon's class and lodging.
    pub fn damage_terms(&self, a: &Attack) -> DamageTerms {
        let att = self.figure(a.attacker);
        if a.trample {
            // 29: D10 + the monster's size in hexes, Class C.
            return DamageTerms {
                modifier: i32::from(att.size),
                class: Some(Class::C),
                lodges: None,
            };
        }
        match a.weapon {
            Some(i) => {
                let w = att.weapon(i);
                let wielding = Wielding {
                    ps: att.ps,
                    two_handed: att.weapons[i].two_handed,
                    strength_bonus: strength_counts(self.strength_damage, a.attack),
                    rank_bonus: None,
                };
                let fired = a.attack == AttackType::Ranged
                    && w.class == Some(Class::A)
                    && (w.group == Group::Missile || w.is_thrown());
                DamageTerms {
                    modifier: damage_modifier(w, &wielding).unwrap_or(0),
                    class: w.class,
                    lodges: fired.then(|| lodged(w)),
                }
            }
            // 28: bare hands crush (class C, docs/RULINGS.md).
            None => DamageTerms {
                modifier: unarmed_damage_modifier(att.ps),
                class: Some(Class::C),
                lodges: None,
            },
        }
    }

    /// 25, 27.2, 28: the Damage Check of a hit and all that follows it.
    fn wound(&mut self, a: Attack, hit: Hit) {
        let DamageTerms {
            modifier,
            class,
            lodges,
        } = self.damage_terms(&a);
        let d10 = self.dice.roll(10) as u8;
        let points = damage_check(d10, modifier);
        let target = a.target;
        let def = self.figure(target);
        let inflicted = inflict(hit, points, def.protection, def.fatigue);
        self.damaged(target, Some(d10), points, inflicted);
        let mut effective = inflicted.effective();
        let mut grievous = false;
        if hit == Hit::Grievous && self.figure(target).endurance > 0 {
            if let Some(extra) = self.grievous(a, class) {
                effective.0 += extra.0;
                grievous = true;
            }
        }
        self.hold_broken_by(a, effective);
        if let Some((agility, draw)) = lodges.filter(|_| effective.0 > 0) {
            self.push(Event::Lodged {
                figure: target,
                agility,
                draw,
            });
        }
        self.after_damage(target, effective, grievous);
    }

    /// 25: the Damaged event, from a Damage Check or the Referee.
    pub(super) fn damaged(
        &mut self,
        figure: FigureId,
        d10: Option<u8>,
        points: DamagePoints,
        inflicted: Inflicted,
    ) {
        self.push(Event::Damaged {
            figure,
            d10,
            points,
            absorbed: inflicted.absorbed,
            fatigue: inflicted.fatigue,
            endurance: inflicted.endurance,
            cause: None,
        });
    }

    /// 25.3, 25.7: the Grievous Injury roll for a weapon of `class` (none
    /// for a weapon of no class) and the injury's effects. Returns the extra
    /// Endurance lost if an injury resulted.
    fn grievous(&mut self, a: Attack, class: Option<Class>) -> Option<DamagePoints> {
        class?;
        let target = a.target;
        let roll = self.dice.d100();
        let Some(injury) = tables().grievous.injury(class, roll) else {
            self.push(Event::Grievous {
                figure: target,
                roll,
                injury: None,
                d10: None,
                struck: None,
                endurance: DamagePoints(0),
                infection: 0,
            });
            return None;
        };
        let d10 = injury_rolls_d10(injury).then(|| self.dice.roll(10) as u8);
        let (effects, endurance) = injury_outcome(injury, d10, self.figure(target).endurance);
        self.push(Event::Grievous {
            figure: target,
            roll,
            injury: Some(injury.name.clone()),
            d10,
            struck: injury_struck(injury, d10).map(str::to_string),
            endurance,
            infection: injury.infection,
        });
        if let Some(bleeding) = injury.bleeding {
            self.push(Event::Bleeding {
                figure: target,
                bleeding,
            });
        }
        if self.figure(target).standing == Standing::Conscious && self.figure(target).endurance > 0
        {
            self.injury_effects(a, &effects);
        }
        let f = self.figure(target);
        if f.armour.is_some() {
            let protection = f.protection.saturating_sub(GRIEVOUS_DENT);
            self.push(Event::ArmourDented {
                figure: target,
                protection,
            });
        }
        Some(endurance)
    }

    /// 25.7: the effects this battle tracks, every trait changed among them
    /// with its duration (a severed arm's use, a leg that cannot bear, stay
    /// in the injury's name for after the fight).
    fn injury_effects(&mut self, a: Attack, effects: &[Effect]) {
        let figure = a.target;
        let mut changes: Vec<Impairment> = Vec::new();
        let wp = self.figure(figure).wp;
        for e in effects {
            let f = self.figure(figure);
            match e {
                Effect::StunnedNextPulse if !f.stunned => self.push(Event::Stunned { figure }),
                Effect::PassNextPulse => self.push(Event::MustPass { figure, must: true }),
                Effect::Prone | Effect::CannotStand(_) if !f.prone => self.push(Event::Prone {
                    figure,
                    prone: true,
                }),
                Effect::Unconscious => self.push(Event::Fell {
                    figure,
                    standing: Standing::Unconscious,
                }),
                Effect::UnconsciousUnlessWillpower => {
                    let roll = self.dice.d100();
                    if roll.value() >= wp {
                        self.push(Event::Fell {
                            figure,
                            standing: Standing::Unconscious,
                        });
                    }
                }
                Effect::Drops(hand) => {
                    let slot = usize::from(*hand == InjuredHand::Secondary);
                    if let Some(&i) = f.hands.get(slot) {
                        let at = f.pose.hex;
                        self.push(Event::Dropped {
                            figure,
                            item: Item::Weapon(i),
                            at,
                        });
                    }
                }
                Effect::AttackerLosesWeapon => {
                    if let Some(i) = a.weapon {
                        let at = f.pose.hex;
                        self.push(Event::Dropped {
                            figure: a.attacker,
                            item: Item::Weapon(i),
                            at,
                        });
                    }
                }
                Effect::Change(which, by, lasting) => changes.push(Impairment {
                    what: Impairs::Trait(*which),
                    by: *by,
                    lasting: *lasting,
                }),
                // The eye's loss is for good, as the eye is.
                Effect::MissileAndThrownBc(by) => changes.push(Impairment {
                    what: Impairs::MissileAndThrownBc,
                    by: *by,
                    lasting: Lasting::Permanent,
                }),
                _ => {}
            }
        }
        if !changes.is_empty() {
            self.push(Event::Impaired { figure, changes });
        }
    }

    /// 25.7: every bleeding wound takes a point, from Endurance or from
    /// Fatigue (Endurance once Fatigue is gone), not absorbed.
    pub(super) fn bleed(&mut self) {
        for id in 0..self.figures.len() {
            let figure = FigureId(id);
            let f = self.figure(figure);
            if f.endurance == 0 || f.routed {
                continue;
            }
            let wounds: Vec<Pool> = f.bleeding.iter().take(f.bleeds()).map(|b| b.from).collect();
            for from in wounds {
                let f = self.figure(figure);
                if f.endurance == 0 {
                    break;
                }
                let hit = match from {
                    Pool::Endurance => Hit::Endurance,
                    Pool::Fatigue => Hit::Fatigue,
                };
                let one = DamagePoints(1);
                let inflicted = inflict(hit, one, 0, f.fatigue);
                self.push(Event::Damaged {
                    figure,
                    d10: None,
                    points: one,
                    absorbed: inflicted.absorbed,
                    fatigue: inflicted.fatigue,
                    endurance: inflicted.endurance,
                    cause: Some(DamageCause::Bleeding),
                });
                self.after_damage(figure, inflicted.effective(), false);
            }
        }
    }

    /// 26: after damage: unconscious or dead by Endurance; else Stunned by
    /// more than a third of the Endurance in one strike, with the check
    /// (24.3's) that may drop what is in hand; 25.3: a Grievous Injury
    /// makes the same check.
    pub(super) fn after_damage(
        &mut self,
        figure: FigureId,
        effective: DamagePoints,
        grievous: bool,
    ) {
        let f = self.figure(figure);
        let now = standing(f.endurance, f.endurance_max, f.monster);
        if now != Standing::Conscious {
            if f.standing != now {
                self.push(Event::Fell {
                    figure,
                    standing: now,
                });
            }
            return;
        }
        if f.standing != Standing::Conscious {
            return;
        }
        let stunned = !f.stunned && stuns(effective, f.endurance_max);
        if stunned {
            self.push(Event::Stunned { figure });
        }
        if stunned || grievous {
            self.drop_check(figure);
        }
    }

    /// DragonQuest 24.3: the D100 against modified MD × 3 that averts a
    /// drop or break, told as an event; whether it was averted.
    fn mishap_check(&mut self, figure: FigureId, breaks: bool) -> bool {
        let md = self.figure(figure).modified_md();
        let roll = self.dice.d100();
        let averted = averts_mishap(md, roll);
        self.push(Event::MishapCheck {
            figure,
            roll,
            needed: 3 * u32::from(md),
            averted,
            breaks,
        });
        averted
    }

    /// 24.3's procedure for a figure hurt (25.3, 26): D100 at or under
    /// modified MD × 3 keeps hold; else every weapon in hand falls.
    fn drop_check(&mut self, figure: FigureId) {
        let f = self.figure(figure);
        if f.hands.is_empty() {
            return;
        }
        let (at, hands) = (f.pose.hex, f.hands.clone());
        if !self.mishap_check(figure, false) {
            for i in hands {
                self.push(Event::Dropped {
                    figure,
                    item: Item::Weapon(i),
                    at,
                });
            }
        }
    }
}

/// 25.3: Protection lost to a Grievous Injury.
const GRIEVOUS_DENT: u8 = 2;
