//! STUB: to be replaced by the transcription of this table.

use super::TableError;

#[derive(Debug)]
pub struct ActionTables;

pub(super) fn load() -> Result<ActionTables, TableError> {
    Ok(ActionTables)
}
