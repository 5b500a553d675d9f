//! What a hex is made of, how maps are painted, and what a hex measures.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Terrain of one hex. Only geometry-relevant properties live here; what
/// they do to a roll is the rules' business.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Terrain {
    /// Nothing in the way.
    #[default]
    Open,
    /// Poor or unstable footing: entering costs more (see `MoveCosts`).
    Poor,
    /// Walls, pillars: blocks movement, attacks and sight.
    Blocked,
    /// Smoke, foliage, darkness: blocks sight, not movement or attacks.
    Obscured,
    /// Sheltered by this percentage (Shakhàn 16.15.14 cover modifier);
    /// blocks neither sight nor movement. Valid values are 0..=100.
    Cover(u8),
    /// Close quarters: a cramped space (a narrow passage, a crowded room)
    /// with room to stand and fight but not to move freely; blocks nothing.
    Cramped,
}

impl Terrain {
    /// Whether a figure may enter (or stand in) the hex.
    pub fn is_passable(self) -> bool {
        self != Terrain::Blocked
    }

    /// Whether a melee attack may reach into or past the hex.
    pub fn blocks_attacks(self) -> bool {
        self == Terrain::Blocked
    }

    /// Whether the hex stops a line of sight passing through it.
    pub fn blocks_sight(self) -> bool {
        matches!(self, Terrain::Blocked | Terrain::Obscured)
    }

    /// Percentage of cover a figure in (or a line through) the hex gets.
    pub fn cover_percent(self) -> u8 {
        match self {
            Terrain::Cover(p) => p,
            _ => 0,
        }
    }

    /// Whether this is a valid terrain value (cover at most 100%).
    pub(super) fn is_valid(self) -> bool {
        self.cover_percent() <= 100
    }
}

/// Map characters to terrain for [`HexMap::from_rows`](super::HexMap::from_rows).
///
/// The default legend: `.` open, `~` poor footing, `#` blocked,
/// `%` obscured, `1`..`9` cover 10%..90%, `=` close quarters. Scenarios
/// override or add entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Legend {
    entries: BTreeMap<char, Terrain>,
}

impl Default for Legend {
    fn default() -> Legend {
        let mut entries = BTreeMap::from([
            ('.', Terrain::Open),
            ('~', Terrain::Poor),
            ('#', Terrain::Blocked),
            ('%', Terrain::Obscured),
            ('=', Terrain::Cramped),
        ]);
        for (tenths, ch) in (1u8..=9).zip('1'..='9') {
            entries.insert(ch, Terrain::Cover(tenths * 10));
        }
        Legend { entries }
    }
}

impl Legend {
    /// The default legend with a scenario's entries laid over it.
    pub fn with_overrides(overrides: &BTreeMap<char, Terrain>) -> Legend {
        let mut legend = Legend::default();
        legend
            .entries
            .extend(overrides.iter().map(|(&c, &t)| (c, t)));
        legend
    }

    /// Adds or replaces one entry.
    pub fn insert(&mut self, ch: char, terrain: Terrain) {
        self.entries.insert(ch, terrain);
    }

    pub fn get(&self, ch: char) -> Option<Terrain> {
        self.entries.get(&ch).copied()
    }

    /// The known characters, for error hints.
    pub(super) fn chars(&self) -> String {
        self.entries.keys().collect()
    }
}

/// How long one hex is. Shakhàn maps are 1 metre a hex; DragonQuest maps
/// are 5 feet a hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Scale {
    #[default]
    Metre,
    FiveFeet,
}

impl Scale {
    pub fn metres_per_hex(self) -> f64 {
        match self {
            Scale::Metre => 1.0,
            Scale::FiveFeet => 1.524,
        }
    }

    /// How many of the map's own units one hex is.
    pub fn units_per_hex(self) -> u32 {
        match self {
            Scale::Metre => 1,
            Scale::FiveFeet => 5,
        }
    }

    /// Abbreviation of the map's unit, for display.
    pub fn unit_name(self) -> &'static str {
        match self {
            Scale::Metre => "m",
            Scale::FiveFeet => "ft",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_legend() {
        let l = Legend::default();
        assert_eq!(l.get('.'), Some(Terrain::Open));
        assert_eq!(l.get('~'), Some(Terrain::Poor));
        assert_eq!(l.get('#'), Some(Terrain::Blocked));
        assert_eq!(l.get('%'), Some(Terrain::Obscured));
        assert_eq!(l.get('1'), Some(Terrain::Cover(10)));
        assert_eq!(l.get('9'), Some(Terrain::Cover(90)));
        assert_eq!(l.get('0'), None);
        assert_eq!(l.get('='), Some(Terrain::Cramped));
        assert_eq!(l.chars(), "#%.123456789=~");
    }

    #[test]
    fn overrides_replace_and_add() {
        let l = Legend::with_overrides(&BTreeMap::from([
            ('#', Terrain::Obscured),
            ('T', Terrain::Cover(50)),
        ]));
        assert_eq!(l.get('#'), Some(Terrain::Obscured));
        assert_eq!(l.get('T'), Some(Terrain::Cover(50)));
        assert_eq!(l.get('.'), Some(Terrain::Open));
    }

    #[test]
    fn terrain_properties() {
        assert!(!Terrain::Blocked.is_passable());
        assert!(Terrain::Obscured.is_passable() && Terrain::Obscured.blocks_sight());
        assert!(!Terrain::Obscured.blocks_attacks());
        assert!(!Terrain::Cover(50).blocks_sight());
        assert_eq!(Terrain::Cover(50).cover_percent(), 50);
        assert!(!Terrain::Cover(101).is_valid());
    }

    #[test]
    fn scales() {
        assert_eq!(Scale::default(), Scale::Metre);
        assert_eq!(Scale::FiveFeet.units_per_hex(), 5);
        assert_eq!(Scale::FiveFeet.unit_name(), "ft");
        assert!((Scale::FiveFeet.metres_per_hex() - 1.524).abs() < 1e-12);
    }
}
