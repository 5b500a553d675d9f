//! What a seat may see, as JSON: the table view of the battle (positions,
//! facings, Strike Zones, who is still in the fight) and, for the seat's own
//! figures only, what its orders may hold. Never the referee's information,
//! never another side's orders: this is the only place a seat's view is
//! made, and `tests/seats.rs` looks for sealed orders in it.

use serde::{Deserialize, Serialize};

use super::ask::QuestionView;
use crate::hex::{Facing, Terrain};
use crate::rulesets::shakhan::engine::{Battle, Figure, FigureOrders};
use crate::rulesets::shakhan::rules::{BodyArea, Card};
use crate::scenario::SideColour;
use crate::seam::SideId;

/// One seat's view of the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatView {
    pub side: usize,
    pub side_name: String,
    /// Every side's name, by its number.
    pub sides: Vec<String>,
    /// Every side's colour (CSS), by its number: the one the shared screen
    /// shows it in, so that a player finds their figures at a glance.
    pub colours: Vec<String>,
    /// The Melee Round: a seal names it, and a seal for another is stale.
    pub round: u32,
    /// Whether this side may seal now; else `waiting` says why not.
    pub open: bool,
    pub waiting: Option<String>,
    pub map: MapView,
    pub figures: Vec<FigureView>,
    /// The orders this seat sealed this round (any of its devices), until
    /// the round runs.
    pub sealed: Option<SealedView>,
    /// What the laptop asks of this seat now (movement, a shield, …).
    pub question: Option<QuestionView>,
    /// The laptop's word to this seat (an answer it did not use, and why).
    pub notice: Option<String>,
}

/// The map's hexes, one character per hex, a row per string (offset
/// coordinates, odd columns half a hex down, as `hex::Hex`):
/// `.` open, `~` poor footing, `#` blocked, `%` obscured, `c` cover,
/// `:` cramped.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MapView {
    pub width: u16,
    pub height: u16,
    pub rows: Vec<String>,
}

/// A figure as the table sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FigureView {
    pub id: usize,
    pub name: String,
    pub side: usize,
    pub col: i32,
    pub row: i32,
    /// N, NE, SE, S, SW, NW.
    pub facing: Facing,
    /// `fighting`, `prone` or `out`.
    pub state: String,
    /// 16.10.2: the hexes it can strike into now, as `[col, row]`.
    pub zone: Vec<[i32; 2]>,
    /// For the seat's own figures: what their orders may hold.
    pub own: Option<OwnFigure>,
}

/// What one of the seat's figures may be ordered to do this round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OwnFigure {
    /// 16.3: the Tactic Card Allowance this round.
    pub tca: u32,
    /// Each card, the AP it alone gives (16.9.4) and why it may not be
    /// played, if it may not.
    pub cards: Vec<CardChoice>,
    /// Body areas an attack card may aim at (16.15.3).
    pub aims: Vec<BodyArea>,
    /// Its missile weapons, by their place (a card's `missile.weapon`).
    pub missiles: Vec<String>,
    pub shield: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardChoice {
    pub card: Card,
    pub ap: f64,
    pub refused: Option<String>,
}

/// A seat's seal as its devices see it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SealedView {
    pub orders: Vec<FigureOrders>,
    /// The device that sealed (a page's own random name): another device of
    /// the seat tells its player their orders were replaced.
    pub device: String,
}

/// The map's character for a terrain (see [`MapView`]).
fn terrain_char(t: Terrain) -> char {
    match t {
        Terrain::Open => '.',
        Terrain::Poor => '~',
        Terrain::Blocked => '#',
        Terrain::Obscured => '%',
        Terrain::Cover(_) => 'c',
        Terrain::Cramped => ':',
    }
}

/// Shakhàn 16.10.2: the hexes a figure can strike into, as the display draws
/// them (in the fight, standing, with reach).
fn zone(battle: &Battle, f: &Figure) -> Vec<[i32; 2]> {
    if f.condition.is_out() || f.condition.is_prone() || f.reach() == 0 {
        return Vec::new();
    }
    battle
        .map()
        .strike_zone(f.pose, f.reach(), f.character.strike_zone)
        .map(|h| [h.col, h.row])
        .collect()
}

fn own(battle: &Battle, f: &Figure) -> OwnFigure {
    OwnFigure {
        tca: battle.tca(f.id),
        cards: Card::ALL
            .iter()
            .map(|&card| CardChoice {
                card,
                ap: battle.ap_award(f.id, &[card]).ap,
                refused: f.condition.allows(card).err().map(|why| why.to_string()),
            })
            .collect(),
        aims: BodyArea::ALL.to_vec(),
        missiles: f
            .factors
            .missile_weapons
            .iter()
            .map(|w| w.name.clone())
            .collect(),
        shield: f.character.shield.is_some(),
    }
}

/// The view of `side`'s seat of `battle` as it stands (nothing sealed yet:
/// the seat book adds its own seal).
pub fn seat_view(battle: &Battle, side: SideId) -> SeatView {
    let map = battle.map();
    let rows = (0..i32::from(map.height()))
        .map(|row| {
            (0..i32::from(map.width()))
                .map(|col| {
                    map.terrain(crate::hex::Hex::new(col, row))
                        .map_or(' ', terrain_char)
                })
                .collect()
        })
        .collect();
    let figures = battle
        .figures()
        .iter()
        .map(|f| FigureView {
            id: f.id.0,
            name: f.name.clone(),
            side: f.side,
            col: f.pose.hex.col,
            row: f.pose.hex.row,
            facing: f.pose.facing,
            state: if f.condition.is_out() {
                "out"
            } else if f.condition.is_prone() {
                "prone"
            } else {
                "fighting"
            }
            .to_string(),
            zone: zone(battle, f),
            own: (f.side == side.0 && f.condition.can_act()).then(|| own(battle, f)),
        })
        .collect();
    let waiting = match battle.prompt() {
        // Said as the laptop says it, not as "the round is under way".
        crate::rulesets::shakhan::engine::Prompt::Finished { winner } => Some(match winner {
            Some(w) => format!(
                "The battle is over: {} won after {}.",
                battle.sides()[w.0].name,
                crate::words::count(battle.round() as usize, "round", "rounds")
            ),
            None => "The battle is over: nobody is left standing.".into(),
        }),
        _ => battle.check_sealing(side, &[]).err().map(|r| r.0),
    };
    SeatView {
        side: side.0,
        side_name: battle.sides()[side.0].name.clone(),
        sides: battle.sides().iter().map(|s| s.name.clone()).collect(),
        colours: (battle.sides().iter())
            .map(|s| css_colour(s.colour).to_owned())
            .collect(),
        round: battle.round(),
        open: waiting.is_none(),
        waiting,
        map: MapView {
            width: map.width(),
            height: map.height(),
            rows,
        },
        figures,
        sealed: None,
        question: None,
        notice: None,
    }
}

/// A side's colour on the page: the scenario's, dark enough for the white
/// initials drawn on it.
fn css_colour(colour: SideColour) -> &'static str {
    match colour {
        SideColour::Red => "#c0392b",
        SideColour::Blue => "#2a6fdb",
        SideColour::Green => "#1e8449",
        SideColour::Yellow => "#9a7d0a",
        SideColour::Magenta => "#8e44ad",
        SideColour::Cyan => "#117a8b",
        SideColour::White => "#5d6d7e",
    }
}
