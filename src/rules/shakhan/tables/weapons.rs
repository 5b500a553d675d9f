//! STUB: to be replaced by the transcription of this table.

use super::TableError;

#[derive(Debug)]
pub struct WeaponTables;

pub(super) fn load() -> Result<WeaponTables, TableError> {
    Ok(WeaponTables)
}
