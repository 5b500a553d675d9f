//! Test fixtures shared by the strike tests and the odds tests: a plain
//! striker and an unarmoured target.

use super::{Scores, Striker, Target};
use crate::rulesets::shakhan::rules::character::CombatFactor;
use crate::rulesets::shakhan::rules::tables::weapons::WeaponKind;
use crate::rulesets::shakhan::rules::{BodyForm, Card, Quality};

/// Arlos with a Good short sword (2D6, A 0) and Strength 11 (no modifier):
/// every penetration roll of his is unmodified.
pub(crate) fn arlos(cf: i32, card: Card) -> Striker {
    Striker {
        name: "Arlos".into(),
        cf: CombatFactor(cf),
        card,
        weapon: WeaponKind::ShortSword,
        quality: Quality::Good,
        level: 1,
        die_choice: 0,
        strength: 11,
        dexterity: 14.0,
        martial_arts_level: 0,
        to_hit_bonus: 0,
        damage_factor: 1.0,
    }
}

/// Bailor, a bipedal humanoid with no armour.
pub(crate) fn bailor(cf: i32, card: Card) -> Target {
    Target {
        name: "Bailor".into(),
        cf: CombatFactor(cf),
        card,
        body_form: BodyForm::BipedalHumanoid,
        apv: [0; 6],
        armour: [None; 6],
        shield: None,
        mid_action: None,
        prone_or_helpless: false,
        dodge: None,
        male: true,
        scores: Scores::default(),
    }
}
