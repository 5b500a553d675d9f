//! Shakhàn 16.13.7–16.13.13: poison, extreme temperatures, high-speed impact,
//! acid, oxygen deprivation and radioactivity (`assets/shakhan/hazards.ron`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::character::total_map;
use super::{RangeTable, TableError, invalid, parse};
use crate::dice::{DiceExpr, FlatDice, Percentile};

const FILE: &str = "hazards.ron";

/// A delay or duration in game time, as the hazard tables give them.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum GameTime {
    Instantly,
    /// Melee Rounds (5 seconds).
    Rounds(DiceExpr),
    Minutes(DiceExpr),
    Hours(DiceExpr),
    Days(DiceExpr),
}

/// Shakhàn 16.13.7: what failing a poison row's Saving Throw does.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum PoisonFailure {
    /// Falls asleep for this long.
    Sleep(GameTime),
    /// Paralysed in all four limbs for this long.
    Paralysis(GameTime),
    /// Dies after this long.
    Death(GameTime),
}

/// Shakhàn 16.13.7: a row's further effect beyond pain and damage.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PoisonEffect {
    /// The Saving Throw is (Constitution + Willpower) × this DMod; `None`: no
    /// Saving Throw at all (intensity 15).
    #[serde(default)]
    pub save_dmod: Option<f64>,
    pub on_failure: PoisonFailure,
    /// Intensity 0 only: a sleeping poison, instead of the pain (the poison's
    /// own description says which kind it is).
    #[serde(default)]
    pub instead_of_pain: bool,
}

/// Shakhàn 16.13.7 Poison Effects Chart: one intensity level, applied when the
/// victim fails to resist (by default Constitution × 3 DMod).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PoisonRow {
    /// Pain points.
    pub pain: DiceExpr,
    /// Body damage points; `None` at intensity 0 ("no actual damage").
    #[serde(default)]
    pub body_damage: Option<DiceExpr>,
    #[serde(default)]
    pub effect: Option<PoisonEffect>,
}

/// Shakhàn 16.13.8: an example agency of one temperature Intensity Level.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TemperatureExample {
    pub level: u32,
    pub heat: String,
    pub cold: String,
}

/// Shakhàn 16.13.8 Extreme Temperatures.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TemperatureRules {
    /// Body damage per Intensity Level.
    pub damage_per_level: DiceExpr,
    /// A passed Saving Throw, (Agility + Constitution) × this DMod unless the
    /// agency gives its own, halves the damage.
    pub half_damage_save_dmod: f64,
    /// Referee's option, normally used: one (Agility + Constitution) × this
    /// DMod check per `levels_per_critical_check` levels or part, or a critical
    /// hit to a random body area.
    pub critical_check_dmod: f64,
    pub levels_per_critical_check: u32,
    examples: Vec<TemperatureExample>,
}

/// Shakhàn 16.13.9 High-Speed Impact (speeds in km/h).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImpactRules {
    pub start_kmh: u32,
    pub gain_kmh_per_second: u32,
    pub max_kmh: u32,
    /// Body damage per `damage_step_kmh` of speed at impact.
    pub damage_per_step: DiceExpr,
    pub damage_step_kmh: u32,
    /// One (Agility + Constitution) × this DMod check per `kmh_per_critical_check`
    /// km/h or part, or a concussive critical hit to a random body area.
    pub critical_check_dmod: f64,
    pub kmh_per_critical_check: u32,
}

/// Shakhàn 16.13.10: how the acid reaches the victim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum AcidExposure {
    /// A spray, jet or cloud striking bare flesh (a dodge avoids it).
    Splash,
    Immersion,
}

/// Shakhàn 16.13.10: one kind of acid exposure.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AcidRow {
    /// Body damage per Melee Round per current Intensity Level.
    pub damage_per_intensity: DiceExpr,
    /// Rounds the acid keeps working, losing one Intensity Level each round.
    pub duration_rounds: DiceExpr,
    /// Per-cent chance some reaches the eyes.
    pub eye_chance: u8,
}

/// Shakhàn 16.13.10: how many eyes the acid reaches (1D10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EyesHit {
    One,
    Two,
    /// Every eye, for creatures with more than two.
    All,
}

/// Shakhàn 16.13.10 Acid / Corrosives (exposures besides).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AcidRules {
    /// Intensity Levels lost per Melee Round.
    pub intensity_loss_per_round: u32,
    /// 1D10 at or under this: one eye...
    pub one_eye_max: u32,
    /// ...at or under this: two eyes; above: all of them.
    pub two_eyes_max: u32,
    /// Eyes reached are blinded, in pain, after this many rounds unless washed.
    pub blindness_after_rounds: DiceExpr,
    /// Metal items: a composition factor × this DMod save or drop a quality class.
    pub metal_save_dmod: f64,
    /// Other items are at risk if Intensity × this exceeds their composition factor...
    pub nonmetal_intensity_factor: u32,
    /// ...and then a composition factor × this DMod save or are ruined.
    pub nonmetal_save_dmod: f64,
}

/// Shakhàn 16.13.11 Deprivation of Oxygen.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OxygenRules {
    /// To stay conscious: (Willpower + Constitution) × this DMod, first round.
    pub first_dmod: f64,
    /// The DMod falls by one every this many rounds...
    pub rounds_per_step: u32,
    /// ...or every this many while violently exerting.
    pub exerting_rounds_per_step: u32,
    /// Once the DMod is down to this, each further step halves it instead.
    pub halving_from: f64,
    /// Unconscious and still airless: rounds without harm...
    pub grace_rounds: DiceExpr,
    /// ...then Intelligence lost per round, permanently; dead at 0.
    pub intelligence_loss_per_round: DiceExpr,
    /// Referee's option: DMod added to revival checks while comrades help.
    pub aided_revival_bonus: (u32, u32),
}

/// Shakhàn 16.13.13: what lies between a radiation source and its victim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Shielding {
    Air,
    Water,
    /// Paper, cloth, leather, glass, vegetation.
    LightMaterial,
    Wood,
    /// Sand, clay, loam, loose earth.
    LooseEarth,
    /// Less dense metals (tin) or stone (sandstone).
    LightMetalOrStone,
    /// Dense metals (lead) or stone (granite).
    DenseMetalOrStone,
}

impl Shielding {
    pub const ALL: [Shielding; 7] = [
        Shielding::Air,
        Shielding::Water,
        Shielding::LightMaterial,
        Shielding::Wood,
        Shielding::LooseEarth,
        Shielding::LightMetalOrStone,
        Shielding::DenseMetalOrStone,
    ];
}

/// Shakhàn 16.13.13: visible signs of radiation sickness.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RadiationSymptom {
    Unease,
    Headache,
    Nausea,
    HairThinning,
    HairGone,
    /// Sores on gums and skin.
    Sores,
    /// Barely able to walk.
    Weakness,
    /// The skin starts to dissolve.
    SkinDissolving,
}

/// Shakhàn 16.13.13: what a survivor of a death chance suffers instead.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum RadiationAftermath {
    MajorNervousDisorders(DiceExpr),
    IntelligenceLoss(DiceExpr),
}

/// Shakhàn 16.13.13: one secondary effect of radiation.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub enum RadiationEffect {
    Symptom(RadiationSymptom),
    /// The Fatigue Point Reserve is multiplied by this.
    FatigueReserveFactor(f64),
    /// Per-cent chance of sterility.
    Sterility(u8),
    /// Per-cent chance of insanity (this many Mental Defects) after a delay.
    Insanity {
        chance: u8,
        mental_defects: DiceExpr,
        after: GameTime,
    },
    /// Fall unconscious unless a (Constitution + Willpower) × DMod check passes.
    UnconsciousUnlessCheck(f64),
    /// Per-cent chance of death after a delay, even if exposure ends.
    Death {
        chance: u8,
        after: GameTime,
        #[serde(default)]
        otherwise: Option<RadiationAftermath>,
    },
}

/// Shakhàn 16.13.13: the effects of one band of per cent of BDR lost.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RadiationBand {
    pub effects: Vec<RadiationEffect>,
}

/// Shakhàn 16.13.7–16.13.13 hazard tables, validated.
#[derive(Debug)]
pub struct HazardTables {
    /// 16.13.7: the default check to resist a poison, Constitution × this DMod.
    pub poison_resist_dmod: f64,
    poison: Vec<PoisonRow>,
    /// 16.13.8.
    pub temperature: TemperatureRules,
    /// 16.13.8, 16.13.10: per-cent chance that BDR lost to heat, cold or acid
    /// never regenerates without magic or Divine Intervention.
    pub permanent_damage_chance: u8,
    /// 16.13.9.
    pub impact: ImpactRules,
    acid: BTreeMap<AcidExposure, AcidRow>,
    /// 16.13.10.
    pub acid_rules: AcidRules,
    /// 16.13.11.
    pub oxygen: OxygenRules,
    /// 16.13.13: body damage per game minute at full strength.
    pub radiation_damage_per_minute: DiceExpr,
    radiation: RangeTable<RadiationBand>,
    abatement: BTreeMap<Shielding, i32>,
}

impl HazardTables {
    /// Shakhàn 16.13.7 Poison Effects Chart, intensity 0–15 (higher is read as 15).
    pub fn poison(&self, intensity: u32) -> &PoisonRow {
        &self.poison[(intensity as usize).min(self.poison.len() - 1)]
    }

    /// Shakhàn 16.13.8: body damage at an Intensity Level (1D6 per level).
    pub fn temperature_damage(&self, level: u32) -> FlatDice {
        times(&self.temperature.damage_per_level, level)
    }

    /// Shakhàn 16.13.8: critical-hit checks, one per 5 levels or part.
    pub fn temperature_critical_checks(&self, level: u32) -> u32 {
        level.div_ceil(self.temperature.levels_per_critical_check)
    }

    /// Shakhàn 16.13.8: the example agencies of a level (10 stands for 10+).
    pub fn temperature_example(&self, level: u32) -> Option<&TemperatureExample> {
        let top = self.temperature.examples.last()?.level;
        let level = level.min(top);
        self.temperature.examples.iter().find(|e| e.level == level)
    }

    /// Shakhàn 16.13.9: speed after falling `seconds` seconds.
    pub fn fall_speed(&self, seconds: u32) -> u32 {
        let i = &self.impact;
        (i.start_kmh + seconds * i.gain_kmh_per_second).min(i.max_kmh)
    }

    /// Shakhàn 16.13.9: body damage on impact, 1D3 per 10 km/h (to the nearest step).
    pub fn impact_damage(&self, kmh: u32) -> FlatDice {
        let step = self.impact.damage_step_kmh;
        times(&self.impact.damage_per_step, (kmh + step / 2) / step)
    }

    /// Shakhàn 16.13.9: critical-hit checks, one per 30 km/h or part.
    pub fn impact_critical_checks(&self, kmh: u32) -> u32 {
        kmh.div_ceil(self.impact.kmh_per_critical_check)
    }

    /// Shakhàn 16.13.10: one kind of acid exposure.
    pub fn acid(&self, exposure: AcidExposure) -> &AcidRow {
        &self.acid[&exposure]
    }

    /// Shakhàn 16.13.10: this round's body damage at the acid's current intensity.
    pub fn acid_damage(&self, exposure: AcidExposure, intensity: u32) -> FlatDice {
        times(&self.acid(exposure).damage_per_intensity, intensity)
    }

    /// Shakhàn 16.13.10: the eyes reached, from a 1D10 roll.
    pub fn acid_eyes(&self, d10: u32) -> EyesHit {
        let r = &self.acid_rules;
        if d10 <= r.one_eye_max {
            EyesHit::One
        } else if d10 <= r.two_eyes_max {
            EyesHit::Two
        } else {
            EyesHit::All
        }
    }

    /// Shakhàn 16.13.11: the DMod of the (Willpower + Constitution) check to
    /// stay conscious in the `round`-th round (1-based) without air.
    pub fn oxygen_dmod(&self, round: u32, exerting: bool) -> f64 {
        let o = &self.oxygen;
        let per = if exerting {
            o.exerting_rounds_per_step
        } else {
            o.rounds_per_step
        };
        let mut dmod = o.first_dmod;
        for _ in 0..round.saturating_sub(1) / per {
            dmod = if dmod > o.halving_from {
                dmod - 1.0
            } else {
                dmod / 2.0
            };
        }
        dmod
    }

    /// Shakhàn 16.13.13: the secondary effects at this per cent of BDR lost.
    pub fn radiation_effect(&self, percent_lost: Percentile) -> &RadiationBand {
        self.radiation.get(percent_lost).1
    }

    /// Shakhàn 16.13.13: the 2D6 modifier per metre of a substance.
    pub fn abatement(&self, s: Shielding) -> i32 {
        self.abatement[&s]
    }

    /// Shakhàn 16.13.13: the damage roll per game minute through `metres` of
    /// each substance (a total below 0 does no damage).
    pub fn radiation_damage(&self, between: &[(Shielding, u32)]) -> FlatDice {
        let mut dice = self.radiation_damage_per_minute.resolve(1, 0);
        for (s, metres) in between {
            dice.modifier += self.abatement(*s) * *metres as i32;
        }
        dice
    }
}

/// `n` times the dice of a one-step expression (e.g. 3 × 1D6 = 3D6).
fn times(expr: &DiceExpr, n: u32) -> FlatDice {
    let one = expr.resolve(1, 0);
    FlatDice {
        count: one.count * n,
        sides: one.sides,
        modifier: one.modifier * n as i32,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    poison_resist_dmod: f64,
    poison: Vec<(u32, PoisonRow)>,
    temperature: TemperatureRules,
    permanent_damage_chance: u8,
    impact: ImpactRules,
    acid: Vec<(AcidExposure, AcidRow)>,
    acid_rules: AcidRules,
    oxygen: OxygenRules,
    radiation_damage_per_minute: DiceExpr,
    radiation: RangeTable<RadiationBand>,
    abatement: Vec<(Shielding, i32)>,
}

pub(super) fn load() -> Result<HazardTables, TableError> {
    from_text(include_str!("../../../../../assets/shakhan/hazards.ron"))
}

fn from_text(text: &str) -> Result<HazardTables, TableError> {
    let raw: Raw = parse(FILE, text)?;
    if raw.poison.len() != 16 {
        return Err(invalid(FILE, "poison: need intensities 0 to 15"));
    }
    if let Some((i, (n, _))) = raw
        .poison
        .iter()
        .enumerate()
        .find(|(i, (n, _))| *n as usize != *i)
    {
        return Err(invalid(FILE, format!("poison: row {i} is intensity {n}")));
    }
    let poison = raw.poison.into_iter().map(|(_, row)| row).collect();
    let examples = &raw.temperature.examples;
    if examples
        .iter()
        .enumerate()
        .any(|(i, e)| e.level as usize != i + 1)
    {
        return Err(invalid(
            FILE,
            "temperature.examples: need levels 1, 2, 3, … in order",
        ));
    }
    if raw.temperature.levels_per_critical_check == 0
        || raw.impact.kmh_per_critical_check == 0
        || raw.impact.damage_step_kmh == 0
    {
        return Err(invalid(FILE, "a per-step divisor is 0"));
    }
    let one_step = [
        &raw.temperature.damage_per_level,
        &raw.impact.damage_per_step,
        &raw.radiation_damage_per_minute,
    ];
    if one_step.iter().any(|d| d.flat().is_none()) {
        return Err(invalid(
            FILE,
            "damage dice must be plain (no pl/pm, no choice)",
        ));
    }
    let acid = total_map(
        FILE,
        "acid",
        raw.acid,
        &[AcidExposure::Splash, AcidExposure::Immersion],
    )?;
    if acid
        .values()
        .any(|a| a.damage_per_intensity.flat().is_none())
    {
        return Err(invalid(FILE, "acid: damage dice must be plain"));
    }
    let r = &raw.acid_rules;
    if !(1 <= r.one_eye_max && r.one_eye_max <= r.two_eyes_max && r.two_eyes_max <= 10) {
        return Err(invalid(
            FILE,
            "acid_rules: need 1 <= one_eye_max <= two_eyes_max <= 10",
        ));
    }
    let o = &raw.oxygen;
    if o.rounds_per_step == 0 || o.exerting_rounds_per_step == 0 {
        return Err(invalid(FILE, "oxygen: rounds per step must be at least 1"));
    }
    let abatement = total_map(FILE, "abatement", raw.abatement, &Shielding::ALL)?;
    Ok(HazardTables {
        poison_resist_dmod: raw.poison_resist_dmod,
        poison,
        temperature: raw.temperature,
        permanent_damage_chance: raw.permanent_damage_chance,
        impact: raw.impact,
        acid,
        acid_rules: raw.acid_rules,
        oxygen: raw.oxygen,
        radiation_damage_per_minute: raw.radiation_damage_per_minute,
        radiation: raw.radiation,
        abatement,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t() -> HazardTables {
        load().unwrap_or_else(|e| panic!("{e}"))
    }

    fn d(s: &str) -> DiceExpr {
        s.parse().unwrap()
    }

    fn p(v: u8) -> Percentile {
        Percentile::new(v).unwrap()
    }

    #[test]
    fn poison_16_13_7_pain_and_damage_every_row() {
        let t = t();
        let expected = [
            ("1D3", None),
            ("1D3", Some("1D4")),
            ("1D4", Some("1D6")),
            ("1D6", Some("1D8")),
            ("1D8", Some("1D10")),
            ("1D10", Some("1D12")),
            ("1D12", Some("1D20")),
            ("1D12+1", Some("1D20+1")),
            ("1D12+1", Some("1D20+2")),
            ("1D12+2", Some("1D20+3")),
            ("1D12+3", Some("1D20+4")),
            ("1D12+4", Some("1D20+5")),
            ("1D12+5", Some("1D20+5")),
            ("1D12+5", Some("1D20+5")),
            ("1D12+5", Some("1D20+5")),
            ("1D12+5", Some("1D20+5")),
        ];
        for (i, (pain, damage)) in expected.into_iter().enumerate() {
            let row = t.poison(i as u32);
            assert_eq!(row.pain, d(pain), "intensity {i}");
            assert_eq!(row.body_damage, damage.map(d), "intensity {i}");
        }
        assert_eq!(t.poison(99), t.poison(15));
        assert_eq!(t.poison_resist_dmod, 3.0);
    }

    #[test]
    fn poison_16_13_7_saving_throws_and_effects() {
        use GameTime::*;
        use PoisonFailure::*;
        let t = t();
        let expected = [
            (0, Some(3.0), Sleep(Minutes(d("1D10")))),
            (5, Some(3.0), Paralysis(Hours(d("1D20")))),
            (6, Some(3.0), Death(Days(d("1D3")))),
            (7, Some(3.0), Death(Minutes(d("1D100")))),
            (8, Some(2.0), Death(Minutes(d("1D20")))),
            (9, Some(1.0), Death(Rounds(d("1D20")))),
            (10, Some(0.5), Death(Rounds(d("1D6")))),
            (11, Some(0.4), Death(Rounds(d("1D4")))),
            (12, Some(0.3), Death(Rounds(d("1D3")))),
            (13, Some(0.2), Death(Rounds(d("1")))),
            (14, Some(0.1), Death(Instantly)),
            (15, None, Death(Instantly)),
        ];
        for (i, save, failure) in expected {
            let e = t.poison(i).effect.as_ref().unwrap();
            assert_eq!(e.save_dmod, save, "intensity {i}");
            assert_eq!(e.on_failure, failure, "intensity {i}");
            assert_eq!(e.instead_of_pain, i == 0, "intensity {i}");
        }
        for i in 1..=4 {
            assert_eq!(t.poison(i).effect, None, "intensity {i}");
        }
    }

    #[test]
    fn temperature_16_13_8_example_level_7_needs_two_checks() {
        let t = t();
        assert_eq!(t.temperature_damage(7).to_string(), "7D6");
        assert_eq!(t.temperature_critical_checks(7), 2);
        assert_eq!(t.temperature_critical_checks(5), 1);
        assert_eq!(t.temperature_critical_checks(11), 3);
        assert_eq!(t.temperature.critical_check_dmod, 1.5);
        assert_eq!(t.permanent_damage_chance, 50);
        assert_eq!(t.temperature_example(1).unwrap().level, 1);
        assert_eq!(t.temperature_example(12).unwrap().level, 10);
        assert!(t.temperature_example(9).unwrap().heat.contains("dragon"));
        assert!(t.temperature_example(0).is_none());
    }

    #[test]
    fn impact_16_13_9_examples() {
        let t = t();
        assert_eq!(t.fall_speed(0), 10);
        assert_eq!(t.fall_speed(2), 30);
        // 150 km/h after 14 seconds, and no faster.
        assert_eq!(t.fall_speed(14), 150);
        assert_eq!(t.fall_speed(60), 150);
        // 30 km/h: 3D3; 40 km/h: two checks.
        assert_eq!(t.impact_damage(30).to_string(), "3D3");
        assert_eq!(t.impact_critical_checks(30), 1);
        assert_eq!(t.impact_critical_checks(40), 2);
        assert_eq!(t.impact.critical_check_dmod, 1.5);
    }

    #[test]
    fn acid_16_13_10() {
        let t = t();
        let splash = t.acid(AcidExposure::Splash);
        assert_eq!(
            (splash.duration_rounds.to_string(), splash.eye_chance),
            ("1D6".into(), 30)
        );
        let bath = t.acid(AcidExposure::Immersion);
        assert_eq!(
            (bath.duration_rounds.to_string(), bath.eye_chance),
            ("2D6".into(), 90)
        );
        assert_eq!(t.acid_damage(AcidExposure::Splash, 3).to_string(), "3D4");
        assert_eq!(t.acid_damage(AcidExposure::Immersion, 3).to_string(), "3D6");
        let eyes: Vec<EyesHit> = (1..=10).map(|r| t.acid_eyes(r)).collect();
        assert_eq!(eyes[..6], [EyesHit::One; 6]);
        assert_eq!(eyes[6..9], [EyesHit::Two; 3]);
        assert_eq!(eyes[9], EyesHit::All);
        let r = &t.acid_rules;
        assert_eq!(r.intensity_loss_per_round, 1);
        assert_eq!(r.blindness_after_rounds.to_string(), "2D6");
        assert_eq!((r.metal_save_dmod, r.nonmetal_save_dmod), (0.5, 1.0));
        assert_eq!(r.nonmetal_intensity_factor, 10);
    }

    #[test]
    fn oxygen_16_13_11_dmod_schedule() {
        let t = t();
        let calm: Vec<f64> = (1..=14).map(|r| t.oxygen_dmod(r, false)).collect();
        assert_eq!(
            calm,
            [
                6.0, 6.0, 5.0, 5.0, 4.0, 4.0, 3.0, 3.0, 2.0, 2.0, 1.0, 1.0, 0.5, 0.5
            ]
        );
        let exerting: Vec<f64> = (1..=8).map(|r| t.oxygen_dmod(r, true)).collect();
        assert_eq!(exerting, [6.0, 5.0, 4.0, 3.0, 2.0, 1.0, 0.5, 0.25]);
        let o = &t.oxygen;
        assert_eq!(o.grace_rounds.to_string(), "1D4");
        assert_eq!(o.intelligence_loss_per_round.to_string(), "1D3");
        assert_eq!(o.aided_revival_bonus, (1, 3));
    }

    #[test]
    fn radiation_16_13_13_bands() {
        use GameTime::*;
        use RadiationEffect::*;
        let t = t();
        assert_eq!(t.radiation_damage_per_minute.to_string(), "2D6");
        let fx = |v| &t.radiation_effect(p(v)).effects;
        let unease = [RadiationSymptom::Unease, RadiationSymptom::Headache].map(Symptom);
        assert_eq!(fx(1), &unease);
        assert_eq!(fx(10), fx(1));
        assert!(fx(11).contains(&FatigueReserveFactor(0.5)));
        assert!(fx(40).contains(&FatigueReserveFactor(0.5)));
        assert!(fx(41).contains(&Sterility(90)));
        assert!(fx(61).contains(&Insanity {
            chance: 60,
            mental_defects: d("1D3"),
            after: Days(d("1D8"))
        }));
        assert!(fx(85).contains(&UnconsciousUnlessCheck(2.0)));
        assert!(fx(90).contains(&Death {
            chance: 70,
            after: Days(d("1D6")),
            otherwise: None
        }));
        assert!(fx(91).contains(&Death {
            chance: 80,
            after: Days(d("1D4")),
            otherwise: Some(RadiationAftermath::MajorNervousDisorders(d("1D6")))
        }));
        assert!(fx(99).contains(&Death {
            chance: 90,
            after: Hours(d("2D12")),
            otherwise: Some(RadiationAftermath::IntelligenceLoss(d("1D12")))
        }));
        assert_eq!(
            fx(100),
            &[Death {
                chance: 100,
                after: Minutes(d("1D6")),
                otherwise: None
            }]
        );
    }

    #[test]
    fn radiation_abatement_16_13_13() {
        let t = t();
        let expected = [
            (Shielding::Air, 0),
            (Shielding::Water, -1),
            (Shielding::LightMaterial, -2),
            (Shielding::Wood, -3),
            (Shielding::LooseEarth, -4),
            (Shielding::LightMetalOrStone, -5),
            (Shielding::DenseMetalOrStone, -6),
        ];
        for (s, m) in expected {
            assert_eq!(t.abatement(s), m, "{s:?}");
        }
        let through = [
            (Shielding::Air, 10),
            (Shielding::Wood, 1),
            (Shielding::Water, 2),
        ];
        assert_eq!(t.radiation_damage(&through).to_string(), "2D6-5");
    }

    #[test]
    fn broken_copies_are_refused_with_a_message() {
        let text = include_str!("../../../../../assets/shakhan/hazards.ron");
        let gap = text.replace("((91, 95),", "((92, 95),");
        let err = from_text(&gap).unwrap_err().to_string();
        assert!(err.contains("leave 91 uncovered"), "{err}");
        let shuffled = text.replace("(9, (", "(19, (");
        let err = from_text(&shuffled).unwrap_err().to_string();
        assert!(err.contains("poison: row 9 is intensity 19"), "{err}");
    }
}
