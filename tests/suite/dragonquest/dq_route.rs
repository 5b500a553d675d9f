//! Drawn paths in the DragonQuest display (21.1, 22.1–22.3): waypoints
//! laid with `w`, the end facing with `<` `>`, the pending path and what
//! it spends shown before it is confirmed, an impossible one refused.

use super::dq_screen;

use dq_screen::*;

use hexmelee::hex::Hex;
use hexmelee::rulesets::dragonquest::display::App;
use hexmelee::rulesets::dragonquest::engine::{Action, Battle, Command};
use hexmelee::session::Session;
use hexmelee::tui::input::Input;
use ratatui::crossterm::event::KeyCode;

/// The hobgoblin asked first in the example of 32, before anyone moves.
fn hobgoblin_asked() -> App {
    let mut app = open("dq-example-32.ron", 160, 50);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.actor.map(|a| a.0), Some(3));
    app
}

/// A waypoint, then the cursor on: the path goes through it, shown on the
/// map with what it spends of the hobgoblin's 6 (TMR 6) and in the panel,
/// the choice that walks it highlighted; Enter takes it.
#[test]
fn dq_21_1_a_drawn_path_is_shown_with_its_cost_before_it_is_taken() {
    let mut app = hobgoblin_asked();
    cursor_to(&mut app, Hex::new(12, 1));
    press(&mut app, KeyCode::Char('w'));
    cursor_to(&mut app, Hex::new(12, 4));
    let shown = screen(&app);
    assert!(shown.contains("Path drawn: through (12, 1)"), "{shown}");
    assert!(shown.contains("5 hexes: 5 of the 6 this action allows (TMR 6)"));
    assert!(shown.contains("5/6"));
    insta::assert_snapshot!(shown);
    let before = app.battle().commands().len();
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.battle().commands().len(), before + 1);
    let hob = &app.battle().figures()[3];
    assert_eq!(hob.pose.hex, Hex::new(12, 4));
    assert_eq!(app.route, Default::default(), "forgotten once taken");
}

/// A waypoint past the hobgoblin's reach is refused with the engine's own
/// words, and nothing changes: the route, the battle, the log.
#[test]
fn dq_21_1_an_impossible_path_is_refused_and_nothing_changes() {
    let mut app = hobgoblin_asked();
    cursor_to(&mut app, Hex::new(12, 1));
    press(&mut app, KeyCode::Char('w'));
    let (route, log) = (app.route.clone(), app.session().log().len());
    let figures = app.battle().figures().to_vec();
    cursor_to(&mut app, Hex::new(18, 2));
    press(&mut app, KeyCode::Char('w'));
    let note = app.note.clone().unwrap();
    assert!(note.error);
    assert_eq!(
        note.text,
        "not allowed: Hobgoblin may move 6 hexes in this action, not 8"
    );
    assert_eq!(app.route, route);
    assert_eq!(app.session().log().len(), log);
    assert_eq!(app.battle().figures(), figures.as_slice());
    // The cursor out of reach: the panel says why, with the map's ✗, and
    // no choice walks there.
    let shown = screen(&app);
    assert!(
        shown.contains("✗ Hobgoblin may move 6 hexes in this action, not 8"),
        "{shown}"
    );
    let walks = |c: &&hexmelee::rulesets::dragonquest::display::choices::Choice| {
        c.words.starts_with("move") && !c.words.ends_with("(AI)")
    };
    assert!(!app.choices.iter().any(|c| walks(&c)), "{:?}", app.choices);
    // W takes the waypoint back, Esc forgets the path.
    press(&mut app, KeyCode::Char('W'));
    assert_eq!(app.route, Default::default());
}

/// 23.4 in order entry: Sir Oswin's class B weapon at Rank 4 may sweep on
/// to the other foes in his Melee Zone; the sweep is offered (the engine's
/// check accepts it) and taken.
#[test]
fn dq_23_4_a_sweep_is_offered_when_the_engine_accepts_it() {
    let mut app = open("dq-party-vs-monsters.ron", 160, 50);
    for _ in 0..400 {
        if app
            .choices
            .iter()
            .any(|c| c.words.contains(", sweeping on to"))
        {
            break;
        }
        press(&mut app, KeyCode::Char('a'));
    }
    let n = app
        .choices
        .iter()
        .position(|c| c.words.contains(", sweeping on to"))
        .expect("a sweep offered");
    for _ in 0..n {
        press(&mut app, KeyCode::Char('j'));
    }
    assert_eq!(app.pick, n);
    insta::assert_snapshot!(screen(&app));
    let before = app.battle().commands().len();
    press(&mut app, KeyCode::Enter);
    assert!(app.battle().commands().len() > before);
}

/// 22.3 in order entry: a figure of modified AG 26 or more (the duel's
/// two, made nimble) is offered each combinable action as the first of
/// two; taking one, the same figure is asked at once for the second.
#[test]
fn dq_22_3_a_combined_action_chooses_its_first_part_then_its_second() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/dq-duel.ron");
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("ag: 14,", "ag: 30,")
        .replace("ag: 18,", "ag: 30,");
    let session = Session::<Battle>::open(&path, text, None).unwrap();
    let mut app = App::from_session(session, false);
    app.handle(Input::Resize(160, 50));
    while app.actor.is_none() {
        press(&mut app, KeyCode::Enter);
    }
    let first = "two actions, first: ";
    let n = app
        .choices
        .iter()
        .position(|c| c.words.starts_with(first))
        .unwrap_or_else(|| panic!("{:#?}", app.choices));
    for _ in 0..n {
        press(&mut app, KeyCode::Char('j'));
    }
    let who = app.actor;
    press(&mut app, KeyCode::Enter);
    assert!(matches!(
        app.battle().commands().last(),
        Some(Command::Act {
            action: Action::Combine { .. },
            ..
        })
    ));
    assert_eq!(app.actor, who, "asked again at once for the second");
    assert!(!app.choices.iter().any(|c| c.words.starts_with(first)));
    let before = app.battle().commands().len();
    press(&mut app, KeyCode::Enter);
    assert!(app.battle().commands().len() > before);
    assert!(matches!(
        app.battle().commands()[before],
        Command::Act { figure, .. } if Some(figure) == who
    ));
}

/// 21.1: a turn of three hexsides or more costs two hexes more; the route
/// to a hex behind a figure spends 2 (turning less, or backing) rather than
/// turning about and walking (2 hexes + 2), though the AI's step costs
/// prefer that; no end facing need be picked by hand.
#[test]
fn dq_21_1_the_route_counts_the_turn_of_three_hexsides() {
    use hexmelee::hex::{Facing, Step};
    use hexmelee::rulesets::dragonquest::display::route::Route;
    let b = hexmelee::rulesets::dragonquest::engine::Battle::new(
        &hexmelee::rulesets::dragonquest::engine::BattleSpec {
            map: std::sync::Arc::new(hexmelee::hex::HexMap::open(12, 12).unwrap()),
            sides: (0..2)
                .map(|i| hexmelee::rulesets::dragonquest::engine::SideSpec {
                    name: format!("side {i}"),
                    leader: None,
                    military_scientist: None,
                })
                .collect(),
            figures: vec![
                super::dq_common::fighter("A", 0, (5, 5), Facing::N, "Broadsword"),
                super::dq_common::fighter("B", 1, (10, 1), Facing::S, "Broadsword"),
            ],
            surprise: None,
            lighting: None,
            strength_damage: false,
            alusia_loading: false,
            dice: Vec::new(),
        },
        1,
    )
    .unwrap();
    let a = hexmelee::seam::FigureId(0);
    // The AI's costs alone turn about (3 hexsides) and walk: 2 + 2.
    let about = vec![Step::Pivot { to: Facing::S }, Step::Forward, Step::Forward];
    assert_eq!(b.path_cost(a, &about), 4);
    let path = Route::default().to(&b, a, Hex::new(5, 7)).unwrap();
    let end = path.iter().fold(b.figure(a).pose, |p, &s| p.after(s));
    assert_eq!(end.hex, Hex::new(5, 7));
    assert_eq!(b.path_cost(a, &path), 2, "{path:?}");
}
