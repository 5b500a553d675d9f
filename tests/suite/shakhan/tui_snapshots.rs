//! Snapshots of the whole display on ratatui's `TestBackend`: each one
//! reviewed by eye. Styles a text snapshot cannot see (the lit phase) are
//! marked with `^` on a line of their own.

use crate::tui_common;

use std::path::Path;

use hexmelee::dice::Dice;
use hexmelee::rulesets::shakhan::display::app::App;
use hexmelee::rulesets::shakhan::display::keys::Mode;
use hexmelee::rulesets::shakhan::engine::{Battle, Event, Phase};
use hexmelee::tui::input::Input;
use insta::assert_snapshot;
use ratatui::crossterm::event::KeyCode;
use tui_common::*;

/// Red seals C on Berrin; Blue starts writing its own.
fn blue_writing(w: u16, h: u16) -> App {
    let mut app = duel(w, h);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "c");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "b");
    app
}

/// Both sides play C; Red (Initiative) moves first; Divine: none.
fn into_pulse_one(w: u16, h: u16) -> App {
    let mut app = duel(w, h);
    for _ in 0..2 {
        press(&mut app, KeyCode::Enter);
        typed(&mut app, "c");
        press(&mut app, KeyCode::Enter);
    }
    typed(&mut app, "fn");
    app
}

#[test]
fn layout_80x24_order_entry_with_sealed_cards() {
    let app = blue_writing(80, 24);
    assert_eq!(app.mode(), Mode::Orders);
    assert_snapshot!(screen(&app));
}

#[test]
fn hand_over_hides_both_sides_orders() {
    let mut app = duel(100, 30);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "c");
    press(&mut app, KeyCode::Enter);
    assert_snapshot!(screen(&app));
}

#[test]
fn map_with_facings_and_the_selected_figures_zones() {
    let mut app = into_pulse_one(120, 40);
    assert_eq!(app.mode(), Mode::Movement);
    // A path preview to the hex in front, with its AP.
    press(&mut app, KeyCode::Right);
    assert_snapshot!(screen(&app));
}

#[test]
fn phase_timeline_mid_round() {
    let mut app = into_pulse_one(100, 30);
    // Red stands in pulse 1; Blue's Action Phase of pulse 1 is lit.
    typed(&mut app, " ");
    assert!(matches!(
        app.battle().phase(),
        Phase::Action { pulse: 1, .. }
    ));
    let mut text = row_with_marks(&app, 0);
    text.push_str(&row_with_marks(&app, 1));
    assert_snapshot!(text);
}

#[test]
fn log_after_a_strike() {
    let mut app = into_pulse_one(120, 40);
    // The AI walks both into reach; stop at the first strike.
    for _ in 0..60 {
        if app
            .battle()
            .events()
            .iter()
            .any(|e| matches!(e, Event::Strike(_)))
        {
            break;
        }
        match app.mode() {
            Mode::Movement => typed(&mut app, "r "),
            Mode::Shield => typed(&mut app, "y"),
            // 16.9.4: the display's orders ask about dodging; not dodging
            // keeps the dice of this log.
            Mode::DodgeBlow => typed(&mut app, "n"),
            other => panic!("{other:?}"),
        }
    }
    assert_snapshot!(screen(&app));
}

const STATS: &str = "stats: (agility: 12, strength: 12, dexterity: 11, constitution: 12, willpower: 12, vision: 11)";

/// Arlos strikes Bailor face to face: scripted dice give a Critical Hit.
fn critical_hit() -> App {
    let text = format!(
        r#"Scenario(name: "Critical", ruleset: Shakhan, options: (free_rounds: false),
            map: (width: 6, height: 5),
            sides: [(name: "Red", colour: Red), (name: "Blue", colour: Blue)],
            figures: [
                (side: "Red", occupation: Warrior, level: 2, height_m: 1.75, weight_kg: 72.0, name: "Arlos", at: (3, 3), facing: N, {STATS}, weapons: [(kind: LongSword, quality: Good, training: 2)]),
                (side: "Blue", occupation: Warrior, level: 1, height_m: 1.7, weight_kg: 70.0, name: "Bailor", at: (3, 2), facing: S, {STATS}, weapons: [(kind: ShortSword, quality: Good, training: 1)], armour: [(piece: Breastplate, material: Leather, quality: Usual)]),
            ])"#
    );
    let checked =
        hexmelee::rulesets::shakhan::scenario::parse(Path::new("critical.ron"), &text).unwrap();
    // Initiative 95 v 30; the strike rolls 01 (always strikes), location 30
    // (upper body), penetration 90 +1 (pc2a); every later die shows 1: the
    // critical roll 01 breaks the upper ribs.
    let mut faces = vec![95, 30, 1, 30, 90];
    faces.extend([1; 60]);
    let battle = Battle::with_dice(&checked, Dice::scripted(faces)).unwrap();
    let mut app = App::with_battle(checked, 0, battle, false);
    asking(&mut app);
    app.handle(Input::Resize(120, 36));
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "c");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    // Bailor parries and will be asked about dodging (D: never → ask).
    typed(&mut app, "dD");
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "fn");
    // Bailor is asked whether to dodge (16.9.4): not this time.
    assert_eq!(app.mode(), Mode::DodgeBlow);
    typed(&mut app, "n");
    let strike = app.battle().events().iter().find_map(|e| match e {
        Event::Strike(s) => Some(s.clone()),
        _ => None,
    });
    assert!(
        strike.is_some_and(|s| s.explanation().contains("critical")),
        "the scripted dice make a Critical Hit"
    );
    app
}

#[test]
fn critical_hit_in_the_table_view() {
    let app = critical_hit();
    let s = screen(&app);
    assert!(s.contains("TABLE") && !s.contains("ribs broken"), "{s}");
    assert_snapshot!(s);
}

#[test]
fn critical_hit_in_the_referee_view() {
    let mut app = critical_hit();
    typed(&mut app, "v");
    let s = screen(&app);
    assert!(
        s.contains("REFEREE") && s.contains("Upper ribs broken"),
        "{s}"
    );
    assert_snapshot!(s);
}

#[test]
fn help_overlay_lists_every_key_of_the_mode() {
    let mut app = blue_writing(130, 40);
    typed(&mut app, "?");
    assert_eq!(app.mode(), Mode::Help);
    let s = screen(&app);
    // More keys than rows: the title says so, and the rest is a page down.
    assert!(s.contains("↓ more"), "{s}");
    // Page down to the end: the last page says there is no more below.
    let mut pages = vec![s.clone()];
    while !pages.last().unwrap().contains("↑ more —") && pages.len() < 6 {
        press(&mut app, KeyCode::PageDown);
        assert_eq!(app.mode(), Mode::Help);
        pages.push(screen(&app));
    }
    let last = pages.last().unwrap().clone();
    assert!(last.contains("↑ more —"), "{last}");
    // Long rows wrap: compare the help text with the wrapping undone.
    let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let text: String = pages
        .iter()
        .flat_map(|p| p.lines())
        // The overlay's inside: between its two thick borders.
        .filter_map(|l| l.split('┃').nth(1))
        .collect::<Vec<_>>()
        .join(" ");
    let text = words(&text);
    for b in hexmelee::rulesets::shakhan::display::keys::bindings(Mode::Orders)
        .filter(|b| !b.help.is_empty())
    {
        assert!(text.contains(&words(b.help)), "help misses {:?}", b.help);
    }
    assert_snapshot!(s);
    assert_snapshot!("help_overlay_scrolled_to_its_end", last);
}

#[test]
fn too_small_asks_to_enlarge() {
    let app = duel(40, 10);
    assert_snapshot!(screen(&app));
}
