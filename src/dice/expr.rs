//! Dice expressions as the books write them: `1D6-2`, `2D4+1`, `3D6`, `2D12+75`,
//! a bare constant such as `1`, and creature expressions that scale per level
//! or per magnitude and may offer a choice of die (`1D3/4/6 pl`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::Dice;

/// The die (or dice to choose from) named in an expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sides {
    /// One kind of die, e.g. the 6 of `2D6`.
    Fixed(u32),
    /// A choice the creature's description settles, e.g. `1D3/4/6` (D3 for
    /// most animals, D4 for carnivores, D6 for very large carnivores).
    Choice(Vec<u32>),
}

/// How the number of dice grows with the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scaling {
    /// As written.
    Flat,
    /// `pl`: one set of dice per creature Level (a Level III monster rolls 3D4).
    PerLevel,
    /// `pm`: one set per spell Magnitude.
    PerMagnitude,
}

/// A dice expression exactly as written in a table; serialised as its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct DiceExpr {
    pub count: u32,
    pub sides: Sides,
    pub modifier: i32,
    pub scaling: Scaling,
}

/// A plain `nDs+m` ready to roll (a [`DiceExpr`] with level and die chosen).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FlatDice {
    pub count: u32,
    /// 0 for a constant (then `count` is 0 too).
    pub sides: u32,
    pub modifier: i32,
}

/// One roll of a [`FlatDice`], with its faces kept to explain it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rolled {
    pub dice: FlatDice,
    pub faces: Vec<u32>,
    pub total: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{text}` is not a dice expression: {why} (write it like 2D6-1, 1D3/4/6 pl or 3)")]
pub struct DiceExprError {
    pub text: String,
    pub why: &'static str,
}

impl DiceExpr {
    /// The plain dice for a user of `level` (or magnitude) choosing die number
    /// `choice` of a `Choice` (clamped to the last). Flat expressions ignore both.
    pub fn resolve(&self, level: u32, choice: usize) -> FlatDice {
        let sides = match &self.sides {
            Sides::Fixed(s) => *s,
            Sides::Choice(options) => options[choice.min(options.len() - 1)],
        };
        let count = match self.scaling {
            Scaling::Flat => self.count,
            Scaling::PerLevel | Scaling::PerMagnitude => self.count * level.max(1),
        };
        FlatDice {
            count,
            sides,
            modifier: self.modifier,
        }
    }

    /// The plain dice, if the expression neither scales nor offers a choice.
    pub fn flat(&self) -> Option<FlatDice> {
        (self.scaling == Scaling::Flat && matches!(self.sides, Sides::Fixed(_)))
            .then(|| self.resolve(1, 0))
    }
}

impl FlatDice {
    /// A constant, e.g. the `1` of a Bleeding column.
    pub const fn constant(value: i32) -> Self {
        FlatDice {
            count: 0,
            sides: 0,
            modifier: value,
        }
    }

    pub fn roll(&self, dice: &mut Dice) -> Rolled {
        let faces: Vec<u32> = (0..self.count).map(|_| dice.roll(self.sides)).collect();
        let total = faces.iter().map(|f| *f as i32).sum::<i32>() + self.modifier;
        Rolled {
            dice: *self,
            faces,
            total,
        }
    }

    pub fn min(&self) -> i32 {
        self.count as i32 + self.modifier
    }

    pub fn max(&self) -> i32 {
        (self.count * self.sides) as i32 + self.modifier
    }

    /// Every total with its probability, by convolving the faces exactly.
    pub fn distribution(&self) -> Vec<(i32, f64)> {
        let mut ways = vec![1.0f64];
        for _ in 0..self.count {
            let mut next = vec![0.0; ways.len() + self.sides as usize - 1];
            for (i, w) in ways.iter().enumerate() {
                for face in 0..self.sides as usize {
                    next[i + face] += w / self.sides as f64;
                }
            }
            ways = next;
        }
        ways.into_iter()
            .enumerate()
            .map(|(i, p)| (self.min() + i as i32, p))
            .collect()
    }
}

impl fmt::Display for FlatDice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count == 0 {
            return write!(f, "{}", self.modifier);
        }
        write!(f, "{}D{}", self.count, self.sides)?;
        if self.modifier != 0 {
            write!(f, "{:+}", self.modifier)?;
        }
        Ok(())
    }
}

impl fmt::Display for Rolled {
    /// `2D6-1 = 8 (3+6)`, the way a log explains a roll.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} = {}", self.dice, self.total)?;
        if self.faces.len() > 1 || (self.faces.len() == 1 && self.dice.modifier != 0) {
            let faces: Vec<String> = self.faces.iter().map(u32::to_string).collect();
            write!(f, " ({})", faces.join("+"))?;
        }
        Ok(())
    }
}

impl fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.sides {
            Sides::Fixed(0) => write!(f, "{}", self.modifier)?,
            Sides::Fixed(s) => write!(f, "{}D{}", self.count, s)?,
            Sides::Choice(options) => {
                let options: Vec<String> = options.iter().map(u32::to_string).collect();
                write!(f, "{}D{}", self.count, options.join("/"))?;
            }
        }
        if self.modifier != 0 && self.sides != Sides::Fixed(0) {
            write!(f, "{:+}", self.modifier)?;
        }
        match self.scaling {
            Scaling::Flat => Ok(()),
            Scaling::PerLevel => f.write_str(" pl"),
            Scaling::PerMagnitude => f.write_str(" pm"),
        }
    }
}

impl FromStr for DiceExpr {
    type Err = DiceExprError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let fail = |why| DiceExprError {
            text: text.to_string(),
            why,
        };
        let trimmed = text.trim();
        let (body, scaling) = if let Some(b) = trimmed.strip_suffix("pl") {
            (b, Scaling::PerLevel)
        } else if let Some(b) = trimmed.strip_suffix("pm") {
            (b, Scaling::PerMagnitude)
        } else {
            (trimmed, Scaling::Flat)
        };
        // The books sometimes write `1D6+ 1`: spaces carry no meaning.
        let body: String = body.chars().filter(|c| !c.is_whitespace()).collect();
        if body.is_empty() {
            return Err(fail("it is empty"));
        }
        let number = |s: &str| s.parse::<u32>().map_err(|_| fail("a number is malformed"));
        let Some((count, rest)) = body.split_once(['D', 'd']) else {
            let modifier = body
                .parse::<i32>()
                .map_err(|_| fail("expected NdS or a whole number"))?;
            return Ok(DiceExpr {
                count: 0,
                sides: Sides::Fixed(0),
                modifier,
                scaling,
            });
        };
        let count = if count.is_empty() { 1 } else { number(count)? };
        let (sides, modifier) = match rest.find(['+', '-']) {
            Some(at) => {
                let m = rest[at..]
                    .parse::<i32>()
                    .map_err(|_| fail("the modifier is malformed"))?;
                (&rest[..at], m)
            }
            None => (rest, 0),
        };
        let options = sides
            .split('/')
            .map(number)
            .collect::<Result<Vec<_>, _>>()?;
        if count == 0 || options.contains(&0) {
            return Err(fail("dice need a count and sides of at least 1"));
        }
        let sides = match options.as_slice() {
            [one] => Sides::Fixed(*one),
            _ => Sides::Choice(options),
        };
        Ok(DiceExpr {
            count,
            sides,
            modifier,
            scaling,
        })
    }
}

impl TryFrom<String> for DiceExpr {
    type Error = DiceExprError;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

impl From<DiceExpr> for String {
    fn from(expr: DiceExpr) -> String {
        expr.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn flat(text: &str) -> FlatDice {
        text.parse::<DiceExpr>().unwrap().flat().unwrap()
    }

    #[test]
    fn parses_the_books_expressions() {
        let cases = [
            ("1D6-2", 1, 6, -2),
            ("2D4+1", 2, 4, 1),
            ("3D6", 3, 6, 0),
            ("1D3", 1, 3, 0),
            ("1D12+5", 1, 12, 5),
            ("2D12+75", 2, 12, 75),
            ("1D6+ 1", 1, 6, 1),
            ("1D10 +1", 1, 10, 1),
        ];
        for (text, count, sides, modifier) in cases {
            assert_eq!(
                flat(text),
                FlatDice {
                    count,
                    sides,
                    modifier
                },
                "{text}"
            );
        }
        assert_eq!(flat("1"), FlatDice::constant(1));
    }

    #[test]
    fn per_level_claws_choose_a_die_and_scale_with_level() {
        let claws: DiceExpr = "1D3/4/6 pl".parse().unwrap();
        assert_eq!(claws.sides, Sides::Choice(vec![3, 4, 6]));
        assert_eq!(claws.scaling, Scaling::PerLevel);
        assert!(claws.flat().is_none());
        // Shakhàn 16.15.13.5: a Level III carnivore rolls 3D4.
        assert_eq!(claws.resolve(3, 1).to_string(), "3D4");
        assert_eq!(claws.to_string(), "1D3/4/6 pl");
        let blast: DiceExpr = "1D6 pm".parse().unwrap();
        assert_eq!(blast.resolve(2, 0).to_string(), "2D6");
    }

    #[test]
    fn rejects_garbage_with_a_reason() {
        for bad in [
            "", "D", "2D", "xD6", "2D6+", "0D6", "2D0", "1D6-x", "2D6 pp",
        ] {
            let err = bad.parse::<DiceExpr>().unwrap_err();
            assert!(
                err.to_string().contains("is not a dice expression"),
                "{bad}"
            );
        }
    }

    #[test]
    fn rolls_sum_scripted_faces_and_explain_them() {
        let mut dice = Dice::scripted([3, 6]);
        let rolled = flat("2D6-1").roll(&mut dice);
        assert_eq!(rolled.total, 8);
        assert_eq!(rolled.to_string(), "2D6-1 = 8 (3+6)");
    }

    #[test]
    fn distribution_of_2d6_is_triangular() {
        let dist = flat("2D6").distribution();
        assert_eq!(dist.len(), 11);
        assert_eq!(dist[0].0, 2);
        assert!((dist[5].1 - 6.0 / 36.0).abs() < 1e-12);
        assert!((dist.iter().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-12);
    }

    proptest! {
        #[test]
        fn text_round_trips(count in 1u32..6, sides in 1u32..30, modifier in -10i32..80) {
            let expr = DiceExpr { count, sides: Sides::Fixed(sides), modifier, scaling: Scaling::Flat };
            prop_assert_eq!(expr.to_string().parse::<DiceExpr>().unwrap(), expr);
        }

        #[test]
        fn rolls_stay_within_min_and_max(count in 1u32..6, sides in 1u32..30, modifier in -10i32..80, seed: u64) {
            let d = FlatDice { count, sides, modifier };
            let total = d.roll(&mut Dice::seeded(seed)).total;
            prop_assert!(d.min() <= total && total <= d.max());
        }

        #[test]
        fn parser_never_panics(text in "\\PC{0,12}") {
            let _ = text.parse::<DiceExpr>();
        }
    }
}
