//! Every Shakhàn table (Book C, 16.3–16.15), transcribed as data in
//! `assets/shakhan/*.ron`, embedded in the binary, parsed once and validated.
//!
//! After [`tables()`] has returned, lookups cannot fail: every d100 table
//! covers 01–00 without gaps or overlaps and every index enum has its row.

pub mod actions;
pub mod armour;
pub mod character;
pub mod criticals;
pub mod hazards;
pub mod initiative;
pub mod location;
pub mod mcrt;
pub mod missile_fire;
pub mod morale;
pub mod protection;
pub mod weapons;

pub use crate::dice::{D100Range, RangeTable};

use std::sync::OnceLock;

use serde::de::DeserializeOwned;
use thiserror::Error;

/// A table that did not load: the file and what is wrong with it.
#[derive(Debug, Error)]
pub enum TableError {
    /// The RON did not parse; the span gives line:col.
    #[error("assets/shakhan/{file}:{source}")]
    Parse {
        file: &'static str,
        source: ron::error::SpannedError,
    },
    /// It parsed, but a check of its meaning failed.
    #[error("assets/shakhan/{file}: {what}")]
    Invalid { file: &'static str, what: String },
}

/// All Shakhàn tables, typed.
#[derive(Debug)]
pub struct Tables {
    /// 16.9.1, 16.9.4, 16.5.2: tactic cards, Action Point costs, reload times.
    pub actions: actions::ActionTables,
    /// 16.15.11–12: armour and shield charts, fit by body form and size.
    pub armour: armour::ArmourCharts,
    /// 16.3, 16.4.1.x, 16.5: TCA, occupational and level modifiers, training.
    pub character: character::CharacterTables,
    /// 16.15.5–10: the six Critical Hit tables.
    pub criticals: criticals::CriticalTables,
    /// 16.13.7, 16.13.8, 16.13.13: poison, temperature, radiation.
    pub hazards: hazards::HazardTables,
    /// 16.15.1: Initiative Table and modifiers.
    pub initiative: initiative::InitiativeTable,
    /// 16.15.3: Strike Location Table.
    pub location: location::StrikeLocationTable,
    /// 16.15.2: Melee Combat Results Table.
    pub mcrt: mcrt::Mcrt,
    /// 16.15.14: Missile Fire Resolution Table, modifiers, maximum ranges.
    pub missile_fire: missile_fire::MissileFireTable,
    /// 16.9.6: morale modifiers, willpower approximations, outcomes.
    pub morale: morale::MoraleTables,
    /// 16.15.4: Armour Protection Table and modifiers.
    pub protection: protection::ArmourProtectionTable,
    /// 16.15.13: weapon characteristic tables.
    pub weapons: weapons::WeaponTables,
}

impl Tables {
    /// Parse and validate every embedded table.
    pub fn load() -> Result<Tables, TableError> {
        Ok(Tables {
            actions: actions::load()?,
            armour: armour::load()?,
            character: character::load()?,
            criticals: criticals::load()?,
            hazards: hazards::load()?,
            initiative: initiative::load()?,
            location: location::load()?,
            mcrt: mcrt::load()?,
            missile_fire: missile_fire::load()?,
            morale: morale::load()?,
            protection: protection::load()?,
            weapons: weapons::load()?,
        })
    }
}

/// The embedded tables, loaded on first use. The `embedded_tables_load` test
/// proves they load, so this cannot fail in a built binary.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| match Tables::load() {
        Ok(t) => t,
        Err(e) => panic!("embedded Shakhàn tables are invalid: {e}"),
    })
}

/// Parse one embedded RON file.
fn parse<T: DeserializeOwned>(file: &'static str, text: &str) -> Result<T, TableError> {
    ron::from_str(text).map_err(|source| TableError::Parse { file, source })
}

/// A meaning check failed in `file`.
fn invalid(file: &'static str, what: impl Into<String>) -> TableError {
    TableError::Invalid {
        file,
        what: what.into(),
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
}
