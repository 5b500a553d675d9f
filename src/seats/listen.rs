//! The seats' accept loop (issue 39): anyone on the table's network can
//! open connections, so each is admitted under caps (in all, and per
//! address) kept well below the process's limit on open files, and served
//! by hyper's HTTP/1 connection with a header-read timeout, so a silent or
//! half-sent request is closed rather than held. The files left over stay
//! free for what must never fail: the autosave, the terminal.

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// The soft limit on open files asked for at start, where the hard one
/// allows: room for [`MAX_CONNECTIONS`] and the reserve, whatever the
/// desktop's default (1,024 on Linux, 256 on macOS).
const WANTED_FILES: u64 = 4096;

/// Files never given to connections: the autosave (a temporary file, its
/// folder, the rename), the terminal, the runtime's own, threads' and
/// libraries'. Half the limit at least stays free.
const RESERVE: u64 = 128;

/// Connections at once: a table's phones and laptops many times over.
const MAX_CONNECTIONS: usize = 256;

/// Connections at once from one address: a browser opens six or so per
/// host, a page holds one WebSocket; a few tabs of a few pages fit.
const MAX_PER_ADDRESS: usize = 32;

/// What the seats' server admits and how long it waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Connections held at once, in all (WebSockets included).
    pub connections: usize,
    /// Connections held at once from one IP address.
    pub per_address: usize,
    /// A request's head must arrive whole within this, counted from when
    /// the connection waits for it (a new one, or idle between requests).
    pub header_read: Duration,
    /// A request (its body read and answered) must be done within this.
    pub request: Duration,
}

impl Limits {
    /// The caps for a process allowed `files` open files: at most half of
    /// what is left after the reserve, and never more than
    /// [`MAX_CONNECTIONS`].
    pub fn for_files(files: u64) -> Limits {
        let half = usize::try_from(files.saturating_sub(RESERVE) / 2).unwrap_or(usize::MAX);
        let connections = MAX_CONNECTIONS.min(half).max(4);
        Limits {
            connections,
            per_address: MAX_PER_ADDRESS.min(connections / 4).max(1),
            header_read: Duration::from_secs(10),
            request: Duration::from_secs(10),
        }
    }

    /// Raise the soft limit on open files towards [`WANTED_FILES`] where the
    /// hard limit allows (rlimit knows macOS's ceiling), and the caps for
    /// the limit then in force.
    pub fn of_this_process() -> Limits {
        let files = rlimit::increase_nofile_limit(WANTED_FILES)
            .ok()
            .filter(|&n| n > 0)
            // Not known: assume macOS's default, the smallest usual one.
            .unwrap_or(256);
        Limits::for_files(files)
    }
}

/// Connections held now, in all and by address.
#[derive(Debug, Default)]
struct Held {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// The caps, shared by the accept loop and every admitted connection.
#[derive(Clone)]
struct Gate {
    limits: Limits,
    held: Arc<Mutex<Held>>,
}

/// One admitted connection's place, given back when its stream is dropped
/// (after the request, or after an upgraded WebSocket closes).
struct Place {
    ip: IpAddr,
    held: Arc<Mutex<Held>>,
}

impl Gate {
    fn held(held: &Mutex<Held>) -> std::sync::MutexGuard<'_, Held> {
        held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A place for a connection from `ip`, if both caps allow.
    fn admit(&self, ip: IpAddr) -> Option<Place> {
        let mut held = Gate::held(&self.held);
        let from = held.by_address.get(&ip).copied().unwrap_or(0);
        if held.total >= self.limits.connections || from >= self.limits.per_address {
            return None;
        }
        held.total += 1;
        held.by_address.insert(ip, from + 1);
        Some(Place {
            ip,
            held: self.held.clone(),
        })
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut held = Gate::held(&self.held);
        held.total = held.total.saturating_sub(1);
        if let Some(n) = held.by_address.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                held.by_address.remove(&self.ip);
            }
        }
    }
}

/// An admitted connection's stream, holding its place while it lives: an
/// upgraded WebSocket keeps the stream, so it keeps the place too.
struct Admitted {
    stream: TcpStream,
    _place: Place,
}

impl AsyncRead for Admitted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Admitted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Accept connections for `app` until the task is dropped. A connection
/// beyond a cap is closed at once (its file given straight back); an
/// accept that fails (the process out of files after all) waits a moment
/// rather than spin.
pub async fn run(listener: TcpListener, app: Router, limits: Limits) {
    let gate = Gate {
        limits,
        held: Arc::default(),
    };
    loop {
        let (stream, peer): (TcpStream, SocketAddr) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Some(place) = gate.admit(peer.ip()) else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(Admitted {
            stream,
            _place: place,
        });
        let service = TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_read)
                .serve_connection(io, service)
                .with_upgrades();
            let _ = connection.await;
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_caps_leave_the_reserve_and_half_the_rest_free() {
        let desktop = Limits::for_files(1024);
        assert_eq!((desktop.connections, desktop.per_address), (256, 32));
        let mac = Limits::for_files(256);
        assert_eq!((mac.connections, mac.per_address), (64, 16));
        assert!(mac.connections as u64 + RESERVE <= 256);
        let tiny = Limits::for_files(16);
        assert_eq!((tiny.connections, tiny.per_address), (4, 1));
    }

    #[test]
    fn a_place_is_refused_beyond_either_cap_and_given_back_when_dropped() {
        let gate = Gate {
            limits: Limits {
                connections: 3,
                per_address: 2,
                ..Limits::for_files(1024)
            },
            held: Arc::default(),
        };
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let a1 = gate.admit(a).unwrap();
        let _a2 = gate.admit(a).unwrap();
        assert!(gate.admit(a).is_none(), "a third from one address");
        let _b1 = gate.admit(b).unwrap();
        assert!(gate.admit(b).is_none(), "a fourth in all");
        drop(a1);
        assert!(gate.admit(a).is_some(), "a dropped place is free again");
    }
}
