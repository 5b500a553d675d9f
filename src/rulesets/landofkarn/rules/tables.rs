//! Land of Karn's tables as data (`assets/landofkarn/*.ron`): the fumble,
//! critical and knock-out charts and the called-shot penalties as the book
//! prints them, and the house data pack standing in for the weapon and
//! armour statistics the basic rules do not give. Every check runs while
//! deserialising, so a bad file is reported with file:line:col; after
//! [`tables()`] has returned, lookups cannot fail.

use std::fmt;
use std::sync::OnceLock;

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize};
use thiserror::Error;

use super::terms::{AttackKind, CriticalColumn, DamageType};
use crate::dice::{DiceExpr, FlatDice, Percentile, RangeTable};

/// A dice expression that neither scales nor offers a choice (`2D4`, `1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Roll(pub FlatDice);

impl<'de> Deserialize<'de> for Roll {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let expr = DiceExpr::deserialize(d)?;
        expr.flat()
            .map(Roll)
            .ok_or_else(|| D::Error::custom("write plain dice such as 2D4 or 1D6+1"))
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.0;
        if d.count == 0 {
            return write!(f, "{}", d.modifier);
        }
        write!(f, "{}D{}", d.count, d.sides)?;
        if d.modifier != 0 {
            write!(f, "{:+}", d.modifier)?;
        }
        Ok(())
    }
}

/// Where a value comes from: the house pack's stand-in or a referee's own
/// file; the reason is kept so `check` can show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    House(String),
    Referee(String),
}

impl Source {
    /// "house: why" or "referee: why".
    pub fn label(&self) -> String {
        match self {
            Source::House(why) => format!("house: {why}"),
            Source::Referee(why) => format!("referee: {why}"),
        }
    }

    pub fn is_house(&self) -> bool {
        matches!(self, Source::House(_))
    }
}

/// "Fumble": the severities, worst last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Fumble {
    BadMiss,
    AllTurnedAround,
    DroppedWeapon,
    FlungWeapon,
    OverexertedSelf,
    HitOther,
}

impl Fumble {
    pub const ALL: [Fumble; 6] = [
        Fumble::BadMiss,
        Fumble::AllTurnedAround,
        Fumble::DroppedWeapon,
        Fumble::FlungWeapon,
        Fumble::OverexertedSelf,
        Fumble::HitOther,
    ];

    pub fn word(self) -> &'static str {
        match self {
            Fumble::BadMiss => "Bad Miss",
            Fumble::AllTurnedAround => "All Turned Around",
            Fumble::DroppedWeapon => "Dropped Weapon",
            Fumble::FlungWeapon => "Flung Weapon",
            Fumble::OverexertedSelf => "Overexerted Self",
            Fumble::HitOther => "Hit Other",
        }
    }
}

/// What a fumble does to the one who fumbled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FumbleEffect {
    pub sp: Roll,
    /// On the next melee action only (Bad Miss).
    pub next_action: i32,
    /// On every roll for the rest of this melee and the next (All Turned Around).
    pub all_rolls: i32,
    /// On every combat roll for the rest of the fight (Overexerted Self: 1D20+20 minutes).
    pub combat_rolls: i32,
}

#[derive(Debug, Deserialize)]
#[serde(rename = "FumbleTables", deny_unknown_fields)]
struct FumbleFile {
    columns: Vec<(AttackKind, Vec<(crate::dice::D100Range, Fumble)>)>,
    effects: Vec<(Fumble, FumbleEffect)>,
}

/// The fumble chart: a column per [`AttackKind`], each covering 01–00.
#[derive(Debug)]
pub struct FumbleTables {
    columns: Vec<RangeTable<Fumble>>,
    effects: Vec<FumbleEffect>,
}

impl FumbleTables {
    pub fn get(&self, kind: AttackKind, roll: Percentile) -> Fumble {
        *self.columns[index(&AttackKind::ALL, kind)].get(roll).1
    }

    pub fn column(&self, kind: AttackKind) -> &RangeTable<Fumble> {
        &self.columns[index(&AttackKind::ALL, kind)]
    }

    pub fn effect(&self, fumble: Fumble) -> &FumbleEffect {
        &self.effects[index(&Fumble::ALL, fumble)]
    }
}

impl<'de> Deserialize<'de> for FumbleTables {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let file = FumbleFile::deserialize(d)?;
        let columns = complete(&AttackKind::ALL, file.columns)
            .map_err(D::Error::custom)?
            .into_iter()
            .map(|(kind, rows)| {
                RangeTable::new(rows).map_err(|e| D::Error::custom(format!("{kind:?}: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let effects = complete(&Fumble::ALL, file.effects).map_err(D::Error::custom)?;
        Ok(FumbleTables {
            columns,
            effects: effects.into_iter().map(|(_, e)| e).collect(),
        })
    }
}

/// "Critical": the severities, worst last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Critical {
    Surface,
    SevereSurface,
    DeepTissue,
    Internal,
    Crippling,
    DeathBlow,
}

impl Critical {
    pub const ALL: [Critical; 6] = [
        Critical::Surface,
        Critical::SevereSurface,
        Critical::DeepTissue,
        Critical::Internal,
        Critical::Crippling,
        Critical::DeathBlow,
    ];

    pub fn word(self) -> &'static str {
        match self {
            Critical::Surface => "Surface Damage",
            Critical::SevereSurface => "Severe Surface Damage",
            Critical::DeepTissue => "Deep Tissue Damage",
            Critical::Internal => "Internal Injuries",
            Critical::Crippling => "Crippling Injuries",
            Critical::DeathBlow => "Death Blow",
        }
    }
}

/// What a critical does beyond the damage: the multiplier in halves (3 is
/// x1.5), its own SP damage and a lasting penalty on combat rolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CriticalEffect {
    pub times_half: u8,
    pub sp: Roll,
    pub combat_rolls: i32,
}

#[derive(Debug, Deserialize)]
#[serde(rename = "CriticalTables", deny_unknown_fields)]
struct CriticalFile {
    columns: Vec<(CriticalColumn, Vec<(crate::dice::D100Range, Critical)>)>,
    effects: Vec<(Critical, CriticalEffect)>,
}

/// The critical chart: a column per [`CriticalColumn`], each covering 01–00.
#[derive(Debug)]
pub struct CriticalTables {
    columns: Vec<RangeTable<Critical>>,
    effects: Vec<CriticalEffect>,
}

impl CriticalTables {
    pub fn get(&self, column: CriticalColumn, roll: Percentile) -> Critical {
        *self.columns[index(&CriticalColumn::ALL, column)]
            .get(roll)
            .1
    }

    pub fn column(&self, column: CriticalColumn) -> &RangeTable<Critical> {
        &self.columns[index(&CriticalColumn::ALL, column)]
    }

    pub fn effect(&self, critical: Critical) -> &CriticalEffect {
        &self.effects[index(&Critical::ALL, critical)]
    }
}

impl<'de> Deserialize<'de> for CriticalTables {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let file = CriticalFile::deserialize(d)?;
        let columns = complete(&CriticalColumn::ALL, file.columns)
            .map_err(D::Error::custom)?
            .into_iter()
            .map(|(c, rows)| {
                RangeTable::new(rows).map_err(|e| D::Error::custom(format!("{c:?}: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let effects = complete(&Critical::ALL, file.effects).map_err(D::Error::custom)?;
        Ok(CriticalTables {
            columns,
            effects: effects.into_iter().map(|(_, e)| e).collect(),
        })
    }
}

/// "Knock Out/Stun Called Shots": what a failed END check brings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Knockout {
    Woozy,
    Stun,
    BlackOut,
    KnockOut,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnockoutRow {
    pub effect: Knockout,
    pub lasts: Roll,
    pub sp: Roll,
    pub combat: i32,
    pub skills: i32,
}

/// The knock-out chart, covering 01–00.
#[derive(Debug, Deserialize)]
pub struct KnockoutTable(pub RangeTable<KnockoutRow>);

/// "Making A Called Shot": the book's example targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CalledTarget {
    ArmOrLeg,
    KidneyPunch,
    Groin,
    Head,
    Eye,
    InnerThighArtery,
}

impl CalledTarget {
    pub const ALL: [CalledTarget; 6] = [
        CalledTarget::ArmOrLeg,
        CalledTarget::KidneyPunch,
        CalledTarget::Groin,
        CalledTarget::Head,
        CalledTarget::Eye,
        CalledTarget::InnerThighArtery,
    ];
}

/// The example penalty for each called target.
#[derive(Debug)]
pub struct CalledShots(Vec<i32>);

impl CalledShots {
    pub fn penalty(&self, target: CalledTarget) -> i32 {
        self.0[index(&CalledTarget::ALL, target)]
    }
}

impl<'de> Deserialize<'de> for CalledShots {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(rename = "CalledShots")]
        struct File(Vec<(CalledTarget, i32)>);
        let File(rows) = File::deserialize(d)?;
        let rows = complete(&CalledTarget::ALL, rows).map_err(D::Error::custom)?;
        Ok(CalledShots(rows.into_iter().map(|(_, p)| p).collect()))
    }
}

/// A weapon of a data pack.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    pub kind: AttackKind,
    pub damage: Roll,
    pub types: Vec<DamageType>,
    pub source: Source,
}

impl Weapon {
    /// The damage type armour and the critical chart use: the first listed.
    pub fn main_type(&self) -> DamageType {
        self.types[0]
    }

    /// "Pierce (P)": a hand-to-hand weapon doing pierce damage only.
    pub fn pierce_only(&self) -> bool {
        self.types.iter().all(|t| *t == DamageType::Pierce)
    }
}

/// Protection and damage rating against one damage type: `(6, 3)` is the
/// book's "6 (3)".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rating(pub u8, pub u8);

/// A suit of armour of a data pack.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Armour {
    pub name: String,
    pub cov: u8,
    pub cut: Rating,
    pub chop: Rating,
    pub crush: Rating,
    pub pierce: Rating,
    pub hp: u16,
    pub source: Source,
}

impl Armour {
    pub fn rating(&self, t: DamageType) -> Rating {
        match t {
            DamageType::Cut => self.cut,
            DamageType::Chop => self.chop,
            DamageType::Crush => self.crush,
            DamageType::Pierce => self.pierce,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename = "Pack", deny_unknown_fields)]
struct PackFile {
    name: String,
    weapons: Vec<Weapon>,
    armour: Vec<Armour>,
}

/// The numbers the basic rules leave out: weapons and armour. The shipped
/// one is the house pack; a referee may name their own file.
#[derive(Debug, Clone, PartialEq)]
pub struct Pack {
    pub name: String,
    pub weapons: Vec<Weapon>,
    pub armour: Vec<Armour>,
}

impl Pack {
    pub fn weapon(&self, name: &str) -> Option<&Weapon> {
        self.weapons.iter().find(|w| w.name == name)
    }

    pub fn armour(&self, name: &str) -> Option<&Armour> {
        self.armour.iter().find(|a| a.name == name)
    }

    /// Whether any value of the pack is a house one.
    pub fn has_house(&self) -> bool {
        self.weapons.iter().any(|w| w.source.is_house())
            || self.armour.iter().any(|a| a.source.is_house())
    }

    /// Parse a pack's text, every check inside.
    pub fn parse(text: &str) -> Result<Pack, ron::error::SpannedError> {
        ron::from_str(text)
    }
}

impl<'de> Deserialize<'de> for Pack {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let f = PackFile::deserialize(d)?;
        for w in &f.weapons {
            if w.types.is_empty() {
                return Err(D::Error::custom(format!(
                    "the {} has no damage type (give Cut, Chop, Crush or Pierce)",
                    w.name
                )));
            }
            if w.damage.0.min() < 0 {
                return Err(D::Error::custom(format!(
                    "the {}'s damage {} can be below 0",
                    w.name, w.damage
                )));
            }
        }
        for a in &f.armour {
            if a.cov > 24 {
                return Err(D::Error::custom(format!(
                    "the {}'s COV {} is more than 24 (total coverage)",
                    a.name, a.cov
                )));
            }
        }
        for (i, w) in f.weapons.iter().enumerate() {
            if f.weapons[..i].iter().any(|o| o.name == w.name) {
                return Err(D::Error::custom(format!(
                    "two weapons are named {}",
                    w.name
                )));
            }
        }
        for (i, a) in f.armour.iter().enumerate() {
            if f.armour[..i].iter().any(|o| o.name == a.name) {
                return Err(D::Error::custom(format!(
                    "two armours are named {}",
                    a.name
                )));
            }
        }
        Ok(Pack {
            name: f.name,
            weapons: f.weapons,
            armour: f.armour,
        })
    }
}

/// The place of `key` among `all`.
fn index<K: PartialEq>(all: &[K], key: K) -> usize {
    all.iter()
        .position(|k| *k == key)
        .expect("every key is among ALL")
}

/// `rows` with every key of `all` exactly once, in `all`'s order.
fn complete<K: Copy + PartialEq + fmt::Debug, V>(
    all: &[K],
    rows: Vec<(K, V)>,
) -> Result<Vec<(K, V)>, String> {
    let mut slots: Vec<Option<V>> = all.iter().map(|_| None).collect();
    for (k, v) in rows {
        if slots[index(all, k)].replace(v).is_some() {
            return Err(format!("{k:?} is listed twice"));
        }
    }
    let missing: Vec<String> = all
        .iter()
        .zip(&slots)
        .filter(|(_, v)| v.is_none())
        .map(|(k, _)| format!("{k:?}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "missing: {} (every one must be listed)",
            missing.join(", ")
        ));
    }
    Ok(all
        .iter()
        .copied()
        .zip(slots.into_iter().flatten())
        .collect())
}

/// A table that did not load: the file, and where and what is wrong in it.
#[derive(Debug, Error)]
#[error("assets/landofkarn/{file}:{source}")]
pub struct TableError {
    file: &'static str,
    source: ron::error::SpannedError,
}

/// Every Land of Karn table, typed.
#[derive(Debug)]
pub struct Tables {
    pub fumble: FumbleTables,
    pub critical: CriticalTables,
    pub knockout: KnockoutTable,
    pub called: CalledShots,
    /// The shipped house pack (`house.ron`).
    pub house: Pack,
}

/// The house pack's file name, as `check` names it.
pub const HOUSE_FILE: &str = "assets/landofkarn/house.ron";

impl Tables {
    pub fn load() -> Result<Tables, TableError> {
        Ok(Tables {
            fumble: parse(
                "fumble.ron",
                include_str!("../../../../assets/landofkarn/fumble.ron"),
            )?,
            critical: parse(
                "critical.ron",
                include_str!("../../../../assets/landofkarn/critical.ron"),
            )?,
            knockout: parse(
                "knockout.ron",
                include_str!("../../../../assets/landofkarn/knockout.ron"),
            )?,
            called: parse(
                "called.ron",
                include_str!("../../../../assets/landofkarn/called.ron"),
            )?,
            house: parse(
                "house.ron",
                include_str!("../../../../assets/landofkarn/house.ron"),
            )?,
        })
    }
}

fn parse<T: DeserializeOwned>(file: &'static str, text: &str) -> Result<T, TableError> {
    ron::from_str(text).map_err(|source| TableError { file, source })
}

/// The embedded tables, loaded on first use; `embedded_tables_load` proves
/// they load, so this cannot fail in a built binary.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| match Tables::load() {
        Ok(t) => t,
        Err(e) => panic!("embedded Land of Karn tables are invalid: {e}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(v: u8) -> Percentile {
        Percentile::new(v).unwrap()
    }

    #[test]
    fn embedded_tables_load() {
        if let Err(e) = Tables::load() {
            panic!("{e}");
        }
    }

    /// Land of Karn "Fumble": every column covers 01–00 (proved while
    /// loading) and the chart's boundaries read as printed.
    #[test]
    fn fumble_chart_covers_01_to_00_as_printed() {
        let t = &tables().fumble;
        for kind in AttackKind::ALL {
            let covered: u32 = t.column(kind).rows().map(|(r, _)| u32::from(r.len())).sum();
            assert_eq!(covered, 100, "{kind:?}");
        }
        use AttackKind::*;
        use Fumble::*;
        assert_eq!(t.get(HandToHand, p(50)), AllTurnedAround);
        assert_eq!(t.get(HandToHand, p(51)), OverexertedSelf);
        assert!(
            Percentile::all().all(|r| !matches!(t.get(HandToHand, r), DroppedWeapon | FlungWeapon)),
            "no weapon to drop bare-handed"
        );
        assert_eq!(t.get(Swing, p(55)), DroppedWeapon);
        assert_eq!(t.get(Swing, p(80)), FlungWeapon);
        assert_eq!(t.get(Thrust, p(65)), DroppedWeapon);
        assert_eq!(t.get(Thrust, p(66)), FlungWeapon);
        assert_eq!(t.get(Other, p(60)), DroppedWeapon);
        assert_eq!(t.get(Other, p(100)), HitOther);
        assert_eq!(t.effect(FlungWeapon).sp.to_string(), "2D4");
        assert_eq!(t.effect(BadMiss).next_action, -1);
    }

    /// Land of Karn "Critical": every column covers 01–00; "100+" is 00
    /// alone and "99+" is 99–00.
    #[test]
    fn critical_chart_covers_01_to_00_as_printed() {
        let t = &tables().critical;
        for c in CriticalColumn::ALL {
            let covered: u32 = t.column(c).rows().map(|(r, _)| u32::from(r.len())).sum();
            assert_eq!(covered, 100, "{c:?}");
        }
        use Critical::*;
        use CriticalColumn as C;
        assert_eq!(t.get(C::Cut, p(99)), Crippling);
        assert_eq!(t.get(C::Cut, p(100)), DeathBlow);
        assert_eq!(t.get(C::Chop, p(99)), DeathBlow);
        assert_eq!(t.get(C::Crush, p(70)), DeepTissue);
        assert_eq!(t.get(C::Pierce, p(75)), DeepTissue);
        assert_eq!(t.get(C::Pierce, p(76)), Internal);
        assert_eq!(t.get(C::Other, p(50)), SevereSurface);
        assert_eq!(t.effect(Surface).times_half, 3);
        assert_eq!(t.effect(Internal).sp.to_string(), "3D6");
    }

    /// Land of Karn "Knock Out/Stun Called Shots": the chart covers 01–00.
    #[test]
    fn knockout_chart_covers_01_to_00_as_printed() {
        let t = &tables().knockout.0;
        assert_eq!(t.get(p(60)).1.effect, Knockout::Woozy);
        assert_eq!(t.get(p(61)).1.effect, Knockout::Stun);
        assert_eq!(t.get(p(90)).1.effect, Knockout::BlackOut);
        assert_eq!(t.get(p(100)).1.effect, Knockout::KnockOut);
        assert_eq!(t.get(p(61)).1.combat, -4);
    }

    /// Land of Karn "Making A Called Shot": the book's examples.
    #[test]
    fn called_shot_examples_as_printed() {
        let t = &tables().called;
        assert_eq!(t.penalty(CalledTarget::ArmOrLeg), -2);
        assert_eq!(t.penalty(CalledTarget::Eye), -10);
        assert_eq!(t.penalty(CalledTarget::InnerThighArtery), -15);
    }

    #[test]
    fn the_house_pack_labels_every_value_house() {
        let pack = &tables().house;
        assert!(pack.weapons.iter().all(|w| w.source.is_house()));
        assert!(pack.armour.iter().all(|a| a.source.is_house()));
        assert!(pack.weapon("Fists").is_some());
    }

    #[test]
    fn a_bad_table_is_reported_with_file_line_and_column() {
        let err = parse::<KnockoutTable>(
            "knockout.ron",
            "KnockoutTable([\n ((1, 60), (effect: Woozy, lasts: \"1D6\", sp: \"1D4\", combat: -2, skills: -20)),\n])",
        )
        .unwrap_err();
        let text = err.to_string();
        assert!(
            text.starts_with("assets/landofkarn/knockout.ron:"),
            "{text}"
        );
        assert!(text.contains("uncovered"), "{text}");
        let pack = Pack::parse(
            "Pack(name: \"x\", weapons: [(name: \"A\", kind: Swing, damage: \"1D6\", types: [], source: House(\"x\"))], armour: [])",
        );
        assert!(pack.unwrap_err().to_string().contains("no damage type"));
    }
}
