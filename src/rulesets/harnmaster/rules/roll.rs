//! The sheet's rolls of d6 against a score (l.123–161): dice, what is added,
//! and the score the total is read against.

use serde::{Deserialize, Serialize};

use crate::dice::Dice;

/// Some d6 and what is added to them, against a score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub faces: Vec<u32>,
    /// Added to the faces (an endurance index, a penalty).
    pub plus: i32,
    /// The score the total is read against.
    pub against: i32,
}

impl Roll {
    /// Roll `dice` d6 and add `plus`, against `against`.
    pub fn d6(dice: &mut Dice, count: u8, plus: i32, against: i32) -> Roll {
        Roll {
            faces: (0..count).map(|_| dice.roll(6)).collect(),
            plus,
            against,
        }
    }

    pub fn total(&self) -> i32 {
        self.faces.iter().sum::<u32>() as i32 + self.plus
    }

    /// The sheet's "exceeds", "higher than", "more than", "> ".
    pub fn over(&self) -> bool {
        self.total() > self.against
    }

    /// The sheet's "< " (l.145).
    pub fn under(&self) -> bool {
        self.total() < self.against
    }

    /// `4d6 (3+1+6+2) + 2 = 14 against 12`.
    pub fn words(&self) -> String {
        let faces: Vec<String> = self.faces.iter().map(u32::to_string).collect();
        let plus = match self.plus {
            0 => String::new(),
            p if p > 0 => format!(" + {p}"),
            p => format!(" − {}", -p),
        };
        format!(
            "{}d6 ({}){plus} = {} against {}",
            self.faces.len(),
            faces.join("+"),
            self.total(),
            self.against
        )
    }
}
