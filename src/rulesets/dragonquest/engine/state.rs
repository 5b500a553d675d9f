//! A DragonQuest figure's state in battle, and what is derived from it.

use crate::rulesets::dragonquest::spec::Mount;
use serde::{Deserialize, Serialize};

use std::collections::VecDeque;
use std::sync::Arc;

use super::command::Command;
use super::event::{ActionKind, Event, Impairment};
use crate::dice::Dice;
use crate::hex::HexMap;
use crate::hex::{Aspect, Hex, Pose};
use crate::rulesets::dragonquest::rules::damage::Standing;
use crate::rulesets::dragonquest::rules::figure::{modified_ag, modified_md};
use crate::rulesets::dragonquest::rules::initiative::initiative_value;
use crate::rulesets::dragonquest::rules::strike::Through;
use crate::rulesets::dragonquest::rules::tables::armour::Shield;
use crate::rulesets::dragonquest::rules::tables::grievous::{Bleeding, Until};
use crate::rulesets::dragonquest::rules::tables::modifiers::Lighting;
use crate::rulesets::dragonquest::rules::tables::tables;
use crate::rulesets::dragonquest::rules::tables::weapons::{Weapon, WeaponId};
use crate::rulesets::dragonquest::rules::{InitiativeValue, Rank, Tmr};
use crate::rulesets::dragonquest::spec::SideSpec;
use crate::seam::places::Places;
use crate::seam::{FigureId, SideId};

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
    /// Where it stands: its head's hex, and its facing. A figure of several
    /// hexes faces the corner clockwise of `pose.facing` (29, `Pose::body`).
    pub pose: Pose,
    /// 29: the hexes it fills (1 for a figure of one hex).
    pub size: u8,
    /// 30: the mount it rides; `None` on foot (a fall unhorses it).
    pub mount: Option<Mount>,
    /// 30: it made a mounted Charge last Pulse, so its mount runs on
    /// straight ahead this Pulse.
    pub momentum: bool,
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
    /// 25.7: per cent off the Base Chance of its Missile and Thrown weapons
    /// (an eye lost).
    pub missile_bc_loss: u8,
    /// A monster (26's note: one that began with Endurance 5 or less is
    /// never unconscious).
    pub monster: bool,
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
    /// 25.7: every trait the injuries changed, with how long each lasts.
    pub impairments: Vec<Impairment>,
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

    /// 21.1: TMR less injuries; 30: mounted, the mount's.
    pub fn tmr(&self) -> Tmr {
        match &self.mount {
            Some(m) => m.tmr,
            None => Tmr(self.tmr.0.saturating_sub(self.tmr_loss)),
        }
    }

    /// 29: the hexes it fills, its head's first (a figure of one hex: that hex).
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + Clone + use<> {
        self.pose.body(self.size)
    }

    /// 29: whether one of its hexes is `hex`.
    pub fn occupies(&self, hex: Hex) -> bool {
        self.hexes().any(|h| h == hex)
    }

    /// 29: whether it and `other` share a hex (16: Close Combat, or a
    /// figure overrun by a monster and lying beneath it).
    pub fn shares_hex(&self, other: &Figure) -> bool {
        other.hexes().any(|h| self.occupies(h))
    }

    /// 29: its hex nearest `to` (the head first on a tie).
    pub fn nearest_hex(&self, to: Hex) -> Hex {
        self.hexes()
            .min_by_key(|h| h.distance(to))
            .unwrap_or(self.pose.hex)
    }

    /// 29: hexes between the nearest of its hexes and of `other`'s.
    pub fn distance_to(&self, other: &Figure) -> u32 {
        self.hexes()
            .flat_map(|a| other.hexes().map(move |b| a.distance(b)))
            .min()
            .unwrap_or(u32::MAX)
    }

    /// 16, 29: the front hexes it would have at `pose`: the three across its
    /// front hexsides, or a monster's two across its head's front hexsides.
    pub fn front_hexes_at(&self, pose: Pose) -> impl Iterator<Item = Hex> + Clone + use<> {
        let (three, two) = (pose.front_hexes(), pose.corner_front_hexes());
        let monster = self.size > 1;
        (0..if monster { 2 } else { 3 }).map(move |i| if monster { two[i] } else { three[i] })
    }

    /// 16, 24.5, 29: the side of it that something at `from` comes through:
    /// front or rear for a figure of one hex (no flank, docs/RULINGS.md),
    /// front, flank or rear for a monster of several hexes.
    pub fn through_from(&self, from: Hex) -> Through {
        if self.size > 1 {
            return match self.pose.body_aspect(self.size, from) {
                Some(Aspect::Flank) => Through::Flank,
                Some(Aspect::Rear) => Through::Rear,
                _ => Through::Front,
            };
        }
        match self.pose.half_toward(from) {
            Some(crate::hex::Half::Rear) => Through::Rear,
            _ => Through::Front,
        }
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
        self.has_melee_zone() && self.front_hexes_at(self.pose).any(|h| h == hex)
    }
}

/// A turn still to come in this Pulse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Turn {
    /// An engaged figure (19.3); `lead`: it may still choose to act last.
    Figure {
        figure: FigureId,
        engagement: usize,
        lead: bool,
    },
    /// A side's non-engaged figures (21); `choice`: it won the Initiative
    /// and may still choose to act last.
    Side { side: SideId, choice: bool },
}

/// A DragonQuest battle in progress.
#[derive(Debug, Clone)]
pub struct Battle {
    pub(super) map: Arc<HexMap>,
    pub(super) sides: Arc<Vec<SideSpec>>,
    pub(super) lighting: Option<Lighting>,
    pub(super) strength_damage: bool,
    /// The Alusia campaign's loading rule (21.7, 22.3, note G).
    pub(super) alusia_loading: bool,
    pub(super) figures: Vec<Figure>,
    /// Which figures stand in which hex, a body in each of its hexes, so
    /// that whether a hex is taken looks at that hex alone (issue 19).
    /// Derived state, changed only where `apply` moves a figure; checked
    /// against the figures at each use.
    pub(super) places: Places,
    pub(super) pulse: u32,
    /// 18.1: the side with a free Pulse from surprise, until it has had it.
    pub(super) surprise: Option<SideId>,
    pub(super) free_for: Option<SideId>,
    pub(super) initiative: Option<SideId>,
    pub(super) turns: VecDeque<Turn>,
    pub(super) winner: Option<Option<SideId>>,
    pub(super) dice: Dice,
    pub(super) events: Vec<Event>,
    pub(super) commands: Vec<Command>,
}
