//! What a front end answers a Land of Karn battle with: the choices of the
//! quick chart's first four steps ("Combat Melee Quick Chart").

use serde::{Deserialize, Serialize};

use crate::rulesets::landofkarn::rules::tables::CalledTarget;
use crate::rulesets::landofkarn::rules::terms::Share;
use crate::seam::FigureId;

/// One answer to the battle's prompt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Step 1: roll for initiative, or forfeit it (negative infinity).
    Initiative { figure: FigureId, forfeit: bool },
    /// Step 2: the winner's actions.
    Attack { figure: FigureId, plan: Plan },
    /// Step 3: the defender's defences and counterattacks.
    Defend { figure: FigureId, plan: Plan },
    /// Step 4: the winner's defences against the counterattacks, each made
    /// with a saved action or an attack it cancels (a fake).
    Answer {
        figure: FigureId,
        covers: Vec<Cover>,
    },
}

/// A figure's full actions this melee, in order, each split or not.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Plan(pub Vec<Action>);

/// One full action: one part, or its split parts in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Action(pub Vec<Part>);

/// A part of an action: its share and what it does.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Part {
    pub share: Share,
    pub act: Act,
}

/// What an action (or part) does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Act {
    /// The winner strikes its opponent with the weapon in hand, perhaps a
    /// called shot.
    Strike { called: Option<CalledTarget> },
    /// The winner saves the action for defence (+5 when used).
    Save,
    /// The defender parries or blocks the winner's strike number `against`
    /// (counting the winner's strikes from 0 in plan order).
    Parry { against: usize },
    /// The defender dodges every attack: its whole plan.
    Dodge,
    /// The defender counterattacks (the Counterstrike skill).
    Counter { called: Option<CalledTarget> },
    /// Left unused.
    Idle,
}

/// A part of the winner's plan turned to defend against counterattack
/// number `against` (counting the defender's counters from 0 in plan order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cover {
    pub slot: Slot,
    pub against: usize,
}

/// A part of a plan: full action `action`, part `part`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Slot {
    pub action: usize,
    pub part: usize,
}

impl Plan {
    /// Every part with its slot, in order.
    pub fn parts(&self) -> impl Iterator<Item = (Slot, &Part)> {
        self.0.iter().enumerate().flat_map(|(a, Action(parts))| {
            parts
                .iter()
                .enumerate()
                .map(move |(p, part)| (Slot { action: a, part: p }, part))
        })
    }

    /// The slots of the strikes (or counters), numbered as `Parry` and
    /// `Cover` count them.
    pub fn strikes(&self) -> Vec<Slot> {
        self.parts()
            .filter(|(_, p)| matches!(p.act, Act::Strike { .. } | Act::Counter { .. }))
            .map(|(s, _)| s)
            .collect()
    }

    pub fn part(&self, slot: Slot) -> Option<&Part> {
        self.0.get(slot.action)?.0.get(slot.part)
    }

    /// Whether the plan is the one dodge.
    pub fn dodges(&self) -> bool {
        self.parts().any(|(_, p)| p.act == Act::Dodge)
    }

    /// A plan of `n` full actions all doing `act`.
    pub fn all(n: u8, act: Act) -> Plan {
        Plan(
            (0..n)
                .map(|_| {
                    Action(vec![Part {
                        share: Share::Full,
                        act,
                    }])
                })
                .collect(),
        )
    }
}
