//! The order-entry screen and sealed orders (issue 17): the AP budget shown
//! while cards are chosen is the award the reveal makes, and nothing of a
//! side's sealed cards reaches the shared screen before the reveal.

use crate::tui_common;

use hexmelee::rulesets::shakhan::display::app::{App, OrdersDraft, budget};
use hexmelee::rulesets::shakhan::display::keys::Mode;
use hexmelee::rulesets::shakhan::engine::{Battle, CardOrder, Event, MoveStance, Prompt};
use hexmelee::rulesets::shakhan::rules::Card;
use hexmelee::rulesets::shakhan::rules::tables::actions::Activity;
use hexmelee::seam::View;
use insta::assert_snapshot;
use ratatui::crossterm::event::KeyCode;
use tui_common::*;

const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];

/// Shakhàn 16.9.4: for every card, every figure of both sides, the AP and
/// pulse allowance the panel previews are the ones the reveal awards — in
/// an ordinary round and in a free (halved) one.
#[test]
fn preview_ap_is_the_award_for_every_card() {
    for name in ["duel.ron", "skirmish.ron", "ambush.ron"] {
        let checked = shipped(name);
        for card in Card::ALL {
            let mut battle = Battle::new(&checked, 7).unwrap();
            let mut previews = Vec::new();
            while let Prompt::Orders { side } = battle.prompt() {
                let mut draft = OrdersDraft::new(&battle, side, MoveStance::WithCard);
                for o in &mut draft.orders {
                    if battle.figure(o.figure).condition.allows(card).is_ok() {
                        o.cards.push(CardOrder::new(card, None));
                    }
                }
                for o in &draft.orders {
                    let b = budget(&battle, o);
                    previews.push((o.figure, b.ap, b.pulse_ap));
                }
                battle.submit(draft.command()).unwrap();
            }
            let awards = battle
                .events()
                .iter()
                .find_map(|e| match e {
                    Event::OrdersRevealed { awards, .. } => Some(awards.clone()),
                    _ => None,
                })
                .unwrap_or_else(|| panic!("{name}: orders revealed"));
            assert!(!previews.is_empty(), "{name}: some side wrote orders");
            for (id, ap, pulse) in previews {
                let a = awards.iter().find(|a| a.figure == id).unwrap();
                assert_eq!((a.ap, a.pulse_ap), (ap, pulse), "{name} {card} {id:?}");
            }
        }
    }
}

/// The duel after Red wrote `red` and sealed: Blue's hand-over.
fn red_sealed(red: &str, w: u16, h: u16) -> App {
    let mut app = duel(w, h);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, red);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Handover);
    app
}

/// Every screen Blue's player and the onlookers see between Red's seal and
/// the reveal, as text: the hand-over, Blue's entry, `v` there (asked, then
/// declined), the hide toggle, and back on the hand-over.
fn screens_until_reveal(red: &str) -> Vec<String> {
    let mut app = red_sealed(red, 120, 40);
    let mut shots = vec![screen(&app)];
    typed(&mut app, "v");
    assert_eq!(app.mode(), Mode::ViewConfirm);
    shots.push(screen(&app));
    typed(&mut app, "n");
    shots.push(screen(&app));
    press(&mut app, KeyCode::Enter);
    shots.push(screen(&app));
    typed(&mut app, "b");
    shots.push(screen(&app));
    typed(&mut app, "v");
    shots.push(screen(&app));
    press(&mut app, KeyCode::Esc);
    typed(&mut app, "*");
    shots.push(screen(&app));
    press(&mut app, KeyCode::Esc);
    shots.push(screen(&app));
    assert_eq!(app.view, View::Table);
    shots
}

/// Whatever Red sealed, every cell of every screen until the reveal is the
/// same: nothing of Red's cards, their number or their targets shows.
#[test]
fn nothing_of_reds_sealed_cards_shows_before_the_reveal() {
    let plain = screens_until_reveal("c");
    for other in ["a", "g", "ap", "dm"] {
        let shots = screens_until_reveal(other);
        for (i, (a, b)) in plain.iter().zip(&shots).enumerate() {
            assert_eq!(a, b, "screen {i} differs when Red sealed {other:?}");
        }
    }
}

/// `v` while orders are secret asks; only `y` shows the referee view, which
/// then shows Red's sealed card; the next hand-over goes back to the table.
#[test]
fn referee_view_asks_first_while_orders_are_secret() {
    let mut app = red_sealed("a", 120, 40);
    typed(&mut app, "v");
    assert_eq!(app.mode(), Mode::ViewConfirm);
    assert_eq!(app.shown_view(), View::Table);
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.shown_view(), View::Table);
    typed(&mut app, "vy");
    assert_eq!(app.shown_view(), View::Referee);
    let s = screen(&app);
    assert!(s.contains("Red orders") || s.contains("A "), "{s}");
    // Blue takes the keyboard: the table view again, without a key.
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.shown_view(), View::Table);
    // After the reveal nothing is secret: the chosen view shows again, and
    // `v` switches at once.
    typed(&mut app, "c");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Priority);
    assert_eq!(app.shown_view(), View::Referee);
    typed(&mut app, "v");
    assert_eq!(app.mode(), Mode::Priority);
    assert_eq!(app.shown_view(), View::Table);
}

#[test]
fn sealed_is_not_said_after_the_reveal() {
    let mut app = red_sealed("c", 120, 40);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "c");
    press(&mut app, KeyCode::Enter);
    let s = screen(&app);
    assert!(!s.contains("orders are sealed"), "{s}");
    let note = app.note.clone().unwrap();
    assert!(
        note.text.contains("every side's orders are revealed"),
        "{note:?}"
    );
}

#[test]
fn keys_on_the_order_screen_answer() {
    // Aulos has no shield: `s` says so and stores nothing.
    let mut app = duel(120, 40);
    press(&mut app, KeyCode::Enter);
    let aulos = app.map.selected.unwrap();
    let before = app.orders.clone();
    typed(&mut app, "s");
    let note = app.note.clone().unwrap();
    assert!(
        note.error && note.text.contains("has no shield"),
        "{note:?}"
    );
    assert_eq!(app.orders, before);
    assert!(app.battle().figure(aulos).character.shield.is_none());
}

/// An order that cannot be afforded says so before it is sealed: an action
/// of the Referee's (10 AP) under G for a figure the round gives 8.
#[test]
fn an_order_beyond_the_budget_warns_before_sealing() {
    let mut app = duel(200, 60);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "g");
    let o = &app.orders.as_ref().unwrap().orders[0];
    let mut long = o.clone();
    long.cards[0].action = Some(Activity::Other(10));
    let b = budget(app.battle(), &long);
    assert_eq!((b.ap, b.planned), (8.0, 10.0));
    assert!(
        b.warnings.iter().any(|w| w.contains("takes 10 AP")),
        "{:?}",
        b.warnings
    );
    // Within the budget: no warning.
    assert!(budget(app.battle(), o).warnings.is_empty());
    press(&mut app, KeyCode::Enter);
    assert_ne!(app.mode(), Mode::Orders, "sealing stays allowed");
}

/// Shakhàn 16.14.3.4: a shot ordered from a bow not loaded looses nothing
/// this round; under G it loads. Said when chosen and in the panel.
#[test]
fn an_unloaded_bow_says_it_only_loads() {
    let mut app = duel(120, 40);
    press(&mut app, KeyCode::Enter);
    let id = app.map.selected.unwrap();
    assert!(app.battle().figure(id).missile.loaded.is_none());
    typed(&mut app, "go");
    let note = app.note.clone().unwrap();
    assert!(note.text.contains("only loads this round"), "{note:?}");
    assert!(screen(&app).contains("is not loaded"));
    // Undo the bow, then the card (⌫ undoes as u does).
    press(&mut app, KeyCode::Backspace);
    press(&mut app, KeyCode::Backspace);
    typed(&mut app, "co");
    let note = app.note.clone().unwrap();
    assert!(note.text.contains("nothing is shot this round"), "{note:?}");
}

#[test]
fn order_panel_with_budgets() {
    for (w, h) in SIZES {
        let mut app = red_sealed("c", w, h);
        press(&mut app, KeyCode::Enter);
        typed(&mut app, "b");
        assert_snapshot!(format!("order_panel_with_budgets_{w}x{h}"), screen(&app));
    }
}

#[test]
fn hand_over_keeps_the_map_and_log() {
    for (w, h) in SIZES {
        let app = red_sealed("a", w, h);
        assert_snapshot!(
            format!("hand_over_keeps_the_map_and_log_{w}x{h}"),
            screen(&app)
        );
    }
}

#[test]
fn referee_view_confirmation() {
    for (w, h) in SIZES {
        let mut app = red_sealed("a", w, h);
        press(&mut app, KeyCode::Enter);
        typed(&mut app, "v");
        assert_snapshot!(format!("referee_view_confirmation_{w}x{h}"), screen(&app));
    }
}

#[test]
fn hidden_cards_show_face_down() {
    for (w, h) in SIZES {
        let mut app = red_sealed("c", w, h);
        press(&mut app, KeyCode::Enter);
        typed(&mut app, "b*");
        let s = screen(&app);
        assert!(s.contains('■'), "{s}");
        assert!(!s.contains("[B>"), "{s}");
        assert!(!s.contains("strike "), "the odds are hidden too:\n{s}");
        assert_snapshot!(format!("hidden_cards_{w}x{h}"), s);
    }
}
