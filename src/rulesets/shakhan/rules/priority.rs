//! Shakhàn 16.9.10 Optional Initiative System: every figure gets its own
//! Initiative Priority, highest Adjusted Agility first.

use serde::{Deserialize, Serialize};

use crate::dice::Dice;

/// One figure's claim to priority.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Contender<K> {
    pub key: K,
    pub adjusted_agility: i32,
    /// Normal Movement Allowance (16.8).
    pub ma: f64,
}

/// The order decided, highest priority first, with the dice that broke ties.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Priority<K> {
    pub order: Vec<K>,
    /// `(key, d100)` for every roll made to break a tie, in rolling order.
    pub tie_rolls: Vec<(K, u8)>,
}

/// Shakhàn 16.9.10: sort by Adjusted Agility, ties by the higher normal MA,
/// then by a simple dice roll (d100, higher first; tied rolls roll again
/// among those still tied).
pub fn priority<K: Copy>(contenders: &[Contender<K>], dice: &mut Dice) -> Priority<K> {
    let mut sorted = contenders.to_vec();
    sorted
        .sort_by(|a, b| (b.adjusted_agility.cmp(&a.adjusted_agility)).then(b.ma.total_cmp(&a.ma)));
    let mut order = Vec::with_capacity(sorted.len());
    let mut tie_rolls = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let same = |c: &Contender<K>| {
            (c.adjusted_agility, c.ma) == (sorted[i].adjusted_agility, sorted[i].ma)
        };
        let j = i + sorted[i..].iter().take_while(|c| same(c)).count();
        order.extend(break_tie(&sorted[i..j], dice, &mut tie_rolls));
        i = j;
    }
    Priority { order, tie_rolls }
}

/// Order a group tied on Agility and MA by d100, re-rolling tied rolls.
fn break_tie<K: Copy>(group: &[Contender<K>], dice: &mut Dice, rolls: &mut Vec<(K, u8)>) -> Vec<K> {
    if group.len() < 2 {
        return group.iter().map(|c| c.key).collect();
    }
    let mut rolled: Vec<(u8, &Contender<K>)> = group
        .iter()
        .map(|c| {
            let r = dice.d100().value();
            rolls.push((c.key, r));
            (r, c)
        })
        .collect();
    rolled.sort_by_key(|(r, _)| std::cmp::Reverse(*r));
    let mut out = Vec::with_capacity(group.len());
    let mut i = 0;
    while i < rolled.len() {
        let j = i + rolled[i..]
            .iter()
            .take_while(|(r, _)| *r == rolled[i].0)
            .count();
        let tied: Vec<Contender<K>> = rolled[i..j].iter().map(|(_, c)| **c).collect();
        out.extend(break_tie(&tied, dice, rolls));
        i = j;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(key: u8, adjusted_agility: i32, ma: f64) -> Contender<u8> {
        Contender {
            key,
            adjusted_agility,
            ma,
        }
    }

    #[test]
    fn s16_9_10_highest_adjusted_agility_has_first_priority() {
        let mut dice = Dice::scripted([]);
        let p = priority(&[c(0, 10, 12.0), c(1, 14, 8.0), c(2, 12, 20.0)], &mut dice);
        assert_eq!(p.order, vec![1, 2, 0]);
        assert!(p.tie_rolls.is_empty());
    }

    #[test]
    fn s16_9_10_ties_go_to_the_higher_movement_allowance() {
        let mut dice = Dice::scripted([]);
        let p = priority(&[c(0, 12, 10.0), c(1, 12, 14.0)], &mut dice);
        assert_eq!(p.order, vec![1, 0]);
    }

    #[test]
    fn s16_9_10_then_to_the_dice_rolling_again_on_equal_rolls() {
        // 0 and 1 tie on both; 2 too. Rolls 40, 40, 90: 2 first; 0 and 1 roll
        // again 10 and 70: 1 before 0.
        let mut dice = Dice::scripted([40, 40, 90, 10, 70]);
        let p = priority(&[c(0, 12, 10.0), c(1, 12, 10.0), c(2, 12, 10.0)], &mut dice);
        assert_eq!(p.order, vec![2, 1, 0]);
        assert_eq!(
            p.tie_rolls,
            vec![(0, 40), (1, 40), (2, 90), (0, 10), (1, 70)]
        );
        assert_eq!(dice.scripted_left(), 0);
    }
}
