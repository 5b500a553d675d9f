//! Sheet l.20–21, l.34–46, l.62, l.77–84: what each skill roll of an attack
//! is made against, worked out before a die is rolled, so the resolution and
//! `odds` read the same numbers.

use crate::rulesets::harnmaster::rules::eml::{self, Shot};
use crate::rulesets::harnmaster::rules::skill::Worked;
use crate::rulesets::harnmaster::rules::tables::sheet;
use crate::rulesets::harnmaster::rules::terms::Defence;

use super::command::Defend;
use super::state::{Attack, Battle};

/// The rolls of one attack met by one declared defence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rolls {
    /// The combat table read: the missile table (l.64) or the melee one (l.23).
    pub missile: bool,
    /// The defence as the table knows it: a counterstrike reads as ignore
    /// against a missile.
    pub defence: Defence,
    pub attack: Worked,
    /// The defender's roll, unless its defence rolls none.
    pub defender: Option<Worked>,
    /// The weapon the defender meets the blow with (block, counterstrike).
    pub guard: Option<usize>,
}

impl Battle {
    /// The EMLs `attack` and `defence` roll against as the battle stands.
    pub fn rolls(&self, attack: &Attack, defence: Defend) -> Rolls {
        let (a, d) = (attack.attacker, attack.target);
        let s = sheet();
        let a_ml = self.of(a).weapons[attack.weapon].ml;
        if let Some(hexes) = attack.range {
            let range_modifier = (self.weapon_row(a, attack.weapon).missile.as_ref())
                .and_then(|m| m.range(hexes))
                .unwrap_or(0);
            let shot = Shot {
                aim: attack.aim,
                hexes,
                range_modifier,
                target_prone: self.figures[d.0].prone,
                moved: false,
            };
            let (kind, guard, ml) = match defence {
                Defend::Block { weapon } => (
                    Defence::Block,
                    Some(weapon),
                    Some(self.of(d).weapons[weapon].ml),
                ),
                Defend::Dodge => (Defence::Dodge, None, Some(self.of(d).dodge)),
                Defend::Counterstrike { .. } | Defend::Ignore => (Defence::Ignore, None, None),
            };
            return Rolls {
                missile: true,
                defence: kind,
                attack: eml::missile(s, self.fighter(a, a_ml, d), shot),
                defender: ml.map(|ml| eml::defence(s, self.fighter(d, ml, a), None)),
                guard,
            };
        }
        let (kind, guard, ml, aim) = match defence {
            Defend::Block { weapon } => (
                Defence::Block,
                Some(weapon),
                Some(self.of(d).weapons[weapon].ml),
                None,
            ),
            Defend::Counterstrike { weapon, aim, .. } => (
                Defence::Counterstrike,
                Some(weapon),
                Some(self.of(d).weapons[weapon].ml),
                Some(aim),
            ),
            Defend::Dodge => (Defence::Dodge, None, Some(self.of(d).dodge), None),
            Defend::Ignore => (Defence::Ignore, None, None, None),
        };
        let classes = guard.map(|w| {
            (
                self.weapon_row(a, attack.weapon).class,
                self.weapon_row(d, w).class,
            )
        });
        Rolls {
            missile: false,
            defence: kind,
            attack: eml::attack(
                s,
                &self.spec.pack,
                self.fighter(a, a_ml, d),
                attack.aim,
                classes,
            ),
            defender: ml.map(|ml| eml::defence(s, self.fighter(d, ml, a), aim)),
            guard,
        }
    }
}
