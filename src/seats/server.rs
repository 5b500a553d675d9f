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
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc as std_mpsc;
use std::sync::{Arc, Mutex, MutexGuard};

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use tokio::sync::{mpsc, watch};

use super::{
    AnswerRequest, Book, Bound, FromServer, FromServerOf, Refusal, Rules, SealRequest, ToServer,
};

/// Largest request body: a side's orders, with room (a duel's are ~1 KiB).
const BODY_LIMIT: usize = 256 * 1024;

/// Open WebSockets at once: a table's phones and laptops, many times over;
/// beyond it a page is refused rather than the server worn down.
const SOCKETS: usize = 64;

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
    /// WebSockets open now.
    sockets: Arc<AtomicUsize>,
}

/// One open WebSocket, counted while it lives.
struct Open(Arc<AtomicUsize>);

impl Drop for Open {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
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
    serve(super::bind(addr)?)
}

/// Serve the seats at `bound` from a thread of their own. The server stops
/// when the [`Link`] is dropped.
pub fn serve<R: Rules>(bound: Bound) -> std::io::Result<Link<R>> {
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
        sockets: Arc::new(AtomicUsize::new(0)),
    };
    std::thread::Builder::new()
        .name("seats".into())
        .spawn(move || {
            runtime.block_on(async move {
                let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                    return;
                };
                let app = routes(shared.clone());
                let serve = axum::serve(listener, app);
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
        }
    }
    shared.bump();
}

fn routes<R: Rules>(shared: Shared<R>) -> Router {
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
        .with_state(shared)
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
        Refusal::UnknownToken => StatusCode::FORBIDDEN,
        Refusal::Stale { .. } | Refusal::Replayed | Refusal::Refused(_) | Refusal::NotAsked(_) => {
            StatusCode::CONFLICT
        }
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

async fn page<R: Rules>(State(s): State<Shared<R>>, Path(token): Path<String>) -> Response {
    if let Err(r) = s.book().side_of(&token) {
        return (StatusCode::FORBIDDEN, format!("{r}\n")).into_response();
    }
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
            // The token is in the address: no other site learns it.
            (header::REFERRER_POLICY, "no-referrer"),
        ],
        R::PAGE,
    )
        .into_response()
}

async fn state<R: Rules>(State(s): State<Shared<R>>, Path(token): Path<String>) -> Response {
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
    body: String,
) -> Response {
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
    body: String,
) -> Response {
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
    body: String,
) -> Response {
    let request: SealRequest<R::Orders> = match parse("seal", &body) {
        Ok(r) => r,
        Err(why) => return refuse(StatusCode::BAD_REQUEST, why),
    };
    let sealed = s.book().seal(&token, request);
    match sealed {
        Ok(sealed) => {
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
    upgrade: WebSocketUpgrade,
) -> Response {
    if let Err(r) = s.book().side_of(&token) {
        return refuse(status_of(&r), r);
    }
    if s.sockets.fetch_add(1, Ordering::Relaxed) >= SOCKETS {
        s.sockets.fetch_sub(1, Ordering::Relaxed);
        return refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("more than {SOCKETS} pages are open on this table; close some and reload"),
        );
    }
    let open = Open(s.sockets.clone());
    upgrade.on_upgrade(move |ws| async move {
        let _open = open;
        push(s, token, ws).await
    })
}

/// Send the seat's view now and after every change, until the page goes or
/// the token no longer opens the seat.
async fn push<R: Rules>(s: Shared<R>, token: String, mut ws: WebSocket) {
    let mut changed = s.changed.subscribe();
    loop {
        let view = s.book().view(&token);
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
