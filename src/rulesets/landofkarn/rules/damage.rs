//! Land of Karn "Armor And Clothing", "Pierce (P)" and "Critical": where a
//! blow's damage goes (armour first, natural armour next, then the figure)
//! and what a critical makes of what got through.

use serde::{Deserialize, Serialize};

use super::roll::Total;
use super::tables::{Critical, CriticalEffect, Rating};

/// "Armor And Clothing": a blow's damage through worn and natural armour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Through {
    /// The damage rolled.
    pub rolled: i32,
    /// Whether the armour took the strike (its total at or under the COV).
    pub armour_struck: bool,
    /// Damage the armour itself takes (up to its damage rating).
    pub to_armour: i32,
    /// Left after the armour's protection.
    pub past_armour: i32,
    /// Left after natural armour: what reaches the figure.
    pub to_figure: i32,
}

/// "Armor And Clothing": armour takes a strike whose modified total is at or
/// under its COV (a called shot at a wholly covered part always); it stops
/// up to its protection and itself takes damage up to its damage rating
/// (docs/RULINGS.md: "up to", not "equal to"). Natural armour then takes
/// its share before the figure's hit points.
pub fn through_armour(
    rolled: i32,
    strike: Total,
    cov: u8,
    rating: Option<Rating>,
    natural: i32,
) -> Through {
    let rolled = rolled.max(0);
    let struck = rating.is_some() && strike <= Total::Of(i32::from(cov));
    let (to_armour, past_armour) = match rating {
        Some(Rating(protection, damage)) if struck => (
            rolled.min(i32::from(damage)),
            (rolled - i32::from(protection)).max(0),
        ),
        _ => (0, rolled),
    };
    Through {
        rolled,
        armour_struck: struck,
        to_armour,
        past_armour,
        to_figure: (past_armour - natural.max(0)).max(0),
    }
}

/// "Critical": the hit points a critical of `effect` takes when `through`
/// got past every armour, from a figure at `hp`. Only the damage that got
/// through is multiplied (rounded down, docs/RULINGS.md); a Death Blow
/// leaves the figure at -1 HP, or less if four times the damage would, so
/// long as one point got through ("even if only one point": none, nothing).
pub fn critical_damage(critical: Critical, effect: &CriticalEffect, through: i32, hp: i32) -> i32 {
    if through <= 0 {
        return 0;
    }
    let multiplied = through * i32::from(effect.times_half) / 2;
    if critical == Critical::DeathBlow {
        multiplied.max(hp + 1)
    } else {
        multiplied
    }
}

/// "Pierce (P)": pierce damage from one source that gets through armour at
/// all has this percentage chance of a critical, even when the strike was
/// no critical.
pub const PIERCE_CRITICAL_CHANCE: u8 = 25;

/// "Pierce (P)": a hand-to-hand weapon doing pierce damage alone gives +3 to
/// any defence against it (not bows, not weapons mixing pierce with others).
pub const PIERCE_ONLY_DEFENCE: i32 = 3;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::landofkarn::rules::tables::tables;

    /// "Armor And Clothing" example: chop 1 (4), a small axe for 3 under the
    /// COV: 2 get through and the armour takes all 3.
    #[test]
    fn armor_and_clothing_salemath_small_axe() {
        let t = through_armour(3, Total::Of(9), 14, Some(Rating(1, 4)), 0);
        assert!(t.armour_struck);
        assert_eq!((t.past_armour, t.to_armour, t.to_figure), (2, 3, 2));
    }

    /// "Armor And Clothing" example: cut 6 (3), 5 points: none get through and
    /// the armour takes only 3.
    #[test]
    fn armor_and_clothing_chip_cut_six_three() {
        let t = through_armour(5, Total::Of(9), 14, Some(Rating(6, 3)), 0);
        assert_eq!((t.past_armour, t.to_armour), (0, 3));
    }

    /// "Armor And Clothing" example: crush 3 (1), a hammer for 15: 12 past
    /// the armour, natural armour 3 leaves 9.
    #[test]
    fn armor_and_clothing_hammer_and_natural_armour() {
        let t = through_armour(15, Total::Of(9), 14, Some(Rating(3, 1)), 3);
        assert_eq!((t.past_armour, t.to_armour, t.to_figure), (12, 1, 9));
    }

    /// "Armor And Clothing": a strike over the COV misses the armour; a
    /// natural 20 (infinity) always does.
    #[test]
    fn armor_and_clothing_over_cov_misses_the_armour() {
        let t = through_armour(5, Total::Of(15), 14, Some(Rating(6, 3)), 0);
        assert!(!t.armour_struck);
        assert_eq!(t.to_figure, 5);
        assert!(!through_armour(5, Total::Inf, 24, Some(Rating(6, 3)), 0).armour_struck);
        assert!(through_armour(5, Total::Of(14), 14, Some(Rating(6, 3)), 0).armour_struck);
    }

    /// "Pierce (P)" examples: an arrow for 4, armour 2, natural 1: 1 point
    /// through; a critical Internal Injuries (x3) makes it 3.
    #[test]
    fn pierce_arrow_example_and_its_critical() {
        let t = through_armour(4, Total::Of(8), 14, Some(Rating(2, 5)), 1);
        assert_eq!(t.to_figure, 1);
        let c = &tables().critical;
        let internal = c.effect(Critical::Internal);
        assert_eq!(
            critical_damage(Critical::Internal, internal, t.to_figure, 20),
            3
        );
    }

    /// "Critical": x1.5 rounds down; a Death Blow leaves -1 HP or less.
    #[test]
    fn critical_multipliers_and_death_blow() {
        let c = &tables().critical;
        let surface = c.effect(Critical::Surface);
        assert_eq!(critical_damage(Critical::Surface, surface, 5, 30), 7);
        let death = c.effect(Critical::DeathBlow);
        assert_eq!(critical_damage(Critical::DeathBlow, death, 1, 30), 31);
        assert_eq!(critical_damage(Critical::DeathBlow, death, 10, 30), 40);
        assert_eq!(critical_damage(Critical::DeathBlow, death, 0, 30), 0);
        let deep = c.effect(Critical::DeepTissue);
        assert_eq!(critical_damage(Critical::DeepTissue, deep, 4, 30), 8);
    }
}
