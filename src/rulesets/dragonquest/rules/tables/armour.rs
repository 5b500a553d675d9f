//! DragonQuest 24.5 Shield Table and 25.1 Armor Table.

use serde::{Deserialize, Deserializer};

use super::Source;

/// One row of the 24.5 Shield Table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shield {
    pub name: String,
    pub weight_lb: u8,
    /// Per cent added to the bearer's Defense per Rank with this shield.
    pub defense_per_rank: u8,
    /// Manual Dexterity lost, for all purposes, while it is prepared.
    pub md_loss: u8,
    pub cost: u16,
    /// DragonQuest 24.5 note: whether it defends against Fire attacks.
    pub against_fire: bool,
    /// DragonQuest 23.5: whether it may make a Shield Rush.
    pub shield_rush: bool,
    /// DragonQuest 24.5: whether it is kept on entering Close Combat.
    pub kept_in_close_combat: bool,
}

/// One row of the 25.1 Armor Table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Armour {
    pub name: String,
    pub weight_per_size: u8,
    /// Damage points absorbed from every strike that affects Fatigue (25.1).
    pub protection: u8,
    /// Agility lost, for all purposes, while it is worn.
    pub ag_loss: u8,
    pub cost: u16,
    /// Per cent added to Stealth.
    pub stealth: i8,
}

/// DragonQuest 25.1: a race's size number, multiplying an armour's weight.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceSize {
    pub race: String,
    pub size: u8,
    pub source: Source,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    shields: Vec<Shield>,
    armour: Vec<Armour>,
    sizes: Vec<RaceSize>,
}

/// The shield and armour rows, names unique in each list.
#[derive(Debug)]
pub struct ArmourTables {
    pub shields: Vec<Shield>,
    pub armour: Vec<Armour>,
    pub sizes: Vec<RaceSize>,
}

impl ArmourTables {
    pub fn shield(&self, name: &str) -> Option<&Shield> {
        self.shields
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
    }

    pub fn armour(&self, name: &str) -> Option<&Armour> {
        self.armour
            .iter()
            .find(|a| a.name.eq_ignore_ascii_case(name))
    }
}

fn unique<'a>(what: &str, names: impl Iterator<Item = &'a str>) -> Result<(), String> {
    let mut seen: Vec<&str> = Vec::new();
    for n in names {
        if seen.iter().any(|s| s.eq_ignore_ascii_case(n)) {
            return Err(format!("{what} \"{n}\" is listed twice"));
        }
        seen.push(n);
    }
    Ok(())
}

impl<'de> Deserialize<'de> for ArmourTables {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Raw::deserialize(d)?;
        let check = || -> Result<(), String> {
            unique("shield", raw.shields.iter().map(|s| s.name.as_str()))?;
            unique("armour", raw.armour.iter().map(|a| a.name.as_str()))?;
            unique("race", raw.sizes.iter().map(|r| r.race.as_str()))?;
            if let Some(s) = raw.shields.iter().find(|s| s.defense_per_rank == 0) {
                return Err(format!("shield \"{}\" adds no defense per Rank", s.name));
            }
            Ok(())
        };
        check().map_err(serde::de::Error::custom)?;
        Ok(ArmourTables {
            shields: raw.shields,
            armour: raw.armour,
            sizes: raw.sizes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::dragonquest::rules::tables::tables;

    #[test]
    fn shield_table_24_5_every_row() {
        let t = &tables().armour;
        let rows: Vec<(&str, u8, u8, u8)> = t
            .shields
            .iter()
            .map(|s| (s.name.as_str(), s.weight_lb, s.defense_per_rank, s.md_loss))
            .collect();
        assert_eq!(
            rows,
            [
                ("Buckler", 3, 2, 0),
                ("Small Round", 5, 3, 1),
                ("Large Round", 10, 4, 3),
                ("Kite", 15, 5, 4),
                ("Tower", 25, 6, 6),
                ("Main-Gauche", 1, 2, 0),
            ]
        );
        let mg = t.shield("main-gauche").unwrap();
        assert!(!mg.against_fire && !mg.shield_rush && mg.kept_in_close_combat);
        assert!(!t.shield("Tower").unwrap().shield_rush);
    }

    #[test]
    fn armor_table_25_1_every_row() {
        let rows: Vec<(&str, u8, u8, u8, u16, i8)> = tables()
            .armour
            .armour
            .iter()
            .map(|a| {
                let n = a.name.as_str();
                (
                    n,
                    a.weight_per_size,
                    a.protection,
                    a.ag_loss,
                    a.cost,
                    a.stealth,
                )
            })
            .collect();
        assert_eq!(
            rows,
            [
                ("Cloth", 1, 1, 0, 10, 5),
                ("Leather", 3, 4, 1, 20, 0),
                ("Scale", 4, 5, 3, 100, -5),
                ("Chainmail", 7, 6, 2, 200, -10),
                ("Partial Plate", 6, 6, 2, 250, -15),
                ("Full Plate", 8, 7, 3, 300, -20),
                ("Improved Plate", 7, 8, 3, 350, -20),
            ]
        );
    }

    #[test]
    fn dwarf_size_25_1_is_a_labelled_house_value() {
        let sizes = &tables().armour.sizes;
        let house: Vec<&str> = sizes
            .iter()
            .filter(|r| r.source.house().is_some())
            .map(|r| r.race.as_str())
            .collect();
        assert_eq!(house, ["Dwarf"]);
        let human = sizes.iter().find(|r| r.race == "Human").unwrap();
        assert_eq!(human.size, 6);
    }

    #[test]
    fn a_doubled_shield_is_refused() {
        let text = "(shields: [\n(name: \"Kite\", weight_lb: 1, defense_per_rank: 1, md_loss: 0, \
                    cost: 1, against_fire: true, shield_rush: true, kept_in_close_combat: false),\n\
                    (name: \"kite\", weight_lb: 1, defense_per_rank: 1, md_loss: 0, cost: 1, \
                    against_fire: true, shield_rush: true, kept_in_close_combat: false)],\n\
                    armour: [], sizes: [])";
        let err = ron::from_str::<ArmourTables>(text).unwrap_err();
        assert!(
            err.to_string().contains("shield \"kite\" is listed twice"),
            "{err}"
        );
    }
}
