//! hexmelee's integration tests, gathered in one test binary so `cargo test`
//! links the library into one executable instead of one per file. Each
//! module was once a test binary of its own (`tests/<name>.rs`); they are
//! grouped by the ruleset they test and by the part of the frame around the
//! rulesets (command line, sessions and saves, seats, limits, goldens, fuzz).
//!
//! One file's tests: `cargo test --test suite engine_rules::` (or the whole
//! path, `shakhan::engine_rules::`); a group: `cargo test --test suite
//! dragonquest::`. All the modules' tests run as threads of one process: a
//! test must not change the process's environment or current directory (the
//! autosave test that sets `HEXMELEE_DATA_DIR` runs itself in a child
//! process for that).

mod dragonquest;
mod frame;
mod harnmaster;
mod landofkarn;
mod runemaster;
mod shakhan;

// Helpers shared by several groups.
mod hardening;
mod refusal;
mod shipped;
mod tui_common;
