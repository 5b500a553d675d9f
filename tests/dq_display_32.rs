//! DragonQuest 32, the Example of Combat, played in the display with keys
//! as a referee would: the cursor, choice numbers, the Referee's word and a
//! spell's effects. The book's dice are the scenario's (`options.dice`), so
//! each roll's explanation in the referee log is the book's; the strings
//! are those `tests/dq_example_32.rs` asserts of the engine. It plays the
//! first two Pulses and stops as the third begins.

mod dq_screen;

use dq_screen::*;

use hexmelee::engine::View;
use hexmelee::engine::dragonquest::{Event, explain};
use hexmelee::hex::{Facing, Hex, Pose};
use hexmelee::tui::dragonquest::App;
use insta::assert_snapshot;
use ratatui::crossterm::event::KeyCode;

fn open() -> App {
    dq_screen::open("dq-example-32.ron", 160, 50)
}

fn who(app: &App, name: &str) -> Hex {
    let b = app.battle();
    b.figures()
        .iter()
        .find(|f| f.name == name)
        .unwrap()
        .pose
        .hex
}

/// The arrows, a hex at a time, until the cursor is on `to`.
fn cursor_to(app: &mut App, to: Hex) {
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

/// The choice the panel shows in these words (the AI's marked or not),
/// by its number, then Enter; the figure asked must be `actor`.
fn choose(app: &mut App, actor: Option<&str>, words: &str) {
    let b = app.battle();
    assert_eq!(
        app.actor.map(|a| b.figure(a).name.as_str()),
        actor,
        "{:?}",
        b.prompt()
    );
    let shown: Vec<&str> = app.choices.iter().map(|c| c.words.as_str()).collect();
    let n = shown
        .iter()
        .position(|w| w.strip_suffix(" (AI)").unwrap_or(w) == words)
        .unwrap_or_else(|| panic!("no choice {words:?} in {shown:#?}"));
    assert!(n < 9, "{words:?} is choice {}: no digit for it", n + 1);
    typed(app, &(n + 1).to_string());
    assert_eq!(app.pick, n);
    press(app, KeyCode::Enter);
}

/// The referee log's lines: every event explained.
fn log(app: &App) -> Vec<String> {
    let b = app.battle();
    b.events().iter().map(|e| explain(b, e)).collect()
}

fn saw(app: &App, line: &str) {
    let lines = log(app);
    assert!(
        lines.iter().any(|l| l == line),
        "no line {line:?} in {lines:#?}"
    );
}

fn happened(app: &App, f: impl Fn(&Event) -> bool) -> bool {
    app.battle().events().iter().any(f)
}

#[test]
fn dq_32_the_example_of_combat_played_with_keys() {
    let mut app = open();
    // The Referee runs the example: the referee view, asked first.
    typed(&mut app, "vy");
    assert_eq!(app.view, View::Referee);
    saw(
        &app,
        "Eaglewing rolls Initiative for the party: 2 + PC 10 = 12 [19.2]",
    );
    saw(&app, "The monsters have the Initiative [19.2]");

    // First Pulse. The monsters act first; the hobgoblin charges Eaglewing
    // but ends three hexes on, short of him.
    choose(&mut app, None, "act now");
    cursor_to(&mut app, Hex::new(10, 3));
    choose(&mut app, Some("Hobgoblin"), "charge (3 hexes)");
    let hob = app.battle().figures()[3].pose;
    assert_eq!(hob, Pose::new(Hex::new(10, 3), Facing::S));
    // The orc throws his spear at Ariella and misses (96).
    choose(&mut app, Some("Orc"), "fire at Ariella");
    assert!(happened(&app, |e| matches!(e, Event::Thrown { .. })));
    // The goblin's crossbow bolt hits Delion from behind; he is Stunned.
    choose(&mut app, Some("Goblin"), "fire at Delion");
    saw(
        &app,
        "Goblin fires at Delion with the Crossbow: Strike Chance 82 − Defense 15 + 20 (through a rear hex) = 87 — rolled 40, hit: damage to Fatigue [24.2, 25.1]",
    );
    saw(
        &app,
        "Delion takes 9 (D10 6): 4 absorbed, 5 Fatigue, 0 Endurance [25]",
    );
    // Eaglewing Evades to meet the charge; Ariella begins a spell (it does
    // nothing yet: Enter casts it with no effect).
    choose(&mut app, Some("Eaglewing"), "evade");
    choose(
        &mut app,
        Some("Ariella"),
        "cast a spell (the Referee gives what it does)",
    );
    assert!(screen(&app).contains("Ariella's spell does: nothing the battle tracks"));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.battle().pulse(), 2, "Delion, Stunned, fails to recover");

    // Second Pulse. The hobgoblin charges Eaglewing, who parries: Disarmed
    // and a Riposte that Stuns him.
    choose(&mut app, None, "act now");
    let eaglewing = who(&app, "Eaglewing");
    cursor_to(&mut app, eaglewing);
    choose(
        &mut app,
        Some("Hobgoblin"),
        "charge and strike Eaglewing (2 hexes)",
    );
    saw(
        &app,
        "Eaglewing parries, D10 8: the attacker is Disarmed, and a Riposte [24.4]",
    );
    // He falls from his horse at Eaglewing's feet: the Referee's word.
    let hob = who(&app, "Hobgoblin");
    cursor_to(&mut app, hob);
    press(&mut app, KeyCode::Char('r'));
    assert!(screen(&app).contains("1 Hobgoblin falls (knocked down)"));
    press(&mut app, KeyCode::Char('1'));
    assert!(app.battle().figures()[3].prone);
    assert!(app.overlay().is_none());
    // The orc readies his scimitar and moves two hexes towards Delion,
    // keeping clear of the party: the cursor on such a hex.
    let (orc, delion) = (who(&app, "Orc"), who(&app, "Delion"));
    let party = ["Eaglewing", "Ariella", "Delion"].map(|n| who(&app, n));
    let to = (0..20)
        .flat_map(|c| (0..16).map(move |r| Hex::new(c, r)))
        .find(|&h| {
            orc.distance(h) == 2
                && h.distance(delion) + 2 <= orc.distance(delion)
                && party.iter().all(|p| p.distance(h) > 1)
        })
        .unwrap();
    cursor_to(&mut app, to);
    choose(&mut app, Some("Orc"), "pass: ready the Scimitar (2 hexes)");
    // The goblin begins to reload his crossbow.
    choose(&mut app, Some("Goblin"), "pass: load");
    // Eaglewing strikes the prone, Stunned hobgoblin and kills him.
    choose(&mut app, Some("Eaglewing"), "strike Hobgoblin");
    assert!(!app.battle().figures()[3].is_up());
    // Ariella's Starfire: 13 points to the goblin's Fatigue, the Referee's
    // word given with the spell (the cursor on the goblin, the ruling's
    // number, the points typed).
    choose(
        &mut app,
        Some("Ariella"),
        "cast a spell (the Referee gives what it does)",
    );
    let goblin = who(&app, "Goblin");
    cursor_to(&mut app, goblin);
    assert!(screen(&app).contains("3 damage to Fatigue (type the points)"));
    press(&mut app, KeyCode::Char('3'));
    typed(&mut app, "13");
    assert!(screen(&app).contains("Goblin: points 13"));
    press(&mut app, KeyCode::Enter);
    assert!(screen(&app).contains("Ariella's spell does: Goblin takes 13 to Fatigue"));
    press(&mut app, KeyCode::Enter);
    assert!(app.overlay().is_none());
    assert!(happened(
        &app,
        |e| matches!(e, Event::Stunned { figure } if figure.0 == 5)
    ));
    assert!(happened(&app, |e| matches!(
        e,
        Event::StunRecovery {
            recovered: true,
            ..
        }
    )));
    assert_eq!(app.battle().pulse(), 3);
    saw(
        &app,
        "Eaglewing rolls Initiative for the party: 9 + PC 10 = 19 [19.2]",
    );
    saw(&app, "The party have the Initiative [19.2]");
    // Here this test stops, the first two Pulses played: the third and
    // fourth are played through the engine in tests/dq_example_32.rs.
    assert_snapshot!(screen(&app));
}

/// `r` in the table view asks first, as `v` does (no: no menu, no view);
/// a ruling goes through the session, so `u` takes it back.
#[test]
fn dq_display_referee_word_asks_first_and_undoes() {
    let mut app = open();
    press(&mut app, KeyCode::Char('r'));
    assert!(screen(&app).contains("Players look away."));
    press(&mut app, KeyCode::Char('n'));
    assert!(app.overlay().is_none());
    assert_eq!(app.view, View::Table);
    let hob = who(&app, "Hobgoblin");
    cursor_to(&mut app, hob);
    typed(&mut app, "ry");
    assert_eq!(app.view, View::Referee);
    assert!(screen(&app).contains("The Referee's word"));
    let before = app.session().log().len();
    press(&mut app, KeyCode::Char('1'));
    assert!(app.battle().figures()[3].prone);
    assert_eq!(app.session().log().len(), before + 1);
    press(&mut app, KeyCode::Char('u'));
    assert!(!app.battle().figures()[3].prone);
}

/// The roster names every state that holds: the hobgoblin put down and
/// Stunned by the Referee reads "stunned, prone", not one of the two.
#[test]
fn dq_display_roster_names_every_state_that_holds() {
    let mut app = open();
    let hob = who(&app, "Hobgoblin");
    cursor_to(&mut app, hob);
    typed(&mut app, "ry");
    press(&mut app, KeyCode::Char('1'));
    press(&mut app, KeyCode::Esc);
    let hob = who(&app, "Hobgoblin");
    cursor_to(&mut app, hob);
    typed(&mut app, "r");
    // 1 is now "gets up"; 2 Stuns.
    press(&mut app, KeyCode::Char('2'));
    let f = &app.battle().figures()[3];
    assert!(
        f.prone && f.stunned,
        "prone {} stunned {}",
        f.prone,
        f.stunned
    );
    assert!(
        screen(&app).contains("Hobgoblin stunned, prone"),
        "{}",
        screen(&app)
    );
}
