//! The seat book with Shakhàn's battle: seals and answers checked by its rules.

use super::{AnswerRequest, Question, Table};
use crate::rulesets::shakhan::engine::{Battle, CardOrder, Command, FigureOrders, Prompt};
use crate::rulesets::shakhan::rules::Card;
use crate::seam::{FigureId, SideId};
use crate::seats::{Book, NAME_LEN, Refusal, SealRequest, Token};

fn duel() -> Battle {
    let checked = crate::rulesets::shakhan::scenario::default_scenario().unwrap();
    Battle::new(&checked, checked.scenario.seed).unwrap()
}

fn token(side: usize) -> Token {
    Token::from_bytes([side as u8 + 1; 16])
}

fn book(battle: &Battle) -> Book<Battle> {
    let mut b = Book::new();
    b.issue(SideId(0), token(0));
    b.issue(SideId(1), token(1));
    b.update(Table::of(battle));
    b
}

fn orders(figure: usize, card: Card, target: usize) -> Vec<FigureOrders> {
    vec![FigureOrders {
        figure: FigureId(figure),
        cards: vec![CardOrder::new(card, Some(FigureId(target)))],
        shield: Default::default(),
        when_busy: Default::default(),
        dodge: Default::default(),
        moves: Default::default(),
    }]
}

fn request(round: u32, seal: &str, o: Vec<FigureOrders>) -> SealRequest<Vec<FigureOrders>> {
    SealRequest {
        round,
        seal: seal.into(),
        orders: o,
    }
}

/// Shakhàn 16.14.1: a seat's orders pass the same check as the laptop's.
#[test]
fn shakhan_16_14_1_a_seal_is_checked_by_the_battle_and_kept_per_side() {
    let battle = duel();
    let mut b = book(&battle);
    let red = token(0).reveal();
    let sealed = b
        .seal(&red, request(1, "a", orders(0, Card::C, 1)))
        .unwrap()
        .unwrap();
    assert_eq!(sealed.side, SideId(0));
    assert_eq!(b.view(&red).unwrap().sealed.unwrap().orders, sealed.orders);
    assert_eq!(b.view(&token(1).reveal()).unwrap().sealed, None);
    // The battle's words, as the laptop would show them.
    let mut wrong = battle.clone();
    let laptop = wrong
        .submit(Command::Orders {
            side: SideId(0),
            orders: orders(1, Card::C, 0),
        })
        .unwrap_err();
    let seat = b
        .seal(&red, request(1, "b", orders(1, Card::C, 0)))
        .unwrap_err();
    assert_eq!(seat, Refusal::Refused(laptop.0));
}

#[test]
fn refusals_leave_the_book_as_it_was() {
    let battle = duel();
    let mut b = book(&battle);
    let red = token(0).reveal();
    b.seal(&red, request(1, "first", orders(0, Card::A, 1)))
        .unwrap();
    let before = b.view(&red).unwrap();
    let refusals = [
        (
            "00".repeat(16),
            request(1, "x1", orders(0, Card::C, 1)),
            Refusal::UnknownToken,
        ),
        (
            red.clone(),
            request(2, "x2", orders(0, Card::C, 1)),
            Refusal::Stale { given: 2, now: 1 },
        ),
        (
            red.clone(),
            request(1, "first", orders(0, Card::C, 1)),
            Refusal::Replayed,
        ),
    ];
    for (t, r, why) in refusals {
        assert_eq!(b.seal(&t, r), Err(why));
        assert_eq!(b.view(&red).unwrap(), before);
    }
    let long = "x".repeat(NAME_LEN + 1);
    assert!(matches!(
        b.seal(&red, request(1, &long, orders(0, Card::C, 1))),
        Err(Refusal::Malformed(_))
    ));
    assert_eq!(b.view(&red).unwrap(), before);
}

#[test]
fn a_new_round_forgets_seals_and_a_revoked_token_opens_nothing() {
    let mut battle = duel();
    let mut b = book(&battle);
    let red = token(0).reveal();
    b.seal(&red, request(1, "a", orders(0, Card::C, 1)))
        .unwrap();
    // The laptop takes Red's seal, then Blue's orders; the round runs.
    for side in 0..2 {
        let o = orders(side, Card::D, 1 - side);
        b.update(Table::of(&battle));
        battle
            .submit(Command::Orders {
                side: SideId(side),
                orders: o,
            })
            .unwrap();
    }
    b.update(Table::of(&battle));
    assert!(!b.view(&red).unwrap().open);
    assert!(
        b.view(&red).unwrap().sealed.is_some(),
        "kept till the round ends"
    );
    b.update(Table::of(&battle).in_round(battle.round() + 1));
    assert_eq!(b.view(&red).unwrap().sealed, None);
    // The seal name may come again in a new round.
    assert_ne!(
        b.seal(&red, request(2, "a", orders(0, Card::C, 1))),
        Err(Refusal::Replayed)
    );
    b.revoke(SideId(0));
    assert_eq!(b.view(&red), Err(Refusal::UnknownToken));
    assert!(b.view(&token(1).reveal()).is_ok());
}

/// 16.14.3: the side with Initiative is asked on its seat; the first
/// answer is the one; a notice stays until the next question.
#[test]
fn shakhan_16_14_3_a_question_is_answered_once_and_its_notice_lasts_till_the_next() {
    let mut battle = duel();
    for side in 0..2 {
        battle
            .submit(Command::Orders {
                side: SideId(side),
                orders: orders(side, Card::C, 1 - side),
            })
            .unwrap();
    }
    let Prompt::MovementPriority { side } = battle.prompt() else {
        panic!("{:?}", battle.prompt())
    };
    let asked = |ask| Question {
        side,
        ask,
        prompt: battle.prompt(),
        movers: Vec::new(),
        planned: Vec::new(),
    };
    let mut b = book(&battle);
    b.update(Table::of(&battle).asking(asked(1)));
    let me = token(side.0).reveal();
    let first = AnswerRequest {
        ask: 1,
        command: Command::MovementPriority { move_first: true },
    };
    assert_eq!(b.answer(&me, first.clone()).unwrap().ask, 1);
    assert!(b.view(&me).unwrap().question.unwrap().answered);
    assert!(matches!(
        b.answer(&me, first.clone()),
        Err(Refusal::NotAsked(_))
    ));
    // A word about an earlier question leaves this one answered.
    b.notice(side, 0, "too late for question 0".into());
    assert!(b.view(&me).unwrap().question.unwrap().answered);
    // The laptop could not use it: told, and it may be given again.
    b.notice(side, 1, "not used".into());
    let view = b.view(&me).unwrap();
    assert_eq!(view.notice.as_deref(), Some("not used"));
    assert!(!view.question.unwrap().answered);
    // The same question sent again keeps the notice; the next clears it,
    // and an answer to the last is stale.
    b.update(Table::of(&battle).asking(asked(1)));
    assert!(b.view(&me).unwrap().notice.is_some());
    b.update(Table::of(&battle).asking(asked(2)));
    let view = b.view(&me).unwrap();
    assert_eq!(view.notice, None);
    assert!(!view.question.unwrap().answered);
    assert!(matches!(
        b.answer(&me, first.clone()),
        Err(Refusal::NotAsked(_))
    ));
    assert!(b.answer(&me, AnswerRequest { ask: 2, ..first }).is_ok());
}
