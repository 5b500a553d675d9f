//! What a seat may see, as JSON: the seats' own words (whose seat, the
//! round, whether it may seal, its seal, the question put to it, the
//! laptop's notice) around the ruleset's board. This is the only place a
//! seat's view is made, and `tests/suite/frame/seats.rs` looks for sealed
//! orders in it.

use serde::Serialize;

use super::rules::Rules;
use crate::scenario::SideColour;
use crate::seam::SideId;

/// One seat's view of the table: `B` the ruleset's board, `O` its orders,
/// `A` what a question asks.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatView<B, O, A> {
    pub side: usize,
    pub side_name: String,
    /// Every side's name, by its number.
    pub sides: Vec<String>,
    /// Every side's colour (CSS), by its number: the one the shared screen
    /// shows it in, so that a player finds their figures at a glance.
    pub colours: Vec<String>,
    /// The round: a seal names it, and a seal for another is stale.
    pub round: u32,
    /// Whether this side may seal now; else `waiting` says why not.
    pub open: bool,
    pub waiting: Option<String>,
    /// The ruleset's fields (the map, the figures…), beside the seats' own.
    #[serde(flatten)]
    pub board: B,
    /// The orders this seat sealed this round, as the server holds them,
    /// until the round runs.
    pub sealed: Option<SealedView<O>>,
    /// What the laptop asks of this seat now.
    pub question: Option<QuestionView<A>>,
    /// The laptop's word to this seat (an answer it did not use, and why).
    pub notice: Option<String>,
}

/// A seat's view under ruleset `R`.
pub type ViewOf<R> = SeatView<<R as Rules>::Board, <R as Rules>::Orders, <R as Rules>::Asking>;

/// A seat's seal as the server holds it: what its page shows, whatever
/// the page last sent.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SealedView<O> {
    pub orders: O,
    /// The laptop handed these orders in: they are played, and no seal
    /// replaces them this round.
    pub played: bool,
}

/// A question as the seat's page shows it: its number, what it asks (the
/// ruleset's fields) and whether this seat has answered.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QuestionView<A> {
    pub ask: u64,
    #[serde(flatten)]
    pub asking: A,
    /// This seat has answered; the laptop is taking it.
    pub answered: bool,
}

/// The view of `side`'s seat of `battle` as it stands (nothing sealed or
/// asked yet: the seat book adds those).
pub fn seat_view<R: Rules>(battle: &R, side: SideId) -> ViewOf<R> {
    let sides = battle.sides();
    let waiting = battle.waiting(side);
    SeatView {
        side: side.0,
        side_name: sides.get(side.0).map_or_else(String::new, |s| s.0.clone()),
        colours: sides.iter().map(|s| css_colour(s.1).to_owned()).collect(),
        sides: sides.into_iter().map(|s| s.0).collect(),
        round: battle.round(),
        open: waiting.is_none(),
        waiting,
        board: battle.board(side),
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
