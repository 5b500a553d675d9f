//! Shakhàn 16.15.4 Armour Protection Table, its weapon and armour damage
//! sub-tables, its modifiers and the shield rules.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::armour::ShieldSize;
use super::missile_fire::half_range_steps;
use super::{D100Range, RangeTable, TableError, invalid, parse};
use crate::dice::Percentile;

const FILE: &str = "armour_protection.ron";

/// Shakhàn 16.15.4 Armour Protection Table: the penetration roll (plus
/// modifiers) against the Armour Protection Value of the area struck.
/// Deserialised as it is, then checked in [`load`].
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmourProtectionTable {
    columns: Vec<AptColumn>,
    less_than_01: Vec<Protection>,
    rows: RangeTable<Vec<Protection>>,
    more_than_100: Vec<Protection>,
    always_miss: D100Range,
    always_penetrate: D100Range,
    weapon_damage: RangeTable<EquipmentDamage>,
    armour_damage: RangeTable<EquipmentDamage>,
    modifiers: PenetrationModifiers,
    shield: ShieldRules,
}

/// Shakhàn 16.15.4: one APV column and the material the book names for it.
#[derive(Debug, Clone, Deserialize)]
#[serde(from = "(u32, Option<String>)")]
pub struct AptColumn {
    pub apv: u32,
    pub material: Option<String>,
}

impl From<(u32, Option<String>)> for AptColumn {
    fn from((apv, material): (u32, Option<String>)) -> Self {
        AptColumn { apv, material }
    }
}

/// Shakhàn 16.15.4: whether the armour was penetrated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PenetrationOutcome {
    /// `nd`: no regular damage.
    NoDamage,
    /// `ndw`: no regular damage; the attacker's weapon may be damaged.
    NoDamageWeaponCheck,
    /// `p`: a flesh wound of the weapon's damage.
    Penetrated,
}

/// Shakhàn 16.15.4: a result code of the Armour Protection Table, e.g. `pc2a`.
/// Written in RON as the code; parsed and validated at load.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(try_from = "String")]
pub struct Protection {
    pub outcome: PenetrationOutcome,
    /// `c`: a Critical Hit in the area struck (only with `p`).
    pub critical: bool,
    /// The digit: Tactic Cards the defender loses, knocked off balance.
    pub unbalanced: u8,
    /// `a`: the defender's armour in the area may be damaged (only with `p`).
    pub armour_check: bool,
}

impl Protection {
    /// Plain `nd`.
    pub const NO_DAMAGE: Protection = Protection {
        outcome: PenetrationOutcome::NoDamage,
        critical: false,
        unbalanced: 0,
        armour_check: false,
    };

    pub fn penetrated(&self) -> bool {
        self.outcome == PenetrationOutcome::Penetrated
    }

    /// Shakhàn 16.15.4: this result rolled against a raised shield, where only
    /// `p`, `w` and `a` count and `p` counts as `a`.
    pub fn against_shield(&self) -> ShieldHit {
        let shield_check = self.penetrated() || self.armour_check;
        let weapon_check = self.outcome == PenetrationOutcome::NoDamageWeaponCheck;
        ShieldHit {
            shield_check,
            weapon_check,
            check_body: shield_check || weapon_check,
        }
    }
}

impl TryFrom<String> for Protection {
    type Error = String;

    fn try_from(code: String) -> Result<Self, String> {
        let fail = || format!("`{code}` is not an armour protection code (e.g. nd, ndw, p1, pc2a)");
        let (outcome, rest) = if let Some(rest) = code.strip_prefix("ndw") {
            (PenetrationOutcome::NoDamageWeaponCheck, rest)
        } else if let Some(rest) = code.strip_prefix("nd") {
            (PenetrationOutcome::NoDamage, rest)
        } else if let Some(rest) = code.strip_prefix('p') {
            (PenetrationOutcome::Penetrated, rest)
        } else {
            return Err(fail());
        };
        let penetrated = outcome == PenetrationOutcome::Penetrated;
        let (critical, rest) = match rest.strip_prefix('c') {
            Some(rest) if penetrated => (true, rest),
            Some(_) => return Err(fail()),
            None => (false, rest),
        };
        let (armour_check, digits) = match rest.strip_suffix('a') {
            Some(digits) if penetrated => (true, digits),
            Some(_) => return Err(fail()),
            None => (false, rest),
        };
        let unbalanced = match digits {
            "" => 0,
            d if d.chars().all(|c| c.is_ascii_digit()) => d.parse().map_err(|_| fail())?,
            _ => return Err(fail()),
        };
        Ok(Protection {
            outcome,
            critical,
            unbalanced,
            armour_check,
        })
    }
}

impl fmt::Display for Protection {
    /// The book's code, e.g. `pc2a`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.outcome {
            PenetrationOutcome::NoDamage => "nd",
            PenetrationOutcome::NoDamageWeaponCheck => "ndw",
            PenetrationOutcome::Penetrated => "p",
        })?;
        if self.critical {
            f.write_str("c")?;
        }
        if self.unbalanced > 0 {
            write!(f, "{}", self.unbalanced)?;
        }
        if self.armour_check {
            f.write_str("a")?;
        }
        Ok(())
    }
}

/// Shakhàn 16.15.4: what a result against a raised shield calls for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShieldHit {
    /// The shield may be damaged (an `a` check on the shield).
    pub shield_check: bool,
    /// The attacker's weapon may be damaged.
    pub weapon_check: bool,
    /// A second penetration roll is made against the area the shield guarded.
    pub check_body: bool,
}

/// Shakhàn 16.15.4: the row a modified penetration roll lands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AptRow {
    LessThan01,
    Range(D100Range),
    MoreThan100,
}

impl fmt::Display for AptRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AptRow::LessThan01 => f.write_str("less than 01"),
            AptRow::Range(r) => write!(f, "{r}"),
            AptRow::MoreThan100 => f.write_str("more than 100"),
        }
    }
}

/// Shakhàn 16.15.4: which natural-roll rule overrode the table, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NaturalRule {
    /// 01–02: never penetrates.
    AlwaysMiss,
    /// 99–00: always penetrates.
    AlwaysPenetrate,
}

/// One resolved penetration roll, with everything a log needs; its Display
/// reads e.g. `penetration 56 +0 → p1 (APV 40, row 56-60)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PenetrationRoll {
    /// The APV asked for, and the column it was read in.
    pub apv: u32,
    pub column_apv: u32,
    pub natural: Percentile,
    pub modifier: i32,
    pub modified: i32,
    pub row: AptRow,
    /// The cell as printed.
    pub table: Protection,
    /// After the natural-roll rules; what the engine applies.
    pub result: Protection,
    pub natural_rule: Option<NaturalRule>,
}

impl fmt::Display for PenetrationRoll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "penetration {} {:+} → {} (APV {}, row {})",
            self.natural, self.modifier, self.result, self.column_apv, self.row
        )?;
        match self.natural_rule {
            Some(NaturalRule::AlwaysMiss) => {
                write!(f, ", natural {} never penetrates", self.natural)
            }
            Some(NaturalRule::AlwaysPenetrate) => {
                write!(f, ", natural {} always penetrates", self.natural)
            }
            None => Ok(()),
        }
    }
}

/// Shakhàn 16.15.4 `w` and `a` results: what happens to a damaged weapon or
/// armour piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EquipmentDamage {
    /// Permanently ruined.
    Ruined,
    /// Unusable until repaired.
    Unusable,
    /// Weapon: loses half its damage factor. Armour: half its protection.
    HalfFactor,
    /// Weapon: loses 25 per cent of its damage factor. Armour: drops to 75 per cent.
    ThreeQuarterFactor,
}

impl EquipmentDamage {
    /// What is left of the item's damage or protection factor (0 when it can
    /// no longer be used).
    pub fn remaining(self) -> f64 {
        match self {
            EquipmentDamage::Ruined | EquipmentDamage::Unusable => 0.0,
            EquipmentDamage::HalfFactor => 0.5,
            EquipmentDamage::ThreeQuarterFactor => 0.75,
        }
    }
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
struct PenetrationModifiers {
    long_range_per_10m: i32,
    short_range_per_10m: i32,
    impaled_on_set_weapon: i32,
    immersion_per_magnitude: i32,
    falling_per_10m: i32,
    strength_per_3_points: i32,
    strength_base: i32,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
struct ShieldRules {
    large_dmod: i32,
    small_dmod: i32,
    failed_unbalanced: u8,
}

impl ArmourProtectionTable {
    /// Shakhàn 16.15.4: resolve a penetration roll. An APV between columns is
    /// read in the column at or below it (capped at the last); a modified roll
    /// below 01 or above 100 reads the extra rows. Natural 01–02 never
    /// penetrate (a penetrating cell becomes plain `nd`); natural 99–00 always
    /// penetrate (a non-penetrating cell becomes `p`, keeping its digit).
    pub fn resolve(&self, apv: u32, natural: Percentile, modifier: i32) -> PenetrationRoll {
        let column = self.columns.partition_point(|c| c.apv <= apv).max(1) - 1;
        let modified = i32::from(natural.value()) + modifier;
        let (row, cells) = match u8::try_from(modified).ok().and_then(Percentile::new) {
            Some(roll) => {
                let (range, cells) = self.rows.get(roll);
                (AptRow::Range(*range), cells)
            }
            None if modified < 1 => (AptRow::LessThan01, &self.less_than_01),
            None => (AptRow::MoreThan100, &self.more_than_100),
        };
        let table = cells[column];
        let (result, natural_rule) = if self.always_miss.contains(natural) {
            let result = if table.penetrated() {
                Protection::NO_DAMAGE
            } else {
                table
            };
            (result, Some(NaturalRule::AlwaysMiss))
        } else if self.always_penetrate.contains(natural) {
            let result = Protection {
                outcome: PenetrationOutcome::Penetrated,
                ..table
            };
            (result, Some(NaturalRule::AlwaysPenetrate))
        } else {
            (table, None)
        };
        PenetrationRoll {
            apv,
            column_apv: self.columns[column].apv,
            natural,
            modifier,
            modified,
            row,
            table,
            result,
            natural_rule,
        }
    }

    /// The APV columns as printed.
    pub fn columns(&self) -> &[AptColumn] {
        &self.columns
    }

    /// Shakhàn 16.15.4 `w`: what a weapon damage roll does to the weapon.
    pub fn weapon_damage(&self, roll: Percentile) -> EquipmentDamage {
        *self.weapon_damage.get(roll).1
    }

    /// Shakhàn 16.15.4 `a`: what an armour damage roll does to the armour.
    pub fn armour_damage(&self, roll: Percentile) -> EquipmentDamage {
        *self.armour_damage.get(roll).1
    }

    /// Shakhàn 16.15.4 `w`/`a`: the piece is damaged on a d100 roll of this
    /// or less (100 minus its composition factor).
    pub fn equipment_damage_threshold(&self, composition_factor: i32) -> i32 {
        100 - composition_factor
    }

    /// Shakhàn 16.15.4: missile velocity modifier, -2 per full 10 m past half
    /// the maximum range, +2 per full 10 m below it.
    pub fn range_modifier(&self, range_m: f64, max_range_m: f64) -> i32 {
        let steps = half_range_steps(range_m, max_range_m);
        if steps > 0 {
            steps * self.modifiers.long_range_per_10m
        } else {
            -steps * self.modifiers.short_range_per_10m
        }
    }

    /// Shakhàn 16.15.4: attacker Strength, ±1 per full 3 points off 11.
    pub fn strength_modifier(&self, strength: i32) -> i32 {
        (strength - self.modifiers.strength_base) / 3 * self.modifiers.strength_per_3_points
    }

    /// Shakhàn 16.15.4: impaled on a "set" weapon.
    pub fn impaled_modifier(&self) -> i32 {
        self.modifiers.impaled_on_set_weapon
    }

    /// Shakhàn 16.15.4: immersion, per Magnitude.
    pub fn immersion_modifier(&self, magnitude: u32) -> i32 {
        magnitude as i32 * self.modifiers.immersion_per_magnitude
    }

    /// Shakhàn 16.15.4: falling or being thrown, per full 10 m.
    pub fn falling_modifier(&self, metres: f64) -> i32 {
        full_tens(metres) * self.modifiers.falling_per_10m
    }

    /// Shakhàn 16.15.4: raising a readied shield succeeds on a d100 roll of
    /// (Adjusted Agility + Dexterity) x 4 (large) or x 3 (small), or less. A
    /// gauntleted half Dexterity stays fractional: a whole roll at or under
    /// 16.5 is one at or under 16.
    pub fn shield_check_threshold(
        &self,
        adjusted_agility: i32,
        dexterity: f64,
        size: ShieldSize,
    ) -> i32 {
        let dmod = match size {
            ShieldSize::Large => self.shield.large_dmod,
            ShieldSize::Small => self.shield.small_dmod,
        };
        ((f64::from(adjusted_agility) + dexterity) * f64::from(dmod)).floor() as i32
    }

    /// Shakhàn 16.15.4: Tactic Cards lost when the shield check fails (a "1"
    /// result); the strike then goes against the body as if unshielded.
    pub fn shield_failed_unbalanced(&self) -> u8 {
        self.shield.failed_unbalanced
    }
}

/// Whole 10 m steps in a distance; partial steps do not count.
fn full_tens(metres: f64) -> i32 {
    (metres / 10.0 + 1e-9).floor().max(0.0) as i32
}

pub(super) fn load() -> Result<ArmourProtectionTable, TableError> {
    from_text(include_str!(
        "../../../../../assets/shakhan/armour_protection.ron"
    ))
}

fn from_text(text: &str) -> Result<ArmourProtectionTable, TableError> {
    let file: ArmourProtectionTable = parse(FILE, text)?;
    if file.columns.first().is_none_or(|c| c.apv != 0) {
        return Err(invalid(FILE, "the first column must be APV 0"));
    }
    if file.columns.windows(2).any(|w| w[0].apv >= w[1].apv) {
        return Err(invalid(FILE, "APV columns must ascend"));
    }
    let n = file.columns.len();
    let rows = std::iter::once(("less than 01".to_string(), &file.less_than_01))
        .chain(file.rows.rows().map(|(r, cells)| (r.to_string(), cells)))
        .chain(std::iter::once((
            "more than 100".to_string(),
            &file.more_than_100,
        )));
    for (label, cells) in rows {
        if cells.len() != n {
            return Err(invalid(
                FILE,
                format!("row {label} has {} cells for {n} APV columns", cells.len()),
            ));
        }
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(v: u8) -> Percentile {
        Percentile::new(v).unwrap()
    }

    fn code(t: &ArmourProtectionTable, apv: u32, natural: u8, modifier: i32) -> String {
        t.resolve(apv, p(natural), modifier).result.to_string()
    }

    #[test]
    fn apt_16_15_4_codes_parse_and_print_back() {
        for c in [
            "nd", "ndw", "nd1", "p", "pc", "p1", "pc1", "p2", "pc2", "pc2a", "pc3", "pc3a",
        ] {
            let parsed = Protection::try_from(c.to_string()).unwrap();
            assert_eq!(parsed.to_string(), c);
        }
        let pc2a = Protection::try_from("pc2a".to_string()).unwrap();
        assert_eq!(
            pc2a,
            Protection {
                outcome: PenetrationOutcome::Penetrated,
                critical: true,
                unbalanced: 2,
                armour_check: true
            }
        );
        for bad in ["", "x", "ndc", "nda", "pw", "p1c", "pcc", "p-1", "pa2"] {
            assert!(Protection::try_from(bad.to_string()).is_err(), "{bad}");
        }
    }

    #[test]
    fn apt_16_15_4_corners_and_cells() {
        let t = load().unwrap();
        // Corners of the printed 01-05 .. 96-00 block.
        assert_eq!(code(&t, 0, 3, 0), "nd");
        assert_eq!(code(&t, 100, 3, 0), "ndw");
        assert_eq!(code(&t, 0, 97, 0), "pc2");
        assert_eq!(code(&t, 100, 97, 0), "pc2");
        // Middle cells.
        assert_eq!(code(&t, 40, 56, 0), "p1");
        assert_eq!(code(&t, 10, 48, 0), "pc");
        assert_eq!(code(&t, 70, 53, 0), "nd1");
        assert_eq!(code(&t, 30, 88, 0), "pc2a");
        assert_eq!(code(&t, 90, 64, 0), "nd1");
        // The modified-roll rows and their corners.
        let low = t.resolve(0, p(10), -20);
        assert_eq!(
            (low.row, low.result.to_string().as_str()),
            (AptRow::LessThan01, "nd")
        );
        assert_eq!(code(&t, 100, 10, -20), "ndw");
        let high = t.resolve(0, p(90), 20);
        assert_eq!(
            (high.row, high.result.to_string().as_str()),
            (AptRow::MoreThan100, "pc3")
        );
        assert_eq!(code(&t, 100, 90, 20), "pc2a");
        assert_eq!(code(&t, 10, 90, 11), "pc3a");
    }

    #[test]
    fn apt_16_15_4_apv_between_columns_reads_the_column_below() {
        let t = load().unwrap();
        assert_eq!(t.resolve(45, p(43), 0).column_apv, 40);
        assert_eq!(code(&t, 45, 43, 0), "p");
        assert_eq!(code(&t, 9, 8, 0), "p");
        assert_eq!(t.resolve(250, p(43), 0).column_apv, 100);
        assert_eq!(t.columns()[6].material.as_deref(), Some("plate"));
        assert_eq!(t.columns()[7].material, None);
    }

    #[test]
    fn apt_16_15_4_natural_01_02_miss_and_99_00_penetrate() {
        let t = load().unwrap();
        // 02 + 60 would read pc1 on skin; it never penetrates.
        let miss = t.resolve(0, p(2), 60);
        assert_eq!(miss.table.to_string(), "pc1");
        assert_eq!(miss.result, Protection::NO_DAMAGE);
        assert_eq!(miss.natural_rule, Some(NaturalRule::AlwaysMiss));
        // A non-penetrating cell is kept as printed (weapon check included).
        assert_eq!(code(&t, 100, 1, 0), "ndw");
        // 99 - 60 = 39 on APV 50 reads nd; it penetrates.
        let hit = t.resolve(50, p(99), -60);
        assert_eq!(hit.table.to_string(), "nd");
        assert_eq!(hit.result.to_string(), "p");
        assert_eq!(code(&t, 90, 100, -40), "p1");
        assert_eq!(code(&t, 100, 99, 0), "pc2");
        assert_eq!(hit.natural_rule, Some(NaturalRule::AlwaysPenetrate));
    }

    #[test]
    fn apt_16_15_4_log_line() {
        let t = load().unwrap();
        assert_eq!(
            t.resolve(40, p(56), 0).to_string(),
            "penetration 56 +0 → p1 (APV 40, row 56-60)"
        );
        assert_eq!(
            t.resolve(0, p(1), 60).to_string(),
            "penetration 01 +60 → nd (APV 0, row 61-65), natural 01 never penetrates"
        );
    }

    #[test]
    fn apt_16_15_4_long_range_example_minus_4() {
        let t = load().unwrap();
        assert_eq!(t.range_modifier(70.0, 100.0), -4);
        // Partial 10 m steps do not count.
        assert_eq!(t.range_modifier(79.0, 100.0), -4);
        assert_eq!(t.range_modifier(50.0, 100.0), 0);
    }

    #[test]
    fn apt_16_15_4_short_range_example_plus_6() {
        let t = load().unwrap();
        assert_eq!(t.range_modifier(10.0, 80.0), 6);
        assert_eq!(t.range_modifier(35.0, 80.0), 0);
    }

    #[test]
    fn apt_16_15_4_other_modifiers() {
        let t = load().unwrap();
        assert_eq!(t.strength_modifier(11), 0);
        assert_eq!(t.strength_modifier(9), 0);
        assert_eq!(t.strength_modifier(8), -1);
        assert_eq!(t.strength_modifier(5), -2);
        assert_eq!(t.strength_modifier(14), 1);
        assert_eq!(t.strength_modifier(20), 3);
        assert_eq!(t.impaled_modifier(), 15);
        assert_eq!(t.immersion_modifier(3), 15);
        assert_eq!(t.falling_modifier(25.0), 10);
    }

    #[test]
    fn apt_16_15_4_damage_subtables_and_shield() {
        let t = load().unwrap();
        assert_eq!(t.weapon_damage(p(25)), EquipmentDamage::Ruined);
        assert_eq!(t.weapon_damage(p(26)), EquipmentDamage::Unusable);
        assert_eq!(t.weapon_damage(p(75)), EquipmentDamage::HalfFactor);
        assert_eq!(t.weapon_damage(p(100)), EquipmentDamage::ThreeQuarterFactor);
        assert_eq!(t.armour_damage(p(1)), EquipmentDamage::Ruined);
        assert_eq!(t.armour_damage(p(76)), EquipmentDamage::ThreeQuarterFactor);
        // The book's examples: a sword of 60-80 has a 20-40 per cent chance.
        assert_eq!(t.equipment_damage_threshold(70), 30);
        assert_eq!(t.shield_check_threshold(12, 10.0, ShieldSize::Large), 88);
        assert_eq!(t.shield_check_threshold(12, 10.0, ShieldSize::Small), 66);
        assert_eq!(t.shield_failed_unbalanced(), 1);
        let on_shield = |c: &str| {
            Protection::try_from(c.to_string())
                .unwrap()
                .against_shield()
        };
        let p1 = on_shield("pc1");
        assert!(p1.shield_check && p1.check_body && !p1.weapon_check);
        let w = on_shield("ndw");
        assert!(w.weapon_check && w.check_body && !w.shield_check);
        let nd = on_shield("nd1");
        assert!(!nd.check_body && !nd.shield_check && !nd.weapon_check);
    }

    #[test]
    fn apt_broken_copies_are_refused() {
        let text = include_str!("../../../../../assets/shakhan/armour_protection.ron");
        let gap = text.replace("((56, 60),", "((57, 60),");
        let err = from_text(&gap).unwrap_err().to_string();
        assert!(err.contains("leave 56 uncovered"), "{err}");
        let short = text.replace(
            "[\"pc1\", \"p1\", \"p1\", \"p1\", \"p1\", \"p1\", \"p1\", \"nd1\",",
            "[\"pc1\", \"p1\", \"p1\", \"p1\", \"p1\", \"p1\", \"nd1\",",
        );
        let err = from_text(&short).unwrap_err().to_string();
        assert!(err.contains("row 51-55 has 10 cells"), "{err}");
        let typo = text.replace("\"pc2a\", \"pc2\"]),", "\"pс2a\", \"pc2\"]),");
        let err = from_text(&typo).unwrap_err().to_string();
        assert!(err.contains("not an armour protection code"), "{err}");
    }
}
