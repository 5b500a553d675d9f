//! STUB: to be replaced by the transcription of this table.

use super::TableError;

#[derive(Debug)]
pub struct HazardTables;

pub(super) fn load() -> Result<HazardTables, TableError> {
    Ok(HazardTables)
}
