//! The tactical AI: an answer to every prompt, for any side, from what that
//! side can see (docs/RULINGS.md, "The AI"). It reads positions, facings,
//! the enemy's weapons and Combat Factors from their sheets, revealed cards,
//! the blows the table saw land and each enemy's visible state (status,
//! prone, visible bleeding, the symptoms of criticals); of its own figures it
//! knows everything. It never reads sealed orders, exact enemy injuries or
//! the dice, and draws no randomness: the same battle gives the same answer.
//!
//! - Orders (16.9.1–16.9.3, 16.3): see [`figure_orders`].
//! - Movement priority (16.14.3): first when its side is closing on an enemy
//!   that stands or draws back, second otherwise (to see where the enemy goes).
//! - Movement (16.9.7–16.9.8): toward the card's target or away from it along
//!   the cheapest way round enemies' Strike Zones, within the pulse allowance
//!   and the card's obligation, keeping the Action Points its strikes need.
//! - Shields are raised (16.15.4); a busy figure defends unless its action
//!   is all but done (16.9.4.1).

mod approach;
mod brawl;
mod field;
mod lattice;
mod missile;
mod moves;
mod orders;
mod quick;
mod trample;

pub use orders::figure_orders;

use crate::hex::{Hex, HexMap};
use crate::rulesets::shakhan::engine::{Battle, Command, Figure, FigureMove, Prompt};
use crate::rulesets::shakhan::rules::Card;
use crate::rulesets::shakhan::rules::tables::actions::{Activity, StrikeRight};
use crate::rulesets::shakhan::rules::tables::tables;
use crate::seam::{FigureId, SideId};
use field::Ground;

/// The AI's answer to `prompt`. It is always accepted: orders keep to TCA
/// and to what each figure's condition allows, and every move has passed
/// [`Battle::check_moves`].
pub fn answer(battle: &Battle, prompt: &Prompt) -> Command {
    match *prompt {
        Prompt::Orders { side } => Command::Orders {
            side,
            orders: orders::side_orders(battle, side.0),
        },
        Prompt::MovementPriority { side } => Command::MovementPriority {
            move_first: moves::move_first(battle, side.0),
        },
        Prompt::DivineIntervention => Command::DivineIntervention { note: None },
        Prompt::Movement { side, .. } => Command::Move {
            moves: moves::side_moves(battle, side.0),
        },
        Prompt::FigureMovement { figure, .. } => Command::Move {
            moves: moves::figure_moves(battle, figure),
        },
        Prompt::RaiseShield { .. } => Command::RaiseShield { raise: true },
        Prompt::Pairings => Command::Pairings {
            pairs: quick::pairings(battle),
        },
        Prompt::Dodge { defender, .. } => Command::Dodge {
            choice: trample::dodge_choice(battle, defender),
        },
        Prompt::DodgeBlow { defender, .. } => Command::DodgeBlow {
            dodge: dodge_blow(battle.figure(defender)),
        },
        Prompt::MidAction { defender, .. } => Command::MidAction {
            defend: !action_all_but_done(battle.figure(defender)),
        },
        // Nothing is asked once the battle is over; any answer is refused.
        Prompt::Finished { .. } => Command::DivineIntervention { note: None },
    }
}

/// The moves of `figures` of `side` in this Action Phase, planned as the AI
/// plans its own (16.9.7–16.9.8): a front end's standing answer for figures
/// whose orders say they move with their card. The others stand.
pub fn planned_moves(battle: &Battle, side: SideId, figures: &[FigureId]) -> Vec<FigureMove> {
    moves::moves_of(battle, side.0, |f| figures.contains(&f.id))
}

/// 16.9.4 "Dodge a blow": dodge unless the Action Point it costs would leave
/// too few for the figure's own strikes still to come this round.
fn dodge_blow(f: &Figure) -> bool {
    let t = tables();
    let cost = t.actions.cost(Activity::Dodge);
    let strikes_to_come = f
        .round
        .cards
        .iter()
        .filter(|c| !c.lost && c.strikes == 0 && t.actions.card(c.card()).is_attack)
        .count();
    let needed = strikes_to_come as f64 * f.strike_cost(t);
    f.round.ap_left - cost >= needed - 1e-9
}

/// 16.9.4.1: an action the figure would finish in its next Action Phase is
/// worth carrying on with rather than spoiling it to defend.
fn action_all_but_done(f: &Figure) -> bool {
    f.action.is_some_and(|a| {
        let left = a.needed - a.spent;
        left <= f.round.pulse_ap.min(f.round.ap_left) + 1e-9
    })
}

/// The Combat Factor a figure fights with (16.4): its weapon's, else its
/// basic CF. The enemy's is read off its sheet, as a referee tells the table.
fn combat_factor(f: &Figure) -> i32 {
    f.weapon_in_hand()
        .and_then(|w| f.factors.weapons[w].cf)
        .unwrap_or(f.factors.basic_cf)
        .0
}

/// Chance in 0..1 that a strike at Combat Differential `diff` under card
/// `attack` lands against card `defence` (16.15.2, 01–02 always strike).
fn hit_chance(diff: i32, attack: Card, defence: Card) -> f64 {
    let mcrt = &tables().mcrt;
    mcrt.success_threshold(
        diff,
        attack,
        defence,
        mcrt.rout_defending_modifier_default(),
    )
    .map_or(0.0, |t| f64::from(t.clamp(2, 98)) / 100.0)
}

/// Whether a figure's card in effect lets it strike now (16.9.1), so that
/// walking out of its Strike Zone draws a reaction attack (16.10.1).
fn may_strike_now(battle: &Battle, f: &Figure) -> bool {
    battle
        .current_card(f.id)
        .is_some_and(|k| tables().actions.card(f.round.cards[k].card()).strike == StrikeRight::May)
}

/// Enemies of `side` still in the fight.
fn enemies(battle: &Battle, side: usize) -> impl Iterator<Item = &Figure> {
    battle
        .figures()
        .iter()
        .filter(move |e| e.side != side && !e.condition.is_out())
}

/// Hexes figures hold, as the engine counts them (the dead are stepped
/// over, the fled are gone).
fn occupied(battle: &Battle) -> HexSet {
    let mut taken = HexSet::empty(battle.map());
    for f in battle.figures().iter().filter(|f| f.occupies()) {
        taken.insert(f.pose.hex);
    }
    taken
}

/// Per map hex (row by row): whether it lies in the Strike Zone of an enemy
/// of `side` who stands, holds a weapon and, if `striking_only`, may strike
/// under its revealed card now.
fn enemy_zones(battle: &Battle, ground: &Ground, side: usize, striking_only: bool) -> HexSet {
    let mut zones = HexSet::empty(battle.map());
    for e in enemies(battle, side) {
        if e.condition.is_prone() || (striking_only && !may_strike_now(battle, e)) {
            continue;
        }
        for h in ground
            .zone(e.pose, e.reach(), e.character.strike_zone)
            .iter()
        {
            zones.insert(*h);
        }
    }
    zones
}

/// A set of map hexes, one bit per hex (row by row): looked up at every
/// step of a search.
#[derive(PartialEq, Eq)]
struct HexSet {
    width: i32,
    len: usize,
    bits: Vec<u64>,
}

impl Clone for HexSet {
    fn clone(&self) -> HexSet {
        HexSet {
            width: self.width,
            len: self.len,
            bits: self.bits.clone(),
        }
    }

    /// Keeps the buffer: kept searches copy their sets into the last one's.
    fn clone_from(&mut self, source: &HexSet) {
        (self.width, self.len) = (source.width, source.len);
        self.bits.clone_from(&source.bits);
    }
}

impl HexSet {
    fn empty(map: &HexMap) -> HexSet {
        let len = usize::from(map.width()) * usize::from(map.height());
        HexSet {
            width: i32::from(map.width()),
            len,
            bits: vec![0; len.div_ceil(64)],
        }
    }

    fn index(&self, h: Hex) -> Option<usize> {
        ((0..self.width).contains(&h.col) && h.row >= 0)
            .then(|| (h.row * self.width + h.col) as usize)
            .filter(|&i| i < self.len)
    }

    /// Whether hex number `cell` (row by row) is in the set; `cell` is on
    /// the map.
    #[inline]
    fn has_cell(&self, cell: u32) -> bool {
        self.bits[cell as usize / 64] & (1 << (cell % 64)) != 0
    }

    fn contains(&self, h: Hex) -> bool {
        self.index(h)
            .is_some_and(|i| self.bits[i / 64] & (1 << (i % 64)) != 0)
    }

    fn insert(&mut self, h: Hex) {
        if let Some(i) = self.index(h) {
            self.bits[i / 64] |= 1 << (i % 64);
        }
    }

    fn remove(&mut self, h: Hex) {
        if let Some(i) = self.index(h) {
            self.bits[i / 64] &= !(1 << (i % 64));
        }
    }
}

/// What the table has seen of the fight so far besides each figure's state
/// (of which the blows it took, [`Figure::blows_taken`]): how many whole
/// rounds have passed since anyone last struck.
struct Seen {
    quiet_rounds: u32,
}

impl Seen {
    fn of(battle: &Battle) -> Seen {
        Seen {
            quiet_rounds: battle.rounds_since_strike().saturating_sub(1),
        }
    }
}
