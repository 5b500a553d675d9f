//! Every Rune Master combat table (Book 2, Combat), transcribed as data in
//! `assets/runemaster/*.ron`, embedded, parsed once and validated while
//! deserialising (so a bad table is reported with file:line:col); after
//! [`tables()`] returns, lookups cannot fail. The numbers the chapter lacks
//! are the house pack ([`HousePack`]), which a scenario may replace.

use std::fmt;
use std::marker::PhantomData;
use std::sync::OnceLock;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use thiserror::Error;

use super::terms::{
    ActionKind, Column, DamageType, Footing, Location, MoraleStatus, Reach, Shape, ShieldSize,
    Size, Source,
};
use crate::dice::{DiceExpr, FlatDice, RangeTable};

/// A table that did not load: the file, and where and what is wrong in it
/// (in hexmelee's words, as a scenario's problems are).
#[derive(Debug, Error)]
#[error("{file}:{}:{}: {}", .source.span.start.line, .source.span.start.col, crate::scenario::plain::words(&.source.code, "").0)]
pub struct TableError {
    pub file: String,
    pub source: Box<ron::error::SpannedError>,
}

/// An enum whose every variant a table must list exactly once.
pub trait Key: Copy + fmt::Debug + PartialEq + 'static {
    const ALL: &'static [Self];
    fn index(self) -> usize {
        Self::ALL.iter().position(|k| *k == self).unwrap_or(0)
    }
}

macro_rules! keys {
    ($t:ty: $($v:ident),+) => {
        impl Key for $t {
            const ALL: &'static [Self] = &[$(<$t>::$v),+];
        }
    };
}
keys!(Reach: Unarmed, Close, Short, Medium, Long, Pole, Extreme);
keys!(ActionKind: Spell, Generic, Ranged);
keys!(DamageType: Brawl, Chop, Crush, Cut, Fire, Grapple, Impale, Stun, Tear);
keys!(Size: Tiny, VerySmall, Small, MediumSmall, Medium, MediumLarge, Large, VeryLarge, Huge, Gargantuan);
keys!(MoraleStatus: Confident, Normal, Disheartened, Demoralized, Scared, Cornered, Terrified, Frantic, Petrified);
keys!(ShieldSize: Buckler, LargeBuckler, SmallRound, Round, LargeRound, Heater, Kite, Door);
keys!(Footing: Pavement, Field, Rutted, Rocky, Muddy, Icy);

/// A RON list of `(key, value)` with an entry for every [`Key`], proved
/// while deserialising, so [`Total::get`] cannot fail.
#[derive(Debug, Clone)]
pub struct Total<K, V>(Vec<V>, PhantomData<K>);

impl<K: Key, V> Total<K, V> {
    pub fn get(&self, key: K) -> &V {
        &self.0[key.index()]
    }
}

impl<'de, K: Key + Deserialize<'de>, V: Deserialize<'de>> Deserialize<'de> for Total<K, V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let pairs = Vec::<(K, V)>::deserialize(d)?;
        let mut slots: Vec<Option<V>> = K::ALL.iter().map(|_| None).collect();
        for (k, v) in pairs {
            if slots[k.index()].replace(v).is_some() {
                return Err(serde::de::Error::custom(format!("{k:?} is listed twice")));
            }
        }
        let missing: Vec<String> = (K::ALL.iter().zip(&slots))
            .filter(|(_, v)| v.is_none())
            .map(|(k, _)| format!("{k:?}"))
            .collect();
        if !missing.is_empty() {
            return Err(serde::de::Error::custom(format!(
                "missing: {} (every one must be listed)",
                missing.join(", ")
            )));
        }
        Ok(Total(slots.into_iter().flatten().collect(), PhantomData))
    }
}

/// Rows over whole numbers `lo..=hi`, in order, with no gap or overlap from
/// the first row's `lo` to the last's `hi` (proved on load).
#[derive(Debug, Clone)]
pub struct Bands<T>(Vec<Band<T>>);

/// A row of [`Bands`], written `(lo, hi, row)`.
#[derive(Debug, Clone, Deserialize)]
pub struct Band<T> {
    pub lo: i32,
    pub hi: i32,
    pub row: T,
}

impl<T> Bands<T> {
    /// The row holding `n`, if any does.
    pub fn find(&self, n: i32) -> Option<&T> {
        self.0
            .iter()
            .find(|b| (b.lo..=b.hi).contains(&n))
            .map(|b| &b.row)
    }
    pub fn first(&self) -> &Band<T> {
        &self.0[0]
    }
    pub fn last(&self) -> &Band<T> {
        &self.0[self.0.len() - 1]
    }
    pub fn rows(&self) -> &[Band<T>] {
        &self.0
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Bands<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let rows: Vec<Band<T>> = Vec::<(i32, i32, T)>::deserialize(d)?
            .into_iter()
            .map(|(lo, hi, row)| Band { lo, hi, row })
            .collect();
        if rows.is_empty() {
            return Err(serde::de::Error::custom("a table needs at least one row"));
        }
        for pair in rows.windows(2) {
            if pair[1].lo != pair[0].hi + 1 {
                return Err(serde::de::Error::custom(format!(
                    "rows {}-{} and {}-{} leave a gap or overlap",
                    pair[0].lo, pair[0].hi, pair[1].lo, pair[1].hi
                )));
            }
        }
        if let Some(b) = rows.iter().find(|b| b.lo > b.hi) {
            return Err(serde::de::Error::custom(format!(
                "row {}-{} runs backwards",
                b.lo, b.hi
            )));
        }
        Ok(Bands(rows))
    }
}

/// "ea. +25 (+1)": past the last band, `adjust` more for each `band` or part.
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct Further {
    pub band: i32,
    pub adjust: i32,
}

/// A row of "adj SR for Weapon Reach".
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct ReachSr {
    pub attacker: i32,
    pub target: i32,
}

/// A row of the Movement table: `hexes` every `every` SRs.
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct Pace {
    pub hexes: u32,
    pub every: u32,
}

#[derive(Debug, Clone, Copy, Deserialize)]
pub struct FurtherPace {
    pub band: i32,
    pub hexes: u32,
}

/// Rounds and Action: the SR Shift, Skill SR, weapon reach and Movement tables.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrikeRankTables {
    #[serde(deserialize_with = "shift_d10")]
    pub shift: Bands<i32>,
    pub skill: Bands<i32>,
    pub skill_each_further: Further,
    pub reach: Total<Reach, ReachSr>,
    pub actions: Total<ActionKind, ReachSr>,
    pub movement: Bands<Pace>,
    pub movement_each_further: FurtherPace,
}

/// The SR Shift table must cover every face of its d10.
fn shift_d10<'de, D: Deserializer<'de>>(d: D) -> Result<Bands<i32>, D::Error> {
    let bands = Bands::<i32>::deserialize(d)?;
    if bands.first().lo != 1 || bands.last().hi != 10 {
        return Err(serde::de::Error::custom(
            "the SR Shift table must cover the d10's faces 1 to 10",
        ));
    }
    Ok(bands)
}

/// A Fumble Table result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
pub enum Fumble {
    Slip,
    Trip,
    FallDrop,
    FallHard,
    GripSlips,
    WideOpen,
    DropWeapon,
    FlingWeapon,
    Strain,
    Sprain,
    TornMuscle,
    DislocatedJoint,
    FumbleBadly,
    HitSelfHalf,
    HitSelf,
    HitSelfDouble,
}

/// A Morale cell: how the chance is changed after all other modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum MoraleEffect {
    /// Confident: this much per point of Morale.
    PerPoint(i32),
    /// No change.
    Plain,
    /// Halved.
    Half,
    /// No such action ("0" in the table).
    Nil,
    /// Frantic: Brawl only, at this bonus.
    BrawlOnly(i32),
}

/// Combat Resolution: the Fumble Table and the tables of modifiers.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResolutionTables {
    pub fumble: RangeTable<Fumble>,
    pub morale_attack: Total<MoraleStatus, MoraleEffect>,
    pub morale_defence: Total<MoraleStatus, MoraleEffect>,
    pub target_size: Total<Size, i32>,
    pub shield_size: Total<ShieldSize, i32>,
    pub footing: Total<Footing, i32>,
    pub obstruction: Total<Size, i32>,
}

/// Armor: `points` of damage stopped for every `per_ap` AP.
#[derive(Debug, Clone, Deserialize)]
pub struct Stopping {
    pub points: u32,
    pub per_ap: u32,
    pub source: Source,
}

#[derive(Debug, Clone, Copy, Deserialize)]
pub struct BloodEvery {
    /// Quarter levels of bleeding, the row's lowest.
    pub level: u32,
    /// SRs between losses.
    pub every: u32,
}

#[derive(Debug, Clone, Copy, Deserialize)]
pub struct Knock {
    pub feet: u32,
    pub points: u32,
}

/// One shape's Hit Location table: the d20 faces of each location per column.
#[derive(Debug, Clone)]
pub struct LocationTable {
    pub shape: Shape,
    pub columns: Vec<Column>,
    /// `faces[c][face - 1]`: the location column `c` gives on `face`.
    faces: Vec<[Location; 20]>,
}

impl LocationTable {
    /// The location a d20 `face` gives in `column`; a shape without that
    /// column reads its Melee column for hand weapons, Ranged for missiles
    /// (seed-gaps: the single column serves every direction).
    pub fn get(&self, column: Column, face: u32) -> Location {
        let c = (self.columns.iter().position(|c| *c == column))
            .or_else(|| {
                let fallback = if column == Column::Unarmed {
                    Column::Unarmed
                } else {
                    Column::Melee
                };
                self.columns.iter().position(|c| *c == fallback)
            })
            .unwrap_or(0);
        self.faces[c][(face.clamp(1, 20) - 1) as usize]
    }
}

impl<'de> Deserialize<'de> for LocationTable {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Raw {
            shape: Shape,
            columns: Vec<Column>,
            rows: Vec<(Location, Vec<(u32, u32)>)>,
        }
        let raw = Raw::deserialize(d)?;
        let mut faces = Vec::new();
        for (c, column) in raw.columns.iter().enumerate() {
            let mut slots: [Option<Location>; 20] = [None; 20];
            for (location, cells) in &raw.rows {
                let Some(&(lo, hi)) = cells.get(c) else {
                    return Err(serde::de::Error::custom(format!(
                        "{:?}: {location:?} has no cell for {column:?}",
                        raw.shape
                    )));
                };
                if lo < 1 || hi > 20 || lo > hi {
                    return Err(serde::de::Error::custom(format!(
                        "{:?} {column:?}: {location:?} {lo}-{hi} is no range of a d20",
                        raw.shape
                    )));
                }
                for face in lo..=hi {
                    if slots[face as usize - 1].replace(*location).is_some() {
                        return Err(serde::de::Error::custom(format!(
                            "{:?} {column:?}: face {face} is given twice",
                            raw.shape
                        )));
                    }
                }
            }
            if let Some(gap) = slots.iter().position(Option::is_none) {
                return Err(serde::de::Error::custom(format!(
                    "{:?} {column:?}: face {} is not given",
                    raw.shape,
                    gap + 1
                )));
            }
            faces.push(slots.map(|s| s.unwrap_or(Location::Head)));
        }
        Ok(LocationTable {
            shape: raw.shape,
            columns: raw.columns,
            faces,
        })
    }
}

/// Injury: Armor, Blood Loss, Knockback and Hit Location.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InjuryTables {
    pub armour: Total<DamageType, Stopping>,
    pub blood_amount: Total<Size, u32>,
    pub blood_every: Vec<BloodEvery>,
    pub knockback: Total<Size, Knock>,
    #[serde(deserialize_with = "every_shape")]
    pub locations: Vec<LocationTable>,
}

fn every_shape<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<LocationTable>, D::Error> {
    let tables = Vec::<LocationTable>::deserialize(d)?;
    for shape in [Shape::Human, Shape::Pixie, Shape::Centaur, Shape::Lizardman] {
        if tables.iter().filter(|t| t.shape == shape).count() != 1 {
            return Err(serde::de::Error::custom(format!(
                "{shape:?} needs exactly one hit location table"
            )));
        }
    }
    Ok(tables)
}

impl InjuryTables {
    pub fn locations(&self, shape: Shape) -> &LocationTable {
        (self.locations.iter().find(|t| t.shape == shape)).unwrap_or(&self.locations[0])
    }

    /// Blood Loss: SRs between losses at `quarters` quarter levels of
    /// bleeding (`None` when it does not bleed).
    pub fn blood_every(&self, quarters: u32) -> Option<u32> {
        (self.blood_every.iter().rev())
            .find(|r| quarters >= r.level)
            .map(|r| r.every)
    }
}

/// All the book's tables, typed.
#[derive(Debug)]
pub struct Tables {
    pub strike_rank: StrikeRankTables,
    pub resolution: ResolutionTables,
    pub injury: InjuryTables,
}

impl Tables {
    pub fn load() -> Result<Tables, TableError> {
        Ok(Tables {
            strike_rank: parse(
                "assets/runemaster/strike_rank.ron",
                include_str!("../../../../assets/runemaster/strike_rank.ron"),
            )?,
            resolution: parse(
                "assets/runemaster/resolution.ron",
                include_str!("../../../../assets/runemaster/resolution.ron"),
            )?,
            injury: parse(
                "assets/runemaster/injury.ron",
                include_str!("../../../../assets/runemaster/injury.ron"),
            )?,
        })
    }
}

/// The embedded tables, loaded on first use; `embedded_tables_load` proves
/// they load, so this cannot fail in a built binary.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| match Tables::load() {
        Ok(t) => t,
        Err(e) => panic!("embedded Rune Master tables are invalid: {e}"),
    })
}

fn parse<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, TableError> {
    crate::scenario::plain::from_str(text).map_err(|source| TableError {
        file: file.to_string(),
        source: Box::new(source),
    })
}

/// Weapon damage: a plain `nDs+m` (checked on load).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(try_from = "DiceExpr")]
pub struct Damage(pub FlatDice);

impl TryFrom<DiceExpr> for Damage {
    type Error = String;
    fn try_from(e: DiceExpr) -> Result<Self, String> {
        e.flat()
            .map(Damage)
            .ok_or_else(|| format!("damage `{e}` must be plain dice like 1D8+1"))
    }
}

/// A hand weapon of the house pack.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    pub damage: Damage,
    pub kind: DamageType,
    pub reach: Reach,
    /// Parry: the damage a successful parry stops (adjusted as armour).
    pub parry: u32,
    pub hands: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Armour {
    pub name: String,
    pub ap: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shield {
    pub name: String,
    pub size: ShieldSize,
    /// Block rating: the most damage a block stops.
    pub block: u32,
    pub ap: u32,
    pub hp: u32,
}

/// A Weapon Reach engagement cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
pub enum Engage {
    Normal,
    Lunge,
    /// Normal reach, at this penalty (Medium in its own hex: 25).
    Penalty(i32),
    Out,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuccessRule {
    pub critical_divisor: i32,
    pub special_divisor: i32,
    pub always_fails: i32,
    pub fumble_divisor: i32,
    pub failure_divisor: i32,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Health {
    pub shock_at: u32,
    pub unconscious_at: u32,
    pub dead_at: u32,
}

/// The house pack: every number the chapter lacks, labelled as the house's.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HousePack {
    /// Said in `check` and the log: whose numbers these are.
    pub label: String,
    pub base_sr: Bands<i32>,
    #[serde(deserialize_with = "positive_divisors")]
    pub success: SuccessRule,
    pub health: Health,
    pub stun_recovery: u32,
    pub knockback_base: i32,
    pub knockback_per_point: i32,
    #[serde(deserialize_with = "named_uniquely")]
    pub weapons: Vec<Weapon>,
    pub armour: Vec<Armour>,
    pub shields: Vec<Shield>,
    pub engagement: Total<Reach, [Engage; 4]>,
}

fn positive_divisors<'de, D: Deserializer<'de>>(d: D) -> Result<SuccessRule, D::Error> {
    let s = SuccessRule::deserialize(d)?;
    if [
        s.critical_divisor,
        s.special_divisor,
        s.fumble_divisor,
        s.failure_divisor,
    ]
    .iter()
    .any(|&v| v < 1)
        || !(2..=100).contains(&s.always_fails)
    {
        return Err(serde::de::Error::custom(
            "divisors must be at least 1 and always_fails between 2 and 100",
        ));
    }
    Ok(s)
}

fn named_uniquely<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Weapon>, D::Error> {
    let weapons = Vec::<Weapon>::deserialize(d)?;
    if !weapons.iter().any(|w| w.name == BARE_HANDS) {
        return Err(serde::de::Error::custom(format!(
            "the weapons must include \"{BARE_HANDS}\", the bare hands a disarmed figure fights with"
        )));
    }
    for (i, w) in weapons.iter().enumerate() {
        if weapons[..i].iter().any(|o| o.name == w.name) {
            return Err(serde::de::Error::custom(format!(
                "weapon \"{}\" is listed twice",
                w.name
            )));
        }
    }
    Ok(weapons)
}

/// The house pack shipped in `assets/runemaster/house.ron`.
pub const HOUSE_FILE: &str = "assets/runemaster/house.ron";
pub const HOUSE_TEXT: &str = include_str!("../../../../assets/runemaster/house.ron");

impl HousePack {
    /// Parse a house pack's text; `file` names it in the error.
    pub fn parse(file: &str, text: &str) -> Result<HousePack, TableError> {
        parse(file, text)
    }

    /// The shipped pack (`embedded_tables_load` proves it loads).
    pub fn shipped() -> &'static HousePack {
        static PACK: OnceLock<HousePack> = OnceLock::new();
        PACK.get_or_init(|| match HousePack::parse(HOUSE_FILE, HOUSE_TEXT) {
            Ok(p) => p,
            Err(e) => panic!("the embedded Rune Master house pack is invalid: {e}"),
        })
    }

    pub fn weapon(&self, name: &str) -> Option<&Weapon> {
        self.weapons.iter().find(|w| w.name == name)
    }
    pub fn armour(&self, name: &str) -> Option<&Armour> {
        self.armour.iter().find(|a| a.name == name)
    }
    pub fn shield(&self, name: &str) -> Option<&Shield> {
        self.shields.iter().find(|s| s.name == name)
    }

    /// Bare hands, once a weapon is gone: the pack's "Fist" (every pack
    /// must list one).
    pub fn bare_hands(&self) -> &Weapon {
        self.weapon(BARE_HANDS).unwrap_or(&self.weapons[0])
    }
}

/// The weapon every house pack lists for bare hands.
pub const BARE_HANDS: &str = "Fist";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Percentile;

    #[test]
    fn embedded_tables_load() {
        if let Err(e) = Tables::load() {
            panic!("{e}");
        }
        if let Err(e) = HousePack::parse(HOUSE_FILE, HOUSE_TEXT) {
            panic!("{e}");
        }
    }

    #[test]
    fn a_bad_table_is_reported_with_file_line_and_column() {
        let err = HousePack::parse("my-pack.ron", "(\n  label: 3,\n)").unwrap_err();
        let text = err.to_string();
        assert!(text.starts_with("my-pack.ron:2:"), "{text}");
    }

    /// Rounds, SR Shift: the restored reading 1: -2, 2-3: -1, 4-7: 0, 8-9: +1, 10: +2.
    #[test]
    fn sr_shift_table_reads_as_restored() {
        let t = &tables().strike_rank.shift;
        let adj: Vec<i32> = (1..=10).map(|f| *t.find(f).unwrap()).collect();
        assert_eq!(adj, [-2, -1, -1, 0, 0, 0, 0, 1, 1, 2]);
        // Symmetric about the middle of the die, as the restored signs make it.
        assert_eq!(adj.iter().sum::<i32>(), 0);
    }

    /// Action, Skill SR: 00 is -2, 01-25 -1, 26-50 0, 51-75 +1, 176-200 +6.
    #[test]
    fn skill_sr_table_reads_as_restored() {
        let t = &tables().strike_rank.skill;
        for (skill, sr) in [
            (0, -2),
            (1, -1),
            (25, -1),
            (26, 0),
            (50, 0),
            (51, 1),
            (75, 1),
        ] {
            assert_eq!(*t.find(skill).unwrap(), sr, "skill {skill}");
        }
        assert_eq!(*t.find(200).unwrap(), 6);
        assert!(
            t.find(201).is_none(),
            "past 200 the 'ea. +25' rule takes over"
        );
    }

    /// Action, adj SR for Weapon Reach: the attacker's column rises with
    /// reach and the target's falls, as the restored signs make them.
    #[test]
    fn weapon_reach_sr_columns_are_monotone() {
        let t = &tables().strike_rank.reach;
        let att: Vec<i32> = Reach::ALL.iter().map(|r| t.get(*r).attacker).collect();
        let tgt: Vec<i32> = Reach::ALL.iter().map(|r| t.get(*r).target).collect();
        assert_eq!(att, [-1, -1, 0, 0, 0, 1, 2]);
        assert_eq!(tgt, [2, 1, 0, 0, 0, -1, -2]);
        let a = &tables().strike_rank.actions;
        assert_eq!(a.get(ActionKind::Ranged).attacker, 10);
        assert_eq!(a.get(ActionKind::Generic).attacker, 5);
    }

    /// Movement table: Mv 1 steps a hex every 5 SR, 5-9 one a SR, 25-29 five.
    #[test]
    fn movement_table_reads_as_restored() {
        let t = &tables().strike_rank.movement;
        let pace = |mv| t.find(mv).map(|p| (p.hexes, p.every)).unwrap();
        assert_eq!(pace(1), (1, 5));
        assert_eq!(pace(4), (1, 2));
        assert_eq!(pace(9), (1, 1));
        assert_eq!(pace(10), (2, 1));
        assert_eq!(pace(29), (5, 1));
    }

    /// Fumble Table: every face of d100 has a result; the ends are the book's.
    #[test]
    fn fumble_table_covers_every_face() {
        let t = &tables().resolution.fumble;
        let at = |v| *t.get(Percentile::new(v).unwrap()).1;
        assert_eq!(at(1), Fumble::Slip);
        assert_eq!(at(30), Fumble::FallHard);
        assert_eq!(at(94), Fumble::FumbleBadly);
        assert_eq!(at(100), Fumble::HitSelfDouble);
    }

    /// Hit Location: the Human Melee column and the Centaur's Side column.
    #[test]
    fn hit_location_tables_cover_the_d20() {
        let i = &tables().injury;
        let human = i.locations(Shape::Human);
        assert_eq!(human.get(Column::Melee, 20), Location::Head);
        assert_eq!(human.get(Column::Melee, 10), Location::Abdomen);
        assert_eq!(human.get(Column::Ranged, 4), Location::RightLeg);
        // Human prints no Rear column: the Melee one serves (seed-gaps).
        assert_eq!(human.get(Column::Rear, 11), Location::Chest);
        let centaur = i.locations(Shape::Centaur);
        assert_eq!(centaur.get(Column::Side, 18), Location::RightArm);
        assert_eq!(centaur.get(Column::Rear, 9), Location::Forequarters);
        assert_eq!(
            i.locations(Shape::Lizardman).get(Column::Ranged, 9),
            Location::Tail
        );
    }

    #[test]
    fn a_location_table_with_a_gap_is_refused() {
        let text =
            "(shape: Human, columns: [Melee], rows: [(Head, [(19, 20)]), (Chest, [(1, 17)])])";
        let err = crate::scenario::plain::from_str::<LocationTable>(text).unwrap_err();
        assert!(err.to_string().contains("face 18 is not given"), "{err}");
    }

    /// Blood Loss: a Medium figure loses 1 point each time; level 3 every round.
    #[test]
    fn blood_loss_tables_read_apart() {
        let i = &tables().injury;
        assert_eq!(*i.blood_amount.get(Size::Medium), 4);
        assert_eq!(
            *i.blood_amount.get(Size::Tiny),
            *i.blood_amount.get(Size::VerySmall)
        );
        assert_eq!(i.blood_every(12), Some(10));
        assert_eq!(i.blood_every(40), Some(1));
        assert_eq!(i.blood_every(0), None);
    }
}
