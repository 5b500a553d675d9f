//! STUB: to be replaced by the transcription of this table.

use super::TableError;

#[derive(Debug)]
pub struct CriticalTables;

pub(super) fn load() -> Result<CriticalTables, TableError> {
    Ok(CriticalTables)
}
