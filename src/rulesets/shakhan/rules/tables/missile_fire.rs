//! Shakhàn 16.15.14 Missile Fire Resolution Table, its modifiers and the
//! normal maximum ranges, with the missile rules numbers of 16.12.1.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{D100Range, TableError, invalid, parse};
use crate::dice::{Dice, DiceExpr, FlatDice, Percentile};
use crate::rulesets::shakhan::rules::BodyArea;

const FILE: &str = "missile_fire.ron";

/// Shakhàn 16.15.14 Missile Fire Resolution Table: base Success Thresholds by
/// range to target and target height or surface area.
///
/// The final threshold is base + launcher MsFm bonus (16.15.13.6) − the sum of
/// the penalties below; a natural 01 always strikes and 00 always misses.
#[derive(Debug)]
pub struct MissileFireTable {
    /// Lower bounds, descending, the last 0 (checked at load).
    columns: Vec<f64>,
    /// (lower bound of the range band, thresholds per column), ascending from 0.
    rows: Vec<(f64, Vec<i32>)>,
    always_strike: D100Range,
    always_miss: D100Range,
    modifiers: FireModifiers,
    max_ranges: BTreeMap<MissileType, MaxRange>,
    aimed_msf_percent: u32,
    overshoot: FlatDice,
    unbalancing_weight_percent: f64,
    flight_metres_per_second: BTreeMap<MissileType, f64>,
    aimed_area_share: BTreeMap<BodyArea, f64>,
    projectile_kg: BTreeMap<MissileType, f64>,
    /// Shakhàn 16.9.9.1: a weapon not ready in a free round needs loading and
    /// firing under this many AP, and an Adjusted Agility × DMod check.
    pub free_round_ap_below: f64,
    pub free_round_check_dmod: i32,
}

/// Shakhàn 16.15.14: the missile weapon kinds of the maximum-range list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
pub enum MissileType {
    BlowGunOrNet,
    DartsOrBola,
    /// Thrown bladed projectile, e.g. a dagger.
    ThrownBladed,
    /// Thrown pointed projectile, e.g. a javelin.
    ThrownPointed,
    /// Thrown stone or other non-bladed projectile.
    ThrownStone,
    LightCrossbow,
    MediumCrossbow,
    HeavyCrossbow,
    ShortBow,
    CompositeBow,
    Longbow,
    SiegeEngine,
    /// A magical attack.
    Magical,
}

impl MissileType {
    pub const ALL: [MissileType; 13] = [
        MissileType::BlowGunOrNet,
        MissileType::DartsOrBola,
        MissileType::ThrownBladed,
        MissileType::ThrownPointed,
        MissileType::ThrownStone,
        MissileType::LightCrossbow,
        MissileType::MediumCrossbow,
        MissileType::HeavyCrossbow,
        MissileType::ShortBow,
        MissileType::CompositeBow,
        MissileType::Longbow,
        MissileType::SiegeEngine,
        MissileType::Magical,
    ];
}

/// Shakhàn 16.15.14: a normal maximum range.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub enum MaxRange {
    /// A fixed distance in metres.
    Metres(f64),
    /// Metres per point of the thrower's Strength.
    PerStrength(f64),
    /// Metres per Level or Magnitude of the spell or caster.
    PerLevel(f64),
    /// Rolled dice times metres per point (siege engines: 1D6 x 100 m).
    Rolled {
        dice: DiceExpr,
        metres_per_point: f64,
    },
}

impl MaxRange {
    /// Shakhàn 16.15.14: the range in metres for this user. Only a rolled
    /// range uses `dice`; the engine rolls it once when the weapon is set up.
    pub fn metres(&self, strength: u32, level: u32, dice: &mut Dice) -> f64 {
        match self {
            MaxRange::Metres(m) => *m,
            MaxRange::PerStrength(m) => m * f64::from(strength),
            MaxRange::PerLevel(m) => m * f64::from(level),
            MaxRange::Rolled {
                dice: expr,
                metres_per_point,
            } => {
                let total = expr.resolve(1, 0).roll(dice).total;
                f64::from(total) * metres_per_point
            }
        }
    }
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
struct FireModifiers {
    long_range_per_10m: i32,
    short_range_per_10m: i32,
    day_visibility_per_10pct: i32,
    night_visibility_per_10pct: i32,
    night_below_pct: u32,
    wind_per_10kmh: i32,
    wind_free_kmh: f64,
    cover_per_10pct: i32,
    magic_per_magnitude: i32,
    card_other_than_g: i32,
    firer_moving: i32,
    vision_per_3_points: i32,
    vision_base: i32,
}

/// Signed whole 10 m steps between a range and half the maximum range:
/// positive past half, negative below; a partial step does not count.
/// Shared by the missile fire (16.15.14) and penetration (16.15.4) modifiers.
pub fn half_range_steps(range_m: f64, max_range_m: f64) -> i32 {
    let beyond = range_m - max_range_m / 2.0;
    // The epsilon keeps 29.999... (float noise) a full three steps.
    let steps = (beyond.abs() / 10.0 + 1e-9).floor() as i32;
    if beyond > 0.0 { steps } else { -steps }
}

fn full_steps(amount: f64, step: f64) -> i32 {
    (amount / step + 1e-9).floor().max(0.0) as i32
}

impl MissileFireTable {
    /// Shakhàn 16.15.14: the base Success Threshold. Any range and size read a
    /// cell: a negative or NaN range reads the first band, a negative or NaN
    /// size the smallest column.
    pub fn base_threshold(&self, range_m: f64, target_size_m: f64) -> i32 {
        self.rows[self.band(range_m)].1[self.column(target_size_m)]
    }

    /// The range band's index: the last whose lower bound is at or below it.
    fn band(&self, range_m: f64) -> usize {
        let range = if range_m >= 0.0 { range_m } else { 0.0 };
        self.rows.partition_point(|(lo, _)| *lo <= range).max(1) - 1
    }

    /// The column's index: the first whose lower bound is at or below it.
    fn column(&self, size: f64) -> usize {
        let size = if size >= 0.0 { size } else { 0.0 };
        let i = self.columns.partition_point(|lo| size < *lo);
        i.min(self.columns.len() - 1)
    }

    /// Shakhàn 16.15.14: base threshold plus the launcher's MsFm bonus, minus
    /// the sum of the penalties from this table's modifiers.
    pub fn success_threshold(
        &self,
        range_m: f64,
        target_size_m: f64,
        launcher_bonus: i32,
        penalties: i32,
    ) -> i32 {
        self.base_threshold(range_m, target_size_m) + launcher_bonus - penalties
    }

    /// Shakhàn 16.15.14: whether a natural roll strikes; 01 always strikes,
    /// 00 always misses.
    pub fn strikes(&self, threshold: i32, natural: Percentile) -> bool {
        if self.always_strike.contains(natural) {
            true
        } else if self.always_miss.contains(natural) {
            false
        } else {
            i32::from(natural.value()) <= threshold
        }
    }

    /// Shakhàn 16.15.14 penalty: +1 per full 10 m past half the maximum range,
    /// -1 (a bonus) per full 10 m below it.
    pub fn range_penalty(&self, range_m: f64, max_range_m: f64) -> i32 {
        let steps = half_range_steps(range_m, max_range_m);
        if steps > 0 {
            steps * self.modifiers.long_range_per_10m
        } else {
            -steps * self.modifiers.short_range_per_10m
        }
    }

    /// Shakhàn 16.15.14 penalty for visibility (per cent, 100 = clear): +5 per
    /// full 10 % below 100 down to 50, then +10 per full 10 % below 50; the two
    /// add up.
    pub fn visibility_penalty(&self, visibility_pct: u32) -> i32 {
        let m = &self.modifiers;
        let v = visibility_pct.min(100);
        let day = full_steps(
            f64::from(100u32.saturating_sub(v.max(m.night_below_pct))),
            10.0,
        );
        let night = full_steps(f64::from(m.night_below_pct.saturating_sub(v)), 10.0);
        day * m.day_visibility_per_10pct + night * m.night_visibility_per_10pct
    }

    /// Shakhàn 16.15.14 penalty: +5 per full 10 km/h of wind above 20 km/h.
    pub fn wind_penalty(&self, wind_kmh: f64) -> i32 {
        full_steps(wind_kmh - self.modifiers.wind_free_kmh, 10.0) * self.modifiers.wind_per_10kmh
    }

    /// Shakhàn 16.15.14 penalty: +5 per full 10 % of deflecting cover.
    pub fn cover_penalty(&self, cover_pct: u32) -> i32 {
        full_steps(f64::from(cover_pct), 10.0) * self.modifiers.cover_per_10pct
    }

    /// Shakhàn 16.15.14: a purely magical projectile, -3 (a bonus) per Magnitude.
    pub fn magic_penalty(&self, magnitude: u32) -> i32 {
        magnitude as i32 * self.modifiers.magic_per_magnitude
    }

    /// Shakhàn 16.15.14 penalty: fired under a Tactic Card other than G.
    pub fn card_penalty(&self) -> i32 {
        self.modifiers.card_other_than_g
    }

    /// Shakhàn 16.15.14 penalty: the firer is moving.
    pub fn moving_penalty(&self) -> i32 {
        self.modifiers.firer_moving
    }

    /// Shakhàn 16.15.14: the firer's Vision (Day or Night as it applies), +1
    /// per full 3 points under 11, -1 (a bonus) per full 3 points over.
    pub fn vision_penalty(&self, vision: i32) -> i32 {
        (vision - self.modifiers.vision_base) / 3 * self.modifiers.vision_per_3_points
    }

    /// Shakhàn 16.15.14: the normal maximum range of a missile type.
    pub fn max_range(&self, missile: MissileType) -> &MaxRange {
        &self.max_ranges[&missile]
    }

    /// Shakhàn 16.12.1: an aimed missile strike uses this per cent of the
    /// Missile Factor (and the column of the area aimed at).
    pub fn aimed_msf_percent(&self) -> u32 {
        self.aimed_msf_percent
    }

    /// Shakhàn 16.12.1: a missile striking nothing flies its maximum range
    /// plus or minus this roll, in metres.
    pub fn overshoot(&self) -> FlatDice {
        self.overshoot
    }

    /// Shakhàn 16.12.1: a missile strike can unbalance only with a Critical
    /// Hit, a magical projectile, or a projectile of 15 % or more of the
    /// target's normal body weight; otherwise the digit of the result is ignored.
    pub fn may_unbalance(
        &self,
        critical: bool,
        magical: bool,
        projectile_kg: f64,
        body_kg: f64,
    ) -> bool {
        critical || magical || projectile_kg * 100.0 >= body_kg * self.unbalancing_weight_percent
    }

    /// Shakhàn 16.14.3.2 (a ruling: the book gives no speeds): how fast a
    /// missile of this type flies, metres per second.
    pub fn flight_speed(&self, missile: MissileType) -> f64 {
        self.flight_metres_per_second[&missile]
    }

    /// Shakhàn 16.12.1: an area's height as a share of the whole target's,
    /// for the column of an aimed shot (the head's 1/7 is the book's).
    pub fn aimed_area_share(&self, area: BodyArea) -> f64 {
        self.aimed_area_share[&area]
    }

    /// Shakhàn 16.12.1 (a ruling: the book gives no weights): what one
    /// projectile of this type weighs, for the 15 % unbalance rule.
    pub fn projectile_kg(&self, missile: MissileType) -> f64 {
        self.projectile_kg[&missile]
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MissileFile {
    columns: Vec<f64>,
    rows: Vec<(f64, Vec<i32>)>,
    always_strike: D100Range,
    always_miss: D100Range,
    modifiers: FireModifiers,
    max_ranges: BTreeMap<MissileType, MaxRange>,
    aimed_msf_percent: u32,
    overshoot: DiceExpr,
    unbalancing_weight_percent: f64,
    flight_metres_per_second: BTreeMap<MissileType, f64>,
    aimed_area_share: BTreeMap<BodyArea, f64>,
    projectile_kg: BTreeMap<MissileType, f64>,
    free_round_ap_below: f64,
    free_round_check_dmod: i32,
}

pub(super) fn load() -> Result<MissileFireTable, TableError> {
    from_text(include_str!(
        "../../../../../assets/shakhan/missile_fire.ron"
    ))
}

fn from_text(text: &str) -> Result<MissileFireTable, TableError> {
    let file: MissileFile = parse(FILE, text)?;
    if file.columns.last() != Some(&0.0) || file.columns.windows(2).any(|w| w[0] <= w[1]) {
        return Err(invalid(
            FILE,
            "size columns must descend to a last bound of 0",
        ));
    }
    if file.rows.first().map(|r| r.0) != Some(0.0) || file.rows.windows(2).any(|w| w[0].0 >= w[1].0)
    {
        return Err(invalid(FILE, "range bands must ascend from 0"));
    }
    let n = file.columns.len();
    if let Some((lo, _)) = file.rows.iter().find(|(_, cells)| cells.len() != n) {
        return Err(invalid(
            FILE,
            format!("range band from {lo} m needs {n} cells"),
        ));
    }
    // The printed table is one sequence shifted a column per band: a cell
    // equals its up-right neighbour. This catches a mistyped cell.
    for pair in file.rows.windows(2) {
        if let Some(j) = (0..n - 1).find(|&j| pair[0].1[j + 1] != pair[1].1[j]) {
            return Err(invalid(
                FILE,
                format!(
                    "band from {} m column {}: {} breaks the table's diagonals",
                    pair[1].0,
                    j + 1,
                    pair[1].1[j]
                ),
            ));
        }
    }
    for missile in MissileType::ALL {
        match file.max_ranges.get(&missile) {
            None => {
                return Err(invalid(
                    FILE,
                    format!("maximum range of {missile:?} is missing"),
                ));
            }
            Some(MaxRange::Rolled { dice, .. }) if dice.flat().is_none() => {
                return Err(invalid(
                    FILE,
                    format!("{missile:?}: `{dice}` must be plain dice"),
                ));
            }
            Some(_) => {}
        }
    }
    for missile in MissileType::ALL {
        let speed = file.flight_metres_per_second.get(&missile);
        if !speed.is_some_and(|v| *v > 0.0) {
            return Err(invalid(
                FILE,
                format!("flight speed of {missile:?} must be given and above 0"),
            ));
        }
        if !file.projectile_kg.get(&missile).is_some_and(|v| *v >= 0.0) {
            return Err(invalid(
                FILE,
                format!("projectile weight of {missile:?} must be given, 0 or more"),
            ));
        }
    }
    for area in BodyArea::ALL {
        if !file
            .aimed_area_share
            .get(&area)
            .is_some_and(|v| *v > 0.0 && *v <= 1.0)
        {
            return Err(invalid(
                FILE,
                format!("aimed area share of {area:?} must be given, above 0 and at most 1"),
            ));
        }
    }
    let Some(overshoot) = file.overshoot.flat() else {
        return Err(invalid(FILE, "overshoot must be plain dice"));
    };
    Ok(MissileFireTable {
        columns: file.columns,
        rows: file.rows,
        always_strike: file.always_strike,
        always_miss: file.always_miss,
        modifiers: file.modifiers,
        max_ranges: file.max_ranges,
        aimed_msf_percent: file.aimed_msf_percent,
        overshoot,
        unbalancing_weight_percent: file.unbalancing_weight_percent,
        flight_metres_per_second: file.flight_metres_per_second,
        aimed_area_share: file.aimed_area_share,
        projectile_kg: file.projectile_kg,
        free_round_ap_below: file.free_round_ap_below,
        free_round_check_dmod: file.free_round_check_dmod,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t() -> MissileFireTable {
        load().unwrap()
    }

    fn p(v: u8) -> Percentile {
        Percentile::new(v).unwrap()
    }

    #[test]
    fn mfrt_16_15_14_corners_and_cells() {
        let t = t();
        assert_eq!(t.base_threshold(0.0, 10.0), 200);
        assert_eq!(t.base_threshold(0.5, 0.005), 70);
        assert_eq!(t.base_threshold(1000.0, 12.0), 1);
        assert_eq!(t.base_threshold(5000.0, 0.0), -40);
        // A man-sized target (1.50-1.99) at 20 m; band and column edges.
        assert_eq!(t.base_threshold(20.0, 1.8), 30);
        assert_eq!(t.base_threshold(19.99, 1.8), 40);
        assert_eq!(t.base_threshold(20.0, 1.49), 20);
        assert_eq!(t.base_threshold(999.99, 10.0), 2);
        assert_eq!(t.base_threshold(75.0, 2.5), 10);
        assert_eq!(t.base_threshold(150.0, 0.01), -2);
        assert_eq!(t.base_threshold(400.0, 0.009), -20);
    }

    #[test]
    fn mfrt_16_15_14_repaired_column_and_odd_inputs() {
        let t = t();
        // "0.05 to 0.99" read as 0.50 to 0.99; 0.49 stays in 0.01-0.49.
        assert_eq!(t.base_threshold(10.0, 0.5), 30);
        assert_eq!(t.base_threshold(10.0, 0.99), 30);
        assert_eq!(t.base_threshold(10.0, 0.495), 20);
        assert_eq!(t.base_threshold(10.0, 0.05), 20);
        assert_eq!(t.base_threshold(-3.0, f64::NAN), 70);
        assert_eq!(t.base_threshold(f64::NAN, -1.0), 70);
        assert_eq!(t.base_threshold(f64::INFINITY, f64::INFINITY), 1);
    }

    #[test]
    fn mfrt_16_15_14_natural_01_strikes_00_misses() {
        let t = t();
        assert!(t.strikes(-40, p(1)));
        assert!(!t.strikes(-40, p(2)));
        assert!(t.strikes(99, p(99)));
        assert!(!t.strikes(200, p(100)));
    }

    #[test]
    fn mfrt_16_15_14_long_range_example() {
        let t = t();
        // 70 m with a 100 m weapon: 20 m past half, a penalty of 2 that
        // lowers the threshold by 2.
        assert_eq!(t.range_penalty(70.0, 100.0), 2);
        let base = t.base_threshold(70.0, 1.8);
        assert_eq!(
            t.success_threshold(70.0, 1.8, 0, t.range_penalty(70.0, 100.0)),
            base - 2
        );
    }

    #[test]
    fn mfrt_16_15_14_short_range_example() {
        let t = t();
        // 10 m with an 80 m weapon: 30 m below half, a bonus of 3.
        assert_eq!(t.range_penalty(10.0, 80.0), -3);
        let base = t.base_threshold(10.0, 1.8);
        assert_eq!(
            t.success_threshold(10.0, 1.8, 0, t.range_penalty(10.0, 80.0)),
            base + 3
        );
        assert_eq!(t.range_penalty(40.0, 80.0), 0);
        assert_eq!(t.range_penalty(31.0, 80.0), 0);
    }

    #[test]
    fn mfrt_16_15_14_other_modifiers() {
        let t = t();
        assert_eq!(t.visibility_penalty(100), 0);
        assert_eq!(t.visibility_penalty(80), 10);
        assert_eq!(t.visibility_penalty(50), 25);
        assert_eq!(t.visibility_penalty(30), 45);
        assert_eq!(t.visibility_penalty(0), 75);
        assert_eq!(t.wind_penalty(20.0), 0);
        assert_eq!(t.wind_penalty(45.0), 10);
        assert_eq!(t.cover_penalty(35), 15);
        assert_eq!(t.magic_penalty(2), -6);
        assert_eq!(t.card_penalty(), 10);
        assert_eq!(t.moving_penalty(), 20);
        assert_eq!(t.vision_penalty(11), 0);
        assert_eq!(t.vision_penalty(8), 1);
        assert_eq!(t.vision_penalty(9), 0);
        assert_eq!(t.vision_penalty(17), -2);
    }

    #[test]
    fn mfrt_16_15_14_maximum_ranges() {
        let t = t();
        let mut dice = Dice::scripted([4]);
        let m = |ty, s, l, d: &mut Dice| t.max_range(ty).metres(s, l, d);
        assert_eq!(m(MissileType::BlowGunOrNet, 10, 0, &mut dice), 5.0);
        assert_eq!(m(MissileType::Longbow, 10, 0, &mut dice), 100.0);
        assert_eq!(m(MissileType::LightCrossbow, 10, 0, &mut dice), 25.0);
        assert_eq!(m(MissileType::ThrownBladed, 12, 0, &mut dice), 12.0);
        assert_eq!(m(MissileType::ThrownPointed, 12, 0, &mut dice), 24.0);
        assert_eq!(m(MissileType::ThrownStone, 12, 0, &mut dice), 36.0);
        assert_eq!(m(MissileType::Magical, 12, 3, &mut dice), 6.0);
        assert_eq!(m(MissileType::SiegeEngine, 12, 3, &mut dice), 400.0);
        assert_eq!(dice.scripted_left(), 0);
    }

    #[test]
    fn mfrt_16_12_1_missile_numbers() {
        let t = t();
        assert_eq!(t.aimed_msf_percent(), 50);
        assert_eq!(t.overshoot().to_string(), "1D6");
        assert!(!t.may_unbalance(false, false, 1.0, 70.0));
        assert!(t.may_unbalance(false, false, 10.5, 70.0));
        assert!(t.may_unbalance(true, false, 0.1, 70.0));
        assert!(t.may_unbalance(false, true, 0.0, 70.0));
    }

    #[test]
    fn mfrt_broken_copies_are_refused() {
        let text = include_str!("../../../../../assets/shakhan/missile_fire.ron");
        let typo = text.replace(
            "[  75,   70,   60,   50,   40,   30,   20,   10,    5,    4,    3 ]",
            "[  75,   70,   60,   50,   40,   30,   20,   10,    5,    4,    2 ]",
        );
        let err = from_text(&typo).unwrap_err().to_string();
        assert!(err.contains("band from 40 m column 10"), "{err}");
        let unsorted = text
            .replace("(15.0, ", "(9.0, ")
            .replace("(10.0,   [", "(11.0,   [");
        let err = from_text(&unsorted).unwrap_err().to_string();
        assert!(err.contains("must ascend"), "{err}");
        let missing = text.replace("Longbow: Metres(100.0),", "");
        let err = from_text(&missing).unwrap_err().to_string();
        assert!(err.contains("Longbow is missing"), "{err}");
    }
}
