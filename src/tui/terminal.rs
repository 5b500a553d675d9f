//! The terminal: raw mode, the alternate screen and mouse capture on the way
//! in; all of it undone on the way out — by a guard when the loop ends, by a
//! panic hook before a panic is printed, and after a signal (TERM, INT, HUP,
//! QUIT) by the loop within a tick, or by a watchman thread when the loop
//! cannot — and the event loop between. A signal does not end the process
//! while the display is working on an input (an AI at its move): the
//! watchman gives the terminal back and waits, up to a bound, for the
//! input's end, so the last command done is on disk; a second signal ends
//! it at once.

use std::io::{self, Stdout, stdout};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
use signal_hook::iterator::Signals;

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

use ratatui::Frame;

use super::input::{Effect, Input};
use crate::seats::{Bound, Token};
use crate::session::autosave::LastSave;

/// How a display begins, once it has a terminal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Begin {
    /// A new battle: offer the scenario's autosave, if one was left.
    Fresh,
    /// A save, where it was left; saves go back to it.
    Resume(PathBuf),
    /// A save, stepped through from its start.
    Replay(PathBuf),
}

/// A display the loop can run: each ruleset's App.
pub trait Screen {
    /// Start: autosaves go into the folder `autosave`, or, when there is
    /// none (why), none are written and the display says so.
    fn begin(&mut self, autosave: Result<PathBuf, String>, how: Begin);
    /// The sides a player seat may seal orders for, by name; or, for a
    /// ruleset whose orders are not sealed, why it serves no seats.
    fn seat_sides(&self) -> Result<Vec<String>, String>;
    /// Serve the player seats at `bound`, one token a side (asked only when
    /// [`Screen::seat_sides`] gave the sides).
    fn open_seats(&mut self, _bound: Bound, _tokens: Vec<Token>) -> io::Result<()> {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "this display serves no player seats",
        ))
    }
    fn handle(&mut self, input: Input) -> Effect;
    /// Pure: reads the display and writes cells.
    fn draw(&self, frame: &mut Frame);
    /// The last autosave, when a signal or a hang-up ends the display, and
    /// what it left on disk.
    fn save_on_exit(&mut self) -> LastSave;
    /// Carry what the display and the player seats' server have for each
    /// other (nothing, for a display without seats).
    fn exchange(&mut self) {}
}

/// How often time passes for the auto pace.
const TICK: Duration = Duration::from_millis(200);

/// Undo everything `enter` did. Safe to call twice (guard and panic hook).
pub fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(stdout(), DisableMouseCapture, LeaveAlternateScreen, Show);
}

/// Restores the terminal when dropped, however the loop ends.
struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

fn enter() -> io::Result<(Guard, Terminal<CrosstermBackend<Stdout>>)> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        hook(info);
    }));
    enable_raw_mode()?;
    let guard = Guard;
    execute!(stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    let terminal = Terminal::new(CrosstermBackend::new(stdout()))?;
    Ok((guard, terminal))
}

/// How the display ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Exit {
    /// The user quit.
    Quit,
    /// A signal (its number) ended it; the terminal is restored, and what
    /// the last autosave left on disk.
    Signal(i32, LastSave),
}

/// How long the loop has to end by itself after a signal before the
/// watchman restores the terminal and exits for it. The loop notices within a
/// tick; it cannot when the terminal is gone (crossterm then spins reading
/// its end of file and `poll` never returns).
const GRACE: Duration = Duration::from_secs(1);

/// How long the watchman waits, terminal restored, for an input under way
/// to end (the AI's longest move at the stated limits is about a second;
/// RELIABILITY.md) before it gives up on the last autosave and exits.
const LAST_WORK: Duration = Duration::from_secs(20);

/// The signal caught (0: none yet). Process-wide, as signals are: a display
/// busy with a long run of answers asks [`signalled`] between them.
static CAUGHT: AtomicUsize = AtomicUsize::new(0);

/// Whether a signal has asked the display to end: a run of the AI's
/// answers stops at the next command, so the loop can save and leave.
pub fn signalled() -> bool {
    CAUGHT.load(Ordering::Relaxed) != 0
}

/// The signals that end the display. A handler may do almost nothing
/// safely, so signal-hook's own thread receives them: it records the number
/// for the loop, and if the loop has not ended after [`GRACE`], restores the
/// terminal and ([`grace`]) waits for the loop at an input; a second signal
/// ends the wait at once.
fn watch_signals() -> io::Result<Watch> {
    let watch = Watch::default();
    let mut signals = Signals::new([SIGTERM, SIGINT, SIGHUP, SIGQUIT])?;
    let seen = watch.clone();
    std::thread::spawn(move || {
        let mut first = None;
        for signal in signals.forever() {
            match first {
                None => {
                    first = Some(signal);
                    CAUGHT.store(signal as usize, Ordering::Relaxed);
                    let seen = seen.clone();
                    std::thread::spawn(move || grace(&seen, signal));
                }
                // A second signal: leave now, unless the loop is saving.
                Some(first) if !seen.handled.load(Ordering::Relaxed) => {
                    restore();
                    eprintln!(
                        "hexmelee: ended by a second signal before the move under way was done: the battle on disk is the last autosave written before it"
                    );
                    std::process::exit(128 + first);
                }
                Some(_) => {}
            }
        }
    });
    Ok(watch)
}

/// After the first signal: give the loop [`GRACE`] to take it; then
/// restore the terminal and, while the display is at an input, wait up to
/// [`LAST_WORK`] for it to save and leave; else exit for it.
fn grace(seen: &Watch, signal: i32) {
    std::thread::sleep(GRACE);
    // The loop took it and is saving: its own way out restores.
    if seen.handled.load(Ordering::Relaxed) {
        return;
    }
    restore();
    if seen.working.load(Ordering::Relaxed) {
        eprintln!(
            "hexmelee: signal {signal}: saving once the move under way is done (signal again to leave now)"
        );
        let deadline = std::time::Instant::now() + LAST_WORK;
        while std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
            if seen.handled.load(Ordering::Relaxed) {
                return;
            }
        }
        eprintln!(
            "hexmelee: ended by signal {signal} before the move under way was done: the battle on disk is the last autosave written before it"
        );
    }
    std::process::exit(128 + signal);
}

/// What the signal thread and the loop share: whether the loop is at an
/// input (not waiting on the terminal), and whether it has taken the signal.
#[derive(Clone, Default)]
struct Watch {
    working: Arc<AtomicBool>,
    handled: Arc<AtomicBool>,
}

/// Run the display until the user quits or a signal ends it.
pub fn run(app: &mut dyn Screen) -> io::Result<Exit> {
    let watch = watch_signals()?;
    let (_guard, mut terminal) = enter()?;
    let size = terminal.size()?;
    app.handle(Input::Resize(size.width, size.height));
    // Leave after the last autosave, as for a hang-up or the signal caught.
    let leave = |app: &mut dyn Screen, signal: i32| {
        watch.handled.store(true, Ordering::Relaxed);
        Ok(Exit::Signal(signal, app.save_on_exit()))
    };
    loop {
        let signal = CAUGHT.load(Ordering::Relaxed);
        if signal != 0 {
            return leave(app, signal as i32);
        }
        app.exchange();
        // A closed terminal (HUP) fails to draw or read: end as for the signal.
        if terminal.draw(|frame| app.draw(frame)).is_err() {
            return leave(app, SIGHUP);
        }
        let Ok(ready) = event::poll(TICK) else {
            return leave(app, SIGHUP);
        };
        let input = if ready {
            match event::read() {
                Ok(Event::Key(k)) => Input::Key(k),
                Ok(Event::Mouse(m)) => Input::Mouse(m),
                Ok(Event::Resize(w, h)) => Input::Resize(w, h),
                Ok(_) => continue,
                Err(_) => return leave(app, SIGHUP),
            }
        } else {
            Input::Tick
        };
        watch.working.store(true, Ordering::Relaxed);
        let effect = app.handle(input);
        // A signal caught at work is taken before the watchman can see the
        // loop idle and exit for it.
        let signal = CAUGHT.load(Ordering::Relaxed);
        if signal != 0 {
            return leave(app, signal as i32);
        }
        watch.working.store(false, Ordering::Relaxed);
        if effect == Effect::Quit {
            return Ok(Exit::Quit);
        }
    }
}
