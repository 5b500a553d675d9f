//! The orders panel enters what the rules beyond the sword ask of a card —
//! a brawling form (16.10.4), a missile intent (16.12.1, 16.14.3.4), a
//! non-combat action under G (16.9.4) — by keys, and they reach the sealed
//! orders; the Referee's command line switches Quick Melee and applies hazards.

use crate::tui_common;

use hexmelee::rulesets::shakhan::display::app::App;
use hexmelee::rulesets::shakhan::display::keys::Mode;
use hexmelee::rulesets::shakhan::engine::{CardOrder, Event, MissileIntent};
use hexmelee::rulesets::shakhan::rules::Card;
use hexmelee::rulesets::shakhan::rules::brawl::{BrawlForm, BrawlIntent};
use hexmelee::rulesets::shakhan::rules::tables::actions::Activity;
use hexmelee::seam::FigureId;
use insta::assert_snapshot;
use ratatui::crossterm::event::KeyCode;
use tui_common::*;

/// The cards every figure played, as revealed.
fn revealed(app: &App) -> Vec<(FigureId, Vec<CardOrder>)> {
    app.battle()
        .events()
        .iter()
        .find_map(|e| match e {
            Event::OrdersRevealed { orders, .. } => {
                Some(orders.iter().map(|o| (o.figure, o.cards.clone())).collect())
            }
            _ => None,
        })
        .expect("the orders were revealed")
}

/// Red's Aulos punches under C; Blue's Berrin readies his bow under G,
/// warning friends in the way.
fn brawl_and_bow(w: u16, h: u16) -> App {
    let mut app = duel(w, h);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "cww");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "goW");
    app
}

#[test]
fn s16_10_4_and_s16_12_1_a_brawl_form_and_a_missile_intent_entered_by_keys_are_sealed() {
    let mut app = brawl_and_bow(120, 40);
    assert!(app.note.as_ref().is_none_or(|n| !n.error), "{:?}", app.note);
    press(&mut app, KeyCode::Enter);
    assert_ne!(app.mode(), Mode::Orders, "{:?}", app.note);
    let cards = revealed(&app);
    let aulos = &cards.iter().find(|(f, _)| *f == FigureId(0)).unwrap().1;
    assert_eq!(aulos[0].card, Card::C);
    assert_eq!(aulos[0].brawl, Some(BrawlIntent::new(BrawlForm::Punch)));
    let berrin = &cards.iter().find(|(f, _)| *f == FigureId(1)).unwrap().1;
    assert_eq!(berrin[0].card, Card::G);
    assert_eq!(
        berrin[0].missile,
        Some(MissileIntent {
            weapon: 0,
            hold: false,
            warn: true
        })
    );
}

#[test]
fn s16_10_4_orders_panel_shows_a_brawl_form_and_a_missile_intent() {
    // Aulos (TCA 1) declares a punch and a bow shot with a warning on his C.
    let mut app = duel(100, 30);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "cwwoW");
    let s = screen(&app);
    assert!(s.contains("punch") && s.contains("shoot"), "{s}");
    assert_snapshot!(s);
    // Sealed: Blue's panel shows neither.
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    let s = screen(&app);
    assert!(!s.contains("punch") && !s.contains("shoot"), "{s}");
}

#[test]
fn s16_10_4_6_a_martial_artist_cycles_to_a_lethal_hand_chop() {
    let mut app = tavern();
    // Ishen under C: grapple, punch, haymaker, kick, hand-chop.
    typed(&mut app, "cwwwww");
    typed(&mut app, "k");
    let c = &app.orders.as_ref().unwrap().orders[0].cards[0];
    assert_eq!(
        c.brawl,
        Some(BrawlIntent {
            form: BrawlForm::HandChop,
            lethal: true
        })
    );
    // A punch cannot be lethal: refused with the reason, the card kept.
    press(&mut app, KeyCode::Backspace);
    typed(&mut app, "dw");
    let c = &app.orders.as_ref().unwrap().orders[0].cards;
    assert_eq!(
        c.last().unwrap().brawl.map(|b| b.form),
        Some(BrawlForm::Block)
    );
    typed(&mut app, "k");
    assert!(
        app.note
            .as_ref()
            .is_some_and(|n| n.error && n.text.contains("lethal"))
    );
}

#[test]
fn s16_9_4_under_g_a_non_combat_action_is_chosen_by_key() {
    let mut app = duel(120, 40);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "c");
    typed(&mut app, "n");
    assert!(
        app.note
            .as_ref()
            .is_some_and(|n| n.error && n.text.contains("under G"))
    );
    press(&mut app, KeyCode::Backspace);
    typed(&mut app, "gnn");
    let c = &app.orders.as_ref().unwrap().orders[0].cards[0];
    assert_eq!(c.action, Some(Activity::PickUpItem));
    assert!(screen(&app).contains("+ pick up"));
}

fn tavern() -> App {
    let checked = shipped("tavern-brawl.ron");
    let seed = checked.scenario.seed;
    let mut app = App::new(checked, seed, false).unwrap();
    asking(&mut app);
    app.handle(hexmelee::tui::input::Input::Resize(120, 40));
    press(&mut app, KeyCode::Enter);
    app
}

/// The duel at Red's orders, in the referee view with the command line open.
fn referee_line() -> App {
    let mut app = duel(120, 40);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "vy:");
    assert_eq!(app.mode(), Mode::Command);
    app
}

#[test]
fn s16_12_quick_melee_is_switched_on_by_the_command_line() {
    let mut app = referee_line();
    typed(&mut app, "quick o");
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.line.as_ref().unwrap().error.as_deref(), Some("on  off"));
    typed(&mut app, "n");
    press(&mut app, KeyCode::Enter);
    assert_ne!(app.mode(), Mode::Command, "{:?}", app.line);
    assert!(
        app.battle()
            .events()
            .iter()
            .any(|e| matches!(e, Event::QuickMeleeSwitched { on: true, .. }))
    );
}

#[test]
fn s16_13_9_an_impact_by_the_command_line_hurts_the_figure() {
    let mut app = referee_line();
    press(&mut app, KeyCode::Char('h'));
    typed(&mut app, "azard au");
    press(&mut app, KeyCode::Tab);
    typed(&mut app, "imp");
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.line.as_ref().unwrap().text, "hazard Aulos impact ");
    typed(&mut app, "60");
    press(&mut app, KeyCode::Enter);
    assert_ne!(app.mode(), Mode::Command, "{:?}", app.line);
    assert!(
        app.battle()
            .events()
            .iter()
            .any(|e| matches!(e, Event::Hazard(_)))
    );
    // A mistake keeps the line open with the reason.
    typed(&mut app, ":hazard Aulos impact fast");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Command);
    let err = app.line.as_ref().unwrap().error.clone().unwrap();
    assert!(
        err.contains("must be a number") && err.contains("usage: hazard"),
        "{err}"
    );
}

/// A copy the referee adds is named "Berrin 2"; the command line takes that
/// name whole when it is typed after it.
#[test]
fn a_figure_named_in_two_words_is_wounded_by_the_command_line() {
    let mut app = duel(120, 40);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "vy");
    // The copy goes where the cursor is: a free hex below Aulos.
    press(&mut app, KeyCode::Down);
    typed(&mut app, ":add copy Berrin");
    press(&mut app, KeyCode::Enter);
    assert_ne!(app.mode(), Mode::Command, "{:?}", app.line);
    let copy = (app.battle().figures().iter())
        .find(|f| f.name == "Berrin 2")
        .map(|f| f.id)
        .expect("the copy is in the battle");
    typed(&mut app, ":wound Berrin 2 upper 6");
    press(&mut app, KeyCode::Enter);
    assert_ne!(app.mode(), Mode::Command, "{:?}", app.line);
    let wounded = app.battle().events().iter().any(|e| {
        matches!(e, Event::Overridden { change, .. }
            if format!("{change:?}").starts_with(&format!("Wound {{ figure: {copy:?}")))
    });
    assert!(wounded, "no wound for {copy:?}");
}
