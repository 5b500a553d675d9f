//! STUB: to be replaced by the transcription of this table.

use super::TableError;

#[derive(Debug)]
pub struct InitiativeTable;

pub(super) fn load() -> Result<InitiativeTable, TableError> {
    Ok(InitiativeTable)
}
