//! The seats' state, without sockets: whose token opens which seat, the table
//! as the laptop last sent it, and each seat's seal this round. The server
//! holds one `Book` behind a lock and asks it everything; every refusal here
//! changes nothing.

use std::collections::HashSet;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::ask::{
    AnswerRequest, Answered, PathView, PlanRequest, Question, check_answer, question_view,
};
use super::token::Token;
use super::view::{SealedView, SeatView, seat_view};
use crate::rulesets::shakhan::engine::{Battle, FigureOrders};
use crate::seam::SideId;

/// Seal names kept per round to refuse a replayed request: more than any
/// table seals in a round, few enough to hold.
const SEALS_REMEMBERED: usize = 4096;

/// Longest seal or device name a page may send.
const NAME_LEN: usize = 64;

/// The table as the laptop last sent it: one view per side, and the battle
/// the seals are checked against (never sent to anyone).
#[derive(Debug, Clone)]
pub struct Table {
    round: u32,
    views: Vec<SeatView>,
    battle: Arc<Battle>,
    /// What the laptop asks of a seat now, if anything.
    question: Option<Question>,
}

impl Table {
    /// The table of `battle` as it stands.
    pub fn of(battle: &Battle) -> Table {
        Table {
            round: battle.round(),
            views: (0..battle.sides().len())
                .map(|s| seat_view(battle, SideId(s)))
                .collect(),
            battle: Arc::new(battle.clone()),
            question: None,
        }
    }

    /// The same table with `question` put to its side's seat (only that
    /// seat's view shows it).
    pub fn asking(mut self, question: Question) -> Table {
        if let Some(v) = self.views.get_mut(question.side.0) {
            v.question = Some(question_view(&self.battle, &question));
        }
        self.question = Some(question);
        self
    }

    /// The question put to a seat, if any.
    pub fn question(&self) -> Option<&Question> {
        self.question.as_ref()
    }
}

/// A seat's request to seal its side's orders.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SealRequest {
    /// The round the page was showing: a seal for another round is stale.
    pub round: u32,
    /// A name the page makes for this one seal (a replay repeats it).
    pub seal: String,
    /// The page's own name for its device, to tell another device of the
    /// seat that its orders were replaced.
    pub device: String,
    /// Figures left out play G (16.14.1), as on the laptop.
    pub orders: Vec<FigureOrders>,
}

/// Orders a seat sealed, checked, for the laptop.
#[derive(Debug, Clone, PartialEq)]
pub struct Sealed {
    pub side: SideId,
    pub round: u32,
    pub orders: Vec<FigureOrders>,
}

/// Why a request was refused; the words are for the player.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error(
        "this link opens no seat: it is mistyped, or the referee has issued a new one; ask the referee for your side's link"
    )]
    UnknownToken,
    #[error(
        "this seal is for round {given} but the table is in round {now}: the page was out of date; look over your orders and seal again"
    )]
    Stale { given: u32, now: u32 },
    #[error("this seal was already received once: a repeated request changes nothing")]
    Replayed,
    #[error("the laptop has not opened the seats yet; wait a moment and try again")]
    NoTable,
    #[error("{0}")]
    Malformed(String),
    /// An answer to a question that is not this seat's now, or answered.
    #[error("{0}")]
    NotAsked(String),
    /// The battle's own check refused the orders, or the side may not seal now.
    #[error("{0}")]
    Refused(String),
}

/// The seats' state.
#[derive(Debug, Default)]
pub struct Book {
    tokens: Vec<Option<Token>>,
    table: Option<Table>,
    seals: Vec<Option<SealedView>>,
    /// Seal names received this round.
    seen: HashSet<String>,
    /// The question (by number) a seat has answered, until the laptop moves on.
    answered: Option<u64>,
    /// Per side: what the laptop last told the seat (an answer not used).
    notices: Vec<Option<String>>,
}

impl Book {
    pub fn new() -> Book {
        Book::default()
    }

    /// `token` opens `side`'s seat from now on; any earlier token of the side
    /// opens nothing.
    pub fn issue(&mut self, side: SideId, token: Token) {
        if self.tokens.len() <= side.0 {
            self.tokens.resize(side.0 + 1, None);
        }
        self.tokens[side.0] = Some(token);
    }

    /// The side's link opens nothing until a new one is issued.
    pub fn revoke(&mut self, side: SideId) {
        if let Some(t) = self.tokens.get_mut(side.0) {
            *t = None;
        }
    }

    /// The laptop's table, as the battle moved on. A new round forgets the
    /// last round's seals; the same round keeps them (the laptop hands them
    /// in one side at a time).
    pub fn update(&mut self, table: Table) {
        if self.table.as_ref().is_none_or(|t| t.round != table.round) {
            self.seals = vec![None; table.views.len()];
            self.seen.clear();
        }
        self.seals.resize(table.views.len(), None);
        let asked = |t: &Table| t.question.as_ref().map(|q| q.ask);
        if self.table.as_ref().and_then(asked) != asked(&table) {
            // A new question (or none): the last one's answer and notices go.
            self.answered = None;
            self.notices.clear();
        }
        self.table = Some(table);
    }

    /// The laptop's word to a seat about question `ask` (its answer came
    /// too late, or was refused, or the referee took the question): shown
    /// on its page until the next question.
    pub fn notice(&mut self, side: SideId, ask: u64, text: String) {
        if self.notices.len() <= side.0 {
            self.notices.resize(side.0 + 1, None);
        }
        self.notices[side.0] = Some(text);
        // A refused answer may be given again; a word about an earlier
        // question leaves this one as it is.
        if self.answered == Some(ask) {
            self.answered = None;
        }
    }

    /// The seat's seal is void: the laptop could not take it (the battle moved
    /// under it) or the referee wrote the side's orders there instead.
    pub fn unseal(&mut self, side: SideId) {
        if let Some(s) = self.seals.get_mut(side.0) {
            *s = None;
        }
    }

    /// The side whose seat `token` opens, every side's token compared so the
    /// time taken does not say which matched.
    pub fn side_of(&self, token: &str) -> Result<SideId, Refusal> {
        let mut found = None;
        for (i, t) in self.tokens.iter().enumerate() {
            if t.as_ref().is_some_and(|t| t.matches(token)) {
                found = Some(SideId(i));
            }
        }
        found.ok_or(Refusal::UnknownToken)
    }

    /// What the seat `token` opens may see.
    pub fn view(&self, token: &str) -> Result<SeatView, Refusal> {
        let side = self.side_of(token)?;
        let table = self.table.as_ref().ok_or(Refusal::NoTable)?;
        let mut view = table
            .views
            .get(side.0)
            .cloned()
            .ok_or(Refusal::UnknownToken)?;
        view.sealed = self.seals.get(side.0).cloned().flatten();
        view.notice = self.notices.get(side.0).cloned().flatten();
        // Another seat is asked: say whom the table waits for, as the laptop does.
        if let Some(q) = table.question.as_ref().filter(|q| q.side != side) {
            let name = table
                .views
                .get(q.side.0)
                .map_or("", |v| v.side_name.as_str());
            view.waiting = Some(format!("The round is under way: waiting for {name}…"));
        }
        if let Some(q) = &mut view.question {
            q.answered = self.answered == Some(q.ask);
        }
        Ok(view)
    }

    /// The question `token`'s seat may answer as `ask`, with the battle it
    /// is asked in; refused when it is not that seat's, not current, or
    /// answered already.
    fn asked(&self, token: &str, ask: u64) -> Result<(SideId, &Table, &Question), Refusal> {
        let side = self.side_of(token)?;
        let table = self.table.as_ref().ok_or(Refusal::NoTable)?;
        let q = table
            .question
            .as_ref()
            .filter(|q| q.side == side)
            .ok_or_else(|| {
                Refusal::NotAsked(
                    "nothing is asked of your seat now: it was answered (on the laptop, or by \
                     another device of your seat), or the battle moved on"
                        .into(),
                )
            })?;
        if q.ask != ask {
            return Err(Refusal::NotAsked(format!(
                "this answers question {ask}, but question {} is asked now: the page was out \
                 of date; look again and answer",
                q.ask
            )));
        }
        Ok((side, table, q))
    }

    /// Price a path a seat's player picked (nothing changes).
    pub fn plan(&self, token: &str, request: &PlanRequest) -> Result<PathView, Refusal> {
        let (side, table, _) = self.asked(token, request.ask)?;
        super::ask::plan(&table.battle, side, request).map_err(Refusal::Refused)
    }

    /// A seat answers the question put to it: checked by the battle's own
    /// checks, then handed to the laptop. The first answer is the one; any
    /// other for the same question is refused. Refused, nothing changes.
    pub fn answer(&mut self, token: &str, request: AnswerRequest) -> Result<Answered, Refusal> {
        let (side, table, q) = self.asked(token, request.ask)?;
        if self.answered == Some(q.ask) {
            return Err(Refusal::NotAsked(
                "this question was answered already (by this or another device of your seat)"
                    .into(),
            ));
        }
        check_answer(&table.battle, q, &request.command).map_err(Refusal::Refused)?;
        let ask = q.ask;
        self.answered = Some(ask);
        if let Some(n) = self.notices.get_mut(side.0) {
            *n = None;
        }
        Ok(Answered {
            side,
            ask,
            command: request.command,
        })
    }

    /// Seal the side's orders: checked by the battle's own check of a side's
    /// orders (`Battle::check_sealing`, what the laptop's seal runs), then
    /// kept as this round's seal of the seat, replacing any earlier one (last
    /// seal wins). Refused, nothing changes.
    pub fn seal(&mut self, token: &str, request: SealRequest) -> Result<Sealed, Refusal> {
        let side = self.side_of(token)?;
        let table = self.table.as_ref().ok_or(Refusal::NoTable)?;
        for (what, name) in [("seal", &request.seal), ("device", &request.device)] {
            if name.is_empty() || name.len() > NAME_LEN {
                return Err(Refusal::Malformed(format!(
                    "the {what} name must be 1 to {NAME_LEN} characters; reload the page"
                )));
            }
        }
        if request.round != table.round {
            return Err(Refusal::Stale {
                given: request.round,
                now: table.round,
            });
        }
        if self.seen.contains(&request.seal) {
            return Err(Refusal::Replayed);
        }
        table
            .battle
            .check_sealing(side, &request.orders)
            .map_err(|r| Refusal::Refused(r.0))?;
        if self.seen.len() >= SEALS_REMEMBERED {
            return Err(Refusal::Refused(
                "too many seals this round; ask the referee to take your orders on the laptop"
                    .into(),
            ));
        }
        self.seen.insert(request.seal);
        let round = table.round;
        if self.seals.len() <= side.0 {
            self.seals.resize(side.0 + 1, None);
        }
        self.seals[side.0] = Some(SealedView {
            orders: request.orders.clone(),
            device: request.device,
        });
        Ok(Sealed {
            side,
            round,
            orders: request.orders,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::shakhan::engine::{CardOrder, Command, Prompt};
    use crate::rulesets::shakhan::rules::Card;
    use crate::seam::FigureId;

    fn duel() -> Battle {
        let checked = crate::rulesets::shakhan::scenario::default_scenario().unwrap();
        Battle::new(&checked, checked.scenario.seed).unwrap()
    }

    fn token(side: usize) -> Token {
        Token::from_bytes([side as u8 + 1; 16])
    }

    fn book(battle: &Battle) -> Book {
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

    fn request(round: u32, seal: &str, o: Vec<FigureOrders>) -> SealRequest {
        SealRequest {
            round,
            seal: seal.into(),
            device: "d".into(),
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
        let mut next = Table::of(&battle);
        next.round += 1;
        b.update(next);
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
}
