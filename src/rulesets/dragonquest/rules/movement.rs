//! DragonQuest 20, 21.1, 22.1–22.3: how far an action lets a figure move, and
//! which actions a nimble figure may combine.

use super::tables::actions::{Action, ActionTables, Movement};
use super::terms::Tmr;

/// DragonQuest 22.7, 21.1–21.8 with 22.1–22.3: the hexes a non-engaged figure
/// may move in `action` (`None` if it may not choose it). Half a TMR rounds
/// down; modified AG 8 or less loses a hex in 22.1's actions; 22–25 gains one
/// in 22.2's; 26 or more gains two in 22.2's actions when it does not combine
/// two actions (the +2 replaces the +1, ruling). Never below 0.
pub fn non_engaged_hexes(
    t: &ActionTables,
    action: Action,
    tmr: Tmr,
    modified_ag: u8,
    combining: bool,
) -> Option<u8> {
    let base = match t.non_engaged_movement(action)? {
        Movement::FullTmr => i32::from(tmr.0),
        Movement::HalfTmr => i32::from(tmr.0 / 2),
        Movement::Hexes(n) => i32::from(n),
    };
    // Fire and spells allow no movement, so no Agility changes it (21.7).
    if base == 0 {
        return Some(0);
    }
    Some((base + agility_hexes(t, action, modified_ag, combining)).max(0) as u8)
}

/// DragonQuest 20.1–20.7 with 22.1–22.3: the hexes an engaged figure may move
/// in `action` (`None` if an engaged figure may not choose it). Inside a
/// hostile figure's Melee Zone the book allows one hex (a Melee attack, an
/// Evade, a Pass, backing out in a Withdrawal, closing into the defender's
/// hex) or none (a spell); those limits are where the figure stands, not an
/// allowance, so Agility does not change them (ruling). Outside the zone: ½ TMR
/// for a Melee attack or an Evade, two hexes for a Pass, the full TMR for a
/// Withdrawal (20.3: it moves normally, 21.1), each with 22.1–22.3. In Close
/// Combat (20.7) a Withdrawal that breaks contact reaches an adjacent hex and
/// nothing else moves. For a Withdrawal, `in_hostile_zone` means 20.3's case:
/// inside the opponent's Melee Zone with the opponent in the figure's own.
pub fn engaged_hexes(
    t: &ActionTables,
    action: Action,
    tmr: Tmr,
    modified_ag: u8,
    in_hostile_zone: bool,
    in_close_combat: bool,
    combining: bool,
) -> Option<u8> {
    if in_close_combat {
        if !t.close_combat.contains(&action) {
            return None;
        }
        return Some(u8::from(action == Action::Withdraw));
    }
    if !t.engaged.contains(&action) {
        return None;
    }
    let free = match action {
        Action::Spell => return Some(0),
        Action::CloseAndGrapple => return Some(1),
        _ if in_hostile_zone => return Some(1),
        Action::MeleeAttack | Action::Evade => i32::from(tmr.0 / 2),
        Action::Pass => 2,
        _ => i32::from(tmr.0),
    };
    Some((free + agility_hexes(t, action, modified_ag, combining)).max(0) as u8)
}

/// DragonQuest 22.1–22.3: the hexes Agility adds to or takes from an action's movement.
pub fn agility_hexes(t: &ActionTables, action: Action, modified_ag: u8, combining: bool) -> i32 {
    if modified_ag <= t.slow.agility_at_most {
        if t.slow.actions.contains(&action) {
            return i32::from(t.slow.hexes);
        }
    } else if (t.quick.agility_from..=t.quick.agility_to).contains(&modified_ag) {
        if t.quick.actions.contains(&action) {
            return i32::from(t.quick.hexes);
        }
    } else if modified_ag >= t.nimble.agility_from
        && !combining
        && t.quick.actions.contains(&action)
    {
        return i32::from(t.nimble.hexes);
    }
    0
}

/// DragonQuest 22.3: whether a figure may combine `a` and `b` in one Pulse.
pub fn may_combine(t: &ActionTables, modified_ag: u8, a: Action, b: Action) -> bool {
    modified_ag >= t.nimble.agility_from
        && t.nimble.combinable.contains(&a)
        && t.nimble.combinable.contains(&b)
}

/// DragonQuest 21.1: crawling is a quarter of the TMR, rounded down.
pub fn crawl(tmr: Tmr) -> u8 {
    tmr.0 / 4
}

/// DragonQuest 21.1: a jump costs a hex of movement per 5 feet, or part of 5,
/// across or up (the landing roll against modified Agility is the Referee's).
pub fn jump_cost(feet: u16) -> u16 {
    feet.div_ceil(5)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::dragonquest::rules::tables::tables;
    use Action::*;

    fn hexes(action: Action, tmr: u8, ag: u8) -> Option<u8> {
        non_engaged_hexes(&tables().actions, action, Tmr(tmr), ag, false)
    }

    #[test]
    fn non_engaged_movement_22_7_half_rounds_down() {
        assert_eq!(hexes(Move, 5, 15), Some(5));
        assert_eq!(hexes(Charge, 5, 15), Some(2));
        assert_eq!(hexes(ChargeAndClose, 7, 15), Some(3));
        assert_eq!(hexes(PoleCharge, 5, 15), Some(5));
        assert_eq!(hexes(Retreat, 5, 15), Some(2));
        assert_eq!(hexes(Fire, 5, 15), Some(0));
        assert_eq!(hexes(Grapple, 5, 15), None);
    }

    #[test]
    fn slow_figures_22_1_lose_a_hex() {
        assert_eq!(hexes(Charge, 5, 8), Some(1));
        assert_eq!(hexes(Retreat, 5, 8), Some(1));
        assert_eq!(hexes(PoleCharge, 5, 8), Some(4));
        // Full movement is not in 22.1's list.
        assert_eq!(hexes(Move, 5, 8), Some(5));
        assert_eq!(hexes(Charge, 5, 9), Some(2));
    }

    #[test]
    fn quick_figures_22_2_gain_a_hex_nimble_22_3_two() {
        assert_eq!(hexes(Pass, 5, 22), Some(3));
        assert_eq!(hexes(Pass, 5, 25), Some(3));
        assert_eq!(hexes(Pass, 5, 26), Some(4));
        assert_eq!(hexes(Pass, 5, 21), Some(2));
        // Not in 22.2's list: no gain.
        assert_eq!(hexes(PoleCharge, 5, 26), Some(5));
        let t = &tables().actions;
        assert_eq!(non_engaged_hexes(t, Pass, Tmr(5), 26, true), Some(2));
    }

    #[test]
    fn engaged_movement_20_1_to_20_7() {
        let t = &tables().actions;
        let go = |a, ag, zone, close| engaged_hexes(t, a, Tmr(6), ag, zone, close, false);
        // Inside a hostile Melee Zone: one hex, whatever the Agility.
        assert_eq!(go(MeleeAttack, 15, true, false), Some(1));
        assert_eq!(go(Evade, 24, true, false), Some(1));
        assert_eq!(go(Pass, 6, true, false), Some(1));
        assert_eq!(go(Spell, 15, true, false), Some(0));
        // Outside it: ½ TMR, two hexes for a Pass, Agility counting.
        assert_eq!(go(MeleeAttack, 15, false, false), Some(3));
        assert_eq!(go(MeleeAttack, 8, false, false), Some(2));
        assert_eq!(go(Evade, 23, false, false), Some(4));
        assert_eq!(go(Pass, 15, false, false), Some(2));
        assert_eq!(go(Withdraw, 15, false, false), Some(6));
        assert_eq!(go(Move, 15, false, false), None);
        // Close Combat: only a Withdrawal moves, one hex.
        assert_eq!(go(Withdraw, 15, false, true), Some(1));
        assert_eq!(go(Grapple, 15, false, true), Some(0));
        assert_eq!(go(MeleeAttack, 15, false, true), None);
    }

    #[test]
    fn combining_actions_22_3_needs_agility_26() {
        let t = &tables().actions;
        assert!(may_combine(t, 26, Fire, Retreat));
        assert!(!may_combine(t, 25, Fire, Retreat));
        assert!(!may_combine(t, 30, Spell, MeleeAttack));
    }

    #[test]
    fn jump_21_1_a_hex_per_5_feet_or_part() {
        assert_eq!(jump_cost(5), 1);
        assert_eq!(jump_cost(6), 2);
        assert_eq!(jump_cost(10), 2);
        assert_eq!(jump_cost(0), 0);
    }

    #[test]
    fn crawl_21_1_quarter_tmr_round_down() {
        assert_eq!(crawl(Tmr(5)), 1);
        assert_eq!(crawl(Tmr(8)), 2);
        assert_eq!(crawl(Tmr(3)), 0);
    }
}
