//! Shakhàn 16.5, 16.12.1, 16.15.4, 16.15.14: one missile shot resolved from
//! values, with the dice given.
//!
//! A shot is checked against each figure in a hex it flies through
//! ([`threshold`], [`roll`]): the intended target with the firer's Missile
//! Factor added, anyone else in the way with it taken off (16.12.1), a warned
//! friend at half the chance. A figure struck takes the blow through the same
//! shield, armour, damage and Critical Hit steps as a melee blow
//! ([`blow`], via [`melee::land`]), with the missile's own penetration
//! modifiers and the missile unbalance rule. Pure: the engine supplies the
//! geometry (ranges, cover, who stands where) and applies the results.

#[cfg(test)]
mod tests;

use std::fmt;

use super::BodyArea;
use super::character::MissileSource;
use super::melee::{self, Blow, LocationReport, Modifier, Swing, Target};
use super::tables::Tables;
use super::tables::criticals::Concussion as CriticalConcussion;
use super::tables::missile_fire::MissileType;
use super::tables::weapons::{Concussion, ReloadClass, WeaponGrade};
use super::{Quality, terms::Card};
use crate::dice::{Dice, Percentile, Rolled};

/// Shakhàn 16.15.14: the missile type of the maximum-range list a source
/// belongs to; a thrown weapon by how far it flies per point of Strength
/// (1 m bladed, 2 m pointed, 3 m other).
pub fn missile_type(source: MissileSource, t: &Tables) -> MissileType {
    use super::tables::weapons::MissileKind as K;
    match source {
        MissileSource::Launcher(kind) => match kind {
            K::ShortBow => MissileType::ShortBow,
            K::CompositeBow => MissileType::CompositeBow,
            K::LongBow => MissileType::Longbow,
            K::LightCrossbow => MissileType::LightCrossbow,
            K::MediumCrossbow => MissileType::MediumCrossbow,
            K::HeavyCrossbow => MissileType::HeavyCrossbow,
        },
        MissileSource::Thrown(kind) => {
            let per = t
                .weapons
                .melee(kind)
                .thrown
                .map_or(3.0, |th| th.range_per_strength_m);
            if per < 1.5 {
                MissileType::ThrownBladed
            } else if per < 2.5 {
                MissileType::ThrownPointed
            } else {
                MissileType::ThrownStone
            }
        }
    }
}

/// Shakhàn 16.15.14: the normal maximum range in metres; thrown weapons by
/// the thrower's Strength.
pub fn max_range_m(source: MissileSource, strength: i32, t: &Tables) -> f64 {
    let strength = u32::try_from(strength).unwrap_or(0);
    match source {
        MissileSource::Launcher(kind) => t.weapons.missile(kind).max_range_m,
        MissileSource::Thrown(kind) => t
            .weapons
            .melee(kind)
            .thrown
            .map_or(0.0, |th| th.max_range_m(strength)),
    }
}

/// Shakhàn 16.5.2: Action Points to load (or ready the next thrown weapon).
pub fn reload_ap(source: MissileSource, t: &Tables) -> f64 {
    let class = match source {
        MissileSource::Launcher(kind) => t.weapons.missile(kind).reload,
        MissileSource::Thrown(kind) => t
            .weapons
            .melee(kind)
            .thrown
            .map_or(ReloadClass::LargeWeapon, |th| th.reload),
    };
    f64::from(t.actions.reload_ap(class))
}

/// The firer, with the weapon in use.
#[derive(Debug, Clone, PartialEq)]
pub struct Shooter {
    pub name: String,
    /// Missile Factor with this weapon (16.5), with the Vision score that
    /// applies (Day or Night); may be negative (16.5.1).
    pub msf: i32,
    pub source: MissileSource,
    pub quality: Quality,
    pub max_range_m: f64,
    /// The Vision score that applies (16.15.14 note ***).
    pub vision: i32,
    pub strength: i32,
    /// The projectile's weight (16.12.1 unbalance rule).
    pub projectile_kg: f64,
    /// Magnitude of a purely magical projectile (16.15.14), if it is one.
    pub magic_magnitude: Option<u32>,
}

/// The circumstances of a shot that are the same for every figure in the way.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Conditions {
    /// Visibility in per cent: 100 clear, below 50 night (16.15.14).
    pub visibility_percent: u32,
    pub wind_kmh: f64,
    /// The card the missile is fired under (16.15.14: +10 unless G).
    pub card: Card,
    /// Shakhàn 16.15.14: the firer is moving.
    pub moving: bool,
}

/// Who a check is for (16.12.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The intended target: the Missile Factor adds to the chance.
    Target { aim: Option<BodyArea> },
    /// Something in the way: "any skill modifiers ... reduce, rather than
    /// increase, the chance"; a friend warned beforehand halves it.
    InTheWay { warned_friend: bool },
}

/// Shakhàn 16.15.14: the final Success Threshold of one check, every part kept.
#[derive(Debug, Clone, PartialEq)]
pub struct FireThreshold {
    pub range_m: f64,
    /// The column read: the target's height, or the aimed area's (16.12.1).
    pub size_m: f64,
    pub base: i32,
    /// The Missile Factor as used: halved for an aimed shot, negative for
    /// something in the way.
    pub msf: i32,
    pub aimed_percent: Option<u32>,
    /// Modifiers to the threshold (penalties negative), each with its source.
    pub modifiers: Vec<Modifier>,
    /// Halved for a warned friend (16.12.1), rounded down.
    pub halved: bool,
    pub total: i32,
}

/// Shakhàn 16.15.14, 16.12.1: the Success Threshold for a shot at a figure of
/// height `height_m`, `range_m` away behind `cover_percent` cover.
pub fn threshold(
    shooter: &Shooter,
    conditions: &Conditions,
    role: Role,
    range_m: f64,
    height_m: f64,
    cover_percent: u32,
    t: &Tables,
) -> FireThreshold {
    let mft = &t.missile_fire;
    let aim = match role {
        Role::Target { aim } => aim,
        Role::InTheWay { .. } => None,
    };
    let size_m = aim.map_or(height_m, |a| height_m * mft.aimed_area_share(a));
    let base = mft.base_threshold(range_m, size_m);
    let aimed_percent = aim.map(|_| mft.aimed_msf_percent());
    let msf = match (role, aimed_percent) {
        (Role::InTheWay { .. }, _) => -shooter.msf,
        (Role::Target { .. }, Some(p)) => {
            (f64::from(shooter.msf) * f64::from(p) / 100.0).round() as i32
        }
        (Role::Target { .. }, None) => shooter.msf,
    };
    let mut penalties = vec![
        (
            format!("range {range_m:.0} m of {:.0} m", shooter.max_range_m),
            mft.range_penalty(range_m, shooter.max_range_m),
        ),
        (
            format!("visibility {}%", conditions.visibility_percent),
            mft.visibility_penalty(conditions.visibility_percent),
        ),
        (
            format!("wind {:.0} km/h", conditions.wind_kmh),
            mft.wind_penalty(conditions.wind_kmh),
        ),
        (
            format!("cover {cover_percent}%"),
            mft.cover_penalty(cover_percent),
        ),
        (
            format!("Vision {}", shooter.vision),
            mft.vision_penalty(shooter.vision),
        ),
    ];
    if conditions.card != Card::G {
        penalties.push((format!("card {}", conditions.card), mft.card_penalty()));
    }
    if conditions.moving {
        penalties.push(("firer moving".into(), mft.moving_penalty()));
    }
    if let Some(m) = shooter.magic_magnitude {
        penalties.push((format!("magic Magnitude {m}"), mft.magic_penalty(m)));
    }
    let modifiers: Vec<Modifier> = penalties
        .into_iter()
        .filter(|(_, v)| *v != 0)
        .map(|(source, v)| Modifier::new(source, -v))
        .collect();
    let sum = modifiers
        .iter()
        .fold(base.saturating_add(msf), |s, m| s.saturating_add(m.value));
    let halved = matches!(
        role,
        Role::InTheWay {
            warned_friend: true
        }
    );
    let total = if halved { sum.div_euclid(2) } else { sum };
    FireThreshold {
        range_m,
        size_m,
        base,
        msf,
        aimed_percent,
        modifiers,
        halved,
        total,
    }
}

/// One check of a missile against a figure in a hex it flies through.
#[derive(Debug, Clone, PartialEq)]
pub struct ShotCheck {
    pub figure: String,
    pub role: Role,
    pub threshold: FireThreshold,
    pub roll: Percentile,
    pub struck: bool,
    /// The natural-roll rule (01 strikes, 00 misses) decided it.
    pub natural_rule: bool,
}

/// Shakhàn 16.15.14: roll the d100; 01 always strikes, 00 always misses.
pub fn roll(
    figure: &str,
    role: Role,
    threshold: FireThreshold,
    t: &Tables,
    dice: &mut Dice,
) -> ShotCheck {
    let roll = dice.d100();
    let struck = t.missile_fire.strikes(threshold.total, roll);
    let natural_rule = struck != (i32::from(roll.value()) <= threshold.total);
    ShotCheck {
        figure: figure.to_string(),
        role,
        threshold,
        roll,
        struck,
        natural_rule,
    }
}

/// Shakhàn 16.12.1: a missile that struck nothing flies its maximum range
/// plus or minus 1D6 metres: a 1D6 for the distance and a second for the
/// sign (1–3 short, 4–6 long; docs/RULINGS.md).
#[derive(Debug, Clone, PartialEq)]
pub struct Overshoot {
    pub distance: Rolled,
    pub sign_roll: u32,
    pub landed_m: f64,
}

pub fn overshoot(max_range_m: f64, t: &Tables, dice: &mut Dice) -> Overshoot {
    let distance = t.missile_fire.overshoot().roll(dice);
    let sign_roll = dice.roll(6);
    let delta = f64::from(distance.total);
    let landed_m = if sign_roll <= 3 {
        (max_range_m - delta).max(0.0)
    } else {
        max_range_m + delta
    };
    Overshoot {
        distance,
        sign_roll,
        landed_m,
    }
}

/// Shakhàn 16.15.4: why a struck figure's shield was not raised against a
/// missile, in the words a player would use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShieldDown {
    /// The missile came from behind: a shield covers only the front and
    /// flanks.
    FarSide,
    /// The figure's orders keep its shield lowered (there is no time to ask
    /// in the middle of a flight).
    HeldLowByOrders,
    /// A `w` result has beaten the shield to nothing.
    Broken,
}

impl ShieldDown {
    /// Shakhàn 16.15.4: whether a figure carrying a shield raises it against a
    /// missile from its `rear`; `None`: it is raised.
    pub fn why(held_low: bool, rear: bool, intact: bool) -> Option<ShieldDown> {
        if !intact {
            Some(ShieldDown::Broken)
        } else if rear {
            Some(ShieldDown::FarSide)
        } else if held_low {
            Some(ShieldDown::HeldLowByOrders)
        } else {
            None
        }
    }
}

impl fmt::Display for ShieldDown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ShieldDown::FarSide => "the missile comes from behind, the shield is on the far side",
            ShieldDown::HeldLowByOrders => "it is held low by orders",
            ShieldDown::Broken => "it is broken",
        })
    }
}

/// A figure struck by a missile: where, and what the blow did.
#[derive(Debug, Clone, PartialEq)]
pub struct MissileBlow {
    pub blow: Blow,
    /// Shakhàn 16.12.1: unbalance results counted (a Critical Hit, a magical
    /// projectile, or one of 15 % of the body weight or more); otherwise
    /// they were struck out of the wounds.
    pub may_unbalance: bool,
}

/// Shakhàn 16.12.1, 16.15.3, 16.15.4: the blow of a missile that struck
/// `target`, `range_m` from where it was fired. An aimed shot that strikes
/// lands on the area aimed at (its column already measured that area); any
/// other is located on the Strike Location Table. Penetration takes the
/// weapon's A, the velocity modifier for the range (16.15.4) and, for a
/// thrown weapon only, the thrower's Strength.
pub fn blow(
    shooter: &Shooter,
    target: &Target,
    body_kg: f64,
    aim: Option<BodyArea>,
    range_m: f64,
    t: &Tables,
    dice: &mut Dice,
) -> MissileBlow {
    let location = match aim {
        Some(area) => LocationReport {
            aimed: None,
            table: None,
            areas: vec![area],
        },
        None => {
            let table = t.location.strike(target.body_form, 0, dice);
            LocationReport {
                aimed: None,
                areas: table.areas.areas().to_vec(),
                table: Some(table),
            }
        }
    };
    let (name, swing) = swing(shooter, t);
    let mut modifiers = vec![
        Modifier::new(
            format!("{name} ({})", swing.grade.armour_mod),
            swing.grade.armour_mod.at_level(1),
        ),
        Modifier::new(
            format!("velocity at {range_m:.0} m of {:.0} m", shooter.max_range_m),
            t.protection.range_modifier(range_m, shooter.max_range_m),
        ),
    ];
    if matches!(shooter.source, MissileSource::Thrown(_)) {
        modifiers.push(Modifier::new(
            format!("Strength {}", shooter.strength),
            t.protection.strength_modifier(shooter.strength),
        ));
    }
    let mut blow = melee::land(target, location, modifiers, &swing, t, dice);
    let critical = blow.hits.iter().any(|h| h.critical.is_some());
    let may_unbalance = t.missile_fire.may_unbalance(
        critical,
        shooter.magic_magnitude.is_some(),
        shooter.projectile_kg,
        body_kg,
    );
    if !may_unbalance {
        for hit in &mut blow.hits {
            if let Some(w) = &mut hit.wound {
                w.unbalanced = 0;
            }
            if hit
                .wound
                .as_ref()
                .is_some_and(|w| w.damage == 0 && w.critical.is_none())
            {
                hit.wound = None;
            }
        }
    }
    MissileBlow {
        blow,
        may_unbalance,
    }
}

/// What strikes: a launcher's projectile (its D and A; no concussion, no
/// surface a `w` result could damage that the battle keeps), or a thrown
/// melee weapon with its own D, A and concussion.
fn swing<'a>(shooter: &Shooter, t: &'a Tables) -> (String, Swing<'a>) {
    let plain = |grade: &'a WeaponGrade| Swing {
        grade,
        concussion: Concussion::None,
        critical: CriticalConcussion::None,
        composition_factor: None,
        level: 1,
        die_choice: 1,
        damage_factor: 1.0,
    };
    match shooter.source {
        MissileSource::Launcher(kind) => {
            let w = t.weapons.missile(kind);
            (w.name.clone(), plain(w.grade(shooter.quality)))
        }
        MissileSource::Thrown(kind) => {
            let w = t.weapons.melee(kind);
            let mut s = plain(melee::grade(w, shooter.quality));
            s.concussion = w.concussion;
            s.critical = w.critical;
            (format!("thrown {}", w.name), s)
        }
    }
}

impl fmt::Display for FireThreshold {
    /// E.g. `12 m, 1.8 m column → 50, MSF +34, -2 for cover 40% = 82`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:.0} m, {:.2} m column → {}",
            self.range_m, self.size_m, self.base
        )?;
        match self.aimed_percent {
            Some(p) => write!(f, ", aimed: MSF at {p}% {:+}", self.msf)?,
            None => write!(f, ", MSF {:+}", self.msf)?,
        }
        for m in &self.modifiers {
            write!(f, ", {:+} for {}", m.value, m.source)?;
        }
        if self.halved {
            write!(f, ", halved (warned)")?;
        }
        write!(f, " = {}", self.total)
    }
}

impl fmt::Display for ShotCheck {
    /// E.g. `at Dorvan: 12 m, ... = 82; rolled 45 — strike`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match self.role {
            Role::Target { .. } => format!("at {}", self.figure),
            Role::InTheWay { .. } => format!("{} in the way", self.figure),
        };
        let verdict = match (self.struck, self.natural_rule) {
            (true, false) => "strikes".to_string(),
            (false, false) => "misses".to_string(),
            (true, true) => format!("strikes (a natural {} always strikes)", self.roll),
            (false, true) => format!("misses (a natural {} always misses)", self.roll),
        };
        write!(
            f,
            "{who}: {}; rolled {} — {verdict}",
            self.threshold, self.roll
        )
    }
}

impl fmt::Display for Overshoot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "flies on: maximum range {} {} m (sign die {}) = lands {:.0} m from the firer",
            if self.sign_roll <= 3 { "-" } else { "+" },
            self.distance,
            self.sign_roll,
            self.landed_m
        )
    }
}
