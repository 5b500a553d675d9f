//! A HârnMaster table pack (docs/HARNMASTER-PACKS.md): the combat result,
//! weapon class, strike location, weapon and armour tables the cheat sheet
//! names but does not give. hexmelee ships a PLACEHOLDER pack of invented
//! values (`assets/harnmaster/placeholder.ron`, [`placeholder()`]); a referee
//! who owns the game writes their own copy in the same format and names it in
//! the scenario. A pack is checked whole while it loads (every d100 table
//! covers 01–00 once, every level of every combat table is given once, every
//! name it refers to exists), each problem with file:line:col.

use std::fmt;
use std::sync::{Arc, OnceLock};

use serde::Deserialize;

use crate::dice::{Percentile, RangeTable};
use crate::rulesets::harnmaster::rules::terms::{Aim, Aspect, Defence, Level, Part, Party};
use crate::text::Place;

/// Where a pack's values come from.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum Kind {
    /// Invented values standing in for the game's tables; the reason is kept
    /// so every screen and log can say so.
    Placeholder(String),
    /// A referee's own copy of the game's tables.
    Referee,
}

/// Sheet l.22: how a d100 skill roll reads against an EML.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkillRoll {
    pub critical_every: u8,
    pub least_eml: u8,
    pub most_eml: u8,
}

/// What a combat table's cell does: one or more effects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Effect {
    /// l.113: a strike lands with this many d6 of impact.
    Strike(Party, u8),
    /// l.161: the defender blocks; a weapon damage check follows.
    Block,
    Miss,
    /// l.97: a tactical advantage from the table.
    Advantage(Party),
    /// l.151: a fumble roll of this many d6.
    Fumble(Party, u8),
    /// l.155: a stumble roll of this many d6.
    Stumble(Party, u8),
}

type Cell = Vec<Effect>;

/// A combat table against a defence that rolls: a cell for every attacker
/// level by defender level.
#[derive(Debug, Clone, Deserialize)]
#[serde(try_from = "Vec<(Level, Vec<Cell>)>")]
pub struct Grid([[Cell; 4]; 4]);

impl TryFrom<Vec<(Level, Vec<Cell>)>> for Grid {
    type Error = String;
    fn try_from(rows: Vec<(Level, Vec<Cell>)>) -> Result<Grid, String> {
        let rows = by_level(rows, "row")?;
        let mut grid: [[Cell; 4]; 4] = Default::default();
        for (level, row) in Level::ALL.iter().zip(rows) {
            let cells: [Cell; 4] = row.try_into().map_err(|row: Vec<Cell>| {
                format!(
                    "the {level} row has {} cells; give four, against the defender's CS, MS, MF, CF",
                    row.len()
                )
            })?;
            if cells.iter().any(Vec::is_empty) {
                return Err(format!(
                    "the {level} row has an empty cell; write [Miss] for nothing"
                ));
            }
            grid[level.index()] = cells;
        }
        Ok(Grid(grid))
    }
}

/// The combat table against a defender who does not roll (ignore): a cell
/// per attacker level.
#[derive(Debug, Clone, Deserialize)]
#[serde(try_from = "Vec<(Level, Cell)>")]
pub struct Column([Cell; 4]);

impl TryFrom<Vec<(Level, Cell)>> for Column {
    type Error = String;
    fn try_from(rows: Vec<(Level, Cell)>) -> Result<Column, String> {
        let cells = by_level(rows, "cell")?;
        if cells.iter().any(Vec::is_empty) {
            return Err("an empty cell; write [Miss] for nothing".into());
        }
        let cells: [Cell; 4] = cells.try_into().map_err(|_| "four cells".to_string())?;
        Ok(Column(cells))
    }
}

/// Each level's value exactly once, in [`Level::ALL`] order.
fn by_level<T>(rows: Vec<(Level, T)>, what: &str) -> Result<Vec<T>, String> {
    let mut slots: Vec<Option<T>> = Level::ALL.iter().map(|_| None).collect();
    for (level, v) in rows {
        if slots[level.index()].replace(v).is_some() {
            return Err(format!("the {level} {what} is given twice"));
        }
    }
    Level::ALL
        .iter()
        .zip(slots)
        .map(|(level, v)| v.ok_or_else(|| format!("the {level} {what} is missing")))
        .collect()
}

/// Sheet l.23: the melee combat tables, one per defence.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeTables {
    block: Grid,
    counterstrike: Grid,
    dodge: Grid,
    ignore: Column,
}

/// Sheet l.58, l.64: the missile combat tables, one per defence.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissileTables {
    block: Grid,
    dodge: Grid,
    ignore: Column,
}

/// Sheet l.81: a range band of a missile weapon: out to `up_to` hexes, this
/// modifier to the EML.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeBand {
    pub up_to: u32,
    pub modifier: i32,
}

/// What makes a weapon a missile weapon: the aspect its missiles strike with
/// and its range bands, nearest first.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Missile {
    pub aspect: Aspect,
    pub ranges: Vec<RangeBand>,
}

impl Missile {
    /// Sheet l.81: the range modifier at `hexes`, or `None` beyond the last band.
    pub fn range(&self, hexes: u32) -> Option<i32> {
        self.ranges
            .iter()
            .find(|b| hexes <= b.up_to)
            .map(|b| b.modifier)
    }
}

/// A weapon's impact by aspect; `None`: it cannot strike so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Impacts {
    pub blunt: Option<u8>,
    pub edge: Option<u8>,
    pub point: Option<u8>,
}

impl Impacts {
    pub fn of(&self, aspect: Aspect) -> Option<u8> {
        match aspect {
            Aspect::Blunt => self.blunt,
            Aspect::Edge => self.edge,
            Aspect::Point => self.point,
        }
    }
}

/// A row of the weapon table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    /// l.42: the weapon class the weapon class modifier compares.
    pub class: i32,
    /// l.161: the weapon damage check rolls against this.
    pub quality: u8,
    /// l.113: added to the table's impact dice.
    pub impact: Impacts,
    pub hands: u8,
    /// A missile weapon: it shoots and does not strike or block in melee.
    #[serde(default)]
    pub missile: Option<Missile>,
}

/// Armour's protection by aspect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Protection {
    pub blunt: u8,
    pub edge: u8,
    pub point: u8,
}

impl Protection {
    pub fn of(&self, aspect: Aspect) -> u8 {
        match aspect {
            Aspect::Blunt => self.blunt,
            Aspect::Edge => self.edge,
            Aspect::Point => self.point,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ArmourFile {
    name: String,
    protection: Protection,
    covers: Vec<String>,
}

/// A row of the armour table, its locations resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Armour {
    pub name: String,
    pub protection: Protection,
    /// Indices into [`Pack::locations`].
    pub covers: Vec<usize>,
}

/// An injury mark (sheet l.123–157): the rolls and bleeding an injury calls for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
pub enum Mark {
    /// l.141: a shock roll of this many d6.
    Shock(u8),
    /// l.123: an instant-kill roll of this many d6.
    Kill(u8),
    /// l.127: an amputation roll of this many d6.
    Amputate(u8),
    /// l.131: blood loss points a combat turn.
    Bleed(u8),
    /// l.151: a fumble roll of this many d6.
    Fumble(u8),
    /// l.155: a stumble roll of this many d6.
    Stumble(u8),
}

/// From an effective impact of `from` up: the injury's marks.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Band {
    pub from: u8,
    pub marks: Vec<Mark>,
    #[serde(default)]
    pub blunt: Vec<Mark>,
    #[serde(default)]
    pub edge: Vec<Mark>,
    #[serde(default)]
    pub point: Vec<Mark>,
}

/// A strike location and its injury bands.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Location {
    pub name: String,
    pub part: Part,
    pub bands: Vec<Band>,
}

impl Location {
    /// Sheet l.117: the marks an injury of `effective` impact by `aspect`
    /// makes here; none below the first band.
    pub fn marks(&self, effective: u32, aspect: Aspect) -> Vec<Mark> {
        let Some(band) = self
            .bands
            .iter()
            .rev()
            .find(|b| u32::from(b.from) <= effective)
        else {
            return Vec::new();
        };
        let extra = match aspect {
            Aspect::Blunt => &band.blunt,
            Aspect::Edge => &band.edge,
            Aspect::Point => &band.point,
        };
        band.marks.iter().chain(extra).copied().collect()
    }
}

/// A pack file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Pack")]
struct PackFile {
    name: String,
    kind: Kind,
    skill: SkillRoll,
    melee: MeleeTables,
    missile: MissileTables,
    weapon_class: Vec<(i32, i32)>,
    locations: Vec<Location>,
    strike_location: Vec<(Aim, RangeTable<String>)>,
    weapons: Vec<Weapon>,
    armour: Vec<ArmourFile>,
}

/// A loaded and checked table pack.
#[derive(Debug)]
pub struct Pack {
    pub name: String,
    pub kind: Kind,
    /// Where it was read from: `placeholder` for the embedded pack.
    pub source: String,
    pub skill: SkillRoll,
    melee: MeleeTables,
    missile: MissileTables,
    /// (least difference, its modifiers from there on up).
    weapon_class: (i32, Vec<i32>),
    pub locations: Vec<Location>,
    strike_location: Vec<RangeTable<usize>>,
    pub weapons: Vec<Weapon>,
    pub armour: Vec<Armour>,
}

/// A pack that did not load: where, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackError {
    pub file: String,
    pub at: Option<Place>,
    pub message: String,
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some(at) => write!(f, "{}:{at}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl Pack {
    /// Read and check a pack's text; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Pack, PackError> {
        let fail = |at: Option<usize>, message: String| PackError {
            file: file.to_string(),
            at: at.map(|o| Place::of(text, o)),
            message,
        };
        let raw: PackFile = ron::from_str(text).map_err(|e| PackError {
            file: file.to_string(),
            at: Some(Place::at_line_col(
                text,
                e.span.start.line,
                e.span.start.col,
            )),
            message: e.code.to_string(),
        })?;
        // Where a name is written, to place a problem with it.
        let quoted = |name: &str| text.find(&format!("\"{name}\""));
        let key = |k: &str| text.find(&format!("{k}:"));
        let s = raw.skill;
        if s.critical_every == 0 || s.least_eml > s.most_eml || s.most_eml > 100 {
            return Err(fail(
                key("skill"),
                "the skill roll needs critical_every of at least 1 and least_eml <= most_eml <= 100"
                    .into(),
            ));
        }
        let mut class = raw.weapon_class.clone();
        class.sort_unstable();
        let contiguous = class.windows(2).all(|w| w[1].0 == w[0].0 + 1);
        if class.is_empty() || !contiguous {
            return Err(fail(
                key("weapon_class"),
                "the weapon class table must give every difference from its least to its most once"
                    .into(),
            ));
        }
        let mut seen = std::collections::BTreeSet::new();
        for loc in &raw.locations {
            if !seen.insert(loc.name.as_str()) {
                return Err(fail(
                    quoted(&loc.name),
                    format!("two locations are named {:?}", loc.name),
                ));
            }
            let ascending = loc.bands.windows(2).all(|w| w[0].from < w[1].from);
            if loc.bands.first().is_none_or(|b| b.from != 1) || !ascending {
                return Err(fail(
                    quoted(&loc.name),
                    format!(
                        "{}'s injury bands must start at 1 and rise band by band",
                        loc.name
                    ),
                ));
            }
        }
        let index_of = |name: &str| raw.locations.iter().position(|l| l.name == name);
        let mut strike_location: Vec<Option<RangeTable<usize>>> =
            Aim::ALL.iter().map(|_| None).collect();
        for (aim, table) in &raw.strike_location {
            let mut rows = Vec::new();
            for (range, name) in table.rows() {
                let Some(i) = index_of(name) else {
                    return Err(fail(
                        quoted(name),
                        format!("strike location {name:?} is not one of `locations`"),
                    ));
                };
                rows.push((*range, i));
            }
            let built = RangeTable::new(rows).map_err(|e| fail(key("strike_location"), e))?;
            if strike_location[aim.index()].replace(built).is_some() {
                return Err(fail(
                    key("strike_location"),
                    format!("the strike location table for {aim:?} is given twice"),
                ));
            }
        }
        let strike_location = Aim::ALL
            .iter()
            .zip(strike_location)
            .map(|(aim, t)| {
                t.ok_or_else(|| {
                    fail(
                        key("strike_location"),
                        format!("there is no strike location table for {aim:?}"),
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut names = std::collections::BTreeSet::new();
        for w in &raw.weapons {
            if !names.insert(w.name.as_str()) {
                return Err(fail(
                    quoted(&w.name),
                    format!("two weapons are named {:?}", w.name),
                ));
            }
            if let Some(m) = &w.missile {
                let rising = m.ranges.windows(2).all(|b| b[0].up_to < b[1].up_to);
                if m.ranges.is_empty() || !rising || w.impact.of(m.aspect).is_none() {
                    return Err(fail(
                        quoted(&w.name),
                        format!(
                            "the {}'s missile needs range bands, each farther than the last, and an impact for its aspect",
                            w.name
                        ),
                    ));
                }
            }
            if !(1..=2).contains(&w.hands) {
                return Err(fail(
                    quoted(&w.name),
                    format!("the {} is held in {} hands; give 1 or 2", w.name, w.hands),
                ));
            }
        }
        let mut armour = Vec::new();
        for a in raw.armour {
            let mut covers = Vec::new();
            for name in &a.covers {
                let Some(i) = index_of(name) else {
                    return Err(fail(
                        quoted(name),
                        format!(
                            "the {} covers {name:?}, which is not one of `locations`",
                            a.name
                        ),
                    ));
                };
                covers.push(i);
            }
            if armour.iter().any(|b: &Armour| b.name == a.name) {
                return Err(fail(
                    quoted(&a.name),
                    format!("two armours are named {:?}", a.name),
                ));
            }
            armour.push(Armour {
                name: a.name,
                protection: a.protection,
                covers,
            });
        }
        Ok(Pack {
            name: raw.name,
            kind: raw.kind,
            source: file.to_string(),
            skill: raw.skill,
            melee: raw.melee,
            missile: raw.missile,
            weapon_class: (class[0].0, class.iter().map(|c| c.1).collect()),
            locations: raw.locations,
            strike_location,
            weapons: raw.weapons,
            armour,
        })
    }

    /// Whether its values are invented stand-ins, not the game's.
    pub fn is_placeholder(&self) -> bool {
        matches!(self.kind, Kind::Placeholder(_))
    }

    /// The words every screen, log and export carries about the pack.
    pub fn label(&self) -> String {
        match &self.kind {
            Kind::Placeholder(why) => format!("PLACEHOLDER table pack \"{}\": {why}", self.name),
            Kind::Referee => format!("referee's table pack \"{}\" ({})", self.name, self.source),
        }
    }

    /// Sheet l.23: the cell of the melee combat table for `defence`; the
    /// defender's level is `None` when it does not roll (ignore).
    pub fn melee(&self, defence: Defence, attacker: Level, defender: Option<Level>) -> &[Effect] {
        let grid = match defence {
            Defence::Block => &self.melee.block,
            Defence::Counterstrike => &self.melee.counterstrike,
            Defence::Dodge => &self.melee.dodge,
            Defence::Ignore => return &self.melee.ignore.0[attacker.index()],
        };
        // A defence that rolls always gives its level; CF stands in otherwise.
        &grid.0[attacker.index()][defender.unwrap_or(Level::CF).index()]
    }

    /// Sheet l.64: the cell of the missile combat table for `defence`
    /// (block, dodge or ignore; a counterstrike is no defence against a
    /// missile and reads as ignore).
    pub fn missile(&self, defence: Defence, attacker: Level, defender: Option<Level>) -> &[Effect] {
        let grid = match defence {
            Defence::Block => &self.missile.block,
            Defence::Dodge => &self.missile.dodge,
            Defence::Counterstrike | Defence::Ignore => {
                return &self.missile.ignore.0[attacker.index()];
            }
        };
        &grid.0[attacker.index()][defender.unwrap_or(Level::CF).index()]
    }

    /// Sheet l.42–46: the weapon class modifier for a difference of classes,
    /// the table's end beyond it.
    pub fn weapon_class(&self, difference: i32) -> i32 {
        let (least, mods) = &self.weapon_class;
        let i = (difference - least).clamp(0, mods.len() as i32 - 1);
        mods[i as usize]
    }

    /// Sheet l.27: the location a d100 roll strikes, aiming at `aim`.
    pub fn location(&self, aim: Aim, roll: Percentile) -> usize {
        *self.strike_location[aim.index()].get(roll).1
    }

    pub fn weapon(&self, name: &str) -> Option<&Weapon> {
        self.weapons.iter().find(|w| w.name == name)
    }

    pub fn armour(&self, name: &str) -> Option<&Armour> {
        self.armour.iter().find(|a| a.name == name)
    }
}

/// The embedded PLACEHOLDER pack, loaded on first use; the test
/// `the_placeholder_pack_loads` proves it loads.
pub fn placeholder() -> Arc<Pack> {
    static PACK: OnceLock<Arc<Pack>> = OnceLock::new();
    PACK.get_or_init(|| {
        let text = include_str!("../../../../../assets/harnmaster/placeholder.ron");
        Arc::new(
            Pack::parse("placeholder", text)
                .unwrap_or_else(|e| panic!("the embedded placeholder pack is invalid: {e}")),
        )
    })
    .clone()
}

#[cfg(test)]
mod tests;
