//! Shared by the DragonQuest display tests: an App on a shipped scenario,
//! keys pressed and typed, and the screen drawn on a `TestBackend`.

use std::path::Path;

use hexmelee::hex::Hex;
use hexmelee::rulesets::dragonquest::display::{App, ui};
use hexmelee::rulesets::dragonquest::engine::Battle;
use hexmelee::session::Session;
use hexmelee::tui::input::Input;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The App on `scenarios/<name>` at its seed, on a `w`×`h` terminal.
pub fn open(name: &str, w: u16, h: u16) -> App {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(name);
    let session = Session::<Battle>::open_file(&path, None).unwrap();
    let mut app = App::from_session(session, false);
    app.handle(Input::Resize(w, h));
    app
}

/// One key, with Shift for a capital letter as a terminal sends it.
pub fn press(app: &mut App, code: KeyCode) {
    let modifiers = match code {
        KeyCode::Char(c) if c.is_ascii_uppercase() => KeyModifiers::SHIFT,
        _ => KeyModifiers::NONE,
    };
    app.handle(Input::Key(KeyEvent::new(code, modifiers)));
}

/// The arrows, a hex at a time, until the cursor is on `to`.
pub fn cursor_to(app: &mut App, to: Hex) {
    while app.map.cursor.col != to.col {
        let key = if app.map.cursor.col < to.col {
            KeyCode::Right
        } else {
            KeyCode::Left
        };
        press(app, key);
    }
    while app.map.cursor.row != to.row {
        let key = if app.map.cursor.row < to.row {
            KeyCode::Down
        } else {
            KeyCode::Up
        };
        press(app, key);
    }
}

/// Each character of `text` as a key.
pub fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

/// The whole screen as text, one line a row, trailing blanks cut.
pub fn screen(app: &App) -> String {
    let (w, h) = (app.size.width, app.size.height);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| ui::draw(f, app)).unwrap();
    let buf = terminal.backend().buffer();
    (0..h)
        .map(|y| {
            let line: String = (0..w).map(|x| buf[(x, y)].symbol()).collect();
            line.trim_end().to_string() + "\n"
        })
        .collect()
}
