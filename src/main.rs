//! The `hexmelee` command line: a thin layer over the library.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use hexmelee::report;
use hexmelee::scenario::{self, Checked, ScenarioError};

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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Check { scenario, json }) => check(scenario::load(&scenario), json),
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
