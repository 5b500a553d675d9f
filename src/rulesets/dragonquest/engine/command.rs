//! The answers a DragonQuest battle takes.

use serde::{Deserialize, Serialize};

use crate::hex::Step;
use crate::seam::{FigureId, Rejection, SideId};

/// An answer to the battle's [`super::prompt::Prompt`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// 19.2–19.3: the figure (or side) whose turn it is, having the choice,
    /// acts now (`false`: after the others of its engagement, or after the
    /// other side).
    ActNow { now: bool },
    /// One figure's action for this Pulse (20–21).
    Act { figure: FigureId, action: Action },
    /// The Referee's word, at any prompt: what this slice leaves to him
    /// (spell effects, a fall from a mount).
    Referee(Fiat),
}

/// DragonQuest 20–21: the action a figure takes in one Pulse. A `path` is
/// the movement made in it, step by step, before the rest of the action
/// (a Pass's task, a Charge's strike).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// 21.1: move up to the TMR.
    Move { path: Vec<Step> },
    /// 20.1 (engaged) or 21.2–21.3 (a Charge, non-engaged): move, then strike
    /// `target` in the Melee Zone with the prepared weapon. 20.1: an engaged
    /// figure outside the defender's Melee Zone changes facing only after
    /// the strike, and moves either before it or after (`after_strike`).
    Melee {
        path: Vec<Step>,
        target: FigureId,
        multiple: Multiple,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        after_strike: Vec<Step>,
    },
    /// 21.2–21.3: a Charge that ends with no one to strike.
    ChargeWithoutStrike { path: Vec<Step> },
    /// 20.2, 21.5.
    Evade { path: Vec<Step> },
    /// 20.3 (engaged), 20.7 (in Close Combat, breaking contact first).
    Withdraw { path: Vec<Step>, posture: Posture },
    /// 21.6: up to two hexes straight back.
    Retreat { path: Vec<Step> },
    /// 20.4, 21.8: move, then one task.
    Pass { path: Vec<Step>, task: Task },
    /// 21.7: fire or throw the prepared Ranged weapon at `target`; only a
    /// loaded crossbow may move first, two hexes at most.
    Fire { path: Vec<Step>, target: FigureId },
    /// 20.6 (engaged, from an adjacent hex) or 21.4 (a Charge and Close).
    Close { path: Vec<Step>, target: FigureId },
    /// 20.7: strike a figure in the same hex.
    Grapple { target: FigureId },
    /// 23.5: a special attack in place of the ordinary strike: a Melee
    /// attack (engaged, or at the end of a Charge along `path`), or for a
    /// Restrain a Grapple (no path).
    Special {
        path: Vec<Step>,
        target: FigureId,
        attack: SpecialAttack,
    },
    /// 22.3: the first of two actions combined in this Pulse by a figure
    /// of modified AG 26 or more; the figure is asked again at once for
    /// the second.
    Combine { first: Box<Action> },
    /// 20.5, 22.7: prepare or loose a spell; what it does is the Referee's
    /// word, given with it and applied in order.
    Spell { effects: Vec<Fiat> },
}

impl Action {
    /// The steps the action walks before the rest of it (22.3: the first
    /// action's, when combining).
    pub fn path(&self) -> &[Step] {
        match self {
            Action::Move { path }
            | Action::Melee { path, .. }
            | Action::ChargeWithoutStrike { path }
            | Action::Evade { path }
            | Action::Withdraw { path, .. }
            | Action::Retreat { path }
            | Action::Pass { path, .. }
            | Action::Fire { path, .. }
            | Action::Close { path, .. }
            | Action::Special { path, .. } => path,
            Action::Combine { first } => first.path(),
            Action::Grapple { .. } | Action::Spell { .. } => &[],
        }
    }
}

/// DragonQuest 23.4: more than one strike in one Melee attack.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Multiple {
    #[default]
    Single,
    /// A second strike with the weapon in the other hand, at `target`.
    SecondWeapon { target: FigureId },
    /// A class B weapon at Rank 4 or more: one strike each at these further
    /// targets in adjacent hexes of the Melee Zone (three in all at most).
    Sweep { others: Vec<FigureId> },
}

/// A thing a figure holds: one of its weapons (by its place in the figure's
/// list) or its shield.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Item {
    Weapon(usize),
    Shield,
}

/// DragonQuest 23.5: the special attacks a figure may specify.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpecialAttack {
    /// Quarterstaff, spear, halberd, poleaxe or glaive: Base Chance 40,
    /// D10 damage, and the target may fall.
    Trip,
    /// Net or whip in Melee Combat: the weapon's Base Chance, D10 − 4, the
    /// target may fall and is entangled until freed.
    Entangle,
    /// Restrain (a Grapple): the target is pinned, incapacitated, until
    /// the hold is broken.
    Restrain,
    /// Any weapon but those 23.5 names: unconscious on a Strike Check at
    /// or under 15 % of the Modified Strike Chance; no damage.
    Knockout,
    /// A prepared shield (not a Main-Gauche or Tower Shield): Base Chance
    /// 40 (+20 at the end of a Charge), D10 − 2, and the target may fall.
    ShieldRush,
    /// A Melee or Close weapon, at −20: the target drops `item` and loses
    /// 1 Endurance point.
    Disarm { item: Item },
}

/// DragonQuest 20.3: the posture of a Withdrawal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Posture {
    /// Strike `target` first at −20.
    Offensive { target: FigureId },
    /// Behind a prepared shield: +20 Defense.
    Defensive,
    /// Neither (a Retreat, or leaving Close Combat).
    Plain,
}

/// DragonQuest 20.4: the one task of a Pass action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    /// Nothing but the movement (or a task the battle does not track).
    Nothing,
    /// Prepare the figure's weapon `item` (its place in the figure's list).
    Prepare { item: usize },
    /// Prepare the figure's slung shield.
    PrepareShield,
    /// Sling the shield or put weapon `item` away.
    PutAway { item: Option<usize> },
    /// Pick up the figure's own weapon `item` lying in its hex.
    PickUp { item: usize },
    /// 27.2 note G: one Pass toward loading the prepared Missile Weapon.
    Load,
    /// Drop prone, or rise.
    Prone { down: bool },
    /// 27.4: draw out a lodged weapon.
    DrawOut,
}

/// The Referee's word, at any prompt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fiat {
    /// 25.4: damage from a spell or other cause: to Fatigue (Endurance once
    /// Fatigue is gone) or straight to Endurance; `armour` if armour absorbs it.
    Damage {
        figure: FigureId,
        points: u32,
        endurance: bool,
        armour: bool,
    },
    /// A figure knocked down (a fall from a mount) or set on its feet.
    Prone { figure: FigureId, prone: bool },
    /// A figure Stunned (a backfired spell).
    Stun { figure: FigureId },
    /// A side breaks and leaves the fight.
    Rout { side: SideId },
    /// 30: a rider failed the Horsemanship Check (156.2, not in the text)
    /// to turn or stop his mount: it runs on straight ahead next turn.
    RunsOn { figure: FigureId },
}

/// Refuse a command, in the referee's words.
pub(super) fn refuse<T>(why: impl Into<String>) -> Result<T, Rejection> {
    Err(Rejection(why.into()))
}
