//! What happened in a DragonQuest battle: every change of its state is one
//! of these, and every die rolled is carried in one.

use serde::{Deserialize, Serialize};

use super::command::{Item, SpecialAttack};
use crate::dice::Percentile;
use crate::hex::Pose;
use crate::rulesets::dragonquest::rules::damage::Standing;
use crate::rulesets::dragonquest::rules::strike::{AttackType, Hit, Mishap, Modifier, Parry};
use crate::rulesets::dragonquest::rules::tables::grievous::{Bleeding, Lasting, Trait};
use crate::rulesets::dragonquest::rules::{DamagePoints, Defense, InitiativeValue, StrikeChance};
use crate::seam::{FigureId, SideId};

/// What took a point rolled by no Damage Check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DamageCause {
    /// 25.7: a bleeding wound's point a Pulse.
    Bleeding,
    /// 23.5: the Endurance point a Disarm costs.
    Disarm,
}

/// DragonQuest 25.7: one trait a Grievous Injury changes, by how much
/// (a loss is negative) and for how long.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Impairment {
    pub what: Impairs,
    pub by: i8,
    pub lasting: Lasting,
}

/// What an injury changes: a characteristic, the TMR, or the Base Chance of
/// every Missile and Thrown weapon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Impairs {
    Trait(Trait),
    MissileAndThrownBc,
}

/// DragonQuest 19.5: the action a figure is taken to be performing until it
/// chooses again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActionKind {
    Move,
    Melee,
    Charge,
    Evade,
    Withdraw {
        defensive: bool,
    },
    Retreat,
    Pass,
    Fire,
    Close,
    Grapple,
    Spell,
    /// 26: trying to recover from Stun.
    Recover,
}

/// One figure in an engagement's order (19.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Engaged {
    pub figure: FigureId,
    pub value: InitiativeValue,
    /// Stunned, or a rear hex toward an opponent: acts after the rest (19.3, 26).
    pub last: bool,
}

/// One Strike Check and everything that went into it (24).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StrikeEvent {
    pub attacker: FigureId,
    pub target: FigureId,
    pub attack: AttackType,
    /// The attacker's weapon (its place in his list); `None`: bare hands (28).
    pub weapon: Option<usize>,
    pub strike_chance: StrikeChance,
    pub defense: Defense,
    pub modifiers: Vec<(Modifier, i32)>,
    pub modified: StrikeChance,
    pub roll: Percentile,
    pub hit: Option<Hit>,
    pub mishap: Option<Mishap>,
    /// A miss 30 or more over the Modified Strike Chance (24.4).
    pub parry_possible: bool,
    /// A Riposte (24.4), which may not itself be Parried.
    pub riposte: bool,
    /// Not at the one aimed at: a figure on the Line of Fire (23.1).
    pub in_the_way: bool,
    /// 23.5: the special attack this Strike Check is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special: Option<SpecialAttack>,
    /// 29: a monster trampling a figure it overran.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub trample: bool,
}

/// Every change of a DragonQuest battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// 19: a Pulse begins; 18.1: `free_for` is the side whose surprise gives
    /// it a free Pulse.
    PulseBegan {
        pulse: u32,
        free_for: Option<SideId>,
    },
    /// 19.2: one side's Initiative roll (`leader`: the Military Scientist Rank was added).
    InitiativeRolled {
        side: SideId,
        roller: FigureId,
        d10: u8,
        total: i32,
        leader: bool,
    },
    /// 19.2: the side with the Initiative (`None`: no side could roll).
    InitiativeWon { side: Option<SideId> },
    /// 19.3–19.4: the engagements, each in its order, and the sides that act
    /// after them, the Initiative's winner first.
    TurnsSet {
        engagements: Vec<Vec<Engaged>>,
        sides: Vec<SideId>,
    },
    /// 19.3: the engagement's leading figure acts now, or last.
    LeadChosen { figure: FigureId, now: bool },
    /// 19.2: the side with the Initiative acts now, or after the other.
    SideChosen { side: SideId, now: bool },
    /// 19.5: the figure takes this action (its turn in the Pulse).
    ActionChosen {
        figure: FigureId,
        action: ActionKind,
        moving: bool,
    },
    /// 22.3: the figure combines two actions this Pulse; the action chosen
    /// next is the first, and its turn stays open for the second.
    Combining { figure: FigureId },
    /// 21.1: the figure's pose after moving; `hexes` entered.
    Moved {
        figure: FigureId,
        to: Pose,
        hexes: u8,
    },
    /// A figure whose turn came but who cannot act (down, routed).
    TurnLost { figure: FigureId },
    /// 21: every non-engaged figure of the side has acted.
    SideDone { side: SideId },
    /// 24.1–24.2: a Strike Check.
    Strike(Box<StrikeEvent>),
    /// 24.4: the Evading defender's Parry roll.
    Parried {
        defender: FigureId,
        attacker: FigureId,
        d10: u8,
        result: Parry,
        /// 24.4: the Ranks the D10 is modified by (the defender's added, the
        /// attacker's taken away; none counts 0).
        #[serde(default)]
        defender_rank: u8,
        #[serde(default)]
        attacker_rank: u8,
    },
    /// 25: damage taken (`d10` is `None` where no Damage Check was rolled:
    /// the Referee gave it, or `cause` says what took it).
    Damaged {
        figure: FigureId,
        d10: Option<u8>,
        points: DamagePoints,
        absorbed: DamagePoints,
        fatigue: DamagePoints,
        endurance: DamagePoints,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cause: Option<DamageCause>,
    },
    /// 25.3, 25.7: the Grievous Injury roll, and the injury if any.
    Grievous {
        figure: FigureId,
        roll: Percentile,
        injury: Option<String>,
        /// The D10 of an injury that rolls one, and the extra Endurance lost.
        d10: Option<u8>,
        /// What that D10 struck (which eye, which leg).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        struck: Option<String>,
        endurance: DamagePoints,
        /// 31: per cent the injury adds to the chance of infection.
        #[serde(default)]
        infection: u8,
    },
    /// 25.7: the injury bleeds, a point a Pulse.
    Bleeding {
        figure: FigureId,
        bleeding: Bleeding,
    },
    /// 25.3: a Grievous Injury dents the armour by 2.
    ArmourDented { figure: FigureId, protection: u8 },
    /// 26, 25.7: the figure is Stunned.
    Stunned { figure: FigureId },
    /// 26: a Stun recovery roll.
    StunRecovery {
        figure: FigureId,
        roll: Percentile,
        needed: u32,
        recovered: bool,
    },
    /// 26: unconscious or dead.
    Fell {
        figure: FigureId,
        standing: Standing,
    },
    /// 24.3: the D100 against modified MD × 3 that may avert a drop or break.
    MishapCheck {
        figure: FigureId,
        roll: Percentile,
        needed: u32,
        averted: bool,
        /// 24.3: a 99's check, whether the weapon breaks (else whether what
        /// is in hand is kept hold of).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        breaks: bool,
    },
    /// The item falls to the ground in that hex.
    Dropped {
        figure: FigureId,
        item: Item,
        at: crate::hex::Hex,
    },
    /// 24.3: the weapon breaks.
    Broken { figure: FigureId, item: Item },
    /// 20.4: taken in hand.
    Prepared { figure: FigureId, item: Item },
    /// 20.4: slung or put away.
    PutAway { figure: FigureId, item: Item },
    /// 20.4: picked up from the ground (and now in hand).
    PickedUp { figure: FigureId, item: Item },
    /// 27.2 note G: one Pass of loading; `loaded` once done.
    Loading {
        figure: FigureId,
        item: usize,
        loaded: bool,
    },
    /// The Missile Weapon's load is spent by firing.
    Unloaded { figure: FigureId, item: usize },
    /// A Thrown Weapon leaves the hand and lands (or lodges) in that hex.
    Thrown {
        figure: FigureId,
        item: usize,
        at: crate::hex::Hex,
    },
    /// Down or up; 30: a rider who goes down has fallen from his mount.
    Prone { figure: FigureId, prone: bool },
    /// 29: a monster of several hexes moved or pivoted into `figure`'s hex:
    /// it is knocked prone (a trample may follow).
    Overrun { monster: FigureId, figure: FigureId },
    /// 30: a rider falls from his mount (it leaves the fight).
    Unhorsed { figure: FigureId, mount: String },
    /// 30: after a mounted Charge the mount runs on next Pulse (`on`), or
    /// has run on and is in hand again.
    Momentum { figure: FigureId, on: bool },
    /// 24.4: Parried, the defender must Pass next Pulse; cleared once it has.
    MustPass { figure: FigureId, must: bool },
    /// 27.4: a Class A Missile or Thrown Weapon lodged: Agility lost.
    Lodged {
        figure: FigureId,
        agility: u8,
        draw: i32,
    },
    /// 27.4: a lodged weapon drawn out; its damage follows as `Damaged`.
    DrawnOut { figure: FigureId, agility: u8 },
    /// 22.5: D100 against Perception × 4 before a Melee attack into an
    /// obscured hex; failed, the attack does not take place.
    ObscuredCheck {
        figure: FigureId,
        roll: Percentile,
        needed: u32,
        passed: bool,
    },
    /// 20.6: the defender's Repulse roll.
    Repulse {
        defender: FigureId,
        attacker: FigureId,
        d10: u8,
        repulsed: bool,
    },
    /// 20.7: the roll to break Close Combat contact.
    BreakContact {
        figure: FigureId,
        d10: u8,
        total: i64,
        broke: bool,
    },
    /// 25.7: every trait an injury changes, each with how long it lasts.
    Impaired {
        figure: FigureId,
        changes: Vec<Impairment>,
    },
    /// 23.5 Trip, Entangle, Shield Rush: D100 against modified AG × 3 to
    /// keep one's footing; failed, the figure falls prone.
    Footing {
        figure: FigureId,
        roll: Percentile,
        needed: u32,
        kept: bool,
    },
    /// 23.5 Entangle: the consecutive Passes still needed to be free (2 when
    /// caught or when a Pulse is spent otherwise, 0: free).
    Entangled { figure: FigureId, passes: u8 },
    /// 23.5 Knockout: unconscious for D10 + 5 minutes (the Referee's secret).
    KnockedOut {
        figure: FigureId,
        d10: u8,
        minutes: u8,
    },
    /// 23.5 Restrain: pinned by `by` (`None`: the hold is broken).
    Restrained {
        figure: FigureId,
        by: Option<FigureId>,
    },
    /// 31: the Infection Check at the end of the fight for a wounded figure
    /// still alive: 10 %, + 20 and the Endurance lost if any, + the
    /// injuries' increases; `endurance` is the figure's original Endurance,
    /// the cure's roll each morning after.
    InfectionCheck {
        figure: FigureId,
        endurance_lost: u32,
        injuries: u32,
        chance: u32,
        roll: Percentile,
        infected: bool,
        endurance: u8,
    },
    /// A side breaks and leaves the fight (the Referee's word).
    Routed { side: SideId },
    /// The fight is over: every other side is down or gone.
    BattleEnded { winner: Option<SideId> },
}
