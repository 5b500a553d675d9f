//! The battle's state: the figures as they stand, the round and its phase.

use std::sync::Arc;

use super::command::{Defence, Intent};
use super::event::{Event, Limb};
use crate::dice::Dice;
use crate::hex::Pose;
use crate::rulesets::runemaster::rules::tables::Weapon;
use crate::rulesets::runemaster::scenario::{Setup, Sheet};

/// How a figure stands in the fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Condition {
    Fighting,
    /// Serious Wound to the chest: collapsed, conscious, unable to act.
    Collapsed,
    /// House: damage at least HP.
    Shock,
    /// Head wound, stun or house: damage at least twice HP.
    Unconscious,
    /// House: damage at least five times HP.
    Dead,
}

/// A figure as it stands now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fig {
    pub pose: Pose,
    pub condition: Condition,
    /// Damage taken (wounds and blood), and stun.
    pub damage: u32,
    pub stun: u32,
    /// Bleeding, in quarter levels; SRs since it began; quarter points lost
    /// not yet whole; whole points lost to blood.
    pub bleeding: u32,
    pub bled_for: u32,
    pub blood_quarters: u32,
    pub blood_lost: u32,
    pub prone: bool,
    /// Serious Wounds that keep their effect all battle: to the head
    /// (unconscious) and the chest (collapsed).
    pub head_wound: bool,
    pub chest_wound: bool,
    /// A leg or abdomen wound: cannot stand.
    pub cannot_stand: bool,
    pub off_balance: bool,
    pub no_dodge: bool,
    pub wide_open: bool,
    pub weapon_lost: bool,
    pub regrip: bool,
    pub shield_lost: bool,
    pub shield_hp: u32,
    /// Fumble strain points per limb (right leg, left leg, right arm, left arm).
    pub limbs: [u32; 4],
    /// Parries made this round (the first at full chance).
    pub parries: u32,
    /// Lunged this round: later defences at -25.
    pub lunged: bool,
}

impl Fig {
    pub fn able(&self) -> bool {
        self.condition == Condition::Fighting
    }

    pub fn limb(&self, limb: Limb) -> u32 {
        self.limbs[limb as usize]
    }
}

/// What the round waits for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// Intents: the figures still to declare, in order.
    Intent(Vec<usize>),
    /// Defences: (target, attacker) still to declare.
    Defence(Vec<(usize, usize)>),
    Over,
}

/// A Rune Master battle.
#[derive(Debug, Clone)]
pub struct Battle {
    pub(super) setup: Arc<Setup>,
    pub(super) figs: Vec<Fig>,
    pub(super) round: u32,
    pub(super) phase: Phase,
    /// This round's intents (sealed until all are in) and declared defences.
    pub(super) intents: Vec<Option<Intent>>,
    pub(super) defences: Vec<(usize, usize, Defence)>,
    pub(super) dice: Dice,
    pub(super) events: Vec<Event>,
    pub(super) keep_log: bool,
    pub(super) winner: Option<Option<crate::seam::SideId>>,
}

impl Battle {
    pub fn setup(&self) -> &Setup {
        &self.setup
    }
    pub fn sheet(&self, i: usize) -> &Sheet {
        &self.setup.figures[i]
    }
    pub fn figs(&self) -> &[Fig] {
        &self.figs
    }
    pub fn round(&self) -> u32 {
        self.round
    }
    pub fn intent(&self, i: usize) -> Option<Intent> {
        self.intents[i]
    }

    /// The weapon a figure strikes with now: its own, or bare hands once it
    /// is gone (house pack's "Fist").
    pub fn weapon(&self, i: usize) -> (&Weapon, i32) {
        let sheet = self.sheet(i);
        let f = &self.figs[i];
        if f.weapon_lost {
            (self.setup.house.bare_hands(), sheet.brawl)
        } else {
            (&sheet.weapon, sheet.weapon_skill)
        }
    }

    /// Whether `i` can use its shield.
    pub fn has_shield(&self, i: usize) -> bool {
        let f = &self.figs[i];
        self.sheet(i).shield.is_some() && !f.shield_lost && f.shield_hp > 0
    }

    /// Hexes between two figures.
    pub fn distance(&self, a: usize, b: usize) -> u32 {
        self.figs[a].pose.hex.distance(self.figs[b].pose.hex)
    }

    /// Who stands in a hex.
    pub fn at(&self, hex: crate::hex::Hex) -> Option<usize> {
        self.figs
            .iter()
            .position(|f| f.pose.hex == hex && f.condition != Condition::Dead)
    }
}
