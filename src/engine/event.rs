//! What happened. Events are the only way battle state changes: a command is
//! checked, becomes events, and each event is applied. The event log is the
//! replay; every roll is explained in the event that made it.

use serde::{Deserialize, Serialize};

use super::{FigureId, SideId};
use crate::hex::{Pose, Step};
use crate::rules::shakhan::Card;
use crate::rules::shakhan::condition::{MoraleReport, UpkeepReport};
use crate::rules::shakhan::melee::Equipment;
use crate::rules::shakhan::tables::actions::Activity;
use crate::rules::shakhan::tables::protection::EquipmentDamage;
use crate::rules::shakhan::wound::Wound;

use super::command::FigureOrders;
use super::referee::Override;

/// Where a Melee Round stands (16.14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Start-of-round checks (16.13.3 Pain, 16.13.4 Bleeding) and Initiative.
    RoundStart,
    /// 16.14.1: sealed orders.
    Communication,
    /// 16.14.3: the side with Initiative picks who moves first.
    MovementPriority,
    /// 16.14.3.1.
    DivineIntervention,
    /// 16.14.3.2: missiles that flew longer than a second arrive.
    MissileArrival,
    /// 16.14.3.3: spells cast earlier take effect; new ones begin.
    Spell,
    /// 16.14.3.4: readied missile weapons are aimed and fired.
    MissileWeapon,
    /// 16.14.3.5: jumping attacks (flying drop-kicks) land.
    SpecialManeuver,
    /// 16.14.3.6, .8, .10: strikes, side with Initiative first. `second` is
    /// the Attack Phase before the second side's Action Phase.
    Attack {
        pulse: u8,
        second: bool,
    },
    /// 16.14.3.7, .9, .11: one side moves.
    Action {
        pulse: u8,
        side: SideId,
    },
    /// 16.14.3.12.
    RecordKeeping,
    Finished,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// A Melee Round begins; free rounds (16.9.9.1) are numbered apart.
    RoundBegan {
        round: u32,
        free: bool,
    },
    PhaseBegan {
        phase: Phase,
    },
    /// Start-of-round wound course for one figure (pain, bleeding, dying).
    Upkeep {
        figure: FigureId,
        report: UpkeepReport,
    },
    /// 16.15.1: both sides' rolls, modifiers and the table's answer.
    InitiativeRolled {
        rolls: [u8; 2],
        modifiers: [Vec<(String, i32)>; 2],
        modified: [u8; 2],
        result: String,
        winner: Option<SideId>,
        free_rounds: u8,
    },
    /// 16.9.9: Initiative passes to the other side.
    InitiativeAlternates {
        side: SideId,
    },
    /// 16.14.1: a side has handed in its sealed orders (shown face down until
    /// every side's are in).
    OrdersSealed {
        side: SideId,
        orders: Vec<FigureOrders>,
    },
    /// Every side's orders, revealed together, with each figure's Action
    /// Points for the round (16.9.4) and Pulse Movement Allowance (16.9.8).
    OrdersRevealed {
        orders: Vec<FigureOrders>,
        awards: Vec<ApAward>,
    },
    /// Cards lost to an earlier imbalance (16.15.4 `(x)`) at reveal.
    CardsLost {
        figure: FigureId,
        cards: Vec<Card>,
    },
    MovementPriorityChosen {
        side: SideId,
        move_first: bool,
    },
    DivineIntervention {
        note: Option<String>,
    },
    /// One strike attempt, explained in full.
    Strike(Box<StrikeEvent>),
    Moved {
        figure: FigureId,
        steps: Vec<Step>,
        ap: f64,
        to: Pose,
    },
    /// A reaction attack stopped a move (16.10.1): the rest is not made.
    MoveStopped {
        figure: FigureId,
    },
    /// 16.9.4: a figure begins a non-combat action under G.
    ActionBegun {
        figure: FigureId,
        activity: Activity,
        needed: f64,
    },
    /// 16.9.8: a figure that did not move spends its pulse on its action.
    ActionWorked {
        figure: FigureId,
        ap: f64,
    },
    ActionDone {
        figure: FigureId,
        activity: Activity,
    },
    /// 16.9.4.1: an attack ruined the action; it must be started again.
    ActionSpoiled {
        figure: FigureId,
    },
    /// The figure no longer plays G: its unfinished action is dropped.
    ActionAbandoned {
        figure: FigureId,
    },
    /// 16.6: Fatigue spent on the round's cards.
    FatigueSpent {
        figure: FigureId,
        points: f64,
    },
    MoraleChecked {
        figure: FigureId,
        report: MoraleReport,
    },
    /// The battle ends: one side is dead, unconscious, fled or surrendered.
    BattleEnded {
        winner: Option<SideId>,
        rounds: u32,
    },
    FreshInitiativeCalled,
    /// A Referee override; `discarded`: the dice a re-roll threw away.
    Overridden {
        change: Override,
        discarded: Vec<u32>,
    },
}

/// A figure's Action Points for the round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ApAward {
    pub figure: FigureId,
    pub best_card: Card,
    pub ap: f64,
    pub pulse_ap: f64,
}

/// One strike attempt and everything it did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StrikeEvent {
    pub attacker: FigureId,
    pub defender: FigureId,
    /// Index of the attacker's card that made the strike.
    pub card_index: usize,
    /// The defender's card that matched it (16.9.3); `None`: unmatched, counts as G.
    pub matched_by: Option<usize>,
    pub reaction: bool,
    pub ap: f64,
    pub struck: bool,
    /// 16.9.4.1: the defender's action under way was spoiled.
    pub action_spoiled: bool,
    /// The attacker's weapon (index in its sheet) and what the blow's weapon,
    /// shield and armour checks did (16.15.4 `w`, `a`).
    pub weapon: usize,
    pub equipment: Vec<(Equipment, EquipmentDamage)>,
    /// One wound per body area the blow reached (two after "Roll Twice").
    pub wounds: Vec<Wound>,
    /// The whole explanation, every die with its threshold and table row.
    pub explanation: String,
    /// What the players may be told (16.10): symptoms, not injury names.
    pub table_view: String,
}
