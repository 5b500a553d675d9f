//! Rune Master: the command line on its scenarios (its rules and engine are
//! tested beside their code, in `src/rulesets/runemaster/`).

mod cli_runemaster;
mod rm_fuzz;
