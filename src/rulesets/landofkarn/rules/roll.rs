//! Land of Karn "Strike Rolls And Defenses" and "1. Initiative": one d20
//! roll cut to its share, its modifiers added, read as the text's levels,
//! and compared as totals where a natural 20 is infinity and a natural 1
//! negative infinity.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::terms::Share;

/// A total to compare: natural 1 and forfeited initiative are below every
/// number, a natural 20 above every number (equal only to another).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Total {
    NegInf,
    Of(i32),
    Inf,
}

impl fmt::Display for Total {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Total::NegInf => f.write_str("-∞"),
            Total::Of(n) => write!(f, "{n}"),
            Total::Inf => f.write_str("∞"),
        }
    }
}

/// "Strike Rolls And Defenses": the levels of a strike roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Level {
    /// An unmodified 1.
    NaturalFumble,
    /// A modified roll under 1.
    Fumble,
    /// An unmodified 2, or a modified roll of 1–5 (1–10 for a ranged attack).
    Miss,
    /// A modified roll over 5 (over 10 ranged).
    Hit,
    /// A modified roll over 24.
    Critical,
    /// An unmodified 20.
    NaturalCritical,
}

impl Level {
    pub fn fumbled(self) -> bool {
        matches!(self, Level::NaturalFumble | Level::Fumble)
    }

    pub fn hits(self) -> bool {
        matches!(self, Level::Hit | Level::Critical | Level::NaturalCritical)
    }

    pub fn critical(self) -> bool {
        matches!(self, Level::Critical | Level::NaturalCritical)
    }

    pub fn word(self) -> &'static str {
        match self {
            Level::NaturalFumble => "a natural fumble",
            Level::Fumble => "a fumble",
            Level::Miss => "a miss",
            Level::Hit => "a hit",
            Level::Critical => "a critical",
            Level::NaturalCritical => "a natural critical",
        }
    }
}

/// One d20 roll as the text reads it: the face, the face cut to the
/// action's share, the modifiers added after, the total compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct D20 {
    pub face: u8,
    pub share: Share,
    pub modifier: i32,
}

impl D20 {
    /// "Splitting Actions": the cut roll plus every modifier (docs/RULINGS.md:
    /// this is the "modified roll" each level reads).
    pub fn modified(self) -> i32 {
        i32::from(self.share.cut(self.face)) + self.modifier
    }

    /// "Strike Rolls And Defenses": an unmodified 1 is negative infinity and
    /// an unmodified 20 infinity wherever a total is compared.
    pub fn total(self) -> Total {
        match self.face {
            1 => Total::NegInf,
            20 => Total::Inf,
            _ => Total::Of(self.modified()),
        }
    }

    /// "Strike Rolls And Defenses": the level of a strike; unmodified rolls
    /// first, as the text says (they make the modified total irrelevant).
    /// "Ranged Attacks": a modified 10 or less (above 0) misses.
    pub fn strike_level(self, ranged: bool) -> Level {
        match self.face {
            1 => return Level::NaturalFumble,
            20 => return Level::NaturalCritical,
            2 => return Level::Miss,
            _ => {}
        }
        let m = self.modified();
        let miss_up_to = if ranged { 10 } else { 5 };
        if m < 1 {
            Level::Fumble
        } else if m <= miss_up_to {
            Level::Miss
        } else if m > 24 {
            Level::Critical
        } else {
            Level::Hit
        }
    }

    /// The roll in words: "13 + 2 = 15", "15 halved 7 + 5 = 12", "natural 20".
    pub fn said(self) -> String {
        let mut s = format!("{}", self.face);
        if self.share != Share::Full {
            let how = if self.share == Share::Half {
                "halved"
            } else {
                "quartered"
            };
            s = format!("{s} {how} {}", self.share.cut(self.face));
        }
        match self.face {
            1 | 20 => format!("natural {}", self.face),
            _ if self.modifier == 0 => s,
            _ => format!(
                "{s} {} {} = {}",
                if self.modifier < 0 { '-' } else { '+' },
                self.modifier.abs(),
                self.modified()
            ),
        }
    }
}

/// "Basic Defenses": a defence succeeds when its total is equal to or above
/// the strike's; ties always go to the defender.
pub fn defends(defence: Total, strike: Total) -> bool {
    defence.cmp(&strike) != Ordering::Less
}

/// "1. Initiative": a figure's initiative total, or negative infinity when it
/// forfeits and does not roll.
pub fn initiative(roll: Option<D20>) -> Total {
    roll.map_or(Total::NegInf, D20::total)
}

/// "1. Initiative": who leads among `totals` (each figure's total, `None`
/// for a forfeit, with its ALT): a forfeit always loses ("to automatically
/// lose"), so only those who rolled can lead, even on a natural 1; the
/// highest total leads; a tie goes to the highest ALT; those still tied
/// roll again (`Err`: the indices to reroll). All forfeiting, nobody leads.
pub fn initiative_winner(totals: &[(Option<Total>, i32)]) -> Result<Option<usize>, Vec<usize>> {
    let Some(best) = totals.iter().filter_map(|t| t.0).max() else {
        return Ok(None);
    };
    let top: Vec<usize> = (0..totals.len())
        .filter(|&i| totals[i].0 == Some(best))
        .collect();
    let alt = top.iter().map(|&i| totals[i].1).max().unwrap_or(0);
    let still: Vec<usize> = top.into_iter().filter(|&i| totals[i].1 == alt).collect();
    match still.as_slice() {
        [one] => Ok(Some(*one)),
        _ => Err(still),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(face: u8, share: Share, modifier: i32) -> D20 {
        D20 {
            face,
            share,
            modifier,
        }
    }

    /// "Strike Rolls And Defenses": each level of the list.
    #[test]
    fn strike_rolls_and_defenses_levels() {
        use Level::*;
        assert_eq!(d(1, Share::Full, 30).strike_level(false), NaturalFumble);
        assert_eq!(d(2, Share::Full, 30).strike_level(false), Miss);
        assert_eq!(
            d(20, Share::Quarter, -30).strike_level(false),
            NaturalCritical
        );
        assert_eq!(d(3, Share::Full, -3).strike_level(false), Fumble);
        assert_eq!(d(5, Share::Full, 0).strike_level(false), Miss);
        assert_eq!(d(6, Share::Full, 0).strike_level(false), Hit);
        assert_eq!(d(19, Share::Full, 5).strike_level(false), Hit);
        assert_eq!(d(19, Share::Full, 6).strike_level(false), Critical);
        assert_eq!(d(1, Share::Full, 0).total(), Total::NegInf);
        assert_eq!(d(20, Share::Full, -9).total(), Total::Inf);
    }

    /// "Ranged Attacks": a modified 10 or less, above 0, misses.
    #[test]
    fn ranged_attacks_miss_up_to_ten() {
        assert_eq!(d(10, Share::Full, 0).strike_level(true), Level::Miss);
        assert_eq!(d(11, Share::Full, 0).strike_level(true), Level::Hit);
    }

    /// "Splitting Actions" and seed-gaps: the quartered roll plus modifiers
    /// is the modified roll, so a quartered 3 is 0, a fumble.
    #[test]
    fn splitting_actions_quartered_three_is_a_fumble() {
        assert_eq!(d(3, Share::Quarter, 0).strike_level(false), Level::Fumble);
        // Salemath's example: a half-action punch rolling 15 with +5 is 12.
        let punch = d(15, Share::Half, 5);
        assert_eq!(punch.total(), Total::Of(12));
        assert_eq!(punch.said(), "15 halved 7 + 5 = 12");
    }

    /// "5. Roll and Compare" example: Salemath strikes 13 + 2 = 15, Chip
    /// blocks 13 + 4 = 17: blocked. Ties go to the defender.
    #[test]
    fn roll_and_compare_example_and_ties() {
        let strike = d(13, Share::Full, 2);
        let block = d(13, Share::Full, 4);
        assert_eq!(strike.total(), Total::Of(15));
        assert!(defends(block.total(), strike.total()));
        assert!(defends(Total::Of(15), Total::Of(15)));
        assert!(!defends(Total::Of(14), Total::Of(15)));
        assert!(
            defends(Total::Inf, Total::Inf),
            "a natural 20 ties only a natural 20"
        );
        assert!(!defends(Total::Of(99), Total::Inf));
        assert!(defends(Total::Of(-5), Total::NegInf));
    }

    /// "1. Initiative" examples: Chip (+6) rolls 9 for 15, Salemath (+2)
    /// rolls 14 for 16 and wins; at 17 each, Chip's higher ALT wins.
    #[test]
    fn initiative_examples() {
        let chip = initiative(Some(d(9, Share::Full, 6)));
        let sal = initiative(Some(d(14, Share::Full, 2)));
        assert_eq!((chip, sal), (Total::Of(15), Total::Of(16)));
        assert_eq!(
            initiative_winner(&[(Some(chip), 12), (Some(sal), 10)]),
            Ok(Some(1))
        );
        let chip = initiative(Some(d(11, Share::Full, 6)));
        let sal = initiative(Some(d(15, Share::Full, 2)));
        assert_eq!(
            initiative_winner(&[(Some(chip), 12), (Some(sal), 10)]),
            Ok(Some(0))
        );
        assert_eq!(
            initiative_winner(&[(Some(chip), 10), (Some(sal), 10)]),
            Err(vec![0, 1]),
            "still tied: roll again"
        );
    }

    /// "1. Initiative": a forfeit is negative infinity; all forfeiting,
    /// nobody acts; a natural 20 beats any total.
    #[test]
    fn initiative_forfeit_and_natural_twenty() {
        assert_eq!(initiative(None), Total::NegInf);
        assert_eq!(initiative_winner(&[(None, 5), (None, 9)]), Ok(None));
        // A natural 1 is -∞ but still beats a forfeit, whatever the ALT.
        assert_eq!(
            initiative_winner(&[(Some(Total::NegInf), 1), (None, 9)]),
            Ok(Some(0))
        );
        let twenty = initiative(Some(d(20, Share::Full, -5)));
        assert_eq!(
            initiative_winner(&[(Some(Total::Of(40)), 20), (Some(twenty), 1)]),
            Ok(Some(1))
        );
    }
}
