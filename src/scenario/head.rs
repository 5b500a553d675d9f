//! What every scenario's head holds, whatever its ruleset: the map painted
//! as rows of characters, and the colours a side may be drawn in.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::hex::{Scale, Terrain};

/// The Tactical Display: size, scale and terrain painted as rows of characters.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapSpec {
    pub width: u16,
    pub height: u16,
    #[serde(default)]
    pub scale: Scale,
    /// One string per map row, one character per hex; all open when empty.
    #[serde(default)]
    pub rows: Vec<String>,
    /// Extra or changed map characters (defaults: `.` open, `~` poor footing,
    /// `#` blocked, `%` obscured, `1`–`9` cover 10–90 %).
    #[serde(default)]
    pub legend: BTreeMap<char, Terrain>,
}

/// Colours a side can be drawn in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SideColour {
    Red,
    Blue,
    Green,
    Yellow,
    Magenta,
    Cyan,
    White,
}
