//! `/socket.io/`: validate the Engine.IO query, then a websocket (upgraded with actix-ws) or HTTP long-polling
//! (`polling.rs`), each a session.

use super::app::SocketApp;
use super::config::SocketConfig;
use super::limits::ConnLimits;
use super::polling::{self, PollEntry, Polls, engine_error};
use super::session::{SessionParts, SocketSession, Transport, random_sid};
use super::writer::{self, Body, Writer};
use super::ws;
use actix::{Actor, AsyncContext};
use actix_web::{HttpRequest, HttpResponse, web};
use casino_actors::ErrorCode;
use casino_actors::hub::{HubAddr, Kick, KickTarget};
use casino_actors::ids::UserId;
use casino_actors::observe::Probe;
use serde::Deserialize;
use std::sync::Arc;

/// The session cookie set by the REST login; an alternative to the CONNECT auth token.
pub const SESSION_COOKIE: &str = "casino_session";

/// Shared by all connections, registered as `web::Data<SocketState>`.
#[derive(Clone)]
pub struct SocketState {
    pub app: Arc<dyn SocketApp>,
    pub hub: HubAddr,
    pub config: SocketConfig,
    limits: Arc<ConnLimits>,
    probe: Arc<Probe>,
    polls: Arc<Polls>,
}

impl SocketState {
    /// `probe`: the gateway's, shared by every connection's actor.
    pub fn new(app: Arc<dyn SocketApp>, hub: HubAddr, config: SocketConfig, probe: Arc<Probe>) -> Self {
        Self { app, hub, config, limits: ConnLimits::new(), probe, polls: Arc::default() }
    }
}

/// Close every socket authenticated with this session token, at once (logout). The key is the token's digest,
/// as [`Principal::session`](super::Principal::session) carries it.
pub fn end_session_sockets(hub: &HubAddr, token: &str) {
    end_session_sockets_by_key(hub, &casino_actors::accounts::digest(token));
}

/// As [`end_session_sockets`], for a session known by its token's digest (a session ended from the player's list,
/// or by a password change).
pub fn end_session_sockets_by_key(hub: &HubAddr, key: &str) {
    hub.do_send(Kick { target: KickTarget::Session(Arc::from(key)) });
}

/// Close every socket of `user`, at once (password reset, block).
pub fn end_user_sockets(hub: &HubAddr, user: UserId) {
    hub.do_send(Kick { target: KickTarget::User(user) });
}

/// Mount the gateway at `/socket.io/`. The caller provides `web::Data<SocketState>`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    for path in ["/socket.io/", "/socket.io"] {
        cfg.service(
            web::resource(path)
                .route(web::get().to(socketio_route))
                .route(web::post().to(socketio_post))
                .default_service(web::to(|| async { engine_error(2) })),
        );
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct EngineQuery {
    #[serde(rename = "EIO")]
    eio: Option<String>,
    transport: Option<String>,
    sid: Option<String>,
}

/// The query, if it names Engine.IO v4; else the Engine.IO error code to answer with.
fn engine_query(req: &HttpRequest) -> Result<EngineQuery, u8> {
    let q = web::Query::<EngineQuery>::from_query(req.query_string()).map(web::Query::into_inner).map_err(|_| 3)?;
    if q.eio.as_deref() != Some("4") {
        return Err(5);
    }
    Ok(q)
}

fn too_many() -> HttpResponse {
    HttpResponse::TooManyRequests().json(
        serde_json::json!({ "error": ErrorCode::TooManyConnections, "message": "Too many connections from this address" }),
    )
}

/// How long a GET waits for something to answer with before it answers with a noop.
fn poll_wait(config: &SocketConfig) -> std::time::Duration {
    config.ping_interval + config.ping_timeout
}

/// Engine.IO v4: a websocket (new, or upgrading a long-polling session), or a long-polling GET.
pub async fn socketio_route(
    req: HttpRequest,
    body: web::Payload,
    state: web::Data<SocketState>,
) -> Result<HttpResponse, actix_web::Error> {
    let q = match engine_query(&req) {
        Ok(q) => q,
        Err(code) => return Ok(engine_error(code)),
    };
    let config = &state.config;
    match (q.transport.as_deref(), q.sid) {
        (Some("websocket"), None) => {
            let Some((writer, parts)) = open(&req, &state) else { return Ok(too_many()) };
            let (response, stream) = ws::upgrade(&req, body, config.max_payload, Body::attached(writer.drain()))?;
            SocketSession::create(|ctx| {
                ctx.add_stream(stream);
                SocketSession::new(parts, writer, Transport::Websocket, random_sid())
            });
            Ok(response)
        }
        (Some("websocket"), Some(sid)) => polling::upgrade(&req, body, &state.polls, &sid, config.max_payload),
        (Some("polling"), None) => {
            let Some((writer, parts)) = open(&req, &state) else { return Ok(too_many()) };
            let sid = random_sid();
            let drain = writer.drain();
            let addr = SocketSession::new(parts, writer, Transport::Polling, sid.clone()).start();
            let entry = PollEntry::new(addr, drain);
            state.polls.insert(sid, entry.clone());
            Ok(polling::answer_get(&entry, poll_wait(config), config.max_payload).await)
        }
        (Some("polling"), Some(sid)) => {
            Ok(polling::get(&state.polls, &sid, poll_wait(config), config.max_payload).await)
        }
        _ => Ok(engine_error(0)),
    }
}

/// A long-polling POST: the client's packets for its session.
pub async fn socketio_post(req: HttpRequest, body: web::Payload, state: web::Data<SocketState>) -> HttpResponse {
    let q = match engine_query(&req) {
        Ok(q) => q,
        Err(code) => return engine_error(code),
    };
    match (q.transport.as_deref(), q.sid) {
        (Some("polling"), Some(sid)) => polling::post(&state.polls, &sid, body, state.config.max_payload).await,
        (Some("polling"), None) => engine_error(2),
        _ => engine_error(0),
    }
}

/// A new connection's queue and parts: its address admitted (`None`: too many from there), and the session cookie
/// taken when the page is ours.
fn open(req: &HttpRequest, state: &SocketState) -> Option<(Writer, SessionParts)> {
    let config = state.config.clone();
    let addr_slot = match config.client_net.address(req) {
        Some(ip) => {
            let limit = if ip.is_loopback() { config.max_per_loopback } else { config.max_per_addr };
            match state.limits.admit_addr(ip, limit) {
                Some(slot) => Some(slot),
                None => {
                    metrics::counter!("casino_socketio_refused_total", "cause" => "per_address").increment(1);
                    return None;
                }
            }
        }
        None => None,
    };
    // A browser sends the cookie to any site's socket: use it only when the page is ours (its Origin names this
    // host or an allowed origin). A CONNECT with a token needs no Origin.
    let cookie_token = req
        .cookie(SESSION_COOKIE)
        .filter(|_| crate::security::same_site_request(req.headers(), &config.allowed_origins))
        .map(|c| c.value().to_owned());
    let writer = writer::channel(config.outbox_capacity, config.outbox_max_bytes);
    let parts = SessionParts {
        app: state.app.clone(),
        hub: state.hub.clone(),
        limits: state.limits.clone(),
        probe: state.probe.clone(),
        polls: state.polls.clone(),
        cookie_token,
        _addr_slot: addr_slot,
        config,
    };
    Some((writer, parts))
}
