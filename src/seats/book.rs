//! The seats' state, without sockets: whose token opens which seat, the table
//! as the laptop last sent it, and each seat's seal this round. The server
//! holds one `Book` behind a lock and asks it everything; every refusal here
//! changes nothing.

use std::collections::HashSet;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::ask::{AnswerRequest, Answered};
use super::rules::Rules;
use super::token::Token;
use super::view::{QuestionView, SealedView, ViewOf, seat_view};
use crate::seam::SideId;

/// Seals a seat may make in a round that change its orders (a seal of the
/// orders it holds already is not counted): more than any player reseals,
/// and each seat's own, so one side's page cannot use up the other's.
const SEALS_PER_SEAT: usize = 256;

/// Longest seal or device name a page may send.
pub(crate) const NAME_LEN: usize = 64;

/// The table as the laptop last sent it: one view per side, and the battle
/// the seals are checked against (never sent to anyone).
#[derive(Debug, Clone)]
pub struct Table<R: Rules> {
    round: u32,
    views: Vec<ViewOf<R>>,
    battle: Arc<R>,
    /// What the laptop asks of a seat now, if anything.
    question: Option<R::Question>,
}

impl<R: Rules> Table<R> {
    /// The table of `battle` as it stands.
    pub fn of(battle: &R) -> Table<R> {
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
    pub fn asking(mut self, question: R::Question) -> Table<R> {
        let (side, ask) = R::asked(&question);
        if let Some(v) = self.views.get_mut(side.0) {
            v.question = Some(QuestionView {
                ask,
                asking: self.battle.asking(&question),
                answered: false,
            });
        }
        self.question = Some(question);
        self
    }

    /// The question put to a seat, if any.
    pub fn question(&self) -> Option<&R::Question> {
        self.question.as_ref()
    }

    /// The same table in another round (tests: a new round without playing one).
    #[cfg(test)]
    pub(crate) fn in_round(mut self, round: u32) -> Table<R> {
        self.round = round;
        self
    }

    /// The question put to a seat, as (side, number).
    fn asked(&self) -> Option<(SideId, u64)> {
        self.question.as_ref().map(R::asked)
    }
}

/// A seat's request to seal its side's orders.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SealRequest<O> {
    /// The round the page was showing: a seal for another round is stale.
    pub round: u32,
    /// A name the page makes for this one seal (a replay repeats it).
    pub seal: String,
    /// The side's orders, in the ruleset's words.
    pub orders: O,
}

/// Orders a seat sealed, checked, for the laptop.
#[derive(Debug, Clone, PartialEq)]
pub struct Sealed<O> {
    pub side: SideId,
    pub round: u32,
    pub orders: O,
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
    #[error(
        "this seat is taken: another device opened it first. Ask the referee to release the seat (K on the laptop, then u), then reload this page"
    )]
    Taken,
    #[error(
        "this page has not opened its seat: reload the page (the referee may have released the seat)"
    )]
    NotOpened,
    /// The seat may not seal again this round (its orders were played, or
    /// the referee took them to the laptop).
    #[error("{0}")]
    Closed(String),
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
#[derive(Debug)]
pub struct Book<R: Rules> {
    tokens: Vec<Option<Token>>,
    table: Option<Table<R>>,
    seals: Vec<Option<SealedView<R::Orders>>>,
    /// Per side: the seal names received this round (the seals counted).
    seen: Vec<HashSet<String>>,
    /// Per side: the device that opened the seat first (a random name the
    /// server gave it in an HttpOnly cookie, never sent back); only it
    /// reads and seals until the referee releases the seat.
    owners: Vec<Option<Token>>,
    /// Per side: why the seat may not seal again this round.
    closed: Vec<Option<String>>,
    /// Per side: a seal came after the laptop played the side's orders.
    late: Vec<bool>,
    /// The question (by number) a seat has answered, until the laptop moves on.
    answered: Option<u64>,
    /// Per side: what the laptop last told the seat (an answer not used).
    notices: Vec<Option<String>>,
}

impl<R: Rules> Default for Book<R> {
    fn default() -> Self {
        Book {
            tokens: Vec::new(),
            table: None,
            seals: Vec::new(),
            seen: Vec::new(),
            owners: Vec::new(),
            closed: Vec::new(),
            late: Vec::new(),
            answered: None,
            notices: Vec::new(),
        }
    }
}

impl<R: Rules> Book<R> {
    pub fn new() -> Book<R> {
        Book::default()
    }

    /// `token` opens `side`'s seat from now on; any earlier token of the side
    /// opens nothing.
    /// A new link opens the seat for whichever device opens it first.
    pub fn issue(&mut self, side: SideId, token: Token) {
        if self.tokens.len() <= side.0 {
            self.tokens.resize(side.0 + 1, None);
        }
        self.tokens[side.0] = Some(token);
        self.release(side);
    }

    /// The side's link opens nothing until a new one is issued.
    pub fn revoke(&mut self, side: SideId) {
        if let Some(t) = self.tokens.get_mut(side.0) {
            *t = None;
        }
        self.release(side);
    }

    /// The seat belongs to no device: the next to open its link takes it.
    pub fn release(&mut self, side: SideId) {
        if let Some(o) = self.owners.get_mut(side.0) {
            *o = None;
        }
    }

    /// A device opens the seat `token` opens: the first to do so owns it.
    /// `presented` is the device's name from its cookie, if it has one;
    /// `fresh` names a device that has none. `Ok` holds the name to give
    /// the device (`None`: it keeps the one it has).
    pub fn claim(
        &mut self,
        token: &str,
        presented: Option<&str>,
        fresh: Token,
    ) -> Result<(SideId, Option<Token>), Refusal> {
        let side = self.side_of(token)?;
        if self.owners.len() <= side.0 {
            self.owners.resize(side.0 + 1, None);
        }
        match &self.owners[side.0] {
            Some(owner) if presented.is_some_and(|p| owner.matches(p)) => Ok((side, None)),
            Some(_) => Err(Refusal::Taken),
            None => match presented.and_then(Token::from_hex) {
                Some(known) => {
                    self.owners[side.0] = Some(known);
                    Ok((side, None))
                }
                None => {
                    self.owners[side.0] = Some(fresh.clone());
                    Ok((side, Some(fresh)))
                }
            },
        }
    }

    /// The side whose seat `token` opens, when the device named `presented`
    /// owns it: every request but opening the page asks this.
    pub fn owned(&self, token: &str, presented: Option<&str>) -> Result<SideId, Refusal> {
        let side = self.side_of(token)?;
        match self.owners.get(side.0).cloned().flatten() {
            Some(owner) if presented.is_some_and(|p| owner.matches(p)) => Ok(side),
            Some(_) => Err(Refusal::Taken),
            None => Err(Refusal::NotOpened),
        }
    }

    /// The laptop handed in `orders` as the side's (from its seat): they
    /// are played, and the seat seals no more this round. `late`: a seal
    /// the seat made after them reached the laptop too late to be played.
    pub fn played(&mut self, side: SideId, round: u32, orders: R::Orders, late: bool) {
        if self.table.as_ref().is_none_or(|t| t.round != round) {
            return;
        }
        self.grow(side);
        self.seals[side.0] = Some(SealedView {
            orders,
            played: true,
        });
        self.closed[side.0] = Some(
            "Your orders for this round were played; the next round opens the seal again.".into(),
        );
        self.late[side.0] |= late;
    }

    /// The referee writes the side's orders on the laptop this round: its
    /// seal is void and the seat seals no more this round.
    pub fn taken_back(&mut self, side: SideId) {
        self.grow(side);
        self.seals[side.0] = None;
        self.closed[side.0] = Some(
            "The referee took your side's orders to the laptop for this round; you seal again next round."
                .into(),
        );
    }

    /// Room for `side` in every per-side list.
    fn grow(&mut self, side: SideId) {
        let n = side.0 + 1;
        if self.seals.len() < n {
            self.seals.resize(n, None);
        }
        if self.seen.len() < n {
            self.seen.resize(n, HashSet::new());
        }
        if self.closed.len() < n {
            self.closed.resize(n, None);
        }
        if self.late.len() < n {
            self.late.resize(n, false);
        }
    }

    /// The laptop's table, as the battle moved on. A new round forgets the
    /// last round's seals; the same round keeps them (the laptop hands them
    /// in one side at a time).
    pub fn update(&mut self, table: Table<R>) {
        if self.table.as_ref().is_none_or(|t| t.round != table.round) {
            self.seals = vec![None; table.views.len()];
            self.seen = vec![HashSet::new(); table.views.len()];
            self.closed = vec![None; table.views.len()];
            self.late = vec![false; table.views.len()];
        }
        if let Some(last) = table.views.len().checked_sub(1) {
            self.grow(SideId(last));
        }
        let asked = |t: &Table<R>| t.asked().map(|(_, ask)| ask);
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
        self.grow(side);
        self.seals[side.0] = None;
        self.closed[side.0] = None;
        self.late[side.0] = false;
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
    pub fn view(&self, token: &str) -> Result<ViewOf<R>, Refusal> {
        let side = self.side_of(token)?;
        let table = self.table.as_ref().ok_or(Refusal::NoTable)?;
        let mut view = table
            .views
            .get(side.0)
            .cloned()
            .ok_or(Refusal::UnknownToken)?;
        view.sealed = self.seals.get(side.0).cloned().flatten();
        view.notice = self.notices.get(side.0).cloned().flatten();
        if self.late.get(side.0) == Some(&true) {
            view.notice = Some(
                "Too late: your last seal reached the laptop after it had handed in your earlier \
                 orders. The orders shown here are the ones played."
                    .into(),
            );
        }
        if let Some(why) = self.closed.get(side.0).cloned().flatten()
            && view.open
        {
            view.open = false;
            view.waiting = Some(why);
        }
        // Another seat is asked: say whom the table waits for, as the laptop does.
        if let Some((asked, _)) = table.asked().filter(|(s, _)| *s != side) {
            let name = table
                .views
                .get(asked.0)
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
    fn asked(&self, token: &str, ask: u64) -> Result<(SideId, &Table<R>, &R::Question), Refusal> {
        let side = self.side_of(token)?;
        let table = self.table.as_ref().ok_or(Refusal::NoTable)?;
        let q = table
            .question
            .as_ref()
            .filter(|q| R::asked(q).0 == side)
            .ok_or_else(|| {
                Refusal::NotAsked(
                    "nothing is asked of your seat now: it was answered (on the laptop, or by \
                     another device of your seat), or the battle moved on"
                        .into(),
                )
            })?;
        let now = R::asked(q).1;
        if now != ask {
            return Err(Refusal::NotAsked(format!(
                "this answers question {ask}, but question {now} is asked now: the page was out \
                 of date; look again and answer"
            )));
        }
        Ok((side, table, q))
    }

    /// Price a path a seat's player picked (nothing changes).
    pub fn plan(&self, token: &str, request: &R::Plan) -> Result<R::Priced, Refusal> {
        let (side, table, _) = self.asked(token, R::plan_for(request))?;
        table.battle.plan(side, request).map_err(Refusal::Refused)
    }

    /// A seat answers the question put to it: checked by the battle's own
    /// checks, then handed to the laptop. The first answer is the one; any
    /// other for the same question is refused. Refused, nothing changes.
    pub fn answer(
        &mut self,
        token: &str,
        request: AnswerRequest<R::Command>,
    ) -> Result<Answered<R::Command>, Refusal> {
        let (side, table, q) = self.asked(token, request.ask)?;
        let ask = request.ask;
        if self.answered == Some(ask) {
            return Err(Refusal::NotAsked(
                "this question was answered already (by this or another device of your seat)"
                    .into(),
            ));
        }
        table
            .battle
            .check_answer(q, &request.command)
            .map_err(Refusal::Refused)?;
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
    /// orders (`Rules::check_sealing`, what the laptop's seal runs), then
    /// kept as this round's seal of the seat, replacing any earlier one (last
    /// seal wins). `Ok(None)`: the seat holds these very orders already, and
    /// nothing changes (nor is counted). Refused, nothing changes.
    pub fn seal(
        &mut self,
        token: &str,
        request: SealRequest<R::Orders>,
    ) -> Result<Option<Sealed<R::Orders>>, Refusal> {
        let side = self.side_of(token)?;
        let table = self.table.as_ref().ok_or(Refusal::NoTable)?;
        if request.seal.is_empty() || request.seal.len() > NAME_LEN {
            return Err(Refusal::Malformed(format!(
                "the seal name must be 1 to {NAME_LEN} characters; reload the page"
            )));
        }
        if request.round != table.round {
            return Err(Refusal::Stale {
                given: request.round,
                now: table.round,
            });
        }
        if let Some(why) = self.closed.get(side.0).cloned().flatten() {
            return Err(Refusal::Closed(why));
        }
        let seen = self.seen.get(side.0);
        if seen.is_some_and(|s| s.contains(&request.seal)) {
            return Err(Refusal::Replayed);
        }
        table
            .battle
            .check_sealing(side, &request.orders)
            .map_err(Refusal::Refused)?;
        let held = self.seals.get(side.0).cloned().flatten();
        if held.is_some_and(|h| h.orders == request.orders) {
            return Ok(None);
        }
        if seen.is_some_and(|s| s.len() >= SEALS_PER_SEAT) {
            return Err(Refusal::Refused(format!(
                "your seat has sealed {SEALS_PER_SEAT} times this round; ask the referee to take your orders on the laptop"
            )));
        }
        let round = table.round;
        self.grow(side);
        self.seen[side.0].insert(request.seal);
        self.seals[side.0] = Some(SealedView {
            orders: request.orders.clone(),
            played: false,
        });
        Ok(Some(Sealed {
            side,
            round,
            orders: request.orders,
        }))
    }
}

/// A toy sealed-orders ruleset, built only for tests, proves the seats'
/// frame: the book seals, refuses and asks for it without naming any real
/// ruleset.
#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use super::*;
    use crate::scenario::SideColour;

    /// Each side seals a number of steps; the toy refuses more than three.
    #[derive(Debug, Clone)]
    struct Race {
        round: u32,
    }

    #[derive(Debug, Clone, PartialEq, Serialize)]
    struct Track {
        lanes: u32,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct Steps(u32);

    #[derive(Debug, Clone, PartialEq, Serialize)]
    struct Jump {
        text: &'static str,
    }

    impl Rules for Race {
        const PAGE: &'static str = "<p>race</p>";
        type Orders = Steps;
        type Board = Track;
        type Question = (SideId, u64);
        type Asking = Jump;
        type Plan = u64;
        type Priced = u32;
        type Command = bool;

        fn round(&self) -> u32 {
            self.round
        }
        fn sides(&self) -> Vec<(String, SideColour)> {
            vec![
                ("Hare".into(), SideColour::Red),
                ("Tortoise".into(), SideColour::Green),
            ]
        }
        fn board(&self, _: SideId) -> Track {
            Track { lanes: 2 }
        }
        fn waiting(&self, _: SideId) -> Option<String> {
            None
        }
        fn check_sealing(&self, _: SideId, orders: &Steps) -> Result<(), String> {
            if orders.0 > 3 {
                return Err("at most 3 steps".into());
            }
            Ok(())
        }
        fn asked(question: &(SideId, u64)) -> (SideId, u64) {
            *question
        }
        fn asking(&self, _: &(SideId, u64)) -> Jump {
            Jump { text: "jump?" }
        }
        fn plan_for(plan: &u64) -> u64 {
            *plan
        }
        fn plan(&self, _: SideId, _: &u64) -> Result<u32, String> {
            Ok(1)
        }
        fn check_answer(&self, _: &(SideId, u64), _: &bool) -> Result<(), String> {
            Ok(())
        }
    }

    fn book() -> Book<Race> {
        let mut b = Book::new();
        b.issue(SideId(0), Token::from_bytes([1; 16]));
        b.issue(SideId(1), Token::from_bytes([2; 16]));
        b.update(Table::of(&Race { round: 4 }));
        b
    }

    fn seal(round: u32, name: &str, steps: u32) -> SealRequest<Steps> {
        SealRequest {
            round,
            seal: name.into(),
            orders: Steps(steps),
        }
    }

    #[test]
    fn a_toy_rulesets_seals_pass_its_own_check_and_its_board_stands_beside_the_seats_words() {
        let mut b = book();
        let hare = Token::from_bytes([1; 16]).reveal();
        assert_eq!(
            b.seal(&hare, seal(4, "a", 9)),
            Err(Refusal::Refused("at most 3 steps".into()))
        );
        assert_eq!(
            b.seal(&hare, seal(3, "b", 2)),
            Err(Refusal::Stale { given: 3, now: 4 })
        );
        let sealed = b.seal(&hare, seal(4, "c", 2)).unwrap().unwrap();
        assert_eq!((sealed.side, sealed.orders), (SideId(0), Steps(2)));
        let json = serde_json::to_value(b.view(&hare).unwrap()).unwrap();
        assert_eq!(json["lanes"], 2, "the board's fields beside the seats' own");
        assert_eq!(json["side_name"], "Hare");
        assert_eq!(json["sealed"]["orders"], 2);
        assert_eq!(json["colours"][1], "#1e8449");
    }

    #[test]
    fn a_toy_rulesets_question_is_put_to_its_side_and_answered_once() {
        let mut b = book();
        b.update(Table::of(&Race { round: 4 }).asking((SideId(1), 7)));
        let hare = Token::from_bytes([1; 16]).reveal();
        let tortoise = Token::from_bytes([2; 16]).reveal();
        let v = b.view(&hare).unwrap();
        assert_eq!(v.question, None);
        assert_eq!(
            v.waiting.as_deref(),
            Some("The round is under way: waiting for Tortoise…")
        );
        let json = serde_json::to_value(b.view(&tortoise).unwrap()).unwrap();
        assert_eq!(json["question"]["ask"], 7);
        assert_eq!(json["question"]["text"], "jump?");
        assert_eq!(json["question"]["answered"], false);
        assert!(matches!(b.plan(&hare, &7), Err(Refusal::NotAsked(_))));
        assert!(matches!(b.plan(&tortoise, &6), Err(Refusal::NotAsked(_))));
        assert_eq!(b.plan(&tortoise, &7), Ok(1));
        let answer = |ask| AnswerRequest { ask, command: true };
        assert_eq!(b.answer(&tortoise, answer(7)).unwrap().side, SideId(1));
        assert!(b.view(&tortoise).unwrap().question.unwrap().answered);
        assert!(matches!(
            b.answer(&tortoise, answer(7)),
            Err(Refusal::NotAsked(_))
        ));
    }
    #[test]
    fn the_first_device_owns_a_seat_until_the_referee_releases_it() {
        let mut b = book();
        let hare = Token::from_bytes([1; 16]).reveal();
        let phone = Token::from_bytes([7; 16]);
        let thief = Token::from_bytes([8; 16]);
        assert_eq!(b.owned(&hare, None), Err(Refusal::NotOpened));
        // A device without a name is given the fresh one.
        let (side, named) = b.claim(&hare, None, phone.clone()).unwrap();
        assert_eq!((side, named), (SideId(0), Some(phone.clone())));
        assert_eq!(b.owned(&hare, Some(&phone.reveal())), Ok(SideId(0)));
        assert_eq!(
            b.claim(&hare, Some(&phone.reveal()), thief.clone()),
            Ok((SideId(0), None))
        );
        // Another device, named or not, is told the seat is taken.
        assert_eq!(
            b.claim(&hare, Some(&thief.reveal()), thief.clone()),
            Err(Refusal::Taken)
        );
        assert_eq!(b.claim(&hare, None, thief.clone()), Err(Refusal::Taken));
        assert_eq!(b.owned(&hare, Some(&thief.reveal())), Err(Refusal::Taken));
        assert_eq!(b.owned(&hare, None), Err(Refusal::Taken));
        // Released, the next device to open it takes it; the first no longer reads.
        b.release(SideId(0));
        assert_eq!(
            b.claim(&hare, Some(&thief.reveal()), phone.clone()),
            Ok((SideId(0), None))
        );
        assert_eq!(b.owned(&hare, Some(&phone.reveal())), Err(Refusal::Taken));
        // A new link frees the seat too.
        b.issue(SideId(0), Token::from_bytes([9; 16]));
        let new = Token::from_bytes([9; 16]).reveal();
        assert_eq!(
            b.owned(&new, Some(&thief.reveal())),
            Err(Refusal::NotOpened)
        );
    }

    #[test]
    fn each_seat_has_its_own_budget_and_a_seal_that_changes_nothing_is_not_counted() {
        let mut b = book();
        let hare = Token::from_bytes([1; 16]).reveal();
        let tortoise = Token::from_bytes([2; 16]).reveal();
        for i in 0..SEALS_PER_SEAT {
            assert!(
                b.seal(&hare, seal(4, &format!("h{i}"), (i % 2) as u32))
                    .unwrap()
                    .is_some()
            );
        }
        // The same orders again: nothing changes, nothing is counted.
        let held = b.view(&hare).unwrap().sealed.unwrap().orders;
        assert_eq!(b.seal(&hare, seal(4, "same", held.0)), Ok(None));
        assert!(matches!(
            b.seal(&hare, seal(4, "over", held.0 + 1)),
            Err(Refusal::Refused(_))
        ));
        // The hare's budget spent, the tortoise still seals, names and all.
        assert!(b.seal(&tortoise, seal(4, "h0", 1)).unwrap().is_some());
    }

    #[test]
    fn a_seal_after_the_orders_were_played_or_taken_back_is_refused_and_the_seat_told() {
        let mut b = book();
        let hare = Token::from_bytes([1; 16]).reveal();
        b.seal(&hare, seal(4, "a", 1)).unwrap();
        b.played(SideId(0), 4, Steps(1), false);
        let v = b.view(&hare).unwrap();
        assert!(!v.open && v.sealed.unwrap().played);
        assert!(matches!(
            b.seal(&hare, seal(4, "b", 2)),
            Err(Refusal::Closed(_))
        ));
        // A reseal that reached the laptop too late: the seat hears which played.
        // Said of another round, it changes nothing.
        b.played(SideId(0), 3, Steps(2), true);
        assert_eq!(b.view(&hare).unwrap().notice, None);
        b.played(SideId(0), 4, Steps(1), true);
        let v = b.view(&hare).unwrap();
        assert!(v.notice.unwrap().starts_with("Too late"));
        assert_eq!(v.sealed.unwrap().orders, Steps(1));
        // The referee takes the other seat back at the hand-over.
        let tortoise = Token::from_bytes([2; 16]).reveal();
        b.seal(&tortoise, seal(4, "t", 1)).unwrap();
        b.taken_back(SideId(1));
        let v = b.view(&tortoise).unwrap();
        assert!(!v.open && v.sealed.is_none());
        assert!(v.waiting.unwrap().contains("referee took"));
        assert!(matches!(
            b.seal(&tortoise, seal(4, "t2", 2)),
            Err(Refusal::Closed(_))
        ));
        // An undo on the laptop unseals: the seat seals again.
        b.unseal(SideId(1));
        assert!(b.seal(&tortoise, seal(4, "t3", 2)).unwrap().is_some());
    }
}
