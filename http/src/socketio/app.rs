//! What the gateway asks of the application: who a token belongs to, what a new connection joins, and what a
//! client event means. Injected as a trait object so the gateway does not depend on accounts or games.

use super::codec::MAIN_NAMESPACE;
use actix_web::web::Bytes;
use casino_actors::hub::{ConnId, HubAddr, Join, Leave, Member};
use casino_actors::ids::UserId;
use futures_util::future::LocalBoxFuture;
use serde_json::{Map, Value};
use std::sync::Arc;
use std::time::Duration;

/// The authenticated user behind a connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Principal {
    pub user_id: UserId,
    pub username: String,
    pub is_operator: bool,
    /// An opaque key of the login session the connection authenticated with; `Kick` by session matches it.
    pub session: Arc<str>,
    /// Time left until the session expires; the connection closes then.
    pub expires_in: Option<Duration>,
}

/// What a client's CONNECT to a namespace brought.
#[derive(Debug, Clone, PartialEq)]
pub struct Credentials {
    pub nsp: String,
    /// The `auth` payload's `token`, else the session cookie of the handshake (only when the page is ours).
    pub token: Option<String>,
    /// The whole `auth` payload, if any.
    pub auth: Option<Map<String, Value>>,
}

/// An event to send: its name, its arguments, and its binary attachments (each where the arguments hold
/// `{"_placeholder":true,"num":i}`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Emit {
    pub name: String,
    pub args: Vec<Value>,
    pub binary: Vec<Bytes>,
}

impl Emit {
    /// An event with one argument and no attachment.
    pub fn new(name: impl Into<String>, payload: Value) -> Emit {
        Emit { name: name.into(), args: vec![payload], binary: Vec::new() }
    }
}

/// A client event: the namespace it came in, its name and arguments, and its binary attachments.
#[derive(Debug, Clone, PartialEq)]
pub struct ClientEvent {
    pub nsp: String,
    pub name: String,
    pub args: Vec<Value>,
    pub binary: Vec<Bytes>,
}

/// Rooms to join and events to send right after a successful CONNECT.
#[derive(Debug, Clone, Default)]
pub struct ConnectPlan {
    pub rooms: Vec<String>,
    /// Sent in this order after the CONNECT acknowledgement, in the namespace connected to.
    pub initial_events: Vec<Emit>,
}

/// The answer to a client event: events for this connection, then the ack arguments (sent only if the client
/// asked for an ack). Both leave together, in one socket write, in the event's namespace.
#[derive(Debug, Clone, Default)]
pub struct EventReply {
    /// Sent in this order before the ack.
    pub events: Vec<Emit>,
    pub ack: Vec<Value>,
    /// The ack's binary attachments (placeholders in `ack`).
    pub ack_binary: Vec<Bytes>,
}

impl EventReply {
    /// Only an ack.
    pub fn ack(ack: Vec<Value>) -> Self {
        Self { ack, ..Self::default() }
    }

    /// Events, then the ack (without attachments).
    pub fn new(events: Vec<Emit>, ack: Vec<Value>) -> Self {
        Self { events, ack, ack_binary: Vec::new() }
    }
}

/// One live connection as the application sees it: its id, and room membership through the hub.
#[derive(Clone)]
pub struct SocketHandle {
    id: ConnId,
    member: Member,
    hub: HubAddr,
}

impl SocketHandle {
    pub(crate) fn new(id: ConnId, member: Member, hub: HubAddr) -> Self {
        Self { id, member, hub }
    }

    pub fn id(&self) -> ConnId {
        self.id
    }

    /// Add this connection to `room`; broadcasts to the room reach it from then on.
    pub fn join(&self, room: impl Into<String>) {
        self.hub.do_send(Join { conn: self.id, room: room.into(), member: self.member.clone() });
    }

    pub fn leave(&self, room: impl Into<String>) {
        self.hub.do_send(Leave { conn: self.id, room: room.into() });
    }
}

/// The application behind the gateway. Futures run on the connection's own worker thread, so they need not be
/// `Send`; the trait object itself is shared by all workers.
pub trait SocketApp: Send + Sync + 'static {
    /// The namespaces served; a CONNECT to any other is refused with `Invalid namespace`.
    fn namespaces(&self) -> &[&'static str] {
        &[MAIN_NAMESPACE]
    }

    /// Who a CONNECT's credentials belong to, or `None` to refuse it. Asked again every `session_check_interval`
    /// for the main namespace while the connection lives (its token only): `None` (or another user) then ends it.
    fn authenticate(&self, credentials: &Credentials) -> LocalBoxFuture<'static, Option<Principal>>;

    /// Rooms and initial events for a freshly connected user.
    fn on_connect(
        &self,
        who: &Principal,
        socket: &SocketHandle,
        credentials: &Credentials,
    ) -> LocalBoxFuture<'static, ConnectPlan>;

    /// A client event, answered with events for this connection and the ack arguments.
    fn on_event(
        &self,
        who: &Principal,
        socket: &SocketHandle,
        event: ClientEvent,
    ) -> LocalBoxFuture<'static, EventReply>;

    /// The connection is gone (after it was connected); hub membership is already being removed.
    fn on_disconnect(&self, who: &Principal, conn: ConnId);
}
