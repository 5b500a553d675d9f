//! The seats' web server: axum on a current-thread tokio runtime of its own
//! thread. Routes, each opened by a side's token:
//!
//! - `GET /s/TOKEN` — the ruleset's page (`Rules::PAGE`, embedded: works offline);
//!   `/S/TOKEN` too, for the QR code's capitals;
//! - `GET /api/TOKEN/state` — the seat's view as JSON;
//! - `POST /api/TOKEN/seal` — seal the side's orders (a [`SealRequest`]);
//! - `POST /api/TOKEN/plan` — price a path picked on the page (a
//!   [`Rules::Plan`]; changes nothing);
//! - `POST /api/TOKEN/answer` — answer the question put to the seat (an
//!   [`AnswerRequest`]);
//! - `GET /api/TOKEN/ws` — a WebSocket that sends the view on every change.
//!
//! A refusal is a JSON `{"error": "…"}` with a 4xx status and changes nothing.

use std::net::SocketAddr;
use std::sync::mpsc as std_mpsc;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use tokio::sync::{mpsc, watch};

use super::listen::{self, Limits};
use super::{
    AnswerRequest, Book, Bound, FromServer, FromServerOf, Refusal, Rules, SealRequest, ToServer,
    Token,
};
use crate::seam::SideId;

/// Largest request body: a side's orders, with room (a duel's are ~1 KiB).
const BODY_LIMIT: usize = 256 * 1024;

/// Open WebSockets of one seat at once: its device's tabs, many times over;
/// beyond it a page is refused rather than the server worn down. Each
/// seat's own, so one side cannot starve the other's page.
const SOCKETS_PER_SEAT: usize = 8;

/// The cookie naming a seat's device: a random name the server gives the
/// first device that opens a seat's page, HttpOnly (the page's script never
/// reads it, nor does any answer carry it back).
const DEVICE_COOKIE: &str = "hexmelee_device";

/// How long a device keeps its name: a battle's evening and the next, so a
/// phone's browser closed and opened again is still the seat's device.
const DEVICE_DAYS: u32 = 2;

/// The largest WebSocket message or frame a page may send: the page sends
/// nothing (the server only reads to notice a closed page), so a few KiB,
/// not axum's 64 MiB, is what a hostile page may make the server hold.
const WS_MESSAGE: usize = 4 * 1024;

/// The display's end of the channels to a running server.
#[derive(Debug)]
pub struct Link<R: Rules> {
    /// Where the server listens, exactly as bound.
    pub addr: SocketAddr,
    to_server: mpsc::UnboundedSender<ToServer<R>>,
    from_server: std_mpsc::Receiver<FromServerOf<R>>,
}

impl<R: Rules> Link<R> {
    /// Tell the server; `false` once the server has stopped.
    pub fn send(&self, message: ToServer<R>) -> bool {
        self.to_server.send(message).is_ok()
    }

    /// The next message from the server, without waiting.
    pub fn try_recv(&self) -> Option<FromServerOf<R>> {
        self.from_server.try_recv().ok()
    }

    /// The next message from the server, waiting at most `timeout` (tests).
    pub fn recv_timeout(&self, timeout: std::time::Duration) -> Option<FromServerOf<R>> {
        self.from_server.recv_timeout(timeout).ok()
    }
}

/// What every request handler shares.
#[derive(Clone)]
struct Shared<R: Rules> {
    book: Arc<Mutex<Book<R>>>,
    /// Bumped on every change a seat's view may show, for the WebSockets.
    changed: watch::Sender<u64>,
    to_app: std_mpsc::Sender<FromServerOf<R>>,
    /// WebSockets open now, by seat.
    sockets: Arc<Mutex<Vec<usize>>>,
    /// The port served: a request's `Host` must name it.
    port: u16,
}

/// One open WebSocket of a seat, counted while it lives.
struct Open(Arc<Mutex<Vec<usize>>>, SideId);

impl Drop for Open {
    fn drop(&mut self) {
        let mut open = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.get_mut(self.1.0) {
            *n = n.saturating_sub(1);
        }
    }
}

impl<R: Rules> Shared<R> {
    fn book(&self) -> MutexGuard<'_, Book<R>> {
        // A handler that panicked mid-change cannot leave the book half
        // changed (every change is one assignment after its checks).
        self.book.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn bump(&self) {
        self.changed.send_modify(|v| *v += 1);
    }
}

/// Bind exactly `addr` and serve the seats from a thread of their own. The
/// server stops when the [`Link`] is dropped.
pub fn start<R: Rules>(addr: SocketAddr) -> std::io::Result<Link<R>> {
    start_with(addr, Limits::of_this_process())
}

/// [`start`] under `limits` (tests: short timeouts, small caps).
pub fn start_with<R: Rules>(addr: SocketAddr, limits: Limits) -> std::io::Result<Link<R>> {
    serve(super::bind(addr)?, limits)
}

/// Serve the seats at `bound` under `limits` from a thread of their own.
/// The server stops when the [`Link`] is dropped.
pub fn serve<R: Rules>(bound: Bound, limits: Limits) -> std::io::Result<Link<R>> {
    let Bound { listener, addr } = bound;
    let (to_server, mut inbox) = mpsc::unbounded_channel();
    let (to_app, from_server) = std_mpsc::channel();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()?;
    let shared = Shared {
        book: Arc::new(Mutex::new(Book::new())),
        changed: watch::Sender::new(0),
        to_app,
        sockets: Arc::default(),
        port: addr.port(),
    };
    std::thread::Builder::new()
        .name("seats".into())
        .spawn(move || {
            runtime.block_on(async move {
                let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                    return;
                };
                let app = routes(shared.clone(), limits.request);
                let serve = listen::run(listener, app, limits);
                let messages = async {
                    while let Some(m) = inbox.recv().await {
                        take(&shared, m);
                    }
                };
                // The display hung up: stop serving, open sockets and all.
                tokio::select! {
                    _ = serve => {}
                    _ = messages => {}
                }
            });
        })?;
    Ok(Link {
        addr,
        to_server,
        from_server,
    })
}

/// One message from the display.
fn take<R: Rules>(shared: &Shared<R>, message: ToServer<R>) {
    {
        let mut book = shared.book();
        match message {
            ToServer::Table(t) => book.update(t),
            ToServer::Issue(side, token) => book.issue(side, token),
            ToServer::Revoke(side) => book.revoke(side),
            ToServer::Unseal(side) => book.unseal(side),
            ToServer::Notice(side, ask, text) => book.notice(side, ask, text),
            ToServer::Release(side) => book.release(side),
            ToServer::Played(side, round, orders, late) => book.played(side, round, orders, late),
            ToServer::TakenBack(side) => book.taken_back(side),
        }
    }
    shared.bump();
}

fn routes<R: Rules>(shared: Shared<R>, request: Duration) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/s/{token}", get(page::<R>))
        .route("/S/{token}", get(page::<R>))
        .route("/api/{token}/state", get(state::<R>))
        .route("/api/{token}/seal", post(seal::<R>))
        .route("/api/{token}/plan", post(plan::<R>))
        .route("/api/{token}/answer", post(answer::<R>))
        .route("/api/{token}/ws", get(socket::<R>))
        .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(move |r, next| {
            in_time(request, r, next)
        }))
        .layer(axum::middleware::from_fn_with_state(
            shared.port,
            same_origin,
        ))
        .with_state(shared)
}

/// Only requests to this server by its address: `Host` must be an IP
/// address with the served port (the links never name a host, so a page of
/// another site reached through a name of its own, DNS rebinding, is
/// refused), and an `Origin`, when the browser sends one (a WebSocket, a
/// POST), must be this same address (no other site's page opens a seat's
/// socket or seals with a link it learnt).
async fn same_origin(
    State(port): State<u16>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    match ours(port, request.headers()) {
        None => next.run(request).await,
        Some(refused) => refused,
    }
}

/// [`same_origin`]'s check of `headers`: the refusal, if refused.
fn ours(port: u16, headers: &axum::http::HeaderMap) -> Option<Response> {
    let header = |name| headers.get(name).and_then(|v| v.to_str().ok());
    let host = header(header::HOST).unwrap_or_default();
    // A browser leaves out the default port: `192.168.1.20` is port 80.
    let bare = || {
        let ip = host.trim_start_matches('[').trim_end_matches(']');
        port == 80 && ip.parse::<std::net::IpAddr>().is_ok()
    };
    if !(host.parse::<SocketAddr>().is_ok_and(|a| a.port() == port) || bare()) {
        return Some(refuse(
            StatusCode::MISDIRECTED_REQUEST,
            "open the link exactly as the referee gave it (an address and port, no name)",
        ));
    }
    if let Some(origin) = header(header::ORIGIN)
        && !origin.eq_ignore_ascii_case(&format!("http://{host}"))
    {
        return Some(refuse(
            StatusCode::FORBIDDEN,
            "this request came from another site's page; open the link the referee gave",
        ));
    }
    None
}

/// The device's name from its cookie, if it sent one.
fn device(headers: &axum::http::HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|c| {
            let (k, v) = c.trim().split_once('=')?;
            (k == DEVICE_COOKIE).then(|| v.to_owned())
        })
}

/// A POST's body must say it is JSON (a form, `text/plain`, is what another
/// site's page may send without asking): the refusal, if refused.
fn json_body(headers: &axum::http::HeaderMap) -> Option<Response> {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
    (!json).then(|| {
        refuse(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "the request must be JSON (Content-Type: application/json); reload the page",
        )
    })
}

/// A request read and answered within `limit`, or refused: a body sent a
/// byte at a time holds no connection for long. (A WebSocket's upgrade is
/// answered at once; the socket then lives on its own.)
async fn in_time(
    limit: Duration,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => refuse(
            StatusCode::REQUEST_TIMEOUT,
            "the request took too long to arrive; try again",
        ),
    }
}

/// A refusal as JSON with its status.
fn refuse(status: StatusCode, why: impl ToString) -> Response {
    let body = serde_json::json!({ "error": why.to_string() });
    (
        status,
        [(header::CACHE_CONTROL, "no-store")],
        axum::Json(body),
    )
        .into_response()
}

fn status_of(r: &Refusal) -> StatusCode {
    match r {
        Refusal::UnknownToken | Refusal::NotOpened => StatusCode::FORBIDDEN,
        Refusal::Stale { .. }
        | Refusal::Replayed
        | Refusal::Refused(_)
        | Refusal::NotAsked(_)
        | Refusal::Taken
        | Refusal::Closed(_) => StatusCode::CONFLICT,
        Refusal::NoTable => StatusCode::SERVICE_UNAVAILABLE,
        Refusal::Malformed(_) => StatusCode::BAD_REQUEST,
    }
}

async fn index() -> Response {
    (
        StatusCode::NOT_FOUND,
        "hexmelee seats: open the link the referee gave for your side\n",
    )
        .into_response()
}

/// The seat's page, to the device that opened the seat first; any other
/// is told the seat is taken.
async fn page<R: Rules>(
    State(s): State<Shared<R>>,
    Path(token): Path<String>,
    headers: axum::http::HeaderMap,
) -> Response {
    let fresh = match Token::generate() {
        Ok(t) => t,
        Err(e) => return (StatusCode::SERVICE_UNAVAILABLE, format!("{e}\n")).into_response(),
    };
    let claimed = s.book().claim(&token, device(&headers).as_deref(), fresh);
    let named = match claimed {
        Ok((_, named)) => named,
        Err(r) => return (status_of(&r), format!("{r}\n")).into_response(),
    };
    let mut response = (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
            // The token is in the address: no other site learns it.
            (header::REFERRER_POLICY, "no-referrer"),
        ],
        R::PAGE,
    )
        .into_response();
    if let Some(name) = named {
        let cookie = format!(
            "{DEVICE_COOKIE}={}; Path=/; HttpOnly; SameSite=Strict; Max-Age={}",
            name.reveal(),
            DEVICE_DAYS * 24 * 3600
        );
        if let Ok(v) = axum::http::HeaderValue::from_str(&cookie) {
            response.headers_mut().insert(header::SET_COOKIE, v);
        }
    }
    response
}

/// The side `token`'s seat opens, when this device owns it.
fn owner<R: Rules>(
    s: &Shared<R>,
    token: &str,
    headers: &axum::http::HeaderMap,
) -> Result<SideId, Refusal> {
    s.book().owned(token, device(headers).as_deref())
}

/// A POST's checks before its body is read: JSON, from the seat's device.
fn postable<R: Rules>(
    s: &Shared<R>,
    token: &str,
    headers: &axum::http::HeaderMap,
) -> Option<Response> {
    json_body(headers).or_else(|| {
        owner(s, token, headers)
            .err()
            .map(|r| refuse(status_of(&r), r))
    })
}

async fn state<R: Rules>(
    State(s): State<Shared<R>>,
    Path(token): Path<String>,
    headers: axum::http::HeaderMap,
) -> Response {
    if let Err(r) = owner(&s, &token, &headers) {
        return refuse(status_of(&r), r);
    }
    match s.book().view(&token) {
        Ok(v) => ([(header::CACHE_CONTROL, "no-store")], axum::Json(v)).into_response(),
        Err(r) => refuse(status_of(&r), r),
    }
}

/// A request body parsed here rather than by axum's extractor: the refusal
/// says what was wrong and where, in the seat's words.
fn parse<T: serde::de::DeserializeOwned>(what: &str, body: &str) -> Result<T, String> {
    serde_json::from_str(body).map_err(|e| {
        format!(
            "the {what} is not the page's JSON (line {}, column {}: {e}); reload the page",
            e.line(),
            e.column()
        )
    })
}

async fn plan<R: Rules>(
    State(s): State<Shared<R>>,
    Path(token): Path<String>,
    headers: axum::http::HeaderMap,
    body: String,
) -> Response {
    if let Some(refused) = postable(&s, &token, &headers) {
        return refused;
    }
    let request: R::Plan = match parse("path", &body) {
        Ok(r) => r,
        Err(why) => return refuse(StatusCode::BAD_REQUEST, why),
    };
    match s.book().plan(&token, &request) {
        Ok(p) => ([(header::CACHE_CONTROL, "no-store")], axum::Json(p)).into_response(),
        Err(r) => refuse(status_of(&r), r),
    }
}

async fn answer<R: Rules>(
    State(s): State<Shared<R>>,
    Path(token): Path<String>,
    headers: axum::http::HeaderMap,
    body: String,
) -> Response {
    if let Some(refused) = postable(&s, &token, &headers) {
        return refused;
    }
    let request: AnswerRequest<R::Command> = match parse("answer", &body) {
        Ok(r) => r,
        Err(why) => return refuse(StatusCode::BAD_REQUEST, why),
    };
    let answered = s.book().answer(&token, request);
    match answered {
        Ok(a) => {
            let ask = a.ask;
            if s.to_app.send(FromServer::Answered(a)).is_err() {
                return refuse(StatusCode::SERVICE_UNAVAILABLE, "the laptop has closed");
            }
            s.bump();
            axum::Json(serde_json::json!({ "answered": ask })).into_response()
        }
        Err(r) => refuse(status_of(&r), r),
    }
}

async fn seal<R: Rules>(
    State(s): State<Shared<R>>,
    Path(token): Path<String>,
    headers: axum::http::HeaderMap,
    body: String,
) -> Response {
    if let Some(refused) = postable(&s, &token, &headers) {
        return refused;
    }
    let request: SealRequest<R::Orders> = match parse("seal", &body) {
        Ok(r) => r,
        Err(why) => return refuse(StatusCode::BAD_REQUEST, why),
    };
    let sealed = s.book().seal(&token, request);
    match sealed {
        // The very orders the seat holds: nothing changed, nothing to tell.
        Ok(None) => {
            let round = s.book().view(&token).map(|v| v.round).unwrap_or_default();
            axum::Json(serde_json::json!({ "sealed": round, "unchanged": true })).into_response()
        }
        Ok(Some(sealed)) => {
            let round = sealed.round;
            // The display gone, the seal cannot be played: say so.
            if s.to_app.send(FromServer::Sealed(sealed)).is_err() {
                return refuse(StatusCode::SERVICE_UNAVAILABLE, "the laptop has closed");
            }
            s.bump();
            axum::Json(serde_json::json!({ "sealed": round })).into_response()
        }
        Err(r) => refuse(status_of(&r), r),
    }
}

async fn socket<R: Rules>(
    State(s): State<Shared<R>>,
    Path(token): Path<String>,
    headers: axum::http::HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let side = match owner(&s, &token, &headers) {
        Ok(side) => side,
        Err(r) => return refuse(status_of(&r), r),
    };
    {
        let mut open = s.sockets.lock().unwrap_or_else(|e| e.into_inner());
        if open.len() <= side.0 {
            open.resize(side.0 + 1, 0);
        }
        if open[side.0] >= SOCKETS_PER_SEAT {
            return refuse(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "more than {SOCKETS_PER_SEAT} pages of your seat are open; close some and reload"
                ),
            );
        }
        open[side.0] += 1;
    }
    let open = Open(s.sockets.clone(), side);
    let device = device(&headers);
    let upgrade = upgrade
        .max_message_size(WS_MESSAGE)
        .max_frame_size(WS_MESSAGE)
        .read_buffer_size(WS_MESSAGE);
    upgrade.on_upgrade(move |ws| async move {
        let _open = open;
        push(s, token, device, ws).await
    })
}

/// Send the seat's view now and after every change, until the page goes or
/// the token no longer opens the seat for this device.
async fn push<R: Rules>(s: Shared<R>, token: String, device: Option<String>, mut ws: WebSocket) {
    let mut changed = s.changed.subscribe();
    loop {
        let view = {
            let book = s.book();
            book.owned(&token, device.as_deref())
                .and_then(|_| book.view(&token))
        };
        let (text, last) = match view {
            Ok(v) => match serde_json::to_string(&v) {
                Ok(t) => (t, false),
                Err(_) => return,
            },
            Err(r) => (
                serde_json::json!({ "error": r.to_string() }).to_string(),
                true,
            ),
        };
        if ws.send(Message::Text(text.into())).await.is_err() || last {
            let _ = ws.send(Message::Close(None)).await;
            return;
        }
        // Wait for a change, reading (and dropping) what the page sends so a
        // closed page is noticed.
        loop {
            tokio::select! {
                c = changed.changed() => {
                    if c.is_err() { return; }
                    break;
                }
                m = ws.recv() => match m {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => {}
                },
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked(host: &str, origin: Option<&str>, port: u16) -> bool {
        let mut headers = axum::http::HeaderMap::new();
        headers.insert(header::HOST, host.parse().unwrap());
        if let Some(o) = origin {
            headers.insert(header::ORIGIN, o.parse().unwrap());
        }
        ours(port, &headers).is_none()
    }

    #[test]
    fn only_requests_to_the_served_address_and_from_its_own_page_pass() {
        assert!(asked("192.168.1.20:8080", None, 8080));
        assert!(asked("[::1]:8080", Some("http://[::1]:8080"), 8080));
        assert!(
            !asked("laptop.example:8080", None, 8080),
            "a name: rebinding"
        );
        assert!(!asked("192.168.1.20:9", None, 8080), "another port");
        assert!(!asked("192.168.1.20", None, 8080), "no port, not 80");
        assert!(asked("192.168.1.20", None, 80), "a browser drops :80");
        assert!(asked("[fe80::1]", None, 80));
        let evil = Some("http://evil.example");
        assert!(
            !asked("192.168.1.20:8080", evil, 8080),
            "another site's page"
        );
        let own = Some("http://192.168.1.20:8080");
        assert!(asked("192.168.1.20:8080", own, 8080));
    }
}
