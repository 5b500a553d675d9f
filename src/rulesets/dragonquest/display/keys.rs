//! The DragonQuest display's keys: one table driving handling, the hint
//! bar and help. The map keys are Shakhàn's (arrows, `x`, `+`/`-`, `v`),
//! and so are the session's (`u`, `U`, `S`, `q`, `?`).

use ratatui::crossterm::event::KeyCode::{
    self, BackTab, Backspace, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Tab, Up,
};

use super::overlay::Overlay;

/// What a key asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// Answer with the highlighted choice.
    Play,
    /// Highlight choice n (from 0).
    Pick(usize),
    Down,
    Up,
    /// The AI answers this question.
    AiNow,
    /// The AI answers until the Pulse ends.
    AiPulse,
    /// The AI answers to the end of the battle.
    AiBattle,
    /// The AI plays the side asked from now on (again: a person).
    AiSide,
    NextActor,
    NextFoe,
    /// The Referee's word on the figure under the cursor.
    Referee,
    /// A waypoint at the cursor: the path goes through it (21.1).
    Waypoint,
    /// Take back the last waypoint (or the end facing).
    Unwaypoint,
    /// Turn the path's end facing by hexsides (+1 clockwise).
    TurnEnd(i32),
    /// Forget the path drawn: the cheapest route again.
    ClearRoute,
    Cursor(i32, i32),
    Threats,
    ZoomIn,
    ZoomOut,
    View,
    Undo,
    Redo,
    Save,
    LogUp,
    LogDown,
    LogTop,
    LogLatest,
    Help,
    Quit,
    ConfirmQuit,
    Yes,
    Back,
    /// The session's history: the list, replay stepping, export, legend.
    Story(Story),
}

/// The history's keys (`app/history.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Story {
    /// Open the history list.
    History,
    /// Choose the point `n` before (negative) or after.
    HistoryMove(i32),
    /// Go to the chosen point.
    HistoryGo,
    /// Replay: a command forward or back.
    Step(i32),
    /// Replay: a Pulse forward (true) or back.
    StepPulse(bool),
    /// Replay: the start (false) or the end (true) of the log.
    ReplayEnd(bool),
    /// Leave replay and play on from here.
    PlayHere,
    Export,
    Legend,
    /// Scroll the legend by rows.
    LegendScroll(i32),
    /// Scroll the help by this many rows.
    HelpScroll(i32),
}

/// One row of the keymap: the keys, the hint bar's label (empty: not on
/// the bar), the help's line.
pub struct Binding {
    pub keys: &'static [KeyCode],
    pub label: &'static str,
    pub help: &'static str,
    pub key: Key,
}

const fn b(keys: &'static [KeyCode], label: &'static str, help: &'static str, key: Key) -> Binding {
    Binding {
        keys,
        label,
        help,
        key,
    }
}

use KeyCode::Char as C;

/// The battle's keys, in the order the hint bar shows them.
pub const BATTLE: &[Binding] = &[
    b(
        &[Enter],
        "Enter play",
        "answer with the highlighted choice (at first the AI's)",
        Key::Play,
    ),
    b(
        &[C('j'), PageDown],
        "j/k choice",
        "highlight the next choice",
        Key::Down,
    ),
    b(
        &[C('k'), PageUp],
        "",
        "highlight the choice before",
        Key::Up,
    ),
    b(
        &[C('1')],
        "1-9 pick",
        "highlight choice 1 to 9",
        Key::Pick(0),
    ),
    b(
        &[C('a')],
        "a AI",
        "the AI answers this question",
        Key::AiNow,
    ),
    b(
        &[C('p')],
        "p pulse",
        "the AI answers for everyone to the end of this Pulse",
        Key::AiPulse,
    ),
    b(
        &[C('B')],
        "B battle",
        "the AI answers for everyone to the end of the battle",
        Key::AiBattle,
    ),
    b(
        &[C('A')],
        "A side",
        "the AI plays the side asked from now on (an NPC side); A again: a person",
        Key::AiSide,
    ),
    b(
        &[Up, Down, Left, Right],
        "←↑↓→ cursor",
        "move the map cursor (the mouse clicks too): on a foe, charge it; on a hex, go there",
        Key::Cursor(0, 0),
    ),
    b(
        &[C('w')],
        "",
        "draw the path: a waypoint at the cursor; the path goes through the waypoints in order, then to the cursor",
        Key::Waypoint,
    ),
    b(
        &[C('W')],
        "",
        "take back the last waypoint (or the end facing)",
        Key::Unwaypoint,
    ),
    b(
        &[C('<')],
        "",
        "turn the path's end (or the next waypoint) anticlockwise",
        Key::TurnEnd(-1),
    ),
    b(
        &[C('>')],
        "",
        "turn the path's end (or the next waypoint) clockwise",
        Key::TurnEnd(1),
    ),
    b(
        &[Esc],
        "",
        "forget the path drawn: the cheapest route to the cursor again",
        Key::ClearRoute,
    ),
    b(
        &[C('t')],
        "t foe",
        "the cursor to the next foe",
        Key::NextFoe,
    ),
    b(
        &[Tab, BackTab],
        "Tab who",
        "in a side's turn: the next of its ready figures acts",
        Key::NextActor,
    ),
    b(
        &[C('v')],
        "v view",
        "switch table view / referee view (the Referee's numbers; asks first)",
        Key::View,
    ),
    b(
        &[C('r')],
        "",
        "the Referee's word on the figure under the cursor: falls or gets up, Stunned, damage, mount runs on, side flees (referee view; asks first)",
        Key::Referee,
    ),
    b(
        &[C('u'), Backspace],
        "u undo",
        "undo, back to the last question a person answered",
        Key::Undo,
    ),
    b(&[C('U')], "U redo", "redo what was undone", Key::Redo),
    b(
        &[C('S')],
        "S save",
        "save the battle to a file (asks where)",
        Key::Save,
    ),
    b(
        &[C('h')],
        "",
        "history: every Pulse and action so far, to jump back (or forward) to",
        Key::Story(Story::History),
    ),
    b(
        &[C('E')],
        "",
        "export the log as Markdown and text beside the save (the Referee's record)",
        Key::Story(Story::Export),
    ),
    b(
        &[C('x')],
        "",
        "threats: every hex a foe's Melee Zone covers, with the count",
        Key::Threats,
    ),
    b(
        &[C('L')],
        "",
        "legend: what the map's marks mean",
        Key::Story(Story::Legend),
    ),
    b(&[C('+'), C('=')], "", "zoom in", Key::ZoomIn),
    b(&[C('-')], "", "zoom out", Key::ZoomOut),
    b(&[C('[')], "", "the log a page back", Key::LogUp),
    b(&[C(']')], "", "the log a page on", Key::LogDown),
    b(&[C('{')], "", "the log's first line", Key::LogTop),
    b(&[C('}')], "", "the log's latest line", Key::LogLatest),
    b(&[C('?')], "? help", "help: every key", Key::Help),
    b(
        &[C('q')],
        "q quit",
        "quit (asks first; the battle is autosaved)",
        Key::Quit,
    ),
];

/// On the hint bar ahead of the battle's keys while a path is in play (the
/// highlighted choice walks one, or one is drawn); the keys are the
/// battle's.
const DRAWING: &[Binding] = &[
    b(&[C('w')], "w waypoint", "", Key::Waypoint),
    b(&[C('<')], "<> facing", "", Key::TurnEnd(-1)),
    b(&[C('W')], "W back", "", Key::Unwaypoint),
    b(&[Esc], "Esc cheapest", "", Key::ClearRoute),
];

const CONFIRM: &[Binding] = &[
    b(&[C('y')], "y yes", "yes", Key::Yes),
    b(&[C('n'), Esc], "n no", "no", Key::Back),
];

/// The Referee's menu (its keys are taken before the keymap; these are for
/// the hint bar).
const WORD: &[Binding] = &[
    b(&[C('1')], "1-9 ruling", "", Key::Pick(0)),
    b(&[Up], "←↑↓→/t on whom", "", Key::Cursor(0, 0)),
    b(&[Esc], "Esc cancel", "", Key::Back),
];

const SPELL: &[Binding] = &[
    b(&[C('1')], "1-9 effect", "", Key::Pick(0)),
    b(&[Up], "←↑↓→/t on whom", "", Key::Cursor(0, 0)),
    b(&[Enter], "Enter cast", "", Key::Play),
    b(&[Backspace], "Backspace undo effect", "", Key::Back),
    b(&[Esc], "Esc cancel", "", Key::Back),
];

const HELP: &[Binding] = &[
    b(
        &[Up, C('k')],
        "↑↓ PgUp PgDn scroll",
        "",
        Key::Story(Story::HelpScroll(-1)),
    ),
    b(&[Down, C('j')], "", "", Key::Story(Story::HelpScroll(1))),
    b(&[PageUp], "", "", Key::Story(Story::HelpScroll(-10))),
    b(&[PageDown], "", "", Key::Story(Story::HelpScroll(10))),
    b(
        &[Esc, C('?'), C('q')],
        "Esc close",
        "close the help",
        Key::Back,
    ),
];

/// `hexmelee replay`: stepping through a saved battle; nothing is played
/// until `p`.
pub const REPLAY: &[Binding] = &[
    b(
        &[C('.')],
        "., step",
        "a command forward (.) or back (,)",
        Key::Story(Story::Step(1)),
    ),
    b(&[C(',')], "", "", Key::Story(Story::Step(-1))),
    b(
        &[C(']')],
        "[] pulse",
        "a Pulse forward (]) or back ([)",
        Key::Story(Story::StepPulse(true)),
    ),
    b(&[C('[')], "", "", Key::Story(Story::StepPulse(false))),
    b(
        &[Home],
        "Home start",
        "the start of the battle",
        Key::Story(Story::ReplayEnd(false)),
    ),
    b(
        &[End],
        "End end",
        "the end of the battle as saved",
        Key::Story(Story::ReplayEnd(true)),
    ),
    b(
        &[C('p')],
        "p play here",
        "play on from here: leave the replay (the next answer drops the rest of the log)",
        Key::Story(Story::PlayHere),
    ),
    b(
        &[C('h')],
        "h history",
        "history: jump to any point",
        Key::Story(Story::History),
    ),
    b(
        &[C('E')],
        "E export",
        "export the log up to here as Markdown and text",
        Key::Story(Story::Export),
    ),
    b(
        &[Up, Down, Left, Right],
        "",
        "move the map cursor",
        Key::Cursor(0, 0),
    ),
    b(&[C('x')], "", "threats", Key::Threats),
    b(&[C('+'), C('=')], "", "zoom in", Key::ZoomIn),
    b(&[C('-')], "", "zoom out", Key::ZoomOut),
    b(&[C('v')], "", "switch table view / referee view", Key::View),
    b(&[C('L')], "", "legend", Key::Story(Story::Legend)),
    b(&[C('?')], "? help", "help: every key", Key::Help),
    b(&[C('q')], "q quit", "quit (asks first)", Key::Quit),
];

/// The history list.
pub const HISTORY: &[Binding] = &[
    b(
        &[Up, C('k')],
        "↑↓ choose",
        "the point before or after",
        Key::Story(Story::HistoryMove(-1)),
    ),
    b(&[Down, C('j')], "", "", Key::Story(Story::HistoryMove(1))),
    b(
        &[PageUp],
        "",
        "ten points back (PgDn: on)",
        Key::Story(Story::HistoryMove(-10)),
    ),
    b(&[PageDown], "", "", Key::Story(Story::HistoryMove(10))),
    b(
        &[Enter],
        "Enter go",
        "go to the chosen point (replays the log to it; U or the list comes back)",
        Key::Story(Story::HistoryGo),
    ),
    b(&[Esc, C('h')], "Esc back", "back to the map", Key::Back),
];

const LEGEND: &[Binding] = &[
    b(
        &[Up, C('k')],
        "↑↓ scroll",
        "",
        Key::Story(Story::LegendScroll(-1)),
    ),
    b(&[Down, C('j')], "", "", Key::Story(Story::LegendScroll(1))),
    b(&[Esc, C('L'), C('q')], "Esc close", "", Key::Back),
];

/// The keys that apply under `overlay`.
pub fn bindings(overlay: Option<&Overlay>) -> &'static [Binding] {
    match overlay {
        None => BATTLE,
        Some(Overlay::Help) => HELP,
        Some(Overlay::Replay) => REPLAY,
        Some(Overlay::History) => HISTORY,
        Some(Overlay::Legend) => LEGEND,
        Some(Overlay::Quit | Overlay::ViewConfirm | Overlay::Resume) => CONFIRM,
        // Typed characters are taken before the keymap.
        Some(Overlay::SaveAs(_)) => &[],
        Some(Overlay::Word(w)) if w.caster.is_some() => SPELL,
        Some(Overlay::Word(_)) => WORD,
    }
}

/// The keys the hint bar offers under `overlay`: the path's first while
/// one is `drawing`.
pub fn hinted(overlay: Option<&Overlay>, drawing: bool) -> Vec<&'static Binding> {
    let path = if overlay.is_none() && drawing {
        DRAWING
    } else {
        &[]
    };
    path.iter().chain(bindings(overlay)).collect()
}

/// The action `key` asks for under `overlay`; arrows carry their direction,
/// digits their number.
pub fn action(overlay: Option<&Overlay>, key: KeyCode) -> Option<Key> {
    if overlay.is_none()
        && let C(d @ '1'..='9') = key
    {
        return Some(Key::Pick(d as usize - '1' as usize));
    }
    let found = bindings(overlay).iter().find(|b| b.keys.contains(&key))?;
    Some(match (found.key, key) {
        (Key::Cursor(..), Up) => Key::Cursor(0, -1),
        (Key::Cursor(..), Down) => Key::Cursor(0, 1),
        (Key::Cursor(..), Left) => Key::Cursor(-1, 0),
        (Key::Cursor(..), Right) => Key::Cursor(1, 0),
        (k, _) => k,
    })
}
