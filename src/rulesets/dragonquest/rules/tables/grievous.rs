//! DragonQuest 25.7: the Grievous Injury Table.

use serde::{Deserialize, Deserializer, Serialize};

use super::weapons::Class;
use crate::dice::{Percentile, RangeTable};

/// Where a bleed drains from: Endurance, or Fatigue (Endurance once Fatigue is gone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pool {
    Endurance,
    Fatigue,
}

/// When a bleed stops (besides death).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Until {
    /// Stanched by a Healer of at least this Rank.
    Healer(u8),
    Unconscious,
    UnconsciousOrHealer(u8),
}

/// One Damage Point a Pulse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bleeding {
    pub from: Pool,
    pub until: Until,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Hand {
    Primary,
    Secondary,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Side {
    Left,
    Right,
}

/// What an injury changes: a characteristic or the Tactical Movement Rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trait {
    /// Physical Beauty.
    Pb,
    /// Perception.
    Pc,
    /// Manual Dexterity.
    Md,
    /// Agility.
    Ag,
    Tmr,
}

/// How long an effect lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lasting {
    Permanent,
    /// Until the injury heals (its row's `heals`).
    UntilHealed,
    /// Until a Healer of at least this Rank treats it.
    UntilHealer(u8),
    Days(u16),
    /// D10 Pulses, rolled when it happens.
    D10Pulses,
    /// D10 months, rolled when it happens.
    D10Months,
}

/// The book's guideline recovery time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Span {
    Weeks(u16),
    Months(u16),
    Years(u16),
}

/// One consequence of a Grievous Injury.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum Effect {
    Dies,
    /// Roll D10: the branch whose faces (from..=to) hold the roll applies;
    /// its label says what the roll struck (which eye, which leg).
    OnD10(Vec<(u8, u8, String, Vec<Effect>)>),
    /// Endurance damage within a D10 branch (on top of the row's).
    Endurance(u8),
    /// Which side was struck, where the book says (no rule reads it).
    Side(Side),
    StunnedNextPulse,
    PassNextPulse,
    Prone,
    Unconscious,
    /// Unconscious unless a D100 roll is under Willpower.
    UnconsciousUnlessWillpower,
    Drops(Hand),
    ArmUseless(Hand, Lasting),
    /// The attacker's weapon is wrenched from his grasp.
    AttackerLosesWeapon,
    Change(Trait, i8, Lasting),
    /// Per cent off the Base Chance of every Missile or Thrown Weapon.
    MissileAndThrownBc(i8),
    CannotStand(Lasting),
    CannotWalk(Lasting),
}

/// One row of the table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Injury {
    pub name: String,
    pub endurance: u8,
    pub bleeding: Option<Bleeding>,
    /// Per cent added to the chance of infection (31).
    pub infection: u8,
    pub heals: Option<Span>,
    pub effects: Vec<Effect>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    classes: RangeTable<Class>,
    injuries: RangeTable<Injury>,
}

/// The class ranges and the injuries, both covering 01–00 exactly; every
/// class has one range, and every D10 branch list covers 1–10 exactly.
#[derive(Debug)]
pub struct GrievousTable {
    classes: RangeTable<Class>,
    injuries: RangeTable<Injury>,
}

impl GrievousTable {
    /// DragonQuest 25.3, 25.7: the injury a D100 roll inflicts with a weapon of
    /// `class`, or `None` when the roll is outside the class's range (or the
    /// weapon has no class, "-": only the Endurance damage results).
    pub fn injury(&self, class: Option<Class>, roll: Percentile) -> Option<&Injury> {
        let class = class?;
        (*self.classes.get(roll).1 == class).then(|| self.injuries.get(roll).1)
    }

    pub fn injuries(&self) -> impl Iterator<Item = (&crate::dice::D100Range, &Injury)> {
        self.injuries.rows()
    }

    fn check_branches(effects: &[Effect]) -> Result<(), String> {
        for e in effects {
            if let Effect::OnD10(branches) = e {
                let mut next = 1;
                for (lo, hi, _, inner) in branches {
                    if *lo != next || hi < lo {
                        return Err(format!(
                            "D10 branch {lo} to {hi} should start at {next} (branches cover 1-10 in order)"
                        ));
                    }
                    next = hi + 1;
                    Self::check_branches(inner)?;
                }
                if next != 11 {
                    return Err(format!(
                        "D10 branches stop at {} (they must reach 10)",
                        next - 1
                    ));
                }
            }
        }
        Ok(())
    }
}

impl<'de> Deserialize<'de> for GrievousTable {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Raw::deserialize(d)?;
        let check = || -> Result<(), String> {
            for class in [Class::A, Class::B, Class::C] {
                let n = raw.classes.rows().filter(|(_, c)| **c == class).count();
                if n != 1 {
                    return Err(format!("class {class:?} has {n} ranges (it needs one)"));
                }
            }
            for (range, injury) in raw.injuries.rows() {
                Self::check_branches(&injury.effects).map_err(|e| format!("{range}: {e}"))?;
            }
            Ok(())
        };
        check().map_err(serde::de::Error::custom)?;
        Ok(GrievousTable {
            classes: raw.classes,
            injuries: raw.injuries,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::dragonquest::rules::tables::tables;

    fn roll(n: u8) -> Percentile {
        Percentile::new(n).unwrap()
    }

    /// 25.7: A injures on 01–20, B on 21–69, C on 70–00; nothing outside.
    #[test]
    fn grievous_injury_25_7_class_ranges() {
        let t = &tables().grievous;
        for face in Percentile::all() {
            let v = face.value();
            assert_eq!(t.injury(Some(Class::A), face).is_some(), v <= 20, "{face}");
            assert_eq!(
                t.injury(Some(Class::B), face).is_some(),
                (21..=69).contains(&v),
                "{face}"
            );
            assert_eq!(t.injury(Some(Class::C), face).is_some(), v >= 70, "{face}");
            assert!(t.injury(None, face).is_none());
        }
    }

    /// Every row's bounds, in order (31 rows over 01–00), and the Endurance
    /// damage of each: a dropped, doubled or shifted row fails here.
    #[test]
    fn grievous_injury_25_7_every_row() {
        let rows: Vec<(u8, u8, u8)> = tables()
            .grievous
            .injuries()
            .map(|(r, i)| (r.lo(), r.hi(), i.endurance))
            .collect();
        assert_eq!(
            rows,
            [
                (1, 5, 1),
                (6, 7, 2),
                (8, 8, 3),
                (9, 10, 2),
                (11, 11, 0),
                (12, 12, 3),
                (13, 13, 0),
                (14, 18, 3),
                (19, 20, 1),
                (21, 25, 2),
                (26, 27, 2),
                (28, 30, 2),
                (31, 34, 0),
                (35, 35, 5),
                (36, 36, 5),
                (37, 40, 4),
                (41, 42, 2),
                (43, 43, 0),
                (44, 50, 2),
                (51, 52, 4),
                (53, 60, 2),
                (61, 67, 2),
                (68, 69, 0),
                (70, 74, 3),
                (75, 80, 5),
                (81, 84, 2),
                (85, 87, 2),
                (88, 89, 2),
                (90, 92, 5),
                (93, 94, 5),
                (95, 97, 8),
                (98, 100, 7),
            ]
        );
    }

    #[test]
    fn grievous_injury_25_7_bleeding_infection_and_death() {
        let t = &tables().grievous;
        let a = |n| t.injury(Some(Class::A), roll(n)).unwrap();
        let b = |n| t.injury(Some(Class::B), roll(n)).unwrap();
        let c = |n| t.injury(Some(Class::C), roll(n)).unwrap();
        assert_eq!(
            a(3).bleeding,
            Some(Bleeding {
                from: Pool::Endurance,
                until: Until::Healer(0)
            })
        );
        assert_eq!(
            a(16).bleeding,
            Some(Bleeding {
                from: Pool::Endurance,
                until: Until::Healer(2)
            })
        );
        assert_eq!(
            b(38).bleeding,
            Some(Bleeding {
                from: Pool::Fatigue,
                until: Until::Unconscious
            })
        );
        assert_eq!(c(82).bleeding.unwrap().until, Until::UnconsciousOrHealer(2));
        assert_eq!(a(11).effects, [Effect::Dies]);
        let infections: Vec<(u8, u8)> = t
            .injuries()
            .filter(|(_, i)| i.infection > 0)
            .map(|(r, i)| (r.lo(), i.infection))
            .collect();
        assert_eq!(
            infections,
            [(6, 30), (8, 30), (12, 20), (14, 30), (37, 40), (75, 10)]
        );
        let Effect::OnD10(eye) = &a(13).effects[0] else {
            panic!("13 rolls D10")
        };
        assert_eq!(eye[0].3, vec![Effect::Dies]);
        assert_eq!(eye[1].2, "the left eye");
        assert!(eye[1].3.contains(&Effect::MissileAndThrownBc(-30)));
    }

    #[test]
    fn d10_branches_must_cover_one_to_ten() {
        let text = "(classes: [((1, 20), A), ((21, 69), B), ((70, 100), C)],\n injuries: [((1, 100), \
                    (name: \"x\", endurance: 0, bleeding: None, infection: 0, heals: None,\n \
                    effects: [OnD10([(1, 4, \"a\", []), (6, 10, \"b\", [])])]))])";
        let err = ron::from_str::<GrievousTable>(text).unwrap_err();
        assert!(
            err.to_string()
                .contains("01-00: D10 branch 6 to 10 should start at 5"),
            "{err}"
        );
        let text = text.replace(
            "(1, 4, \"a\", []), (6, 10, \"b\", [])",
            "(1, 4, \"a\", []), (5, 9, \"b\", [])",
        );
        let err = ron::from_str::<GrievousTable>(&text).unwrap_err();
        assert!(err.to_string().contains("stop at 9"), "{err}");
    }
}
