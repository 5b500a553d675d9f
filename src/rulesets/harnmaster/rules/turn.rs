//! Sheet l.3, l.5, l.88: initiative, surprise and tactical advantages.

/// The scores initiative is the sum of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scores {
    pub endurance: u8,
    pub dexterity: u8,
    pub agility: u8,
    pub speed: u8,
    pub will: u8,
}

/// Sheet l.3: initiative = END + DEX + AGL + SPD + WIL.
pub fn initiative(s: Scores) -> u32 {
    [s.endurance, s.dexterity, s.agility, s.speed, s.will]
        .iter()
        .map(|&v| u32::from(v))
        .sum()
}

/// Sheet l.3: the order of a turn: highest initiative first, ties to the
/// figure listed first (docs/RULINGS.md, "Initiative").
pub fn order(initiatives: &[(usize, u32)]) -> Vec<usize> {
    let mut o = initiatives.to_vec();
    o.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    o.into_iter().map(|(i, _)| i).collect()
}

/// Sheet l.5: in the first round only the side that starts the battle acts.
pub fn acts_in_round(round: u32, surprising: Option<usize>, side: usize) -> bool {
    round > 1 || surprising.is_none_or(|s| s == side)
}

/// What a tactical advantage does when it comes (l.88).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Advantage {
    /// The first this turn: an extra action.
    Taken,
    /// A second in the same turn: the turn ends.
    EndsTurn,
}

/// Sheet l.88: once per turn; a second ends the turn.
pub fn advantage(already_this_turn: bool) -> Advantage {
    if already_this_turn {
        Advantage::EndsTurn
    } else {
        Advantage::Taken
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn l3_initiative_is_the_sum_of_five_attributes() {
        let s = Scores {
            endurance: 12,
            dexterity: 13,
            agility: 11,
            speed: 10,
            will: 14,
        };
        assert_eq!(initiative(s), 60);
    }

    #[test]
    fn l3_order_is_highest_first_ties_to_the_first_listed() {
        assert_eq!(order(&[(0, 55), (1, 60), (2, 55)]), vec![1, 0, 2]);
    }

    #[test]
    fn l5_surprise_gives_the_first_round_to_the_side_that_starts() {
        assert!(acts_in_round(1, Some(0), 0));
        assert!(!acts_in_round(1, Some(0), 1));
        assert!(acts_in_round(2, Some(0), 1));
        assert!(acts_in_round(1, None, 1));
    }

    #[test]
    fn l88_a_tactical_advantage_once_per_turn_a_second_ends_it() {
        assert_eq!(advantage(false), Advantage::Taken);
        assert_eq!(advantage(true), Advantage::EndsTurn);
    }
}
