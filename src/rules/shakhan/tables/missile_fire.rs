//! STUB: to be replaced by the transcription of this table.

use super::TableError;

#[derive(Debug)]
pub struct MissileFireTable;

pub(super) fn load() -> Result<MissileFireTable, TableError> {
    Ok(MissileFireTable)
}
