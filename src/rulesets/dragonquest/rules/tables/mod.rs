//! Every DragonQuest combat table (sections 16–32), transcribed as data in
//! `assets/dragonquest/*.ron`, embedded in the binary, parsed once and validated.
//!
//! Every check runs while deserialising, so a bad table is reported by ron with
//! file:line:col. After [`tables()`] has returned, lookups cannot fail.
//! Where the text lost a number, the file carries a house value labelled
//! [`Source::House`] with the reason, and the loader keeps the label.

pub mod actions;
pub mod armour;
pub mod grievous;
pub mod modifiers;
pub mod special_damage;
pub mod weapons;

use std::fmt;
use std::marker::PhantomData;
use std::sync::OnceLock;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use thiserror::Error;

/// Where a value comes from: the book as printed, or a house value standing in
/// where the text has none (the reason is kept so `check` can show it).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum Source {
    Book,
    House(String),
}

impl Source {
    /// The reason for a house value; `None` for the book's.
    pub fn house(&self) -> Option<&str> {
        match self {
            Source::Book => None,
            Source::House(why) => Some(why),
        }
    }
}

/// A table that did not load: the file, and where and what is wrong in it.
#[derive(Debug, Error)]
#[error("assets/dragonquest/{file}:{source}")]
pub struct TableError {
    file: &'static str,
    source: ron::error::SpannedError,
}

/// All DragonQuest tables, typed.
#[derive(Debug)]
pub struct Tables {
    /// 19.1 time for miscellaneous actions; 22.1–22.3, 22.7 the actions and their movement.
    pub actions: actions::ActionTables,
    /// 24.5 Shield Table; 25.1 Armor Table and the races' size numbers.
    pub armour: armour::ArmourTables,
    /// 25.7 Grievous Injury Table.
    pub grievous: grievous::GrievousTable,
    /// 24.8 Strike Chance Modifier Tables.
    pub modifiers: modifiers::ModifierTables,
    /// 25.6 Special Damage Table.
    pub special_damage: special_damage::SpecialDamageTable,
    /// 27.2 Weapon Tables.
    pub weapons: weapons::WeaponTable,
}

impl Tables {
    /// Parse and validate every embedded table.
    pub fn load() -> Result<Tables, TableError> {
        Ok(Tables {
            actions: parse(
                "actions.ron",
                include_str!("../../../../../assets/dragonquest/actions.ron"),
            )?,
            armour: parse(
                "armour.ron",
                include_str!("../../../../../assets/dragonquest/armour.ron"),
            )?,
            grievous: parse(
                "grievous.ron",
                include_str!("../../../../../assets/dragonquest/grievous.ron"),
            )?,
            modifiers: parse(
                "modifiers.ron",
                include_str!("../../../../../assets/dragonquest/modifiers.ron"),
            )?,
            special_damage: parse(
                "special_damage.ron",
                include_str!("../../../../../assets/dragonquest/special_damage.ron"),
            )?,
            weapons: parse(
                "weapons.ron",
                include_str!("../../../../../assets/dragonquest/weapons.ron"),
            )?,
        })
    }
}

/// The embedded tables, loaded on first use. The `embedded_tables_load` test
/// proves they load, so this cannot fail in a built binary.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| match Tables::load() {
        Ok(t) => t,
        Err(e) => panic!("embedded DragonQuest tables are invalid: {e}"),
    })
}

/// Parse one RON file; every meaning check is part of deserialising.
fn parse<T: DeserializeOwned>(file: &'static str, text: &str) -> Result<T, TableError> {
    ron::from_str(text).map_err(|source| TableError { file, source })
}

/// An enum whose every variant a table must list exactly once.
pub trait Key: Copy + fmt::Debug + 'static {
    /// Every variant, in declaration order.
    const ALL: &'static [Self];

    /// The variant's place in [`Key::ALL`] (`every_key_indexes_its_place`).
    fn index(self) -> usize;
}

/// A RON map with an entry for every [`Key`], proved while deserialising, so
/// [`Total::get`] cannot fail.
#[derive(Debug, Clone)]
pub struct Total<K, V>(Vec<V>, PhantomData<K>);

impl<K: Key, V> Total<K, V> {
    pub fn get(&self, key: K) -> &V {
        &self.0[key.index()]
    }

    pub fn iter(&self) -> impl Iterator<Item = (K, &V)> {
        K::ALL.iter().copied().zip(&self.0)
    }
}

impl<'de, K, V> Deserialize<'de> for Total<K, V>
where
    K: Key + Deserialize<'de>,
    V: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let pairs = Vec::<(K, V)>::deserialize(d)?;
        let mut slots: Vec<Option<V>> = K::ALL.iter().map(|_| None).collect();
        for (k, v) in pairs {
            if slots[k.index()].replace(v).is_some() {
                return Err(serde::de::Error::custom(format!("{k:?} is listed twice")));
            }
        }
        let missing: Vec<String> = K::ALL
            .iter()
            .zip(&slots)
            .filter(|(_, v)| v.is_none())
            .map(|(k, _)| format!("{k:?}"))
            .collect();
        if !missing.is_empty() {
            return Err(serde::de::Error::custom(format!(
                "missing: {} (every one must be listed)",
                missing.join(", ")
            )));
        }
        Ok(Total(slots.into_iter().flatten().collect(), PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_tables_load() {
        if let Err(e) = Tables::load() {
            panic!("{e}");
        }
    }

    #[test]
    fn a_bad_table_is_reported_with_file_line_and_column() {
        let err = parse::<weapons::WeaponTable>("weapons.ron", "[\n  (name: 3),\n]").unwrap_err();
        let text = err.to_string();
        assert!(
            text.starts_with("assets/dragonquest/weapons.ron:2:"),
            "{text}"
        );
    }
}
