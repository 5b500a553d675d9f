//! d100 ranges (01–00) and tables indexed by them: any ruleset's d100 tables prove
//! their coverage here while deserialising.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

use super::Percentile;

/// An inclusive range of percentage-dice faces, 1..=100 (100 is "00").
/// Written in RON as `(lo, hi)`, e.g. `(96, 100)` for 96–00.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct D100Range {
    lo: u8,
    hi: u8,
}

impl D100Range {
    pub fn new(lo: u8, hi: u8) -> Option<Self> {
        (1 <= lo && lo <= hi && hi <= 100).then_some(D100Range { lo, hi })
    }

    pub fn lo(self) -> u8 {
        self.lo
    }

    pub fn hi(self) -> u8 {
        self.hi
    }

    pub fn contains(self, roll: Percentile) -> bool {
        (self.lo..=self.hi).contains(&roll.value())
    }

    /// Number of faces in the range (its chance in per cent).
    pub fn len(self) -> u8 {
        self.hi - self.lo + 1
    }

    pub fn is_empty(self) -> bool {
        false
    }
}

impl<'de> Deserialize<'de> for D100Range {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (lo, hi) = <(u8, u8)>::deserialize(d)?;
        D100Range::new(lo, hi).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "d100 range ({lo}, {hi}) is not within 1 to 100, low first (write 00 as 100)"
            ))
        })
    }
}

impl fmt::Display for D100Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let face = |v: u8| {
            Percentile::new(v)
                .map(|p| p.to_string())
                .unwrap_or_default()
        };
        if self.lo == self.hi {
            f.write_str(&face(self.lo))
        } else {
            write!(f, "{}-{}", face(self.lo), face(self.hi))
        }
    }
}

/// Rows keyed by d100 ranges that together cover 01–00 exactly once.
/// Deserialising checks that, with line:col from ron, so `get` cannot fail.
/// Written in RON as a list of `((lo, hi), row)` pairs.
#[derive(Debug, Clone, Serialize)]
pub struct RangeTable<T> {
    rows: Vec<(D100Range, T)>,
    /// Row index for each face 1..=100, at [face - 1].
    index: Vec<u8>,
}

impl<T> RangeTable<T> {
    /// Build from rows, proving they cover 01–00 with no gap and no overlap.
    pub fn new(rows: Vec<(D100Range, T)>) -> Result<Self, String> {
        let mut index = vec![u8::MAX; 100];
        if rows.len() >= u8::MAX as usize {
            return Err("too many rows".into());
        }
        for (i, (range, _)) in rows.iter().enumerate() {
            for face in range.lo..=range.hi {
                let slot = &mut index[face as usize - 1];
                if *slot != u8::MAX {
                    return Err(format!(
                        "d100 ranges overlap at {} (rows {} and {})",
                        Percentile::new(face).expect("face in 1..=100"),
                        *slot as usize + 1,
                        i + 1
                    ));
                }
                *slot = i as u8;
            }
        }
        if let Some(gap) = index.iter().position(|s| *s == u8::MAX) {
            let face = Percentile::new(gap as u8 + 1).expect("face in 1..=100");
            return Err(format!("d100 ranges leave {face} uncovered"));
        }
        Ok(RangeTable { rows, index })
    }

    /// The row a roll lands on, with its range.
    pub fn get(&self, roll: Percentile) -> (&D100Range, &T) {
        let (range, row) = &self.rows[self.index[roll.value() as usize - 1] as usize];
        (range, row)
    }

    pub fn rows(&self) -> impl Iterator<Item = (&D100Range, &T)> {
        self.rows.iter().map(|(r, t)| (r, t))
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for RangeTable<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let rows = Vec::<(D100Range, T)>::deserialize(d)?;
        RangeTable::new(rows).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(lo: u8, hi: u8) -> D100Range {
        D100Range::new(lo, hi).unwrap()
    }

    #[test]
    fn complete_table_looks_up_every_face() {
        let t =
            RangeTable::new(vec![(r(1, 15), "a"), (r(16, 99), "b"), (r(100, 100), "c")]).unwrap();
        assert_eq!(*t.get(Percentile::new(1).unwrap()).1, "a");
        assert_eq!(*t.get(Percentile::new(15).unwrap()).1, "a");
        assert_eq!(*t.get(Percentile::new(16).unwrap()).1, "b");
        assert_eq!(t.get(Percentile::new(100).unwrap()).0.to_string(), "00");
    }

    #[test]
    fn gaps_and_overlaps_are_refused_with_the_face() {
        let gap = RangeTable::new(vec![(r(1, 10), ()), (r(12, 100), ())]).unwrap_err();
        assert_eq!(gap, "d100 ranges leave 11 uncovered");
        let overlap = RangeTable::new(vec![(r(1, 12), ()), (r(11, 100), ())]).unwrap_err();
        assert_eq!(overlap, "d100 ranges overlap at 11 (rows 1 and 2)");
    }

    #[test]
    fn ron_errors_carry_line_and_column() {
        let err =
            ron::from_str::<RangeTable<u8>>("[\n ((1, 50), 1),\n ((52, 100), 2),\n]").unwrap_err();
        // Whole-table checks point at the end of the table.
        assert_eq!(err.span.start.line, 4);
        assert!(err.to_string().contains("leave 51 uncovered"), "{err}");
        assert!(ron::from_str::<D100Range>("(0, 5)").is_err());
        assert!(ron::from_str::<D100Range>("(9, 5)").is_err());
    }
}
