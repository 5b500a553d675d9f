//! Shakhàn's player seats (issue 23): what a seat sees of the battle, the
//! questions put to it mid-round, and its page. The battle is the seats'
//! [`Rules`]: a seat's orders pass `Battle::check_sealing`, the check the
//! laptop's seal runs (16.14.1), and an answer passes the battle's own
//! checks before the laptop hears of it.

mod ask;
mod view;

#[cfg(test)]
mod tests;

pub use ask::{Asking, Choice, MoverView, PathView, PlanRequest, Question, seat_may_answer};
pub use view::{Board, CardChoice, FigureView, MapView, OwnFigure};

use super::engine::{Battle, Command, FigureOrders};
use crate::scenario::SideColour;
use crate::seam::SideId;
use crate::seats::{self, Rules};

/// The seats' words, for Shakhàn's battle.
pub type Table = seats::Table<Battle>;
pub type ToServer = seats::ToServer<Battle>;
pub type FromServer = seats::FromServerOf<Battle>;
pub type Sealed = seats::Sealed<Vec<FigureOrders>>;
pub type Answered = seats::Answered<Command>;
pub type AnswerRequest = seats::AnswerRequest<Command>;

impl Rules for Battle {
    const PAGE: &'static str = include_str!("page.html");
    /// Figures left out play G (16.14.1), as on the laptop.
    type Orders = Vec<FigureOrders>;
    type Board = Board;
    type Question = Question;
    type Asking = Asking;
    type Plan = PlanRequest;
    type Priced = PathView;
    type Command = Command;

    fn round(&self) -> u32 {
        Battle::round(self)
    }

    fn sides(&self) -> Vec<(String, SideColour)> {
        Battle::sides(self)
            .iter()
            .map(|s| (s.name.clone(), s.colour))
            .collect()
    }

    fn board(&self, side: SideId) -> Board {
        view::board(self, side)
    }

    fn waiting(&self, side: SideId) -> Option<String> {
        view::waiting(self, side)
    }

    fn check_sealing(&self, side: SideId, orders: &Vec<FigureOrders>) -> Result<(), String> {
        Battle::check_sealing(self, side, orders).map_err(|r| r.0)
    }

    fn asked(question: &Question) -> (SideId, u64) {
        (question.side, question.ask)
    }

    fn asking(&self, question: &Question) -> Asking {
        ask::asking(self, question)
    }

    fn plan_for(plan: &PlanRequest) -> u64 {
        plan.ask
    }

    fn plan(&self, side: SideId, plan: &PlanRequest) -> Result<PathView, String> {
        ask::plan(self, side, plan)
    }

    fn check_answer(&self, question: &Question, command: &Command) -> Result<(), String> {
        ask::check_answer(self, question, command)
    }
}
