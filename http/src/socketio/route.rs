//! `GET /socket.io/?EIO=4&transport=websocket`: validate the Engine.IO query, upgrade with actix-ws, start a session.

use super::app::SocketApp;
use super::config::SocketConfig;
use super::session::{SessionParts, SocketSession};
use super::writer::Writer;
use actix::{Actor, Addr, AsyncContext};
use actix_web::{HttpRequest, HttpResponse, web};
use casino_actors::hub::Hub;
use serde::Deserialize;
use std::sync::Arc;

/// The session cookie set by the REST login; an alternative to the CONNECT auth token.
pub const SESSION_COOKIE: &str = "casino_session";

/// Shared by all connections, registered as `web::Data<SocketState>`.
#[derive(Clone)]
pub struct SocketState {
    pub app: Arc<dyn SocketApp>,
    pub hub: Addr<Hub>,
    pub config: SocketConfig,
}

impl SocketState {
    pub fn new(app: Arc<dyn SocketApp>, hub: Addr<Hub>, config: SocketConfig) -> Self {
        Self { app, hub, config }
    }
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
    let (response, session, stream) = actix_ws::handle(&req, body)?;
    let config = state.config.clone();
    let stream =
        stream.max_frame_size(config.max_payload).aggregate_continuations().max_continuation_size(config.max_payload);
    let writer = Writer::spawn(session, config.outbox_capacity);
    let parts = SessionParts {
        app: state.app.clone(),
        hub: state.hub.clone(),
        cookie_token: req.cookie(SESSION_COOKIE).map(|c| c.value().to_owned()),
        config,
    };
    SocketSession::create(|ctx| {
        ctx.add_stream(stream);
        SocketSession::new(parts, writer)
    });
    Ok(response)
}
