//! DragonQuest 32, the Example of Combat, played in the display with keys
//! as a referee would: the cursor, choice numbers, the Referee's word and a
//! spell's effects. The book's dice are the scenario's (`options.dice`), so
//! each roll's explanation in the referee log is the book's; the strings
//! are those `tests/suite/dragonquest/dq_example_32.rs` asserts of the engine. It plays every
//! Pulse of the example, drawing the paths the book's moves need (`w`,
//! `<` `>`), and stops as the fifth begins.

use super::dq_screen;

use dq_screen::*;

use hexmelee::hex::{Facing, Goal, Half, Hex, Pose, Step};
use hexmelee::rulesets::dragonquest::display::App;
use hexmelee::rulesets::dragonquest::display::route::Route;
use hexmelee::rulesets::dragonquest::engine::{Action, Multiple};
use hexmelee::rulesets::dragonquest::engine::{Event, explain};
use hexmelee::seam::View;
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
        "Eaglewing parries, D10 8 + Rank 5 − Rank 3 = 10: the attacker is Disarmed, and a Riposte [24.4]",
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
    assert_snapshot!(screen(&app));

    // Third Pulse. The party acts first (no one is engaged). Eaglewing
    // readies his main-gauche and moves a hex towards the orc.
    choose(&mut app, None, "act now");
    let (eaglewing, orc) = (who(&app, "Eaglewing"), who(&app, "Orc"));
    let taken: Vec<Hex> = app.battle().figures().iter().map(|f| f.pose.hex).collect();
    let toward = eaglewing
        .neighbors()
        .into_iter()
        .find(|h| h.distance(orc) < eaglewing.distance(orc) && !taken.contains(h))
        .unwrap();
    cursor_to(&mut app, toward);
    choose(
        &mut app,
        Some("Eaglewing"),
        "pass: ready the Main-Gauche (1 hex)",
    );
    assert_eq!(app.battle().figures()[0].hands, [0, 1]);
    // Ariella goes on with her spell.
    choose(
        &mut app,
        Some("Ariella"),
        "cast a spell (the Referee gives what it does)",
    );
    press(&mut app, KeyCode::Enter);
    // Delion picks up his rapier and turns to receive the orc: a facing
    // drawn where he stands (`<` `>`), no hex moved.
    let delion = who(&app, "Delion");
    cursor_to(&mut app, delion);
    let face = delion.facing_toward(orc).unwrap();
    turn_to(&mut app, face);
    choose(
        &mut app,
        Some("Delion"),
        "pass: pick up the Rapier (turning), as drawn",
    );
    let d = app.battle().figures()[2].pose;
    assert_eq!((d.hex, d.facing), (delion, face));
    // The orc moves up to Delion, face to face, and strikes: 95, a miss. The
    // cheapest charge would take a hex beside him; the Referee draws the
    // book's: a waypoint before Delion, facing him.
    let front = face_to_face(&app, "Orc", "Delion");
    cursor_to(&mut app, front.hex);
    turn_to(&mut app, front.facing);
    press(&mut app, KeyCode::Char('w'));
    assert_eq!(app.note.as_ref().map(|n| n.error), None, "{:?}", app.note);
    cursor_to(&mut app, delion);
    let hexes = who(&app, "Orc").distance(front.hex);
    choose(
        &mut app,
        Some("Orc"),
        &format!("charge and strike Delion ({hexes} hexes), as drawn"),
    );
    assert_eq!(who(&app, "Orc"), front.hex);
    // The goblin recovers from being Stunned (05) as the Pulse ends.
    assert!(happened(&app, |e| matches!(
        e,
        Event::StunRecovery {
            figure,
            recovered: true,
            ..
        } if figure.0 == 5
    )));
    assert_eq!(app.battle().pulse(), 4);

    // Fourth Pulse. The orc and Delion are engaged, the orc first (27 to 25).
    saw(
        &app,
        "Order: engaged: Orc (27) then Delion (25); then the party, then the monsters [19.3, 19.4, 21]",
    );
    choose(&mut app, Some("Orc"), "act now");
    choose(&mut app, Some("Orc"), "strike Delion");
    assert_eq!(app.battle().figures()[2].fatigue, 0);
    // Delion Withdraws behind his buckler, a hex straight back: the facing
    // kept (drawn), else the cheapest way would turn him.
    let d = app.battle().figures()[2].pose;
    cursor_to(&mut app, d.after(Step::Backward).hex);
    turn_to(&mut app, d.facing);
    choose(
        &mut app,
        Some("Delion"),
        "withdraw behind the shield (1 hex), as drawn",
    );
    // The party acts first, Ariella (Tab) before Eaglewing; her spell backfires: her Fatigue to 0,
    // the Referee's word with it, and she is Stunned.
    choose(&mut app, None, "act now");
    press(&mut app, KeyCode::Tab);
    choose(
        &mut app,
        Some("Ariella"),
        "cast a spell (the Referee gives what it does)",
    );
    let ariella = who(&app, "Ariella");
    cursor_to(&mut app, ariella);
    let fatigue = app.battle().figures()[1].fatigue;
    press(&mut app, KeyCode::Char('3'));
    typed(&mut app, &fatigue.to_string());
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    assert!(happened(
        &app,
        |e| matches!(e, Event::Stunned { figure } if figure.0 == 1)
    ));
    // Eaglewing moves behind the orc and strikes (+30 from the rear, −15
    // charging with a weapon not a Pole): the orc is Stunned. Drawn: a
    // waypoint in the orc's rear, facing him.
    let rear = behind(&app, "Eaglewing", "Orc");
    cursor_to(&mut app, rear.hex);
    turn_to(&mut app, rear.facing);
    press(&mut app, KeyCode::Char('w'));
    assert_eq!(app.note.as_ref().map(|n| n.error), None, "{:?}", app.note);
    let orc = who(&app, "Orc");
    cursor_to(&mut app, orc);
    let hexes = who(&app, "Eaglewing").distance(rear.hex);
    choose(
        &mut app,
        Some("Eaglewing"),
        &format!("charge and strike Orc ({hexes} hexes), as drawn"),
    );
    assert!(happened(
        &app,
        |e| matches!(e, Event::Stunned { figure } if figure.0 == 4)
    ));
    // The goblin runs away: two hexes south.
    let goblin = who(&app, "Goblin");
    cursor_to(&mut app, Hex::new(goblin.col, goblin.row + 2));
    choose(&mut app, Some("Goblin"), "move (2 hexes)");
    assert_eq!(app.battle().pulse(), 5);
    // Each roll of the third and fourth Pulses, explained as the book has
    // it: the Initiative, the orc's miss, the goblin's recovery, the
    // engagement's order (27, 25), the orc's blow that empties Delion's
    // Fatigue, Eaglewing's charge from behind (+30, −15) that Stuns the orc.
    for line in [
        "Eaglewing rolls Initiative for the party: 9 + PC 10 = 19 [19.2]",
        "Orc rolls Initiative for the monsters: 1 + PC 11 = 12 [19.2]",
        "The party act first [19.2]",
        "Delion turns to face north-west [21.1]",
        "Delion picks up the Rapier [20.4]",
        "Orc strikes at Delion with the Scimitar: Strike Chance 73 − Defense 14 − 15 (charging with a non-Pole weapon) = 44 — rolled 95, a miss by 30 or more [24.2, 24.4]",
        "Goblin tries to recover: 05 against 25, recovers [26]",
        "Eaglewing rolls Initiative for the party: 6 + PC 10 = 16 [19.2]",
        "Goblin rolls Initiative for the monsters: 2 + PC 8 = 10 [19.2]",
        "Order: engaged: Orc (27) then Delion (25); then the party, then the monsters [19.3, 19.4, 21]",
        "Orc strikes at Delion with the Scimitar: Strike Chance 73 − Defense 14 = 59 — rolled 30, hit: damage to Fatigue [24.2, 25.1]",
        "Delion takes 8 (D10 5): 4 absorbed, 3 Fatigue, 0 Endurance [25]",
        "Delion: Defensive Withdrawal [20.3]",
        "Ariella is Stunned [26]",
        "Eaglewing strikes at Orc with the Tulwar: Strike Chance 86 − Defense 14 + 30 (through a rear hex) − 15 (charging with a non-Pole weapon) = 87 — rolled 50, hit: damage to Fatigue [24.2, 25.1]",
        "Orc takes 9 (D10 5): 0 absorbed, 9 Fatigue, 0 Endurance [25]",
        "Orc is Stunned [26]",
        "Orc rolls 20 against MD × 3 = 45: keeps hold [24.3]",
        "Goblin moves 2 hexes to (12, 14) facing south-east [21.1]",
        "Pulse 5 begins [19]",
    ] {
        saw(&app, line);
    }
    assert_snapshot!("dq_32_the_end_of_the_fourth_pulse", screen(&app));

    // Fifth Pulse: the orc surrenders, the Referee's word that the
    // monsters leave the fight; the party has won.
    let orc = who(&app, "Orc");
    cursor_to(&mut app, orc);
    press(&mut app, KeyCode::Char('r'));
    let shown = screen(&app);
    let n = (1..=9)
        .find(|n| shown.contains(&format!("{n} the monsters flee the fight")))
        .unwrap_or_else(|| panic!("{shown}"));
    press(&mut app, KeyCode::Char(char::from(b'0' + n as u8)));
    assert_eq!(
        app.battle().outcome(),
        Some(Some(hexmelee::seam::SideId(0)))
    );
}

/// `<` or `>` until the path drawn ends facing `to`.
fn turn_to(app: &mut App, to: Facing) {
    for _ in 0..6 {
        if app.route.facing == Some(to) {
            return;
        }
        press(app, KeyCode::Char('>'));
    }
    assert_eq!(app.route.facing, Some(to));
}

/// A free hex in `foe`'s front that has it in front in turn, nearest
/// `name`, facing the foe.
fn face_to_face(app: &App, name: &str, foe: &str) -> Pose {
    let b = app.battle();
    let me = who(app, name);
    let f = b.figures().iter().find(|f| f.name == foe).unwrap().pose;
    f.front_hexes()
        .into_iter()
        .filter(|h| b.figures().iter().all(|o| o.pose.hex != *h))
        .filter_map(|h| Some(Pose::new(h, h.facing_toward(f.hex)?)))
        .filter(|p| p.front_hexes().contains(&f.hex))
        .min_by_key(|p| p.hex.distance(me))
        .unwrap()
}

/// A free hex in `foe`'s rear half, with a facing that has the foe in
/// front, that `name` can charge to by the cheapest way there (the one the
/// Referee finds by trying: 21.1's sharp turn costs two hexes).
fn behind(app: &App, name: &str, foe: &str) -> Pose {
    let b = app.battle();
    let me = b.figures().iter().find(|f| f.name == name).unwrap();
    let f = b.figures().iter().find(|f| f.name == foe).unwrap();
    let taken = |h: Hex| b.figures().iter().any(|o| o.pose.hex == h);
    f.pose
        .hex
        .neighbors()
        .into_iter()
        .filter(|&h| !taken(h) && f.pose.half_toward(h) == Some(Half::Rear))
        .flat_map(|h| Facing::ALL.map(|to| Pose::new(h, to)))
        .filter(|p| p.front_hexes().contains(&f.pose.hex))
        .find(|&p| {
            let route = Route {
                waypoints: vec![Goal::Pose(p)],
                facing: None,
            };
            route.charge(b, me.id, f.pose.hex).is_some_and(|path| {
                let action = Action::Melee {
                    path,
                    target: f.id,
                    multiple: Multiple::Single,
                    after_strike: Vec::new(),
                };
                b.check_act(me.id, &action).is_ok()
            })
        })
        .unwrap()
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
