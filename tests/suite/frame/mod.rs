//! The frame around the rulesets: the command line, sessions, saves and
//! autosaves, player seats, the stated limits, refusals of broken files, the
//! golden outputs and the fuzz targets' corpus.

mod autosave;
mod cli;
mod cli_batch;
mod cli_display_saves;
mod cli_saves;
mod cli_signals;
mod file_kinds;
mod fuzz_corpus;
mod golden;
mod kill_autosave;
mod limits;
mod refusals;
mod save_fuzz;
mod scenario_fuzz;
mod seats;
mod seats_browser;
mod seats_load;
mod session;
mod tui_seats;
