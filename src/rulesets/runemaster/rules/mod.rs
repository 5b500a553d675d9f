//! Rune Master's pure rules (Book 2, Combat): tables, success levels,
//! Strike Rank, damage; values in, values out, every die passed in.

pub mod damage;
pub mod strike_rank;
pub mod success;
pub mod tables;
pub mod terms;
