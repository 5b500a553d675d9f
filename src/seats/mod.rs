//! Player seats (issue 23): each side seals its orders privately from a
//! phone or laptop while the laptop's display stays the table's shared
//! screen. `play --seats ADDR:PORT` serves one page per side, its link
//! holding the side's token.
//!
//! Layers: this module knows the engine (a seat's orders are checked by
//! `Battle::check_sealing`, the check the laptop's seal runs) and never the
//! terminal; the display knows this module's [`Link`] and never the web
//! stack. The server (axum, on its own thread) and the display's loop talk
//! through channels only: the display sends the [`Table`] and the tokens,
//! the server sends back [`Sealed`] orders, already checked. A seat's orders
//! become a `Command::Orders` on the laptop like typed ones, so the log,
//! saves, undo and replay cannot tell where they came from.
//!
//! `token`, `view` and `book` are plain data and logic; `server` (the web
//! stack) and `qr` are behind the `seats` cargo feature.

mod ask;
mod book;
mod token;
mod view;

#[cfg(feature = "seats")]
mod qr;
#[cfg(feature = "seats")]
mod server;

pub use ask::{
    AnswerRequest, Answered, Choice, MoverView, PathView, PlanRequest, Question, QuestionView,
    seat_may_answer,
};
pub use book::{Book, Refusal, SealRequest, Sealed, Table};
pub use token::{NoEntropy, Token};
pub use view::{CardChoice, FigureView, MapView, OwnFigure, SealedView, SeatView, seat_view};

#[cfg(feature = "seats")]
pub use qr::qr_text;
#[cfg(feature = "seats")]
pub use server::{Link, start};

use crate::seam::SideId;

/// What the display tells the server.
#[derive(Debug, Clone)]
pub enum ToServer {
    /// The battle moved on: what each seat may see now.
    Table(Table),
    /// This token opens the side's seat; any earlier one no longer does.
    Issue(SideId, Token),
    /// The side's link opens nothing until a new one is issued.
    Revoke(SideId),
    /// The side's seal is void (taken back by the referee, or refused when
    /// handed in): its devices seal again.
    Unseal(SideId),
    /// Tell the side's seat about question `ask` (its answer came too
    /// late, or was refused, or the referee took the question).
    Notice(SideId, u64, String),
}

/// What the server tells the display.
#[derive(Debug, Clone, PartialEq)]
pub enum FromServer {
    Sealed(Sealed),
    /// A seat answered the question put to it (checked).
    Answered(Answered),
}

/// The display loop's end of the channels to the seats' server.
pub trait Port {
    /// Tell the server; `false` once it has stopped.
    fn send(&self, message: ToServer) -> bool;
    /// The next message from the server, without waiting.
    fn try_recv(&self) -> Option<FromServer>;
}

#[cfg(feature = "seats")]
impl Port for Link {
    fn send(&self, message: ToServer) -> bool {
        Link::send(self, message)
    }

    fn try_recv(&self) -> Option<FromServer> {
        Link::try_recv(self)
    }
}

/// Without the `seats` feature there is no QR code to draw.
#[cfg(not(feature = "seats"))]
pub fn qr_text(_: &str) -> Option<String> {
    None
}

/// The link a seat's player opens: `http://ADDR:PORT/s/TOKEN`, with the
/// address exactly as the server is bound.
pub fn link(addr: std::net::SocketAddr, token: &Token) -> String {
    format!("http://{addr}/s/{}", token.reveal())
}

/// The same link in capitals, for its QR code: QR's alphanumeric mode
/// holds it in fewer modules (the scheme and host ignore case, the server
/// serves `/S/` as `/s/` and reads the token in either case).
pub fn qr_link(addr: std::net::SocketAddr, token: &Token) -> String {
    link(addr, token).to_uppercase()
}
