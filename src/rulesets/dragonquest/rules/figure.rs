//! DragonQuest 16, 24.1, 24.5, 25.1: the figures derived from a character's
//! sheet that every strike reads (what `check` will show).

use super::strike::{base_chance, strike_chance};
use super::tables::armour::{Armour, Shield};
use super::tables::weapons::Weapon;
use super::terms::{Rank, StrikeChance};

/// DragonQuest 16, 25.1: modified Agility — Agility less the armour's AG Loss
/// and the loss for weight carried (rule 156.9 is not in the text: the
/// scenario gives it). Never below 0.
pub fn modified_ag(ag: u8, armour: Option<&Armour>, carried_loss: u8) -> u8 {
    ag.saturating_sub(armour.map_or(0, |a| a.ag_loss))
        .saturating_sub(carried_loss)
}

/// DragonQuest 16, 24.5: modified Manual Dexterity — less the prepared
/// shield's MD Loss. Never below 0.
pub fn modified_md(md: u8, shield: Option<&Shield>) -> u8 {
    md.saturating_sub(shield.map_or(0, |s| s.md_loss))
}

/// DragonQuest 24.1, 27.2: a figure's Strike Chance with a weapon: its Base
/// Chance (less 5 a point of modified MD short of the minimum), and with a
/// Rank, modified MD and 4 a Rank on top.
pub fn weapon_strike_chance(weapon: &Weapon, modified_md: u8, rank: Option<Rank>) -> StrikeChance {
    strike_chance(
        base_chance(weapon, modified_md),
        rank.map(|r| (modified_md, r)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::dragonquest::rules::tables::tables;

    #[test]
    fn modified_ag_25_1_armour_and_carried_weight() {
        let t = &tables().armour;
        assert_eq!(modified_ag(15, t.armour("Scale"), 0), 12);
        assert_eq!(modified_ag(15, t.armour("Cloth"), 2), 13);
        assert_eq!(modified_ag(2, t.armour("Full Plate"), 1), 0);
        assert_eq!(modified_ag(15, None, 0), 15);
    }

    #[test]
    fn modified_md_24_5_shield_loss() {
        let t = &tables().armour;
        assert_eq!(modified_md(16, t.shield("Kite")), 12);
        assert_eq!(modified_md(16, t.shield("Buckler")), 16);
        assert_eq!(modified_md(16, None), 16);
    }

    /// A tulwar (BC 50, MD 15) at Rank 5 with MD 16 behind a small round shield
    /// (MD −1): MD 15 meets the minimum: 50 + 15 + 20 = 85; behind a kite
    /// (MD −4) MD 12 is 3 short: 50 − 15 + 12 + 20 = 67.
    #[test]
    fn weapon_strike_chance_24_1_with_the_shield_s_md_loss() {
        let t = tables();
        let tulwar = t.weapons.named("Tulwar").unwrap();
        let md = modified_md(16, t.armour.shield("Small Round"));
        assert_eq!(
            weapon_strike_chance(tulwar, md, Some(Rank(5))),
            StrikeChance(85)
        );
        let md = modified_md(16, t.armour.shield("Kite"));
        assert_eq!(
            weapon_strike_chance(tulwar, md, Some(Rank(5))),
            StrikeChance(67)
        );
        assert_eq!(weapon_strike_chance(tulwar, md, None), StrikeChance(35));
    }
}
