//! Strike Rank (Rounds, Action): a figure's SR for an action, the SR Shift,
//! action durations, and when an interrupted melee lands.

use super::tables::{HousePack, StrikeRankTables};
use super::terms::{ActionKind, Reach, StrikeRank};

/// Action, Skill SR: the adjustment for a skill level, with "ea. +25 (+1)"
/// past the last band.
pub fn skill_sr(t: &StrikeRankTables, skill: i32) -> i32 {
    if let Some(row) = t.skill.find(skill.max(0)) {
        return *row;
    }
    let last = t.skill.last();
    let past = skill - last.hi;
    let f = t.skill_each_further;
    last.row + f.adjust * ((past + f.band - 1) / f.band)
}

/// Rounds, SR Shift: the adjustment a d10 face gives.
pub fn sr_shift(t: &StrikeRankTables, face: u32) -> i32 {
    t.shift.find(face as i32).copied().unwrap_or(0)
}

/// The house's base SR from DEX.
pub fn base_sr(house: &HousePack, dex: i32) -> i32 {
    match house.base_sr.find(dex) {
        Some(sr) => *sr,
        None if dex < house.base_sr.first().lo => house.base_sr.first().row,
        None => house.base_sr.last().row,
    }
}

/// What makes up a melee attack's SR, each part kept to explain it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SrParts {
    /// House: from DEX.
    pub base: i32,
    /// Skill SR.
    pub skill: i32,
    /// adj SR for Weapon Reach, attacker's column.
    pub reach: i32,
    /// adj SR for Weapon Reach, target's column (only while the target
    /// engages in melee).
    pub against: i32,
    /// SR Shift.
    pub shift: i32,
}

impl SrParts {
    pub fn total(self) -> StrikeRank {
        StrikeRank(self.base + self.skill + self.reach + self.against + self.shift)
    }
}

/// Rounds: a melee attack's SR parts (Intent: "all melee attacks have their
/// SR adjusted for the opponent's reach if the opponent is engaging in
/// melee"; adjustments may take SR below 0).
pub fn melee_sr(
    t: &StrikeRankTables,
    house: &HousePack,
    dex: i32,
    skill: i32,
    own: Reach,
    target: Option<Reach>,
    shift_face: u32,
) -> SrParts {
    SrParts {
        base: base_sr(house, dex),
        skill: skill_sr(t, skill),
        reach: t.reach.get(own).attacker,
        against: target.map_or(0, |r| t.reach.get(r).target),
        shift: sr_shift(t, shift_face),
    }
}

/// adj SR for Weapon Reach: the SR adjustment of an action that is not a
/// hand-weapon attack.
pub fn action_sr(t: &StrikeRankTables, kind: ActionKind) -> i32 {
    t.actions.get(kind).attacker
}

/// Action: an action's duration in SRs: 1 at SR 11 or higher, else 12 less SR.
pub fn duration(sr: StrikeRank) -> i32 {
    if sr.0 >= 11 { 1 } else { 12 - sr.0 }
}

/// Combat Resolution: the SR at which a melee process of a figure whose
/// final SR is `sr`, begun (or begun again) at SR `begun`, completes. The
/// round's process begins at SR 11, so it lands on the figure's own SR
/// (capped at 10: the Action phase starts there); one begun again after a
/// change in SR `c` begins at `c - 1` ("designates a new target on SR 8:
/// final SR reduced by 4").
pub fn lands_at(sr: StrikeRank, begun: i32) -> StrikeRank {
    StrikeRank((begun - duration(sr) + 1).min(10))
}

/// Action: a change of intent in SR `c` costs `12 - c` SR.
pub fn change_cost(c: i32) -> i32 {
    12 - c
}

/// Movement: hexes stepped in SR `sr` (10 down to 1) at movement `mv`.
pub fn hexes_in_sr(t: &StrikeRankTables, mv: i32, sr: i32) -> u32 {
    if mv <= 0 || !(1..=10).contains(&sr) {
        return 0;
    }
    let (hexes, every) = match t.movement.find(mv) {
        Some(p) => (p.hexes, p.every),
        None => {
            let last = t.movement.last();
            let f = t.movement_each_further;
            let past = (mv - last.hi) as u32;
            let band = f.band as u32;
            (last.row.hexes + f.hexes * past.div_ceil(band), 1)
        }
    };
    // SR 10 is the first SR of movement: a step falls due each `every` SRs.
    let elapsed = (11 - sr) as u32;
    if elapsed % every == 0 { hexes } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::runemaster::rules::tables::tables;

    /// Action: "a character with a final SR of 4 has a melee action
    /// duration of 8 SR"; 11 and up take 1 SR.
    #[test]
    fn action_duration_is_twelve_less_sr() {
        assert_eq!(duration(StrikeRank(4)), 8);
        assert_eq!(duration(StrikeRank(11)), 1);
        assert_eq!(duration(StrikeRank(15)), 1);
        assert_eq!(duration(StrikeRank(0)), 12);
    }

    /// Action and Combat Resolution: a new target in SR 9 costs 3 SR, in
    /// SR 8 costs 4 — whatever the figure's SR.
    #[test]
    fn action_changing_intent_costs_twelve_less_the_sr() {
        assert_eq!(change_cost(9), 3);
        assert_eq!(change_cost(8), 4);
        for sr in 1..=10 {
            assert_eq!(lands_at(StrikeRank(sr), 11), StrikeRank(sr));
            assert_eq!(lands_at(StrikeRank(sr), 8 - 1).0, sr - 4);
            assert_eq!(lands_at(StrikeRank(sr), 9 - 1).0, sr - 3);
        }
    }

    /// Action, Skill SR: ea. +25 (+1) past 200.
    #[test]
    fn skill_sr_each_further_twenty_five() {
        let t = &tables().strike_rank;
        assert_eq!(skill_sr(t, 75), 1);
        assert_eq!(skill_sr(t, 201), 7);
        assert_eq!(skill_sr(t, 225), 7);
        assert_eq!(skill_sr(t, 226), 8);
    }

    /// Rounds: the SR of a melee attack, a long weapon against a pole.
    #[test]
    fn rounds_melee_sr_adds_every_part() {
        let t = &tables().strike_rank;
        let house = HousePack::shipped();
        let parts = melee_sr(t, house, 12, 60, Reach::Pole, Some(Reach::Extreme), 1);
        assert_eq!(parts.base, 3, "house: DEX 10-13");
        assert_eq!(
            (parts.skill, parts.reach, parts.against, parts.shift),
            (1, 1, -2, -2)
        );
        assert_eq!(parts.total(), StrikeRank(1));
        assert_eq!(action_sr(t, ActionKind::Spell), 2);
    }

    /// Movement: Mv 5 steps every SR; Mv 1 steps at SR 6 and 1 only;
    /// Mv 34 is five hexes and one more for the further 5.
    #[test]
    fn movement_steps_per_sr() {
        let t = &tables().strike_rank;
        let total = |mv| (1..=10).map(|sr| hexes_in_sr(t, mv, sr)).sum::<u32>();
        assert_eq!(total(5), 10);
        assert_eq!(total(1), 2);
        assert_eq!(total(2), 3);
        assert_eq!(total(12), 20);
        assert_eq!(hexes_in_sr(t, 34, 7), 6);
        assert_eq!(hexes_in_sr(t, 0, 7), 0);
    }
}
