//! Every size limit on what a file may ask of hexmelee, in one place
//! (docs/SCENARIOS.md and docs/SAVES.md state them; RELIABILITY.md says what
//! was measured at them). Anything beyond is refused with a clear error
//! rather than simulated slowly or out of memory. Depends on nothing.

/// Hexes along either side of a map.
pub const MAP_SIDE: u16 = 1024;
/// Figures in one scenario, all sides together.
pub const FIGURES: usize = 256;
/// Characters in one name (scenario, side, figure, weapon, hex label).
pub const NAME_CHARS: usize = 64;
/// Bytes in a scenario or orders file.
pub const SCENARIO_BYTES: u64 = 1 << 20;
/// Bytes in a save file (the scenario's text and the whole command log).
pub const SAVE_BYTES: u64 = 32 << 20;
/// Brackets and parentheses open at once in any RON file.
pub const NESTING: usize = 64;
/// Entries for one figure in an orders file (one per round it scripts).
pub const ORDERS_PER_FIGURE: usize = 64;
