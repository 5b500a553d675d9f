//! What front ends (the TUI, the AI, scripts, replays, tests) answer with.
//! Every state change starts as one of these, is checked, and becomes events.

use serde::{Deserialize, Serialize};

use crate::hex::{Pose, Step};
use crate::rulesets::shakhan::rules::brawl::BrawlIntent;
use crate::rulesets::shakhan::rules::condition::{Morale, SideFortune};
use crate::rulesets::shakhan::rules::tables::actions::Activity;
use crate::rulesets::shakhan::rules::{BodyArea, Card};
use crate::rulesets::shakhan::scenario;
use crate::seam::{FigureId, SideId};

/// An answer to the engine's current [`Prompt`](super::prompt::Prompt), or a referee
/// action that is allowed at any prompt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// 16.14.1 Communication Phase: one side's sealed orders. Figures left
    /// out play G (16.14.1).
    Orders {
        side: SideId,
        orders: Vec<FigureOrders>,
    },
    /// 16.14.3 Movement Priority, from the side with Initiative.
    MovementPriority { move_first: bool },
    /// 16.14.3.1: the Referee records a call for Divine Intervention, or none.
    DivineIntervention { note: Option<String> },
    /// 16.14.3.7 ff.: every move of one side in its Action Phase, in order.
    /// Figures left out stand still.
    Move { moves: Vec<FigureMove> },
    /// 16.15.4: the defender named by the prompt raises its shield, or not.
    RaiseShield { raise: bool },
    /// 16.9.4.1: the defender named by the prompt, busy with an action,
    /// defends itself (ruining the action) or ignores the attack.
    MidAction { defend: bool },
    /// 16.15.1: the Referee asks for a fresh Initiative check next round.
    FreshInitiative,
    /// A Referee override (docs/RULINGS.md), at any prompt but the end.
    Referee(Override),
    /// 16.12 step 5: the Referee's pairings for the quick round; figures not
    /// named as attackers make no attack.
    Pairings { pairs: Vec<Pairing> },
    /// 16.12: the Referee switches Quick Melee Combat on or off, from the
    /// next Melee Round (at any prompt).
    QuickMelee { on: bool },
    /// 16.13.7–16.13.13: the Referee applies a hazard to a figure (at any prompt).
    Hazard {
        figure: FigureId,
        hazard: crate::rulesets::shakhan::rules::hazard::Hazard,
    },
    /// 16.11: the defender named by the prompt Dodges a trample this way.
    Dodge {
        choice: crate::rulesets::shakhan::rules::trample::DodgeChoice,
    },
    /// 16.9.4 "Dodge a blow": the defender named by the prompt tries to dodge
    /// this blow if it strikes (1 AP), or not.
    DodgeBlow { dodge: bool },
}

/// The cards one figure plays this Melee Round, in order (16.9.2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FigureOrders {
    pub figure: FigureId,
    pub cards: Vec<CardOrder>,
    /// How the figure uses a shield when attacked (ignored without one).
    #[serde(default)]
    pub shield: ShieldStance,
    /// Whether a figure busy with an action defends when attacked (16.9.4.1).
    #[serde(default)]
    pub when_busy: BusyStance,
    /// Whether the figure dodges blows that strike it (16.9.4 "Dodge a blow").
    #[serde(default)]
    pub dodge: DodgeStance,
    /// How the figure moves in this round's Action Phases: the side's
    /// standing answer to the movement prompts (16.9.7). The engine keeps it
    /// and asks as always; a front end may answer from it without a key.
    #[serde(default, skip_serializing_if = "MoveStance::is_ask")]
    pub moves: MoveStance,
}

/// A figure's movement for the round, given with its orders: the front end's
/// standing answer to each pulse's movement prompt (docs/RULINGS.md "Moves
/// planned with the orders").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum MoveStance {
    /// Asked in every Action Phase (orders that say nothing: older orders and
    /// saves replay as they were played).
    #[default]
    Ask,
    /// Moves as its card asks: closes on its target under an attack card,
    /// draws back under E or F, stands otherwise (the AI's moves, 16.9.7–8).
    WithCard,
    /// Makes no move and no turn.
    Stand,
}

impl MoveStance {
    pub fn is_ask(&self) -> bool {
        *self == MoveStance::Ask
    }
}

/// Whether to dodge a melee blow that strikes (16.9.4 "Dodge a blow": 1 AP
/// and a Dodge check, docs/RULINGS.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum DodgeStance {
    /// Orders that say nothing do not dodge (older orders and saves replay
    /// as they were played).
    #[default]
    Never,
    /// Ask at each blow in an Attack Phase (dodges reaction attacks).
    Ask,
    Always,
}

/// What a figure in the middle of an action does when attacked (16.9.4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum BusyStance {
    /// Ask at each attack in an Attack Phase (defends against reaction attacks).
    #[default]
    Ask,
    Defend,
    Ignore,
}

/// One tactic card with its intent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardOrder {
    pub card: Card,
    /// The enemy the card is played against: attacked by A, B, C; moved away
    /// from by E, F. `None`: the nearest enemy.
    #[serde(default)]
    pub target: Option<FigureId>,
    /// An aimed strike at this area, at reduced CF (16.15.3).
    #[serde(default)]
    pub aim: Option<BodyArea>,
    /// Under G: a non-combat action taking Action Points over pulses or
    /// rounds (16.9.4), e.g. `Other(8)` or `PickUpItem`.
    #[serde(default)]
    pub action: Option<Activity>,
    /// Shakhàn 16.10.4: a brawling form for this card, announced with the
    /// orders at the start of the round (docs/RULINGS.md "Brawling").
    #[serde(default)]
    pub brawl: Option<BrawlIntent>,
    /// A missile weapon to fire at `target` (the nearest enemy in sight when
    /// `None`) in the Missile Weapon Phase, and, under G, to load again
    /// (16.5.2, 16.12.1, 16.14.3.4). `aim` makes it an aimed shot.
    #[serde(default)]
    pub missile: Option<MissileIntent>,
    /// 16.9.4: under G with an `action`, move and work on the action in the
    /// same pulses, each pulse the figure moves risking the (Agility +
    /// Dexterity) × 2.5 Saving Throw; only where the scenario allows it.
    #[serde(default)]
    pub combine: bool,
    /// 16.9.5: the player gives instructions of up to three sentences this
    /// round, so this G is the figure's only card (where the scenario limits
    /// communication).
    #[serde(default)]
    pub speaks: bool,
}

/// Shakhàn 16.12.1, 16.14.3.4: what a card does with a missile weapon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissileIntent {
    /// The weapon, by its place in the figure's missile weapons (launchers
    /// first, then thrown weapons, as the sheet lists them).
    pub weapon: usize,
    /// Keep a loaded weapon this round instead of firing it.
    #[serde(default)]
    pub hold: bool,
    /// Shout a warning to friends in the line of fire first (16.12.1: their
    /// chance of being struck is halved; 1 AP, 16.9.4 "shout").
    #[serde(default)]
    pub warn: bool,
}

impl CardOrder {
    pub fn new(card: Card, target: Option<FigureId>) -> Self {
        CardOrder {
            card,
            target,
            aim: None,
            action: None,
            brawl: None,
            missile: None,
            combine: false,
            speaks: false,
        }
    }
}

/// Whether to raise a shield against a blow (16.15.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ShieldStance {
    /// Ask at each blow in an Attack Phase (raised against reaction attacks).
    #[default]
    Ask,
    Raise,
    Lower,
}

/// One figure's movement in an Action Phase.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FigureMove {
    pub figure: FigureId,
    pub steps: Vec<Step>,
}

/// A requisite on the character sheet (16.3–16.8 derive from them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RequisiteName {
    Agility,
    Strength,
    Dexterity,
    Constitution,
    Willpower,
    Vision,
    NightVision,
    MagicResistance,
}

/// The requisite as the character sheet spells it.
impl std::fmt::Display for RequisiteName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RequisiteName::Agility => "Agility",
            RequisiteName::Strength => "Strength",
            RequisiteName::Dexterity => "Dexterity",
            RequisiteName::Constitution => "Constitution",
            RequisiteName::Willpower => "Willpower",
            RequisiteName::Vision => "Vision",
            RequisiteName::NightVision => "Night Vision",
            RequisiteName::MagicResistance => "Magic Resistance",
        })
    }
}

/// A reserve a figure's condition is measured against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReserveName {
    /// Body Damage Reserve (16.7).
    Bdr,
    /// Fatigue Point Reserve (16.6).
    Fpr,
    /// Pain Reserve (16.13.3).
    PainReserve,
}

/// One change by the Referee's fiat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Override {
    /// A new score on the sheet; the derived factors follow (and, for
    /// Willpower, the pain, bleeding and morale checks). Reserves do not.
    SetRequisite {
        figure: FigureId,
        requisite: RequisiteName,
        value: i32,
    },
    SetReserve {
        figure: FigureId,
        reserve: ReserveName,
        value: i32,
    },
    /// Damage, pain and bleeding to one body area, applied as a wound
    /// (16.7 coma and death, 16.13.3 pain checks at the next round follow).
    Wound {
        figure: FigureId,
        area: BodyArea,
        #[serde(default)]
        damage: i32,
        #[serde(default)]
        pain: f64,
        /// Bleeding points per Melee Round…
        #[serde(default)]
        bleeding: u32,
        /// …for this many rounds (16.13.4).
        #[serde(default)]
        bleeding_rounds: u32,
    },
    Heal {
        figure: FigureId,
        #[serde(default)]
        damage: i32,
        #[serde(default)]
        pain: f64,
        #[serde(default)]
        fatigue: f64,
        #[serde(default)]
        stop_bleeding: bool,
        /// The unconscious come round (not the dead).
        #[serde(default)]
        wake: bool,
    },
    /// Move or turn a figure to a free hex of the map, no AP spent.
    Place { figure: FigureId, to: Pose },
    /// A figure joins (a scenario figure entry); it takes the next number.
    AddFigure { figure: Box<scenario::Figure> },
    /// Taken off the field; its number is kept.
    RemoveFigure { figure: FigureId },
    /// The figure's morale is this (16.9.6); routed or broken, it runs.
    SetMorale { figure: FigureId, morale: Morale },
    /// This side has the Initiative (16.9.9) from now on.
    SetInitiative { side: SideId },
    /// 16.9.6: the Referee says how the battle goes for a side's Morale
    /// Checks (`side: None`: for both); `fortune: None` hands the judgement
    /// back to the scenario's `morale_standing`.
    SetFortune {
        side: Option<SideId>,
        fortune: Option<SideFortune>,
    },
    /// Shakhàn 16.3: the figure is tangled up in a net (its TCA limited), or
    /// freed from one.
    Entangle { figure: FigureId, entangled: bool },
    /// Discard `dice` d100 of the dice stream so that what comes next is
    /// rolled afresh (`Session::reroll` undoes a command, records this and
    /// makes the command again).
    Reroll { reason: String, dice: u8 },
}

/// One attacker set against one defender by the Referee (16.12 step 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    pub attacker: FigureId,
    pub defender: FigureId,
}
