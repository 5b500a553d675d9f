//! What happened. Events are the only way battle state changes: a command is
//! checked, becomes events, and each event is applied. The event log is the
//! replay; every roll is explained in the event that made it.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::command::{FigureOrders, Override, Pairing};
use crate::hex::{Hex, Pose, Step};
use crate::rulesets::shakhan::rules::brawl::{BrawlIntent, BrawlReport};
use crate::rulesets::shakhan::rules::condition::{Check, MoraleReport, UpkeepReport};
use crate::rulesets::shakhan::rules::hazard::{Hazard, HazardOutcome};
use crate::rulesets::shakhan::rules::melee::{Equipment, StrikeReport};
use crate::rulesets::shakhan::rules::tables::actions::Activity;
use crate::rulesets::shakhan::rules::tables::initiative::{InitiativeModifierId, InitiativeResult};
use crate::rulesets::shakhan::rules::tables::protection::EquipmentDamage;
use crate::rulesets::shakhan::rules::trample::{ArmourSave, Dodge, Eligibility};
use crate::rulesets::shakhan::rules::wound::Wound;
use crate::rulesets::shakhan::rules::{BodyArea, Card};
use crate::seam::{FigureId, SideId};

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
    /// 16.9.10 (docs/RULINGS.md): under the Optional Initiative System one
    /// figure's Action Phase; `rank` counts from the lowest priority, so the
    /// highest moves last, having seen everyone else commit.
    FigureAction {
        pulse: u8,
        rank: u8,
    },
    /// 16.12 step 5: the Referee pairs attackers with defenders.
    Pairing,
    /// 16.12 step 5: the paired attacks, in descending Adjusted Agility.
    QuickMelee,
    Finished,
}

#[derive(Debug, Clone, PartialEq)]
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
        report: Box<UpkeepReport>,
    },
    /// 16.15.1: both sides' rolls, modifiers and the table's answer.
    InitiativeRolled {
        rolls: [u8; 2],
        modifiers: Box<[Vec<(InitiativeReason, i32)>; 2]>,
        modified: [u8; 2],
        result: InitiativeResult,
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
        /// Shared with the battle's sealed orders until they are revealed.
        orders: Arc<[FigureOrders]>,
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
    /// 16.9.8: a figure that did not move spends its pulse on its action;
    /// `so_far`: all it has spent on the action once this pulse's AP are in
    /// (the log tells it as it was then, not as the battle ends).
    ActionWorked {
        figure: FigureId,
        ap: f64,
        so_far: f64,
    },
    ActionDone {
        figure: FigureId,
        activity: Activity,
    },
    /// 16.9.4: a figure tries to move and work on its action in one pulse:
    /// the (Agility + Dexterity) × 2.5 Saving Throw; failed, it falls prone
    /// and loses `lost_ap`, all it meant to spend on both.
    CombinedActions {
        figure: FigureId,
        check: Check,
        lost_ap: f64,
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
        report: Box<MoraleReport>,
    },
    /// Shakhàn 16.13.4: after the last round, someone stanches the figure's
    /// bleeding wounds.
    WoundsTended {
        figure: FigureId,
    },
    /// Shakhàn 16.13.4: a Melee Round after the last one, in which untended
    /// wounds bleed on and delayed deaths come (its `Upkeep`s follow).
    AfterBattleRound {
        round: u32,
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
    /// Shakhàn 16.10.4: announcements, holds, throws and drop-kicks.
    Brawl(BrawlEvent),
    /// 16.5.2: a figure under G begins loading a missile weapon.
    LoadBegun {
        figure: FigureId,
        weapon: usize,
        needed: f64,
    },
    /// 16.14.3.4: a missile is aimed and loosed; a flight of more than one
    /// second arrives in the next round's Missile Arrival Phase (16.14.3.2).
    MissileLoosed {
        flight: Flight,
        ap: f64,
        delayed: bool,
    },
    /// 16.9.9.1: in a free round, a weapon not loaded and pointed is readied
    /// on an Adjusted Agility × 3 check (a pass leaves it loaded to fire).
    QuickShot {
        figure: FigureId,
        weapon: usize,
        threshold: i32,
        roll: u8,
        passed: bool,
    },
    /// 16.12.1: a missile's flight: every figure it passed checked, what it
    /// struck, or where it came down.
    MissileFlew(Box<FlightEvent>),
    /// 16.11: a Trample/Crush attack and the defender's Dodge.
    Trample(Box<TrampleEvent>),
    /// 16.9.4 "Dodge a blow": the defender answered whether it dodges the
    /// pending blow of `attacker` (kept until the blow is struck).
    DodgeChosen {
        defender: FigureId,
        attacker: FigureId,
        dodge: bool,
    },
    /// 16.11: one crushing strike after a failed Dodge.
    TrampleStrike(Box<TrampleStrike>),
    /// 16.13.5–16.13.13: a hazard the Referee applied, and what it did.
    Hazard(Box<HazardEvent>),
    /// 16.12: the Referee's pairings of attackers and defenders.
    PairingsMade {
        pairs: Vec<Pairing>,
    },
    /// 16.12: the Referee switches Quick Melee Combat on or off from the next round.
    QuickMeleeSwitched {
        on: bool,
    },
    /// 16.9.10: each figure's Initiative Priority, highest first, with the
    /// d100 rolls that broke ties of Adjusted Agility and MA.
    PriorityDetermined {
        order: Vec<FigureId>,
        tie_rolls: Vec<(FigureId, u8)>,
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
#[derive(Debug, Clone, PartialEq)]
pub struct StrikeEvent {
    pub attacker: FigureId,
    pub defender: FigureId,
    /// Index of the attacker's card that made the strike.
    pub card_index: usize,
    /// The defender's card that matched it (16.9.3); `None`: unmatched, counts as G.
    pub matched_by: Option<usize>,
    pub reaction: bool,
    pub ap: f64,
    /// 16.9.4 "Dodge a blow": Action Points the defender spent dodging (0
    /// when it did not try).
    pub dodge_ap: f64,
    pub struck: bool,
    /// 16.9.4.1: the defender's action under way was spoiled.
    pub action_spoiled: bool,
    /// The attacker's weapon (index in its sheet) and what the blow's weapon,
    /// shield and armour checks did (16.15.4 `w`, `a`).
    pub weapon: usize,
    pub equipment: Vec<(Equipment, EquipmentDamage)>,
    /// One wound per body area the blow reached (two after "Roll Twice").
    pub wounds: Vec<Wound>,
    /// Every die with its threshold and table row, as the rules reported it;
    /// written out only when read ([`StrikeEvent::explanation`]).
    pub report: StrikeResolution,
}

/// The rules' report of a strike: a melee strike's or a brawling one's.
#[derive(Debug, Clone, PartialEq)]
pub enum StrikeResolution {
    Melee(StrikeReport),
    Brawl(BrawlReport),
}

impl StrikeEvent {
    /// The whole explanation, every die with its threshold and table row.
    pub fn explanation(&self) -> String {
        match &self.report {
            StrikeResolution::Melee(r) => r.to_string(),
            StrikeResolution::Brawl(r) => r.to_string(),
        }
    }

    /// What the players may be told (16.10): symptoms, not injury names.
    pub fn table_view(&self) -> String {
        match &self.report {
            StrikeResolution::Melee(r) => r.symptoms(),
            StrikeResolution::Brawl(r) => r.symptoms(),
        }
        .join("; ")
    }
}

/// Why a side's Initiative roll is modified (16.15.1): kept as data, put
/// into words only when the log is read.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum InitiativeReason {
    Outnumbers {
        own: u32,
        other: u32,
    },
    MilitaryTraining {
        grades: u32,
    },
    /// A modifier the side has by its situation (trained against untrained,
    /// or one the scenario claims).
    Situation(InitiativeModifierId),
}

impl fmt::Display for InitiativeReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InitiativeReason::Outnumbers { own, other } => write!(f, "outnumbers {own} to {other}"),
            InitiativeReason::MilitaryTraining { grades } => {
                let grades = crate::words::counted(*grades as usize, "grade");
                write!(f, "military training ({grades})")
            }
            InitiativeReason::Situation(m) => f.write_str(m.words()),
        }
    }
}

/// What brawling did beyond the strikes themselves (those are
/// [`Event::Strike`]s whose explanation is the brawling resolution).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum BrawlEvent {
    /// Shakhàn 16.10.4: the figure's brawling forms, by card, made known with
    /// the orders at the start of the round.
    Announced {
        figure: FigureId,
        intents: Vec<(usize, BrawlIntent)>,
    },
    /// Shakhàn 16.10.4.1: the grapple took hold; all count as playing G.
    Held {
        holders: Vec<FigureId>,
        held: FigureId,
    },
    /// Shakhàn 16.10.4.1: the check repeated each round; the holders spend
    /// 1 Fatigue Point, the held figure 2 for trying to break free.
    HoldChecked {
        held: FigureId,
        holders: Vec<FigureId>,
        difference: i32,
        dmod: f64,
        under_attack: bool,
        threshold: i32,
        roll: u8,
        kept: bool,
    },
    /// A holder plays another card than G and lets go (docs/RULINGS.md).
    Released { holder: FigureId, held: FigureId },
    /// Shakhàn 16.10.4.10: a throw against an oncoming attacker.
    Throw {
        thrower: FigureId,
        thrown: FigureId,
        chance: i32,
        roll: u8,
        success: bool,
        /// Where the thrown figure lands, prone.
        to: Pose,
    },
    /// Shakhàn 16.10.4.8: a drop-kick begun on the round's last card.
    KickBegun {
        figure: FigureId,
        target: FigureId,
        card_index: usize,
    },
    /// Shakhàn 16.10.4.8: the drop-kick could not be made.
    KickAbandoned {
        figure: FigureId,
        target: FigureId,
        why: String,
        cards: Vec<usize>,
    },
    /// Shakhàn 16.10.4.8: the run-up check; a failure leaves the kicker
    /// prone half way (`to`), doubly unbalanced.
    RunUp {
        figure: FigureId,
        target: FigureId,
        check: i32,
        roll: u8,
        passed: bool,
        to: Pose,
        cards: Vec<usize>,
    },
    /// Shakhàn 16.10.4.8: the kicker lands behind the target.
    Landed {
        figure: FigureId,
        target: FigureId,
        to: Pose,
    },
}

/// One missile loosed: everything its flight needs, fixed when it was loosed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Flight {
    pub firer: FigureId,
    pub weapon: usize,
    /// The intended target, and the hex it stood in.
    pub target: FigureId,
    pub from: Hex,
    pub at: Hex,
    pub aim: Option<BodyArea>,
    /// Friends were warned (16.12.1).
    pub warned: bool,
    /// The card it was loosed under and whether the firer was moving (16.15.14).
    pub card: Card,
    pub moving: bool,
    /// Time in the air to the target (16.14.3.2).
    pub seconds: f64,
}

/// Shakhàn 16.12.1: a flight, every check on the way, and what it did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FlightEvent {
    pub flight: Flight,
    /// Taken from the missiles in the air (16.14.3.2).
    pub arrived: bool,
    /// Every figure checked, in the order passed.
    pub checked: Vec<FigureId>,
    pub struck: Option<FigureId>,
    pub wounds: Vec<Wound>,
    /// The struck figure's shield and armour checks (16.15.4 `a`).
    pub equipment: Vec<(Equipment, EquipmentDamage)>,
    /// 16.9.4.1, 16.5.2: the struck figure's action under way was spoiled.
    pub action_spoiled: bool,
    /// Where it came down, metres from the firer, when it struck nothing.
    pub landed_m: Option<f64>,
    pub explanation: String,
    /// What the players may be told (16.10).
    pub table_view: String,
}

/// Shakhàn 16.11: the Dodge against a trample and what came of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TrampleEvent {
    pub attacker: FigureId,
    pub defender: FigureId,
    pub why: Eligibility,
    /// Whole multiples of the defender's weight.
    pub multiple: u32,
    pub dodge: Dodge,
    /// A successful dodger is displaced one hex at random (1D6 hexside,
    /// clockwise to the first free one); `None` when it has nowhere to go.
    pub displaced_to: Option<Hex>,
    /// After a failed Dodge: the die and the number of strikes rolled.
    pub strikes: Option<(u32, u32)>,
}

/// Shakhàn 16.11: one crushing strike of a trample.
#[derive(Debug, Clone, PartialEq)]
pub struct TrampleStrike {
    pub attacker: FigureId,
    pub defender: FigureId,
    pub wounds: Vec<Wound>,
    pub equipment: Vec<(Equipment, EquipmentDamage)>,
    /// The armour of each area struck saves against its composition factor
    /// or is ruined, whatever the penetration roll.
    pub armour_saves: Vec<(BodyArea, ArmourSave)>,
    /// The blow as the rules reported it; written out only when read
    /// ([`TrampleStrike::explanation`]).
    pub report: StrikeReport,
}

impl TrampleStrike {
    /// The whole explanation: the blow, then each armour's Saving Throw.
    pub fn explanation(&self) -> String {
        let mut explanation = format!("Trample — {}", self.report);
        for (area, save) in &self.armour_saves {
            explanation.push_str(&format!(
                "; {} armour saves against its composition factor: {}{}",
                area.name(),
                save.check,
                if save.ruined() { " — ruined" } else { "" }
            ));
        }
        explanation
    }

    /// What the players may be told (16.10): symptoms, not injury names.
    pub fn table_view(&self) -> String {
        self.report.symptoms().join("; ")
    }
}

/// A hazard applied to a figure, every roll explained.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HazardEvent {
    pub figure: FigureId,
    pub hazard: Hazard,
    pub outcome: HazardOutcome,
}
