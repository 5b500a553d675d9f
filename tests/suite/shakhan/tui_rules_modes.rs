//! The display answers the prompts the rules beyond the sword bring — a
//! trampled figure's Dodge (16.11), Quick Melee pairings (16.12) and each
//! figure's own Action Phase under the Optional Initiative System (16.9.10) —
//! by keys, with every side human, until the battle ends.

use crate::tui_common;

use hexmelee::rulesets::shakhan::display::app::App;
use hexmelee::rulesets::shakhan::display::keys::Mode;
use hexmelee::rulesets::shakhan::engine::Event;
use hexmelee::tui::input::Input;
use ratatui::crossterm::event::KeyCode;
use tui_common::*;

/// A shipped scenario with `options` added to its own.
fn with_options(name: &str, options: &str) -> App {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let text = if text.contains("options: (") {
        text.replacen("options: (", &format!("options: ({options}, "), 1)
    } else {
        text.replacen(
            "ruleset: Shakhan,",
            &format!("ruleset: Shakhan, options: ({options}),"),
            1,
        )
    };
    let checked = hexmelee::rulesets::shakhan::scenario::parse(&path, &text).unwrap();
    let seed = checked.scenario.seed;
    let mut app = App::new(checked, seed, false).unwrap();
    asking(&mut app);
    app.handle(Input::Resize(160, 50));
    app
}

/// Answer every prompt by the keys a referee would press; return the modes
/// met on the way.
fn play_by_keys(app: &mut App) -> Vec<Mode> {
    let mut seen = Vec::new();
    for _ in 0..2000 {
        let mode = app.mode();
        if !seen.contains(&mode) {
            seen.push(mode);
        }
        match mode {
            Mode::Finished => return seen,
            Mode::Handover => press(app, KeyCode::Enter),
            Mode::Orders => {
                typed(app, "R");
                press(app, KeyCode::Enter);
            }
            Mode::Priority => typed(app, "f"),
            Mode::Divine => typed(app, "n"),
            Mode::Movement => typed(app, "r "),
            Mode::Shield => typed(app, "y"),
            Mode::Busy => typed(app, "d"),
            Mode::Dodge => typed(app, "k"),
            Mode::DodgeBlow => typed(app, "y"),
            Mode::Pairings => typed(app, " "),
            other => panic!("nothing to answer in {other:?}"),
        }
    }
    panic!("the battle did not end; modes seen: {seen:?}");
}

#[test]
fn s16_11_a_trampled_figure_dodges_by_key() {
    let mut app = with_options("beast.ron", "dodge_dmod: 3.0");
    let seen = play_by_keys(&mut app);
    assert!(seen.contains(&Mode::Dodge), "{seen:?}");
    assert!(
        app.battle()
            .events()
            .iter()
            .any(|e| matches!(e, Event::Trample(_)))
    );
    assert!(screen(&app).contains(" won after ") || screen(&app).contains("Nobody"));
}

#[test]
fn s16_12_quick_melee_pairings_are_accepted_by_key() {
    let mut app = with_options("duel.ron", "quick_melee: true");
    let seen = play_by_keys(&mut app);
    assert!(seen.contains(&Mode::Pairings), "{seen:?}");
    assert!(
        app.battle()
            .events()
            .iter()
            .any(|e| matches!(e, Event::PairingsMade { .. }))
    );
}

#[test]
fn s16_9_10_each_figure_moves_in_its_own_action_phase_by_key() {
    let mut app = with_options("skirmish.ron", "initiative: Optional");
    let seen = play_by_keys(&mut app);
    assert!(seen.contains(&Mode::Movement), "{seen:?}");
    assert!(
        app.battle()
            .events()
            .iter()
            .any(|e| matches!(e, Event::PriorityDetermined { .. }))
    );
}
