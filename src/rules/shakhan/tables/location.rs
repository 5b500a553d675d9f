//! STUB: to be replaced by the transcription of this table.

use super::TableError;

#[derive(Debug)]
pub struct StrikeLocationTable;

pub(super) fn load() -> Result<StrikeLocationTable, TableError> {
    Ok(StrikeLocationTable)
}
