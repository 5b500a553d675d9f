//! STUB: to be replaced by the transcription of this table.

use super::TableError;

#[derive(Debug)]
pub struct ArmourProtectionTable;

pub(super) fn load() -> Result<ArmourProtectionTable, TableError> {
    Ok(ArmourProtectionTable)
}
