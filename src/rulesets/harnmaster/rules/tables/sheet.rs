//! The numbers the HârnMaster cheat sheet states outright, transcribed in
//! `assets/harnmaster/sheet.ron` with the sheet's line for each.

use std::sync::OnceLock;

use serde::Deserialize;

use crate::rulesets::harnmaster::rules::terms::Aim;

/// The sheet's numbers, typed.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    aim: Vec<(Aim, i32)>,
    pub outnumbered: i32,
    pub prone_opponent: i32,
    pub physical_penalty_scale: i32,
    pub large_target: i32,
    pub small_or_prone_target: i32,
    pub shooter_moving: i32,
    pub shooter_mounted: i32,
    pub stray_chance: u8,
    pub kill_shock_extra: u8,
    pub amputation_weight_divisor: u32,
    pub amputation_shock_severed: u8,
    pub amputation_shock_kept: u8,
    pub amputation_bleeding: u8,
    pub blood_loss_death_multiple: u32,
    pub limb_unusable_over: u32,
    pub endurance_index_divisor: u32,
    pub revival_dice: u8,
    pub revival_attempt: u32,
    pub shock_dice: u8,
    pub weapon_damage_dice: u8,
    pub weapon_damage_dice_enchanted: u8,
    pub rise_dice: u8,
    pub rise_dice_difficult: u8,
    pub engage_divisor: u32,
    pub hex_divisor: u32,
    pub turns_a_minute: u32,
    pub least_fatigue_rate: u32,
    pub rest_divisor: u32,
}

impl Sheet {
    /// Sheet l.38: what aiming at `aim` does to the EML.
    pub fn aim(&self, aim: Aim) -> i32 {
        self.aim
            .iter()
            .find(|(a, _)| *a == aim)
            .map_or(0, |(_, m)| *m)
    }

    fn parse(text: &str) -> Result<Sheet, String> {
        let sheet: Sheet = ron::from_str(text).map_err(|e| format!("sheet.ron:{e}"))?;
        for aim in Aim::ALL {
            if sheet.aim.iter().filter(|(a, _)| *a == aim).count() != 1 {
                return Err(format!("sheet.ron: aim {aim:?} must be listed once"));
            }
        }
        if sheet.endurance_index_divisor == 0
            || sheet.amputation_weight_divisor == 0
            || sheet.engage_divisor == 0
            || sheet.hex_divisor == 0
            || sheet.turns_a_minute == 0
            || sheet.rest_divisor == 0
        {
            return Err("sheet.ron: a divisor is 0".into());
        }
        Ok(sheet)
    }
}

/// The sheet's numbers, loaded on first use; the `the_sheet_loads` test
/// proves they load, so this cannot fail in a built binary.
pub fn sheet() -> &'static Sheet {
    static SHEET: OnceLock<Sheet> = OnceLock::new();
    SHEET.get_or_init(|| {
        Sheet::parse(include_str!("../../../../../assets/harnmaster/sheet.ron"))
            .unwrap_or_else(|e| panic!("the embedded HârnMaster sheet is invalid: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sheet_loads() {
        let s = sheet();
        // l.38: -10 head/legs, -15 arms.
        assert_eq!(s.aim(Aim::Head), -10);
        assert_eq!(s.aim(Aim::Legs), -10);
        assert_eq!(s.aim(Aim::Arms), -15);
        assert_eq!(s.aim(Aim::Any), 0);
        // l.39, l.40
        assert_eq!((s.outnumbered, s.prone_opponent), (-10, 20));
        // l.135, l.139
        assert_eq!((s.limb_unusable_over, s.endurance_index_divisor), (15, 10));
    }

    #[test]
    fn a_sheet_missing_an_aim_is_refused() {
        let text =
            include_str!("../../../../../assets/harnmaster/sheet.ron").replace("(Arms, -15), ", "");
        assert!(Sheet::parse(&text).unwrap_err().contains("Arms"));
    }
}
