//! What the gateway asks of the application: who a token belongs to, what a new connection joins, and what a
//! client event means. Injected as a trait object so the gateway does not depend on accounts or games.

use casino_actors::hub::{ConnId, HubAddr, Join, Leave, Member};
use casino_actors::ids::UserId;
use futures_util::future::LocalBoxFuture;
use serde_json::Value;
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

/// Rooms to join and events to send right after a successful CONNECT.
#[derive(Debug, Clone, Default)]
pub struct ConnectPlan {
    pub rooms: Vec<String>,
    /// `(event name, payload)`, sent in this order after the CONNECT acknowledgement.
    pub initial_events: Vec<(String, Value)>,
}

/// The answer to a client event: events for this connection, then the ack arguments (sent only if the client
/// asked for an ack). Both leave together, in one socket write.
#[derive(Debug, Clone, Default)]
pub struct EventReply {
    /// `(event name, payload)`, sent in this order before the ack.
    pub events: Vec<(String, Value)>,
    pub ack: Vec<Value>,
}

impl EventReply {
    /// Only an ack.
    pub fn ack(ack: Vec<Value>) -> Self {
        Self { events: Vec::new(), ack }
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
    /// The user a session token belongs to, or `None` to refuse the connection. Asked again every
    /// `session_check_interval` while the connection lives: `None` (or another user) then ends it.
    fn authenticate(&self, token: String) -> LocalBoxFuture<'static, Option<Principal>>;

    /// Rooms and initial events for a freshly connected user.
    fn on_connect(&self, who: &Principal, socket: &SocketHandle) -> LocalBoxFuture<'static, ConnectPlan>;

    /// A client event, answered with events for this connection and the ack arguments.
    fn on_event(
        &self,
        who: &Principal,
        socket: &SocketHandle,
        name: String,
        args: Vec<Value>,
    ) -> LocalBoxFuture<'static, EventReply>;

    /// The connection is gone (after it was connected); hub membership is already being removed.
    fn on_disconnect(&self, who: &Principal, conn: ConnId);
}
