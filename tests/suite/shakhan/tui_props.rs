//! Any sequence of key presses, clicks and resizes: the display never
//! panics, draws every frame, and changes the battle only through its
//! commands (a replay of them rebuilds the very same events).

use crate::tui_common;

use hexmelee::rulesets::shakhan::display::keys::Mode;
use hexmelee::rulesets::shakhan::engine::Battle;
use hexmelee::tui::input::Input;
use proptest::prelude::*;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use tui_common::*;

const KEYS: &str = "abcdefgtmsrRfnyidxvlAPT?q+-[] :uUhowkHW0169\u{a0}";

fn input() -> impl Strategy<Value = Input> {
    let key = prop_oneof![
        proptest::sample::select(KEYS.chars().collect::<Vec<_>>()).prop_map(KeyCode::Char),
        proptest::sample::select(vec![
            KeyCode::Enter,
            KeyCode::Esc,
            KeyCode::Tab,
            KeyCode::BackTab,
            KeyCode::Backspace,
            KeyCode::Up,
            KeyCode::Down,
            KeyCode::Left,
            KeyCode::Right,
            KeyCode::PageUp,
            KeyCode::Home,
            KeyCode::F(5),
        ]),
    ]
    .prop_map(|code| Input::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    let click = (0u16..130, 0u16..45, any::<bool>()).prop_map(|(column, row, scroll)| {
        Input::Mouse(MouseEvent {
            kind: if scroll {
                MouseEventKind::ScrollDown
            } else {
                MouseEventKind::Down(MouseButton::Left)
            },
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    });
    let resize = (1u16..220, 1u16..70).prop_map(|(w, h)| Input::Resize(w, h));
    prop_oneof![8 => key, 2 => click, 1 => resize, 1 => Just(Input::Tick)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn any_inputs_never_panic_and_change_the_battle_only_by_commands(
        inputs in proptest::collection::vec(input(), 1..120)
    ) {
        let mut app = duel(100, 30);
        for i in inputs {
            // Never quit half way: the point is to keep going.
            if let Input::Key(k) = i && k.code == KeyCode::Char('y') {
                continue;
            }
            app.handle(i);
            screen(&app);
        }
        let b = app.battle();
        let replayed = Battle::replay(app.checked(), app.seed(), b.commands()).unwrap();
        prop_assert_eq!(replayed.events(), b.events());
    }
}

/// Words the referee's command line knows, names, numbers of every size and
/// junk, in any order.
const WORDS: &[&str] = &[
    "wound",
    "heal",
    "set",
    "reserve",
    "place",
    "add",
    "copy",
    "remove",
    "morale",
    "initiative",
    "reroll",
    "quick",
    "hazard",
    "on",
    "off",
    "all",
    "pain",
    "bleed",
    "for",
    "Aulos",
    "Berrin",
    "aul",
    "Red",
    "Blue",
    "upper",
    "head",
    "legs",
    "STR",
    "AGIL",
    "BDR",
    "FPR",
    "PAIN",
    "broken",
    "routed",
    "N",
    "SW",
    "poison",
    "fall",
    "impact",
    "acid",
    "splash",
    "suffocation",
    "drain",
    "radiation",
    "temperature",
    "sleep",
    "exerting",
    "0",
    "1",
    "6",
    "-1",
    "-0",
    "1e9",
    "NaN",
    "4294967296",
    "500000000",
    "1000000000",
    "4294967295",
    "\u{a0}",
    "x\u{a0}",
    "99999999999999999999",
    "0.5",
    "(",
    ")",
    "\"",
    ":",
    "é",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any line typed on the referee's command line (with Tab completion
    /// pressed anywhere) gives an answer or an error, never a panic, and the
    /// battle changes only through the commands it makes.
    #[test]
    fn any_command_line_never_panics(
        lines in proptest::collection::vec(
            proptest::collection::vec((proptest::sample::select(WORDS), any::<bool>()), 0..8),
            1..6,
        )
    ) {
        let mut app = duel(120, 40);
        // Past the hand-over into the orders, where the map's keys (the view
        // among them) apply; the command line is the referee view's.
        press(&mut app, KeyCode::Enter);
        typed(&mut app, "vy");
        for line in lines {
            typed(&mut app, ":");
            prop_assert_eq!(app.mode(), Mode::Command);
            for (word, tab) in line {
                typed(&mut app, word);
                if tab {
                    press(&mut app, KeyCode::Tab);
                }
                typed(&mut app, " ");
            }
            press(&mut app, KeyCode::Enter);
            // A refused line stays open with its error; a line that worked
            // has closed, and Esc would leave the orders for the hand-over.
            if app.mode() == Mode::Command {
                press(&mut app, KeyCode::Esc);
            }
            screen(&app);
        }
        let b = app.battle();
        let replayed = Battle::replay(app.checked(), app.seed(), b.commands()).unwrap();
        prop_assert_eq!(replayed.events(), b.events());
    }
}
