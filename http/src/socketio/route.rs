//! `GET /socket.io/?EIO=4&transport=websocket`: validate the Engine.IO query, upgrade with actix-ws, start a session.

use super::app::SocketApp;
use super::config::SocketConfig;
use super::limits::ConnLimits;
use super::session::{SessionParts, SocketSession};
use super::ws;
use actix::{Actor, AsyncContext};
use actix_web::{HttpRequest, HttpResponse, web};
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
}

impl SocketState {
    /// `probe`: the gateway's, shared by every connection's actor.
    pub fn new(app: Arc<dyn SocketApp>, hub: HubAddr, config: SocketConfig, probe: Arc<Probe>) -> Self {
        Self { app, hub, config, limits: ConnLimits::new(), probe }
    }
}

/// Close every socket authenticated with this session token, at once (logout). The key is the token's digest,
/// as [`Principal::session`](super::Principal::session) carries it.
pub fn end_session_sockets(hub: &HubAddr, token: &str) {
    let key: Arc<str> = Arc::from(casino_actors::accounts::digest(token));
    hub.do_send(Kick { target: KickTarget::Session(key) });
}

/// Close every socket of `user`, at once (password reset, block).
pub fn end_user_sockets(hub: &HubAddr, user: UserId) {
    hub.do_send(Kick { target: KickTarget::User(user) });
}

/// Mount the gateway at `/socket.io/`. The caller provides `web::Data<SocketState>`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/socket.io/", web::get().to(socketio_route));
    cfg.route("/socket.io", web::get().to(socketio_route));
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct EngineQuery {
    #[serde(rename = "EIO")]
    eio: Option<String>,
    transport: Option<String>,
    sid: Option<String>,
}

fn bad_request(error: &str, message: &str) -> HttpResponse {
    HttpResponse::BadRequest().json(serde_json::json!({ "error": error, "message": message }))
}

/// The Engine.IO websocket endpoint. Long-polling (and so the default client transport order) is not served yet.
pub async fn socketio_route(
    req: HttpRequest,
    body: web::Payload,
    state: web::Data<SocketState>,
) -> Result<HttpResponse, actix_web::Error> {
    let query = web::Query::<EngineQuery>::from_query(req.query_string()).map(web::Query::into_inner);
    let supported = match &query {
        Ok(q) => q.eio.as_deref() == Some("4") && q.transport.as_deref() == Some("websocket") && q.sid.is_none(),
        Err(_) => false,
    };
    if !supported {
        return Ok(bad_request(
            "transport_unsupported",
            "only Engine.IO v4 over websocket is supported: use EIO=4&transport=websocket \
             (socket.io-client option transports: ['websocket'])",
        ));
    }
    let config = state.config.clone();
    let addr_slot = match req.peer_addr().map(|a| a.ip()) {
        Some(ip) => {
            let limit = if ip.is_loopback() { config.max_per_loopback } else { config.max_per_addr };
            match state.limits.admit_addr(ip, limit) {
                Some(slot) => Some(slot),
                None => {
                    metrics::counter!("casino_socketio_refused_total", "cause" => "per_address").increment(1);
                    return Ok(HttpResponse::TooManyRequests().json(serde_json::json!({
                        "error": "too_many_connections",
                        "message": "Too many connections from this address",
                    })));
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
    let (response, stream, writer) =
        ws::upgrade(&req, body, config.max_payload, config.outbox_capacity, config.outbox_max_bytes)?;
    let parts = SessionParts {
        app: state.app.clone(),
        hub: state.hub.clone(),
        limits: state.limits.clone(),
        probe: state.probe.clone(),
        cookie_token,
        _addr_slot: addr_slot,
        config,
    };
    SocketSession::create(|ctx| {
        ctx.add_stream(stream);
        SocketSession::new(parts, writer)
    });
    Ok(response)
}
