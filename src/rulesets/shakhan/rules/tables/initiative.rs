//! Shakhàn 16.15.1 Initiative Table and its modifiers (with 16.9.9).

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::{D100Range, RangeTable, TableError, invalid, parse};
use crate::dice::Percentile;

const FILE: &str = "initiative.ron";

/// Shakhàn 16.15.1 Initiative Table: side A's d100 band against side B's.
#[derive(Debug)]
pub struct InitiativeTable {
    /// Band index for each face.
    bands: RangeTable<usize>,
    /// `grid[b_band][a_band]`, square and mirror-symmetric (checked at load).
    grid: Vec<Vec<InitiativeResult>>,
    modifiers: BTreeMap<InitiativeModifierId, InitiativeModifierValue>,
}

/// The two sides of an Initiative check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    A,
    B,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}

/// Shakhàn 16.9.9.1: how many free Melee Rounds a result awards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Surprise {
    None,
    /// "surprise": one free Melee Round.
    Single,
    /// "double surprise": two free Melee Rounds.
    Double,
}

/// Shakhàn 16.15.1: the Referee may disallow "double surprise"; a scenario
/// option. Disallowed, it counts as a plain surprise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Deserialize)]
pub enum DoubleSurpriseRule {
    #[default]
    Allowed,
    CountsAsSurprise,
}

/// Shakhàn 16.15.1: one cell of the Initiative Table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(try_from = "String")]
pub enum InitiativeResult {
    /// Both sides roll again (with the same modifiers).
    RollAgain,
    /// `side` has Initiative for the current Melee Round. `starred` keeps the
    /// book's `*` mark, which has no further effect (its meaning is lost).
    Initiative {
        side: Side,
        starred: bool,
        surprise: Surprise,
    },
}

impl InitiativeResult {
    /// Shakhàn 16.9.9.1: free Melee Rounds awarded to the side with Initiative,
    /// under the scenario's double-surprise rule. The engine grants them only
    /// at the start of a combat.
    pub fn free_rounds(&self, rule: DoubleSurpriseRule) -> u8 {
        match self {
            InitiativeResult::Initiative { surprise, .. } => match (surprise, rule) {
                (Surprise::None, _) => 0,
                (Surprise::Single, _)
                | (Surprise::Double, DoubleSurpriseRule::CountsAsSurprise) => 1,
                (Surprise::Double, DoubleSurpriseRule::Allowed) => 2,
            },
            InitiativeResult::RollAgain => 0,
        }
    }

    fn mirrored(self) -> Self {
        match self {
            InitiativeResult::RollAgain => self,
            InitiativeResult::Initiative {
                side,
                starred,
                surprise,
            } => InitiativeResult::Initiative {
                side: side.other(),
                starred,
                surprise,
            },
        }
    }
}

impl TryFrom<String> for InitiativeResult {
    type Error = String;

    /// The cell as printed: `Roll Again`, `A`, `B*`, `A* (surprise)`,
    /// `B* (double surprise)`.
    fn try_from(text: String) -> Result<Self, String> {
        if text == "Roll Again" {
            return Ok(InitiativeResult::RollAgain);
        }
        let fail = || format!("`{text}` is not an Initiative result (e.g. A, B*, A* (surprise))");
        let (head, surprise) = match text.split_once(' ') {
            None => (text.as_str(), Surprise::None),
            Some((head, "(surprise)")) => (head, Surprise::Single),
            Some((head, "(double surprise)")) => (head, Surprise::Double),
            Some(_) => return Err(fail()),
        };
        let (side, starred) = match head {
            "A" => (Side::A, false),
            "B" => (Side::B, false),
            "A*" => (Side::A, true),
            "B*" => (Side::B, true),
            _ => return Err(fail()),
        };
        Ok(InitiativeResult::Initiative {
            side,
            starred,
            surprise,
        })
    }
}

impl fmt::Display for InitiativeResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InitiativeResult::RollAgain => f.write_str("Roll Again"),
            InitiativeResult::Initiative {
                side,
                starred,
                surprise,
            } => {
                write!(f, "{side:?}{}", if *starred { "*" } else { "" })?;
                match surprise {
                    Surprise::None => Ok(()),
                    Surprise::Single => f.write_str(" (surprise)"),
                    Surprise::Double => f.write_str(" (double surprise)"),
                }
            }
        }
    }
}

/// Shakhàn 16.15.1: the modifiers to a side's Initiative roll, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum InitiativeModifierId {
    /// Per multiple (2x, 3x...) by which own party outnumbers the other.
    OutnumbersPerMultiple,
    /// Per grade of disciplined military training of own party.
    MilitaryTrainingPerGrade,
    /// Own party is disciplined, the other has no training at all.
    DisciplinedVsUntrained,
    /// Own party is of a much larger species.
    MuchLargerSpecies,
    /// Own party attacked suddenly or without warning.
    AttackedSuddenly,
    /// Own party expected the attack with at least 5 Rounds to prepare.
    ExpectingAttack,
    /// Own party is in a prepared ambush (1D6 hours to set up).
    PreparedAmbush,
    /// Own party can fight while hidden (e.g. invisible).
    FightingHidden,
    /// Own party has a vision mode the other lacks.
    VisionMode,
    /// Own party is arguing or preoccupied and the other is not.
    Arguing,
    /// Own party uses a light source in the dark and the other does not.
    LightSourceInDark,
}

impl InitiativeModifierId {
    /// The modifier in a few words, for the log.
    pub fn words(self) -> &'static str {
        match self {
            InitiativeModifierId::OutnumbersPerMultiple => "outnumbers",
            InitiativeModifierId::MilitaryTrainingPerGrade => "military training",
            InitiativeModifierId::DisciplinedVsUntrained => "disciplined against untrained",
            InitiativeModifierId::MuchLargerSpecies => "much larger species",
            InitiativeModifierId::AttackedSuddenly => "attacked suddenly",
            InitiativeModifierId::ExpectingAttack => "expecting the attack",
            InitiativeModifierId::PreparedAmbush => "prepared ambush",
            InitiativeModifierId::FightingHidden => "fighting hidden",
            InitiativeModifierId::VisionMode => "vision the other lacks",
            InitiativeModifierId::Arguing => "arguing",
            InitiativeModifierId::LightSourceInDark => "light in the dark",
        }
    }

    const ALL: [InitiativeModifierId; 11] = [
        InitiativeModifierId::OutnumbersPerMultiple,
        InitiativeModifierId::MilitaryTrainingPerGrade,
        InitiativeModifierId::DisciplinedVsUntrained,
        InitiativeModifierId::MuchLargerSpecies,
        InitiativeModifierId::AttackedSuddenly,
        InitiativeModifierId::ExpectingAttack,
        InitiativeModifierId::PreparedAmbush,
        InitiativeModifierId::FightingHidden,
        InitiativeModifierId::VisionMode,
        InitiativeModifierId::Arguing,
        InitiativeModifierId::LightSourceInDark,
    ];
}

/// Shakhàn 16.15.1: what a modifier is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum InitiativeModifierValue {
    /// Applies once.
    Flat(i32),
    /// Applies per step (multiple, grade).
    PerStep(i32),
    /// The scenario picks a value in `min..=max`.
    Range(i32, i32),
}

/// A situation that modifies one side's Initiative roll; the table turns it
/// into points with [`InitiativeTable::modifier`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InitiativeFactor {
    /// Own party of `own` members against `other`.
    Outnumbers {
        own: u32,
        other: u32,
    },
    MilitaryTraining {
        grades: u32,
    },
    DisciplinedVsUntrained,
    MuchLargerSpecies,
    AttackedSuddenly,
    ExpectingAttack,
    PreparedAmbush,
    /// The scenario's chosen value, clamped into the book's range.
    FightingHidden {
        points: i32,
    },
    VisionMode,
    Arguing,
    LightSourceInDark,
}

impl InitiativeFactor {
    pub fn id(self) -> InitiativeModifierId {
        use InitiativeFactor as F;
        use InitiativeModifierId as I;
        match self {
            F::Outnumbers { .. } => I::OutnumbersPerMultiple,
            F::MilitaryTraining { .. } => I::MilitaryTrainingPerGrade,
            F::DisciplinedVsUntrained => I::DisciplinedVsUntrained,
            F::MuchLargerSpecies => I::MuchLargerSpecies,
            F::AttackedSuddenly => I::AttackedSuddenly,
            F::ExpectingAttack => I::ExpectingAttack,
            F::PreparedAmbush => I::PreparedAmbush,
            F::FightingHidden { .. } => I::FightingHidden,
            F::VisionMode => I::VisionMode,
            F::Arguing => I::Arguing,
            F::LightSourceInDark => I::LightSourceInDark,
        }
    }

    /// Steps for a per-step modifier: whole multiples beyond 1x when
    /// outnumbering (2x = 1, 3x = 2, 2.9x = 1), grades of training.
    fn steps(self) -> i32 {
        match self {
            InitiativeFactor::Outnumbers { own, other } => {
                own.checked_div(other).unwrap_or(0).saturating_sub(1) as i32
            }
            InitiativeFactor::MilitaryTraining { grades } => grades as i32,
            _ => 1,
        }
    }
}

impl InitiativeTable {
    /// Shakhàn 16.15.1: the result for side A's and side B's (modified) rolls.
    pub fn resolve(&self, roll_a: Percentile, roll_b: Percentile) -> InitiativeResult {
        let a = *self.bands.get(roll_a).1;
        let b = *self.bands.get(roll_b).1;
        self.grid[b][a]
    }

    /// What a modifier is worth, by name.
    pub fn modifier_value(&self, id: InitiativeModifierId) -> InitiativeModifierValue {
        self.modifiers[&id]
    }

    /// Shakhàn 16.15.1: the points a situation adds to its side's roll.
    pub fn modifier(&self, factor: InitiativeFactor) -> i32 {
        match self.modifier_value(factor.id()) {
            InitiativeModifierValue::Flat(v) => v,
            InitiativeModifierValue::PerStep(v) => v * factor.steps(),
            InitiativeModifierValue::Range(min, max) => match factor {
                InitiativeFactor::FightingHidden { points } => points.clamp(min, max),
                _ => min,
            },
        }
    }
}

/// A side's roll after its modifiers, clamped to 01–00 before the band is
/// read: a roll pushed past either end counts as the end band.
pub fn modified_roll(natural: Percentile, modifier: i32) -> Percentile {
    let value = (i32::from(natural.value()) + modifier).clamp(1, 100);
    Percentile::new(value as u8).unwrap_or(natural)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InitiativeFile {
    bands: Vec<D100Range>,
    grid: Vec<Vec<InitiativeResult>>,
    modifiers: BTreeMap<InitiativeModifierId, InitiativeModifierValue>,
}

pub(super) fn load() -> Result<InitiativeTable, TableError> {
    from_text(include_str!("../../../../../assets/shakhan/initiative.ron"))
}

fn from_text(text: &str) -> Result<InitiativeTable, TableError> {
    let file: InitiativeFile = parse(FILE, text)?;
    let n = file.bands.len();
    let bands = RangeTable::new(file.bands.into_iter().zip(0..).collect())
        .map_err(|e| invalid(FILE, format!("bands: {e}")))?;
    if file.grid.len() != n || file.grid.iter().any(|row| row.len() != n) {
        return Err(invalid(
            FILE,
            format!("the grid must be {n} x {n}, one per band"),
        ));
    }
    // Sides are interchangeable: each cell mirrors its opposite.
    for (b, row) in file.grid.iter().enumerate() {
        for (a, cell) in row.iter().enumerate() {
            if file.grid[a][b].mirrored() != *cell {
                return Err(invalid(
                    FILE,
                    format!(
                        "grid row {} column {}: `{cell}` does not mirror `{}`",
                        b + 1,
                        a + 1,
                        file.grid[a][b]
                    ),
                ));
            }
        }
    }
    for id in InitiativeModifierId::ALL {
        let kind_ok = match (id, file.modifiers.get(&id)) {
            (_, None) => return Err(invalid(FILE, format!("modifier {id:?} is missing"))),
            (
                InitiativeModifierId::OutnumbersPerMultiple
                | InitiativeModifierId::MilitaryTrainingPerGrade,
                Some(v),
            ) => matches!(v, InitiativeModifierValue::PerStep(_)),
            (InitiativeModifierId::FightingHidden, Some(v)) => {
                matches!(v, InitiativeModifierValue::Range(min, max) if min <= max)
            }
            (_, Some(v)) => matches!(v, InitiativeModifierValue::Flat(_)),
        };
        if !kind_ok {
            return Err(invalid(
                FILE,
                format!("modifier {id:?} has the wrong kind of value"),
            ));
        }
    }
    Ok(InitiativeTable {
        bands,
        grid: file.grid,
        modifiers: file.modifiers,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(v: u8) -> Percentile {
        Percentile::new(v).unwrap()
    }

    fn won(side: Side, starred: bool, surprise: Surprise) -> InitiativeResult {
        InitiativeResult::Initiative {
            side,
            starred,
            surprise,
        }
    }

    #[test]
    fn initiative_16_15_1_corners_and_diagonal() {
        let t = load().unwrap();
        assert_eq!(t.resolve(p(1), p(1)), InitiativeResult::RollAgain);
        assert_eq!(t.resolve(p(100), p(100)), InitiativeResult::RollAgain);
        assert_eq!(t.resolve(p(50), p(46)), InitiativeResult::RollAgain);
        assert_eq!(
            t.resolve(p(100), p(1)),
            won(Side::A, true, Surprise::Double)
        );
        assert_eq!(
            t.resolve(p(1), p(100)),
            won(Side::B, true, Surprise::Double)
        );
        // Band edges: 10 | 11 and 90 | 91.
        assert_eq!(t.resolve(p(11), p(10)), won(Side::A, false, Surprise::None));
        assert_eq!(t.resolve(p(91), p(90)), won(Side::A, false, Surprise::None));
        // A middle cell and a plain star.
        assert_eq!(t.resolve(p(30), p(60)), won(Side::B, false, Surprise::None));
        assert_eq!(t.resolve(p(56), p(5)), won(Side::A, true, Surprise::None));
        assert_eq!(t.resolve(p(45), p(95)), won(Side::B, true, Surprise::None));
    }

    #[test]
    fn initiative_16_15_1_surprise_cells_award_free_rounds() {
        let t = load().unwrap();
        let allowed = DoubleSurpriseRule::Allowed;
        let single = DoubleSurpriseRule::CountsAsSurprise;
        for (a, b, side) in [
            (80, 5, Side::A),
            (95, 20, Side::A),
            (5, 80, Side::B),
            (20, 95, Side::B),
        ] {
            let r = t.resolve(p(a), p(b));
            assert_eq!(r, won(side, true, Surprise::Single), "{a} vs {b}");
            assert_eq!(r.free_rounds(allowed), 1);
            assert_eq!(r.free_rounds(single), 1);
        }
        let double = t.resolve(p(91), p(10));
        assert_eq!(double.free_rounds(allowed), 2);
        assert_eq!(double.free_rounds(single), 1);
        assert_eq!(t.resolve(p(91), p(11)).to_string(), "A* (surprise)");
        assert_eq!(t.resolve(p(60), p(10)).free_rounds(allowed), 0);
        assert_eq!(InitiativeResult::RollAgain.free_rounds(allowed), 0);
    }

    #[test]
    fn initiative_16_15_1_modifiers_by_id_and_by_situation() {
        let t = load().unwrap();
        use InitiativeFactor as F;
        assert_eq!(
            t.modifier_value(InitiativeModifierId::FightingHidden),
            InitiativeModifierValue::Range(10, 50)
        );
        assert_eq!(
            t.modifier_value(InitiativeModifierId::LightSourceInDark),
            InitiativeModifierValue::Flat(-30)
        );
        assert_eq!(t.modifier(F::Outnumbers { own: 6, other: 4 }), 0);
        assert_eq!(t.modifier(F::Outnumbers { own: 8, other: 4 }), -5);
        assert_eq!(t.modifier(F::Outnumbers { own: 12, other: 4 }), -10);
        assert_eq!(t.modifier(F::Outnumbers { own: 3, other: 0 }), 0);
        assert_eq!(t.modifier(F::MilitaryTraining { grades: 3 }), 15);
        assert_eq!(t.modifier(F::DisciplinedVsUntrained), 15);
        assert_eq!(t.modifier(F::MuchLargerSpecies), -10);
        assert_eq!(t.modifier(F::AttackedSuddenly), 10);
        assert_eq!(t.modifier(F::ExpectingAttack), 20);
        assert_eq!(t.modifier(F::PreparedAmbush), 20);
        assert_eq!(t.modifier(F::FightingHidden { points: 30 }), 30);
        assert_eq!(t.modifier(F::FightingHidden { points: 90 }), 50);
        assert_eq!(t.modifier(F::FightingHidden { points: 0 }), 10);
        assert_eq!(t.modifier(F::VisionMode), 10);
        assert_eq!(t.modifier(F::Arguing), -10);
    }

    #[test]
    fn initiative_16_15_1_modified_rolls_clamp_to_the_end_bands() {
        let t = load().unwrap();
        assert_eq!(modified_roll(p(85), 20), p(100));
        assert_eq!(modified_roll(p(20), -30), p(1));
        assert_eq!(modified_roll(p(40), 10), p(50));
        // An ambush (+20) lifts 70 into the surprise band against a 05.
        let ambush = t.modifier(InitiativeFactor::PreparedAmbush);
        let r = t.resolve(modified_roll(p(70), ambush), p(5));
        assert_eq!(r, won(Side::A, true, Surprise::Single));
    }

    #[test]
    fn initiative_broken_copies_are_refused() {
        let text = include_str!("../../../../../assets/shakhan/initiative.ron");
        let gap = text.replace("(11, 25)", "(12, 25)");
        let err = from_text(&gap).unwrap_err().to_string();
        assert!(err.contains("leave 11 uncovered"), "{err}");
        let lopsided = text.replacen("\"B\", \"Roll Again\"", "\"A\", \"Roll Again\"", 1);
        let err = from_text(&lopsided).unwrap_err().to_string();
        assert!(err.contains("does not mirror"), "{err}");
        let garbled = text.replace(
            "\"A* (surprise)\", \"A* (double",
            "\"A* (surprize)\", \"A* (double",
        );
        let err = from_text(&garbled).unwrap_err().to_string();
        assert!(err.contains("not an Initiative result"), "{err}");
        let missing = text.replace("Arguing: Flat(-10),", "");
        let err = from_text(&missing).unwrap_err().to_string();
        assert!(err.contains("Arguing is missing"), "{err}");
    }
}
