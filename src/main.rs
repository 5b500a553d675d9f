//! The `hexmelee` command line: a thin layer over the library.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use hexmelee::front::{BatchArgs, Failure, Front, OddsArgs, Opening, Output, Said, SimArgs};
use hexmelee::rulesets;
use hexmelee::scenario::{self, ScenarioError};
use hexmelee::seam::View;
use hexmelee::session::{self, SaveError, autosave, export};
use hexmelee::tui::terminal::{self, Begin, Screen};

/// `print!` for text that may hold a file's words: shown through
/// `text::printable`, so no name can drive the terminal.
macro_rules! say {
    ($($t:tt)*) => { out(&hexmelee::text::printable(&format!($($t)*))) };
}

/// `eprintln!` the same way.
macro_rules! warn {
    ($($t:tt)*) => { eprintln!("{}", hexmelee::text::printable(&format!($($t)*))) };
}

/// Battles allocate many small, short-lived values (events, orders, search
/// buffers); mimalloc serves them about a fifth faster than the system
/// allocator (BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Colours for a light terminal background (the display without a subcommand).
    #[arg(long)]
    light: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Open the tactical display on a scenario (no subcommand: the embedded duel).
    Play {
        /// The scenario file; the embedded default (the duel) when not given.
        scenario: Option<PathBuf>,
        /// Open a save file (docs/SAVES.md) where it was left instead.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["scenario", "seed"])]
        resume: Option<PathBuf>,
        /// Dice seed; the scenario's own seed when not given.
        #[arg(long)]
        seed: Option<u64>,
        /// Colours for a light terminal background.
        #[arg(long)]
        light: bool,
        /// Serve player seats at exactly this address of the laptop (e.g.
        /// 192.168.1.20:8080): one link per side, shown as text and QR code
        /// (K at the hand-over), for each player's own phone or laptop.
        #[arg(long, value_name = "ADDR:PORT")]
        seats: Option<std::net::SocketAddr>,
        /// Also print each side's seat link to the terminal at start (by
        /// default only K on the display shows them: whoever reads a link
        /// can take the seat before its player).
        #[arg(long, requires = "seats")]
        print_links: bool,
    },
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
        /// Stop after this many rounds of the ruleset's clock (rounds, Pulses), a draw.
        #[arg(long, default_value_t = 100)]
        max_rounds: u32,
        /// Print the outcome as JSON instead of the log.
        #[arg(long)]
        json: bool,
        /// Show the players' view (symptoms only) instead of the referee's.
        #[arg(long)]
        table_view: bool,
        /// Scripted orders (RON, docs/ORDERS.md) for the figures they name;
        /// the AI plays the rest.
        #[arg(long, value_name = "FILE")]
        orders: Option<PathBuf>,
        /// Also write the battle as a save file (docs/SAVES.md) for
        /// `export` and `replay`.
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
    },
    /// Exact chances of one strike, every die enumerated as the scenario's
    /// ruleset rolls them: to hit, damage and what one blow may do. Each
    /// ruleset adds flags of its own, named for it.
    Odds {
        scenario: PathBuf,
        #[arg(long)]
        attacker: String,
        #[arg(long)]
        defender: String,
        /// One of the attacker's weapons, as its ruleset names them (a kind
        /// such as LongSword, or a name such as Broadsword or hands).
        #[arg(long)]
        weapon: Option<String>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
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
        /// Stop a battle after this many rounds of the ruleset's clock, a draw.
        #[arg(long, default_value_t = 100)]
        max_rounds: u32,
        /// Worker threads; one per core when not given.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
        threads: Option<u32>,
        /// Print the summary as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Step through a saved battle in the display, pulse by pulse, and
    /// play on from any point.
    Replay {
        file: PathBuf,
        /// Colours for a light terminal background.
        #[arg(long)]
        light: bool,
    },
    /// Load a save file, replay its log and say where the battle stands.
    CheckSave { file: PathBuf },
    /// Print a saved battle's log for the campaign record.
    Export {
        file: PathBuf,
        #[arg(long, value_enum, default_value_t = ExportFormat::Text)]
        format: ExportFormat,
        /// The Referee's view (every roll and wound); the table's by default.
        #[arg(long)]
        referee: bool,
        /// Write to this file (atomically) instead of standard output.
        #[arg(short = 'o', value_name = "OUT")]
        out: Option<PathBuf>,
    },
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum ExportFormat {
    Text,
    Markdown,
}

fn main() -> ExitCode {
    // Each ruleset adds its own flags to `odds`.
    let titles: Vec<&str> = rulesets::ALL.iter().map(|r| r.title()).collect();
    let about = format!(
        "A referee's tactical display for tabletop melee: {}",
        titles.join(", ")
    );
    let command = Cli::command().about(about).mut_subcommand("odds", |odds| {
        // A ruleset's flags come with its own words for them, which would
        // otherwise replace the command's own.
        let about = odds.get_about().cloned().unwrap_or_default();
        let long = odds
            .get_long_about()
            .cloned()
            .unwrap_or_else(|| about.clone());
        rulesets::ALL
            .iter()
            .fold(odds, |odds, r| r.odds_flags(odds))
            .about(about)
            .long_about(long)
    });
    let matches = command.get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    match cli.command {
        Some(Command::Check { scenario, json }) => match read_scenario(&scenario) {
            Ok((ruleset, text)) => match ruleset.check(&scenario, &text, json) {
                Ok(output) => print(output),
                Err(e) => problems(e),
            },
            Err(e) => problems(e),
        },
        Some(Command::Sim {
            scenario,
            seed,
            max_rounds,
            json,
            table_view,
            orders,
            save,
        }) => {
            let args = SimArgs {
                seed,
                max_rounds,
                json,
                table_view,
                orders,
                save,
            };
            emit(&scenario, |ruleset, text| {
                ruleset.sim(&scenario, text, &args)
            })
        }
        Some(Command::Odds {
            scenario,
            attacker,
            defender,
            weapon,
            json,
        }) => {
            let args = OddsArgs {
                attacker,
                defender,
                weapon,
                json,
            };
            let flags = matches.subcommand_matches("odds").unwrap_or(&matches);
            emit(&scenario, |ruleset, text| {
                if let Some(refused) = odds_flag_of_another(ruleset, flags) {
                    return Err(Failure::OfFile(refused));
                }
                ruleset.odds(&scenario, text, &args, flags)
            })
        }
        Some(Command::Batch {
            scenario,
            n,
            seed,
            max_rounds,
            threads,
            json,
        }) => {
            let args = BatchArgs {
                battles: n,
                seed,
                max_rounds,
                threads: threads.map(|t| t as usize),
                json,
            };
            emit(&scenario, |ruleset, text| {
                ruleset.batch(&scenario, text, &args)
            })
        }
        Some(Command::CheckSave { file }) => {
            said(read_save(&file).and_then(|(ruleset, text)| ruleset.check_save(&file, &text)))
        }
        Some(Command::Export {
            file,
            format,
            referee,
            out,
        }) => {
            let format = match format {
                ExportFormat::Text => export::Format::Text,
                ExportFormat::Markdown => export::Format::Markdown,
            };
            let view = if referee { View::Referee } else { View::Table };
            let exported = read_save(&file)
                .and_then(|(ruleset, text)| ruleset.export(&file, &text, format, view))
                .and_then(|s| {
                    warn_all(&s.warnings);
                    match &out {
                        Some(out) => session::file::write_atomic(out, &s.text),
                        None => {
                            say!("{}", s.text);
                            Ok(())
                        }
                    }
                });
            match exported {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    warn!("{e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Play {
            scenario,
            resume,
            seed,
            light,
            seats,
            print_links,
        }) => {
            let seats = seats.map(|a| (a, print_links));
            match (scenario, resume) {
                (_, Some(file)) => play(Opening::Resume(file), light, seats),
                (Some(scenario), None) => play(Opening::New(scenario, seed), light, seats),
                (None, None) => play(Opening::Default, light, seats),
            }
        }
        Some(Command::Replay { file, light }) => play(Opening::Replay(file), light, None),
        None => play(Opening::Default, cli.light, None),
    }
}

/// A scenario file's text and the ruleset it names.
fn read_scenario(path: &Path) -> Result<(&'static dyn Front, String), ScenarioError> {
    let text = scenario::read_text(path, "a scenario", "docs/SCENARIOS.md")?;
    if let Some(e) = scenario::orders_instead(path, &text) {
        return Err(e);
    }
    Ok((rulesets::of_scenario(&text), text))
}

/// A save file's text and the ruleset its scenario names.
fn read_save(path: &Path) -> Result<(&'static dyn Front, String), SaveError> {
    let text = session::file::read(path, |text| Ok(text.to_string()))?;
    Ok((rulesets::of_save(path, &text)?, text))
}

/// Why `odds` refuses a flag of another ruleset's, if one was given: "--card
/// is for Shakhàn battles; a DragonQuest strike takes --through, …".
fn odds_flag_of_another(ruleset: &dyn Front, flags: &clap::ArgMatches) -> Option<String> {
    let given = |id: &str| flags.value_source(id) == Some(clap::parser::ValueSource::CommandLine);
    let other = rulesets::ALL
        .iter()
        .filter(|other| other.name() != ruleset.name())
        .find_map(|other| {
            let own = ruleset.odds_flag_names();
            (other.odds_flag_names().iter())
                .find(|(id, _)| given(id) && !own.iter().any(|(mine, _)| mine == id))
                .map(|(_, flag)| (other.title(), *flag))
        })?;
    let own: Vec<&str> = ruleset.odds_flag_names().iter().map(|(_, f)| *f).collect();
    let takes = match own.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => "no flags of its own".into(),
    };
    Some(format!(
        "{} is for {} battles; a {} strike takes {takes}",
        other.1,
        other.0,
        ruleset.title()
    ))
}

/// Open the display, after every check that needs no terminal: a bad
/// scenario or save, or a missing terminal, exits 2 before raw mode is
/// entered.
fn play(opening: Opening, light: bool, seats: Option<(std::net::SocketAddr, bool)>) -> ExitCode {
    let read = match &opening {
        Opening::Default => {
            let (ruleset, _, text) = rulesets::default();
            Ok((ruleset, text.to_string()))
        }
        Opening::New(path, _) => read_scenario(path).map_err(Failure::Scenario),
        Opening::Resume(file) | Opening::Replay(file) => read_save(file).map_err(Failure::from),
    };
    let opened = read.and_then(|(ruleset, text)| ruleset.open(&opening, text, light));
    let mut opened = match opened {
        Ok(opened) => opened,
        Err(e) => return failed(None, e),
    };
    warn_all(&opened.warnings);
    let screen = &mut opened.screen;
    let served = match seats {
        Some((addr, print)) => match screen.seat_sides() {
            Ok(sides) => match bind_seats(addr) {
                Ok(bound) => Some((bound, sides, print)),
                Err(code) => return code,
            },
            Err(why) => {
                warn!("hexmelee: {why}");
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    if let Some(code) = no_terminal() {
        return code;
    }
    let begin = match opening {
        Opening::Resume(file) => Begin::Resume(file),
        Opening::Replay(file) => Begin::Replay(file),
        Opening::Default | Opening::New(..) => Begin::Fresh,
    };
    screen.begin(autosave::dir().map_err(|e| e.to_string()), begin);
    if let Some((bound, sides, print)) = served
        && let Err(code) = open_seats(screen.as_mut(), bound, &sides, print)
    {
        return code;
    }
    ended(terminal::run(screen.as_mut()))
}

/// Refused before raw mode: the display needs a terminal on both ends.
fn no_terminal() -> Option<ExitCode> {
    use std::io::IsTerminal;
    if std::io::stdout().is_terminal() && std::io::stdin().is_terminal() {
        return None;
    }
    warn!(
        "hexmelee: the tactical display needs a terminal; try `hexmelee check <scenario>` or `hexmelee sim <scenario>`"
    );
    Some(ExitCode::from(2))
}

/// The exit code for how the display ended.
fn ended(run: std::io::Result<terminal::Exit>) -> ExitCode {
    match run {
        Ok(terminal::Exit::Quit) => ExitCode::SUCCESS,
        // The shell's convention: 128 + the signal's number.
        Ok(terminal::Exit::Signal(n, last)) => {
            warn!("hexmelee: ended by signal {n}; {last}");
            ExitCode::from(u8::try_from(128 + n).unwrap_or(1))
        }
        Err(e) => {
            warn!("hexmelee: terminal error: {e}");
            ExitCode::from(1)
        }
    }
}

/// Warnings a load gave that did not stop it.
fn warn_all(warnings: &[String]) {
    for w in warnings {
        warn!("warning: {w}");
    }
}

/// Bind exactly `addr` for the player seats, before the terminal is taken
/// (a refusal is said on a plain screen).
#[cfg(feature = "seats")]
fn bind_seats(addr: std::net::SocketAddr) -> Result<hexmelee::seats::Bound, ExitCode> {
    use std::io::ErrorKind as K;
    let bound = hexmelee::seats::bind(addr).map_err(|e| {
        let why = match e.kind() {
            K::AddrInUse => "the port is in use".to_string(),
            K::AddrNotAvailable => "this machine has no such address".to_string(),
            K::PermissionDenied => "permission denied (ports below 1024 need root)".to_string(),
            kind => format!("the system refused ({kind})"),
        };
        warn!(
            "hexmelee: cannot serve the player seats at {addr}: {why}; give an address of this machine and a free port"
        );
        ExitCode::from(2)
    })?;
    if addr.ip().is_unspecified() {
        warn!(
            "hexmelee: warning: --seats {addr} listens on every network this machine is on (plain HTTP: see README, Player seats); the links use {}",
            bound.addr
        );
    }
    Ok(bound)
}

/// Give every side a link and serve them from the display (K shows them
/// with their QR codes); print them only when asked (`--print-links`).
#[cfg(feature = "seats")]
fn open_seats(
    screen: &mut dyn Screen,
    bound: hexmelee::seats::Bound,
    sides: &[String],
    print: bool,
) -> Result<(), ExitCode> {
    use hexmelee::seats::{self, Token};
    let tokens = (0..sides.len())
        .map(|_| Token::generate())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| {
            warn!("hexmelee: {e}");
            ExitCode::from(2)
        })?;
    let addr = bound.addr;
    screen.open_seats(bound, tokens.clone()).map_err(|e| {
        warn!("hexmelee: cannot serve the player seats at {addr}: {e}");
        ExitCode::from(2)
    })?;
    say!("hexmelee: player seats at http://{addr}; K on the display shows each side's link\n");
    if print {
        for (side, token) in sides.iter().zip(&tokens) {
            say!("  {}: {}\n", side, seats::link(addr, token));
        }
    }
    Ok(())
}

/// Without the `seats` feature: said before anything else.
#[cfg(not(feature = "seats"))]
fn bind_seats(_: std::net::SocketAddr) -> Result<std::convert::Infallible, ExitCode> {
    warn!("hexmelee: this build has no player seats (cargo feature `seats`)");
    Err(ExitCode::from(2))
}

#[cfg(not(feature = "seats"))]
fn open_seats(
    _: &mut dyn Screen,
    never: std::convert::Infallible,
    _: &[String],
    _: bool,
) -> Result<(), ExitCode> {
    match never {}
}

/// Every problem of a scenario on stderr, and their count; exit 2.
fn problems(e: ScenarioError) -> ExitCode {
    warn!("{e}");
    warn!(
        "{} found",
        hexmelee::words::counted(e.problems.len(), "problem")
    );
    ExitCode::from(2)
}

/// Print a command's output and exit 0.
fn print(output: Output) -> ExitCode {
    match output {
        Output::Json(json) => out(&hexmelee::text::printable_json(&json)),
        Output::Text(text) => say!("{text}"),
    }
    ExitCode::SUCCESS
}

/// Say why a command failed; exit 2.
fn failed(file: Option<&Path>, e: Failure) -> ExitCode {
    match (e, file) {
        (Failure::Scenario(e), _) => return problems(e),
        (Failure::OfFile(e), Some(file)) => warn!(
            "{}: {e}",
            hexmelee::text::one_line(&file.display().to_string())
        ),
        (Failure::OfFile(e) | Failure::Said(e), _) => warn!("{e}"),
    }
    ExitCode::from(2)
}

/// Run a command on a scenario file with the ruleset it names, and print
/// its output or why not.
fn emit(file: &Path, run: impl FnOnce(&dyn Front, &str) -> Result<Output, Failure>) -> ExitCode {
    let result = read_scenario(file)
        .map_err(Failure::Scenario)
        .and_then(|(ruleset, text)| run(ruleset, &text));
    match result {
        Ok(output) => print(output),
        Err(e) => failed(Some(file), e),
    }
}

/// Print what a save says, after its warnings, or why it could not be read.
fn said(result: Result<Said, SaveError>) -> ExitCode {
    match result {
        Ok(s) => {
            warn_all(&s.warnings);
            say!("{}", s.text);
            ExitCode::SUCCESS
        }
        Err(e) => {
            warn!("{e}");
            ExitCode::from(2)
        }
    }
}

/// Writes `text` to standard output. A reader that stopped reading (`sim
/// … | head`) ends the program quietly, as `cat` does; `print!` would panic.
fn out(text: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            warn!(
                "hexmelee: cannot write the output: {}",
                hexmelee::scenario::io_words(&e)
            );
            std::process::exit(1);
        }
        std::process::exit(0);
    }
}
