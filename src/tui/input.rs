//! What the terminal loop and every ruleset's display say to each other:
//! an input, already translated from the terminal's events; what the loop
//! does after it; a line for the user under the panels.

use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseEvent};

/// One input, already translated from the terminal's events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    Key(KeyEvent),
    Mouse(MouseEvent),
    Resize(u16, u16),
    /// Time passes: AI sides answer by themselves when the pace is auto.
    Tick,
}

/// What the loop should do after an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    Continue,
    Quit,
}

/// A line for the user under the panels: what happened, or why not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub text: String,
    pub error: bool,
}

/// A key as help and hints spell it.
pub fn key_name(key: KeyCode) -> String {
    use KeyCode::{
        BackTab, Backspace, Char as C, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right,
        Tab, Up,
    };
    match key {
        C(' ') => "Space".into(),
        C(c) => c.to_string(),
        Enter => "Enter".into(),
        Esc => "Esc".into(),
        Tab => "Tab".into(),
        BackTab => "Shift-Tab".into(),
        Backspace => "Backspace".into(),
        Up => "↑".into(),
        Down => "↓".into(),
        Left => "←".into(),
        Right => "→".into(),
        PageUp => "PgUp".into(),
        PageDown => "PgDn".into(),
        Home => "Home".into(),
        End => "End".into(),
        other => format!("{other:?}"),
    }
}
