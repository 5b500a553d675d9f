//! Sheet l.20–23: effective mastery levels and skill rolls.

use serde::{Deserialize, Serialize};

use super::tables::pack::SkillRoll;
use super::terms::{Aim, Eml, Level};
use crate::dice::Percentile;

/// Where a modifier of an EML comes from (sheet l.34–46).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// l.36: the figure's physical penalty, in points (× the sheet's scale).
    PhysicalPenalty(u32),
    /// l.37: a special penalty (a scenario's, a tangle's).
    SpecialPenalty,
    /// l.38: the aim of the attack.
    Aim(Aim),
    /// l.39: this many opponents beyond the first.
    Outnumbered(u32),
    /// l.40: the opponent is prone.
    ProneOpponent,
    /// l.42–46: the weapon class modifier for this difference of classes.
    WeaponClass(i32),
    /// l.81: the range, in hexes.
    Range(u32),
    /// l.83: a prone (or small) target.
    SmallTarget,
    /// l.84: the shooter moved this turn.
    Moving,
}

impl Source {
    pub fn words(self) -> String {
        match self {
            Source::PhysicalPenalty(p) => format!("physical penalty {p}"),
            Source::SpecialPenalty => "special penalty".into(),
            Source::Aim(aim) => aim.words().into(),
            Source::Outnumbered(n) => format!("outnumbered by {n}"),
            Source::ProneOpponent => "prone opponent".into(),
            Source::WeaponClass(d) => format!("weapon class {}", crate::words::signed(d)),
            Source::Range(h) => format!("range {h} hexes"),
            Source::SmallTarget => "prone target".into(),
            Source::Moving => "shooter moving".into(),
        }
    }
}

/// An EML as it was worked out: the skill, each modifier with its source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Worked {
    pub skill: u8,
    pub modifiers: Vec<(Source, i32)>,
}

impl Worked {
    pub fn new(skill: u8) -> Worked {
        Worked {
            skill,
            modifiers: Vec::new(),
        }
    }

    /// Add a modifier unless it is nothing.
    pub fn with(&mut self, source: Source, value: i32) {
        if value != 0 {
            self.modifiers.push((source, value));
        }
    }

    pub fn eml(&self) -> Eml {
        Eml(i32::from(self.skill) + self.modifiers.iter().map(|m| m.1).sum::<i32>())
    }

    /// `ML 65, aimed at the head −10 = EML 55`.
    pub fn words(&self) -> String {
        let mut s = format!("ML {}", self.skill);
        for (source, v) in &self.modifiers {
            let sign = if *v < 0 { '−' } else { '+' };
            s.push_str(&format!(", {} {sign}{}", source.words(), v.abs()));
        }
        format!("{s} = EML {}", self.eml().0)
    }
}

/// The EML a roll is made against: held within the pack's least and most.
pub fn held(skill: &SkillRoll, eml: Eml) -> u8 {
    eml.0
        .clamp(i32::from(skill.least_eml), i32::from(skill.most_eml)) as u8
}

/// Sheet l.22: a d100 skill roll: success at or under the held EML, critical
/// on a face the pack names (docs/RULINGS.md, HârnMaster "Skill rolls").
pub fn level(skill: &SkillRoll, eml: Eml, roll: Percentile) -> Level {
    let success = roll.value() <= held(skill, eml);
    let critical = roll.value() % skill.critical_every == 0;
    match (success, critical) {
        (true, true) => Level::CS,
        (true, false) => Level::MS,
        (false, false) => Level::MF,
        (false, true) => Level::CF,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SKILL: SkillRoll = SkillRoll {
        critical_every: 5,
        least_eml: 5,
        most_eml: 95,
    };

    fn p(v: u8) -> Percentile {
        Percentile::new(v).unwrap()
    }

    #[test]
    fn l22_skill_roll_levels() {
        assert_eq!(level(&SKILL, Eml(60), p(45)), Level::CS);
        assert_eq!(level(&SKILL, Eml(60), p(44)), Level::MS);
        assert_eq!(level(&SKILL, Eml(60), p(60)), Level::CS);
        assert_eq!(level(&SKILL, Eml(60), p(61)), Level::MF);
        assert_eq!(level(&SKILL, Eml(60), p(65)), Level::CF);
        // Held within 5..95: 00 always fails, 01–05 always succeed.
        assert_eq!(level(&SKILL, Eml(140), p(100)), Level::CF);
        assert_eq!(level(&SKILL, Eml(140), p(96)), Level::MF);
        assert_eq!(level(&SKILL, Eml(-20), p(5)), Level::CS);
        assert_eq!(level(&SKILL, Eml(-20), p(4)), Level::MS);
    }

    #[test]
    fn l34_modifiers_are_listed_with_their_sources() {
        let mut w = Worked::new(65);
        w.with(Source::Aim(Aim::Head), -10);
        w.with(Source::ProneOpponent, 20);
        w.with(Source::SpecialPenalty, 0);
        assert_eq!(w.eml(), Eml(75));
        assert_eq!(
            w.words(),
            "ML 65, aimed at the head −10, prone opponent +20 = EML 75"
        );
    }
}
