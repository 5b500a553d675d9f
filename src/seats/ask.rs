//! Questions put to a seat in the middle of a round (issue 23). The laptop
//! decides what is asked of which seat (it knows the standing answers and
//! who plays which side) and numbers each question; an answer names the
//! number it answers, so an answer to an earlier question is stale. What a
//! question shows, how a plan is priced and whether an answer answers are
//! the ruleset's ([`super::Rules`]).

use serde::{Deserialize, Serialize};

use crate::seam::SideId;

/// The page's answer to question `ask`: the same command the laptop's keys
/// would give.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerRequest<C> {
    pub ask: u64,
    pub command: C,
}

/// An answer a seat gave, checked, for the laptop.
#[derive(Debug, Clone, PartialEq)]
pub struct Answered<C> {
    pub side: SideId,
    pub ask: u64,
    pub command: C,
}
