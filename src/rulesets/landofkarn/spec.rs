//! What a Land of Karn battle is built from, checked: the map, the sides,
//! each figure's numbers and gear from the data pack, and the GM's numbers.
//! The scenario file makes one ([`super::scenario`]); the engine reads only this.

use std::sync::Arc;

use super::rules::tables::{Armour, Pack, Weapon};
use super::rules::terms::{Bonus, Points};
use crate::hex::{HexMap, Pose};
use crate::seam::SideId;

#[derive(Debug, Clone, PartialEq)]
pub struct SideSpec {
    pub name: String,
}

/// One figure as the battle begins with it. The numbers the basic rules
/// derive from characteristics (not given in the text) are given outright.
#[derive(Debug, Clone, PartialEq)]
pub struct FigureSpec {
    pub name: String,
    pub side: SideId,
    pub pose: Pose,
    /// Full melee actions (1 untrained to 3 highly trained).
    pub actions: u8,
    /// Added to the initiative d20.
    pub initiative: Bonus,
    /// ALT: breaks initiative ties.
    pub alt: i32,
    pub hp: Points,
    pub sp: Points,
    /// To strike, to parry or block, to dodge.
    pub strike: Bonus,
    pub parry: Bonus,
    pub dodge: Bonus,
    /// May counterattack when defending ("3. Defender Chooses …").
    pub counterstrike: bool,
    /// Natural armour against every damage type ("Armor And Clothing").
    pub natural_armour: i32,
    pub armour: Option<Armour>,
    /// In hand first, the rest carried; bare hands when none.
    pub weapons: Vec<Weapon>,
}

/// The GM's numbers a scenario may set ("left to the GM").
#[derive(Debug, Clone, PartialEq)]
pub struct GmNumbers {
    /// "Pierce (P)": the chance, in percent, that pierce damage through
    /// armour is a critical ("usually 25%").
    pub pierce_critical: u8,
}

/// A checked battle.
#[derive(Debug, Clone)]
pub struct BattleSpec {
    pub map: Arc<HexMap>,
    pub sides: Vec<SideSpec>,
    pub figures: Vec<FigureSpec>,
    /// The data pack the weapons and armour came from.
    pub pack: Arc<Pack>,
    /// Where the pack came from: the house file or the referee's.
    pub pack_file: String,
    pub gm: GmNumbers,
    /// Faces a worked example rolled, rolled before the seeded dice.
    pub dice: Vec<u32>,
}

impl BattleSpec {
    /// The hand-to-hand "weapon" every figure has: the pack's `Fists`.
    pub fn fists(&self) -> &Weapon {
        self.pack.weapon(FISTS).expect("a checked pack has Fists")
    }
}

/// The name a pack gives bare hands; every pack must have it.
pub const FISTS: &str = "Fists";
