//! What a ruleset whose orders are sealed gives the player seats. The seats
//! (book, server, page's JSON shell) know only this trait; the ruleset's
//! battle implements it in its own folder, with the page its players use.

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::scenario::SideColour;
use crate::seam::SideId;

/// The battle as the seats check it: a copy the laptop sends on every change,
/// never sent to a seat itself.
pub trait Rules: Clone + Debug + Send + Sync + 'static {
    /// The seat's page, its script and style in one file (no network).
    const PAGE: &'static str;
    /// A side's orders as a seat seals them.
    type Orders: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// What a seat sees of the table besides the seats' own words: its
    /// fields stand beside them in the seat's JSON, so it serializes as a
    /// struct or a map whose keys are none of the seats' own (`side`,
    /// `side_name`, `sides`, `colours`, `round`, `open`, `waiting`,
    /// `sealed`, `question`, `notice`): serde would write both.
    type Board: Clone + Debug + PartialEq + Serialize + Send + Sync;
    /// A question the laptop puts to one seat in the middle of a round.
    type Question: Clone + Debug + PartialEq + Send + Sync;
    /// The question as the seat's page shows it, beside its number and
    /// whether it is answered: a struct or map without `ask` or `answered`.
    type Asking: Clone + Debug + PartialEq + Serialize + Send + Sync;
    /// A page's request to price what its player picks while answering
    /// (a path, hex by hex); it changes nothing.
    type Plan: DeserializeOwned + Send;
    /// A priced plan, for the page to draw.
    type Priced: Serialize + Send;
    /// An answer: the same command the laptop's keys would give.
    type Command: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;

    /// The round a seal names: a seal for another is stale.
    fn round(&self) -> u32;
    /// Every side's name and colour, by its number.
    fn sides(&self) -> Vec<(String, SideColour)>;
    /// What `side`'s seat sees of the table.
    fn board(&self, side: SideId) -> Self::Board;
    /// Why `side` may not seal now (`None`: it may).
    fn waiting(&self, side: SideId) -> Option<String>;
    /// The battle's own check of a side's orders, the one the laptop's seal
    /// runs; `Err` in the words the laptop would show.
    fn check_sealing(&self, side: SideId, orders: &Self::Orders) -> Result<(), String>;
    /// The side a question is put to, and its number.
    fn asked(question: &Self::Question) -> (SideId, u64);
    /// What the seat sees of `question`.
    fn asking(&self, question: &Self::Question) -> Self::Asking;
    /// The question a plan is made for, by number.
    fn plan_for(plan: &Self::Plan) -> u64;
    /// Price `side`'s plan; `Err` says why it cannot be.
    fn plan(&self, side: SideId, plan: &Self::Plan) -> Result<Self::Priced, String>;
    /// Whether `command` answers `question`, by the battle's own checks (on
    /// a copy: nothing changes).
    fn check_answer(
        &self,
        question: &Self::Question,
        command: &Self::Command,
    ) -> Result<(), String>;
}
