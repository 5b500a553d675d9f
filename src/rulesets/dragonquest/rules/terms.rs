//! The quantities DragonQuest's rules work in.

use serde::{Deserialize, Serialize};

/// A figure's Rank with a weapon, shield or skill (0 is trained; none is unranked).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Rank(pub u8);

/// A per cent chance to hit: a Strike Chance (24.1) or Modified Strike Chance
/// (24.2). It may fall below 1 or rise past 100; the dice read 01–00.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct StrikeChance(pub i32);

/// DragonQuest 24.5: per cent taken from an attacker's Strike Chance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Defense(pub i32);

/// Damage Points (16): rolled on a Damage Check, absorbed, or inflicted.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
pub struct DamagePoints(pub u32);

/// DragonQuest 19.3: the order engaged figures act in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct InitiativeValue(pub i32);

/// DragonQuest 21.1: Tactical Movement Rate, hexes per Pulse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Tmr(pub u8);
