//! Shakhàn 16.15.2 Melee Combat Results Table (with 16.9.3 and 16.10).

use std::fmt;

use serde::Deserialize;

use super::{D100Range, TableError, invalid, parse};
use crate::dice::Percentile;
use crate::rulesets::shakhan::rules::Card;

const FILE: &str = "mcrt.ron";

/// Shakhàn 16.15.2 Melee Combat Results Table: to-hit Success Thresholds and
/// Defending Modifiers by Combat Differential band and Tactic Card.
#[derive(Debug)]
pub struct Mcrt {
    always_strike: D100Range,
    always_miss: D100Range,
    non_melee_defending_modifier: i32,
    rout_defending_modifier: i32,
    /// Ascending bands, contiguous, open at both ends (checked at load).
    rows: Vec<McrtRow>,
}

/// One Combat Differential band of the MCRT, with a cell per card A–E.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct McrtRow {
    /// Lowest differential of the band; `None` for "worse than -40".
    pub from: Option<i32>,
    /// Highest differential of the band; `None` for "better than +40".
    pub to: Option<i32>,
    pub a: McrtCell,
    pub b: McrtCell,
    pub c: McrtCell,
    pub d: McrtCell,
    pub e: McrtCell,
}

/// One card's pair of columns: `(To Hit)` and `(Mod)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(from = "(Option<i32>, i32)")]
pub struct McrtCell {
    /// Basic Success Threshold when attacking with this card; `None` = "na".
    pub to_hit: Option<i32>,
    /// Defending Modifier of this card, added to the attacker's threshold.
    pub defending: i32,
}

impl From<(Option<i32>, i32)> for McrtCell {
    fn from((to_hit, defending): (Option<i32>, i32)) -> Self {
        McrtCell { to_hit, defending }
    }
}

impl McrtRow {
    /// The card's cell; F and G have no column in the book (`None`).
    pub fn cell(&self, card: Card) -> Option<&McrtCell> {
        match card {
            Card::A => Some(&self.a),
            Card::B => Some(&self.b),
            Card::C => Some(&self.c),
            Card::D => Some(&self.d),
            Card::E => Some(&self.e),
            Card::F | Card::G => None,
        }
    }
}

impl fmt::Display for McrtRow {
    /// The band as the book prints it, e.g. `+2 to +5`, `worse than -40`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.from, self.to) {
            (None, Some(to)) => write!(f, "worse than {:+}", to + 1),
            (Some(from), None) => write!(f, "better than {:+}", from - 1),
            (Some(from), Some(to)) => write!(f, "{from:+} to {to:+}"),
            (None, None) => f.write_str("any"),
        }
    }
}

impl Mcrt {
    /// Shakhàn 16.15.2: the row of a Combat Differential (attacker's CF minus
    /// defender's CF, 16.10 step 1). Every `i32` has a row.
    pub fn row(&self, differential: i32) -> &McrtRow {
        // Bands ascend and are contiguous, so the first band whose top is at
        // or above the differential holds it; the last band is open-ended.
        let i = self
            .rows
            .partition_point(|r| r.to.is_some_and(|to| to < differential));
        &self.rows[i.min(self.rows.len() - 1)]
    }

    /// Shakhàn 16.15.2: the attacker's basic Success Threshold, read on the
    /// attacker's differential row. `None` when the card cannot strike in
    /// melee: D ("na"), F (16.9.2) and G (16.9.1).
    pub fn to_hit(&self, differential: i32, attacker: Card) -> Option<i32> {
        self.row(differential).cell(attacker).and_then(|c| c.to_hit)
    }

    /// Shakhàn 16.15.2: the defender's Defending Modifier, added to the
    /// attacker's threshold. `differential` is the attacker's (attacker CF
    /// minus defender CF); the modifier is read on the defender's own row,
    /// i.e. at the negated differential, as the book's example does. G is
    /// always +25; F is not in the book and uses `rout_modifier` (a scenario
    /// option, default [`Mcrt::rout_defending_modifier_default`]).
    pub fn defending_modifier(&self, differential: i32, defender: Card, rout_modifier: i32) -> i32 {
        match defender {
            Card::F => rout_modifier,
            Card::G => self.non_melee_defending_modifier,
            card => self
                .row(differential.saturating_neg())
                .cell(card)
                .map_or(0, |c| c.defending),
        }
    }

    /// Shakhàn 16.15.2: basic threshold plus Defending Modifier, before any
    /// other modifier (16.10 step 3); `None` if the attacker cannot strike.
    pub fn success_threshold(
        &self,
        differential: i32,
        attacker: Card,
        defender: Card,
        rout_modifier: i32,
    ) -> Option<i32> {
        let base = self.to_hit(differential, attacker)?;
        Some(base + self.defending_modifier(differential, defender, rout_modifier))
    }

    /// Shakhàn 16.15.2: whether a natural roll strikes against the final
    /// threshold; 01–02 always strike and 99–00 always miss.
    pub fn strikes(&self, threshold: i32, natural: Percentile) -> bool {
        if self.always_strike.contains(natural) {
            true
        } else if self.always_miss.contains(natural) {
            false
        } else {
            i32::from(natural.value()) <= threshold
        }
    }

    /// The F (Rout) Defending Modifier a scenario gets unless it sets its own.
    pub fn rout_defending_modifier_default(&self) -> i32 {
        self.rout_defending_modifier
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct McrtFile {
    always_strike: D100Range,
    always_miss: D100Range,
    non_melee_defending_modifier: i32,
    rout_defending_modifier: i32,
    rows: Vec<McrtRow>,
}

pub(super) fn load() -> Result<Mcrt, TableError> {
    from_text(include_str!("../../../../../assets/shakhan/mcrt.ron"))
}

fn from_text(text: &str) -> Result<Mcrt, TableError> {
    let file: McrtFile = parse(FILE, text)?;
    check_bands(&file.rows)?;
    for row in &file.rows {
        for card in [Card::A, Card::B, Card::C, Card::D, Card::E] {
            let cell = row.cell(card).expect("A-E have cells");
            // The book has "na" in the D (Parry) column only.
            if cell.to_hit.is_none() != (card == Card::D) {
                return Err(invalid(
                    FILE,
                    format!("row {row}: card {card} to-hit must be {}", na_word(card)),
                ));
            }
            if cell.to_hit.is_some_and(|t| !(1..=100).contains(&t)) {
                return Err(invalid(
                    FILE,
                    format!("row {row}: card {card} to-hit out of 1 to 100"),
                ));
            }
        }
    }
    Ok(Mcrt {
        always_strike: file.always_strike,
        always_miss: file.always_miss,
        non_melee_defending_modifier: file.non_melee_defending_modifier,
        rout_defending_modifier: file.rout_defending_modifier,
        rows: file.rows,
    })
}

fn na_word(card: Card) -> &'static str {
    if card == Card::D {
        "None (na)"
    } else {
        "a number"
    }
}

/// Bands must ascend without gap or overlap, open below first and above last.
fn check_bands(rows: &[McrtRow]) -> Result<(), TableError> {
    let (Some(first), Some(last)) = (rows.first(), rows.last()) else {
        return Err(invalid(FILE, "no rows"));
    };
    if first.from.is_some() || last.to.is_some() {
        return Err(invalid(
            FILE,
            "the first band must be open below and the last open above",
        ));
    }
    for pair in rows.windows(2) {
        let (lo, hi) = (&pair[0], &pair[1]);
        match (lo.to, hi.from) {
            (Some(to), Some(from)) if from == to + 1 => {}
            _ => {
                return Err(invalid(
                    FILE,
                    format!("bands `{lo}` and `{hi}` leave a gap or overlap"),
                ));
            }
        }
        if hi.to.zip(hi.from).is_some_and(|(to, from)| to < from) {
            return Err(invalid(FILE, format!("band `{hi}` ends before it starts")));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mcrt() -> Mcrt {
        load().unwrap()
    }

    fn p(v: u8) -> Percentile {
        Percentile::new(v).unwrap()
    }

    #[test]
    fn mcrt_16_15_2_loads_and_every_differential_has_its_row() {
        let t = mcrt();
        assert_eq!(t.rows.len(), 13);
        for d in -60..=60 {
            let row = t.row(d);
            let inside = row.from.is_none_or(|f| f <= d) && row.to.is_none_or(|to| d <= to);
            assert!(inside, "{d}");
        }
        assert_eq!(t.row(i32::MIN).to_string(), "worse than -40");
        assert_eq!(t.row(i32::MAX).to_string(), "better than +40");
        assert_eq!(t.row(-1).to_string(), "-1 to +1");
        assert_eq!(t.row(3).to_string(), "+2 to +5");
    }

    #[test]
    fn mcrt_16_15_2_cells_match_the_book() {
        let t = mcrt();
        // First row, every column.
        let first = t.row(-41);
        assert_eq!(
            first.a,
            McrtCell {
                to_hit: Some(8),
                defending: 10
            }
        );
        assert_eq!(
            first.b,
            McrtCell {
                to_hit: Some(7),
                defending: 5
            }
        );
        assert_eq!(
            first.c,
            McrtCell {
                to_hit: Some(6),
                defending: 0
            }
        );
        assert_eq!(
            first.d,
            McrtCell {
                to_hit: None,
                defending: -5
            }
        );
        assert_eq!(
            first.e,
            McrtCell {
                to_hit: Some(5),
                defending: 4
            }
        );
        // Last row, every column.
        let last = t.row(41);
        assert_eq!(
            last.a,
            McrtCell {
                to_hit: Some(80),
                defending: 4
            }
        );
        assert_eq!(
            last.b,
            McrtCell {
                to_hit: Some(70),
                defending: 1
            }
        );
        assert_eq!(
            last.c,
            McrtCell {
                to_hit: Some(60),
                defending: 0
            }
        );
        assert_eq!(
            last.d,
            McrtCell {
                to_hit: None,
                defending: -20
            }
        );
        assert_eq!(
            last.e,
            McrtCell {
                to_hit: Some(45),
                defending: -4
            }
        );
        // Middle cells and band edges.
        assert_eq!(t.to_hit(0, Card::A), Some(30));
        assert_eq!(t.to_hit(-6, Card::B), Some(15));
        assert_eq!(t.to_hit(-5, Card::B), Some(20));
        assert_eq!(t.to_hit(20, Card::E), Some(30));
        assert_eq!(t.row(21).d.defending, -15);
        assert_eq!(t.row(-11).e.defending, 1);
    }

    #[test]
    fn mcrt_16_15_2_d_f_g_cannot_strike_and_g_defends_at_25() {
        let t = mcrt();
        for d in [-50, 0, 50] {
            assert_eq!(t.to_hit(d, Card::D), None);
            assert_eq!(t.to_hit(d, Card::F), None);
            assert_eq!(t.to_hit(d, Card::G), None);
            assert_eq!(t.defending_modifier(d, Card::G, 15), 25);
            assert_eq!(t.defending_modifier(d, Card::F, 7), 7);
        }
        assert_eq!(t.rout_defending_modifier_default(), 15);
    }

    #[test]
    fn mcrt_16_15_2_example_30_and_20() {
        let t = mcrt();
        let rout = t.rout_defending_modifier_default();
        // CF 14 playing C attacks CF 12 playing B: +2 row, 25, plus B's +5
        // read on the defender's own (-2 to -5) row.
        assert_eq!(t.to_hit(14 - 12, Card::C), Some(25));
        assert_eq!(t.defending_modifier(14 - 12, Card::B, rout), 5);
        assert_eq!(
            t.success_threshold(14 - 12, Card::C, Card::B, rout),
            Some(30)
        );
        // The reverse: CF 12 playing B attacks CF 14 playing C.
        assert_eq!(
            t.success_threshold(12 - 14, Card::B, Card::C, rout),
            Some(20)
        );
    }

    #[test]
    fn mcrt_16_15_2_naturals_01_02_strike_99_00_miss() {
        let t = mcrt();
        assert!(t.strikes(-40, p(1)));
        assert!(t.strikes(-40, p(2)));
        assert!(!t.strikes(-40, p(3)));
        assert!(t.strikes(30, p(30)));
        assert!(!t.strikes(30, p(31)));
        assert!(!t.strikes(200, p(99)));
        assert!(!t.strikes(200, p(100)));
        assert!(t.strikes(200, p(98)));
    }

    #[test]
    fn mcrt_broken_copies_are_refused() {
        let text = include_str!("../../../../../assets/shakhan/mcrt.ron");
        let gap = text.replace("from: Some(-5),", "from: Some(-4),");
        let err = from_text(&gap).unwrap_err().to_string();
        assert!(
            err.contains("gap or overlap") && err.contains("-4 to -2"),
            "{err}"
        );
        let struck_parry = text.replace("d: (None, -20)", "d: (Some(5), -20)");
        let err = from_text(&struck_parry).unwrap_err().to_string();
        assert!(err.contains("card D to-hit must be None"), "{err}");
    }
}
