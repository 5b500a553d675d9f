//! Shared by the TUI tests: build an app, feed it keys, draw it on a
//! `TestBackend` and read the screen back as text.

use hexmelee::rulesets::shakhan::display::app::App;
use hexmelee::rulesets::shakhan::display::ui;
use hexmelee::rulesets::shakhan::scenario::Checked;
use hexmelee::tui::input::Input;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

pub fn shipped(name: &str) -> Checked {
    hexmelee::rulesets::shakhan::scenario::load(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(name),
    )
    .unwrap()
}

/// The embedded duel at its own seed, on a `w`×`h` screen, as the table
/// plays it: the standing answers given without a key.
pub fn duel_at_table(w: u16, h: u16) -> App {
    let checked = hexmelee::rulesets::shakhan::scenario::default_scenario().unwrap();
    let seed = checked.scenario.seed;
    let mut app = App::new(checked, seed, false).unwrap();
    app.handle(Input::Resize(w, h));
    app
}

/// The embedded duel with every question asked at its prompt, for the
/// tests that walk through the prompts one by one.
pub fn duel(w: u16, h: u16) -> App {
    let mut app = duel_at_table(w, h);
    asking(&mut app);
    app
}

/// Every question asked at its prompt: no standing answers.
pub fn asking(app: &mut App) {
    app.set_standing(hexmelee::rulesets::shakhan::display::app::Standing::asking());
}

pub fn press(app: &mut App, code: KeyCode) {
    let modifiers = match code {
        KeyCode::Char(c) if c.is_ascii_uppercase() => KeyModifiers::SHIFT,
        _ => KeyModifiers::NONE,
    };
    app.handle(Input::Key(KeyEvent::new(code, modifiers)));
}

/// Press each character of `keys` in turn.
pub fn typed(app: &mut App, keys: &str) {
    for c in keys.chars() {
        press(app, KeyCode::Char(c));
    }
}

/// The screen as text, one line per row, trailing spaces trimmed.
pub fn screen(app: &App) -> String {
    let (w, h) = (app.size.width, app.size.height);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| ui::draw(f, app)).unwrap();
    let buf = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..h {
        let mut line = String::new();
        for x in 0..w {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// One row of the screen and, under it, `^` under every reversed cell
/// (the lit phase, the selected figure): styles a text snapshot can see.
pub fn row_with_marks(app: &App, y: u16) -> String {
    use ratatui::style::Modifier;
    let (w, h) = (app.size.width, app.size.height);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| ui::draw(f, app)).unwrap();
    let buf = terminal.backend().buffer();
    let (mut text, mut marks) = (String::new(), String::new());
    for x in 0..w {
        let cell = &buf[(x, y)];
        text.push_str(cell.symbol());
        marks.push(if cell.modifier.contains(Modifier::REVERSED) {
            '^'
        } else {
            ' '
        });
    }
    format!("{}\n{}\n", text.trim_end(), marks.trim_end())
}

/// The keys a referee presses for whatever the app waits on now.
pub fn answer_by_keys(app: &mut App) {
    use hexmelee::rulesets::shakhan::display::keys::Mode;
    match app.mode() {
        Mode::Handover => press(app, KeyCode::Enter),
        Mode::Orders => {
            typed(app, "c");
            press(app, KeyCode::Enter);
        }
        Mode::Priority => typed(app, "f"),
        Mode::Divine => typed(app, "n"),
        Mode::Movement => typed(app, "r "),
        Mode::Shield => typed(app, "y"),
        Mode::Busy => typed(app, "d"),
        Mode::Dodge => typed(app, "k"),
        Mode::DodgeBlow => typed(app, "y"),
        Mode::Pairings | Mode::AiTurn => typed(app, " "),
        other => panic!("nothing to answer in {other:?}"),
    }
}
