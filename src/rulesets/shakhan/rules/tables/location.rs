//! Shakhàn 16.15.3 Strike Location Table, with aimed strikes.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{RangeTable, TableError, invalid, parse};
use crate::dice::{Dice, Percentile};
use crate::rulesets::shakhan::rules::{BodyArea, BodyForm};

const FILE: &str = "strike_location.ron";

/// Shakhàn 16.15.3 Strike Location Table: for each body form, the body area a
/// d100 roll strikes.
#[derive(Debug)]
pub struct StrikeLocationTable {
    forms: BTreeMap<BodyForm, RangeTable<Location>>,
    impact_modifier: i32,
    aimed: AimedStrike,
}

/// Shakhàn 16.15.3: a cell of the Strike Location Table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Location {
    Area(BodyArea),
    /// The blow reaches two areas: see [`StrikeLocationTable::strike`].
    RollTwice,
}

/// Shakhàn 16.15.3: the numbers of an aimed strike.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
struct AimedStrike {
    cf_percent: u32,
    martial_arts_percent_per_level: u32,
    dexterity_dmod: i32,
}

/// One roll on the table, kept for the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocationRoll {
    pub natural: Percentile,
    /// After the impact modifier, clamped to 01–00 (equal to `natural` if none).
    pub modified: Percentile,
    pub location: Location,
}

/// Where a strike landed: one area, or two after "Roll Twice".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StrikeAreas {
    One([BodyArea; 1]),
    Two([BodyArea; 2]),
}

impl StrikeAreas {
    /// Every area the blow reaches; the same area may appear twice.
    pub fn areas(&self) -> &[BodyArea] {
        match self {
            StrikeAreas::One(a) => a,
            StrikeAreas::Two(a) => a,
        }
    }
}

/// A strike's location with the rolls that found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrikeLocation {
    pub rolls: Vec<LocationRoll>,
    pub areas: StrikeAreas,
}

impl StrikeLocationTable {
    /// Shakhàn 16.15.3: the cell a (modified) roll lands on for `form`.
    pub fn roll_area(&self, form: BodyForm, roll: Percentile) -> Location {
        *self.forms[&form].get(roll).1
    }

    /// Shakhàn 16.15.3: added to the roll for a fall, explosion or immersion.
    pub fn impact_modifier(&self) -> i32 {
        self.impact_modifier
    }

    /// Shakhàn 16.15.3: roll the location of a strike on `form`. `modifier` is
    /// added to the first roll only (clamped to 01–00). "Roll Twice" rolls two
    /// more times, unmodified, and the blow strikes both areas (possibly the
    /// same one twice); a "Roll Twice" among those is ignored and re-rolled.
    pub fn strike(&self, form: BodyForm, modifier: i32, dice: &mut Dice) -> StrikeLocation {
        let mut rolls = Vec::new();
        let natural = dice.d100();
        let modified = clamped(natural, modifier);
        let location = self.roll_area(form, modified);
        rolls.push(LocationRoll {
            natural,
            modified,
            location,
        });
        let areas = match location {
            Location::Area(area) => StrikeAreas::One([area]),
            Location::RollTwice => StrikeAreas::Two([
                self.reroll(form, dice, &mut rolls),
                self.reroll(form, dice, &mut rolls),
            ]),
        };
        StrikeLocation { rolls, areas }
    }

    /// Roll until an area comes up. Every form has at least one area (checked
    /// at load), so this ends with certainty on fair dice.
    fn reroll(&self, form: BodyForm, dice: &mut Dice, rolls: &mut Vec<LocationRoll>) -> BodyArea {
        loop {
            let natural = dice.d100();
            let location = self.roll_area(form, natural);
            rolls.push(LocationRoll {
                natural,
                modified: natural,
                location,
            });
            if let Location::Area(area) = location {
                return area;
            }
        }
    }

    /// Shakhàn 16.15.3: the per cent of the Combat Factor an aimed strike is
    /// made at: 50, plus 5 per Martial Arts level against a similar body
    /// form, never above 100.
    pub fn aimed_cf_percent(&self, martial_arts_level: u32, similar_form: bool) -> u32 {
        let bonus = if similar_form {
            martial_arts_level.saturating_mul(self.aimed.martial_arts_percent_per_level)
        } else {
            0
        };
        self.aimed.cf_percent.saturating_add(bonus).min(100)
    }

    /// Shakhàn 16.15.3: an aimed strike that hits lands where aimed on a d100
    /// roll of this or less (Dexterity x 5, a gauntleted 5.5 giving 27);
    /// otherwise roll the table.
    pub fn aimed_location_threshold(&self, dexterity: f64) -> i32 {
        (dexterity * f64::from(self.aimed.dexterity_dmod)).floor() as i32
    }
}

fn clamped(natural: Percentile, modifier: i32) -> Percentile {
    let value = (i32::from(natural.value()) + modifier).clamp(1, 100);
    Percentile::new(value as u8).unwrap_or(natural)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LocationFile {
    impact_modifier: i32,
    aimed: AimedStrike,
    forms: BTreeMap<BodyForm, RangeTable<Location>>,
}

pub(super) fn load() -> Result<StrikeLocationTable, TableError> {
    from_text(include_str!(
        "../../../../../assets/shakhan/strike_location.ron"
    ))
}

fn from_text(text: &str) -> Result<StrikeLocationTable, TableError> {
    let file: LocationFile = parse(FILE, text)?;
    for form in BodyForm::ALL {
        let Some(table) = file.forms.get(&form) else {
            return Err(invalid(FILE, format!("body form {form:?} is missing")));
        };
        let cells: Vec<Location> = table.rows().map(|(_, l)| *l).collect();
        // One range per column: each area at most once, Roll Twice once.
        for (i, cell) in cells.iter().enumerate() {
            if cells[..i].contains(cell) {
                return Err(invalid(FILE, format!("{form:?}: {cell:?} has two ranges")));
            }
        }
        if !cells.contains(&Location::RollTwice) {
            return Err(invalid(FILE, format!("{form:?}: no Roll Twice range")));
        }
        if cells.len() < 2 {
            return Err(invalid(FILE, format!("{form:?}: no body area")));
        }
    }
    Ok(StrikeLocationTable {
        forms: file.forms,
        impact_modifier: file.impact_modifier,
        aimed: file.aimed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use BodyArea::*;
    use BodyForm::*;

    fn p(v: u8) -> Percentile {
        Percentile::new(v).unwrap()
    }

    fn at(form: BodyForm, roll: u8) -> Location {
        load().unwrap().roll_area(form, p(roll))
    }

    #[test]
    fn location_16_15_3_cells_match_the_book() {
        // First row, every column edge.
        assert_eq!(at(BipedalHumanoid, 1), Location::Area(Head));
        assert_eq!(at(BipedalHumanoid, 15), Location::Area(Head));
        assert_eq!(at(BipedalHumanoid, 16), Location::Area(Neck));
        assert_eq!(at(BipedalHumanoid, 50), Location::Area(UpperBody));
        assert_eq!(at(BipedalHumanoid, 51), Location::Area(LowerBody));
        assert_eq!(at(BipedalHumanoid, 85), Location::Area(Arms));
        assert_eq!(at(BipedalHumanoid, 95), Location::Area(Legs));
        assert_eq!(at(BipedalHumanoid, 96), Location::RollTwice);
        // Last row.
        assert_eq!(at(Other, 20), Location::Area(Head));
        assert_eq!(at(Other, 30), Location::Area(Neck));
        assert_eq!(at(Other, 100), Location::RollTwice);
        // Middle rows, single-face cells and "na" columns.
        assert_eq!(at(Tentacled, 6), Location::Area(Neck));
        assert_eq!(at(Rounded, 1), Location::Area(Head));
        assert_eq!(at(Rounded, 2), Location::Area(UpperBody));
        assert_eq!(at(LeafyPlant, 1), Location::Area(UpperBody));
        assert_eq!(at(LeafyPlant, 81), Location::RollTwice);
        assert_eq!(at(Serpentine, 90), Location::Area(LowerBody));
        assert_eq!(at(WingedSerpent, 81), Location::Area(Legs));
        assert_eq!(at(Indistinct, 86), Location::RollTwice);
        assert_eq!(at(Crustacean, 3), Location::Area(UpperBody));
        assert_eq!(at(Aquatic, 22), Location::Area(Neck));
        assert_eq!(at(QuadripedalAnimal, 66), Location::Area(Arms));
    }

    #[test]
    fn location_16_15_3_quadripedal_humanoid_repaired_row() {
        assert_eq!(at(QuadripedalHumanoid, 12), Location::Area(Head));
        assert_eq!(at(QuadripedalHumanoid, 13), Location::Area(Neck));
        assert_eq!(at(QuadripedalHumanoid, 15), Location::Area(Neck));
        assert_eq!(at(QuadripedalHumanoid, 16), Location::Area(UpperBody));
    }

    #[test]
    fn location_16_15_3_impact_modifier_and_roll_twice() {
        let t = load().unwrap();
        assert_eq!(t.impact_modifier(), 10);
        // A fall: 90 + 10 = 100, Roll Twice; then 05 (head) and 60 (lower body).
        let mut dice = Dice::scripted([90, 5, 60]);
        let s = t.strike(BipedalHumanoid, t.impact_modifier(), &mut dice);
        assert_eq!(s.rolls[0].modified, p(100));
        assert_eq!(s.areas.areas(), &[Head, LowerBody]);
        // 95 + 10 clamps to 00; a second Roll Twice (97) is ignored and re-rolled.
        let mut dice = Dice::scripted([95, 97, 30, 30]);
        let s = t.strike(BipedalHumanoid, 10, &mut dice);
        assert_eq!(s.rolls.len(), 4);
        assert_eq!(s.areas, StrikeAreas::Two([UpperBody, UpperBody]));
        let mut dice = Dice::scripted([40]);
        let s = t.strike(Avian, 0, &mut dice);
        assert_eq!(s.areas.areas(), &[LowerBody]);
        assert_eq!(dice.scripted_left(), 0);
    }

    #[test]
    fn location_16_15_3_aimed_strike_numbers() {
        let t = load().unwrap();
        assert_eq!(t.aimed_cf_percent(0, true), 50);
        // The book's example: three levels of Martial Arts, 65 per cent.
        assert_eq!(t.aimed_cf_percent(3, true), 65);
        assert_eq!(t.aimed_cf_percent(3, false), 50);
        assert_eq!(t.aimed_cf_percent(20, true), 100);
        assert_eq!(t.aimed_location_threshold(14.0), 70);
    }

    #[test]
    fn location_broken_copies_are_refused() {
        let text = include_str!("../../../../../assets/shakhan/strike_location.ron");
        let book = text.replace("((13, 15), Area(Neck))", "((11, 13), Area(Neck))");
        let err = from_text(&book).unwrap_err().to_string();
        assert!(err.contains("overlap at 11"), "{err}");
        let missing: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("Crustacean:"))
            .map(|l| format!("{l}\n"))
            .collect();
        let err = from_text(&missing).unwrap_err().to_string();
        assert!(err.contains("Crustacean is missing"), "{err}");
        let twice = text.replace(
            "((91, 100), RollTwice)],\n        Insect",
            "((91, 100), Area(Head))],\n        Insect",
        );
        let err = from_text(&twice).unwrap_err().to_string();
        assert!(err.contains("Rounded: Area(Head) has two ranges"), "{err}");
    }
}
