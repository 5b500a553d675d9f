//! Player seats on the laptop (issue 23): the display shows only who has
//! sealed, hands the seats' orders in as commands once every seat has
//! sealed, lets the referee take a seat back or close it, and shows the
//! links with their QR codes. The server's part is `tests/suite/frame/seats.rs`; here
//! the App's outbox and `seat_sealed` stand in for the channel.
#![cfg(feature = "seats")]

use crate::tui_common;

use hexmelee::rulesets::shakhan::display::app::App;
use hexmelee::rulesets::shakhan::display::keys::Mode;
use hexmelee::rulesets::shakhan::engine::{CardOrder, Command, FigureOrders, Prompt};
use hexmelee::rulesets::shakhan::rules::Card;
use hexmelee::rulesets::shakhan::seats::{Answered, Sealed, ToServer};
use hexmelee::seam::{FigureId, SideId};
use hexmelee::seats::Token;
use insta::assert_snapshot;
use ratatui::crossterm::event::KeyCode;
use tui_common::*;

const RED: SideId = SideId(0);
const BLUE: SideId = SideId(1);

/// The duel at the table with both seats open on fixed tokens (never a real
/// token in a snapshot) at a documentation address (RFC 5737; text only,
/// nothing is served here).
fn seated(w: u16, h: u16) -> App {
    let mut app = duel_at_table(w, h);
    let tokens = vec![Token::from_bytes([0x11; 16]), Token::from_bytes([0x22; 16])];
    app.open_seats("192.0.2.10:8080".parse().unwrap(), tokens);
    app
}

fn orders(figure: usize, card: Card) -> Vec<FigureOrders> {
    vec![FigureOrders {
        figure: FigureId(figure),
        cards: vec![CardOrder::new(card, Some(FigureId(1 - figure)))],
        shield: Default::default(),
        when_busy: Default::default(),
        dodge: Default::default(),
        moves: Default::default(),
    }]
}

fn seal(app: &mut App, side: SideId, card: Card) {
    let round = app.battle().round();
    app.seat_sealed(Sealed {
        side,
        round,
        orders: orders(side.0, card),
    });
}

#[test]
fn opening_the_seats_issues_every_token_and_sends_the_table() {
    let mut app = seated(80, 24);
    let out = app.take_outbox();
    assert!(matches!(out[0], ToServer::Issue(RED, _)));
    assert!(matches!(out[1], ToServer::Issue(BLUE, _)));
    assert!(matches!(out.last(), Some(ToServer::Table(_))));
    assert!(app.take_outbox().is_empty(), "taken once");
}

/// Shakhàn 16.14.1: the round runs when every seat has sealed; the laptop
/// says only who has, and the orders go in as the laptop's own commands.
#[test]
fn shakhan_16_14_1_the_round_runs_when_every_seat_has_sealed() {
    let mut app = seated(120, 40);
    assert_eq!(app.mode(), Mode::Handover);
    // Blue seals first; the battle still waits on Red (the sides' order).
    seal(&mut app, BLUE, Card::C);
    assert_eq!(app.battle().prompt(), Prompt::Orders { side: RED });
    assert_eq!(app.note.as_ref().unwrap().text, "Blue's seat has sealed");
    let shown = screen(&app);
    assert!(shown.contains("Blue's seat has sealed"), "{shown}");
    assert!(!shown.contains("C cautious") && !shown.contains("Cautious"));
    // Blue seals again: the last seal wins.
    seal(&mut app, BLUE, Card::D);
    assert!(app.session().log().is_empty(), "nothing handed in yet");
    seal(&mut app, RED, Card::B);
    assert!(!matches!(app.battle().prompt(), Prompt::Orders { .. }));
    let log = app.session().log();
    assert_eq!(
        log[..2],
        [
            Command::Orders {
                side: RED,
                orders: orders(0, Card::B)
            },
            Command::Orders {
                side: BLUE,
                orders: orders(1, Card::D)
            },
        ]
    );
    // The server hears of the new table, with no seal to void, and each
    // seat that its orders were played (issue 39: a reseal now is refused).
    let out = app.take_outbox();
    assert!(matches!(out.last(), Some(ToServer::Table(_))));
    for side in [RED, BLUE] {
        assert!(
            out.iter()
                .any(|m| matches!(m, ToServer::Played(s, _, _, false) if *s == side)),
            "{side:?} not told its orders were played"
        );
    }
    assert!(!out.iter().any(|m| matches!(m, ToServer::Unseal(_))));
}

#[test]
fn a_seal_for_a_round_the_laptop_has_left_is_void() {
    let mut app = seated(80, 24);
    app.take_outbox();
    let round = app.battle().round();
    app.seat_sealed(Sealed {
        side: RED,
        round: round + 1,
        orders: orders(0, Card::C),
    });
    assert!(matches!(app.take_outbox()[..], [ToServer::Unseal(RED)]));
    seal(&mut app, BLUE, Card::C);
    assert_eq!(
        app.battle().prompt(),
        Prompt::Orders { side: RED },
        "Red's void seal is not handed in"
    );
}

/// The referee takes Red's seat back for this round: Enter at the hand-over,
/// Red's orders written on the laptop; the seal Red's seat left is void.
#[test]
fn the_referee_takes_a_seat_back_at_the_hand_over() {
    let mut app = seated(80, 24);
    seal(&mut app, RED, Card::A);
    app.take_outbox();
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Orders);
    typed(&mut app, "d");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.battle().prompt(), Prompt::Orders { side: BLUE });
    assert!(matches!(
        app.session().log()[0],
        Command::Orders { side: RED, ref orders } if orders[0].cards[0].card == Card::D
    ));
    let out = app.take_outbox();
    assert!(out.iter().any(|m| matches!(m, ToServer::Unseal(RED))));
    // Issue 39: the seat was told at the hand-over, not left reading open.
    assert!(out.iter().any(|m| matches!(m, ToServer::TakenBack(RED))));
    // Blue's seat seals and the round runs.
    seal(&mut app, BLUE, Card::C);
    assert!(!matches!(app.battle().prompt(), Prompt::Orders { .. }));
}

/// `K` then `x`: Red's seat is closed, its link revoked, and the laptop
/// writes Red's orders; `r` issues a new link.
#[test]
fn closing_a_seat_revokes_its_link_and_a_new_one_can_be_issued() {
    let mut app = seated(120, 40);
    seal(&mut app, BLUE, Card::C);
    app.take_outbox();
    typed(&mut app, "K");
    assert_eq!(app.mode(), Mode::Seats);
    typed(&mut app, "x");
    let out = app.take_outbox();
    assert!(matches!(out[0], ToServer::Revoke(RED)));
    assert!(app.seats.as_ref().unwrap().link(RED).is_none());
    typed(&mut app, "r");
    let out = app.take_outbox();
    let ToServer::Issue(RED, token) = &out[0] else {
        panic!("{out:?}")
    };
    assert_ne!(token, &Token::from_bytes([0x11; 16]));
    let link = app.seats.as_ref().unwrap().link(RED).unwrap();
    assert_eq!(link, format!("http://192.0.2.10:8080/s/{}", token.reveal()));
    typed(&mut app, "x");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.mode(), Mode::Handover);
    // Red is the laptop's now; Blue's seal waits for Red's orders.
    answer_by_keys(&mut app);
    answer_by_keys(&mut app);
    assert!(!matches!(app.battle().prompt(), Prompt::Orders { .. }));
    assert!(matches!(
        app.session().log()[1],
        Command::Orders { side: BLUE, ref orders } if orders == &self::orders(1, Card::C)
    ));
}

#[test]
fn without_seats_k_says_how_to_open_them() {
    let mut app = duel_at_table(80, 24);
    typed(&mut app, "K");
    assert_eq!(app.mode(), Mode::Handover);
    assert!(app.note.as_ref().unwrap().text.contains("--seats"));
}

#[test]
fn the_seats_screen_shows_links_and_qr_codes() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut app = seated(w, h);
        seal(&mut app, BLUE, Card::C);
        assert_snapshot!(format!("hand_over_with_seats_{w}x{h}"), screen(&app));
        typed(&mut app, "K");
        assert_snapshot!(format!("seats_red_{w}x{h}"), screen(&app));
        press(&mut app, KeyCode::Tab);
        let blue = screen(&app);
        if w >= 120 {
            assert!(blue.contains("http://192.0.2.10:8080/s/22222222222222222222222222222222"));
        }
        assert!(blue.contains('█'), "the QR code is drawn");
        assert_snapshot!(format!("seats_blue_{w}x{h}"), blue);
    }
}

/// Undo back over the seats' orders: the seats seal again (their pages are
/// told their seals are void), and the round runs as before once they have.
#[test]
fn after_an_undo_over_their_orders_the_seats_seal_again() {
    let mut app = seated(80, 24);
    seal(&mut app, RED, Card::B);
    seal(&mut app, BLUE, Card::C);
    let log = app.session().log().to_vec();
    app.take_outbox();
    for _ in 0..10 {
        if app.session().cursor() == 0 {
            break;
        }
        typed(&mut app, "u");
    }
    assert_eq!(app.battle().prompt(), Prompt::Orders { side: RED });
    let out = app.take_outbox();
    assert!(
        out.iter().any(|m| matches!(m, ToServer::Unseal(RED))),
        "{out:?}"
    );
    assert!(out.iter().any(|m| matches!(m, ToServer::Unseal(BLUE))));
    seal(&mut app, BLUE, Card::C);
    seal(&mut app, RED, Card::B);
    assert_eq!(app.session().log()[..2], log[..2]);
}

/// The ask of the question the last table put to a seat, and its side.
fn asked(app: &mut App) -> Option<(SideId, u64)> {
    app.take_outbox().iter().rev().find_map(|m| match m {
        ToServer::Table(t) => Some(t.question().map(|q| (q.side, q.ask))),
        _ => None,
    })?
}

/// 16.14.3.7: a seated side's moves are asked of its seat: the laptop shows
/// only whom it waits for, the seat's answer is played as the laptop's own
/// command, and a question the referee takes back is answered on the laptop
/// (a seat's late answer is not used, and the seat is told).
#[test]
fn shakhan_16_14_3_7_the_laptop_waits_for_a_seat_and_the_first_answer_wins() {
    let mut app = seated(120, 40);
    // Orders that say nothing of moves: asked each pulse.
    seal(&mut app, RED, Card::C);
    seal(&mut app, BLUE, Card::C);
    let Prompt::Movement { side, .. } = app.battle().prompt() else {
        panic!("{:?}", app.battle().prompt())
    };
    assert_eq!(app.mode(), Mode::SeatWait);
    let (asked_side, ask) = asked(&mut app).expect("the seat is asked");
    assert_eq!(asked_side, side);
    let name = app.battle().sides()[side.0].name.clone();
    let shown = screen(&app);
    assert!(shown.contains(&format!("waiting for {name}…")), "{shown}");
    assert_snapshot!("waiting_for_a_seat_120x40", shown);
    // Keys that would answer the movement prompt do nothing meanwhile.
    let log = app.session().log().len();
    typed(&mut app, " f");
    assert_eq!(app.session().log().len(), log);

    // The seat answers: played as the laptop's own command.
    let stand = Command::Move { moves: Vec::new() };
    app.seat_answered(Answered {
        side,
        ask,
        command: stand.clone(),
    });
    assert_eq!(app.session().log().len(), log + 1);
    assert_eq!(app.session().log()[log], stand);
    assert!(app.note.as_ref().unwrap().text.ends_with("seat answered"));

    // The next question; the referee takes it back with Enter.
    let Some((next_side, next)) = asked(&mut app) else {
        panic!("{:?}", app.battle().prompt())
    };
    assert!(next > ask, "a new question, a new number");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Movement);
    let out = app.take_outbox();
    assert!(
        out.iter()
            .any(|m| matches!(m, ToServer::Notice(s, _, _) if *s == next_side)),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|m| matches!(m, ToServer::Table(t) if t.question().is_none())),
        "the seat is no longer asked"
    );
    // The seat's answer arrives too late: not used, and the seat is told.
    let log = app.session().log().to_vec();
    app.seat_answered(Answered {
        side: next_side,
        ask: next,
        command: stand,
    });
    assert_eq!(app.session().log(), &log[..]);
    assert!(app.note.as_ref().unwrap().text.contains("not used"));
    assert!(app.take_outbox().iter().any(
        |m| matches!(m, ToServer::Notice(s, _, t) if *s == next_side && t.contains("not used"))
    ));
    answer_by_keys(&mut app);
    assert_eq!(app.session().log().len(), log.len() + 1);
}

/// A side without a seat (closed: the referee plays it, as an NPC side)
/// answers on the laptop as before.
#[test]
fn a_side_without_a_seat_answers_on_the_laptop() {
    let mut app = seated(80, 24);
    asking(&mut app);
    typed(&mut app, "Kx");
    press(&mut app, KeyCode::Tab);
    typed(&mut app, "x");
    press(&mut app, KeyCode::Esc);
    for _ in 0..4 {
        if matches!(app.battle().prompt(), Prompt::Orders { .. }) {
            answer_by_keys(&mut app);
        }
    }
    assert!(matches!(
        app.battle().prompt(),
        Prompt::MovementPriority { .. }
    ));
    assert_eq!(app.mode(), Mode::Priority);
    assert_eq!(asked(&mut app), None);
}

/// `K` opens the seats from the map screens too (here while the laptop
/// waits for a seat's moves), and Esc comes back.
#[test]
fn k_opens_the_seats_from_the_map() {
    let mut app = seated(120, 40);
    seal(&mut app, RED, Card::C);
    seal(&mut app, BLUE, Card::C);
    assert_eq!(app.mode(), Mode::SeatWait);
    typed(&mut app, "K");
    assert_eq!(app.mode(), Mode::Seats);
    assert_snapshot!("seats_from_the_map_120x40", screen(&app));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.mode(), Mode::SeatWait);
}

/// 16.9.10: under the Optional Initiative System each figure's own Action
/// Phase is asked of its side's seat, that figure alone to move.
#[test]
fn shakhan_16_9_10_a_figure_s_own_action_phase_is_asked_of_its_seat() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/duel.ron");
    let text = std::fs::read_to_string(&path).unwrap().replacen(
        "ruleset: Shakhan,",
        "ruleset: Shakhan, options: (initiative: Optional),",
        1,
    );
    let checked = hexmelee::rulesets::shakhan::scenario::parse(&path, &text).unwrap();
    let seed = checked.scenario.seed;
    let mut app = App::new(checked, seed, false).unwrap();
    app.handle(hexmelee::tui::input::Input::Resize(120, 40));
    let tokens = vec![Token::from_bytes([0x11; 16]), Token::from_bytes([0x22; 16])];
    app.open_seats("192.0.2.10:8080".parse().unwrap(), tokens);
    seal(&mut app, RED, Card::C);
    seal(&mut app, BLUE, Card::C);
    let Prompt::FigureMovement { figure, .. } = app.battle().prompt() else {
        panic!("{:?}", app.battle().prompt())
    };
    assert_eq!(app.mode(), Mode::SeatWait);
    let question = app
        .take_outbox()
        .iter()
        .rev()
        .find_map(|m| match m {
            ToServer::Table(t) => t.question().cloned(),
            _ => None,
        })
        .expect("the seat is asked");
    assert_eq!(question.movers, [figure]);
    assert_eq!(question.side.0, app.battle().figure(figure).side);
    let log = app.session().log().len();
    app.seat_answered(Answered {
        side: question.side,
        ask: question.ask,
        command: Command::Move { moves: Vec::new() },
    });
    assert_eq!(app.session().log().len(), log + 1);
}

/// Issue 39: `K` then `u`: the shown side's seat is released (the next
/// device to open its link takes it); its link stays the same.
#[test]
fn u_releases_the_shown_seat() {
    let mut app = seated(120, 40);
    app.take_outbox();
    typed(&mut app, "K");
    typed(&mut app, "u");
    let out = app.take_outbox();
    assert!(
        out.iter().any(|m| matches!(m, ToServer::Release(RED))),
        "{out:?}"
    );
    assert!(
        !out.iter()
            .any(|m| matches!(m, ToServer::Issue(..) | ToServer::Revoke(_)))
    );
    assert!(app.seats.as_ref().unwrap().seated(RED));
}

/// Issue 39: a reseal that reaches the laptop after it handed the seat's
/// orders in is not kept: the seat is told its earlier orders were played.
#[test]
fn a_reseal_after_the_hand_in_is_answered_with_the_orders_played() {
    let mut app = seated(80, 24);
    seal(&mut app, RED, Card::B);
    seal(&mut app, BLUE, Card::D);
    assert!(!matches!(app.battle().prompt(), Prompt::Orders { .. }));
    app.take_outbox();
    let log = app.session().log().len();
    seal(&mut app, RED, Card::A);
    let out = app.take_outbox();
    assert!(
        out.iter().any(
            |m| matches!(m, ToServer::Played(RED, _, o, true) if o[0].cards[0].card == Card::B)
        ),
        "{out:?}"
    );
    assert_eq!(
        app.session().log().len(),
        log,
        "the late seal played nothing"
    );
}
