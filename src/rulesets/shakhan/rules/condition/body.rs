//! What crippling injuries do to a figure's factors (16.15.5–10, the limb notes
//! of 16.15.9–10, the lung's Combat Factor cut of 16.15.7).
//!
//! How the engine uses this mid-battle: it rebuilds the figure's
//! [`Character`](super::super::character::Character) with
//! `requisites = condition.effective_requisites(&sheet.requisites)`, runs
//! [`derive`](super::super::character::derive) again for CF, MA, TCA and Action
//! Points (ignoring `armour_problems`: armour already worn does not fall off),
//! and passes every CF it uses through [`Condition::cut_combat_factor`].

use serde::{Deserialize, Serialize};

use super::Condition;
use crate::rulesets::shakhan::rules::character::{CombatFactor, Requisites};
use crate::rulesets::shakhan::rules::tables::criticals::{LimbRule, Requisite};
use crate::rulesets::shakhan::rules::tables::tables;
use crate::rulesets::shakhan::rules::{BodyArea, BodyForm};

/// How many arms and legs a figure has (16.15.9–10 count unusable limbs as a
/// share of these).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limbs {
    pub arms: u8,
    pub legs: u8,
}

impl Limbs {
    /// The usual limbs of a body form: two arms where 16.15.3 gives the form an
    /// Arms area (forelegs, wings, claws, fins count as arms), two legs where it
    /// gives Legs, except a quadripedal humanoid's four legs, an insect's four
    /// besides its forelimbs, and a crustacean's eight (ruling).
    pub fn of(form: BodyForm) -> Self {
        let (arms, legs) = match form {
            BodyForm::Serpentine | BodyForm::Indistinct => (0, 0),
            BodyForm::WingedSerpent => (0, 2),
            BodyForm::QuadripedalHumanoid | BodyForm::Insect => (2, 4),
            BodyForm::Crustacean => (2, 8),
            BodyForm::BipedalHumanoid
            | BodyForm::QuadripedalAnimal
            | BodyForm::Avian
            | BodyForm::LeafyPlant
            | BodyForm::Tentacled
            | BodyForm::Rounded
            | BodyForm::Reptile
            | BodyForm::Aquatic
            | BodyForm::Other => (2, 2),
        };
        Limbs { arms, legs }
    }
}

/// The arms or legs table's limb rule (both have one; checked at load).
fn limb_rule(area: BodyArea) -> &'static LimbRule {
    tables()
        .criticals
        .table(area)
        .limb_rule()
        .expect("the arms and legs tables have a limb rule (checked at load)")
}

/// Round to the nearest whole number, halves away from zero (16.4 "nearest").
fn nearest(v: f64) -> i32 {
    v.round() as i32
}

impl Condition {
    /// The share of `requisite` left after every cut (each a per cent of the
    /// score as it then stood, so they multiply) and every unusable limb
    /// (16.15.9–10: in proportion to the limbs lost; the favoured arm halves
    /// Dexterity again).
    pub fn requisite_share(&self, requisite: Requisite) -> f64 {
        let cuts: f64 = self
            .requisite_cuts
            .iter()
            .filter(|c| c.requisite == requisite)
            .map(|c| share_after(c.percent))
            .product();
        cuts * self.limb_share(BodyArea::Arms, requisite)
            * self.limb_share(BodyArea::Legs, requisite)
    }

    /// 16.15.9–10: the share of `requisite` left by the unusable limbs of one
    /// kind. Which arm a critical strikes is not rolled (the wound does not say),
    /// so the favoured arm is taken to be the last to go.
    fn limb_share(&self, area: BodyArea, requisite: Requisite) -> f64 {
        let rule = limb_rule(area);
        if rule.reduces != requisite {
            return 1.0;
        }
        let (limbs, unusable) = match area {
            BodyArea::Arms => (self.limbs.arms, self.arms_unusable),
            _ => (self.limbs.legs, self.legs_unusable),
        };
        rule.remaining_share(limbs, unusable, unusable >= limbs)
    }

    /// The requisites the figure fights with now: Strength, Agility, Dexterity
    /// and Vision (Day and Night) cut by critical hits and unusable limbs,
    /// rounded to the nearest whole number. The others are untouched.
    pub fn effective_requisites(&self, base: &Requisites) -> Requisites {
        let cut = |score, r| self.effective_requisite(score, r);
        Requisites {
            strength: cut(base.strength, Requisite::Strength),
            agility: cut(base.agility, Requisite::Agility),
            dexterity: cut(base.dexterity, Requisite::Dexterity),
            vision: cut(base.vision, Requisite::Vision),
            night_vision: cut(base.night_vision, Requisite::Vision),
            ..*base
        }
    }

    /// One requisite, of base `score`, as in [`Condition::effective_requisites`].
    pub fn effective_requisite(&self, score: i32, requisite: Requisite) -> i32 {
        nearest(f64::from(score) * self.requisite_share(requisite))
    }

    /// The share of the Combat Factor left by 16.15.7's cuts (they multiply).
    pub fn combat_factor_share(&self) -> f64 {
        self.cf_cuts.iter().map(|p| share_after(*p)).product()
    }

    /// 16.15.7: a Combat Factor derived from the effective requisites, cut by
    /// the critical hits' per cents, to the nearest whole number.
    pub fn cut_combat_factor(&self, cf: CombatFactor) -> CombatFactor {
        CombatFactor(nearest(f64::from(cf.0) * self.combat_factor_share()))
    }

    /// 16.15.10: the DMod of this round's check against falling prone, once
    /// half or more of the legs are unusable.
    pub(super) fn prone_check_dmod(&self) -> Option<u8> {
        limb_rule(BodyArea::Legs).prone_check(self.limbs.legs, self.legs_unusable)
    }
}

/// What is left of 1 after losing `percent` per cent (never below 0).
fn share_after(percent: u32) -> f64 {
    1.0 - f64::from(percent.min(100)) / 100.0
}
