//! The `hexmelee` command line: a thin layer over the library.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use hexmelee::engine::View;
use hexmelee::engine::dragonquest::Battle as DqBattle;
use hexmelee::report;
use hexmelee::rules::shakhan::tables::tables;
use hexmelee::scenario::{self, Checked, Loaded, ScenarioError};
use hexmelee::session::file::AnyLoaded;
use hexmelee::session::{self, Session, SessionError, autosave, export};
use hexmelee::sim::batch::{self, BatchSpec};
use hexmelee::sim::odds;
use hexmelee::sim::script::Script;
use hexmelee::sim::script::dragonquest::DqScript;
use hexmelee::tui::app::App;
use hexmelee::tui::terminal;

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
#[command(version, about = "Terminal tactical display for Shakhàn regular melee")]
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
        #[arg(required_unless_present = "resume")]
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
        /// Stop after this many Melee Rounds (DragonQuest: Pulses), a draw.
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
    /// Exact chances of one strike. Shakhàn: threshold, strike, penetration,
    /// critical, unbalance and expected damage. DragonQuest: hit, the
    /// Special Damage bands, mishaps, damage to Fatigue and Endurance, and
    /// the chance to kill, knock out, stun or knock down in one blow.
    Odds {
        scenario: PathBuf,
        #[arg(long)]
        attacker: String,
        #[arg(long)]
        defender: String,
        /// Shakhàn: the attacker's Tactic Card (A-G; C when not given).
        #[arg(long)]
        card: Option<String>,
        /// Shakhàn: the defender's Tactic Card (A-G; C when not given).
        #[arg(long)]
        defense_card: Option<String>,
        /// One of the attacker's weapons: by kind in Shakhàn (LongSword), by
        /// name in DragonQuest (Broadsword, or hands).
        #[arg(long)]
        weapon: Option<String>,
        /// Shakhàn: aim at a body area: head, neck, upper_body, lower_body, arms, legs.
        #[arg(long)]
        aim: Option<String>,
        /// Shakhàn: the defender does not raise its shield (e.g. struck from the rear).
        #[arg(long)]
        no_shield: bool,
        /// Shakhàn: the defender charged onto the attacker's set spear or pole arm
        /// (16.15.4 "Impaled on set weapon": +15 to the penetration roll).
        #[arg(long)]
        impaled: bool,
        /// DragonQuest: the hex the strike comes through: front, flank or rear.
        #[arg(long, value_name = "WAY")]
        through: Option<String>,
        /// DragonQuest: a Ranged attack (fired or thrown) at this many hexes.
        #[arg(long, value_name = "HEXES")]
        range: Option<u16>,
        /// DragonQuest: a Close Combat strike.
        #[arg(long)]
        close: bool,
        /// DragonQuest: the strike ends a Charge: pole (a Pole weapon or a
        /// Shield Rush) or other.
        #[arg(long, value_name = "WEAPON")]
        charge: Option<String>,
        /// DragonQuest: the strike is an Offensive Withdrawal's.
        #[arg(long)]
        withdrawing: bool,
        /// DragonQuest: the defender is Stunned.
        #[arg(long)]
        stunned: bool,
        /// DragonQuest: the defender is kneeling or prone.
        #[arg(long)]
        prone: bool,
        /// DragonQuest: the defender is Evading (and may Parry).
        #[arg(long)]
        evading: bool,
        /// DragonQuest: the defender is in a Defensive Withdrawal.
        #[arg(long)]
        defensive: bool,
        /// DragonQuest: the defender is moving (Ranged).
        #[arg(long)]
        moving: bool,
        /// DragonQuest: the defender is sheltered (Ranged).
        #[arg(long)]
        sheltered: bool,
        /// DragonQuest: a special attack in place of the blow (23.5): trip,
        /// entangle, shield-rush, knockout or disarm.
        #[arg(long, value_name = "ATTACK")]
        special: Option<String>,
        /// DragonQuest: a monster of several hexes tramples a figure it
        /// overran (29).
        #[arg(long)]
        trample: bool,
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
        /// Stop a battle after this many Melee Rounds (DragonQuest: Pulses), a draw.
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
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Check { scenario, json }) => match scenario::load_any(&scenario) {
            Ok(Loaded::DragonQuest(checked)) => {
                if json {
                    let json = report::dragonquest::check_json(&checked).to_string();
                    out(&format!("{}\n", hexmelee::text::printable_json(&json)));
                } else {
                    say!("{}", report::dragonquest::check_table(&checked));
                }
                ExitCode::SUCCESS
            }
            Ok(Loaded::Shakhan(checked)) => check(Ok(checked), json),
            Err(e) => check(Err(e), json),
        },
        Some(Command::Sim {
            scenario,
            seed,
            max_rounds,
            json,
            table_view,
            orders,
            save,
        }) => match scenario::load_any(&scenario) {
            Ok(Loaded::DragonQuest(checked)) => {
                let script = match orders.map(|o| DqScript::load(&o, &checked)).transpose() {
                    Ok(script) => script,
                    Err(e) => {
                        warn!("{e}");
                        return ExitCode::from(2);
                    }
                };
                let view = if table_view {
                    View::Table
                } else {
                    View::Referee
                };
                let log = report::dragonquest::simulate(
                    &checked,
                    seed,
                    max_rounds,
                    json,
                    view,
                    script.as_ref(),
                );
                // A battle the script could not play is not saved.
                if let (Some(out), Ok(_)) = (save, &log) {
                    let mut playing = script.as_ref().map(DqScript::playing);
                    let saved =
                        Session::<DqBattle>::open_file(&scenario, seed).and_then(|mut s| {
                            s.play_out(max_rounds, |b, p| match &mut playing {
                                Some(playing) => playing.answer(b, p),
                                None => hexmelee::sim::ai::dragonquest::answer(b, p),
                            })?;
                            Ok(s.save(&out)?)
                        });
                    if let Err(e) = saved {
                        warn!("{e}");
                        return ExitCode::from(2);
                    }
                }
                emit(&scenario, json, log)
            }
            Ok(Loaded::Shakhan(checked)) => {
                let script = match orders.map(|o| Script::load(&o, &checked)).transpose() {
                    Ok(script) => script,
                    Err(e) => {
                        warn!("{e}");
                        return ExitCode::from(2);
                    }
                };
                if let Some(out) = save {
                    let saved = session::Session::start_file(&scenario, seed).and_then(|mut s| {
                        s.play(max_rounds, |b, p| match &script {
                            Some(script) => script.answer(b, p),
                            None => hexmelee::sim::ai::answer(b, p),
                        })?;
                        Ok(s.save(&out)?)
                    });
                    if let Err(e) = saved {
                        warn!("{e}");
                        return ExitCode::from(2);
                    }
                }
                emit(
                    &scenario,
                    json,
                    report::simulate(
                        &checked,
                        seed,
                        max_rounds,
                        json,
                        table_view,
                        script.as_ref(),
                    ),
                )
            }
            Err(e) => check(Err(e), false),
        },
        Some(Command::Odds {
            scenario,
            attacker,
            defender,
            card,
            defense_card,
            weapon,
            aim,
            no_shield,
            impaled,
            through,
            range,
            close,
            charge,
            withdrawing,
            stunned,
            prone,
            evading,
            defensive,
            moving,
            sheltered,
            special,
            trample,
            json,
        }) => match scenario::load_any(&scenario) {
            Ok(Loaded::DragonQuest(checked)) => {
                let shakhan = [
                    ("--card", card.is_some()),
                    ("--defense-card", defense_card.is_some()),
                    ("--aim", aim.is_some()),
                    ("--no-shield", no_shield),
                    ("--impaled", impaled),
                ];
                if let Some((flag, _)) = shakhan.iter().find(|(_, given)| *given) {
                    warn!(
                        "{}: {flag} is for Shakhàn battles; a DragonQuest strike takes --through, --range, --close, --charge, --withdrawing, --stunned, --prone, --evading, --defensive, --moving, --sheltered, --special and --trample",
                        scenario.display()
                    );
                    return ExitCode::from(2);
                }
                let args = odds::dragonquest::DqOddsArgs {
                    attacker,
                    defender,
                    weapon,
                    range,
                    close,
                    through,
                    charge,
                    stunned,
                    prone,
                    evading,
                    defensive,
                    moving,
                    sheltered,
                    withdrawing,
                    special,
                    trample,
                };
                emit(
                    &scenario,
                    json,
                    odds::dragonquest::odds_report(&checked, &args, json),
                )
            }
            Ok(Loaded::Shakhan(checked)) => {
                let dragonquest = [
                    ("--through", through.is_some()),
                    ("--range", range.is_some()),
                    ("--close", close),
                    ("--charge", charge.is_some()),
                    ("--withdrawing", withdrawing),
                    ("--stunned", stunned),
                    ("--prone", prone),
                    ("--evading", evading),
                    ("--defensive", defensive),
                    ("--moving", moving),
                    ("--sheltered", sheltered),
                    ("--special", special.is_some()),
                    ("--trample", trample),
                ];
                if let Some((flag, _)) = dragonquest.iter().find(|(_, given)| *given) {
                    warn!(
                        "{}: {flag} is for DragonQuest battles; a Shakhàn strike takes --card, --defense-card, --aim, --no-shield and --impaled",
                        scenario.display()
                    );
                    return ExitCode::from(2);
                }
                let args = odds::OddsArgs {
                    attacker,
                    defender,
                    card: card.unwrap_or_else(|| "C".into()),
                    defense_card: defense_card.unwrap_or_else(|| "C".into()),
                    weapon,
                    aim,
                    no_shield,
                    impaled,
                };
                emit(
                    &scenario,
                    json,
                    odds::odds_report(&checked, &args, tables(), json),
                )
            }
            Err(e) => check(Err(e), false),
        },
        Some(Command::Batch {
            scenario,
            n,
            seed,
            max_rounds,
            threads,
            json,
        }) => match scenario::load_any(&scenario) {
            Ok(loaded) => {
                let (name, own_seed) = match &loaded {
                    Loaded::Shakhan(c) => (&c.scenario.name, c.scenario.seed),
                    Loaded::DragonQuest(c) => (&c.scenario.name, c.scenario.seed),
                };
                let spec = BatchSpec {
                    battles: n,
                    seed: seed.unwrap_or(own_seed),
                    max_rounds,
                };
                let threads = threads.map(|t| t as usize);
                let report = match &loaded {
                    Loaded::Shakhan(c) => {
                        batch::run_report(c, spec, threads, batch::ANSWERER, true)
                    }
                    Loaded::DragonQuest(c) => batch::run_report_of(
                        &c.spec,
                        name,
                        spec,
                        threads,
                        batch::DRAGONQUEST_ANSWERER,
                        true,
                    ),
                };
                emit(
                    &scenario,
                    json,
                    report.map(|r| {
                        if json {
                            format!("{}\n", r.json())
                        } else {
                            r.text()
                        }
                    }),
                )
            }
            Err(e) => check(Err(e), false),
        },
        Some(Command::CheckSave { file }) => match session::file::load_any(&file) {
            Ok(AnyLoaded::Shakhan(loaded)) => {
                warn_all(&loaded.warnings);
                say!("{}", session::describe(&loaded.session));
                ExitCode::SUCCESS
            }
            Ok(AnyLoaded::DragonQuest(loaded)) => {
                warn_all(&loaded.warnings);
                say!("{}", session::dragonquest::describe(&loaded.session));
                ExitCode::SUCCESS
            }
            Err(e) => {
                warn!("{e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Export {
            file,
            format,
            referee,
            out,
        }) => {
            let exported = session::file::load_any(&file).and_then(|loaded| {
                let format = match format {
                    ExportFormat::Text => export::Format::Text,
                    ExportFormat::Markdown => export::Format::Markdown,
                };
                let view = if referee { View::Referee } else { View::Table };
                let text = match loaded {
                    AnyLoaded::Shakhan(loaded) => {
                        warn_all(&loaded.warnings);
                        export::render(&loaded.session, format, view)
                    }
                    AnyLoaded::DragonQuest(loaded) => {
                        warn_all(&loaded.warnings);
                        export::render_dragonquest(&loaded.session, format)
                    }
                };
                match &out {
                    Some(out) => session::file::write_atomic(out, &text),
                    None => {
                        say!("{text}");
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
        }) => match (scenario, resume) {
            (_, Some(file)) => play(Start::Resume(file), light, seats),
            (Some(scenario), None) => play(Start::New(scenario, seed), light, seats),
            (None, None) => play(Start::Default, light, seats),
        },
        Some(Command::Replay { file, light }) => play(Start::Replay(file), light, None),
        None => play(Start::Default, cli.light, None),
    }
}

/// How the display opens.
enum Start {
    /// The embedded duel.
    Default,
    New(PathBuf, Option<u64>),
    /// A save, where it was left.
    Resume(PathBuf),
    /// A save, stepped through from its start.
    Replay(PathBuf),
}

/// Open the display, after every check that needs no terminal: a bad
/// scenario or save, or a missing terminal, exits 2 before raw mode is
/// entered.
fn play(start: Start, light: bool, seats: Option<std::net::SocketAddr>) -> ExitCode {
    let session = match open(&start) {
        Ok(Opened::Shakhan(s)) => *s,
        Ok(Opened::DragonQuest(s)) => return play_dragonquest(*s, start, light, seats.is_some()),
        Err(SessionError::Scenario(e)) => return check(Err(e), false),
        Err(e) => {
            warn!("{e}");
            return ExitCode::from(2);
        }
    };
    let link = match seats.map(bind_seats).transpose() {
        Ok(link) => link,
        Err(code) => return code,
    };
    if let Some(code) = no_terminal() {
        return code;
    }
    let mut app = App::from_session(session, light);
    app.autosave = autosave::dir().ok();
    match start {
        Start::Resume(file) => app.save_path = Some(file),
        Start::Replay(file) => {
            app.save_path = Some(file);
            app.start_replay();
        }
        Start::Default | Start::New(..) => app.offer_autosave(),
    }
    let port = match link.map(|link| open_seats(&mut app, link)).transpose() {
        Ok(port) => port,
        Err(code) => return code,
    };
    ended(terminal::run(app, port))
}

/// A battle opened for the display, of either ruleset.
enum Opened {
    Shakhan(Box<Session>),
    DragonQuest(Box<Session<DqBattle>>),
}

/// The session `start` names: its scenario or save says which ruleset.
fn open(start: &Start) -> Result<Opened, SessionError> {
    match start {
        Start::Default => Session::start(
            std::path::Path::new(scenario::DEFAULT_SCENARIO.0),
            scenario::DEFAULT_SCENARIO.1.to_string(),
            None,
        )
        .map(|s| Opened::Shakhan(Box::new(s))),
        Start::New(path, seed) => {
            let text = scenario::read_text(path, "a scenario", "docs/SCENARIOS.md")?;
            if scenario::ruleset_of(&text) == Some(scenario::RulesetName::DragonQuest) {
                Session::open(path, text, *seed).map(|s| Opened::DragonQuest(Box::new(s)))
            } else {
                Session::start(path, text, *seed).map(|s| Opened::Shakhan(Box::new(s)))
            }
        }
        Start::Resume(file) | Start::Replay(file) => match session::file::load_any(file)? {
            AnyLoaded::Shakhan(loaded) => {
                warn_all(&loaded.warnings);
                Ok(Opened::Shakhan(Box::new(loaded.session)))
            }
            AnyLoaded::DragonQuest(loaded) => {
                warn_all(&loaded.warnings);
                Ok(Opened::DragonQuest(Box::new(loaded.session)))
            }
        },
    }
}

/// The DragonQuest display (no player seats: docs/RULINGS.md, "No player
/// seats for DragonQuest").
fn play_dragonquest(
    session: Session<DqBattle>,
    start: Start,
    light: bool,
    seats: bool,
) -> ExitCode {
    if seats {
        warn!(
            "hexmelee: --seats is for Shakhàn battles, whose cards are chosen in secret; a DragonQuest Pulse has nothing sealed (each figure acts in its turn, in the open), so it is played at the laptop"
        );
        return ExitCode::from(2);
    }
    if let Some(code) = no_terminal() {
        return code;
    }
    let mut app = hexmelee::tui::dragonquest::App::from_session(session, light);
    app.autosave = autosave::dir().ok();
    match start {
        Start::Resume(file) => app.save_path = Some(file),
        Start::Replay(file) => {
            app.save_path = Some(file);
            app.start_replay();
        }
        Start::Default | Start::New(..) => app.offer_autosave(),
    }
    ended(terminal::run(app, None))
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
        Ok(terminal::Exit::Signal(n)) => {
            warn!("hexmelee: ended by signal {n}; the battle is autosaved");
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
fn bind_seats(addr: std::net::SocketAddr) -> Result<hexmelee::seats::Link, ExitCode> {
    use std::io::ErrorKind as K;
    hexmelee::seats::start(addr).map_err(|e| {
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
    })
}

/// Give every side a link, print them (the display shows them again with
/// their QR codes) and hand the server to the display.
#[cfg(feature = "seats")]
fn open_seats(
    app: &mut App,
    link: hexmelee::seats::Link,
) -> Result<Box<dyn hexmelee::seats::Port>, ExitCode> {
    use hexmelee::seats::{self, Token};
    let sides = app.battle().sides().len();
    let tokens = (0..sides)
        .map(|_| Token::generate())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| {
            warn!("hexmelee: {e}");
            ExitCode::from(2)
        })?;
    say!("hexmelee: player seats at http://{}\n", link.addr);
    for (side, token) in app.battle().sides().iter().zip(&tokens) {
        say!("  {}: {}\n", side.name, seats::link(link.addr, token));
    }
    app.open_seats(link.addr, tokens);
    Ok(Box::new(link))
}

/// Without the `seats` feature: said before anything else.
#[cfg(not(feature = "seats"))]
fn bind_seats(_: std::net::SocketAddr) -> Result<std::convert::Infallible, ExitCode> {
    warn!("hexmelee: this build has no player seats (cargo feature `seats`)");
    Err(ExitCode::from(2))
}

#[cfg(not(feature = "seats"))]
fn open_seats(
    _: &mut App,
    never: std::convert::Infallible,
) -> Result<Box<dyn hexmelee::seats::Port>, ExitCode> {
    match never {}
}

/// Exit 0 and print the factors when valid; exit 2 with every problem on
/// stderr when not.
fn check(loaded: Result<Checked, ScenarioError>, json: bool) -> ExitCode {
    match loaded {
        Ok(checked) => {
            if json {
                let json = report::factors_json(&checked).to_string();
                out(&format!("{}\n", hexmelee::text::printable_json(&json)));
            } else {
                say!("{}", report::factors_table(&checked));
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            warn!("{e}");
            warn!(
                "{} found",
                hexmelee::words::counted(e.problems.len(), "problem")
            );
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
            warn!("hexmelee: cannot write the output: {e}");
            std::process::exit(1);
        }
        std::process::exit(0);
    }
}

/// Print a command's output and exit 0, or its error after the file's name
/// and exit 2.
fn emit(
    file: &std::path::Path,
    json: bool,
    result: Result<String, impl std::fmt::Display>,
) -> ExitCode {
    match result {
        Ok(text) if json => {
            out(&hexmelee::text::printable_json(&text));
            ExitCode::SUCCESS
        }
        Ok(text) => {
            say!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            warn!("{}: {e}", file.display());
            ExitCode::from(2)
        }
    }
}
