//! STUB: to be replaced by the transcription of this table.

use super::TableError;

#[derive(Debug)]
pub struct CharacterTables;

pub(super) fn load() -> Result<CharacterTables, TableError> {
    Ok(CharacterTables)
}
