//! Shakhàn 16.9.6 Morale Checks, 16.13.3 Pain and 16.13.4 Bleeding
//! (`assets/shakhan/morale.ron`).
//!
//! Sign convention: the book lists combat modifiers as "−" for what steadies a
//! character and "+" for what unnerves, and a check passes on a d100 roll at or
//! under the Success Threshold. So a modifier is **subtracted from the
//! threshold** (equivalently, added to the roll): the final threshold is
//! Willpower × 5 − Σ modifiers, and it is this final threshold that the outcome
//! bands and the "more than twice the threshold" rule compare the roll with.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::character::{IntBands, Occupation, total_map};
use super::{TableError, invalid, parse};
use crate::dice::DiceExpr;

const FILE: &str = "morale.ron";

/// Shakhàn 16.9.6: creature kinds whose Willpower is approximated by dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CreatureKind {
    /// Ordinary higher animals: a bear, a lizard.
    HigherAnimal,
    /// The Brhà.
    Brha,
    /// Slimes, jellies, gaseous creatures.
    Slime,
    Insect,
    /// Plants and the Mêm-Uhùryo.
    Plant,
    Demon,
    OtherAnimal,
}

impl CreatureKind {
    pub const ALL: [CreatureKind; 7] = [
        CreatureKind::HigherAnimal,
        CreatureKind::Brha,
        CreatureKind::Slime,
        CreatureKind::Insect,
        CreatureKind::Plant,
        CreatureKind::Demon,
        CreatureKind::OtherAnimal,
    ];
}

/// Shakhàn 16.9.6: military grades (Strategic Telostician Campaign), army
/// warriors only; a grade is worth about three warrior Levels. Optional by the
/// players' agreement: a figure without a grade takes no grade modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MilitaryGrade {
    /// "High-Elite" or "Bodyguard".
    HighElite,
    Elite,
    Prime,
    Superior,
    Standard,
    /// "Militia" or "Civic Guard".
    Militia,
}

impl MilitaryGrade {
    pub const ALL: [MilitaryGrade; 6] = [
        MilitaryGrade::HighElite,
        MilitaryGrade::Elite,
        MilitaryGrade::Prime,
        MilitaryGrade::Superior,
        MilitaryGrade::Standard,
        MilitaryGrade::Militia,
    ];
}

/// Shakhàn 16.9.6: the fixed-value combat morale modifiers (levels, grades and
/// losses have their own functions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MoraleModifierId {
    /// A religious warrior devoted to one of the three Gods of War.
    WarGodWarrior,
    /// A regular or mercenary warrior.
    RegularWarrior,
    /// A servant, slave, peasant, child or other non-combatant.
    NonCombatant,
    /// Fighting a hated religious, ethnic or other foe.
    HatedFoe,
    FirstSeriousCombat,
    FightingBrhaOrMemUhuryo,
    /// Referee's call.
    OwnSideLosingBadly,
    /// Referee's call.
    OwnSideWinning,
    /// Ambushed or attacked suddenly without warning.
    Ambushed,
    /// In the dark, or otherwise unable to perceive the opposition.
    FightingInDark,
    /// Own side significantly better at magic.
    OwnBetterMagic,
    /// Other side significantly better at magic.
    OtherBetterMagic,
    /// Own side has a vision mode (e.g. infravision) the other lacks.
    OwnVisionMode,
    /// Own side arguing or divided.
    OwnSideArguing,
    /// Own side uses a light source in the dark; the other does not.
    OwnLightInDark,
}

impl MoraleModifierId {
    pub const ALL: [MoraleModifierId; 15] = [
        MoraleModifierId::WarGodWarrior,
        MoraleModifierId::RegularWarrior,
        MoraleModifierId::NonCombatant,
        MoraleModifierId::HatedFoe,
        MoraleModifierId::FirstSeriousCombat,
        MoraleModifierId::FightingBrhaOrMemUhuryo,
        MoraleModifierId::OwnSideLosingBadly,
        MoraleModifierId::OwnSideWinning,
        MoraleModifierId::Ambushed,
        MoraleModifierId::FightingInDark,
        MoraleModifierId::OwnBetterMagic,
        MoraleModifierId::OtherBetterMagic,
        MoraleModifierId::OwnVisionMode,
        MoraleModifierId::OwnSideArguing,
        MoraleModifierId::OwnLightInDark,
    ];
}

/// Shakhàn 16.9.6: the rows that say what kind of fighter the character is.
const OCCUPATION_ROWS: [MoraleModifierId; 3] = [
    MoraleModifierId::WarGodWarrior,
    MoraleModifierId::RegularWarrior,
    MoraleModifierId::NonCombatant,
];

/// Shakhàn 16.9.6: the results of a Morale Check, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MoraleOutcome {
    /// More than 30 under the threshold.
    FanaticallyDetermined,
    /// 21–30 under.
    Determined,
    /// At the threshold or up to 20 under.
    Steady,
    /// 1–10 over.
    Shaken,
    /// 11–20 over.
    PartlyDemoralized,
    /// 21–30 over.
    Demoralized,
    /// More than 30 over, or more than twice the threshold.
    CompletelyDemoralized,
}

impl MoraleOutcome {
    pub const ALL: [MoraleOutcome; 7] = [
        MoraleOutcome::FanaticallyDetermined,
        MoraleOutcome::Determined,
        MoraleOutcome::Steady,
        MoraleOutcome::Shaken,
        MoraleOutcome::PartlyDemoralized,
        MoraleOutcome::Demoralized,
        MoraleOutcome::CompletelyDemoralized,
    ];
}

/// Shakhàn 16.9.6: what a morale outcome makes the figure do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoraleBehaviour {
    /// Fights to the death if need be.
    FightsToTheDeath,
    /// Stays in the fight and obeys orders short of suicide.
    FightsOn,
    /// Edges away from the battle as unobtrusively as it can.
    EdgesAway,
    /// Runs in the apparently safest direction.
    Flees,
    /// Runs in terror; cornered, surrenders and begs for mercy.
    FleesInTerror,
}

/// Shakhàn 16.9.6: Morale Checks a good outcome excuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoraleExemption {
    None,
    /// The next check caused by the current melee.
    NextCheckThisMelee,
    /// Every further check caused by the current melee (not those caused by
    /// some other agency, such as a Demon appearing).
    AllChecksThisMelee,
}

/// Shakhàn 16.9.6: the consequences of one outcome.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleConsequence {
    pub behaviour: MoraleBehaviour,
    /// Game minutes the figure keeps running.
    #[serde(default)]
    pub flee_minutes: Option<DiceExpr>,
    /// Per-cent chance it later comes back to the scene (None: it never left).
    #[serde(default)]
    pub return_chance: Option<u8>,
    pub exemption: MoraleExemption,
}

/// Shakhàn 16.13.3: what a failed pain check does.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub enum PainFailure {
    /// The will breaks: concede, run away, talk or beg.
    Evade,
    /// Unconscious for this many game minutes.
    Unconscious(DiceExpr),
}

/// Shakhàn 16.13.3: a check made at the start of a Melee Round once the Pain
/// total reaches `at_fraction` of the Pain Reserve; it passes on a d100 roll at
/// or under original Willpower × `willpower_dmod`. The 16.9.6 combat modifiers
/// and outcome bands do not apply: it only passes or fails.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PainCheck {
    pub at_fraction: f64,
    pub willpower_dmod: f64,
    pub on_failure: PainFailure,
}

/// Shakhàn 16.13.3 Pain.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PainRules {
    /// Pain Reserve = Willpower × this (the usual value; a character sheet may
    /// give its own).
    pub reserve_per_willpower: f64,
    /// Pain points per Damage point, however inflicted.
    pub pain_per_damage: f64,
    checks: Vec<PainCheck>,
}

/// Shakhàn 16.13.4 Bleeding.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BleedingRules {
    /// Fatigue Points lost per Bleeding point, each round until stanched.
    pub fatigue_per_bleeding_point: f64,
    /// From the round the Fatigue Reserve is below this, and every round after,
    /// the figure must pass a check to stay conscious...
    pub unconscious_below_fatigue: f64,
    /// ...at Willpower × this DMod; failing it, it falls unconscious.
    pub conscious_willpower_dmod: f64,
    /// Unconscious and still bleeding: per-cent chance of death each game minute.
    pub death_chance_per_minute: u32,
    /// Melee Rounds in a game minute.
    pub rounds_per_minute: u32,
}

impl BleedingRules {
    /// Shakhàn 16.13.4: the chance of death in the `minute`-th game minute
    /// (1-based) unconscious; cumulative (15, 30, …) unless comrades attend.
    pub fn death_chance(&self, minute: u32, attended: bool) -> u32 {
        let steps = if attended { 1 } else { minute.max(1) };
        (steps * self.death_chance_per_minute).min(100)
    }
}

/// Shakhàn 16.9.6, 16.13.3, 16.13.4 morale tables, validated.
#[derive(Debug)]
pub struct MoraleTables {
    willpower_dmod: f64,
    creature_willpower: BTreeMap<CreatureKind, DiceExpr>,
    levels: LevelModifiers,
    modifiers: BTreeMap<MoraleModifierId, i32>,
    occupations: BTreeMap<Occupation, Option<MoraleModifierId>>,
    grades: BTreeMap<MilitaryGrade, i32>,
    losses: LossesModifier,
    outcomes: IntBands<MoraleOutcome>,
    completely_demoralized_multiple: i32,
    consequences: BTreeMap<MoraleOutcome, MoraleConsequence>,
    /// 16.13.3.
    pub pain: PainRules,
    /// 16.13.4.
    pub bleeding: BleedingRules,
}

/// 16.9.6: per primary and per other Experience Level.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct LevelModifiers {
    primary: f64,
    other: f64,
}

/// 16.9.6: +5 per 10 % of BDR and per 30 % of Fatigue Points lost.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct LossesModifier {
    bdr_percent: f64,
    fatigue_percent: f64,
    per_step: i32,
}

impl MoraleTables {
    /// Shakhàn 16.9.6: Willpower × 5, the threshold before modifiers.
    pub fn base_threshold(&self, willpower: i32) -> i32 {
        (f64::from(willpower) * self.willpower_dmod).round() as i32
    }

    /// Shakhàn 16.9.6: the final Success Threshold, the base less the sum of
    /// the modifiers (so the book's "−" entries raise it).
    pub fn final_threshold(&self, willpower: i32, modifier_total: i32) -> i32 {
        self.base_threshold(willpower) - modifier_total
    }

    /// Shakhàn 16.9.6: a creature's Willpower for morale, Level + these dice.
    pub fn creature_willpower(&self, kind: CreatureKind) -> &DiceExpr {
        &self.creature_willpower[&kind]
    }

    /// Shakhàn 16.9.6: −1 per primary Level (or creature Level), −0.5 per
    /// secondary and tertiary Level, the fraction dropped (toward zero).
    pub fn level_modifier(&self, primary: u32, others: &[u32]) -> i32 {
        let others: u32 = others.iter().sum();
        (f64::from(primary) * self.levels.primary + f64::from(others) * self.levels.other).trunc()
            as i32
    }

    /// Shakhàn 16.9.6: a fixed combat morale modifier.
    pub fn modifier(&self, id: MoraleModifierId) -> i32 {
        self.modifiers[&id]
    }

    /// Shakhàn 16.9.6: the row of the table a primary occupation takes (a
    /// war-god warrior, a regular or mercenary warrior, a non-combatant), if
    /// the table names one for it.
    pub fn occupation_row(&self, occupation: Occupation) -> Option<MoraleModifierId> {
        self.occupations[&occupation]
    }

    /// Shakhàn 16.9.6: an army warrior's grade modifier.
    pub fn military_grade(&self, grade: MilitaryGrade) -> i32 {
        self.grades[&grade]
    }

    /// Shakhàn 16.9.6: +5 for each full 10 % of BDR and each full 30 % of
    /// Fatigue Points lost against their normal maxima (cumulative).
    pub fn losses_modifier(&self, bdr_lost: f64, bdr_max: f64, fp_lost: f64, fp_max: f64) -> i32 {
        let steps = |lost: f64, max: f64, step: f64| {
            if max > 0.0 && lost > 0.0 {
                (lost * 100.0 / (max * step)).floor() as i32
            } else {
                0
            }
        };
        let n = steps(bdr_lost, bdr_max, self.losses.bdr_percent)
            + steps(fp_lost, fp_max, self.losses.fatigue_percent);
        n * self.losses.per_step
    }

    /// Shakhàn 16.9.6: the outcome of a d100 `roll` against the final threshold.
    pub fn outcome(&self, threshold: i32, roll: i32) -> MoraleOutcome {
        let over = roll.saturating_sub(threshold);
        if over > 0 && roll > threshold.saturating_mul(self.completely_demoralized_multiple) {
            return MoraleOutcome::CompletelyDemoralized;
        }
        *self.outcomes.get(over)
    }

    /// Shakhàn 16.9.6: what an outcome makes the figure do.
    pub fn consequences(&self, o: MoraleOutcome) -> &MoraleConsequence {
        &self.consequences[&o]
    }

    /// Shakhàn 16.13.3: the pain checks, lowest threshold first.
    pub fn pain_checks(&self) -> &[PainCheck] {
        &self.pain.checks
    }

    /// Shakhàn 16.13.3: the highest pain check a Pain total has reached, if any.
    pub fn pain_check(&self, pain: f64, reserve: f64) -> Option<&PainCheck> {
        self.pain
            .checks
            .iter()
            .rev()
            .find(|c| pain >= c.at_fraction * reserve)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    willpower_dmod: f64,
    creature_willpower: Vec<(CreatureKind, DiceExpr)>,
    levels: LevelModifiers,
    modifiers: Vec<(MoraleModifierId, i32)>,
    occupations: Vec<(Occupation, Option<MoraleModifierId>)>,
    military_grades: Vec<(MilitaryGrade, i32)>,
    losses: LossesModifier,
    outcomes: IntBands<MoraleOutcome>,
    completely_demoralized_multiple: i32,
    consequences: Vec<(MoraleOutcome, MoraleConsequence)>,
    pain: PainRules,
    bleeding: BleedingRules,
}

pub(super) fn load() -> Result<MoraleTables, TableError> {
    from_text(include_str!("../../../../../assets/shakhan/morale.ron"))
}

fn from_text(text: &str) -> Result<MoraleTables, TableError> {
    let raw: Raw = parse(FILE, text)?;
    let creature_willpower = total_map(
        FILE,
        "creature_willpower",
        raw.creature_willpower,
        &CreatureKind::ALL,
    )?;
    let modifiers = total_map(FILE, "modifiers", raw.modifiers, &MoraleModifierId::ALL)?;
    let occupations = total_map(FILE, "occupations", raw.occupations, &Occupation::ALL)?;
    if let Some((o, id)) = occupations
        .iter()
        .find(|(_, id)| id.is_some_and(|id| !OCCUPATION_ROWS.contains(&id)))
    {
        return Err(invalid(
            FILE,
            format!("occupations: {o:?} takes {id:?}, which is not an occupation row"),
        ));
    }
    let grades = total_map(
        FILE,
        "military_grades",
        raw.military_grades,
        &MilitaryGrade::ALL,
    )?;
    let consequences = total_map(FILE, "consequences", raw.consequences, &MoraleOutcome::ALL)?;
    let banded: Vec<MoraleOutcome> = raw.outcomes.values().copied().collect();
    if banded != MoraleOutcome::ALL {
        return Err(invalid(
            FILE,
            format!("outcomes: bands must run best to worst, each once; got {banded:?}"),
        ));
    }
    let checks = &raw.pain.checks;
    if checks.is_empty()
        || checks
            .windows(2)
            .any(|w| w[0].at_fraction >= w[1].at_fraction)
    {
        return Err(invalid(FILE, "pain.checks: need ascending at_fraction"));
    }
    if raw.losses.bdr_percent <= 0.0 || raw.losses.fatigue_percent <= 0.0 {
        return Err(invalid(FILE, "losses: steps must be > 0"));
    }
    Ok(MoraleTables {
        willpower_dmod: raw.willpower_dmod,
        creature_willpower,
        levels: raw.levels,
        modifiers,
        occupations,
        grades,
        losses: raw.losses,
        outcomes: raw.outcomes,
        completely_demoralized_multiple: raw.completely_demoralized_multiple,
        consequences,
        pain: raw.pain,
        bleeding: raw.bleeding,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use MoraleModifierId as M;
    use MoraleOutcome::*;

    fn t() -> MoraleTables {
        load().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn threshold_16_9_6_is_willpower_times_5_less_modifiers() {
        let t = t();
        assert_eq!(t.base_threshold(11), 55);
        // A regular warrior (-5) fighting in the dark (+20): 55 - 15 = 40.
        let mods = t.modifier(M::RegularWarrior) + t.modifier(M::FightingInDark);
        assert_eq!(t.final_threshold(11, mods), 40);
    }

    #[test]
    fn creature_willpower_16_9_6() {
        let t = t();
        let w = |k| t.creature_willpower(k).to_string();
        assert_eq!(w(CreatureKind::HigherAnimal), "3D6");
        assert_eq!(w(CreatureKind::Brha), "3D6");
        assert_eq!(w(CreatureKind::Slime), "2D6");
        assert_eq!(w(CreatureKind::Insect), "3D8");
        assert_eq!(w(CreatureKind::Plant), "3D10");
        assert_eq!(w(CreatureKind::Demon), "4D10");
        assert_eq!(w(CreatureKind::OtherAnimal), "2D10");
    }

    #[test]
    fn level_modifier_16_9_6_example_warrior_3_thief_2_cleric_1_is_minus_4() {
        let t = t();
        assert_eq!(t.level_modifier(3, &[2, 1]), -4);
        assert_eq!(t.level_modifier(5, &[]), -5);
        assert_eq!(t.level_modifier(0, &[1]), 0);
        assert_eq!(t.level_modifier(1, &[3]), -2);
    }

    #[test]
    fn combat_modifiers_16_9_6_every_cell() {
        let t = t();
        let expected = [
            (M::WarGodWarrior, -10),
            (M::RegularWarrior, -5),
            (M::NonCombatant, 10),
            (M::HatedFoe, -7),
            (M::FirstSeriousCombat, 10),
            (M::FightingBrhaOrMemUhuryo, 10),
            (M::OwnSideLosingBadly, 10),
            (M::OwnSideWinning, -10),
            (M::Ambushed, 5),
            (M::FightingInDark, 20),
            (M::OwnBetterMagic, -5),
            (M::OtherBetterMagic, 10),
            (M::OwnVisionMode, -5),
            (M::OwnSideArguing, -15),
            (M::OwnLightInDark, -30),
        ];
        for (id, value) in expected {
            assert_eq!(t.modifier(id), value, "{id:?}");
        }
        let grades = [
            (MilitaryGrade::HighElite, -32),
            (MilitaryGrade::Elite, -16),
            (MilitaryGrade::Prime, -8),
            (MilitaryGrade::Superior, -4),
            (MilitaryGrade::Standard, -2),
            (MilitaryGrade::Militia, 0),
        ];
        for (g, value) in grades {
            assert_eq!(t.military_grade(g), value, "{g:?}");
        }
    }

    #[test]
    fn losses_16_9_6_plus_5_per_10_percent_bdr_and_30_percent_fatigue() {
        let t = t();
        assert_eq!(t.losses_modifier(0.0, 28.0, 0.0, 37.0), 0);
        assert_eq!(t.losses_modifier(2.0, 20.0, 0.0, 30.0), 5);
        assert_eq!(t.losses_modifier(3.9, 20.0, 0.0, 30.0), 5);
        assert_eq!(t.losses_modifier(4.0, 20.0, 9.0, 30.0), 15);
        assert_eq!(t.losses_modifier(20.0, 20.0, 30.0, 30.0), 65);
    }

    #[test]
    fn outcome_bands_16_9_6_every_edge() {
        let t = t();
        // Threshold 55: margins from far under to far over.
        let cases = [
            (1, FanaticallyDetermined),
            (24, FanaticallyDetermined),
            (25, Determined),
            (34, Determined),
            (35, Steady),
            (55, Steady),
            (56, Shaken),
            (65, Shaken),
            (66, PartlyDemoralized),
            (75, PartlyDemoralized),
            (76, Demoralized),
            (85, Demoralized),
            (86, CompletelyDemoralized),
            (100, CompletelyDemoralized),
        ];
        for (roll, outcome) in cases {
            assert_eq!(t.outcome(55, roll), outcome, "roll {roll}");
        }
        // More than twice a low threshold is complete demoralisation even when
        // only 11 over; exactly twice is not.
        assert_eq!(t.outcome(10, 21), CompletelyDemoralized);
        assert_eq!(t.outcome(10, 20), Shaken);
        assert_eq!(t.outcome(-5, 3), CompletelyDemoralized);
    }

    #[test]
    fn consequences_16_9_6() {
        let t = t();
        let c = |o| t.consequences(o);
        let minutes = |o| c(o).flee_minutes.as_ref().map(ToString::to_string);
        assert_eq!(minutes(CompletelyDemoralized).as_deref(), Some("1D20+5"));
        assert_eq!(minutes(Demoralized).as_deref(), Some("1D12+5"));
        assert_eq!(minutes(PartlyDemoralized).as_deref(), Some("1D10+3"));
        assert_eq!(minutes(Shaken), None);
        let back: Vec<Option<u8>> = MoraleOutcome::ALL
            .iter()
            .map(|o| c(*o).return_chance)
            .collect();
        assert_eq!(
            back,
            [None, None, None, Some(60), Some(40), Some(20), Some(10)]
        );
        assert_eq!(
            c(CompletelyDemoralized).behaviour,
            MoraleBehaviour::FleesInTerror
        );
        assert_eq!(c(Shaken).behaviour, MoraleBehaviour::EdgesAway);
        assert_eq!(c(Steady).exemption, MoraleExemption::None);
        assert_eq!(c(Determined).exemption, MoraleExemption::NextCheckThisMelee);
        assert_eq!(
            c(FanaticallyDetermined).exemption,
            MoraleExemption::AllChecksThisMelee
        );
        assert_eq!(
            c(FanaticallyDetermined).behaviour,
            MoraleBehaviour::FightsToTheDeath
        );
    }

    #[test]
    fn pain_16_13_3() {
        let t = t();
        assert_eq!(t.pain.reserve_per_willpower, 2.0);
        assert_eq!(t.pain.pain_per_damage, 0.5);
        let checks = t.pain_checks();
        let summary: Vec<(f64, f64)> = checks
            .iter()
            .map(|c| (c.at_fraction, c.willpower_dmod))
            .collect();
        assert_eq!(summary, [(0.5, 7.0), (0.75, 5.0), (1.0, 3.0)]);
        assert_eq!(checks[0].on_failure, PainFailure::Evade);
        assert_eq!(checks[1].on_failure, PainFailure::Evade);
        assert_eq!(
            checks[2].on_failure,
            PainFailure::Unconscious("1D100".parse().unwrap())
        );
        // Willpower 11: Pain Reserve 22.
        assert_eq!(t.pain_check(10.5, 22.0), None);
        assert_eq!(t.pain_check(11.0, 22.0).unwrap().willpower_dmod, 7.0);
        assert_eq!(t.pain_check(16.5, 22.0).unwrap().willpower_dmod, 5.0);
        assert_eq!(t.pain_check(30.0, 22.0).unwrap().willpower_dmod, 3.0);
    }

    #[test]
    fn bleeding_16_13_4() {
        let b = t().bleeding;
        assert_eq!(b.fatigue_per_bleeding_point, 1.0);
        assert_eq!(b.unconscious_below_fatigue, 1.0);
        assert_eq!(b.conscious_willpower_dmod, 2.0);
        assert_eq!(b.rounds_per_minute, 12);
        assert_eq!(b.death_chance(1, false), 15);
        assert_eq!(b.death_chance(6, false), 90);
        assert_eq!(b.death_chance(7, false), 100);
        assert_eq!(b.death_chance(6, true), 15);
    }

    #[test]
    fn s16_9_6_each_occupation_takes_the_row_the_table_names_for_it() {
        use Occupation as O;
        let t = t();
        let rows: Vec<(Occupation, Option<MoraleModifierId>)> =
            Occupation::ALL.map(|o| (o, t.occupation_row(o))).to_vec();
        let named = [
            (O::WarriorPriest, M::WarGodWarrior),
            (O::Warrior, M::RegularWarrior),
            (O::Commoner, M::NonCombatant),
        ];
        for (o, row) in rows {
            let expected = named.iter().find(|(n, _)| *n == o).map(|(_, id)| *id);
            assert_eq!(row, expected, "{o:?}");
        }
        // A ranger is neither a regular nor a mercenary warrior.
        assert_eq!(t.occupation_row(O::Ranger), None);
        let text = include_str!("../../../../../assets/shakhan/morale.ron");
        let wrong = text.replace("(Ranger, None)", "(Ranger, HatedFoe)");
        let err = from_text(&wrong).unwrap_err().to_string();
        assert!(err.contains("not an occupation row"), "{err}");
        let missing = text.replace("(Ranger, None),", "");
        let err = from_text(&missing).unwrap_err().to_string();
        assert!(err.contains("occupations: Ranger is missing"), "{err}");
    }

    #[test]
    fn broken_copies_are_refused_with_a_message() {
        let text = include_str!("../../../../../assets/shakhan/morale.ron");
        let gap = text.replace(
            "(from: 1, to: 10, value: Shaken)",
            "(from: 1, to: 9, value: Shaken)",
        );
        let err = from_text(&gap).unwrap_err().to_string();
        assert!(err.contains("ends at 9, the next starts at 11"), "{err}");
        let missing = text.replace("(Demon, \"4D10\"),", "");
        let err = from_text(&missing).unwrap_err().to_string();
        assert!(
            err.contains("creature_willpower: Demon is missing"),
            "{err}"
        );
    }
}
