//! Issue 23: a seat's page in a real browser. Headless Chromium, driven over
//! the W3C WebDriver protocol by chromedriver, writes and seals both sides'
//! orders of the duel from their pages, and one side picks its moves on the
//! page's map; the laptop's App (fed through the same channel the display's
//! loop uses) runs the round.
//!
//! WebDriver is JSON over HTTP, so the test speaks it with `ureq` (already
//! the seats tests' client) rather than compiling a WebDriver crate and its
//! async stack. Skipped, with a message saying so, only when Chromium or
//! chromedriver is not installed (Debian: `apt-get install chromium
//! chromium-driver`). Everything binds and talks to 127.0.0.1; every wait is
//! bounded.
#![cfg(feature = "seats")]

use crate::tui_common;

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};

use hexmelee::rulesets::shakhan::display::app::App;
use hexmelee::rulesets::shakhan::display::keys::Mode;
use hexmelee::rulesets::shakhan::engine::Battle;
use hexmelee::rulesets::shakhan::engine::{Command, Prompt};
use hexmelee::rulesets::shakhan::rules::Card;
use hexmelee::rulesets::shakhan::seats::FromServer;
use hexmelee::seam::{FigureId, SideId};
use hexmelee::seats::{self, Link, Token};
use ratatui::crossterm::event::KeyCode;
use serde_json::{Value, json};

const WAIT: Duration = Duration::from_secs(20);
/// A freshly installed Chromium's first start (font caches, profile) on a
/// loaded two-core CI machine has taken more than [`WAIT`]; later requests
/// are quick, and every loop is still bounded by [`WAIT`].
const FIRST_START: Duration = Duration::from_secs(150);

fn installed(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|n| {
        std::env::split_paths(&path)
            .map(|d| d.join(n))
            .find(|p| p.is_file())
    })
}

/// chromedriver, ended (by its own handle) however the test ends.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

struct Browser {
    http: ureq::Agent,
    base: String,
}

impl Browser {
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}{path}", self.base);
        let mut response = match (method, body) {
            ("GET", _) => self.http.get(&url).call(),
            (_, body) => self
                .http
                .post(&url)
                .send_json(body.unwrap_or_else(|| json!({}))),
        }
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        let v: Value = response.body_mut().read_json().unwrap();
        assert!(
            response.status().is_success(),
            "{method} {path}: {}",
            v["value"]
        );
        v["value"].clone()
    }

    fn script(&self, session: &str, js: &str) -> Value {
        self.call(
            "POST",
            &format!("/session/{session}/execute/sync"),
            Some(json!({ "script": js, "args": [] })),
        )
    }

    fn click(&self, session: &str, css: &str) {
        let found = self.call(
            "POST",
            &format!("/session/{session}/element"),
            Some(json!({ "using": "css selector", "value": css })),
        );
        let id = found
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .expect("an element id")
            .to_string();
        self.call(
            "POST",
            &format!("/session/{session}/element/{id}/click"),
            None,
        );
    }
}

/// A browser session, closed (Chromium with it) however the test ends:
/// chromedriver's end does not end the browsers it started.
struct Session<'b> {
    browser: &'b Browser,
    id: String,
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        let url = format!("{}/session/{}", self.browser.base, self.id);
        let _ = self.browser.http.delete(&url).call();
    }
}

/// The laptop: the App and its end of the channel, pumped as the display's
/// loop pumps it.
struct Laptop {
    app: App,
    link: Link<Battle>,
}

impl Laptop {
    fn pump(&mut self) {
        while let Some(m) = self.link.try_recv() {
            match m {
                FromServer::Sealed(s) => self.app.seat_sealed(s),
                FromServer::Answered(a) => self.app.seat_answered(a),
            }
        }
        for m in self.app.take_outbox() {
            assert!(self.link.send(m));
        }
    }

    /// Pump until `done` holds, or fail after [`WAIT`].
    fn until(&mut self, what: &str, mut done: impl FnMut(&mut Laptop) -> bool) {
        let start = Instant::now();
        while !done(self) {
            assert!(
                start.elapsed() < WAIT,
                "timed out waiting for {what}: {:?}, {:?}",
                self.app.battle().prompt(),
                self.app.note
            );
            self.pump();
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn start_driver(driver: &Path, port: u16) -> Driver {
    let child = Process::new(driver)
        .arg(format!("--port={port}"))
        .arg("--allowed-ips=127.0.0.1")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    Driver(child)
}

/// Write one card for the side's only figure on its page (its moves asked
/// each pulse if `ask_moves`, else with its card) and seal.
fn seal_from_page(
    b: &Browser,
    session: &str,
    laptop: &mut Laptop,
    link: &str,
    card: Card,
    ask_moves: bool,
) {
    b.call(
        "POST",
        &format!("/session/{session}/url"),
        Some(json!({ "url": link })),
    );
    let start = Instant::now();
    while b.script(session, "return document.getElementById('seal').disabled") != json!(false) {
        assert!(start.elapsed() < WAIT, "the page never opened the seal");
        laptop.pump();
        std::thread::sleep(Duration::from_millis(100));
    }
    b.click(session, &format!("button[data-add=\"{card}\"]"));
    if ask_moves {
        // A <select> is set as a player's choice would set it.
        b.script(
            session,
            "const s = document.querySelector('select[data-moves]'); s.value = 'Ask'; \
             s.dispatchEvent(new Event('change', {bubbles: true}));",
        );
    }
    b.click(session, "#seal");
    let start = Instant::now();
    loop {
        let status = b.script(
            session,
            "return document.getElementById('status').textContent",
        );
        // The last seal runs the round at once: the status may move on to
        // a question before it is read; the seal stays in the view.
        let sealed = b.script(session, "return !!(view && view.sealed)");
        if sealed == json!(true) || status.as_str().is_some_and(|s| s.starts_with("Sealed")) {
            break;
        }
        assert!(
            start.elapsed() < WAIT,
            "the page never said sealed: {status}"
        );
        laptop.pump();
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn both_sides_seal_and_move_from_their_pages_and_the_laptop_runs_the_round() {
    let (Some(chromium), Some(driver)) = (
        installed(&["chromium", "chromium-browser", "google-chrome"]),
        installed(&["chromedriver"]),
    ) else {
        println!(
            "skipped: no Chromium and chromedriver installed (Debian: apt-get install chromium chromium-driver)"
        );
        return;
    };
    let port = free_port();
    let _driver = start_driver(&driver, port);
    let b = Browser {
        http: ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(FIRST_START))
            .build()
            .into(),
        base: format!("http://127.0.0.1:{port}"),
    };
    let start = Instant::now();
    while !b
        .http
        .get(format!("{}/status", b.base))
        .call()
        .is_ok_and(|r| r.status().is_success())
    {
        assert!(start.elapsed() < WAIT, "chromedriver never came up");
        std::thread::sleep(Duration::from_millis(100));
    }
    let profile = tempfile::tempdir().unwrap();
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=412,915",
        &format!("--user-data-dir={}", profile.path().display()),
    ];
    let session = b.call(
        "POST",
        "/session",
        Some(json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": { "binary": chromium, "args": args },
        }}})),
    );
    let session = Session {
        browser: &b,
        id: session["sessionId"].as_str().unwrap().to_string(),
    };
    let session = session.id.as_str();

    let mut app = tui_common::duel_at_table(80, 24);
    let link = seats::start("127.0.0.1:0".parse().unwrap()).unwrap();
    let tokens: Vec<Token> = (0..2).map(|_| Token::generate().unwrap()).collect();
    let links: Vec<String> = tokens.iter().map(|t| seats::link(link.addr, t)).collect();
    app.open_seats(link.addr, tokens);
    let mut laptop = Laptop { app, link };
    laptop.pump();

    seal_from_page(&b, session, &mut laptop, &links[1], Card::C, false);
    laptop.until("Blue's seal", |l| {
        l.app
            .seats
            .as_ref()
            .is_some_and(|s| s.has_sealed(SideId(1), 1))
    });
    assert_eq!(
        laptop.app.note.as_ref().unwrap().text,
        "Blue's seat has sealed"
    );
    seal_from_page(&b, session, &mut laptop, &links[0], Card::B, true);
    laptop.until("both seals handed in", |l| l.app.session().log().len() >= 2);
    let log = laptop.app.session().log();
    let cards: Vec<(usize, Card)> = log[..2]
        .iter()
        .map(|c| match c {
            Command::Orders { side, orders } => (side.0, orders[0].cards[0].card),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(cards, [(0, Card::B), (1, Card::C)]);

    // 16.14.3.7: Red's moves are asked of its seat; the laptop waits.
    laptop.until("Red's moves to be asked of its seat", |l| {
        l.app.mode() == Mode::SeatWait
    });
    let aulos = laptop.app.battle().figure(FigureId(0)).pose.hex;
    let berrin = laptop.app.battle().figure(FigureId(1)).pose.hex;
    let toward = aulos.neighbor(aulos.facing_toward(berrin).unwrap());
    let start = Instant::now();
    while b.script(
        session,
        "return !!document.querySelector('#question button[data-act=go]')",
    ) != json!(true)
    {
        assert!(start.elapsed() < WAIT, "the page never asked for the moves");
        laptop.pump();
        std::thread::sleep(Duration::from_millis(100));
    }
    // The player taps the hex on the map; the laptop's side prices it.
    b.click(
        session,
        &format!("polygon[data-hex=\"{},{}\"]", toward.col, toward.row),
    );
    let start = Instant::now();
    loop {
        let row = b.script(
            session,
            "return document.querySelector('[data-mover]').textContent",
        );
        let row = row.as_str().unwrap_or_default().to_string();
        if row.contains(&format!("to ({}, {})", toward.col, toward.row)) && row.contains("AP") {
            assert!(!row.contains('✗'), "the page shows it refused: {row}");
            break;
        }
        assert!(start.elapsed() < WAIT, "the path was never priced: {row}");
        std::thread::sleep(Duration::from_millis(100));
    }
    let before = laptop.app.session().log().len();
    b.click(session, "#question button[data-act=go]");
    laptop.until("the seat's moves to be played", |l| {
        l.app.session().log().len() > before
    });
    assert!(matches!(
        &laptop.app.session().log()[before],
        Command::Move { moves } if moves.len() == 1 && moves[0].figure == FigureId(0)
    ));
    assert_eq!(laptop.app.battle().figure(FigureId(0)).pose.hex, toward);

    // The rest of the round's questions the referee takes back (Enter) and
    // answers on the laptop.
    laptop.until("the round to run", |l| {
        if l.app.mode() == Mode::SeatWait {
            tui_common::press(&mut l.app, KeyCode::Enter);
            tui_common::answer_by_keys(&mut l.app);
        }
        l.app.battle().round() == 2
    });
    assert_eq!(
        laptop.app.battle().prompt(),
        Prompt::Orders { side: SideId(0) }
    );
    // The page hears that the round ran: round 2, open again.
    let start = Instant::now();
    while !b
        .script(
            session,
            "return document.getElementById('title').textContent",
        )
        .as_str()
        .is_some_and(|t| t.ends_with("round 2"))
    {
        assert!(start.elapsed() < WAIT, "the page never showed round 2");
        laptop.pump();
        std::thread::sleep(Duration::from_millis(100));
    }
    // Issue 39: what the page keeps on the device is under key names
    // without the link's token, this round's only.
    let keys = b.script(session, "return Object.keys(localStorage)");
    let keys: Vec<String> = serde_json::from_value(keys).unwrap();
    for link in &links {
        let token = link.rsplit('/').next().unwrap();
        assert!(keys.iter().all(|k| !k.contains(token)), "{keys:?}");
    }
    assert!(keys.iter().all(|k| k.starts_with("hexmelee-")), "{keys:?}");
    // A new link for Red (`K`, `r`): the open page says its link is no
    // longer valid, and stops, rather than reconnect forever.
    tui_common::typed(&mut laptop.app, "K");
    tui_common::typed(&mut laptop.app, "r");
    let start = Instant::now();
    loop {
        laptop.pump();
        let status = b.script(
            session,
            "return document.getElementById('status').textContent",
        );
        if status
            .as_str()
            .is_some_and(|s| s.contains("Ask the referee for your side's link"))
        {
            break;
        }
        assert!(
            start.elapsed() < WAIT,
            "the dead link was never told: {status}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}
