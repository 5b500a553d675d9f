//! `hexmelee odds`: the exact chances of one melee strike (Shakhàn 16.10,
//! 16.15.2–4), found by enumerating every die the strike resolution rolls.
//!
//! [`strike_odds`] follows `melee::resolve_strike` step by step, but instead
//! of rolling it weighs every face: the strike d100 (16.15.2, with the
//! natural 01–02 / 99–00 rules), the aimed strike's Dexterity × 5 d100 and
//! the Strike Location d100 (16.15.3, "Roll Twice" with both extra rolls), the
//! shield check and the roll against the shield (16.15.4), the penetration
//! d100 on every area (16.15.4 with its natural-roll rules, read through
//! `ArmourProtectionTable::resolve` for each natural 01–00) and every face of
//! the damage dice (`FlatDice::distribution`, concussion 16.15.13.4–5). The
//! Success Threshold is not recomputed at all: it is read from
//! `melee::resolve_strike` itself. Nothing is sampled, so the results are
//! exact up to floating point.
//!
//! Damage is the weapon's damage points only: the extra pain and bleeding of
//! Critical Hits are not counted (their chance is `p_critical`). Rulings:
//! `docs/RULINGS.md`, "Strike odds".

use std::fmt::Write;

use serde_json::{Map, Value, json};
use thiserror::Error;

use crate::dice::{Dice, Percentile};
use crate::rulesets::shakhan::engine::{self, Gear};
use crate::rulesets::shakhan::rules::character::CombatFactor;
use crate::rulesets::shakhan::rules::melee::{
    self, Attempt, StrikeOptions, Striker, Target, Threshold,
};
use crate::rulesets::shakhan::rules::tables::Tables;
use crate::rulesets::shakhan::rules::tables::location::Location;
use crate::rulesets::shakhan::rules::tables::weapons::{
    Concussion, MeleeWeapon, SetWeapons, WeaponGrade,
};
use crate::rulesets::shakhan::rules::{BodyArea, Card, Quality};
use crate::rulesets::shakhan::scenario::Checked;

/// How the numbers were found, as the output says it.
pub const METHOD: &str = "exact: every d100 and damage die enumerated (strike roll, aimed-strike roll, \
Strike Location roll with both extra rolls of Roll Twice, shield check and the roll against the shield, \
penetration roll per area, every face of the damage dice)";

/// What the expected damage counts, as the output says it.
pub const DAMAGE_NOTE: &str = "damage points of the weapon's dice only (concussion included); \
the extra pain and bleeding of Critical Hits are not counted";

/// A question as the command line asks it: names and letters still to check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OddsArgs {
    pub attacker: String,
    pub defender: String,
    /// The attacker's Tactic Card letter (A–G).
    pub card: String,
    /// The defender's Tactic Card letter (A–G).
    pub defense_card: String,
    /// One of the attacker's weapons by kind (`LongSword`); the first usable
    /// one when `None`.
    pub weapon: Option<String>,
    /// An aimed strike at this body area (`head`, `upper_body`, …).
    pub aim: Option<String>,
    /// The defender does not raise its shield (a blow from the rear, or it
    /// chose not to).
    pub no_shield: bool,
    /// Shakhàn 16.15.4: the defender charged onto the attacker's set spear or
    /// pole arm ("Impaled on set weapon", +15 to the penetration roll).
    pub impaled: bool,
}

impl OddsArgs {
    /// Attacker on defender with C against C, the first usable weapon, no aim,
    /// the shield raised.
    pub fn new(attacker: impl Into<String>, defender: impl Into<String>) -> Self {
        OddsArgs {
            attacker: attacker.into(),
            defender: defender.into(),
            card: "C".into(),
            defense_card: "C".into(),
            weapon: None,
            aim: None,
            no_shield: false,
            impaled: false,
        }
    }
}

/// Why a question cannot be answered; each names the choices there are.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OddsError {
    #[error("no figure named {name:?} to be the {role}; the figures are: {}", .choices.join(", "))]
    UnknownFigure {
        role: &'static str,
        name: String,
        choices: Vec<String>,
    },
    #[error("{0} cannot strike itself: name two different figures")]
    SameFigure(String),
    #[error("`{text}` is not a Tactic Card; the cards are: A, B, C, D, E, F, G")]
    UnknownCard { text: String },
    #[error("{figure} has no weapon {name:?}; {figure}'s weapons are: {}", .choices.join(", "))]
    UnknownWeapon {
        figure: String,
        name: String,
        choices: Vec<String>,
    },
    #[error("{figure} cannot use the {weapon}: {why}")]
    UnusableWeapon {
        figure: String,
        weapon: String,
        why: String,
    },
    #[error("{0} has no usable melee weapon")]
    NoWeapon(String),
    #[error(
        "--impaled: {figure}'s {weapon} is no set weapon (16.15.4: {which}; docs/RULINGS.md, scenario option set_weapons)"
    )]
    NotSet {
        figure: String,
        weapon: String,
        which: &'static str,
    },
    #[error(
        "`{text}` is not a body area; the areas are: head, neck, upper_body, lower_body, arms, legs"
    )]
    UnknownArea { text: String },
}

/// A strike ready to be weighed: the same inputs the engine hands to
/// `melee::resolve_strike`.
#[derive(Debug, Clone, PartialEq)]
pub struct Matchup {
    pub striker: Striker,
    pub target: Target,
    pub opts: StrikeOptions,
}

/// Shakhàn 16.9.1: a Tactic Card by its letter (either case).
pub fn parse_card(text: &str) -> Result<Card, OddsError> {
    let fail = || OddsError::UnknownCard { text: text.into() };
    let mut chars = text.trim().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Card::ALL
            .into_iter()
            .find(|card| card.letter() == c.to_ascii_uppercase())
            .ok_or_else(fail),
        _ => Err(fail()),
    }
}

/// Shakhàn 16.15.3: a body area by its key (`upper_body`; `upper-body`,
/// `UpperBody` and `upper body` also do).
pub fn parse_area(text: &str) -> Result<BodyArea, OddsError> {
    BodyArea::ALL
        .into_iter()
        .find(|a| squash(a.key()) == squash(text))
        .ok_or_else(|| OddsError::UnknownArea { text: text.into() })
}

/// Lower case, letters and digits only: `Long Sword`, `long_sword` and
/// `LongSword` all read `longsword`.
fn squash(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

fn find_figure(checked: &Checked, name: &str, role: &'static str) -> Result<usize, OddsError> {
    let names = || {
        checked
            .characters
            .iter()
            .map(|c| c.name.to_string())
            .collect()
    };
    checked
        .characters
        .iter()
        .position(|c| *c.name == *name)
        .or_else(|| {
            checked
                .characters
                .iter()
                .position(|c| c.name.to_lowercase() == name.to_lowercase())
        })
        .ok_or_else(|| OddsError::UnknownFigure {
            role,
            name: name.into(),
            choices: names(),
        })
}

/// Build the strike the engine would resolve for `args` at the start of a
/// battle (no earlier damage to weapons, armour or shield; the defender
/// neither prone nor in mid-action): the attacker's CF with the weapon used,
/// the defender's CF with its first usable weapon, its APV per area (worn
/// armour, or hide where it is better) and, unless `no_shield`, its shield
/// raised with the (Adjusted Agility + Dexterity) × 4 / × 3 check
/// (16.15.4); an aimed strike gets the Martial Arts bonus when both share a
/// body form (16.15.3), as in the engine.
pub fn matchup(checked: &Checked, args: &OddsArgs, t: &Tables) -> Result<Matchup, OddsError> {
    let card = parse_card(&args.card)?;
    let defence_card = parse_card(&args.defense_card)?;
    let aim = args.aim.as_deref().map(parse_area).transpose()?;
    let ai = find_figure(checked, &args.attacker, "attacker")?;
    let di = find_figure(checked, &args.defender, "defender")?;
    let (a, af) = (&checked.characters[ai], &checked.factors[ai]);
    let (d, df) = (&checked.characters[di], &checked.factors[di]);
    if ai == di {
        return Err(OddsError::SameFigure(a.name.to_string()));
    }
    let w = match &args.weapon {
        Some(name) => {
            let w = a
                .weapons
                .iter()
                .position(|l| {
                    let kind = format!("{:?}", l.kind);
                    squash(&kind) == squash(name)
                        || squash(&t.weapons.melee(l.kind).name) == squash(name)
                })
                .ok_or_else(|| OddsError::UnknownWeapon {
                    figure: a.name.to_string(),
                    name: name.clone(),
                    choices: a.weapons.iter().map(|l| format!("{:?}", l.kind)).collect(),
                })?;
            if !af.weapons[w].usable() {
                return Err(OddsError::UnusableWeapon {
                    figure: a.name.to_string(),
                    weapon: af.weapons[w].name.clone(),
                    why: af.weapons[w].why.clone().unwrap_or_default(),
                });
            }
            w
        }
        None => (0..af.weapons.len())
            .find(|&i| af.weapons[i].usable())
            .ok_or_else(|| OddsError::NoWeapon(a.name.to_string()))?,
    };
    // The same inputs the engine builds at the start of a battle.
    let gear = Gear::whole(a.weapons.len());
    let striker = engine::striker(a, af, w, card, &gear);
    let target = engine::target(
        d,
        df,
        &Gear::whole(d.weapons.len()),
        defence_card,
        !args.no_shield,
        t,
    );
    let mut opts = StrikeOptions::new(t);
    opts.aim = aim;
    opts.similar_body_form = a.body_form == d.body_form;
    // 16.15.4: the engine's own rule of which weapons are set.
    let set_weapons = checked.scenario.options.set_weapons;
    let kind = a.weapons[w].kind;
    if args.impaled && !set_weapons.includes(kind, t.weapons.melee(kind).family) {
        return Err(OddsError::NotSet {
            figure: a.name.to_string(),
            weapon: t.weapons.melee(kind).name.to_string(),
            which: match set_weapons {
                SetWeapons::Spears => "only the spears of 16.15.13.3 are set",
                SetWeapons::SpearsAndHalberd => {
                    "only the spears of 16.15.13.3 and the halberd / pole-axe are set"
                }
            },
        });
    }
    opts.impaled = args.impaled;
    Ok(Matchup {
        striker,
        target,
        opts,
    })
}

/// Build the strike `attacker` would make on `defender` in `battle` as it
/// stands (for the display's preview): the weapon in hand and what earlier
/// blows left of both figures' gear, the defender prone or not, its shield
/// raised if it has one (16.15.4), the cards given. `None` when the attacker
/// has no weapon in hand or names itself.
pub fn matchup_now(
    battle: &engine::Battle,
    attacker: engine::FigureId,
    defender: engine::FigureId,
    card: Card,
    defence_card: Card,
    aim: Option<BodyArea>,
) -> Option<Matchup> {
    if attacker == defender {
        return None;
    }
    let t = crate::rulesets::shakhan::rules::tables::tables();
    let (a, d) = (battle.figure(attacker), battle.figure(defender));
    let w = a.weapon_in_hand()?;
    let striker = engine::striker(&a.character, &a.factors, w, card, &a.gear);
    let mut target = engine::target(&d.character, &d.factors, &d.gear, defence_card, true, t);
    target.prone_or_helpless = d.condition.is_prone();
    let mut opts = StrikeOptions::new(t);
    opts.aim = aim;
    opts.similar_body_form = a.character.body_form == d.character.body_form;
    Some(Matchup {
        striker,
        target,
        opts,
    })
}

/// The chances of one strike attempt; every `p_` is a probability in 0..=1
/// of the whole attempt (not given a strike) unless its name says so.
#[derive(Debug, Clone, PartialEq)]
pub struct StrikeOdds {
    /// Shakhàn 16.15.4: the defender charged onto a set weapon (+15 to
    /// penetration, in `penetration_modifier`).
    pub impaled: bool,
    pub attacker: String,
    pub defender: String,
    pub weapon: String,
    pub card: Card,
    /// The card that counts for the defence (G in mid-action).
    pub defence_card: Card,
    /// The CF the differential is taken from (part of it when aimed).
    pub striking_cf: i32,
    pub aimed_percent: Option<u32>,
    pub target_cf: CombatFactor,
    pub differential: i32,
    /// `None` when the card cannot strike in melee (D, F, G).
    pub threshold: Option<Threshold>,
    pub p_strike: f64,
    /// Shakhàn 16.15.3: the aimed strike's check, if aimed.
    pub aim: Option<AimOdds>,
    /// Given a strike: the chance the blow lands on each area (at least once;
    /// Roll Twice lands on two), in [`BodyArea::ALL`] order.
    pub location: [f64; 6],
    /// Given a strike: the chance of a Roll Twice.
    pub p_roll_twice: f64,
    pub shield: Option<ShieldOdds>,
    /// Added to every penetration roll: weapon A and Strength (16.15.4).
    pub penetration_modifier: i32,
    /// The damage dice rolled on a penetration.
    pub damage_dice: String,
    pub concussion: Concussion,
    /// Given the blow reaches an area: what a penetration roll there does.
    pub areas: [AreaOdds; 6],
    /// At least one area penetrated (`p`).
    pub p_penetrate: f64,
    /// At least one Critical Hit (`c`).
    pub p_critical: f64,
    /// The defender knocked off balance (any unbalanced digit > 0, or a
    /// shield raised too late).
    pub p_unbalance: f64,
    /// At least one damage point done.
    pub p_damage: f64,
    /// Damage points per attempt, see [`DAMAGE_NOTE`].
    pub expected_damage: f64,
    /// Damage points per strike that lands.
    pub expected_damage_if_struck: f64,
}

/// Shakhàn 16.15.3: an aimed strike's Dexterity × 5 check.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AimOdds {
    pub area: BodyArea,
    pub threshold: i32,
    /// False when the target's form has no such area (the table decides).
    pub form_has_area: bool,
    /// Given a strike: the chance it lands where aimed by the check.
    pub p_lands: f64,
}

/// Shakhàn 16.15.4: the defender's shield against this blow.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShieldOdds {
    pub apv: u32,
    pub check: i32,
    /// Raised in time (d100 ≤ check).
    pub p_raised: f64,
    /// Given raised: the roll against the shield lets the blow through
    /// (`p`, `w` or `a`).
    pub p_through: f64,
    /// Given a strike: the shield stopped it.
    pub p_stops: f64,
}

/// Given the blow reaches this area: its penetration roll's chances.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct AreaOdds {
    pub apv: u32,
    pub p_penetrate: f64,
    pub p_critical: f64,
    pub p_unbalance: f64,
    pub p_damage: f64,
    pub expected_damage: f64,
}

/// Shakhàn 16.15.2: the chance a d100 strikes against a final threshold:
/// the rolls at or below it, except that 01–02 always strike and 99–00
/// always miss (so a threshold of 30 gives 0.30, 0 gives 0.02, 150 gives 0.98).
pub fn p_strike(t: &Tables, threshold: i32) -> f64 {
    share(|p| t.mcrt.strikes(threshold, p))
}

/// The share of the hundred d100 results for which `f` holds.
fn share(f: impl Fn(Percentile) -> bool) -> f64 {
    Percentile::all().filter(|p| f(*p)).count() as f64 / 100.0
}

/// Shakhàn 16.15.13: the weapon's D and A for its quality, with the same
/// fall-back to Usual for "na" classes as `melee::resolve_strike`.
fn grade(weapon: &MeleeWeapon, quality: Quality) -> Option<&WeaponGrade> {
    weapon
        .grade(quality)
        .or_else(|| weapon.grade(Quality::Usual))
        .or_else(|| Quality::ALL.iter().find_map(|q| weapon.grade(*q)))
}

/// What the damage dice do, averaged over every face (16.10 5b, 16.15.13.4–5).
#[derive(Debug, Clone, Copy, Default)]
struct DamageMeans {
    /// On a penetration: mean points, chance of at least one.
    full: (f64, f64),
    /// Without one: the concussion fraction's mean and chance (0 if none).
    concussion: (f64, f64),
}

fn damage_means(grade: &WeaponGrade, striker: &Striker, concussion: Concussion) -> DamageMeans {
    let dice = grade.damage.resolve(striker.level, striker.die_choice);
    let mut m = DamageMeans::default();
    for (total, p) in dice.distribution() {
        // As resolve_strike: a damaged weapon's share, rounded down, then
        // the concussion fraction, rounded down.
        let full = (f64::from(total.max(0)) * striker.damage_factor).floor() as i32;
        m.full.0 += p * f64::from(full);
        m.full.1 += if full > 0 { p } else { 0.0 };
        if concussion != Concussion::None {
            let part = (f64::from(full) * concussion.fraction()).floor() as i32;
            m.concussion.0 += p * f64::from(part);
            m.concussion.1 += if part > 0 { p } else { 0.0 };
        }
    }
    m
}

/// Shakhàn 16.15.4: one area's penetration roll over every natural 01–00,
/// through the table's own `resolve` (natural-roll rules included).
fn area_odds(apv: u32, modifier: i32, damage: &DamageMeans, t: &Tables) -> AreaOdds {
    let mut odds = AreaOdds {
        apv,
        ..AreaOdds::default()
    };
    for natural in Percentile::all() {
        let result = t.protection.resolve(apv, natural, modifier).result;
        let (mean, any) = if result.penetrated() {
            damage.full
        } else {
            damage.concussion
        };
        odds.p_penetrate += f64::from(u8::from(result.penetrated())) / 100.0;
        odds.p_critical += f64::from(u8::from(result.critical)) / 100.0;
        odds.p_unbalance += f64::from(u8::from(result.unbalanced > 0)) / 100.0;
        odds.p_damage += any / 100.0;
        odds.expected_damage += mean / 100.0;
    }
    odds
}

/// Shakhàn 16.15.3: where a strike lands, as weighted lists of areas (two
/// after Roll Twice, in roll order), and the aimed check if any.
fn landings(m: &Matchup, t: &Tables) -> (Vec<(Vec<BodyArea>, f64)>, Option<AimOdds>) {
    let form = m.target.body_form;
    let mut out = Vec::new();
    let aim = m.opts.aim.map(|area| {
        let threshold = t.location.aimed_location_threshold(m.striker.dexterity);
        let form_has_area =
            Percentile::all().any(|p| t.location.roll_area(form, p) == Location::Area(area));
        let p_lands = if form_has_area {
            share(|p| i32::from(p.value()) <= threshold)
        } else {
            0.0
        };
        AimOdds {
            area,
            threshold,
            form_has_area,
            p_lands,
        }
    });
    let p_table = match aim {
        Some(a) => {
            if a.p_lands > 0.0 {
                out.push((vec![a.area], a.p_lands));
            }
            1.0 - a.p_lands
        }
        None => 1.0,
    };
    if p_table <= 0.0 {
        return (out, aim);
    }
    // Roll Twice: two more rolls, each re-rolled until an area comes up, so
    // each is an area with its share among the area cells.
    let cells: Vec<Location> = Percentile::all()
        .map(|p| t.location.roll_area(form, p))
        .collect();
    let area_cells = cells.iter().filter(|l| **l != Location::RollTwice).count() as f64;
    let reroll: Vec<(BodyArea, f64)> = BodyArea::ALL
        .into_iter()
        .map(|a| {
            let n = cells.iter().filter(|l| **l == Location::Area(a)).count() as f64;
            (a, n / area_cells)
        })
        .filter(|(_, p)| *p > 0.0)
        .collect();
    for area in BodyArea::ALL {
        let n = cells.iter().filter(|l| **l == Location::Area(area)).count();
        if n > 0 {
            out.push((vec![area], p_table * n as f64 / 100.0));
        }
    }
    let twice = cells.iter().filter(|l| **l == Location::RollTwice).count() as f64 / 100.0;
    if twice > 0.0 {
        for (a, pa) in &reroll {
            for (b, pb) in &reroll {
                out.push((vec![*a, *b], p_table * twice * pa * pb));
            }
        }
    }
    (out, aim)
}

/// Shakhàn 16.10, 16.15.2–4: the exact chances of `m`'s strike, every die of
/// `melee::resolve_strike` enumerated (see the module doc). The threshold and
/// the striking CF are those `resolve_strike` reports for the same inputs.
pub fn strike_odds(m: &Matchup, t: &Tables) -> StrikeOdds {
    // The threshold comes before any die, so one resolution with any dice
    // reports it: the very rules of the engine, not a copy.
    let report = melee::resolve_strike(&m.striker, &m.target, &m.opts, t, &mut Dice::seeded(0));
    let threshold = match report.attempt {
        Attempt::Rolled { threshold, .. } => Some(threshold),
        Attempt::CannotStrike(_) | Attempt::Landed(_) => None,
    };
    let weapon = t.weapons.melee(m.striker.weapon);
    let grade = grade(weapon, m.striker.quality);
    // The engine's own list (weapon A, Strength, impaled on a set weapon).
    let modifier = melee::penetration_modifiers(&m.striker, &m.opts, t)
        .iter()
        .map(|x| x.value)
        .sum();
    let damage = grade.map_or_else(DamageMeans::default, |g| {
        damage_means(g, &m.striker, weapon.concussion)
    });
    let areas = BodyArea::ALL.map(|a| area_odds(m.target.apv[a as usize], modifier, &damage, t));
    let (landings, aim) = landings(m, t);

    // Shakhàn 16.15.4: the shield branches, each with the unbalance the
    // first area carries (1 when the shield was raised too late).
    let shield = m.target.shield.map(|s| {
        let p_raised = share(|p| i32::from(p.value()) <= s.check);
        let p_through = share(|p| {
            t.protection
                .resolve(s.apv, p, modifier)
                .result
                .against_shield()
                .check_body
        });
        ShieldOdds {
            apv: s.apv,
            check: s.check,
            p_raised,
            p_through,
            p_stops: p_raised * (1.0 - p_through),
        }
    });
    let branches: Vec<(f64, u8)> = match shield {
        None => vec![(1.0, 0)],
        Some(s) => vec![
            (1.0 - s.p_raised, t.protection.shield_failed_unbalanced()),
            (s.p_raised * s.p_through, 0),
        ],
    };

    let mut location = [0.0; 6];
    let mut p_roll_twice = 0.0;
    // Given a strike.
    let (mut pen, mut crit, mut unb, mut dmg, mut mean) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for (list, p_list) in &landings {
        for a in BodyArea::ALL {
            if list.contains(&a) {
                location[a as usize] += p_list;
            }
        }
        if list.len() > 1 {
            p_roll_twice += p_list;
        }
        let none = |f: &dyn Fn(usize, &AreaOdds) -> f64| {
            list.iter()
                .enumerate()
                .map(|(i, a)| 1.0 - f(i, &areas[*a as usize]))
                .product::<f64>()
        };
        for &(w, extra) in &branches {
            let q = p_list * w;
            pen += q * (1.0 - none(&|_, a| a.p_penetrate));
            crit += q * (1.0 - none(&|_, a| a.p_critical));
            dmg += q * (1.0 - none(&|_, a| a.p_damage));
            unb += q
                * (1.0
                    - none(&|i, a| {
                        if i == 0 && extra > 0 {
                            1.0
                        } else {
                            a.p_unbalance
                        }
                    }));
            mean += q * list
                .iter()
                .map(|a| areas[*a as usize].expected_damage)
                .sum::<f64>();
        }
    }
    let p_strike = threshold.as_ref().map_or(0.0, |th| p_strike(t, th.total));
    StrikeOdds {
        impaled: m.opts.impaled,
        attacker: m.striker.name.to_string(),
        defender: m.target.name.to_string(),
        weapon: weapon.name.to_string(),
        card: m.striker.card,
        defence_card: report.defence_card,
        striking_cf: report.cf.used,
        aimed_percent: report.cf.aimed_percent,
        target_cf: m.target.cf,
        differential: report.differential,
        threshold,
        p_strike,
        aim,
        location,
        p_roll_twice,
        shield,
        penetration_modifier: modifier,
        damage_dice: grade.map_or_else(String::new, |g| {
            g.damage
                .resolve(m.striker.level, m.striker.die_choice)
                .to_string()
        }),
        concussion: weapon.concussion,
        areas,
        p_penetrate: p_strike * pen,
        p_critical: p_strike * crit,
        p_unbalance: p_strike * unb,
        p_damage: p_strike * dmg,
        expected_damage: p_strike * mean,
        expected_damage_if_struck: if p_strike > 0.0 { mean } else { 0.0 },
    }
}

/// `hexmelee odds`: check `args` against the scenario and give the odds as
/// readable lines or as JSON (`threshold`, `p_strike`, `p_penetrate`,
/// `p_critical`, `expected_damage`, and more).
pub fn odds_report(
    checked: &Checked,
    args: &OddsArgs,
    t: &Tables,
    json: bool,
) -> Result<String, OddsError> {
    let odds = strike_odds(&matchup(checked, args, t)?, t);
    Ok(if json {
        format!("{}\n", odds_json(&odds))
    } else {
        odds_text(&odds, t)
    })
}

/// Round for output: probabilities to 6 places, so JSON stays readable.
fn r6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// The odds as one JSON object.
pub fn odds_json(o: &StrikeOdds) -> Value {
    let per_area = |f: &dyn Fn(usize) -> Value| {
        BodyArea::ALL
            .iter()
            .map(|a| (a.key().to_string(), f(*a as usize)))
            .collect::<Map<_, _>>()
    };
    let mut value = json!({
        "attacker": o.attacker,
        "defender": o.defender,
        "weapon": o.weapon,
        "card": o.card.letter().to_string(),
        "defense_card": o.defence_card.letter().to_string(),
        "striking_cf": o.striking_cf,
        "aimed_percent": o.aimed_percent,
        "defender_cf": o.target_cf.0,
        "differential": o.differential,
        "threshold": o.threshold.as_ref().map(|th| th.total),
        "threshold_base": o.threshold.as_ref().map(|th| th.base),
        "threshold_modifiers": o.threshold.as_ref().map(|th| th.modifiers.iter().map(|m| json!({
            "source": m.source.to_string(),
            "value": m.value,
        })).collect::<Vec<_>>()),
        "p_strike": r6(o.p_strike),
        "p_penetrate": r6(o.p_penetrate),
        "p_critical": r6(o.p_critical),
        "p_unbalance": r6(o.p_unbalance),
        "p_damage": r6(o.p_damage),
        "expected_damage": r6(o.expected_damage),
        "expected_damage_if_struck": r6(o.expected_damage_if_struck),
        "aim": o.aim.map(|a| json!({
            "area": a.area.key(),
            "threshold": a.threshold,
            "form_has_area": a.form_has_area,
            "p_lands_if_struck": r6(a.p_lands),
        })),
        "location_if_struck": per_area(&|i| json!(r6(o.location[i]))),
        "p_roll_twice_if_struck": r6(o.p_roll_twice),
        "shield": o.shield.map(|s| json!({
            "apv": s.apv,
            "check": s.check,
            "p_raised": r6(s.p_raised),
            "p_through_if_raised": r6(s.p_through),
            "p_stops_if_struck": r6(s.p_stops),
        })),
        "penetration_modifier": o.penetration_modifier,
        "damage_dice": o.damage_dice,
        "concussion": format!("{:?}", o.concussion),
        "areas": per_area(&|i| {
            let a = &o.areas[i];
            json!({
                "apv": a.apv,
                "p_penetrate": r6(a.p_penetrate),
                "p_critical": r6(a.p_critical),
                "p_unbalance": r6(a.p_unbalance),
                "p_damage": r6(a.p_damage),
                "expected_damage": r6(a.expected_damage),
            })
        }),
        "method": METHOD,
        "damage_note": DAMAGE_NOTE,
    });
    // Only when asked, so the usual question's answer keeps its shape.
    if o.impaled {
        value["impaled"] = json!(true);
    }
    value
}

fn pct(p: f64) -> String {
    format!("{:.2}%", p * 100.0)
}

/// The odds as readable lines, explaining the threshold first.
pub fn odds_text(o: &StrikeOdds, t: &Tables) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} strikes at {} with the {} (card {} against card {})",
        o.attacker, o.defender, o.weapon, o.card, o.defence_card
    );
    let cf = match o.aimed_percent {
        Some(p) => format!("{} ({p}% of the CF, aimed)", o.striking_cf),
        None => o.striking_cf.to_string(),
    };
    let _ = writeln!(
        out,
        "  Combat Differential: CF {cf} - CF {} = {:+} (16.10 step 1)",
        o.target_cf.0, o.differential
    );
    let Some(th) = &o.threshold else {
        let _ = writeln!(
            out,
            "  Card {} ({}) cannot strike in melee: every chance is 0 (16.9.1-2)",
            o.card,
            o.card.name()
        );
        return out;
    };
    let mut line = format!(
        "  Success Threshold (16.15.2): {} for card {} on the {} row",
        th.base,
        o.card,
        t.mcrt.row(o.differential)
    );
    for m in &th.modifiers {
        let _ = write!(line, ", {:+} for {}", m.value, m.source);
    }
    let _ = writeln!(out, "{line} = {}", th.total);
    let _ = writeln!(
        out,
        "  Strike: {} (d100 at or under {}; 01-02 always strike, 99-00 always miss)",
        pct(o.p_strike),
        th.total
    );
    if o.p_strike <= 0.0 {
        return out;
    }
    if let Some(a) = o.aim {
        if a.form_has_area {
            let _ = writeln!(
                out,
                "  Aimed at the {}: lands there on d100 at or under {} (Dexterity x 5): {}, else the table (16.15.3)",
                a.area.name(),
                a.threshold,
                pct(a.p_lands)
            );
        } else {
            let _ = writeln!(
                out,
                "  Aimed at the {}: {}'s body form has none, the table decides (16.15.3)",
                a.area.name(),
                o.defender
            );
        }
    }
    let where_ = BodyArea::ALL
        .iter()
        .filter(|a| o.location[**a as usize] > 0.0)
        .map(|a| format!("{} {}", a.name(), pct(o.location[*a as usize])))
        .collect::<Vec<_>>()
        .join(", ");
    let _ = writeln!(
        out,
        "  Location, given a strike: {where_}; Roll Twice (two areas) {}",
        pct(o.p_roll_twice)
    );
    if let Some(s) = o.shield {
        let _ = writeln!(
            out,
            "  Shield (APV {}): raised on d100 at or under {}: {}; the roll against it lets the blow on {}; stops {} of the strikes (16.15.4)",
            s.apv,
            s.check,
            pct(s.p_raised),
            pct(s.p_through),
            pct(s.p_stops)
        );
    }
    let _ = writeln!(
        out,
        "  Penetration roll modifier {:+} (weapon A and Strength{}); damage {}{}",
        o.penetration_modifier,
        if o.impaled {
            format!(
                ", {:+} impaled on a set weapon (16.15.4)",
                t.protection.impaled_modifier()
            )
        } else {
            String::new()
        },
        o.damage_dice,
        match o.concussion {
            Concussion::None => String::new(),
            c => format!(", concussion {:?} when not penetrating", c),
        }
    );
    let _ = writeln!(
        out,
        "  Per area, given the blow reaches it: APV, penetrate, critical, unbalance, mean damage"
    );
    for a in BodyArea::ALL {
        if o.location[a as usize] <= 0.0 {
            continue;
        }
        let x = &o.areas[a as usize];
        let _ = writeln!(
            out,
            "    {:<10} {:>3}  {:>7}  {:>7}  {:>7}  {:>6.2}",
            a.name(),
            x.apv,
            pct(x.p_penetrate),
            pct(x.p_critical),
            pct(x.p_unbalance),
            x.expected_damage
        );
    }
    let _ = writeln!(
        out,
        "  Per strike attempt: penetrate {}, critical hit {}, unbalance {}, any damage {}",
        pct(o.p_penetrate),
        pct(o.p_critical),
        pct(o.p_unbalance),
        pct(o.p_damage)
    );
    let _ = writeln!(
        out,
        "  Expected damage: {:.3} points per attempt, {:.3} per strike that lands;\n    {DAMAGE_NOTE}",
        o.expected_damage, o.expected_damage_if_struck
    );
    let _ = writeln!(out, "  Method: {METHOD}");
    out
}

#[cfg(test)]
mod tests;
