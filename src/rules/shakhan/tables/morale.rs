//! STUB: to be replaced by the transcription of this table.

use super::TableError;

#[derive(Debug)]
pub struct MoraleTables;

pub(super) fn load() -> Result<MoraleTables, TableError> {
    Ok(MoraleTables)
}
