//! The terminal: raw mode, the alternate screen and mouse capture on the way
//! in; all of it undone on the way out — by a guard when the loop ends, by a
//! panic hook before a panic is printed, and after a signal (TERM, INT, HUP,
//! QUIT) by the loop within a tick, or by a watchman thread when the loop
//! cannot — and the event loop between.

use std::io::{self, Stdout, stdout};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
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

use super::app::{App, Effect, Input};
use super::ui;

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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// The user quit.
    Quit,
    /// A signal (its number) ended it; the terminal is restored and the
    /// battle autosaved.
    Signal(i32),
}

/// How long the loop has to end by itself after a signal before the
/// watchman restores the terminal and exits for it. The loop notices within a
/// tick; it cannot when the terminal is gone (crossterm then spins reading
/// its end of file and `poll` never returns).
const GRACE: Duration = Duration::from_secs(1);

/// The signals that end the display. A handler may do almost nothing
/// safely, so signal-hook's own thread receives them: it records the number
/// for the loop, and if the loop has not ended after [`GRACE`], restores the
/// terminal and exits with 128 + the number itself.
fn watch_signals() -> io::Result<Arc<AtomicUsize>> {
    let caught = Arc::new(AtomicUsize::new(0));
    let mut signals = Signals::new([SIGTERM, SIGINT, SIGHUP, SIGQUIT])?;
    let seen = Arc::clone(&caught);
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            seen.store(signal as usize, Ordering::Relaxed);
            std::thread::sleep(GRACE);
            restore();
            std::process::exit(128 + signal);
        }
    });
    Ok(caught)
}

/// Run the display until the user quits or a signal ends it.
pub fn run(mut app: App) -> io::Result<Exit> {
    let caught = watch_signals()?;
    let (_guard, mut terminal) = enter()?;
    let size = terminal.size()?;
    app.handle(Input::Resize(size.width, size.height));
    loop {
        let signal = caught.load(Ordering::Relaxed);
        if signal != 0 {
            app.save_on_exit();
            return Ok(Exit::Signal(signal as i32));
        }
        // A closed terminal (HUP) fails to draw: end as for the signal.
        if terminal.draw(|frame| ui::draw(frame, &app)).is_err() {
            app.save_on_exit();
            return Ok(Exit::Signal(SIGHUP));
        }
        let input = if event::poll(TICK)? {
            match event::read()? {
                Event::Key(k) => Input::Key(k),
                Event::Mouse(m) => Input::Mouse(m),
                Event::Resize(w, h) => Input::Resize(w, h),
                _ => continue,
            }
        } else {
            Input::Tick
        };
        if app.handle(input) == Effect::Quit {
            return Ok(Exit::Quit);
        }
    }
}
