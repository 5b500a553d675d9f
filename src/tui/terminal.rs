//! The terminal: raw mode, the alternate screen and mouse capture on the way
//! in; all of it undone on the way out — by a guard when the loop ends, by a
//! panic hook before a panic is printed — and the event loop between.

use std::io::{self, Stdout, stdout};
use std::time::Duration;

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

/// Run the display until the user quits.
pub fn run(mut app: App) -> io::Result<()> {
    let (_guard, mut terminal) = enter()?;
    let size = terminal.size()?;
    app.handle(Input::Resize(size.width, size.height));
    loop {
        terminal.draw(|frame| ui::draw(frame, &app))?;
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
            return Ok(());
        }
    }
}
