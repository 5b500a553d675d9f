//! STUB: to be replaced by the transcription of this table.

use super::TableError;

#[derive(Debug)]
pub struct ArmourCharts;

pub(super) fn load() -> Result<ArmourCharts, TableError> {
    Ok(ArmourCharts)
}
