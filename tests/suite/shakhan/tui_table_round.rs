//! A round at the table (issue 17): the keys a referee and the players press
//! for a whole Melee Round, counted, with the standing answers given
//! without a key and undone with the answer that led to them.

use crate::tui_common;

use hexmelee::rulesets::shakhan::display::app::{App, DivineDefault, PriorityDefault, Standing};
use hexmelee::rulesets::shakhan::display::keys::Mode;
use hexmelee::rulesets::shakhan::engine::{Event, Prompt};
use hexmelee::seam::SideId;
use hexmelee::tui::input::Input;
use ratatui::crossterm::event::KeyCode;
use tui_common::*;

/// Presses counted: the measure of a round's cost at the table.
struct Counted<'a> {
    app: &'a mut App,
    keys: usize,
}

impl Counted<'_> {
    fn key(&mut self, code: KeyCode) {
        press(self.app, code);
        self.keys += 1;
    }

    fn chars(&mut self, s: &str) {
        for c in s.chars() {
            self.key(KeyCode::Char(c));
        }
    }
}

/// One side's orders by hand: ready, a card for each figure (Tab between
/// them), seal.
fn side_by_hand(c: &mut Counted, card: char) {
    c.key(KeyCode::Enter);
    let figures = c.app.orders.as_ref().unwrap().orders.len();
    for i in 0..figures {
        if i > 0 {
            c.key(KeyCode::Tab);
        }
        c.chars(&card.to_string());
    }
    c.key(KeyCode::Enter);
}

/// The side at the hand-over takes the keyboard, types `keys`, seals.
fn side_writes(app: &mut App, keys: &str) {
    press(app, KeyCode::Enter);
    typed(app, keys);
    press(app, KeyCode::Enter);
}

/// Both sides of the duel play C.
fn both_sides_play_c(app: &mut App) {
    side_writes(app, "c");
    side_writes(app, "c");
}

/// Both sides' orders by hand, `card` for every figure: the keys pressed.
fn round_by_hand(app: &mut App, card: char) -> usize {
    let mut c = Counted { app, keys: 0 };
    side_by_hand(&mut c, card);
    side_by_hand(&mut c, card);
    c.keys
}

fn log_text(app: &App) -> String {
    use hexmelee::rulesets::shakhan::session::render;
    use hexmelee::session::export::Format;
    render(app.session(), Format::Text, hexmelee::seam::View::Table)
}

#[test]
fn a_duel_round_takes_at_most_eight_keys_and_every_step_is_in_the_log() {
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let mut app = duel_at_table(w, h);
        let keys = round_by_hand(&mut app, 'c');
        assert!(keys <= 8, "{keys} keys at {w}×{h}");
        assert_eq!(app.battle().round(), 2, "the round is played out");
        assert_eq!(app.mode(), Mode::Handover);
        let log = log_text(&app);
        for line in ["Orders revealed", "will move", "Pulse 1", "moves 1 hex"] {
            assert!(log.contains(line), "{line:?} missing:\n{log}");
        }
        // Round two repeats the first's orders with one key a side.
        let mut c = Counted {
            app: &mut app,
            keys: 0,
        };
        for _ in 0..2 {
            c.key(KeyCode::Enter);
            c.chars(".");
            c.key(KeyCode::Enter);
        }
        assert_eq!(c.keys, 6);
        assert!(
            app.battle().round() == 3 || matches!(app.battle().prompt(), Prompt::Finished { .. })
        );
    }
}

#[test]
fn a_skirmish_round_by_hand_takes_at_most_twenty_keys() {
    let mut app = App::new(shipped("skirmish.ron"), 3, false).unwrap();
    app.handle(Input::Resize(120, 40));
    let keys = round_by_hand(&mut app, 'c');
    assert!(keys <= 20, "{keys} keys");
    assert_eq!(app.battle().round(), 2, "{:?}", app.battle().prompt());
}

#[test]
fn undo_goes_back_to_the_last_question_a_person_answered_with_the_orders_kept() {
    let mut app = duel_at_table(120, 40);
    both_sides_play_c(&mut app);
    assert_eq!(app.battle().round(), 2);
    let played = app.battle().events().to_vec();
    typed(&mut app, "u");
    // Back at Blue's orders (the movement, priority and divine answers with
    // them), Blue's card still in the draft to edit.
    assert_eq!(app.battle().round(), 1);
    assert_eq!(app.battle().prompt(), Prompt::Orders { side: SideId(1) });
    let draft = app.orders.as_ref().unwrap();
    assert_eq!(draft.orders[0].cards.len(), 1);
    typed(&mut app, "U");
    assert_eq!(
        app.battle().events(),
        &played[..],
        "redo gives the same events"
    );
}

#[test]
fn undo_takes_back_the_last_entry_of_the_orders_before_any_command() {
    let mut app = duel_at_table(120, 40);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "cM");
    typed(&mut app, "u");
    let o = &app.orders.as_ref().unwrap().orders[0];
    assert_eq!(o.cards.len(), 1, "M was taken back, not the card");
    press(&mut app, KeyCode::Backspace);
    assert!(app.orders.as_ref().unwrap().orders[0].cards.is_empty());
    assert_eq!(app.mode(), Mode::Orders, "still writing Red's orders");
}

#[test]
fn s16_14_3_standing_answers_are_asked_when_the_referee_wants_them_asked() {
    let mut app = duel_at_table(120, 40);
    typed(&mut app, "O");
    assert_eq!(app.mode(), Mode::Options);
    let s = screen(&app);
    assert!(
        s.contains("Divine Intervention") && s.contains("Movement priority"),
        "{s}"
    );
    typed(&mut app, "d");
    assert_eq!(app.standing.divine, DivineDefault::Ask);
    // The AI's choice → first → second → asked.
    typed(&mut app, "ppp");
    assert_eq!(app.standing.priority, PriorityDefault::Ask);
    press(&mut app, KeyCode::Esc);
    both_sides_play_c(&mut app);
    assert_eq!(app.mode(), Mode::Priority);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Divine);
    press(&mut app, KeyCode::Enter);
    // The moves were planned with the orders: the round plays out.
    assert_eq!(app.battle().round(), 2);
}

#[test]
fn s16_9_7_a_figure_ordered_to_stand_stays_and_one_asked_is_asked() {
    let mut app = duel_at_table(120, 40);
    // Aulos stands (M: with its card → stands).
    side_writes(&mut app, "cM");
    press(&mut app, KeyCode::Enter);
    // Berrin is asked each pulse (M twice).
    typed(&mut app, "cMM");
    let aulos = app.battle().figures()[0].pose;
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Movement, "Berrin is asked its moves");
    assert_eq!(app.battle().figures()[0].pose, aulos, "Aulos stood");
    assert!(matches!(
        app.battle().prompt(),
        Prompt::Movement {
            side: SideId(1),
            ..
        }
    ));
}

#[test]
fn a_asks_this_round_or_the_rest_and_this_round_ends_with_the_round() {
    let mut app = duel_at_table(120, 40);
    typed(&mut app, "A");
    assert_eq!(app.mode(), Mode::AiAsk);
    assert!(screen(&app).contains("this round only"));
    typed(&mut app, "r");
    assert_eq!(app.mode(), Mode::AiTurn);
    assert!(app.auto, "the AI plays at the auto pace");
    app.handle(Input::Tick);
    // Red's orders are in; Blue writes by hand; Red's answers come on ticks.
    side_writes(&mut app, "c");
    for _ in 0..40 {
        app.handle(Input::Tick);
    }
    assert_eq!(app.battle().round(), 2);
    assert_eq!(app.mode(), Mode::Handover, "a person plays Red again");
}

#[test]
fn pinned_orders_start_the_figures_row_every_round() {
    let mut app = duel_at_table(120, 40);
    side_writes(&mut app, "dp");
    side_writes(&mut app, "c");
    assert_eq!(app.battle().round(), 2);
    press(&mut app, KeyCode::Enter);
    let o = &app.orders.as_ref().unwrap().orders[0];
    assert_eq!(o.cards.len(), 1);
    assert_eq!(o.cards[0].card, hexmelee::rulesets::shakhan::rules::Card::D);
}

#[test]
fn standing_answers_say_so_and_the_log_shows_each() {
    let mut app = duel_at_table(120, 40);
    app.set_standing(Standing {
        priority: PriorityDefault::Second,
        ..Standing::default()
    });
    both_sides_play_c(&mut app);
    let second = app.battle().events().iter().any(|e| {
        matches!(
            e,
            Event::MovementPriorityChosen {
                move_first: false,
                ..
            }
        )
    });
    assert!(second, "the side with Initiative moved second");
    let note = app.note.as_ref().expect("a note says what was answered");
    assert!(
        note.text.contains("answered without a key"),
        "{}",
        note.text
    );
}

#[test]
fn s16_9_7_the_planned_way_shows_while_writing_and_never_on_the_hand_over() {
    let mut app = App::new(shipped("skirmish.ron"), 3, false).unwrap();
    app.handle(Input::Resize(120, 40));
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "c");
    assert!(screen(&app).contains("closes on Vakh"), "{}", screen(&app));
    typed(&mut app, "M");
    assert!(screen(&app).contains("stands"));
    typed(&mut app, "u");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.mode(), Mode::Handover);
    assert!(!screen(&app).contains("closes on"), "{}", screen(&app));
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Handover, "Raiders' turn");
    assert!(!screen(&app).contains("closes on"), "{}", screen(&app));
}

#[test]
fn the_standing_answers_overlay_and_the_ai_question_at_three_sizes() {
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let mut app = duel_at_table(w, h);
        typed(&mut app, "O");
        insta::assert_snapshot!(format!("standing_answers_{w}x{h}"), screen(&app));
        press(&mut app, KeyCode::Esc);
        typed(&mut app, "A");
        insta::assert_snapshot!(format!("ai_question_{w}x{h}"), screen(&app));
    }
}

#[test]
fn undo_in_the_next_sides_orders_never_shows_the_sealed_ones() {
    let mut app = duel_at_table(120, 40);
    side_writes(&mut app, "a");
    // Blue takes the keyboard and presses u at once, then ⌫.
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "u");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Backspace);
    if let Some(d) = &app.orders {
        assert!(
            d.orders.iter().all(|o| o.cards.is_empty()),
            "Red's sealed card reached a draft: {d:?}"
        );
    }
    assert!(!screen(&app).contains("[A"), "{}", screen(&app));
}

#[test]
fn hidden_cards_hide_the_planned_way_too() {
    let mut app = App::new(shipped("skirmish.ron"), 3, false).unwrap();
    app.handle(Input::Resize(120, 40));
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "*c");
    let s = screen(&app);
    assert!(!s.contains("closes on"), "{s}");
}
