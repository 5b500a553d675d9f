//! Rulesets. Each is a sibling module that knows nothing of files or terminals:
//! it reads its tables from embedded assets and works on the `hex` world.

pub mod dragonquest;
pub mod shakhan;
