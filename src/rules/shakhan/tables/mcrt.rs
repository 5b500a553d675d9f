//! STUB: to be replaced by the transcription of this table.

use super::TableError;

#[derive(Debug)]
pub struct Mcrt;

pub(super) fn load() -> Result<Mcrt, TableError> {
    Ok(Mcrt)
}
