//! A Shakhàn character sheet (16.1) and the combat factors derived from it
//! (16.3–16.8, 16.14.4).

mod factors;
mod quantities;

pub use factors::{
    ArmourProblem, CfModifier, Factors, MissileWeaponFactor, WeaponFactor, derive, derive_with,
    gauntleted_dexterity,
};
pub use quantities::{ActionPoints, CombatFactor, MissileFactor, MovementAllowance};

use std::sync::Arc;

use serde::Serialize;

use super::tables::armour::{
    ArmourMaterial, ArmourPiece, BodySize, NeckGuard, ShieldMaterial, ShieldSize,
};
use super::tables::character::Occupation;
use super::tables::weapons::{MissileKind, WeaponKind};
use super::{BodyForm, Quality};
use crate::hex::ZoneShape;

/// Requisite scores (Book A), as the combat rules use them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Requisites {
    pub agility: i32,
    pub strength: i32,
    pub dexterity: i32,
    pub constitution: i32,
    pub willpower: i32,
    /// Day Vision.
    pub vision: i32,
    /// Night Vision; the Day Vision score when not given.
    pub night_vision: i32,
    pub magic_resistance: i32,
}

/// One occupation and the Experience Level reached in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct OccupationLevel {
    pub occupation: Occupation,
    pub level: u32,
}

/// A melee weapon carried, with the figure's training on it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MeleeLoadout {
    pub kind: WeaponKind,
    pub quality: Quality,
    /// Weapon Training Bonuses earned with this weapon (16.4.1.2): a count,
    /// each worth the occupation's schedule points.
    pub training: u32,
    /// Magic Bonus to CF (16.4.1.3); may be negative for cursed weapons.
    pub magic: i32,
    /// "Plus to hit" (16.4.1.3): added to the Success Threshold, not the CF.
    pub plus_to_hit: i32,
    /// A second weapon wielded with it as a doubled combination (16.4.1.7).
    pub paired_with: Option<(WeaponKind, Quality)>,
}

/// What a missile loadout launches or throws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum MissileSource {
    Launcher(MissileKind),
    /// A melee weapon thrown (16.15.14 thrown projectiles).
    Thrown(WeaponKind),
}

/// A missile weapon carried, with Marksmanship training and ammunition.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MissileLoadout {
    pub source: MissileSource,
    pub quality: Quality,
    /// Marksmanship Bonuses earned with this weapon (16.5): a count.
    pub training: u32,
    /// Launcher and projectile Magic Bonuses together (16.5, cumulative).
    pub magic: i32,
    pub ammunition: u32,
}

/// A piece of armour worn.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ArmourWorn {
    pub piece: ArmourPiece,
    pub material: ArmourMaterial,
    pub quality: Quality,
    /// The body size it was made for; the wearer's own size when not given.
    pub fits: Option<BodySize>,
    /// Helmets only: how much of the neck it guards (16.15.12.3).
    pub neck: NeckGuard,
}

/// A shield carried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ShieldCarried {
    pub material: ShieldMaterial,
    pub size: ShieldSize,
    pub quality: Quality,
}

/// Everything the combat rules need to know about one character.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Character {
    /// Shared, not copied, by every strike report that names it.
    pub name: Arc<str>,
    pub body_form: BodyForm,
    pub body_size: BodySize,
    /// Primary occupation first: it alone governs CF, MSF and Level Modifiers.
    pub occupations: Vec<OccupationLevel>,
    pub requisites: Requisites,
    pub height_m: f64,
    pub weight_kg: f64,
    /// Burden beyond armour, shield and weapons (pack, loot), for
    /// encumbrance (16.8.1).
    pub carried_kg: f64,
    /// Every weapon carried, melee, missile and thrown, for encumbrance
    /// (16.8.1 counts weapons; their weights come from the scenario).
    pub weapons_kg: f64,
    /// Martial Arts skill level (16.10.4, 16.15.3 aimed strikes).
    pub martial_arts_level: u32,
    /// Natural armour (hide, scales) as an APV in every area (16.15.4 columns).
    pub hide_apv: u32,
    /// Shakhàn 16.10.2: the front three hexes, or all round for the creatures
    /// whose description gives them a zone surrounding them.
    pub strike_zone: ZoneShape,
    /// Shakhàn 16.10.3: a fan in front, or 360 degrees.
    pub missile_zone: ZoneShape,
    pub weapons: Vec<MeleeLoadout>,
    pub missile_weapons: Vec<MissileLoadout>,
    pub armour: Vec<ArmourWorn>,
    pub shield: Option<ShieldCarried>,
    /// Fatigue Point Reserve given outright, else derived (16.6, 16.14.4).
    pub fpr: Option<i32>,
    /// Body Damage Reserve given outright, else derived (16.7, 16.14.4).
    pub bdr: Option<i32>,
}

impl Character {
    /// The primary occupation and its level (16.4.1: it governs CF and MSF).
    pub fn primary(&self) -> OccupationLevel {
        self.occupations
            .first()
            .copied()
            .unwrap_or(OccupationLevel {
                occupation: Occupation::Commoner,
                level: 1,
            })
    }
}
