//! Sheet l.34–46: the EML modifiers of a melee attack and its defence.

use super::skill::{Source, Worked};
use super::tables::{Pack, Sheet};
use super::terms::Aim;

/// What a figure brings to a melee roll, whichever side of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fighter {
    /// The skill's mastery level (weapon, unarmed, dodge).
    pub ml: u8,
    /// Points of physical penalty (docs/RULINGS.md, "Physical penalty").
    pub physical_penalty: u32,
    pub special_penalty: u32,
    /// Enemies engaging it.
    pub opponents: u32,
    /// Whether the figure it fights lies prone.
    pub opponent_prone: bool,
}

/// Sheet l.36–40: the modifiers every melee roll takes.
fn common(sheet: &Sheet, f: Fighter) -> Worked {
    let mut w = Worked::new(f.ml);
    w.with(
        Source::PhysicalPenalty(f.physical_penalty),
        -(f.physical_penalty as i32) * sheet.physical_penalty_scale,
    );
    w.with(Source::SpecialPenalty, -(f.special_penalty as i32));
    // l.39: the extra opponents (docs/RULINGS.md, "Outnumbered").
    let extra = f.opponents.saturating_sub(1);
    w.with(Source::Outnumbered(extra), extra as i32 * sheet.outnumbered);
    if f.opponent_prone {
        w.with(Source::ProneOpponent, sheet.prone_opponent);
    }
    w
}

/// Sheet l.20–21, l.34–46: the attacker's EML, aiming at `aim`; `classes`
/// are the attacker's and the defender's weapon classes when the defender
/// meets the blow with a weapon (docs/RULINGS.md, "Weapon class").
pub fn attack(
    sheet: &Sheet,
    pack: &Pack,
    f: Fighter,
    aim: Aim,
    classes: Option<(i32, i32)>,
) -> Worked {
    let mut w = common(sheet, f);
    w.with(Source::Aim(aim), sheet.aim(aim));
    if let Some((mine, theirs)) = classes {
        let difference = mine - theirs;
        w.with(
            Source::WeaponClass(difference),
            pack.weapon_class(difference),
        );
    }
    w
}

/// What a missile shot's EML depends on beyond the shooter (l.77–84).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shot {
    pub aim: Aim,
    pub hexes: u32,
    /// l.81: the weapon's range modifier at that distance.
    pub range_modifier: i32,
    pub target_prone: bool,
    pub moved: bool,
}

/// Sheet l.62, l.77–84: a shooter's EML. The physical penalty (×5), the
/// special penalty, range, aim, a prone target and moving; being
/// outnumbered or a prone opponent are melee's (l.39–40), not listed here.
pub fn missile(sheet: &Sheet, f: Fighter, shot: Shot) -> Worked {
    let mut w = Worked::new(f.ml);
    w.with(
        Source::PhysicalPenalty(f.physical_penalty),
        -(f.physical_penalty as i32) * sheet.physical_penalty_scale,
    );
    w.with(Source::SpecialPenalty, -(f.special_penalty as i32));
    w.with(Source::Range(shot.hexes), shot.range_modifier);
    w.with(Source::Aim(shot.aim), sheet.aim(shot.aim));
    if shot.target_prone {
        w.with(Source::SmallTarget, sheet.small_or_prone_target);
    }
    if shot.moved {
        w.with(Source::Moving, sheet.shooter_moving);
    }
    w
}

/// Sheet l.20, l.34–40: the defender's EML; a counterstrike aims as an
/// attack does.
pub fn defence(sheet: &Sheet, f: Fighter, aim: Option<Aim>) -> Worked {
    let mut w = common(sheet, f);
    if let Some(aim) = aim {
        w.with(Source::Aim(aim), sheet.aim(aim));
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::harnmaster::rules::tables::{placeholder, sheet};
    use crate::rulesets::harnmaster::rules::terms::Eml;

    fn fighter(ml: u8) -> Fighter {
        Fighter {
            ml,
            physical_penalty: 0,
            special_penalty: 0,
            opponents: 1,
            opponent_prone: false,
        }
    }

    #[test]
    fn l38_aiming_costs_ten_at_head_or_legs_fifteen_at_arms() {
        let (s, p) = (sheet(), placeholder());
        assert_eq!(attack(s, &p, fighter(60), Aim::Head, None).eml(), Eml(50));
        assert_eq!(attack(s, &p, fighter(60), Aim::Legs, None).eml(), Eml(50));
        assert_eq!(attack(s, &p, fighter(60), Aim::Arms, None).eml(), Eml(45));
        assert_eq!(attack(s, &p, fighter(60), Aim::Any, None).eml(), Eml(60));
    }

    #[test]
    fn l39_outnumbered_costs_ten_per_extra_opponent() {
        let f = Fighter {
            opponents: 3,
            ..fighter(60)
        };
        assert_eq!(defence(sheet(), f, None).eml(), Eml(40));
        assert_eq!(defence(sheet(), fighter(60), None).eml(), Eml(60));
    }

    #[test]
    fn l40_a_prone_opponent_gives_twenty() {
        let f = Fighter {
            opponent_prone: true,
            ..fighter(60)
        };
        assert_eq!(
            attack(sheet(), &placeholder(), f, Aim::Any, None).eml(),
            Eml(80)
        );
    }

    #[test]
    fn l36_l37_physical_penalty_counts_five_a_point_special_penalty_as_given() {
        let f = Fighter {
            physical_penalty: 3,
            special_penalty: 7,
            ..fighter(60)
        };
        assert_eq!(defence(sheet(), f, None).eml(), Eml(60 - 15 - 7));
    }

    #[test]
    fn l77_a_shots_eml_takes_range_aim_prone_target_and_moving() {
        let f = Fighter {
            physical_penalty: 1,
            opponents: 3,
            opponent_prone: true,
            ..fighter(70)
        };
        let shot = Shot {
            aim: Aim::Arms,
            hexes: 8,
            range_modifier: -10,
            target_prone: true,
            moved: true,
        };
        // 70 − 5 (l.79) − 10 (range) − 15 (arms) − 10 (prone) − 10 (moving);
        // outnumbered and the melee's prone +20 do not apply.
        assert_eq!(missile(sheet(), f, shot).eml(), Eml(20));
    }

    #[test]
    fn l42_weapon_class_modifier_is_added_to_the_attackers_eml() {
        let p = placeholder();
        // Placeholder: a difference of +2 is +10, −1 is −5.
        assert_eq!(
            attack(sheet(), &p, fighter(60), Aim::Any, Some((3, 1))).eml(),
            Eml(70)
        );
        assert_eq!(
            attack(sheet(), &p, fighter(60), Aim::Any, Some((3, 4))).eml(),
            Eml(55)
        );
    }
}
