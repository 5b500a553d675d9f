//! What the engine tells: every die is in the events, so applying them
//! rolls none.

use serde::Serialize;

use super::command::{Defence, Intent};
use crate::hex::{Hex, Pose};
use crate::rulesets::runemaster::rules::success::Level;
use crate::rulesets::runemaster::rules::tables::Fumble;
use crate::rulesets::runemaster::rules::terms::Location;
use crate::seam::SideId;

/// A limb a fumble hurts (Fumble Table: 1d4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Limb {
    RightLeg,
    LeftLeg,
    RightArm,
    LeftArm,
}

/// A modifier to a chance and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Part {
    pub why: &'static str,
    pub value: i32,
}

/// A roll against a chance built from its parts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Roll {
    pub skill: i32,
    pub parts: Vec<Part>,
    /// Halved after all other modifiers (a later parry, morale).
    pub notes: Vec<&'static str>,
    pub chance: i32,
    pub roll: u8,
    pub level: Level,
}

/// One figure's share of what a blow or a fumble did; applied without dice.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Harm {
    pub figure: usize,
    pub damage: u32,
    pub stun: u32,
    /// Quarter levels of bleeding added.
    pub bleeding: u32,
    /// Serious Wound: where.
    pub wound: Option<Location>,
    pub falls: bool,
    pub off_balance: bool,
    pub no_dodge: bool,
    pub wide_open: bool,
    pub drops_weapon: bool,
    pub drops_shield: bool,
    pub regrip: bool,
    /// Strain points added to a limb (strain 1, sprain 2, torn 4, out 8).
    pub limb: Option<(Limb, u32)>,
    pub shield_hp_lost: u32,
    pub pushed_to: Option<Hex>,
}

/// The damage of a blow, step by step.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct DamageSteps {
    /// Each roll of the weapon's dice.
    pub rolls: Vec<i32>,
    pub rolled: u32,
    /// A special parry's deflection halved it.
    pub deflected: bool,
    pub parried: u32,
    /// (stopped by the shield, through it, shield arm hit on the 2-in-6).
    pub blocked: Option<(u32, u32)>,
    pub shield_arm: Option<u32>,
    pub armour: u32,
    pub stun: u32,
    /// Tear special: doubled after reductions.
    pub doubled: bool,
    pub location_roll: Option<u32>,
    pub capped: Option<u32>,
    pub taken: u32,
}

/// One attack and everything that followed from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Strike {
    pub attacker: usize,
    pub target: usize,
    pub sr: i32,
    pub weapon: String,
    pub lunge: bool,
    pub attack: Roll,
    pub defence: Defence,
    /// The defence's roll, or why none was made.
    pub defended: Result<Roll, &'static str>,
    /// The attack's level after the defence.
    pub level: Level,
    /// The blow fell on the shield though the attack missed (Attack, Shield).
    pub on_shield: bool,
    pub damage: Option<DamageSteps>,
    /// (knockback feet, resistance roll, chance, stays up).
    pub knockback: Option<(u32, Roll)>,
    pub fumbles: Vec<(u8, Fumble)>,
    /// Fumble rolls: (d4 limb or d20 characteristic rolls, self damage).
    pub fumble_dice: Vec<u32>,
    pub harms: Vec<Harm>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Event {
    RoundBegan {
        round: u32,
    },
    /// Rounds, Intent: a figure's declaration, sealed (the table view does
    /// not show it until all are revealed).
    Sealed {
        figure: usize,
        intent: Intent,
    },
    /// Every intent revealed together.
    Revealed {
        intents: Vec<(usize, Intent)>,
    },
    Declared {
        figure: usize,
        attacker: usize,
        defence: Defence,
    },
    /// Rounds, SR Shift.
    Shifted {
        figure: usize,
        face: u32,
        adjust: i32,
    },
    /// An attack's SR, part by part; `lands` below 1 does not happen.
    Timed {
        figure: usize,
        target: usize,
        base: i32,
        skill: i32,
        reach: i32,
        against: i32,
        shift: i32,
        lunge: bool,
        lands: i32,
    },
    Moved {
        figure: usize,
        sr: i32,
        from: Pose,
        to: Pose,
    },
    /// The attack does not happen, and why.
    NoAttack {
        figure: usize,
        sr: i32,
        why: &'static str,
        /// The action went to regaining the grip.
        regrip: bool,
    },
    Struck(Box<Strike>),
    /// Book Keeping: blood lost (whole points) and stun recovered.
    Kept {
        figure: usize,
        blood: u32,
        quarters: u32,
        stun_recovered: u32,
    },
    Ended {
        winner: Option<SideId>,
    },
}
