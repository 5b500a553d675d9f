//! DragonQuest 19.2–19.3: Initiative for sides and for engaged figures.

use super::terms::{InitiativeValue, Rank};

/// DragonQuest 19.3: modified AG + PC + Rank with the prepared weapon (no
/// weapon prepared, or unranked with it: AG + PC).
pub fn initiative_value(modified_ag: u8, pc: u8, weapon_rank: Option<Rank>) -> InitiativeValue {
    let rank = weapon_rank.map_or(0, |Rank(r)| i32::from(r));
    InitiativeValue(i32::from(modified_ag) + i32::from(pc) + rank)
}

/// DragonQuest 19.2: a side's Initiative roll: D10 + the roller's PC, + his
/// Military Scientist Rank only if he is the side's Leader (ties re-roll).
pub fn side_initiative(d10: u8, pc: u8, leader_military_scientist: Option<Rank>) -> i32 {
    i32::from(d10) + i32::from(pc) + leader_military_scientist.map_or(0, |Rank(r)| i32::from(r))
}

/// DragonQuest 19.3, "for the Alusia campaign" (an option): the sum of D10,
/// modified AG, PC, Rank with the prepared weapon and twice the side's
/// Leader's Military Scientist Rank, rolled once for the whole combat.
pub fn alusia_initiative_value(
    d10: u8,
    modified_ag: u8,
    pc: u8,
    weapon_rank: Option<Rank>,
    leader_military_scientist: Option<Rank>,
) -> InitiativeValue {
    let InitiativeValue(iv) = initiative_value(modified_ag, pc, weapon_rank);
    let mil_sci = leader_military_scientist.map_or(0, |Rank(r)| 2 * i32::from(r));
    InitiativeValue(i32::from(d10) + iv + mil_sci)
}

/// DragonQuest 19.3, 26: the order an engagement acts in, highest first;
/// a Stunned figure, or one with a rear hex toward its opponent, acts after
/// every other (its opponent automatically has the Initiative). Ties keep
/// the order given (the Referee's). Returns indices into `figures`.
pub fn engaged_order(figures: &[(InitiativeValue, bool)]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..figures.len()).collect();
    order.sort_by_key(|&i| {
        let (iv, last) = figures[i];
        (last, std::cmp::Reverse(iv))
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initiative_value_19_3_with_and_without_a_weapon() {
        assert_eq!(initiative_value(14, 10, Some(Rank(3))), InitiativeValue(27));
        assert_eq!(initiative_value(14, 10, None), InitiativeValue(24));
    }

    /// 32, fourth Pulse: the orc's Initiative Value 27 beats Delion's 25, so
    /// the orc may act first; a Stunned figure goes last whatever its value.
    #[test]
    fn engaged_order_19_3_example_32_and_stun_26() {
        let orc = (InitiativeValue(27), false);
        let delion = (InitiativeValue(25), false);
        assert_eq!(engaged_order(&[delion, orc]), [1, 0]);
        let stunned_orc = (InitiativeValue(27), true);
        assert_eq!(engaged_order(&[stunned_orc, delion]), [1, 0]);
    }

    #[test]
    fn alusia_initiative_19_3_option_adds_d10_and_twice_military_scientist() {
        let iv = alusia_initiative_value(7, 14, 10, Some(Rank(3)), Some(Rank(2)));
        assert_eq!(iv, InitiativeValue(7 + 14 + 10 + 3 + 4));
        assert_eq!(
            alusia_initiative_value(1, 14, 10, None, None),
            InitiativeValue(25)
        );
    }

    #[test]
    fn side_initiative_19_2_leader_adds_military_scientist() {
        assert_eq!(side_initiative(6, 13, Some(Rank(2))), 21);
        assert_eq!(side_initiative(6, 13, None), 19);
    }
}
