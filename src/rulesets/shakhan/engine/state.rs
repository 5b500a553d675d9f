//! The battle's state, changed only by [`Battle::apply`](Battle).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::command::{
    BusyStance, CardOrder, Command, DodgeStance, FigureOrders, MoveStance, Pairing, ShieldStance,
};
use super::event::{Event, Flight, Phase};
use crate::dice::Dice;
use crate::hex::{Hex, HexMap, Pose};
use crate::rulesets::shakhan::rules::Card;
use crate::rulesets::shakhan::rules::character::{Character, Factors};
use crate::rulesets::shakhan::rules::condition::{Condition, SideFortune, StartingState};
use crate::rulesets::shakhan::rules::tables::Tables;
use crate::rulesets::shakhan::rules::tables::actions::Activity;
use crate::rulesets::shakhan::rules::tables::weapons::WeaponKind;
use crate::rulesets::shakhan::scenario::{Figure as ScenarioFigure, Options, SideSpec};
use crate::seam::{FigureId, SideId, places};

/// A battle in progress: world, figures, round, phase, dice and log.
#[derive(Debug, Clone)]
pub struct Battle {
    pub(super) tables: &'static Tables,
    /// Never changed during a battle: shared by the copies `submit` makes.
    pub(super) map: Arc<HexMap>,
    pub(super) sides: Arc<Vec<SideSpec>>,
    pub(super) figures: Vec<Figure>,
    pub(super) options: Options,
    /// Normal Melee Rounds begun (free rounds are not counted).
    pub(super) round: u32,
    pub(super) free_round: bool,
    pub(super) free_rounds_left: u8,
    pub(super) phase: Phase,
    pub(super) initiative: Option<SideId>,
    pub(super) moves_first: Option<SideId>,
    pub(super) fresh_initiative: bool,
    /// 16.9.9.1: the surprising side keeps Initiative into the next normal round.
    pub(super) initiative_held: bool,
    /// 16.9.10: Initiative Priority, highest first (empty under 16.9.9).
    pub(super) priority: Vec<FigureId>,
    /// 16.12 Quick Melee Combat: this round, the next, the pairings.
    pub(super) quick: QuickState,
    pub(super) sealed: Vec<Option<Arc<[FigureOrders]>>>,
    pub(super) winner: Option<Option<SideId>>,
    /// 16.9.6: the Referee's call on how the battle goes, per side (`None`:
    /// the scenario's `morale_standing` judges).
    pub(super) fortune_calls: [Option<SideFortune>; 2],
    /// 16.14.3.2: missiles still in the air, in the order loosed.
    pub(super) in_flight: Vec<Flight>,
    /// Melee Rounds (free ones too) begun since the last strike attempt.
    pub(super) rounds_since_strike: u32,
    /// Whether any figure could Trample/Crush an enemy (16.11); kept as
    /// figures enter.
    pub(super) tramplers: bool,
    /// The blow a question is about (shield, dodge, busy), kept from the
    /// step that stopped to ask until the next event: finding the next
    /// strike scans every figure, and a question was otherwise found three
    /// times (measured, issue 19). Derived state: a debug assertion checks
    /// it against [`Battle::next_strike`] at every use.
    pub(super) asked: Option<PendingStrike>,
    /// Which figures stand in which hex, so that who may strike whom looks
    /// only at the hexes within reach (issue 19). Derived state, changed only
    /// by [`Battle::place`]; checked against the figures at each use.
    pub(super) places: places::Places,
    pub(super) dice: Dice,
    /// The event log; without [`Battle::forget_log`], every event since the
    /// battle began.
    pub(super) events: Vec<Event>,
    /// Keep only the last command's events ([`Battle::forget_log`]).
    pub(super) forgetful: bool,
    pub(super) commands: Vec<Command>,
}

impl Battle {
    /// The index of where figures stand, checked against them in debug
    /// builds, so every test battle proves it in step.
    pub(super) fn places(&self) -> &places::Places {
        debug_assert_eq!(
            self.places,
            places::Places::new(self.figures.iter().map(|f| (f.id, f.pose.hex))),
            "the index of where figures stand is out of step"
        );
        &self.places
    }

    /// The figure holding `hex` (the first listed, should several), other
    /// than `besides`: the dead are stepped over, the fled have left.
    pub(super) fn holder(&self, hex: Hex, besides: Option<FigureId>) -> Option<&Figure> {
        (self.places().at(hex))
            .map(|id| &self.figures[id.0])
            .find(|f| Some(f.id) != besides && f.occupies())
    }

    /// Figures of `side` that are still in the fight.
    pub(super) fn active(&self, side: usize) -> impl Iterator<Item = &Figure> {
        self.figures
            .iter()
            .filter(move |f| f.side == side && !f.condition.is_out())
    }
}

/// One figure on the map.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    pub id: FigureId,
    pub name: String,
    pub side: usize,
    pub pose: Pose,
    /// The sheet and its factors never change during a battle; they are
    /// shared, not copied, by the copy each command is tried on.
    pub character: Arc<Character>,
    pub factors: Arc<Factors>,
    pub condition: Condition,
    /// A non-combat action under way (16.9.4): it may take several pulses
    /// or rounds, and an attack may spoil it (16.9.4.1).
    pub action: Option<ActionUnderWay>,
    /// What earlier weapon and armour checks left of its gear (16.15.4).
    pub gear: Gear,
    /// 16.9.6: +10 to morale checks in a figure's first serious fight.
    pub first_serious_combat: bool,
    /// 16.11: designated able to Trample/Crush by the Referee.
    pub tramples: bool,
    pub round: RoundPlay,
    /// Shakhàn 16.10.4: holds and a drop-kick carried into the next round.
    pub brawl: BrawlState,
    /// Its missile weapons: loaded, loading, shots left (16.5.2).
    pub missile: Quiver,
    /// Blows that have landed on it this battle, as the table saw them.
    pub blows_taken: u32,
    /// Shakhàn 16.15.4 "impaled on set weapon": the hex its latest charge (a
    /// move under A or B) began from, kept until the Attack Phase after that
    /// move has ended (a round may end in between).
    pub charge_from: Option<Hex>,
    /// Shakhàn 16.3: tangled up in a net (its TCA is limited) until the
    /// Referee frees it or it cuts itself free.
    pub entangled: bool,
}

impl Figure {
    /// A scenario's figure entering the battle with its checked sheet and
    /// factors, in the starting state the scenario gives it.
    pub(super) fn enter(
        id: FigureId,
        side: usize,
        spec: &ScenarioFigure,
        character: Arc<Character>,
        factors: Arc<Factors>,
    ) -> Figure {
        let s = &spec.state;
        let start = StartingState {
            prone: s.prone,
            damage: s.damage,
            pain: s.pain,
            fatigue: s.fatigue,
            bleeding: s.bleeding,
            bleeding_rounds: s.bleeding_rounds,
        };
        let missile = Quiver::new(&character, s.missile_loaded);
        Figure {
            id,
            name: spec.name.clone(),
            side,
            pose: Pose::new(spec.at, spec.facing),
            condition: Condition::for_character(&character, &factors, &start),
            gear: Gear::whole(character.weapons.len()),
            character,
            factors,
            first_serious_combat: s.first_serious_combat,
            tramples: spec.tramples,
            action: None,
            round: RoundPlay::default(),
            brawl: BrawlState::default(),
            missile,
            blows_taken: 0,
            charge_from: None,
            entangled: s.entangled,
        }
    }

    /// The melee weapon the figure strikes with: the first usable one not
    /// ruined or unusable (16.15.4 `w`).
    pub fn weapon_in_hand(&self) -> Option<usize> {
        (0..self.factors.weapons.len())
            .find(|&i| self.factors.weapons[i].usable() && self.gear.weapons[i] > 0.0)
    }

    /// Strike Zone reach in hexes (16.10.2; docs/RULINGS.md): pole weapons
    /// two, every other weapon one, none without a weapon in hand.
    pub fn reach(&self) -> u32 {
        match self
            .weapon_in_hand()
            .map(|w| self.character.weapons[w].kind)
        {
            None => 0,
            Some(WeaponKind::Pike | WeaponKind::PoleArm | WeaponKind::Halberd) => 2,
            Some(_) => 1,
        }
    }

    /// AP one strike with the weapon in hand costs (16.9.4): body weaponry
    /// 0.5, a weapon 1.
    pub fn strike_cost(&self, t: &Tables) -> f64 {
        let natural = self
            .weapon_in_hand()
            .is_some_and(|w| t.weapons.melee(self.character.weapons[w].kind).natural);
        t.actions.cost(if natural {
            Activity::StrikeBodyWeapon
        } else {
            Activity::StrikeWeapon
        })
    }

    /// Whether the figure holds its hex: the dead are stepped over, and the
    /// fled and surrendered have left the field (docs/RULINGS.md).
    pub fn occupies(&self) -> bool {
        !self.condition.is_dead() && self.condition.withdrawn().is_none()
    }
}

/// Shakhàn 16.15.4 `w` and `a`: the share of each item's damage or protection
/// factor left (1 whole, 0.75 and 0.5 damaged, 0 ruined or unusable).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Gear {
    /// Per melee weapon, in the character's order.
    pub weapons: Vec<f64>,
    /// Worn armour, per body area in `BodyArea::ALL` order.
    pub armour: [f64; 6],
    pub shield: f64,
}

impl Gear {
    pub fn whole(weapons: usize) -> Self {
        Gear {
            weapons: vec![1.0; weapons],
            armour: [1.0; 6],
            shield: 1.0,
        }
    }
}

/// Shakhàn 16.9.4, 16.9.8: an action accruing Action Points until done.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ActionUnderWay {
    pub activity: Activity,
    pub needed: f64,
    pub spent: f64,
}

/// A card as played this round, and what it has done.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayedCard {
    pub order: CardOrder,
    /// Strikes made under this card (16.14.3.6: attacks per card).
    pub strikes: u8,
    /// The attack (attacker, their card index) this card matched (16.9.3);
    /// the first one binds it for the round.
    pub matched: Option<(FigureId, usize)>,
    /// The enemy this card first struck at: it fights that enemy for the
    /// rest of the round (16.9.3, docs/RULINGS.md "Whose card answers whom").
    #[serde(default)]
    pub fought: Option<FigureId>,
    /// Lost to imbalance (16.15.4 `(x)`).
    pub lost: bool,
}

impl PlayedCard {
    pub fn card(&self) -> Card {
        self.order.card
    }
}

/// A figure's round: cards, Action Points and this pulse's movement.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RoundPlay {
    pub cards: Vec<PlayedCard>,
    pub shield: ShieldStance,
    pub when_busy: BusyStance,
    /// 16.9.4 "Dodge a blow": the orders' stance.
    pub dodge: DodgeStance,
    /// How the orders say the figure moves this round (a front end's
    /// standing answer to the movement prompts).
    pub moves: MoveStance,
    /// The answer to the dodge question for the pending blow of this
    /// attacker; cleared once a blow is struck at the figure.
    pub dodge_answer: Option<(FigureId, bool)>,
    /// Round Action Points left (16.9.4); never negative.
    pub ap_left: f64,
    /// 16.9.8 Pulse Movement Allowance.
    pub pulse_ap: f64,
    /// Movement AP usable in the current pulse (allowance plus carried fraction).
    pub pulse_left: f64,
    /// Enemies who have struck at this figure this round (E may answer them).
    pub attacked_by: Vec<FigureId>,
    /// Struck in the current Attack Phase already.
    pub struck_this_phase: bool,
    /// Moved in the current pulse already.
    pub moved_this_pulse: bool,
    /// Left its hex this round (pivots do not count): its weapon is not
    /// "set" (16.15.4).
    pub walked: bool,
    /// Round Action Points awarded at the reveal (16.9.4).
    pub ap_awarded: f64,
    /// Action Points spent moving this round (16.11: half of them to trample).
    pub moved_ap: f64,
    /// Enemies this figure has trampled this round (16.11: once each).
    pub trampled: Vec<FigureId>,
    /// None of this round's cards can strike again: the figure has no card
    /// in effect, and within a round a card never comes back (strikes and
    /// losses only grow, lapsing only spreads). Set after its strikes, so
    /// later Attack Phases pass the figure over and its card in effect is
    /// answered without looking.
    pub(super) cards_spent: bool,
}

impl RoundPlay {
    /// A new round's play. The lists keep their room: a battle runs many
    /// rounds, and allocating them again each round was a measurable share
    /// of a round's cost (BENCHMARKS.md).
    pub(super) fn start_over(&mut self) {
        let mut cards = std::mem::take(&mut self.cards);
        let mut attacked_by = std::mem::take(&mut self.attacked_by);
        let mut trampled = std::mem::take(&mut self.trampled);
        cards.clear();
        attacked_by.clear();
        trampled.clear();
        *self = RoundPlay {
            cards,
            attacked_by,
            trampled,
            ..RoundPlay::default()
        };
    }
}

/// A figure's brawling state that outlasts a Melee Round.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct BrawlState {
    /// Shakhàn 16.10.4.1: the figures restraining this one.
    pub held_by: Vec<FigureId>,
    /// Shakhàn 16.10.4.1: the figures this one is among the holders of (the other side of
    /// `held_by`, so that who a figure holds is found without a look at
    /// every figure).
    #[serde(default)]
    pub holds: Vec<FigureId>,
    /// The round the hold was taken (its check is repeated in later rounds).
    pub held_since: u32,
    /// Shakhàn 16.10.4.8: a drop-kick begun on the last card of the round,
    /// at this target, to land next round.
    pub kick: Option<FigureId>,
}

/// A figure's missile weapons in play (16.5.2).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Quiver {
    /// The weapon loaded and ready to fire, by its index.
    pub loaded: Option<usize>,
    /// The weapon being loaded (the action under way is its loading).
    pub loading: Option<usize>,
    /// Shots left per weapon (arrows, bolts, weapons to throw).
    pub shots: Vec<u32>,
    /// Moved in the last pulse of the round before: still moving when this
    /// round's missiles are loosed (16.15.14 "firer moving").
    pub moving: bool,
}

impl Quiver {
    /// At the start of a battle: nothing loaded unless the scenario says its
    /// first missile weapon is.
    pub fn new(c: &Character, first_loaded: bool) -> Quiver {
        let shots: Vec<u32> = c.missile_weapons.iter().map(|m| m.ammunition).collect();
        Quiver {
            loaded: (first_loaded && shots.first().is_some_and(|n| *n > 0)).then_some(0),
            loading: None,
            shots,
            moving: false,
        }
    }
}

/// A strike about to be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct PendingStrike {
    pub attacker: FigureId,
    pub defender: FigureId,
    pub card_index: usize,
    pub reaction: bool,
}

/// Quick Melee Combat state: whether this round is quick, whether the next
/// will be (the scenario option, or the Referee's switch), and the pairings.
#[derive(Debug, Clone, Default)]
pub(super) struct QuickState {
    pub now: bool,
    pub next: bool,
    pub pairings: Vec<Pairing>,
}
