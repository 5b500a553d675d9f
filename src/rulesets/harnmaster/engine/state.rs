//! What a HârnMaster battle is built from and what it holds: the data every
//! part of the engine reads. Imports none of the files that act.

use std::sync::Arc;

use crate::dice::Dice;
use crate::hex::{Facing, Hex, HexMap};
use crate::rulesets::harnmaster::rules::injury;
use crate::rulesets::harnmaster::rules::tables::pack::Weapon;
use crate::rulesets::harnmaster::rules::tables::{Pack, sheet};
use crate::rulesets::harnmaster::rules::terms::{Aim, Aspect, InjuryPoints};
use crate::rulesets::harnmaster::rules::turn::{self, Scores};
use crate::seam::{FigureId, SideId};

use super::event::Event;
pub use super::event::Status;

/// A weapon a figure carries: a row of the pack's weapon table and the
/// figure's mastery level with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    pub weapon: usize,
    pub ml: u8,
    /// l.54: missiles carried for a missile weapon.
    pub ammo: u32,
    /// l.161: a weapon that meets an enchanted one is checked with 4d6.
    pub enchanted: bool,
}

/// One figure as the scenario gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureSpec {
    pub name: String,
    pub side: SideId,
    pub at: Hex,
    pub facing: Facing,
    pub strength: u8,
    pub endurance: u8,
    pub dexterity: u8,
    pub agility: u8,
    pub speed: u8,
    pub will: u8,
    /// l.129: total weight, for amputation.
    pub weight: u32,
    /// l.179: mobility, before the physical penalty.
    pub mobility: u32,
    pub weapons: Vec<Held>,
    pub dodge: u8,
    /// Rows of the pack's armour table worn.
    pub armour: Vec<usize>,
    /// l.169: the encumbrance class of the physical penalty, in points.
    pub encumbrance: u32,
    /// l.139: fatigue points when the fight begins.
    pub fatigue: u32,
    /// l.165: the load carried, for the fatigue rate.
    pub load: u32,
    /// l.37: a special penalty the scenario gives.
    pub special_penalty: u32,
}

impl FigureSpec {
    pub fn scores(&self) -> Scores {
        Scores {
            endurance: self.endurance,
            dexterity: self.dexterity,
            agility: self.agility,
            speed: self.speed,
            will: self.will,
        }
    }

    /// l.3
    pub fn initiative(&self) -> u32 {
        turn::initiative(self.scores())
    }

    /// l.165
    pub fn fatigue_rate(&self) -> u32 {
        injury::fatigue_rate(sheet(), self.load, self.endurance)
    }
}

/// What a battle is built from.
#[derive(Debug, Clone)]
pub struct Spec {
    pub map: Arc<HexMap>,
    pub pack: Arc<Pack>,
    pub sides: Vec<String>,
    /// l.5: the side that starts the battle, alone in the first round.
    pub surprise: Option<SideId>,
    pub figures: Vec<FigureSpec>,
}

/// An injury taken (l.117).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Injury {
    pub location: usize,
    pub points: InjuryPoints,
}

/// A figure as the battle stands.
#[derive(Debug, Clone)]
pub struct Figure {
    pub at: Hex,
    pub facing: Facing,
    pub status: Status,
    pub prone: bool,
    pub injuries: Vec<Injury>,
    /// l.131: blood loss points a combat turn, and lost so far.
    pub bleeding: u32,
    pub blood_loss: u32,
    /// l.145: attempts to regain consciousness so far.
    pub revival_attempts: u32,
    /// Weapons (by place in the figure's list) dropped or broken.
    pub lost: Vec<bool>,
    /// l.135: a leg made unusable: the figure cannot stand.
    pub lame: bool,
    /// l.54: missiles shot, by weapon.
    pub shot: Vec<u32>,
    /// l.139: fatigue points now.
    pub fatigue: u32,
    /// This minute (l.165: six turns): fought (attacked, shot or defended
    /// with a roll), rested, or moved.
    pub minute: Minute,
}

/// What a figure did in the minute under way, for fatigue (l.165, l.175).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Minute {
    pub fought: bool,
    pub rested: bool,
    pub moved: bool,
}

/// What the battle waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// A figure's action; `advantage` when it is a tactical advantage's (l.88).
    Act {
        figure: FigureId,
        advantage: bool,
    },
    /// The defender's declared defence against an attack (l.14–16).
    Defend {
        attack: Attack,
    },
    Over,
}

/// An attack declared (l.9–12), awaiting its defence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attack {
    pub attacker: FigureId,
    pub target: FigureId,
    /// The attacker's weapon, by place in its list.
    pub weapon: usize,
    pub aspect: Aspect,
    pub aim: Aim,
    /// A missile shot from this many hexes (l.48–86), not a melee attack.
    pub range: Option<u32>,
}

/// A HârnMaster battle.
#[derive(Debug, Clone)]
pub struct Battle {
    pub(super) spec: Arc<Spec>,
    pub(super) figures: Vec<Figure>,
    pub(super) dice: Dice,
    pub(super) events: Vec<Event>,
    pub(super) keep_log: bool,
    pub(super) round: u32,
    /// This round's order of turns, and whose turn it is in it.
    pub(super) order: Vec<FigureId>,
    pub(super) turn: usize,
    pub(super) stage: Stage,
    /// l.88: a tactical advantage was taken this turn.
    pub(super) advantage_taken: bool,
    pub(super) winner: Option<Option<SideId>>,
}

impl Battle {
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    pub fn pack(&self) -> &Pack {
        &self.spec.pack
    }

    pub fn figure(&self, id: FigureId) -> &Figure {
        &self.figures[id.0]
    }

    pub fn figures(&self) -> &[Figure] {
        &self.figures
    }

    pub fn of(&self, id: FigureId) -> &FigureSpec {
        &self.spec.figures[id.0]
    }

    pub fn name(&self, id: FigureId) -> &str {
        &self.spec.figures[id.0].name
    }

    pub fn round(&self) -> u32 {
        self.round
    }

    pub fn stage(&self) -> Stage {
        self.stage
    }

    pub fn all_events(&self) -> &[Event] {
        &self.events
    }

    /// l.121: every injury's points.
    pub fn injury_points(&self, id: FigureId) -> InjuryPoints {
        InjuryPoints(self.figures[id.0].injuries.iter().map(|i| i.points.0).sum())
    }

    /// l.139
    pub fn endurance_index(&self, id: FigureId) -> u32 {
        injury::endurance_index(sheet(), self.injury_points(id), self.figures[id.0].fatigue)
    }

    /// l.167–169, in points.
    pub fn physical_penalty(&self, id: FigureId) -> u32 {
        injury::physical_penalty(self.of(id).encumbrance, self.endurance_index(id))
    }

    /// l.179: effective mobility (docs/RULINGS.md, "Physical penalty").
    pub fn effective_mobility(&self, id: FigureId) -> u32 {
        let pp = self.physical_penalty(id) * sheet().physical_penalty_scale as u32;
        self.of(id).mobility.saturating_sub(pp)
    }

    /// Whether a figure is on its feet and able to fight.
    pub fn fighting(&self, id: FigureId) -> bool {
        self.figures[id.0].status == Status::Fighting
    }

    pub fn enemies(&self, a: FigureId, b: FigureId) -> bool {
        self.of(a).side != self.of(b).side
    }

    /// Enemies able to fight in the hexes next to `id` (its engagement zone,
    /// docs/RULINGS.md "Engagement").
    pub fn engaged_by(&self, id: FigureId) -> Vec<FigureId> {
        let at = self.figures[id.0].at;
        (0..self.figures.len())
            .map(FigureId)
            .filter(|&o| {
                self.enemies(id, o) && self.fighting(o) && self.figures[o.0].at.distance(at) == 1
            })
            .collect()
    }

    /// Whoever stands in `hex`, alive or not.
    pub fn standing_in(&self, hex: Hex) -> Option<FigureId> {
        self.figures
            .iter()
            .position(|f| f.at == hex && f.status != Status::Dead)
            .map(FigureId)
    }

    /// The weapons a figure still has, by place in its list.
    pub fn usable_weapons(&self, id: FigureId) -> impl Iterator<Item = usize> + '_ {
        let f = &self.figures[id.0];
        (0..self.of(id).weapons.len()).filter(move |&w| !f.lost[w])
    }

    /// Its weapons for the melee: those still in hand that are no missile
    /// weapons (docs/RULINGS.md, "Missile weapons in the melee").
    pub fn melee_weapons(&self, id: FigureId) -> impl Iterator<Item = usize> + '_ {
        self.usable_weapons(id)
            .filter(move |&w| self.weapon_row(id, w).missile.is_none())
    }

    /// Missiles left for a weapon (l.54).
    pub fn ammo(&self, id: FigureId, weapon: usize) -> u32 {
        self.of(id).weapons[weapon]
            .ammo
            .saturating_sub(self.figures[id.0].shot[weapon])
    }

    /// A weapon a figure carries: its pack row.
    pub fn weapon_row(&self, id: FigureId, weapon: usize) -> &Weapon {
        &self.spec.pack.weapons[self.of(id).weapons[weapon].weapon]
    }
}
