//! The gateway as the Socket.IO protocol's test suite expects its reference server: ping interval 300 ms, ping
//! timeout 200 ms, max payload 1,000,000 bytes, connect timeout 1 s; the main and `/custom` namespaces; on connect
//! the client's `auth` is sent back as an `auth` event; `message` is answered with `message-back` carrying the same
//! arguments (and binary attachments); `message-with-ack` is acknowledged with its arguments. Anyone may connect.
//! `game-server protocol-test-app --bind 127.0.0.1:3000` runs it, so the official test suites can be pointed at our
//! gateway; our own suite tests the same behaviours.

use super::app::{ClientEvent, ConnectPlan, Credentials, Emit, EventReply, Principal, SocketApp, SocketHandle};
use super::codec::MAIN_NAMESPACE;
use super::config::SocketConfig;
use super::route::{SocketState, configure};
use actix_web::{App, HttpServer, web};
use casino_actors::hub::{ConnId, Hub};
use casino_actors::ids::UserId;
use casino_actors::observe::{Probe, families};
use futures_util::future::LocalBoxFuture;
use serde_json::Value;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

/// Every connection is a user of its own (the per-user cap then never bites).
static NEXT_USER: AtomicI64 = AtomicI64::new(1);

pub struct ProtocolTestApp;

impl SocketApp for ProtocolTestApp {
    fn namespaces(&self) -> &[&'static str] {
        &[MAIN_NAMESPACE, "/custom"]
    }

    fn authenticate(&self, _: &Credentials) -> LocalBoxFuture<'static, Option<Principal>> {
        let id = NEXT_USER.fetch_add(1, Ordering::Relaxed);
        Box::pin(async move {
            Some(Principal {
                user_id: UserId(id),
                username: format!("client{id}"),
                is_operator: false,
                session: Arc::from(format!("test-{id}")),
                expires_in: None,
            })
        })
    }

    fn on_connect(&self, _: &Principal, _: &SocketHandle, c: &Credentials) -> LocalBoxFuture<'static, ConnectPlan> {
        let auth = Value::Object(c.auth.clone().unwrap_or_default());
        Box::pin(async move { ConnectPlan { rooms: Vec::new(), initial_events: vec![Emit::new("auth", auth)] } })
    }

    fn on_event(&self, _: &Principal, _: &SocketHandle, e: ClientEvent) -> LocalBoxFuture<'static, EventReply> {
        let reply = match e.name.as_str() {
            "message" => EventReply {
                events: vec![Emit { name: "message-back".into(), args: e.args, binary: e.binary }],
                ..EventReply::default()
            },
            "message-with-ack" => EventReply { events: Vec::new(), ack: e.args, ack_binary: e.binary },
            _ => EventReply::default(),
        };
        Box::pin(async move { reply })
    }

    fn on_disconnect(&self, _: &Principal, _: ConnId) {}
}

/// The reference server's settings.
pub fn config() -> SocketConfig {
    SocketConfig {
        ping_interval: Duration::from_millis(300),
        ping_timeout: Duration::from_millis(200),
        max_payload: 1_000_000,
        connect_timeout: Duration::from_secs(1),
        // Nobody's session is ever looked at again.
        session_check_interval: Duration::from_secs(24 * 3600),
        ..SocketConfig::default()
    }
}

/// The test app's HTTP server on `listener`, to be run by the caller.
pub fn server(listener: std::net::TcpListener) -> std::io::Result<actix_web::dev::Server> {
    let hub = Hub::start_unmeasured();
    let probe = Probe::detached(&families::gateway::FAMILY);
    let state = web::Data::new(SocketState::new(Arc::new(ProtocolTestApp), hub, config(), probe));
    Ok(HttpServer::new(move || App::new().app_data(state.clone()).configure(configure)).listen(listener)?.run())
}
