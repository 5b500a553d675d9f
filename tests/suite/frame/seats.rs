//! Issue 23, player seats: two seats of the embedded duel driven over HTTP
//! and WebSocket against a running server on 127.0.0.1 (port 0), this test
//! playing the laptop's part (the display does the same through its
//! `Port`, which the `Link` is). Every wait is bounded; traffic goes to loopback only.
#![cfg(feature = "seats")]

use std::net::TcpStream;
use std::time::{Duration, Instant};

use hexmelee::rulesets::shakhan::ai;
use hexmelee::rulesets::shakhan::engine::{
    Battle, Command, FigureMove, FigureOrders, Prompt, ShieldStance,
};
use hexmelee::rulesets::shakhan::seats::{Answered, FromServer, Question, Sealed, Table, ToServer};
use hexmelee::seam::{FigureId, SideId};
use hexmelee::seats::{self, Link, Token};
use serde_json::{Value, json};

const RED: SideId = SideId(0);
const BLUE: SideId = SideId(1);
const WAIT: Duration = Duration::from_secs(5);

/// The duel at its seed with both seats open, fixed tokens (tests only).
struct Table2 {
    battle: Battle,
    link: Link<Battle>,
    http: ureq::Agent,
}

fn token(side: SideId) -> Token {
    Token::from_bytes([0x10 + side.0 as u8; 16])
}

fn tok(side: SideId) -> String {
    token(side).reveal()
}

/// The test's device: it opens both seats first, so owns both.
const DEVICE: &str = "hexmelee_device=0123456789abcdef0123456789abcdef";

impl Table2 {
    fn open() -> Table2 {
        Table2::open_on(hexmelee::rulesets::shakhan::scenario::default_scenario().unwrap())
    }

    fn open_on(checked: hexmelee::rulesets::shakhan::scenario::Checked) -> Table2 {
        let battle = Battle::new(&checked, checked.scenario.seed).unwrap();
        let link = seats::start("127.0.0.1:0".parse().unwrap()).unwrap();
        assert!(link.addr.ip().is_loopback() && link.addr.port() != 0);
        for side in [RED, BLUE] {
            assert!(link.send(ToServer::Issue(side, token(side))));
        }
        let http: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(WAIT))
            .build()
            .into();
        let t = Table2 { battle, link, http };
        for side in [RED, BLUE] {
            assert_eq!(t.page(&tok(side), DEVICE).0, 200);
        }
        let mut t = t;
        t.send_table();
        t
    }

    /// A seat's page opened by the device named in `cookie`: (status,
    /// the cookie it was given, if any).
    fn page(&self, token: &str, cookie: &str) -> (u16, Option<String>) {
        let mut r = self.http.get(self.url(&format!("/s/{token}")));
        if !cookie.is_empty() {
            r = r.header("cookie", cookie);
        }
        let r = r.call().unwrap();
        let given = r
            .headers()
            .get("set-cookie")
            .and_then(|v| v.to_str().ok())
            .map(|v| v.split(';').next().unwrap_or("").to_string());
        (r.status().as_u16(), given)
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.link.addr)
    }

    /// The laptop sends the table, and waits (bounded) until the server
    /// shows it.
    fn send_table(&mut self) {
        let round = self.battle.round();
        assert!(self.link.send(ToServer::Table(Table::of(&self.battle))));
        let start = Instant::now();
        loop {
            let (status, v) = self.state(&tok(RED));
            if status == 200 && v["round"] == json!(round) {
                return;
            }
            assert!(start.elapsed() < WAIT, "the server never showed the table");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The laptop puts the current prompt to its side's seat as question
    /// `ask` and waits (bounded) until the seat's view shows it.
    fn ask(&mut self, ask: u64) -> SideId {
        let prompt = self.battle.prompt();
        let (side, movers) = match prompt {
            Prompt::Movement { side, .. } => {
                let movers = self
                    .battle
                    .figures()
                    .iter()
                    .filter(|f| {
                        f.side == side.0
                            && f.condition.can_act()
                            && !f.round.moved_this_pulse
                            && f.round.pulse_left >= 1.0
                    })
                    .map(|f| f.id)
                    .collect();
                (side, movers)
            }
            Prompt::RaiseShield { defender, .. } => {
                (SideId(self.battle.figure(defender).side), Vec::new())
            }
            other => panic!("not a seat's question: {other:?}"),
        };
        let q = Question {
            side,
            ask,
            prompt,
            movers,
            planned: Vec::new(),
        };
        assert!(
            self.link
                .send(ToServer::Table(Table::of(&self.battle).asking(q)))
        );
        let start = Instant::now();
        loop {
            let (_, v) = self.state(&tok(side));
            if v["question"]["ask"] == json!(ask) {
                return side;
            }
            assert!(start.elapsed() < WAIT, "the seat never saw the question");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn call(&self, token: &str, what: &str, body: &Value) -> (u16, Value) {
        let mut r = self
            .http
            .post(self.url(&format!("/api/{token}/{what}")))
            .header("content-type", "application/json")
            .header("cookie", DEVICE)
            .send(body.to_string())
            .unwrap();
        let status = r.status().as_u16();
        (status, r.body_mut().read_json().unwrap())
    }

    /// The next answer the laptop receives.
    fn answered(&self) -> Answered {
        match self.link.recv_timeout(WAIT) {
            Some(FromServer::Answered(a)) => a,
            other => panic!("no answer reached the laptop: {other:?}"),
        }
    }

    fn state(&self, token: &str) -> (u16, Value) {
        let mut r = self
            .http
            .get(self.url(&format!("/api/{token}/state")))
            .header("cookie", DEVICE)
            .call()
            .unwrap();
        let status = r.status().as_u16();
        (status, r.body_mut().read_json().unwrap())
    }

    fn state_text(&self, token: &str) -> String {
        let mut r = self
            .http
            .get(self.url(&format!("/api/{token}/state")))
            .header("cookie", DEVICE)
            .call()
            .unwrap();
        r.body_mut().read_to_string().unwrap()
    }

    fn post(&self, token: &str, body: &str) -> (u16, Value) {
        let mut r = self
            .http
            .post(self.url(&format!("/api/{token}/seal")))
            .header("content-type", "application/json")
            .header("cookie", DEVICE)
            .send(body)
            .unwrap();
        let status = r.status().as_u16();
        (status, r.body_mut().read_json().unwrap())
    }

    fn seal(&self, side: SideId, seal: &str, orders: Value) -> (u16, Value) {
        let body = json!({
            "round": self.battle.round(),
            "seal": seal,
            "orders": orders,
        });
        self.post(&tok(side), &body.to_string())
    }

    /// The next sealed orders the laptop receives.
    fn sealed(&self) -> Sealed {
        match self.link.recv_timeout(WAIT) {
            Some(FromServer::Sealed(s)) => s,
            other => panic!("no seal reached the laptop: {other:?}"),
        }
    }

    fn nothing_sealed(&self) {
        assert_eq!(
            self.link.recv_timeout(Duration::from_millis(100)),
            None,
            "a refused request reached the laptop"
        );
    }
}

/// A WebSocket of a seat, reading with a timeout.
fn ws(t: &Table2, token: &str) -> tungstenite::WebSocket<TcpStream> {
    ws_of(t, token, DEVICE).unwrap()
}

/// A WebSocket of a seat from the device named in `cookie`; `Err` the
/// status it was refused with.
fn ws_of(t: &Table2, token: &str, cookie: &str) -> Result<tungstenite::WebSocket<TcpStream>, u16> {
    use tungstenite::client::IntoClientRequest;
    let stream = TcpStream::connect(t.link.addr).unwrap();
    stream.set_read_timeout(Some(WAIT)).unwrap();
    let url = format!("ws://{}/api/{token}/ws", t.link.addr);
    let mut request = url.into_client_request().unwrap();
    request
        .headers_mut()
        .insert("cookie", cookie.parse().unwrap());
    match tungstenite::client(request, stream) {
        Ok((socket, _)) => Ok(socket),
        Err(tungstenite::HandshakeError::Failure(tungstenite::Error::Http(r))) => {
            Err(r.status().as_u16())
        }
        Err(e) => panic!("{e}"),
    }
}

fn next_view(socket: &mut tungstenite::WebSocket<TcpStream>) -> Value {
    loop {
        match socket.read().expect("a view within the timeout") {
            tungstenite::Message::Text(t) => return serde_json::from_str(&t).unwrap(),
            tungstenite::Message::Close(_) => panic!("closed"),
            _ => {}
        }
    }
}

fn card(figure: usize, card: &str, target: usize) -> Value {
    json!([{ "figure": figure, "cards": [{ "card": card, "target": target }] }])
}

#[test]
fn two_seats_seal_over_http_and_the_laptop_runs_the_round() {
    let mut t = Table2::open();
    let mut blue_ws = ws(&t, &tok(BLUE));
    let first = next_view(&mut blue_ws);
    assert_eq!(first["side_name"], "Blue");
    assert_eq!(first["open"], true);
    assert_eq!(first["sealed"], Value::Null);
    let red0 = t.state_text(&tok(RED));

    // Blue seals first, though the laptop asks Red first (16.14.1: orders
    // are sealed at once; the order of the sides is the display's).
    let (status, body) = t.seal(BLUE, "b1", card(1, "C", 0));
    assert_eq!(status, 200, "{body}");
    let blue = t.sealed();
    assert_eq!(blue.side, BLUE);
    // Blue's own devices see the seal; Red's view is as it was.
    let pushed = next_view(&mut blue_ws);
    assert_eq!(pushed["sealed"]["orders"][0]["cards"][0]["card"], "C");
    assert_eq!(
        t.state_text(&tok(RED)),
        red0,
        "Blue's seal showed in Red's view"
    );
    let blue1 = t.state_text(&tok(BLUE));

    let (status, body) = t.seal(RED, "r1", card(0, "B", 1));
    assert_eq!(status, 200, "{body}");
    let red = t.sealed();
    assert_eq!(red.side, RED);
    assert_eq!(
        t.state_text(&tok(BLUE)),
        blue1,
        "Red's seal showed in Blue's view"
    );

    // The laptop hands both in as commands, in its own order.
    for s in [&red, &blue] {
        assert_eq!(t.battle.prompt(), Prompt::Orders { side: s.side });
        t.battle
            .submit(Command::Orders {
                side: s.side,
                orders: s.orders.clone(),
            })
            .unwrap();
    }
    assert!(!matches!(t.battle.prompt(), Prompt::Orders { .. }));
    t.send_table();
    let (_, v) = t.state(&tok(BLUE));
    assert_eq!(v["open"], false, "the round runs: no seal now");
    assert!(v["waiting"].as_str().unwrap().contains("under way"));
    // The commands are the laptop's own kind: the log cannot tell.
    let expected: Vec<FigureOrders> = serde_json::from_value(card(0, "B", 1)).unwrap();
    assert_eq!(
        t.battle.commands()[0],
        Command::Orders {
            side: RED,
            orders: expected
        }
    );
}

#[test]
fn refused_requests_are_answered_with_a_reason_and_change_nothing() {
    let t = Table2::open();
    let red = t.state_text(&tok(RED));
    let blue = t.state_text(&tok(BLUE));
    let round = t.battle.round();
    let good = |seal: &str, round: u32| {
        json!({"round": round, "seal": seal, "orders": card(0, "C", 1)}).to_string()
    };
    let cases: Vec<(&str, String, String, u16, &str)> = vec![
        ("a wrong token", "ab".repeat(16), good("s1", round), 403, "opens no seat"),
        ("no token at all", "x".into(), good("s2", round), 403, "opens no seat"),
        ("Blue's token for Red's figure", tok(BLUE), good("s3", round), 409, "Aulos is not on Blue"),
        ("malformed JSON", tok(RED), "{\"round\": 1, ".into(), 400, "not the page's JSON"),
        ("an unknown field", tok(RED), r#"{"round":1,"seal":"s","device":"d","orders":[],"side":1}"#.into(), 400, "unknown field"),
        ("a stale round", tok(RED), good("s4", round + 1), 409, "the page was out of date"),
        ("an empty seal name", tok(RED), good("", round), 400, "1 to 64 characters"),
        ("too many cards", tok(RED),
            json!({"round": round, "seal": "s5", "orders": [{"figure": 0, "cards": [
                {"card": "A"}, {"card": "A"}, {"card": "A"}, {"card": "A"}, {"card": "A"}, {"card": "A"}, {"card": "A"}, {"card": "A"}]}]}).to_string(),
            409, "TCA"),
        ("a target on its own side", tok(RED),
            json!({"round": round, "seal": "s6", "orders": card(0, "C", 0)}).to_string(),
            409, "is not an enemy"),
    ];
    for (what, token, body, status, words) in cases {
        let (got, v) = t.post(&token, &body);
        assert_eq!(got, status, "{what}: {v}");
        let error = v["error"].as_str().unwrap_or_default();
        assert!(error.contains(words), "{what}: {error}");
        t.nothing_sealed();
        assert_eq!(t.state_text(&tok(RED)), red, "{what} changed Red's view");
        assert_eq!(t.state_text(&tok(BLUE)), blue, "{what} changed Blue's view");
    }

    // A replayed seal: the first is taken, the same request again is not.
    let body = good("once", round);
    assert_eq!(t.post(&tok(RED), &body).0, 200);
    t.sealed();
    let after = t.state_text(&tok(RED));
    let (status, v) = t.post(&tok(RED), &body);
    assert_eq!(status, 409);
    assert!(v["error"].as_str().unwrap().contains("already received"));
    t.nothing_sealed();
    assert_eq!(t.state_text(&tok(RED)), after);
}

/// Issue 39: a seat is its first device's; another is told the seat is
/// taken (its page, its reads, its seals, its socket) until the referee
/// releases it; the owner's pages all hear every reseal, and show what the
/// server holds.
#[test]
fn a_seat_belongs_to_its_first_device_until_the_referee_releases_it() {
    let t = Table2::open();
    let thief = "hexmelee_device=ffffffffffffffffffffffffffffffff";
    // A device with no name is refused too, and given none.
    assert_eq!(t.page(&tok(RED), ""), (409, None));
    assert_eq!(t.page(&tok(RED), thief).0, 409);
    let state = |cookie: &str| {
        let mut r = t
            .http
            .get(t.url(&format!("/api/{}/state", tok(RED))))
            .header("cookie", cookie)
            .call()
            .unwrap();
        (r.status().as_u16(), r.body_mut().read_to_string().unwrap())
    };
    let (status, body) = state(thief);
    assert_eq!(status, 409);
    assert!(body.contains("this seat is taken"), "{body}");
    assert_eq!(ws_of(&t, &tok(RED), thief).err(), Some(409));
    let mut r = t
        .http
        .post(t.url(&format!("/api/{}/seal", tok(RED))))
        .header("content-type", "application/json")
        .header("cookie", thief)
        .send(
            json!({"round": t.battle.round(), "seal": "x", "orders": card(0, "A", 1)}).to_string(),
        )
        .unwrap();
    assert_eq!(r.status().as_u16(), 409);
    assert!(r.body_mut().read_to_string().unwrap().contains("taken"));
    t.nothing_sealed();
    // The owner's two pages hear every reseal, the server's orders.
    let mut phone = ws(&t, &tok(RED));
    let mut tab = ws(&t, &tok(RED));
    assert_eq!(next_view(&mut phone), next_view(&mut tab));
    assert_eq!(t.seal(RED, "p1", card(0, "A", 1)).0, 200);
    assert_eq!(
        next_view(&mut tab)["sealed"]["orders"][0]["cards"][0]["card"],
        "A"
    );
    assert_eq!(
        next_view(&mut phone)["sealed"]["orders"][0]["cards"][0]["card"],
        "A"
    );
    assert_eq!(t.seal(RED, "t1", card(0, "D", 1)).0, 200);
    let v = next_view(&mut phone);
    assert_eq!(v["sealed"]["orders"][0]["cards"][0]["card"], "D");
    assert!(v["sealed"].get("device").is_none(), "no device named: {v}");
    assert_eq!(next_view(&mut tab), v);
    t.sealed();
    t.sealed();
    // Released: the owner's pages are told; the next device takes it.
    assert!(t.link.send(ToServer::Release(RED)));
    let told = next_view(&mut phone);
    assert!(told["error"].as_str().unwrap().contains("reload"), "{told}");
    let (status, named) = t.page(&tok(RED), "");
    assert_eq!(status, 200);
    let named = named.expect("a new device is named");
    assert!(named.starts_with("hexmelee_device="));
    assert_eq!(state(&named).0, 200);
    assert_eq!(state(DEVICE).0, 409);
    // The name is never sent back: not in the view, nor in the page.
    let (_, view) = state(&named);
    assert!(!view.contains(&named["hexmelee_device=".len()..]));
}

#[test]
fn a_revoked_link_opens_nothing_and_its_socket_is_told_and_closed() {
    let mut t = Table2::open();
    let mut old = ws(&t, &tok(BLUE));
    next_view(&mut old);
    let fresh = Token::from_bytes([0x99; 16]);
    assert!(t.link.send(ToServer::Issue(BLUE, fresh.clone())));
    t.send_table();
    let (status, v) = t.state(&tok(BLUE));
    assert_eq!(status, 403);
    assert!(v["error"].as_str().unwrap().contains("opens no seat"));
    assert_eq!(t.page(&fresh.reveal(), DEVICE).0, 200);
    assert_eq!(t.state(&fresh.reveal()).0, 200);
    // The old socket is told why, then closed.
    let mut told = None;
    let start = Instant::now();
    while start.elapsed() < WAIT {
        match old.read() {
            Ok(tungstenite::Message::Text(m)) => {
                let v: Value = serde_json::from_str(&m).unwrap();
                if v.get("error").is_some() {
                    told = Some(v);
                    break;
                }
            }
            Ok(_) => {}
            Err(e) => panic!("closed before it was told: {e}"),
        }
    }
    assert!(told.is_some(), "the revoked socket was never told");
    assert!(matches!(
        old.read(),
        Ok(tungstenite::Message::Close(_)) | Err(_)
    ));
    // Revoked outright: neither token opens the seat, nor its page.
    assert!(t.link.send(ToServer::Revoke(BLUE)));
    t.send_table();
    assert_eq!(t.state(&fresh.reveal()).0, 403);
    let page = t
        .http
        .get(t.url(&format!("/s/{}", fresh.reveal())))
        .call()
        .unwrap();
    assert_eq!(page.status().as_u16(), 403);
    // Red's seat is untouched by Blue's revocation, and its page is served.
    let mut page = t
        .http
        .get(t.url(&format!("/s/{}", tok(RED))))
        .header("cookie", DEVICE)
        .call()
        .unwrap();
    assert_eq!(page.status().as_u16(), 200);
    assert!(page.body_mut().read_to_string().unwrap().contains("<html"));
}

#[test]
fn the_server_stops_when_the_laptop_lets_go() {
    let t = Table2::open();
    let addr = t.link.addr;
    drop(t);
    let start = Instant::now();
    while TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_ok() {
        assert!(
            start.elapsed() < WAIT,
            "still serving after the link was dropped"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `play --seats` binds exactly the address given, and says why it cannot
/// before the terminal is taken (here there is none).
#[test]
fn play_refuses_a_seats_address_it_cannot_bind_in_plain_words() {
    let run = |addr: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_hexmelee"))
            .args(["play", "scenarios/duel.ron", "--seats", addr])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap()
    };
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let out = run(&addr);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "cannot serve the player seats at {addr}: the port is in use"
        )),
        "{err}"
    );
    assert!(!err.contains("os error"), "{err}");
    // A free port binds; without a terminal the display then declines.
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = free.local_addr().unwrap().to_string();
    drop(free);
    let out = run(&addr);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs a terminal"));
    // Not an IP address and port: clap says so.
    let out = run("laptop.local");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--seats"));
}

/// Issue 39: each seat has its own pages' budget: one side holding all it
/// may does not starve the other's page.
#[test]
fn open_pages_are_capped_per_seat_and_a_closed_one_frees_its_place() {
    let t = Table2::open();
    let mut open: Vec<_> = (0..8).map(|_| ws(&t, &tok(RED))).collect();
    assert_eq!(ws_of(&t, &tok(RED), DEVICE).err(), Some(503));
    let mut blue = ws(&t, &tok(BLUE));
    assert_eq!(next_view(&mut blue)["side_name"], "Blue");
    let mut last = open.pop().unwrap();
    last.close(None).unwrap();
    // Read until the server's close arrives: then it has let go.
    while last.read().is_ok() {}
    let start = Instant::now();
    while ws_of(&t, &tok(RED), DEVICE).is_err() {
        assert!(
            start.elapsed() < WAIT,
            "the closed page's place never came free"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Issue 39: a seal must say it is JSON, and a request from another site's
/// page (its `Origin`) or by a name rather than the address (`Host`) is
/// refused.
#[test]
fn seals_must_be_json_and_come_from_the_seats_own_page() {
    let t = Table2::open();
    let body =
        json!({"round": t.battle.round(), "seal": "x", "orders": card(0, "A", 1)}).to_string();
    let send = |headers: &[(&str, &str)]| {
        let mut r = t.http.post(t.url(&format!("/api/{}/seal", tok(RED))));
        for (k, v) in headers {
            r = r.header(*k, *v);
        }
        r.send(body.clone()).unwrap().status().as_u16()
    };
    assert_eq!(
        send(&[("content-type", "text/plain"), ("cookie", DEVICE)]),
        415
    );
    let evil = [
        ("content-type", "application/json"),
        ("cookie", DEVICE),
        ("origin", "http://evil.example"),
    ];
    assert_eq!(send(&evil), 403);
    let named = [
        ("content-type", "application/json"),
        ("cookie", DEVICE),
        ("host", "rebound.example:80"),
    ];
    assert_eq!(send(&named), 421);
    t.nothing_sealed();
    let own = format!("http://{}", t.link.addr);
    let good = [
        ("content-type", "application/json"),
        ("cookie", DEVICE),
        ("origin", own.as_str()),
    ];
    assert_eq!(send(&good), 200);
}

/// Issue 39: the laptop handed the side's orders in; a reseal then (the
/// server's table a tick behind) is told it came too late, and which
/// orders were played. The same when the referee takes the seat back.
#[test]
fn a_reseal_after_the_hand_in_is_told_it_came_too_late() {
    let t = Table2::open();
    assert_eq!(t.seal(RED, "r1", card(0, "B", 1)).0, 200);
    let red = t.sealed();
    // The laptop hands Red's in; before its new table, Red reseals.
    assert_eq!(t.seal(RED, "r2", card(0, "D", 1)).0, 200);
    t.sealed();
    let round = t.battle.round();
    assert!(
        t.link
            .send(ToServer::Played(RED, round, red.orders.clone(), true))
    );
    let start = Instant::now();
    let v = loop {
        let (_, v) = t.state(&tok(RED));
        if v["notice"].is_string() {
            break v;
        }
        assert!(start.elapsed() < WAIT, "never told: {v}");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(v["notice"].as_str().unwrap().starts_with("Too late"));
    assert_eq!(v["sealed"]["orders"][0]["cards"][0]["card"], "B");
    assert_eq!(v["sealed"]["played"], true);
    assert_eq!(v["open"], false);
    let (status, body) = t.seal(RED, "r3", card(0, "A", 1));
    assert_eq!(status, 409, "{body}");
    t.nothing_sealed();
    // Blue's seat, taken back by the referee at the hand-over.
    assert!(t.link.send(ToServer::TakenBack(BLUE)));
    let start = Instant::now();
    while t.state(&tok(BLUE)).1["open"] != json!(false) {
        assert!(start.elapsed() < WAIT, "Blue's seat still reads open");
        std::thread::sleep(Duration::from_millis(10));
    }
    let (status, body) = t.seal(BLUE, "b1", card(1, "C", 0));
    assert_eq!(status, 409);
    assert!(
        body["error"].as_str().unwrap().contains("referee took"),
        "{body}"
    );
}

/// Answer every prompt with the AI's answer (Legion's shields asked) until
/// `stop` holds; bounded.
fn play_until(battle: &mut Battle, stop: impl Fn(&Battle) -> bool) {
    for _ in 0..5000 {
        if stop(battle) {
            return;
        }
        let prompt = battle.prompt();
        assert!(
            !matches!(prompt, Prompt::Finished { .. }),
            "the battle ended first"
        );
        let mut command = ai::answer(battle, &prompt);
        if let Command::Orders { orders, .. } = &mut command {
            for o in orders {
                o.shield = ShieldStance::Ask;
            }
        }
        battle.submit(command).unwrap();
    }
    panic!("never reached the prompt wanted");
}

/// 16.14.3.7: a side's moves picked on its seat, hex by hex: the seat is
/// asked (the other is not), each path priced and checked by the battle's
/// own move check, the answer handed to the laptop as the `Move` its keys
/// would give; stale, foreign and repeated answers are refused and change
/// nothing.
#[test]
fn shakhan_16_14_3_7_a_seat_picks_its_moves_and_the_laptop_plays_them() {
    let mut t = Table2::open();
    // The duel's orders say nothing of moves: asked each pulse.
    play_until(&mut t.battle, |b| {
        matches!(b.prompt(), Prompt::Movement { .. })
    });
    let side = t.ask(7);
    let other = SideId(1 - side.0);
    let (_, v) = t.state(&tok(side));
    let q = &v["question"];
    assert_eq!(q["kind"], "movement");
    assert!(q["title"].as_str().unwrap().starts_with("Movement, pulse"));
    let mover = q["movers"][0]["id"].as_u64().unwrap() as usize;
    assert_eq!(
        t.state(&tok(other)).1["question"],
        Value::Null,
        "only the side asked sees it"
    );

    // One hex toward the enemy, the way the page asks for it.
    let me = t.battle.figure(FigureId(mover)).pose;
    let foe = t
        .battle
        .figures()
        .iter()
        .find(|f| f.side != side.0)
        .unwrap()
        .pose
        .hex;
    let toward = me.hex.neighbor(me.hex.facing_toward(foe).unwrap());
    let plan = json!({"ask": 7, "figure": mover, "hexes": [[toward.col, toward.row]]});
    let (status, path) = t.call(&tok(side), "plan", &plan);
    assert_eq!(status, 200, "{path}");
    assert!(path["cost"].as_f64().unwrap() >= 1.0);
    assert_eq!(path["end"], json!([toward.col, toward.row]));
    let steps: Vec<hexmelee::hex::Step> = serde_json::from_value(path["steps"].clone()).unwrap();
    let m = FigureMove {
        figure: FigureId(mover),
        steps,
    };
    // The verdict is the battle's own.
    assert_eq!(
        path["verdict"].as_str().map(str::to_string),
        t.battle
            .check_moves(side, std::slice::from_ref(&m))
            .err()
            .map(|r| r.0)
    );
    // Into the enemy's hex: refused with who stands there.
    let (status, v) = t.call(
        &tok(side),
        "plan",
        &json!({"ask": 7, "figure": mover, "hexes": [[foe.col, foe.row]]}),
    );
    assert_eq!(status, 409);
    assert!(v["error"].as_str().unwrap().contains("stands in"), "{v}");
    // A way longer than any pulse walks is refused before any search.
    let long = vec![[toward.col, toward.row]; 33];
    let (status, v) = t.call(
        &tok(side),
        "plan",
        &json!({"ask": 7, "figure": mover, "hexes": long}),
    );
    assert_eq!(status, 409);
    assert!(
        v["error"].as_str().unwrap().contains("at most 32 hexes"),
        "{v}"
    );

    let before = (t.state_text(&tok(side)), t.state_text(&tok(other)));
    let command = Command::Move { moves: vec![m] };
    let answer = |ask: u64| json!({"ask": ask, "command": command});
    let refusals = [
        (
            "a stale question",
            tok(side),
            answer(6),
            409,
            "question 7 is asked now",
        ),
        (
            "the other seat",
            tok(other),
            answer(7),
            409,
            "nothing is asked of your seat",
        ),
        (
            "a wrong token",
            "cd".repeat(16),
            answer(7),
            403,
            "opens no seat",
        ),
        (
            "another prompt's answer",
            tok(side),
            json!({"ask": 7, "command": {"RaiseShield": {"raise": true}}}),
            409,
            "does not answer",
        ),
        (
            "an enemy's move",
            tok(side),
            json!({"ask": 7, "command": {"Move": {"moves": [{"figure": 1 - mover, "steps": ["Forward"]}]}}}),
            409,
            "may not move now",
        ),
        (
            "malformed JSON",
            tok(side),
            json!("{"),
            400,
            "not the page's JSON",
        ),
    ];
    for (what, token, body, status, words) in refusals {
        let (got, v) = t.call(&token, "answer", &body);
        assert_eq!(got, status, "{what}: {v}");
        assert!(v["error"].as_str().unwrap().contains(words), "{what}: {v}");
        assert_eq!(
            t.link.recv_timeout(Duration::from_millis(50)),
            None,
            "{what} reached the laptop"
        );
        assert_eq!(
            (t.state_text(&tok(side)), t.state_text(&tok(other))),
            before,
            "{what} changed a view"
        );
    }

    let (status, v) = t.call(&tok(side), "answer", &answer(7));
    assert_eq!(status, 200, "{v}");
    let got = t.answered();
    assert_eq!((got.side, got.ask), (side, 7));
    assert_eq!(got.command, command);
    // The first answer is the one: the same again is refused.
    let (status, v) = t.call(&tok(side), "answer", &answer(7));
    assert_eq!(status, 409);
    assert!(
        v["error"].as_str().unwrap().contains("answered already"),
        "{v}"
    );
    assert_eq!(t.state(&tok(side)).1["question"]["answered"], true);
    // The laptop plays it as its own command.
    t.battle.submit(got.command).unwrap();
    assert_eq!(t.battle.figure(FigureId(mover)).pose.hex, toward);
}

/// 16.15.4: the shield question asked of the defender's seat over its
/// WebSocket, answered with one of the choices it was given.
#[test]
fn shakhan_16_15_4_a_seat_is_asked_to_raise_its_shield() {
    let checked = hexmelee::rulesets::shakhan::scenario::load(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/skirmish.ron"),
    )
    .unwrap();
    let mut t = Table2::open_on(checked);
    play_until(&mut t.battle, |b| {
        matches!(b.prompt(), Prompt::RaiseShield { .. })
    });
    let side = t
        .battle
        .figure(match t.battle.prompt() {
            Prompt::RaiseShield { defender, .. } => defender,
            _ => unreachable!(),
        })
        .side;
    let mut socket = ws(&t, &tok(SideId(side)));
    next_view(&mut socket);
    t.ask(3);
    let v = loop {
        let v = next_view(&mut socket);
        if v["question"]["ask"] == json!(3) {
            break v;
        }
    };
    let q = &v["question"];
    assert_eq!(q["kind"], "choice");
    assert!(
        q["text"].as_str().unwrap().contains("Raise the shield?"),
        "{q}"
    );
    let raise = q["choices"][0]["command"].clone();
    assert_eq!(raise, json!({"RaiseShield": {"raise": true}}));
    let (status, body) = t.call(
        &tok(SideId(side)),
        "answer",
        &json!({"ask": 3, "command": raise}),
    );
    assert_eq!(status, 200, "{body}");
    let got = t.answered();
    assert_eq!(got.command, Command::RaiseShield { raise: true });
    // Its devices hear that it is answered.
    let v = next_view(&mut socket);
    assert_eq!(v["question"]["answered"], true);
    t.battle.submit(got.command).unwrap();
}
