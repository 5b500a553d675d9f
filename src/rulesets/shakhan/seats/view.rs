//! What a Shakhàn seat may see, as JSON: the table view of the battle
//! (positions, facings, Strike Zones, who is still in the fight) and, for
//! the seat's own figures only, what its orders may hold. Never the
//! referee's information, never another side's orders.

use serde::{Deserialize, Serialize};

use crate::hex::{Facing, Terrain};
use crate::rulesets::shakhan::engine::{Battle, Figure, Prompt};
use crate::rulesets::shakhan::rules::{BodyArea, Card};
use crate::seam::SideId;

/// What a Shakhàn seat sees of the table besides the seats' own words.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Board {
    pub map: MapView,
    pub figures: Vec<FigureView>,
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

/// What `side`'s seat sees of `battle` as it stands.
pub fn board(battle: &Battle, side: SideId) -> Board {
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
    Board {
        map: MapView {
            width: map.width(),
            height: map.height(),
            rows,
        },
        figures,
    }
}

/// Why `side` may not seal now: the battle is over, or its orders are not
/// awaited (`None`: they are).
pub fn waiting(battle: &Battle, side: SideId) -> Option<String> {
    match battle.prompt() {
        // Said as the laptop says it, not as "the round is under way".
        Prompt::Finished { winner } => Some(match winner {
            Some(w) => format!(
                "The battle is over: {} won after {}.",
                battle.sides()[w.0].name,
                crate::words::count(battle.round() as usize, "round", "rounds")
            ),
            None => "The battle is over: nobody is left standing.".into(),
        }),
        _ => battle.check_sealing(side, &[]).err().map(|r| r.0),
    }
}
