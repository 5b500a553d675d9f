//! Issue 39: the seats' server under a flood from the table's network,
//! on 127.0.0.1 with bounded loops. The flood comes from 127.0.0.1; the
//! seats from 127.0.0.2 and 127.0.0.3 (all of 127/8 is loopback on Linux),
//! as a hostile guest and the players have addresses of their own. Every
//! wait is bounded; nothing here is timed.
#![cfg(all(feature = "seats", target_os = "linux"))]

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use hexmelee::rulesets::shakhan::engine::Battle;
use hexmelee::rulesets::shakhan::seats::{FromServer, Table, ToServer};
use hexmelee::seam::SideId;
use hexmelee::seats::{self, Limits, Link, Token};
use serde_json::json;

const RED: SideId = SideId(0);
const BLUE: SideId = SideId(1);
const WAIT: Duration = Duration::from_secs(5);

fn token(side: SideId) -> String {
    Token::from_bytes([0x30 + side.0 as u8; 16]).reveal()
}

/// The duel's seats served under `limits` (the process's own when `None`).
fn served(limits: Option<Limits>) -> (Battle, Link<Battle>) {
    let checked = hexmelee::rulesets::shakhan::scenario::default_scenario().unwrap();
    let battle = Battle::new(&checked, checked.scenario.seed).unwrap();
    let addr = "127.0.0.1:0".parse().unwrap();
    let link = match limits {
        Some(l) => seats::start_with(addr, l),
        None => seats::start(addr),
    }
    .unwrap();
    for side in [RED, BLUE] {
        let t = Token::from_bytes([0x30 + side.0 as u8; 16]);
        assert!(link.send(ToServer::Issue(side, t)));
    }
    assert!(link.send(ToServer::Table(Table::of(&battle))));
    (battle, link)
}

/// A TCP connection to `to` from the loopback address `from`.
fn connect_from(from: &str, to: SocketAddr) -> TcpStream {
    use socket2::{Domain, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
    let source: SocketAddr = format!("{from}:0").parse().unwrap();
    socket.bind(&source.into()).unwrap();
    socket.connect(&to.into()).unwrap();
    let stream: TcpStream = socket.into();
    stream.set_read_timeout(Some(WAIT)).unwrap();
    stream
}

/// One HTTP/1.1 request from `from`, the connection closed after it:
/// (status, body); status 0 when the server closed without answering.
fn http(from: &str, to: SocketAddr, request: &str, headers: &[(&str, &str)]) -> (u16, String) {
    let (head, body) = request.split_once('\n').unwrap_or((request, ""));
    let mut text = format!("{head} HTTP/1.1\r\nHost: {to}\r\nConnection: close\r\n");
    for (k, v) in headers {
        text.push_str(&format!("{k}: {v}\r\n"));
    }
    if !body.is_empty() {
        text.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    text.push_str("\r\n");
    text.push_str(body);
    let mut stream = connect_from(from, to);
    if stream.write_all(text.as_bytes()).is_err() {
        return (0, String::new());
    }
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer).to_string();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = answer
        .split_once("\r\n\r\n")
        .map_or(String::new(), |(_, b)| b.to_string());
    (status, body)
}

/// Whether the server still holds `stream` open (no end of file, no reset).
fn held(mut stream: &TcpStream) -> bool {
    stream.set_nonblocking(true).unwrap();
    let mut byte = [0; 1];
    let open = matches!(stream.read(&mut byte), Err(e) if e.kind() == ErrorKind::WouldBlock);
    stream.set_nonblocking(false).unwrap();
    open
}

/// `n` connections from 127.0.0.1 that send nothing, and how many of them
/// the server still holds once it has taken them all in (bounded).
fn flood(to: SocketAddr, n: usize) -> (Vec<TcpStream>, usize) {
    let silent: Vec<TcpStream> = (0..n).filter_map(|_| TcpStream::connect(to).ok()).collect();
    let start = Instant::now();
    let mut last = usize::MAX;
    // Settled when two passes agree; the server closes the ones beyond its caps.
    loop {
        std::thread::sleep(Duration::from_millis(100));
        let now = silent.iter().filter(|s| held(s)).count();
        if now == last || start.elapsed() > WAIT {
            return (silent, now);
        }
        last = now;
    }
}

fn seal_body(battle: &Battle, seal: &str, card: &str, target: usize, figure: usize) -> String {
    json!({
        "round": battle.round(),
        "seal": seal,
        "orders": [{ "figure": figure, "cards": [{ "card": card, "target": target }] }],
    })
    .to_string()
}

/// A side's page from `from`: the cookie the server gives its first device.
fn open_page(from: &str, to: SocketAddr, side: SideId) -> String {
    let mut stream = connect_from(from, to);
    let req = format!(
        "GET /s/{} HTTP/1.1\r\nHost: {to}\r\nConnection: close\r\n\r\n",
        token(side)
    );
    stream.write_all(req.as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer
        .lines()
        .find_map(|l| {
            let l = l.to_ascii_lowercase();
            l.strip_prefix("set-cookie: ")
                .map(|c| c.split(';').next().unwrap_or("").to_string())
        })
        .unwrap_or_default()
}

#[test]
fn a_flood_of_silent_connections_is_capped_per_address_and_the_seats_still_seal() {
    let (battle, link) = served(None);
    let addr = link.addr;
    let cap = Limits::of_this_process().per_address;
    let (_silent, holding) = flood(addr, 300);
    assert!(
        holding <= cap,
        "{holding} silent connections from one address held (cap {cap})"
    );
    // Both seats, from their own addresses, still read and seal.
    let red = open_page("127.0.0.2", addr, RED);
    let blue = open_page("127.0.0.3", addr, BLUE);
    for (from, side, cookie, card, figure, target) in [
        ("127.0.0.2", RED, &red, "B", 0, 1),
        ("127.0.0.3", BLUE, &blue, "C", 1, 0),
    ] {
        let path = format!("GET /api/{}/state", token(side));
        let (status, body) = http(from, addr, &path, &[("Cookie", cookie)]);
        assert_eq!(status, 200, "{side:?}'s view under the flood: {body}");
        let request = format!(
            "POST /api/{}/seal\n{}",
            token(side),
            seal_body(&battle, card, card, target, figure)
        );
        let (status, body) = http(from, addr, &request, &[("Cookie", cookie)]);
        assert_eq!(status, 200, "{side:?}'s seal under the flood: {body}");
        match link.recv_timeout(WAIT) {
            Some(FromServer::Sealed(s)) => assert_eq!(s.side, side),
            other => panic!("no seal reached the laptop: {other:?}"),
        }
    }
}

#[test]
fn silent_half_sent_and_slow_requests_are_closed_in_time() {
    let limits = Limits {
        header_read: Duration::from_millis(300),
        request: Duration::from_millis(300),
        ..Limits::for_files(1024)
    };
    let (_battle, link) = served(Some(limits));
    let addr = link.addr;
    let mut silent = connect_from("127.0.0.1", addr);
    let mut half = connect_from("127.0.0.1", addr);
    half.write_all(b"GET /api/00/state HTTP/1.1\r\nHost: ")
        .unwrap();
    let mut slow = connect_from("127.0.0.1", addr);
    let head = format!(
        "POST /api/{}/seal HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"round\"",
        token(RED)
    );
    slow.write_all(head.as_bytes()).unwrap();
    // Each read ends (closed, or answered then closed) within the bounded
    // wait: the server let go of them itself.
    for (what, stream) in [("silent", &mut silent), ("half a header", &mut half)] {
        let mut rest = Vec::new();
        let ended = stream.read_to_end(&mut rest);
        assert!(
            ended.is_ok() || matches!(ended, Err(ref e) if e.kind() == ErrorKind::ConnectionReset),
            "the {what} connection was still held: {ended:?}"
        );
    }
    let mut answer = [0; 12];
    slow.read_exact(&mut answer).unwrap();
    assert_eq!(&answer, b"HTTP/1.1 408", "a body sent too slowly");
}

/// A WebSocket of Red's seat from 127.0.0.2.
fn red_socket(addr: SocketAddr, cookie: &str) -> tungstenite::WebSocket<TcpStream> {
    use tungstenite::client::IntoClientRequest;
    let stream = connect_from("127.0.0.2", addr);
    let url = format!("ws://{addr}/api/{}/ws", token(RED));
    let mut request = url.into_client_request().unwrap();
    request
        .headers_mut()
        .insert("cookie", cookie.parse().unwrap());
    let (socket, _) = tungstenite::client(request, stream).unwrap();
    socket
}

/// Whether the server closes `ws` within the bounded wait (the views it
/// sends before are read and dropped).
fn closed_by_server(ws: &mut tungstenite::WebSocket<TcpStream>) -> bool {
    let start = Instant::now();
    while start.elapsed() < WAIT {
        match ws.read() {
            Err(tungstenite::Error::Io(e))
                if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) =>
            {
                return false;
            }
            Ok(tungstenite::Message::Close(_)) | Err(_) => return true,
            Ok(_) => {}
        }
    }
    false
}

#[test]
fn a_websocket_message_of_more_than_a_few_kib_closes_the_socket_before_it_is_held() {
    use tungstenite::Message;
    use tungstenite::protocol::frame::Frame;
    use tungstenite::protocol::frame::coding::{Data, OpCode};
    let (battle, link) = served(None);
    let addr = link.addr;
    let cookie = open_page("127.0.0.2", addr, RED);
    // One message in 1 KiB frames that never ends, 16 KiB of it: the
    // server must close the socket (axum's default holds 64 MiB).
    let mut ws = red_socket(addr, &cookie);
    let kib = vec![b'x'; 1024];
    for i in 0..16 {
        let opcode = if i == 0 {
            OpCode::Data(Data::Text)
        } else {
            OpCode::Data(Data::Continue)
        };
        let frame = Frame::message(kib.clone(), opcode, false);
        if ws.send(Message::Frame(frame)).is_err() {
            break;
        }
    }
    assert!(
        closed_by_server(&mut ws),
        "16 KiB of one message left the socket open"
    );
    // One whole message of 64 KiB: closed too.
    let mut ws = red_socket(addr, &cookie);
    let _ = ws.send(Message::text("x".repeat(64 * 1024)));
    assert!(
        closed_by_server(&mut ws),
        "a 64 KiB message left the socket open"
    );
    // The seat is not locked out: it seals from a page of its own.
    let request = format!(
        "POST /api/{}/seal\n{}",
        token(RED),
        seal_body(&battle, "after", "B", 1, 0)
    );
    let (status, body) = http("127.0.0.2", addr, &request, &[("Cookie", &cookie)]);
    assert_eq!(status, 200, "{body}");
}
