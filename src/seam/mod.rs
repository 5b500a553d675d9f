//! The seam between the frame and the rulesets: what every ruleset's battle
//! is named by and offers the front ends that drive it. The frame (session,
//! sim, seats, the display's shell) reads battles only through these; each
//! ruleset implements them in its own folder (`src/rulesets/<r>/`).

mod engine;
pub mod places;

pub use engine::Engine;

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A figure, by its place in the scenario's figure list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FigureId(pub usize);

/// A side, by its place in the scenario's side list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SideId(pub usize);

impl fmt::Display for FigureId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// Why a command was refused. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct Rejection(pub String);

/// Who may read a line: the table sees symptoms, the referee everything (16.10).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Table,
    Referee,
}
