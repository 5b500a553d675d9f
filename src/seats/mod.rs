//! Player seats (issue 23): each side seals its orders privately from a
//! phone or laptop while the laptop's display stays the table's shared
//! screen. `play --seats ADDR:PORT` serves one page per side, its link
//! holding the side's token.
//!
//! Layers: this module names no ruleset. A ruleset whose orders are sealed
//! implements [`Rules`] in its own folder (a seat's orders are checked by
//! the battle's own check, the one the laptop's seal runs) and serves its
//! page; this module never knows the terminal, and the display holds a
//! [`Port`] (from [`serve`]) and never the web stack. The server (axum, on its own thread)
//! and the display talk through channels only: the display sends the
//! [`Table`] and the tokens, the server sends back [`Sealed`] orders, already
//! checked. A seat's orders become the ruleset's orders command on the
//! laptop like typed ones, so the log, saves, undo and replay cannot tell
//! where they came from.
//!
//! `rules`, `token`, `view`, `ask` and `book` are plain data and logic;
//! `server` (the web stack) and `qr` are behind the `seats` cargo feature.

mod ask;
mod book;
mod rules;
mod token;
mod view;

#[cfg(feature = "seats")]
mod listen;
#[cfg(feature = "seats")]
mod qr;
#[cfg(feature = "seats")]
mod server;

pub use ask::{AnswerRequest, Answered};
#[cfg(test)]
pub(crate) use book::NAME_LEN;
pub use book::{Book, Refusal, SealRequest, Sealed, Table};
pub use rules::Rules;
pub use token::{NoEntropy, Token};
pub use view::{QuestionView, SealedView, SeatView, ViewOf, seat_view};

#[cfg(feature = "seats")]
pub use listen::Limits;
#[cfg(feature = "seats")]
pub use qr::qr_text;
#[cfg(feature = "seats")]
pub use server::{Link, start, start_with};

use std::net::{SocketAddr, TcpListener};

use crate::seam::SideId;

/// What the display tells the server.
#[derive(Debug, Clone)]
pub enum ToServer<R: Rules> {
    /// The battle moved on: what each seat may see now.
    Table(Table<R>),
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
    /// The seat belongs to no device: the next to open its link takes it.
    Release(SideId),
    /// The laptop handed these orders in as the side's in this round: they
    /// are played and the seat seals no more this round; `true`: a later
    /// seal of the seat came too late to be. (Said of a round the table
    /// has left, it changes nothing.)
    Played(SideId, u32, R::Orders, bool),
    /// The referee writes the side's orders on the laptop this round.
    TakenBack(SideId),
}

/// What the server tells the display: `O` a side's orders, `C` a command.
#[derive(Debug, Clone, PartialEq)]
pub enum FromServer<O, C> {
    Sealed(Sealed<O>),
    /// A seat answered the question put to it (checked).
    Answered(Answered<C>),
}

/// What the server of ruleset `R`'s seats tells the display.
pub type FromServerOf<R> = FromServer<<R as Rules>::Orders, <R as Rules>::Command>;

/// The display's end of the channels to the seats' server.
pub trait Port<R: Rules> {
    /// Tell the server; `false` once it has stopped.
    fn send(&self, message: ToServer<R>) -> bool;
    /// The next message from the server, without waiting.
    fn try_recv(&self) -> Option<FromServerOf<R>>;
}

#[cfg(feature = "seats")]
impl<R: Rules> Port<R> for Link<R> {
    fn send(&self, message: ToServer<R>) -> bool {
        Link::send(self, message)
    }

    fn try_recv(&self) -> Option<FromServerOf<R>> {
        Link::try_recv(self)
    }
}

/// The address the seats are served at, bound before the terminal is taken
/// (a refusal is said on a plain screen) and served once the battle's
/// display knows its ruleset.
#[derive(Debug)]
pub struct Bound {
    #[cfg_attr(
        not(feature = "seats"),
        expect(dead_code, reason = "only the server reads it")
    )]
    listener: TcpListener,
    /// The address the links use: exactly as bound, or, bound to every
    /// interface (0.0.0.0, [::]), this machine's address on its network.
    pub addr: SocketAddr,
}

/// Bind exactly `addr` for the seats.
pub fn bind(addr: SocketAddr) -> std::io::Result<Bound> {
    let listener = TcpListener::bind(addr)?;
    listener.set_nonblocking(true)?;
    let addr = shown(listener.local_addr()?);
    Ok(Bound { listener, addr })
}

/// The address a phone opens for a server bound at `addr`: `addr` itself,
/// unless it is every interface (which no phone can open): then the
/// address this machine reaches its network from (the system's route to a
/// documentation address; no packet is sent), or loopback without one.
fn shown(addr: SocketAddr) -> SocketAddr {
    use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, UdpSocket};
    if !addr.ip().is_unspecified() {
        return addr;
    }
    let (any, far, home): (SocketAddr, SocketAddr, IpAddr) = if addr.is_ipv4() {
        (
            (Ipv4Addr::UNSPECIFIED, 0).into(),
            (Ipv4Addr::new(192, 0, 2, 1), 9).into(),
            Ipv4Addr::LOCALHOST.into(),
        )
    } else {
        (
            (Ipv6Addr::UNSPECIFIED, 0).into(),
            (Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1), 9).into(),
            Ipv6Addr::LOCALHOST.into(),
        )
    };
    let lan = UdpSocket::bind(any)
        .and_then(|s| s.connect(far).and_then(|_| s.local_addr()))
        .map(|a| a.ip())
        .ok()
        .filter(|ip| !ip.is_unspecified());
    SocketAddr::new(lan.unwrap_or(home), addr.port())
}

/// Without the `seats` feature there is no QR code to draw.
#[cfg(not(feature = "seats"))]
pub fn qr_text(_: &str) -> Option<String> {
    None
}

/// Serve ruleset `R`'s seats at `bound` from a thread of their own; the
/// server stops when the port is dropped.
pub fn serve<R: Rules>(bound: Bound) -> std::io::Result<Box<dyn Port<R>>> {
    #[cfg(feature = "seats")]
    return server::serve(bound, Limits::of_this_process())
        .map(|link| Box::new(link) as Box<dyn Port<R>>);
    #[cfg(not(feature = "seats"))]
    {
        drop(bound);
        Err(std::io::Error::new(
            std::io::ErrorKind::Unsupported,
            "this build has no player seats (cargo feature `seats`)",
        ))
    }
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
