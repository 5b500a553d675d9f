//! What happened, as a Land of Karn battle tells it: every roll with its
//! face, share and modifiers, so the log explains itself and applying
//! needs no dice.

use serde::Serialize;

use super::command::{Cover, Plan};
use crate::dice::{Percentile, Rolled};
use crate::rulesets::landofkarn::rules::damage::Through;
use crate::rulesets::landofkarn::rules::roll::{D20, Level, Total};
use crate::rulesets::landofkarn::rules::tables::{Critical, Fumble};
use crate::rulesets::landofkarn::rules::terms::AttackKind;
use crate::seam::{FigureId, SideId};

/// Which step of the quick chart a plan answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum PlanStep {
    Attack,
    Defend,
}

/// A modifier on a roll and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Modifier {
    pub what: &'static str,
    pub value: i32,
}

/// A defence rolled against one blow.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Defence {
    pub how: Guard,
    /// `None`: a dodge rolled earlier this melee meets this blow too.
    pub roll: Option<D20>,
    pub modifiers: Vec<Modifier>,
    pub total: Total,
    pub held: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Guard {
    Parry,
    Dodge,
    /// A winner's saved action (+5).
    Saved,
    /// A winner's attack cancelled into a defence.
    Altered,
}

/// A critical's roll on the chart and what it made of the damage.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Crit {
    /// `Some(roll)`: the pierce chance rolled (and made) first.
    pub pierce_roll: Option<Percentile>,
    pub roll: Percentile,
    pub severity: Critical,
    pub hp: i32,
    pub sp: Rolled,
    pub combat: i32,
}

/// The damage of a blow that landed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Damage {
    pub rolled: Rolled,
    pub through: Through,
    /// The pierce chance rolled and missed.
    pub pierce_roll: Option<Percentile>,
    pub critical: Option<Crit>,
    /// Hit points and stamina points it takes when the melee ends.
    pub hp: i32,
    pub sp: i32,
}

/// One strike rolled and compared.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Blow {
    pub attacker: FigureId,
    pub target: FigureId,
    pub weapon: String,
    pub counter: bool,
    pub roll: D20,
    pub modifiers: Vec<Modifier>,
    pub level: Level,
    pub total: Total,
    pub defence: Option<Defence>,
    pub damage: Option<Damage>,
    /// The "bad miss" penalty this roll spent, for each figure that had one.
    pub spent: Vec<FigureId>,
}

/// A fumble's roll on the chart.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Fumbled {
    pub figure: FigureId,
    pub column: AttackKind,
    pub roll: Percentile,
    pub fumble: Fumble,
    pub sp: Rolled,
    pub melee: u32,
    /// "Hit Other": who was chosen (by `chosen_roll` among those in range) and the wild blow.
    pub wild: Option<Wild>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Wild {
    pub among: Vec<FigureId>,
    pub chosen_roll: u32,
    pub blow: Blow,
}

/// A figure's wounds taken as the melee ends.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Wound {
    pub figure: FigureId,
    pub hp: i32,
    pub sp: i32,
    pub combat: i32,
    /// What is left once taken.
    pub hp_left: i32,
    pub sp_left: i32,
    pub standing: Standing,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Event {
    MeleeBegins {
        melee: u32,
        pair: Vec<FigureId>,
    },
    Chooses {
        figure: FigureId,
        forfeit: bool,
    },
    /// Step 1: the d20s (a forfeit rolls none), and whether this is a reroll of a tie.
    InitiativeRolled {
        rolls: Vec<(FigureId, Option<D20>, Total)>,
        reroll: bool,
    },
    /// Step 1: who won and whether ALT broke a tie; `None`: all forfeited.
    Leads {
        winner: Option<FigureId>,
        defender: Option<FigureId>,
        by_alt: bool,
    },
    Planned {
        figure: FigureId,
        step: PlanStep,
        plan: Plan,
    },
    /// Step 4; `saved[i]`: whether cover `i` is a saved action (else a
    /// cancelled attack).
    Covered {
        figure: FigureId,
        covers: Vec<Cover>,
        saved: Vec<bool>,
    },
    /// Step 5: a cancelled attack the defender fell for.
    Feint {
        figure: FigureId,
        strike: usize,
        parried: bool,
    },
    Struck(Box<Blow>),
    Fumbled(Box<Fumbled>),
    /// "Dropped Weapon": a full action spent picking it up.
    PicksUp {
        figure: FigureId,
        action: usize,
    },
    /// An action made impossible: its parts are lost.
    Lost {
        figure: FigureId,
        action: usize,
        part: usize,
        why: &'static str,
    },
    /// Step 6: the melee's damage taken.
    MeleeEnds {
        melee: u32,
        wounds: Vec<Wound>,
    },
    /// Step 7: the battle is over; `None`: nobody stands.
    Ends {
        winner: Option<SideId>,
    },
}

/// Whether a figure is still in the fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Standing {
    Up,
    /// HP at 0, or SP at 0 or below (docs/RULINGS.md, house).
    Unconscious,
    /// HP below 0.
    Dead,
}
