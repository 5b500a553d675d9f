//! HârnMaster's data: the numbers the cheat sheet gives
//! (`assets/harnmaster/sheet.ron`, [`sheet()`]) and the table pack that holds
//! what it does not (`pack`: the embedded placeholder, or a referee's own
//! file named by a scenario). Every check runs while loading, so lookups
//! cannot fail afterwards.

pub mod pack;
pub mod sheet;

pub use pack::{Pack, PackError, placeholder};
pub use sheet::{Sheet, sheet};
