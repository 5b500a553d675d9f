//! Combat Resolution: one melee attack, its declared defence, the damage
//! through parry, shield and armour, the wound and what follows (bleeding,
//! knockback, fumbles). Every die is rolled here and carried in the
//! [`Strike`]; applying it rolls none.

use std::sync::Arc;

use super::command::Defence;
use super::event::{DamageSteps, Harm, Limb, Part, Roll, Strike};
use super::state::{Battle, Fig};
use crate::hex::Aspect;
use crate::rulesets::runemaster::rules::damage::{
    self, bleeding_levels, bleeding_quarters, excess_cap, knockback_feet, parry_stops, serious,
    special_effect, through_armour,
};
use crate::rulesets::runemaster::rules::success::{Level, after_dodge, after_parry, level};
use crate::rulesets::runemaster::rules::tables::{Fumble, MoraleEffect, Weapon, tables};
use crate::rulesets::runemaster::rules::terms::{
    Chance, Column, DamageType, Location, MoraleStatus, Part as BodyPart, Reach,
};
use crate::rulesets::runemaster::scenario::Sheet;

/// House: the damage of a ten-foot fall (the chapter points elsewhere for it).
const FALL_DICE: u32 = 6;
/// Fumble Table: "Reroll twice … including additional rerolls": at most
/// this many results, so a run of rerolls ends.
const MOST_FUMBLES: usize = 8;

/// A penalty for fumble strain on a limb (Fumble Table: strain 10, sprain
/// 25, torn muscle 50; a dislocated limb cannot be used at all).
fn strain_penalty(points: u32) -> i32 {
    match points {
        0 => 0,
        1 => -10,
        2..=3 => -25,
        _ => -50,
    }
}

/// The chance of an action: skill, its parts, then Morale "after all other
/// modifiers". `None` when Morale allows no such action.
fn chance(
    skill: i32,
    parts: &[Part],
    halve: Option<&'static str>,
    morale: i32,
    effect: MoraleEffect,
    brawl: bool,
) -> Option<(i32, Vec<&'static str>)> {
    let mut c = skill + parts.iter().map(|p| p.value).sum::<i32>();
    let mut notes = Vec::new();
    if let Some(why) = halve {
        c /= 2;
        notes.push(why);
    }
    match effect {
        MoraleEffect::Plain => {}
        MoraleEffect::PerPoint(n) => {
            c += n * morale;
            notes.push("Morale: confident, +5 a point");
        }
        MoraleEffect::Half => {
            c /= 2;
            notes.push("Morale: halved");
        }
        MoraleEffect::Nil => return None,
        MoraleEffect::BrawlOnly(n) if brawl => {
            c += n;
            notes.push("Morale: frantic, brawling");
        }
        MoraleEffect::BrawlOnly(_) => return None,
    }
    Some((c, notes))
}

fn part(parts: &mut Vec<Part>, why: &'static str, value: i32) {
    if value != 0 {
        parts.push(Part { why, value });
    }
}

impl Battle {
    /// Morale Status: whether `a`'s Morale allows it no attack with what it holds.
    pub(super) fn morale_forbids_attack(&self, a: usize) -> bool {
        let sheet = self.sheet(a);
        let effect = *tables()
            .resolution
            .morale_attack
            .get(MoraleStatus::of(sheet.morale));
        let brawl = self.weapon(a).0.kind == DamageType::Brawl;
        chance(0, &[], None, sheet.morale, effect, brawl).is_none()
    }

    /// The modifiers of `a`'s attack on `t` where they stand (and the
    /// shield's part alone, for the blow that lands on it).
    fn attack_parts(&self, a: usize, t: usize, lunge: bool) -> (Vec<Part>, i32) {
        let res = &tables().resolution;
        let (af, tf) = (&self.figs[a], &self.figs[t]);
        let tsheet = self.sheet(t);
        let aspect = tf.pose.aspect_of(af.pose.hex).unwrap_or(Aspect::Front);
        let shield_penalty = match (&tsheet.shield, aspect) {
            (Some((s, _)), Aspect::Front | Aspect::Flank) if self.has_shield(t) => {
                *res.shield_size.get(s.size)
            }
            _ => 0,
        };
        let mut parts = Vec::new();
        part(&mut parts, "target size", *res.target_size.get(tsheet.size));
        part(&mut parts, "shield", shield_penalty);
        part(&mut parts, "footing", *res.footing.get(self.setup.footing));
        part(&mut parts, "lunge", if lunge { -10 } else { 0 });
        part(
            &mut parts,
            "from the ground",
            if af.prone { -40 } else { 0 },
        );
        part(
            &mut parts,
            "off balance",
            if af.off_balance { -25 } else { 0 },
        );
        part(
            &mut parts,
            "target wide open",
            if tf.wide_open { 25 } else { 0 },
        );
        part(
            &mut parts,
            "strained arm",
            strain_penalty(af.limb(Limb::RightArm)),
        );
        (parts, shield_penalty)
    }

    /// The chances of `a`'s attack on `t` and of `t`'s declared `defence`
    /// as they stand, for `odds`: each `Err` says why there is none.
    pub fn chances(
        &self,
        a: usize,
        t: usize,
        lunge: bool,
        defence: Defence,
    ) -> (Result<i32, &'static str>, Result<i32, &'static str>) {
        let res = &tables().resolution;
        let (weapon, skill) = self.weapon(a);
        let asheet = self.sheet(a);
        let (parts, _) = self.attack_parts(a, t, lunge);
        let morale = *res.morale_attack.get(MoraleStatus::of(asheet.morale));
        let brawl = weapon.kind == DamageType::Brawl;
        let attack = chance(skill, &parts, None, asheet.morale, morale, brawl)
            .map(|(c, _)| c)
            .ok_or("Morale allows no attack");
        let tf = &self.figs[t];
        let aspect = tf
            .pose
            .aspect_of(self.figs[a].pose.hex)
            .unwrap_or(Aspect::Front);
        let defended = self
            .defence_parts(t, tf, self.sheet(t), aspect, lunge, defence, false)
            .and_then(|(skill, parts, halve, morale)| {
                chance(skill, &parts, halve, self.sheet(t).morale, morale, false)
                    .map(|(c, _)| c)
                    .ok_or("Morale allows no such action")
            });
        (attack, defended)
    }

    /// d100 against a chance made of `skill` and `parts`.
    fn roll_against(
        &mut self,
        skill: i32,
        parts: Vec<Part>,
        halve: Option<&'static str>,
        morale: i32,
        effect: MoraleEffect,
        brawl: bool,
    ) -> Result<Roll, &'static str> {
        let (c, notes) = chance(skill, &parts, halve, morale, effect, brawl)
            .ok_or("Morale allows no such action")?;
        let roll = self.dice.d100().value();
        Ok(Roll {
            skill,
            parts,
            notes,
            chance: c,
            roll,
            level: level(&self.setup.house.success, Chance(c), roll),
        })
    }

    /// One melee attack by `a` on `t` in SR `sr`; `defence` is what `t`
    /// declared against it; `busy` says `t` attacks in this same SR.
    pub(super) fn strike(
        &mut self,
        a: usize,
        t: usize,
        sr: i32,
        lunge: bool,
        defence: Defence,
        busy: bool,
    ) -> Strike {
        let setup = Arc::clone(&self.setup);
        let res = &tables().resolution;
        let (weapon, skill) = self.weapon(a);
        let weapon = weapon.clone();
        let (af, tf) = (self.figs[a].clone(), self.figs[t].clone());
        let (asheet, tsheet) = (&setup.figures[a], &setup.figures[t]);
        let aspect = tf.pose.aspect_of(af.pose.hex).unwrap_or(Aspect::Front);
        let (parts, shield_penalty) = self.attack_parts(a, t, lunge);
        let brawl = weapon.kind == DamageType::Brawl;
        let morale = *res.morale_attack.get(MoraleStatus::of(asheet.morale));
        // `strike_in` has already refused an attack Morale forbids.
        let (c, notes) = chance(skill, &parts, None, asheet.morale, morale, brawl)
            .unwrap_or((skill, Vec::new()));
        let roll = self.dice.d100().value();
        let attack = Roll {
            skill,
            parts,
            notes,
            chance: c,
            roll,
            level: level(&setup.house.success, Chance(c), roll),
        };
        let defended = self.defend(t, &tf, tsheet, aspect, lunge, defence, busy);
        let mut strike = Strike {
            attacker: a,
            target: t,
            sr,
            weapon: weapon.name.clone(),
            lunge,
            level: attack.level,
            on_shield: false,
            attack,
            defence,
            defended,
            damage: None,
            knockback: None,
            fumbles: Vec::new(),
            fumble_dice: Vec::new(),
            harms: Vec::new(),
        };
        let mut on_target = Harm {
            figure: t,
            ..Harm::default()
        };
        let mut on_attacker = Harm {
            figure: a,
            ..Harm::default()
        };
        // The defence's effect on the attack's level.
        let mut deflect = false;
        let mut parry = 0;
        let mut block = None;
        if let Ok(d) = &strike.defended {
            let dl = d.level;
            match defence {
                Defence::Dodge => {
                    if dl.succeeded() {
                        strike.level = after_dodge(strike.level, dl);
                        on_target.off_balance = dl.rank() <= strike.attack.level.rank();
                    } else {
                        on_target.off_balance = true;
                        on_target.falls = matches!(dl, Level::Failure | Level::Fumble);
                        if dl == Level::Fumble {
                            let fall = self.dice.roll(FALL_DICE);
                            strike.fumble_dice.push(fall);
                            on_target.damage += fall;
                        }
                    }
                }
                Defence::Parry | Defence::Block => {
                    if dl.succeeded() {
                        strike.level = after_parry(strike.level, dl);
                        if defence == Defence::Parry {
                            parry = self.weapon(t).0.parry;
                            deflect = dl.special();
                        } else if let Some((s, _)) = &tsheet.shield {
                            block = Some((s.block, s.ap, dl.special()));
                        }
                    } else if dl == Level::Fumble {
                        self.fumble(t, tsheet, &mut strike, &mut on_target);
                    }
                }
                Defence::None => {}
            }
        }
        // Attack, Shield: a miss that only the shield's size made a miss hits it.
        let a_roll = &strike.attack;
        if !strike.level.succeeded()
            && !a_roll.level.succeeded()
            && shield_penalty < 0
            && i32::from(a_roll.roll) <= a_roll.chance - shield_penalty
            && i32::from(a_roll.roll) < setup.house.success.always_fails
            && block.is_none()
            && a_roll.level != Level::Fumble
        {
            strike.on_shield = true;
            if let Some((s, _)) = &tsheet.shield {
                block = Some((s.block, s.ap, false));
            }
        }
        if strike.attack.level == Level::Fumble {
            self.fumble(a, asheet, &mut strike, &mut on_attacker);
        }
        if strike.level.succeeded() || strike.on_shield {
            let steps = self.damage(
                &weapon,
                tsheet,
                aspect,
                strike.level,
                strike.on_shield,
                deflect,
                parry,
                block,
                &mut on_target,
            );
            // Knockback: a chop or crush special knocks the defender back.
            if strike.level.special() && special_effect(weapon.kind).knockback {
                let feet = knockback_feet(&tables().injury, tsheet.size, steps.rolled);
                if feet > 0 {
                    let house = &setup.house;
                    let chance = house.knockback_base
                        + house.knockback_per_point * (tsheet.agi - 2 * feet as i32);
                    let roll = self.dice.d100().value();
                    let stays = level(&house.success, Chance(chance), roll);
                    on_target.falls |= !stays.succeeded();
                    on_target.off_balance = true;
                    on_target.pushed_to = self.pushed(t, af.pose.hex, feet / 5);
                    strike.knockback = Some((
                        feet,
                        Roll {
                            skill: chance,
                            parts: Vec::new(),
                            notes: Vec::new(),
                            chance,
                            roll,
                            level: stays,
                        },
                    ));
                }
            }
            strike.damage = Some(steps);
        }
        strike.harms = [on_target, on_attacker]
            .into_iter()
            .filter(|h| {
                *h != Harm {
                    figure: h.figure,
                    ..Harm::default()
                }
            })
            .collect();
        strike
    }

    /// Defense: the roll for `t`'s declared defence, or why there is none.
    #[allow(clippy::too_many_arguments)]
    fn defend(
        &mut self,
        t: usize,
        tf: &Fig,
        tsheet: &Sheet,
        aspect: Aspect,
        lunge: bool,
        defence: Defence,
        busy: bool,
    ) -> Result<Roll, &'static str> {
        let (skill, parts, halve, morale) =
            self.defence_parts(t, tf, tsheet, aspect, lunge, defence, busy)?;
        self.roll_against(skill, parts, halve, tsheet.morale, morale, false)
    }

    /// Defense: the skill, modifiers, halving and Morale of `t`'s declared
    /// defence, or why there is none.
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    fn defence_parts(
        &self,
        t: usize,
        tf: &Fig,
        tsheet: &Sheet,
        aspect: Aspect,
        lunge: bool,
        defence: Defence,
        busy: bool,
    ) -> Result<(i32, Vec<Part>, Option<&'static str>, MoraleEffect), &'static str> {
        let res = &tables().resolution;
        let (skill, halve) = match defence {
            Defence::None => return Err("no defence declared"),
            Defence::Parry => {
                let (w, skill) = self.weapon(t);
                if w.parry == 0 {
                    return Err("nothing in hand to parry with");
                }
                if busy {
                    return Err("the weapon strikes in this same SR, so it cannot parry");
                }
                let halve = (tf.parries > 0).then_some("a later parry this round: halved");
                (skill, halve)
            }
            Defence::Block => match &tsheet.shield {
                Some((_, skill)) if self.has_shield(t) => (*skill, None),
                _ => return Err("the shield is gone"),
            },
            Defence::Dodge if tf.no_dodge => return Err("cannot dodge for the rest of the round"),
            Defence::Dodge => (tsheet.dodge, None),
        };
        let mut parts = Vec::new();
        part(
            &mut parts,
            "facing",
            match aspect {
                Aspect::Front => 0,
                Aspect::Flank => -25,
                Aspect::Rear => -40,
            },
        );
        part(
            &mut parts,
            "from the ground",
            if tf.prone { -40 } else { 0 },
        );
        part(&mut parts, "footing", *res.footing.get(self.setup.footing));
        part(&mut parts, "against a lunge", if lunge { 25 } else { 0 });
        part(&mut parts, "after lunging", if tf.lunged { -25 } else { 0 });
        part(
            &mut parts,
            "off balance",
            if tf.off_balance { -25 } else { 0 },
        );
        let limb = match defence {
            Defence::Parry => strain_penalty(tf.limb(Limb::RightArm)),
            Defence::Block => strain_penalty(tf.limb(Limb::LeftArm)),
            _ => strain_penalty(tf.limb(Limb::RightLeg).max(tf.limb(Limb::LeftLeg))),
        };
        part(&mut parts, "strained limb", limb);
        let morale = *res.morale_defence.get(MoraleStatus::of(tsheet.morale));
        Ok((skill, parts, halve, morale))
    }

    /// Injury: the blow's damage, step by step, into `harm`.
    #[allow(clippy::too_many_arguments)]
    fn damage(
        &mut self,
        weapon: &Weapon,
        tsheet: &Sheet,
        aspect: Aspect,
        lvl: Level,
        on_shield: bool,
        deflect: bool,
        parry: u32,
        block: Option<(u32, u32, bool)>,
        harm: &mut Harm,
    ) -> DamageSteps {
        let injury = &tables().injury;
        let kind = weapon.kind;
        let special = lvl.special();
        let rolls = if on_shield {
            1
        } else {
            damage::damage_rolls(kind, lvl)
        };
        let mut steps = DamageSteps::default();
        for _ in 0..rolls {
            steps
                .rolls
                .push(weapon.damage.0.roll(&mut self.dice).total.max(0));
        }
        let mut dmg: u32 = steps.rolls.iter().sum::<i32>().max(0) as u32;
        if on_shield {
            dmg /= 2;
        }
        if deflect {
            dmg /= 2;
            steps.deflected = true;
        }
        steps.rolled = dmg;
        if parry > 0 {
            let stops = parry_stops(injury, kind, parry, special).min(dmg);
            steps.parried = stops;
            dmg -= stops;
        }
        let mut forced = None;
        if let Some((rating, ap, special_block)) = block {
            let b = damage::block(dmg, rating, ap, special_block);
            steps.blocked = Some((b.stopped, b.through));
            harm.shield_hp_lost = b.shield_hp_lost;
            dmg = b.through;
            if dmg > 0 {
                // Shield: 2 in 6 that what gets through hurts the shield arm.
                let d6 = self.dice.roll(6);
                steps.shield_arm = Some(d6);
                if d6 <= 2 {
                    forced = Some(Location::LeftArm);
                }
            }
        }
        let through = through_armour(injury, kind, dmg, tsheet.ap, special);
        steps.armour = dmg - through.damage;
        steps.stun = through.stun;
        let mut taken = through.damage;
        if special && special_effect(kind).double_after {
            taken *= 2;
            steps.doubled = true;
        }
        let is_serious = serious(taken, tsheet.swl);
        let mut location = None;
        if is_serious {
            let loc = match forced {
                Some(l) => l,
                None => {
                    let face = self.dice.roll(20);
                    steps.location_roll = Some(face);
                    let column = match (aspect, weapon.reach) {
                        (Aspect::Rear, _) => Column::Rear,
                        (Aspect::Flank, _) => Column::Side,
                        (_, Reach::Unarmed) => Column::Unarmed,
                        _ => Column::Melee,
                    };
                    injury.locations(tsheet.shape).get(column, face)
                }
            };
            let cap = excess_cap(loc.part(), tsheet.hp);
            if taken > cap {
                steps.capped = Some(cap);
                taken = cap;
            }
            location = Some(loc);
        }
        steps.taken = taken;
        if kind == DamageType::Stun {
            harm.stun += taken;
        } else {
            harm.damage += taken;
        }
        harm.stun += through.stun;
        harm.wound = location;
        if taken > 0 {
            let head = location.is_some_and(|l| l.part() == BodyPart::Head);
            let levels = bleeding_levels(kind, special, head, is_serious);
            harm.bleeding += bleeding_quarters(kind, levels);
        }
        steps
    }

    /// Knockback: the hex `t` is pushed to, `hexes` straight away from
    /// `from`, stopping before a blocked or taken hex.
    fn pushed(&self, t: usize, from: crate::hex::Hex, hexes: u32) -> Option<crate::hex::Hex> {
        let start = self.figs[t].pose.hex;
        let away = from.facing_toward(start)?;
        let mut at = start;
        for _ in 0..hexes {
            let next = at.neighbor(away);
            if !self.setup.map.is_passable(next) || self.at(next).is_some() {
                break;
            }
            at = next;
        }
        (at != start).then_some(at)
    }

    /// Fumble Table: `who` fumbled; the results (rerolls included) go into
    /// `harm`, their dice into `strike`.
    fn fumble(&mut self, who: usize, sheet: &Sheet, strike: &mut Strike, harm: &mut Harm) {
        let table = &tables().resolution.fumble;
        let mut to_roll = 1;
        while to_roll > 0 && strike.fumbles.len() < MOST_FUMBLES {
            to_roll -= 1;
            let roll = self.dice.d100();
            let result = *table.get(roll).1;
            strike.fumbles.push((roll.value(), result));
            match result {
                Fumble::Slip => {
                    harm.off_balance = true;
                    harm.no_dodge = true;
                }
                Fumble::Trip => harm.off_balance = true,
                Fumble::FallDrop => {
                    harm.falls = true;
                    let d20 = self.dice.roll(20);
                    strike.fumble_dice.push(d20);
                    harm.drops_weapon |= d20 as i32 > sheet.dex;
                }
                Fumble::FallHard => {
                    harm.falls = true;
                    harm.drops_weapon = true;
                    let d20 = self.dice.roll(20);
                    strike.fumble_dice.push(d20);
                    if d20 as i32 > sheet.agi {
                        let fall = self.dice.roll(FALL_DICE);
                        strike.fumble_dice.push(fall);
                        harm.damage += fall;
                    }
                }
                Fumble::GripSlips => harm.regrip = true,
                Fumble::WideOpen => harm.wide_open = true,
                Fumble::DropWeapon | Fumble::FlingWeapon => harm.drops_weapon = true,
                Fumble::Strain | Fumble::Sprain | Fumble::TornMuscle | Fumble::DislocatedJoint => {
                    let d4 = self.dice.roll(4);
                    strike.fumble_dice.push(d4);
                    let limb = [Limb::RightLeg, Limb::LeftLeg, Limb::RightArm, Limb::LeftArm]
                        [d4 as usize - 1];
                    let (points, hurt) = match result {
                        Fumble::Strain => (1, 0),
                        Fumble::Sprain => (2, 0),
                        Fumble::TornMuscle => (4, sheet.swl.div_ceil(2).max(1)),
                        _ => (8, sheet.swl),
                    };
                    harm.limb = Some((limb, points));
                    harm.damage += hurt;
                }
                Fumble::FumbleBadly => to_roll += 2,
                Fumble::HitSelfHalf | Fumble::HitSelf | Fumble::HitSelfDouble => {
                    let (weapon, _) = self.weapon(who);
                    let weapon = weapon.clone();
                    let rolled = weapon.damage.0.roll(&mut self.dice).total.max(0) as u32;
                    strike.fumble_dice.push(rolled);
                    let dmg = match result {
                        Fumble::HitSelfHalf => rolled / 2,
                        Fumble::HitSelf => rolled,
                        _ => rolled * 2,
                    };
                    let through =
                        through_armour(&tables().injury, weapon.kind, dmg, sheet.ap, false);
                    harm.damage += through.damage;
                    harm.stun += through.stun;
                }
            }
        }
    }
}
