//! A Land of Karn battle's state: its figures as they stand and where the
//! melee is in the quick chart. Only `apply` changes it.

use serde::Serialize;

use super::command::{Cover, Plan};
pub use super::event::Standing;
use crate::rulesets::landofkarn::rules::roll::Total;
use crate::rulesets::landofkarn::rules::terms::Points;
use crate::rulesets::landofkarn::spec::FigureSpec;
use crate::seam::FigureId;

/// Where the weapon in hand is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Grip {
    Held,
    /// At the figure's feet ("Dropped Weapon"): a full action picks it up.
    Dropped,
    /// Off a way ("Flung Weapon"): gone for this fight; fists from now on.
    Flung,
}

/// One figure as it stands.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Figure {
    #[serde(skip)]
    pub spec: FigureSpec,
    pub hp: Points,
    pub sp: Points,
    pub standing: Standing,
    /// Damage rolled this melee, taken when it ends ("6. Roll and apply damage").
    pub pending_hp: i32,
    pub pending_sp: i32,
    /// Lasting penalties taken when the melee ends (Deep Tissue Damage).
    pub pending_combat: i32,
    /// "Bad Miss": on the next melee action only.
    pub next_action: i32,
    /// "All Turned Around": -1 on all rolls through this melee number.
    pub turned_through: u32,
    /// Lasting penalty on every combat roll (Overexerted Self, Deep Tissue).
    pub combat: i32,
    pub grip: Grip,
    /// Damage the armour has taken ("Armor And Clothing").
    pub armour_damage: i32,
    /// Combat Skill Points earned by natural 20s this fight.
    pub csp: u32,
}

impl Figure {
    pub fn new(spec: &FigureSpec) -> Figure {
        Figure {
            spec: spec.clone(),
            hp: spec.hp,
            sp: spec.sp,
            standing: Standing::Up,
            pending_hp: 0,
            pending_sp: 0,
            pending_combat: 0,
            next_action: 0,
            turned_through: 0,
            combat: 0,
            grip: Grip::Held,
            armour_damage: 0,
            csp: 0,
        }
    }

    pub fn name(&self) -> &str {
        &self.spec.name
    }

    pub fn is_up(&self) -> bool {
        self.standing == Standing::Up
    }

    /// Whether its armour still protects (it has hit points left).
    pub fn armour_holds(&self) -> bool {
        self.spec
            .armour
            .as_ref()
            .is_some_and(|a| self.armour_damage < i32::from(a.hp))
    }
}

/// Where the melee is in the quick chart.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Step {
    /// Step 1: each figure of the pairing says whether it rolls (`Some(true)`: forfeits).
    Initiative {
        forfeits: Vec<Option<bool>>,
    },
    /// Step 2.
    Attack,
    /// Step 3.
    Defend,
    /// Step 4.
    Answer,
    Over,
}

/// The pairing this melee and what each side of it chose.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Melee {
    /// The pairing's figures, in scenario order.
    pub pair: Vec<FigureId>,
    pub winner: Option<FigureId>,
    pub defender: Option<FigureId>,
    pub attack: Plan,
    pub defence: Plan,
    pub covers: Vec<Cover>,
    /// The dodge rolled this melee, by figure: every later attack meets it.
    pub dodged: Vec<(FigureId, Total)>,
}

/// A Land of Karn battle: asked (`prompt`), answered (`submit`), told
/// (`events`); `apply` is the only code that changes it.
#[derive(Debug, Clone)]
pub struct Battle {
    pub(super) spec: std::sync::Arc<crate::rulesets::landofkarn::spec::BattleSpec>,
    pub(super) figures: Vec<Figure>,
    pub(super) melee: u32,
    pub(super) step: Step,
    pub(super) current: Melee,
    pub(super) dice: crate::dice::Dice,
    pub(super) events: Vec<super::event::Event>,
    /// Where this submit's events begin.
    pub(super) mark: usize,
    pub(super) keep_log: bool,
    pub(super) outcome: Option<Option<crate::seam::SideId>>,
}
