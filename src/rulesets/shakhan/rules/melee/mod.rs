//! Shakhàn 16.10: one melee strike attempt, resolved with the dice given.
//!
//! [`resolve_strike`] is pure: it reads the striker, the target and the
//! tables, rolls what the rules call for, and returns a [`StrikeReport`] that
//! keeps every roll and modifier (its `Display` is one plain-words log line)
//! and, for each body area the blow reached, the [`Wound`] the engine applies.
//! Equipment damage and a spoiled action are reported as data; applying them
//! is the engine's. Rulings: `docs/RULINGS.md`.

pub(crate) mod critical;
pub(crate) mod display;
#[cfg(test)]
pub(crate) mod fixtures;
#[cfg(test)]
mod tests;

pub use critical::{
    CriticalReport, CriticalRoll, CriticalRollKind, CriticalRollResult, EffectsRollNote,
    InjuryReport,
};

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use super::character::CombatFactor;
use super::condition::Check;
use super::tables::Tables;
use super::tables::actions::StrikeRight;
use super::tables::armour::{ArmourMaterial, ShieldMaterial};
use super::tables::criticals::Concussion as CriticalConcussion;
use super::tables::criticals::Requisite;
use super::tables::location::{Location, StrikeLocation};
use super::tables::protection::{EquipmentDamage, PenetrationOutcome, PenetrationRoll};
use super::tables::weapons::{ArmourMod, Concussion, MeleeWeapon, WeaponGrade, WeaponKind};
use super::wound::Wound;
use super::{BodyArea, BodyForm, Card, Quality};
use crate::dice::{Dice, Percentile, Rolled};

/// Shakhàn 16.9.4.1: the Defending Modifier a "Prone / Helpless Target" adds
/// on top of its card's; the book gives no number (docs/RULINGS.md).
pub const HELPLESS_DEFENDING_MODIFIER: i32 = 25;

/// The one who strikes, with the weapon in use.
#[derive(Debug, Clone, PartialEq)]
pub struct Striker {
    pub name: Arc<str>,
    /// Combat Factor with this weapon (`character::Factors::weapons`), before
    /// an aimed strike reduces it.
    pub cf: CombatFactor,
    pub card: Card,
    pub weapon: WeaponKind,
    pub quality: Quality,
    /// Creature Level or spell Magnitude for `pl` / `pm` dice and armour
    /// modifiers (0 counts as 1).
    pub level: u32,
    /// Which die of a choice such as `1D3/4/6 pl`: 0 for D3, 1 for D4, 2 for D6.
    pub die_choice: usize,
    pub strength: i32,
    /// Effective Dexterity: halved by gauntlets (16.4), kept fractional.
    pub dexterity: f64,
    pub martial_arts_level: u32,
    /// Shakhàn 16.4.1.3: an enchanted weapon's "Plus to hit", added to the
    /// Success Threshold (its Magic Bonus is already in `cf`).
    pub to_hit_bonus: i32,
    /// Shakhàn 16.15.4 `w`: what an earlier weapon check left of its damage
    /// factor (1 when whole, 0.75 or 0.5 when damaged).
    pub damage_factor: f64,
}

/// The one struck at.
#[derive(Debug, Clone, PartialEq)]
pub struct Target {
    pub name: Arc<str>,
    pub cf: CombatFactor,
    /// The card that counts for defence: already G when the target could not
    /// match the attack (16.9.3) or is off balance (16.15.4). A target in
    /// mid-action counts as G whatever is given here (16.9.4.1).
    pub card: Card,
    pub body_form: BodyForm,
    /// APV against this blow, per area in [`BodyArea::ALL`] order.
    pub apv: [u32; 6],
    /// The material of the armour worn on each area ([`BodyArea::ALL`] order),
    /// for `a` results; `None` where nothing can be damaged (skin, hide).
    pub armour: [Option<ArmourMaterial>; 6],
    /// A shield at the ready that the target tries to raise (16.15.4).
    pub shield: Option<ShieldUse>,
    /// Set when the target is in the middle of a non-melee action (16.9.4.1).
    pub mid_action: Option<MidAction>,
    /// Counts as a "Prone / Helpless Target" (16.9.4.1) for another reason
    /// than ignoring the attack: unconscious, bound, lying down.
    pub prone_or_helpless: bool,
    /// Shakhàn 16.9.4 "Dodge a blow": the target tries to dodge a blow that
    /// strikes, passing on d100 at or under this threshold (Adjusted Agility ×
    /// the Dodge DMod, docs/RULINGS.md). `None`: it does not try.
    pub dodge: Option<i32>,
    /// 16.15.8 Genital damage: some outcomes apply to a male victim only.
    pub male: bool,
    /// Current requisite scores, to turn a loss in points into a per cent.
    pub scores: Scores,
}

/// Shakhàn 16.15.4: a shield the target raises against this blow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShieldUse {
    pub material: ShieldMaterial,
    pub apv: u32,
    /// The check to raise it: (Adjusted Agility + Dexterity) × 4 large, × 3
    /// small (`ArmourProtectionTable::shield_check_threshold`).
    pub check: i32,
}

/// Shakhàn 16.9.4.1: what a target attacked in mid-action chose to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MidAction {
    /// Partly defends: counts as G, and the action is ruined.
    Defend,
    /// Carries on: counts as G and as a "Prone / Helpless Target".
    Ignore,
}

/// The target's current scores that a Critical Hit can lower; `None` where
/// the sheet does not have it (a loss in points is then only recorded).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Scores {
    pub strength: Option<i32>,
    pub agility: Option<i32>,
    pub dexterity: Option<i32>,
    pub physical_beauty: Option<i32>,
    pub vision: Option<i32>,
    pub hearing: Option<i32>,
    pub smell: Option<i32>,
}

impl Scores {
    pub fn get(&self, requisite: Requisite) -> Option<i32> {
        match requisite {
            Requisite::Strength => self.strength,
            Requisite::Agility => self.agility,
            Requisite::Dexterity => self.dexterity,
            Requisite::PhysicalBeauty => self.physical_beauty,
            Requisite::Vision => self.vision,
            Requisite::Hearing => self.hearing,
            Requisite::Smell => self.smell,
        }
    }
}

/// How this strike is made, and the scenario's options for the numbers the
/// book does not give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrikeOptions {
    /// Shakhàn 16.15.3: an aimed strike at this area.
    pub aim: Option<BodyArea>,
    /// Shakhàn 16.15.3: the target's body form is the striker's own or close
    /// to it, so Martial Arts levels help an aimed strike (the engine judges).
    pub similar_body_form: bool,
    /// Shakhàn 16.15.2: the F (Rout) Defending Modifier.
    pub rout_modifier: i32,
    /// Shakhàn 16.9.4.1: the extra Defending Modifier of a helpless target.
    pub helpless_modifier: i32,
    /// Further modifiers to every penetration roll (16.11: +10 per multiple
    /// of the target's weight a trampling creature weighs beyond the first).
    pub penetration: Vec<Modifier>,
    /// Shakhàn 16.15.4: the target charged onto the striker's set weapon
    /// ("Impaled on set weapon", +15 to the penetration roll); the engine
    /// judges when (docs/RULINGS.md).
    pub impaled: bool,
}

impl StrikeOptions {
    /// An ordinary strike with the default options.
    pub fn new(t: &Tables) -> Self {
        StrikeOptions {
            aim: None,
            similar_body_form: false,
            rout_modifier: t.mcrt.rout_defending_modifier_default(),
            helpless_modifier: HELPLESS_DEFENDING_MODIFIER,
            penetration: Vec::new(),
            impaled: false,
        }
    }
}

/// A number added to a threshold or a roll, and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Modifier {
    pub source: Source,
    pub value: i32,
}

impl Modifier {
    pub fn new(source: impl Into<Cow<'static, str>>, value: i32) -> Self {
        Modifier {
            source: Source::Words(source.into()),
            value,
        }
    }
}

/// Where a modifier comes from. The ones every strike makes are kept as
/// data and written out only when the report is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Shakhàn 16.9.3, 16.10: the defender's card (G when caught mid-action).
    DefenceCard {
        defender: Arc<str>,
        card: Card,
        mid_action: bool,
    },
    /// Shakhàn 16.10: a prone or helpless defender.
    Helpless {
        defender: Arc<str>,
    },
    /// Shakhàn 16.15.4: the striker's Strength on the penetration roll.
    Strength(i32),
    /// Shakhàn 16.15.13: the weapon's Armour Modifier for its quality class.
    Weapon {
        name: Arc<str>,
        armour_mod: ArmourMod,
    },
    /// Shakhàn 16.15.4: the target impaled itself on a set weapon.
    Impaled,
    Words(Cow<'static, str>),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::DefenceCard {
                defender,
                mid_action: true,
                ..
            } => write!(f, "{defender}'s card G (mid-action)"),
            Source::DefenceCard { defender, card, .. } => write!(f, "{defender}'s card {card}"),
            Source::Helpless { defender } => write!(f, "{defender} helpless"),
            Source::Strength(s) => write!(f, "Strength {s}"),
            Source::Weapon { name, armour_mod } => write!(f, "{name} ({armour_mod})"),
            Source::Impaled => f.write_str("impaled on a set weapon"),
            Source::Words(words) => f.write_str(words),
        }
    }
}

/// Shakhàn 16.15.3: the Combat Factor the strike is made with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StrikingCf {
    pub cf: CombatFactor,
    /// For an aimed strike, the per cent of the CF used (50, more for a
    /// martial artist against a similar form).
    pub aimed_percent: Option<u32>,
    /// The CF the differential is taken from (rounded to the nearest).
    pub used: i32,
}

/// Shakhàn 16.15.2, 16.10 steps 2–3: the final Success Threshold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Threshold {
    /// The basic threshold for the striker's card on the differential's row.
    pub base: i32,
    /// The Defending Modifier first, then any other.
    pub modifiers: Vec<Modifier>,
    pub total: i32,
}

/// One strike attempt, everything rolled.
#[derive(Debug, Clone, PartialEq)]
pub struct StrikeReport {
    pub striker: Arc<str>,
    pub target: Arc<str>,
    pub card: Card,
    /// The card that counted for the target's defence.
    pub defence_card: Card,
    pub cf: StrikingCf,
    pub target_cf: CombatFactor,
    /// Shakhàn 16.10 step 1: striking CF minus the target's.
    pub differential: i32,
    pub attempt: Attempt,
    /// Shakhàn 16.9.4.1: what became of the target's action, if it had one.
    pub spoil: Option<Spoil>,
}

/// Whether a strike could be tried, and how the roll went.
#[derive(Debug, Clone, PartialEq)]
pub enum Attempt {
    /// Shakhàn 16.9.1–2, 16.15.2: this card does not strike in melee (D, F
    /// and G); no die was rolled.
    CannotStrike(StrikeRight),
    Rolled {
        threshold: Threshold,
        roll: Percentile,
        /// The natural-roll rule (01–02 strike, 99–00 miss) decided it
        /// against the threshold.
        natural_rule: bool,
        /// Shakhàn 16.9.4: the target's Dodge check against a blow that
        /// struck; passed, the blow is avoided.
        dodge: Option<Check>,
        /// What the blow did; `None` on a miss or a dodged blow.
        blow: Option<Box<Blow>>,
    },
    /// Shakhàn 16.11: a blow that lands without a to-hit roll (a trample
    /// strike after a failed Dodge).
    Landed(Box<Blow>),
}

/// Shakhàn 16.10 (5a–5b): what a strike that landed did.
#[derive(Debug, Clone, PartialEq)]
pub struct Blow {
    pub location: LocationReport,
    /// Added to every penetration roll of this blow: weapon A, Strength.
    pub penetration_modifiers: Vec<Modifier>,
    pub shield: Option<ShieldReport>,
    /// One per area the blow reached (two after "Roll Twice"); none when a
    /// raised shield stopped it.
    pub hits: Vec<AreaHit>,
    /// Checks for damage to the weapon, the shield and the armour.
    pub equipment: Vec<EquipmentCheck>,
}

/// Shakhàn 16.15.3: where the strike landed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocationReport {
    pub aimed: Option<AimCheck>,
    /// The Strike Location Table rolls, unless an aimed strike landed where aimed.
    pub table: Option<StrikeLocation>,
    pub areas: Vec<BodyArea>,
}

/// Shakhàn 16.15.3: an aimed strike's Dexterity × 5 check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AimCheck {
    pub area: BodyArea,
    pub threshold: i32,
    /// `None` when the target's body form has no such area ("na"): nothing
    /// to roll for, the table decides.
    pub roll: Option<Percentile>,
    pub landed: bool,
}

/// Shakhàn 16.15.4: raising a shield against the blow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShieldReport {
    pub check: i32,
    pub roll: Percentile,
    pub raised: bool,
    /// The roll against the shield's APV, when raised.
    pub penetration: Option<PenetrationRoll>,
    /// False when the raised shield stopped the blow.
    pub reaches_body: bool,
}

/// The blow on one body area.
#[derive(Debug, Clone, PartialEq)]
pub struct AreaHit {
    pub area: BodyArea,
    pub apv: u32,
    pub penetration: PenetrationRoll,
    pub damage: Option<DamageRoll>,
    pub critical: Option<CriticalReport>,
    /// `None` when the blow did nothing here (no damage, imbalance nor
    /// critical).
    pub wound: Option<Wound>,
}

/// Shakhàn 16.10 (5b): the weapon's damage dice.
#[derive(Debug, Clone, PartialEq)]
pub struct DamageRoll {
    pub rolled: Rolled,
    /// Set when the armour held and the weapon's concussion did a fraction.
    pub concussion: Option<Concussion>,
    /// Damage points done (never negative).
    pub damage: i32,
}

/// Whose equipment a `w` or `a` result put at risk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Equipment {
    /// The striker's weapon.
    Weapon,
    /// The target's shield.
    Shield,
    /// The target's armour on this area.
    Armour(BodyArea),
}

/// Shakhàn 16.15.4 `w` / `a`: a damage check on one piece of equipment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EquipmentCheck {
    pub item: Equipment,
    pub composition_factor: u32,
    /// Damaged on a roll of this or less (100 − composition factor).
    pub chance: i32,
    pub roll: Percentile,
    /// The damage sub-table roll and its result, when damaged.
    pub damage: Option<(Percentile, EquipmentDamage)>,
}

/// Shakhàn 16.9.4.1: what became of the target's action under way.
#[derive(Debug, Clone, PartialEq)]
pub enum Spoil {
    /// The target chose to defend, which ruins the action, struck or not.
    Defended,
    /// Knocked off balance: spoiled outright.
    Unbalanced,
    /// Struck: spoiled on a d100 roll within the 2D12+75 chance.
    Rolled {
        chance: Rolled,
        roll: Percentile,
        spoiled: bool,
    },
}

impl Spoil {
    pub fn spoiled(&self) -> bool {
        match self {
            Spoil::Defended | Spoil::Unbalanced => true,
            Spoil::Rolled { spoiled, .. } => *spoiled,
        }
    }
}

impl StrikeReport {
    /// The blow, if the strike landed.
    pub fn blow(&self) -> Option<&Blow> {
        match &self.attempt {
            Attempt::Rolled { blow, .. } => blow.as_deref(),
            Attempt::Landed(blow) => Some(blow),
            Attempt::CannotStrike(_) => None,
        }
    }

    pub fn struck(&self) -> bool {
        self.blow().is_some()
    }

    /// Shakhàn 16.9.4: the target's Dodge check, if it tried one.
    pub fn dodge(&self) -> Option<&Check> {
        match &self.attempt {
            Attempt::Rolled { dodge, .. } => dodge.as_ref(),
            Attempt::Landed(_) | Attempt::CannotStrike(_) => None,
        }
    }

    /// What to apply to the target: one wound per area the blow did
    /// something to.
    pub fn wounds(&self) -> impl Iterator<Item = &Wound> {
        self.blow()
            .into_iter()
            .flat_map(|b| b.hits.iter().filter_map(|h| h.wound.as_ref()))
    }

    /// Equipment that was damaged, and how.
    pub fn equipment_damage(&self) -> impl Iterator<Item = (Equipment, EquipmentDamage)> {
        self.blow()
            .into_iter()
            .flat_map(|b| b.equipment.iter())
            .filter_map(|c| c.damage.map(|(_, d)| (c.item, d)))
    }

    /// Shakhàn 16.9.4.1: whether the target's action under way is spoiled.
    pub fn action_spoiled(&self) -> bool {
        self.spoil.as_ref().is_some_and(Spoil::spoiled)
    }
}

/// Shakhàn 16.10: resolve one strike attempt of `striker` on `target`.
///
/// Steps: the Combat Differential (16.10 step 1; an aimed strike uses part of
/// the CF, 16.15.3), the Success Threshold with the Defending Modifier and
/// other modifiers (16.15.2, 16.9.3, 16.9.4.1), the d100 roll (01–02 always
/// strike, 99–00 always miss), then on a strike the location (16.15.3), a
/// raised shield (16.15.4), a penetration roll per area with the weapon's A
/// and the Strength modifier (16.15.4), damage (16.10 5b, concussion
/// 16.15.13.4–5), Critical Hits (16.15.5–10), equipment checks (`w`, `a`),
/// imbalance, and the spoiling of an action under way (16.9.4.1).
///
/// Never panics: every card, weapon, quality, body form, aim and option is
/// handled (scores and levels are taken to be of character-sheet size;
/// dice scripted too short panic, as everywhere).
pub fn resolve_strike(
    striker: &Striker,
    target: &Target,
    opts: &StrikeOptions,
    t: &Tables,
    dice: &mut Dice,
) -> StrikeReport {
    let cf = striking_cf(striker, opts, t);
    let defence_card = if target.mid_action.is_some() {
        Card::G
    } else {
        target.card
    };
    let differential = cf.used.saturating_sub(target.cf.0);
    let mut report = StrikeReport {
        striker: striker.name.clone(),
        target: target.name.clone(),
        card: striker.card,
        defence_card,
        cf,
        target_cf: target.cf,
        differential,
        attempt: Attempt::CannotStrike(t.actions.card(striker.card).strike),
        spoil: None,
    };
    let Some(base) = t.mcrt.to_hit(differential, striker.card) else {
        return report;
    };
    let threshold = threshold(base, differential, defence_card, target, striker, opts, t);
    let roll = dice.d100();
    let struck = t.mcrt.strikes(threshold.total, roll);
    let natural_rule = struck != (i32::from(roll.value()) <= threshold.total);
    // 16.9.4 "Dodge a blow": only a blow that strikes needs dodging.
    let dodge = target
        .dodge
        .filter(|_| struck)
        .map(|th| Check::roll(th, dice));
    let lands = struck && !dodge.as_ref().is_some_and(Check::passed);
    let blow = lands.then(|| Box::new(melee_blow(striker, target, opts, t, dice)));
    report.spoil = match target.mid_action {
        None => None,
        Some(MidAction::Defend) => Some(Spoil::Defended),
        Some(MidAction::Ignore) => blow.as_deref().map(|b| spoil(b, t, dice)),
    };
    report.attempt = Attempt::Rolled {
        threshold,
        roll,
        natural_rule,
        dodge,
        blow,
    };
    report
}

/// Shakhàn 16.13.8–9: a Critical Hit outside any strike (heat, cold, an
/// impact) on a randomly located area (`location_modifier`: +10 for falls,
/// 16.15.3), with the given concussion class.
pub fn hazard_critical(
    target: &Target,
    location_modifier: i32,
    concussion: crate::rulesets::shakhan::rules::tables::criticals::Concussion,
    t: &Tables,
    dice: &mut Dice,
) -> CriticalReport {
    let located = t.location.strike(target.body_form, location_modifier, dice);
    let area = located
        .areas
        .areas()
        .first()
        .copied()
        .unwrap_or(BodyArea::UpperBody);
    critical::resolve(area, concussion, target, t, dice)
}

/// Shakhàn 16.11: a blow that lands without a to-hit roll: location,
/// penetration (with `opts.penetration`), damage, criticals and equipment
/// checks as for any strike. No shield is raised against it (16.11: it is not
/// avoided by conventional melee tactics).
pub fn resolve_landed_blow(
    striker: &Striker,
    target: &Target,
    opts: &StrikeOptions,
    t: &Tables,
    dice: &mut Dice,
) -> StrikeReport {
    let unshielded = Target {
        shield: None,
        ..target.clone()
    };
    let blow = melee_blow(striker, &unshielded, opts, t, dice);
    StrikeReport {
        striker: striker.name.clone(),
        target: target.name.clone(),
        card: striker.card,
        defence_card: target.card,
        cf: striking_cf(striker, opts, t),
        target_cf: target.cf,
        differential: 0,
        attempt: Attempt::Landed(Box::new(blow)),
        spoil: None,
    }
}

/// Shakhàn 16.15.3: the CF an aimed strike is made with, rounded to the
/// nearest (16.4); the whole CF otherwise.
pub(crate) fn striking_cf(striker: &Striker, opts: &StrikeOptions, t: &Tables) -> StrikingCf {
    let aimed_percent = opts.aim.map(|_| {
        t.location
            .aimed_cf_percent(striker.martial_arts_level, opts.similar_body_form)
    });
    let used = match aimed_percent {
        Some(percent) => (f64::from(striker.cf.0) * f64::from(percent) / 100.0).round() as i32,
        None => striker.cf.0,
    };
    StrikingCf {
        cf: striker.cf,
        aimed_percent,
        used,
    }
}

/// Shakhàn 16.15.2, 16.9.4.1, 16.4.1.3: the basic threshold plus the
/// Defending Modifier, the helpless modifier and the plus to hit.
pub(crate) fn threshold(
    base: i32,
    differential: i32,
    defence_card: Card,
    target: &Target,
    striker: &Striker,
    opts: &StrikeOptions,
    t: &Tables,
) -> Threshold {
    let mut modifiers = vec![Modifier {
        source: Source::DefenceCard {
            defender: target.name.clone(),
            card: defence_card,
            mid_action: target.mid_action.is_some(),
        },
        value: t
            .mcrt
            .defending_modifier(differential, defence_card, opts.rout_modifier),
    }];
    if target.prone_or_helpless || target.mid_action == Some(MidAction::Ignore) {
        modifiers.push(Modifier {
            source: Source::Helpless {
                defender: target.name.clone(),
            },
            value: opts.helpless_modifier,
        });
    }
    if striker.to_hit_bonus != 0 {
        modifiers.push(Modifier::new("plus to hit", striker.to_hit_bonus));
    }
    let total = modifiers
        .iter()
        .fold(base, |sum, m| sum.saturating_add(m.value));
    Threshold {
        base,
        modifiers,
        total,
    }
}

/// Shakhàn 16.9.4.1: a struck target in mid-action loses it outright when
/// unbalanced, else on a d100 roll within 2D12+75.
pub fn spoil(blow: &Blow, t: &Tables, dice: &mut Dice) -> Spoil {
    let unbalanced = blow
        .hits
        .iter()
        .filter_map(|h| h.wound.as_ref())
        .any(|w| w.unbalanced > 0);
    spoil_when(unbalanced, t, dice)
}

/// Shakhàn 16.9.4.1: the spoiling of an action by a blow that landed,
/// outright when it unbalanced the target, else on the d100.
pub(crate) fn spoil_when(unbalanced: bool, t: &Tables, dice: &mut Dice) -> Spoil {
    if unbalanced {
        return Spoil::Unbalanced;
    }
    let chance = t.actions.mid_action_spoil_chance.resolve(1, 0).roll(dice);
    let roll = dice.d100();
    let spoiled = i32::from(roll.value()) <= chance.total;
    Spoil::Rolled {
        chance,
        roll,
        spoiled,
    }
}

/// Shakhàn 16.10 (5a–5b): a melee blow that landed: where, then the body.
fn melee_blow(
    striker: &Striker,
    target: &Target,
    opts: &StrikeOptions,
    t: &Tables,
    dice: &mut Dice,
) -> Blow {
    let location = locate(target, opts.aim, striker.dexterity, t, dice);
    let weapon = t.weapons.melee(striker.weapon);
    let grade = grade(weapon, striker.quality);
    let penetration_modifiers = penetration_modifiers(striker, opts, t);
    let swing = Swing {
        grade,
        concussion: weapon.concussion,
        critical: weapon.critical,
        composition_factor: weapon.composition_factor(),
        level: striker.level,
        die_choice: striker.die_choice,
        damage_factor: striker.damage_factor,
    };
    land(target, location, penetration_modifiers, &swing, t, dice)
}

/// Shakhàn 16.15.4: every modifier of a melee blow's penetration rolls: the
/// weapon's A for its quality, the striker's Strength, the options' further
/// ones and, when the target charged onto a set weapon, +15.
pub fn penetration_modifiers(striker: &Striker, opts: &StrikeOptions, t: &Tables) -> Vec<Modifier> {
    let weapon = t.weapons.melee(striker.weapon);
    let grade = grade(weapon, striker.quality);
    let mut modifiers = vec![
        Modifier {
            source: Source::Weapon {
                name: weapon.name.clone(),
                armour_mod: grade.armour_mod,
            },
            value: grade.armour_mod.at_level(striker.level),
        },
        Modifier {
            source: Source::Strength(striker.strength),
            value: t.protection.strength_modifier(striker.strength),
        },
    ];
    modifiers.extend(opts.penetration.iter().cloned());
    if opts.impaled {
        modifiers.push(Modifier {
            source: Source::Impaled,
            value: t.protection.impaled_modifier(),
        });
    }
    modifiers
}

/// Shakhàn 16.15.4, 16.10 (5b), 16.15.5–10: a blow that landed at `location`
/// meets the raised shield, then each area's armour: penetration with the
/// summed `penetration_modifiers`, damage, Critical Hits, equipment checks and
/// imbalance. Shared by melee strikes and missiles (16.12.1), which differ
/// only in how they land and in their modifiers.
pub fn land(
    target: &Target,
    location: LocationReport,
    penetration_modifiers: Vec<Modifier>,
    swing: &Swing<'_>,
    t: &Tables,
    dice: &mut Dice,
) -> Blow {
    let modifier = penetration_modifiers
        .iter()
        .fold(0i32, |sum, m| sum.saturating_add(m.value));
    Ctx { target, t }.blow(location, penetration_modifiers, modifier, swing, dice)
}

/// Shakhàn 16.15.3: an aimed strike lands where aimed on Dexterity × 5,
/// else (and always without aim) the Strike Location Table is rolled.
pub(crate) fn locate(
    target: &Target,
    aim: Option<BodyArea>,
    dexterity: f64,
    t: &Tables,
    dice: &mut Dice,
) -> LocationReport {
    let form = target.body_form;
    let aimed = aim.map(|area| {
        let threshold = t.location.aimed_location_threshold(dexterity);
        let has_area =
            Percentile::all().any(|p| t.location.roll_area(form, p) == Location::Area(area));
        let roll = has_area.then(|| dice.d100());
        AimCheck {
            area,
            threshold,
            roll,
            landed: roll.is_some_and(|r| i32::from(r.value()) <= threshold),
        }
    });
    match aimed {
        Some(check) if check.landed => LocationReport {
            aimed,
            table: None,
            areas: vec![check.area],
        },
        _ => {
            let table = t.location.strike(form, 0, dice);
            LocationReport {
                aimed,
                areas: table.areas.areas().to_vec(),
                table: Some(table),
            }
        }
    }
}

/// What every step of a blow reads.
struct Ctx<'a> {
    target: &'a Target,
    t: &'a Tables,
}

impl Ctx<'_> {
    fn blow(
        &self,
        location: LocationReport,
        penetration_modifiers: Vec<Modifier>,
        modifier: i32,
        swing: &Swing<'_>,
        dice: &mut Dice,
    ) -> Blow {
        let mut equipment = Vec::new();
        let shield = self
            .target
            .shield
            .map(|s| self.raise_shield(&s, swing, modifier, dice, &mut equipment));
        let mut hits = Vec::new();
        if shield.is_none_or(|s| s.reaches_body) {
            // A shield raised too late unbalances by 1; the first area carries it.
            let mut extra = match shield {
                Some(s) if !s.raised => self.t.protection.shield_failed_unbalanced(),
                _ => 0,
            };
            for &area in &location.areas {
                hits.push(self.hit_area(area, swing, modifier, extra, dice, &mut equipment));
                extra = 0;
            }
        }
        Blow {
            location,
            penetration_modifiers,
            shield,
            hits,
            equipment,
        }
    }

    /// Shakhàn 16.15.4: raise the shield; if raised, roll against it first,
    /// where only `p`, `w` and `a` count and any of them lets the blow on.
    fn raise_shield(
        &self,
        shield: &ShieldUse,
        swing: &Swing<'_>,
        modifier: i32,
        dice: &mut Dice,
        equipment: &mut Vec<EquipmentCheck>,
    ) -> ShieldReport {
        let roll = dice.d100();
        let raised = i32::from(roll.value()) <= shield.check;
        if !raised {
            return ShieldReport {
                check: shield.check,
                roll,
                raised,
                penetration: None,
                reaches_body: true,
            };
        }
        let penetration = self.t.protection.resolve(shield.apv, dice.d100(), modifier);
        let hit = penetration.result.against_shield();
        if hit.shield_check {
            let factor = shield.material.composition_factor();
            equipment.push(self.equipment_check(Equipment::Shield, factor, dice));
        }
        if hit.weapon_check {
            equipment.extend(self.weapon_check(swing, dice));
        }
        ShieldReport {
            check: shield.check,
            roll,
            raised,
            penetration: Some(penetration),
            reaches_body: hit.check_body,
        }
    }

    /// Shakhàn 16.15.4, 16.10 (5b), 16.15.5–10: the penetration roll on one
    /// area and all that follows from it.
    fn hit_area(
        &self,
        area: BodyArea,
        swing: &Swing<'_>,
        modifier: i32,
        extra_unbalanced: u8,
        dice: &mut Dice,
        equipment: &mut Vec<EquipmentCheck>,
    ) -> AreaHit {
        let apv = self.target.apv[area as usize];
        let penetration = self.t.protection.resolve(apv, dice.d100(), modifier);
        let result = penetration.result;
        if result.outcome == PenetrationOutcome::NoDamageWeaponCheck {
            equipment.extend(self.weapon_check(swing, dice));
        }
        let armour = self.target.armour[area as usize].filter(|_| result.armour_check);
        if let Some(material) = armour {
            let factor = material.composition_factor();
            equipment.push(self.equipment_check(Equipment::Armour(area), factor, dice));
        }
        let damage = self.damage(result.penetrated(), swing, dice);
        let critical = result
            .critical
            .then(|| critical::resolve(area, swing.critical, self.target, self.t, dice));
        let unbalanced = result.unbalanced.saturating_add(extra_unbalanced);
        let points = damage.as_ref().map_or(0, |d| d.damage);
        let wound = (points > 0 || unbalanced > 0 || critical.is_some()).then(|| {
            let damage_pain = f64::from(points) * self.t.morale.pain.pain_per_damage;
            Wound {
                area,
                damage: points,
                pain: damage_pain + critical.as_ref().map_or(0.0, |c| c.pain),
                unbalanced,
                bleeding: critical.as_ref().and_then(|c| c.bleed),
                critical: critical.as_ref().map(CriticalReport::wound),
            }
        });
        AreaHit {
            area,
            apv,
            penetration,
            damage,
            critical,
            wound,
        }
    }

    /// Shakhàn 16.10 (5b), 16.15.13.4–5: the weapon's dice on a penetration;
    /// without one, a concussion weapon's fraction of them, rounded down.
    fn damage(&self, penetrated: bool, swing: &Swing<'_>, dice: &mut Dice) -> Option<DamageRoll> {
        let concussion = match (penetrated, swing.concussion) {
            (true, _) => None,
            (false, Concussion::None) => return None,
            (false, c) => Some(c),
        };
        let rolled = swing
            .grade
            .damage
            .resolve(swing.level, swing.die_choice)
            .roll(dice);
        // A damaged weapon's share of the dice, rounded down (16.15.4 `w`).
        let full = (f64::from(rolled.total.max(0)) * swing.damage_factor).floor() as i32;
        let damage = match concussion {
            Some(c) => (f64::from(full) * c.fraction()).floor() as i32,
            None => full,
        };
        Some(DamageRoll {
            rolled,
            concussion,
            damage,
        })
    }

    /// Shakhàn 16.15.4 `w`: a check on the striker's weapon, if it has a
    /// surface that can be damaged (body weaponry and spells have none).
    fn weapon_check(&self, swing: &Swing<'_>, dice: &mut Dice) -> Option<EquipmentCheck> {
        let factor = swing.composition_factor?;
        Some(self.equipment_check(Equipment::Weapon, factor, dice))
    }

    /// Shakhàn 16.15.4 `w` / `a`: damaged on d100 ≤ 100 − composition factor,
    /// then the damage sub-table.
    fn equipment_check(&self, item: Equipment, factor: u32, dice: &mut Dice) -> EquipmentCheck {
        let apt = &self.t.protection;
        let chance = apt.equipment_damage_threshold(i32::try_from(factor).unwrap_or(i32::MAX));
        let roll = dice.d100();
        let damage = (i32::from(roll.value()) <= chance).then(|| {
            let sub = dice.d100();
            let result = match item {
                Equipment::Weapon => apt.weapon_damage(sub),
                Equipment::Shield | Equipment::Armour(_) => apt.armour_damage(sub),
            };
            (sub, result)
        });
        EquipmentCheck {
            item,
            composition_factor: factor,
            chance,
            roll,
            damage,
        }
    }
}

/// What strikes in a blow: a melee weapon swung, or a missile (16.12.1).
#[derive(Debug, Clone, Copy)]
pub struct Swing<'a> {
    /// D and A for the weapon's quality.
    pub grade: &'a WeaponGrade,
    /// Shakhàn 16.15.13.4–5: damage done through unpenetrated armour.
    pub concussion: Concussion,
    /// Shakhàn 16.15.4 `c`: the Critical Hit roll's concussion class.
    pub critical: CriticalConcussion,
    /// Shakhàn 16.15.4 `w`: the surface a `w` result may damage; `None`
    /// where nothing is checked.
    pub composition_factor: Option<u32>,
    /// Level or Magnitude for `pl`/`pm` dice, and the die of a choice.
    pub level: u32,
    pub die_choice: usize,
    /// What an earlier `w` check left of the damage factor.
    pub damage_factor: f64,
}

/// Shakhàn 16.15.13: the weapon's D and A for its quality; classes the book
/// gives as "na" (natural attacks, spells) use Usual, as the tequip rulings say.
pub fn grade(weapon: &MeleeWeapon, quality: Quality) -> &WeaponGrade {
    weapon
        .grade(quality)
        .or_else(|| weapon.grade(Quality::Usual))
        .or_else(|| Quality::ALL.iter().find_map(|q| weapon.grade(*q)))
        .expect("every weapon has at least one quality class (checked at load)")
}
