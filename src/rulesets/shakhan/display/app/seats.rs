//! Player seats on the laptop (issue 23): each seated side's link, what its
//! seat has sealed, and handing seals in as the side's orders. The App keeps
//! no channel: what it would tell the server waits in an outbox that the
//! display sends to the server (`crate::seats::Port`), so tests read it directly.

use std::net::SocketAddr;

use crate::rulesets::shakhan::engine::{Command, FigureOrders, Prompt};
use crate::rulesets::shakhan::seats::{
    Answered, Question, Sealed, Table, ToServer, seat_may_answer,
};
use crate::seam::SideId;
use crate::seats::Token;

use super::{App, Overlay};

/// The seats of a battle, as the laptop keeps them.
#[derive(Debug, Clone)]
pub struct Seats {
    /// Where the server listens: the links use exactly this.
    pub addr: SocketAddr,
    pub sides: Vec<Seat>,
    /// The side whose link the seats overlay shows.
    pub shown: SideId,
    /// The session's cursor when the table was last sent: a smaller one is
    /// an undo.
    cursor: usize,
    /// What to tell the server, oldest first.
    outbox: Vec<ToServer>,
    /// The number of the last question put to a seat, and where it was
    /// asked (the session's cursor and the prompt): a new one is numbered on.
    ask: u64,
    asked: Option<(usize, Prompt)>,
    /// The question the referee took back to the laptop (Enter while
    /// waiting for a seat).
    taken: Option<(usize, Prompt)>,
}

/// One side's seat.
#[derive(Debug, Clone, Default)]
pub struct Seat {
    /// `None`: revoked; the referee writes the side's orders on the laptop.
    pub token: Option<Token>,
    /// The orders the seat sealed this round (round, orders), until they are
    /// handed in.
    pub sealed: Option<(u32, Vec<FigureOrders>)>,
    /// The seat's orders the laptop handed in (round, orders): a seal after
    /// them came too late, and the seat is told which were played.
    pub played: Option<(u32, Vec<FigureOrders>)>,
}

impl Seats {
    /// The link of a seat, if it has one.
    pub fn link(&self, side: SideId) -> Option<String> {
        let token = self.sides.get(side.0)?.token.as_ref()?;
        Some(crate::seats::link(self.addr, token))
    }

    /// Whether the side's orders come from its seat (it has a link).
    pub fn seated(&self, side: SideId) -> bool {
        self.sides.get(side.0).is_some_and(|s| s.token.is_some())
    }

    /// Whether the side's seat has sealed this round's orders, not yet handed in.
    pub fn has_sealed(&self, side: SideId, round: u32) -> bool {
        self.sides
            .get(side.0)
            .and_then(|s| s.sealed.as_ref())
            .is_some_and(|(r, _)| *r == round)
    }
}

impl App {
    /// Seats served at `addr`, one token a side (`tokens[i]` for side i).
    pub fn open_seats(&mut self, addr: SocketAddr, tokens: Vec<Token>) {
        let mut outbox = Vec::new();
        let sides = tokens
            .into_iter()
            .enumerate()
            .map(|(i, t)| {
                outbox.push(ToServer::Issue(SideId(i), t.clone()));
                Seat {
                    token: Some(t),
                    sealed: None,
                    played: None,
                }
            })
            .collect();
        self.seats = Some(Seats {
            addr,
            sides,
            shown: SideId(0),
            cursor: self.session.cursor(),
            outbox,
            ask: 0,
            asked: None,
            taken: None,
        });
        self.publish();
    }

    /// What to tell the server since last asked.
    pub fn take_outbox(&mut self) -> Vec<ToServer> {
        self.seats
            .as_mut()
            .map(|s| std::mem::take(&mut s.outbox))
            .unwrap_or_default()
    }

    fn tell(&mut self, message: ToServer) {
        if let Some(s) = &mut self.seats {
            s.outbox.push(message);
        }
    }

    /// The table as it stands now, for every seat. After an undo, a seat
    /// whose seal the laptop no longer holds (handed in, then undone) is told
    /// to seal again rather than shown a seal that will never be played.
    pub(super) fn publish(&mut self) {
        let cursor = self.session.cursor();
        let round = self.battle().round();
        let Some(seats) = &mut self.seats else { return };
        let undone = cursor < seats.cursor;
        seats.cursor = cursor;
        if undone {
            let void: Vec<SideId> = (0..seats.sides.len())
                .map(SideId)
                .filter(|&s| seats.seated(s) && !seats.has_sealed(s, round))
                .collect();
            for side in void {
                if let Some(seat) = self.seats.as_mut().and_then(|s| s.sides.get_mut(side.0)) {
                    seat.played = None;
                }
                self.tell(ToServer::Unseal(side));
            }
        }
        // Behind the "Resume?" question the battle is not yet chosen: the
        // seats wait (a seal now would play a battle the referee may not
        // keep). Answering it publishes.
        if self.offered().is_some() {
            return;
        }
        let mut table = Table::of(self.session.battle());
        match self.question() {
            Some(q) => table = table.asking(q),
            None => {
                if let Some(s) = self.seats.as_mut() {
                    s.asked = None;
                }
            }
        }
        self.tell(ToServer::Table(table));
    }

    /// Where the battle stands, for numbering the questions put to seats.
    fn here(&self) -> (usize, Prompt) {
        (self.session.cursor(), self.battle().prompt())
    }

    /// The seat asked the current prompt, if one is: a player side's own
    /// question (`rulesets::shakhan::seats::seat_may_answer`) whose side has a seat, is not
    /// played by the AI and was not taken back to the laptop. Standing
    /// answers are given before anything is asked.
    pub fn asking_seat(&self) -> Option<SideId> {
        let seats = self.seats.as_ref()?;
        let prompt = self.battle().prompt();
        if !seat_may_answer(&prompt) {
            return None;
        }
        let side = self.owner(&prompt)?;
        let taken = seats.taken.as_ref() == Some(&self.here());
        (seats.seated(side) && !self.played_by_ai(side) && !taken && !self.replay).then_some(side)
    }

    /// The question for the seat asked now, numbered (a new one when the
    /// battle has moved since the last).
    fn question(&mut self) -> Option<Question> {
        let side = self.asking_seat()?;
        let here = self.here();
        let seats = self.seats.as_mut()?;
        if seats.asked.as_ref() != Some(&here) {
            seats.ask += 1;
            seats.asked = Some(here.clone());
        }
        let ask = seats.ask;
        let b = self.battle();
        let movers: Vec<_> = match here.1 {
            Prompt::Movement { side, .. } => b
                .figures()
                .iter()
                .filter(|f| f.side == side.0 && super::can_move(f))
                .map(|f| f.id)
                .collect(),
            Prompt::FigureMovement { figure, .. } => vec![figure],
            _ => Vec::new(),
        };
        let planned = match here.1 {
            Prompt::Movement { .. } => super::standing::planned(b, side, &movers),
            _ => Vec::new(),
        };
        Some(Question {
            side,
            ask,
            prompt: here.1,
            movers,
            planned,
        })
    }

    /// Send the table again when what is asked of the seats changed without
    /// the battle moving (the AI took a side, the referee took a question
    /// back).
    pub(super) fn keep_seats_current(&mut self) {
        let Some(seats) = &self.seats else { return };
        let asking = self.asking_seat().map(|_| self.here());
        if asking != seats.asked {
            self.publish();
        }
    }

    /// The number of the question put to a seat now, if one is.
    pub fn seat_ask(&self) -> Option<u64> {
        self.asking_seat()?;
        let seats = self.seats.as_ref()?;
        (seats.asked.as_ref() == Some(&self.here())).then_some(seats.ask)
    }

    /// A seat answered the question put to it (checked by the server
    /// against the battle it was asked in). The first answer wins: one for
    /// a question the laptop has answered or taken back is not used, and the
    /// seat is told.
    pub fn seat_answered(&mut self, answered: Answered) {
        let name = self
            .battle()
            .sides()
            .get(answered.side.0)
            .map_or_else(String::new, |s| s.name.clone());
        let current =
            self.asking_seat() == Some(answered.side) && self.seat_ask() == Some(answered.ask);
        if !current {
            self.tell(ToServer::Notice(
                answered.side,
                answered.ask,
                "Your answer came after the question was answered on the laptop; it was not used."
                    .into(),
            ));
            let name = crate::words::possessive(&name);
            self.info(format!(
                "{name} answer came after this question was answered here; not used"
            ));
            return;
        }
        if self.submit(answered.command) {
            let seat = crate::words::possessive(&name);
            self.info(format!("{seat} seat answered"));
        } else {
            let why = self
                .note
                .as_ref()
                .map_or_else(String::new, |n| n.text.clone());
            self.tell(ToServer::Notice(
                answered.side,
                answered.ask,
                format!("The laptop refused your answer: {why}. Answer again."),
            ));
        }
    }

    /// Enter while a seat is asked: the referee answers this question on
    /// the laptop instead; the seat is told.
    pub(super) fn take_back_question(&mut self) {
        let Some(side) = self.asking_seat() else {
            return;
        };
        let ask = self.seats.as_ref().map_or(0, |s| s.ask);
        let here = self.here();
        if let Some(s) = self.seats.as_mut() {
            s.taken = Some(here);
        }
        // The table first: a new question clears the seat's notices.
        self.keep_seats_current();
        self.tell(ToServer::Notice(
            side,
            ask,
            "The referee took this question to the laptop and answers it there.".into(),
        ));
        let name = crate::words::possessive(&self.battle().sides()[side.0].name);
        self.info(format!(
            "the question is the laptop's now; {name} seat was told"
        ));
    }

    /// A seat sealed its side's orders (checked by the server against the
    /// battle it was sent). The laptop shows only that it has.
    pub fn seat_sealed(&mut self, sealed: Sealed) {
        let round = self.battle().round();
        let Some(seats) = &mut self.seats else { return };
        let Some(seat) = seats.sides.get_mut(sealed.side.0) else {
            return;
        };
        // Sealed after the laptop handed the seat's orders in (the server's
        // table lagged a tick): those were played; the seat is told so.
        if let Some((r, orders)) = &seat.played
            && *r == sealed.round
        {
            let (round, orders) = (*r, orders.clone());
            self.tell(ToServer::Played(sealed.side, round, orders, true));
            let name = crate::words::possessive(&self.battle().sides()[sealed.side.0].name);
            self.info(format!(
                "{name} seat sealed again too late: its earlier orders were played, and it was told"
            ));
            return;
        }
        // Sealed for a round the laptop has left (an undo, a race): void.
        if sealed.round != round || seat.token.is_none() {
            self.tell(ToServer::Unseal(sealed.side));
            return;
        }
        seat.sealed = Some((sealed.round, sealed.orders));
        // "Raiders' seat", "Blue's seat": right for any side's name.
        let name = crate::words::possessive(&self.battle().sides()[sealed.side.0].name);
        self.info(format!("{name} seat has sealed"));
        self.hand_in_seats();
    }

    /// Hand in the seats' seals as their sides' orders, in the battle's own
    /// order, once every seated side still to write has sealed (until then a
    /// seat may seal again: the last seal wins). A side the referee took to
    /// the keyboard (Enter at the hand-over) writes on the laptop.
    pub(super) fn hand_in_seats(&mut self) {
        loop {
            let Prompt::Orders { side } = self.battle().prompt() else {
                return;
            };
            let round = self.battle().round();
            let Some(seats) = &self.seats else { return };
            if !seats.seated(side) || self.handed_to == Some(side) {
                return;
            }
            let waiting = (side.0..seats.sides.len())
                .map(SideId)
                .any(|s| seats.seated(s) && !seats.has_sealed(s, round));
            if waiting {
                return;
            }
            let Some((_, orders)) = self
                .seats
                .as_mut()
                .and_then(|s| s.sides[side.0].sealed.take())
            else {
                return;
            };
            // Told before the command runs: the table it sends may be the
            // next round's, which this must not close.
            self.tell(ToServer::Played(side, round, orders.clone(), false));
            if let Some(seat) = self.seats.as_mut().and_then(|s| s.sides.get_mut(side.0)) {
                seat.played = Some((round, orders.clone()));
            }
            if !self.submit(Command::Orders { side, orders }) {
                // The battle refused what the server took (the referee
                // changed it since): the seat seals again.
                if let Some(seat) = self.seats.as_mut().and_then(|s| s.sides.get_mut(side.0)) {
                    seat.played = None;
                }
                self.tell(ToServer::Unseal(side));
                return;
            }
        }
    }

    /// The laptop sealed a side's orders: a seal its seat left is void (the
    /// referee took the seat back for this round).
    pub(super) fn sealed_on_laptop(&mut self, side: SideId) {
        let had = self
            .seats
            .as_mut()
            .and_then(|s| s.sides.get_mut(side.0))
            .and_then(|s| s.sealed.take());
        if had.is_some() {
            self.tell(ToServer::Unseal(side));
        }
    }

    /// Enter at the hand-over: the referee writes the side's orders on the
    /// laptop this round; its seat is told at once and seals no more.
    pub(super) fn take_seat_back(&mut self, side: SideId) {
        if self.seats.as_ref().is_some_and(|s| s.seated(side)) {
            self.sealed_on_laptop(side);
            self.tell(ToServer::TakenBack(side));
        }
    }

    /// `u`: the shown side's seat belongs to no device; the next to open
    /// its link takes it (a player's phone died, or the wrong one opened it).
    pub(super) fn release_seat(&mut self) {
        let Some(side) = self.seats.as_ref().map(|s| s.shown) else {
            return;
        };
        if !self.seats.as_ref().is_some_and(|s| s.seated(side)) {
            return;
        }
        self.tell(ToServer::Release(side));
        let name = crate::words::possessive(&self.battle().sides()[side.0].name);
        self.info(format!(
            "{name} seat is free: the next device to open its link takes it"
        ));
    }

    /// `K`: the seats overlay with each side's link and QR code.
    pub(super) fn open_seats_overlay(&mut self) {
        if self.seats.is_none() {
            self.error("no player seats: start with hexmelee play SCENARIO --seats ADDR:PORT");
            return;
        }
        self.overlays.push(Overlay::Seats);
    }

    /// Tab in the seats overlay: the next side's link.
    pub(super) fn next_seat(&mut self) {
        if let Some(s) = &mut self.seats {
            s.shown = SideId((s.shown.0 + 1) % s.sides.len().max(1));
        }
    }

    /// `r`: a new link for the shown side; the old one opens nothing.
    pub(super) fn reissue_seat(&mut self) {
        let Some(side) = self.seats.as_ref().map(|s| s.shown) else {
            return;
        };
        match Token::generate() {
            Ok(token) => {
                if let Some(seat) = self.seats.as_mut().and_then(|s| s.sides.get_mut(side.0)) {
                    seat.token = Some(token.clone());
                }
                self.tell(ToServer::Issue(side, token));
                let name = crate::words::possessive(&self.battle().sides()[side.0].name);
                self.info(format!(
                    "a new link for {name} seat; the old one opens nothing now"
                ));
                self.publish();
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    /// `x`: the shown side's link opens nothing; the referee writes its
    /// orders on the laptop until a new link is issued (`r`).
    pub(super) fn revoke_seat(&mut self) {
        let Some(side) = self.seats.as_ref().map(|s| s.shown) else {
            return;
        };
        if let Some(seat) = self.seats.as_mut().and_then(|s| s.sides.get_mut(side.0)) {
            seat.token = None;
            seat.sealed = None;
        }
        self.tell(ToServer::Revoke(side));
        let name = crate::words::possessive(&self.battle().sides()[side.0].name);
        self.info(format!(
            "{name} seat is closed: its link opens nothing; the laptop writes {name} orders (r: a new link)"
        ));
        self.hand_in_seats();
        self.publish();
    }
}
