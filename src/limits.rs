//! Every size limit on what a file may ask of hexmelee, in one place
//! (docs/SCENARIOS.md and docs/SAVES.md state them; RELIABILITY.md says what
//! was measured at them). Anything beyond is refused with a clear error
//! rather than simulated slowly or out of memory. Depends on nothing.

/// Hexes along either side of a map: a 1,024-sided map takes about 115 MB
/// in play (RELIABILITY.md "Stated limits").
pub const MAP_SIDE: u16 = 1024;
/// Figures in one scenario, all sides together: the AI's time per round
/// grows with them, and 64 marching across the largest map took 0.9 s of
/// CPU for the slowest round (`examples/at_the_limits.rs`).
pub const FIGURES: usize = 64;
/// Characters in one name (scenario, side, figure).
pub const NAME_CHARS: usize = 64;
/// Bytes in a scenario or orders file.
pub const SCENARIO_BYTES: u64 = 1 << 20;
/// Bytes in a save file (the scenario's text and the whole command log).
pub const SAVE_BYTES: u64 = 32 << 20;
/// Brackets and parentheses open at once in any RON file.
pub const NESTING: usize = 64;
/// Entries for one figure in an orders file (one per round it scripts).
pub const ORDERS_PER_FIGURE: usize = 64;
