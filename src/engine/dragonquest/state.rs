//! A DragonQuest figure's state in battle, and what is derived from it.

use serde::{Deserialize, Serialize};

use super::event::ActionKind;
use crate::engine::{FigureId, SideId};
use crate::hex::{Hex, Pose};
use crate::rules::dragonquest::damage::Standing;
use crate::rules::dragonquest::figure::{modified_ag, modified_md};
use crate::rules::dragonquest::initiative::initiative_value;
use crate::rules::dragonquest::tables::armour::Shield;
use crate::rules::dragonquest::tables::grievous::{Bleeding, Until};
use crate::rules::dragonquest::tables::tables;
use crate::rules::dragonquest::tables::weapons::{Weapon, WeaponId};
use crate::rules::dragonquest::{InitiativeValue, Rank, Tmr};

/// Where a carried thing is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ItemState {
    /// On the figure (in hand if listed in its hands).
    Carried,
    /// On the ground in that hex (24.3, 26), or lodged in a figure there.
    Dropped(Hex),
    /// 24.3: useless.
    Broken,
}

/// A weapon a figure owns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    pub weapon: WeaponId,
    pub rank: Option<Rank>,
    /// Takes both hands: a (2) weapon, or a (1–2) one wielded so.
    pub two_handed: bool,
    pub state: ItemState,
    /// 27.2 note G: a Missile Weapon ready to fire.
    pub loaded: bool,
    /// Consecutive Pass actions spent loading so far.
    pub loading: u8,
}

/// A figure's shield.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeldShield {
    /// Its row in the 24.5 Shield Table.
    pub index: usize,
    pub rank: Option<Rank>,
    pub prepared: bool,
    pub state: ItemState,
}

/// One figure in a DragonQuest battle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figure {
    pub id: FigureId,
    pub name: String,
    pub side: SideId,
    pub pose: Pose,
    pub ps: u8,
    pub md: u8,
    pub ag: u8,
    pub pc: u8,
    pub wp: u8,
    pub endurance_max: u8,
    pub fatigue_max: u8,
    pub tmr: Tmr,
    pub carried_ag_loss: u8,
    /// Fatigue and Endurance left.
    pub fatigue: u32,
    pub endurance: u32,
    pub standing: Standing,
    pub stunned: bool,
    pub prone: bool,
    /// Its side broke and left the fight.
    pub routed: bool,
    pub weapons: Vec<Held>,
    /// Weapons in hand, primary hand first.
    pub hands: Vec<usize>,
    pub unarmed_rank: Option<Rank>,
    pub shield: Option<HeldShield>,
    /// Its row in the 25.1 Armor Table.
    pub armour: Option<usize>,
    /// The armour's Protection, less 2 a Grievous Injury (25.3).
    pub protection: u8,
    /// Agility, MD and TMR lost to lodged weapons and injuries (25.7, 27.4).
    pub ag_loss: u8,
    pub md_loss: u8,
    pub tmr_loss: u8,
    /// 27.4: each lodged weapon's Agility loss and the modifier of the
    /// D10 its drawing out costs.
    pub lodged: Vec<(u8, i32)>,
    /// 19.5: the action it is taken to be performing.
    pub action: Option<ActionKind>,
    /// Whether that action moved it (24.8: a moving target).
    pub moving: bool,
    /// It has taken its action this Pulse.
    pub acted: bool,
    /// It was engaged when this Pulse's engagements were formed (19.4).
    pub engaged: bool,
    /// 24.4: Parried last Pulse, it must Pass.
    pub must_pass: bool,
    /// 25.7: the injuries suffered, by the table's labels.
    pub injuries: Vec<String>,
    /// 25.7: wounds that bleed a point a Pulse.
    pub bleeding: Vec<Bleeding>,
    /// 23.5 Entangle: the consecutive Passes still needed to be free (0: not entangled).
    pub entangled: u8,
    /// 23.5 Restrain: pinned by this figure, and so incapacitated.
    pub restrained_by: Option<FigureId>,
    /// 22.3: combining two actions: the first is being chosen.
    pub combining: bool,
    /// 22.3: the first of two combined actions is done; the second is due.
    pub second_action: bool,
    /// 31: damage got through in this fight (a wound that may infect).
    pub wounded: bool,
    /// 31: what each Grievous Injury adds to the chance of infection.
    pub infection_risks: Vec<u8>,
    /// 31: infected, found by the check at the end of the fight.
    pub infected: bool,
}

impl Figure {
    /// Conscious and on the field (it may be Stunned or prone).
    pub fn is_up(&self) -> bool {
        self.standing == Standing::Conscious && !self.routed
    }

    /// Able to choose an action: up and not Stunned (22.4).
    pub fn can_act(&self) -> bool {
        self.is_up() && !self.stunned && self.restrained_by.is_none()
    }

    pub fn shield_row(&self) -> Option<&'static Shield> {
        self.shield
            .as_ref()
            .map(|s| &tables().armour.shields[s.index])
    }

    /// The prepared shield and the Rank with it (none: Rank 0 adds nothing).
    pub fn prepared_shield(&self) -> Option<(&'static Shield, Rank)> {
        let s = self.shield.as_ref()?;
        (s.prepared && s.state == ItemState::Carried)
            .then(|| (&tables().armour.shields[s.index], s.rank.unwrap_or(Rank(0))))
    }

    /// 16, 25.1: modified Agility, less what lodged weapons and injuries take.
    pub fn modified_ag(&self) -> u8 {
        let armour = self.armour.map(|a| &tables().armour.armour[a]);
        modified_ag(self.ag, armour, self.carried_ag_loss).saturating_sub(self.ag_loss)
    }

    /// 16, 24.5: modified Manual Dexterity, less injuries.
    pub fn modified_md(&self) -> u8 {
        modified_md(self.md, self.prepared_shield().map(|(s, _)| s)).saturating_sub(self.md_loss)
    }

    /// 21.1: TMR less injuries.
    pub fn tmr(&self) -> Tmr {
        Tmr(self.tmr.0.saturating_sub(self.tmr_loss))
    }

    pub fn weapon(&self, item: usize) -> &'static Weapon {
        tables().weapons.get(self.weapons[item].weapon)
    }

    /// 25.7: the wounds bleeding now (some stop once it is unconscious).
    pub fn bleeds(&self) -> usize {
        let unconscious = self.standing == Standing::Unconscious;
        self.bleeding
            .iter()
            .filter(|b| {
                !(unconscious
                    && matches!(b.until, Until::Unconscious | Until::UnconsciousOrHealer(_)))
            })
            .count()
    }

    /// Hands taken by prepared weapons and shield.
    pub fn hands_used(&self) -> u8 {
        let weapons: u8 = self
            .hands
            .iter()
            .map(|&i| if self.weapons[i].two_handed { 2 } else { 1 })
            .sum();
        weapons + u8::from(self.prepared_shield().is_some())
    }

    /// The prepared weapon in the primary hand, if any.
    pub fn primary(&self) -> Option<usize> {
        self.hands.first().copied()
    }

    /// 23, 28: the weapon for an attack type: the first prepared weapon
    /// rated for it, else bare hands (`Some(None)`) if a hand is free
    /// ("empty bare hands are always a prepared weapon"); `None` if neither.
    pub fn weapon_for(&self, rated: impl Fn(&Weapon) -> bool) -> Option<Option<usize>> {
        if let Some(&i) = self.hands.iter().find(|&&i| rated(self.weapon(i))) {
            return Some(Some(i));
        }
        (self.hands_used() < 2).then_some(None)
    }

    /// Rank with a weapon (`None` item: Unarmed Combat).
    pub fn rank_with(&self, item: Option<usize>) -> Option<Rank> {
        match item {
            Some(i) => self.weapons[i].rank,
            None => self.unarmed_rank,
        }
    }

    /// 19.3: modified AG + PC + Rank with the prepared weapon.
    pub fn initiative_value(&self) -> InitiativeValue {
        initiative_value(
            self.modified_ag(),
            self.pc,
            self.primary().and_then(|i| self.weapons[i].rank),
        )
    }

    /// 16 Melee Zone: the front hexes of a conscious, unstunned figure with
    /// a weapon rated for Melee (bare hands count, 23 note).
    pub fn has_melee_zone(&self) -> bool {
        self.can_act() && self.weapon_for(|w| w.uses.melee).is_some()
    }

    /// Whether `hex` is in its Melee Zone.
    pub fn zone_holds(&self, hex: Hex) -> bool {
        self.has_melee_zone() && self.pose.front_hexes().contains(&hex)
    }
}
