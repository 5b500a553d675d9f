//! The typed battle spec of a DragonQuest scenario: sides, figures, their
//! weapons, shields and mounts, as the scenario body turns them out and the
//! engine starts from (`BattleSpec::check`, in the engine). It stands below
//! both; the engine never reads the scenario, and a checked scenario carries
//! the figures the engine's check made.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::hex::{HexMap, Pose};
use crate::rulesets::dragonquest::rules::tables::modifiers::Lighting;
use crate::rulesets::dragonquest::rules::{Rank, Tmr};
use crate::seam::SideId;

/// DragonQuest 30: the beast a figure rides (rider and mount are one figure).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mount {
    pub name: String,
    /// The figure's TMR while mounted.
    pub tmr: Tmr,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideSpec {
    pub name: String,
    pub leader: Option<usize>,
    /// The Leader's Military Scientist Rank, added to his Initiative roll.
    pub military_scientist: Option<Rank>,
}

/// A weapon a figure carries, and its Rank with it (`None`: unranked).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeaponSpec {
    pub name: String,
    pub rank: Option<Rank>,
    /// A (1–2) weapon wielded in both hands (27.2: +1 damage).
    pub two_handed: bool,
    /// A Missile Weapon loaded before the fight (27.2 note G).
    pub loaded: bool,
}

/// A shield, slung on the back unless `prepared` (24.5 note).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShieldSpec {
    pub name: String,
    pub rank: Option<Rank>,
    pub prepared: bool,
}

/// One figure, as its Character Record gives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FigureSpec {
    pub name: String,
    pub side: SideId,
    pub pose: Pose,
    pub ps: u8,
    pub md: u8,
    pub ag: u8,
    pub pc: u8,
    pub wp: u8,
    /// Endurance and Fatigue characteristics.
    pub endurance: u8,
    pub fatigue: u8,
    /// 18.2: Fatigue lost before the fight.
    pub fatigue_lost: u8,
    /// 21.1: given outright (rule 5.6's chart is not in the text).
    pub tmr: Tmr,
    /// 156.9 (not in the text): Agility lost to weight carried.
    pub carried_ag_loss: u8,
    pub armour: Option<String>,
    pub shield: Option<ShieldSpec>,
    pub weapons: Vec<WeaponSpec>,
    /// The weapons in hand at the start, by their place in `weapons`.
    pub prepared: Vec<usize>,
    /// 28: Rank in Unarmed Combat.
    pub unarmed_rank: Option<Rank>,
    /// 29: the hexes it fills (1, or a monster's 2 to 4); a monster's
    /// `pose.facing` names the hexside left of the corner its head faces.
    pub size: u8,
    /// 30: the mount it rides.
    pub mount: Option<Mount>,
    /// A monster, not a person: 26's note on monsters that never fall
    /// unconscious reads it.
    #[serde(default)]
    pub monster: bool,
}

/// A whole battle.
#[derive(Debug, Clone)]
pub struct BattleSpec {
    pub map: Arc<HexMap>,
    pub sides: Vec<SideSpec>,
    pub figures: Vec<FigureSpec>,
    /// 18.1: the side that has surprised the other, if any.
    pub surprise: Option<SideId>,
    /// 24.8: the light the fight is in (`None`: daylight).
    pub lighting: Option<Lighting>,
    /// 25.5 (optional rule): +1 damage a full 5 PS over a weapon's minimum,
    /// and the weapon breaks 6 faces sooner for each.
    pub strength_damage: bool,
    /// The Alusia campaign's loading rule (21.7, 22.3, note G).
    pub alusia_loading: bool,
    /// A worked example's dice, rolled before the seeded ones
    /// ([`Dice::book`](crate::dice::Dice::book)); empty for a battle of
    /// the seed alone.
    pub dice: Vec<u32>,
}

/// Why a spec cannot make a battle: the figure (or side) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{what}: {why}")]
pub struct SpecError {
    pub what: String,
    pub why: String,
}

pub(super) fn err<T>(what: impl Into<String>, why: impl Into<String>) -> Result<T, SpecError> {
    Err(SpecError {
        what: what.into(),
        why: why.into(),
    })
}
