//! The `hexmelee` command line: a thin layer over the library.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use hexmelee::report;
use hexmelee::scenario::{self, Checked, ScenarioError};
use hexmelee::sim::batch::{self, BatchSpec};

#[derive(Parser)]
#[command(version, about = "Terminal tactical display for Shakhàn regular melee")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Validate a scenario and print every figure's derived combat factors.
    Check {
        /// The scenario file (RON); see docs/SCENARIOS.md.
        scenario: PathBuf,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Play a battle to its end headless and print the explained log.
    Sim {
        scenario: PathBuf,
        /// Dice seed; the scenario's own seed when not given.
        #[arg(long)]
        seed: Option<u64>,
        /// Stop after this many Melee Rounds (a draw).
        #[arg(long, default_value_t = 100)]
        max_rounds: u32,
        /// Print the outcome as JSON instead of the log.
        #[arg(long)]
        json: bool,
        /// Show the players' view (symptoms only) instead of the referee's.
        #[arg(long)]
        table_view: bool,
    },
    /// Play many battles on every core and summarise who wins, how fast and at what cost.
    Batch {
        scenario: PathBuf,
        /// Number of battles.
        #[arg(short = 'n', value_parser = clap::value_parser!(u32).range(1..))]
        n: u32,
        /// Batch seed; battle i is played with a seed derived from it and i.
        #[arg(long)]
        seed: Option<u64>,
        /// Stop a battle after this many Melee Rounds (a draw).
        #[arg(long, default_value_t = 100)]
        max_rounds: u32,
        /// Worker threads; one per core when not given.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
        threads: Option<u32>,
        /// Print the summary as JSON.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Check { scenario, json }) => check(scenario::load(&scenario), json),
        Some(Command::Sim {
            scenario,
            seed,
            max_rounds,
            json,
            table_view,
        }) => match scenario::load(&scenario) {
            Ok(checked) => match report::simulate(&checked, seed, max_rounds, json, table_view) {
                Ok(text) => {
                    print!("{text}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{}: {e}", scenario.display());
                    ExitCode::from(2)
                }
            },
            Err(e) => check(Err(e), false),
        },
        Some(Command::Batch {
            scenario,
            n,
            seed,
            max_rounds,
            threads,
            json,
        }) => match scenario::load(&scenario) {
            Ok(checked) => {
                let spec = BatchSpec {
                    battles: n,
                    seed: seed.unwrap_or(checked.scenario.seed),
                    max_rounds,
                };
                let threads = threads.map(|t| t as usize);
                match batch::run_report(&checked, spec, threads, batch::ANSWERER, true) {
                    Ok(r) if json => {
                        println!("{}", r.json());
                        ExitCode::SUCCESS
                    }
                    Ok(r) => {
                        print!("{}", r.text());
                        ExitCode::SUCCESS
                    }
                    Err(e) => {
                        eprintln!("{}: {e}", scenario.display());
                        ExitCode::from(2)
                    }
                }
            }
            Err(e) => check(Err(e), false),
        },
        None => {
            eprintln!(
                "The tactical display is not built yet; showing the embedded default scenario.\n"
            );
            check(scenario::default_scenario(), false)
        }
    }
}

/// Exit 0 and print the factors when valid; exit 2 with every problem on
/// stderr when not.
fn check(loaded: Result<Checked, ScenarioError>, json: bool) -> ExitCode {
    match loaded {
        Ok(checked) => {
            if json {
                println!("{}", report::factors_json(&checked));
            } else {
                print!("{}", report::factors_table(&checked));
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            eprintln!(
                "{} problem{} found",
                e.problems.len(),
                if e.problems.len() == 1 { "" } else { "s" }
            );
            ExitCode::from(2)
        }
    }
}
