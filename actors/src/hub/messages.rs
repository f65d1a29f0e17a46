//! The hub's message family: membership changes in, shared frames out.

use actix::{Message, Recipient};
use std::fmt;
use std::sync::Arc;

/// One live connection (a websocket session). Unique for the life of the process.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ConnId(pub u64);

impl fmt::Display for ConnId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// An already-encoded websocket text frame, shared by every member it is delivered to.
#[derive(Debug, Clone, Message)]
#[rtype(result = "()")]
pub struct Deliver(pub Arc<str>);

/// Sent to a connection whose outbox was full: it has been dropped from every room and must close.
#[derive(Debug, Clone, Copy, Message)]
#[rtype(result = "()")]
pub struct Overflow;

/// How the hub reaches one connection.
#[derive(Clone)]
pub struct Member {
    /// Frames go here with `try_send`; the recipient's mailbox must be bounded.
    pub deliver: Recipient<Deliver>,
    /// Told once when `deliver` was full (sent with `do_send`, which ignores the mailbox bound).
    pub overflow: Recipient<Overflow>,
}

impl fmt::Debug for Member {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Member")
    }
}

/// Add `conn` to `room`. The first join of a connection records its [`Member`] handle; later joins reuse it.
#[derive(Debug, Message)]
#[rtype(result = "()")]
pub struct Join {
    pub conn: ConnId,
    pub room: String,
    pub member: Member,
}

/// Remove `conn` from one room.
#[derive(Debug, Message)]
#[rtype(result = "()")]
pub struct Leave {
    pub conn: ConnId,
    pub room: String,
}

/// Remove `conn` from every room (the connection is gone).
#[derive(Debug, Message)]
#[rtype(result = "()")]
pub struct Disconnect {
    pub conn: ConnId,
}

/// Deliver `frame` to every member of `room`.
#[derive(Debug, Clone, Message)]
#[rtype(result = "()")]
pub struct Broadcast {
    pub room: String,
    pub frame: Arc<str>,
}

/// Deliver `frame` to one connection, if the hub knows it (e.g. a reply pushed outside of any room).
#[derive(Debug, Clone, Message)]
#[rtype(result = "bool")]
pub struct SendTo {
    pub conn: ConnId,
    pub frame: Arc<str>,
}

/// How many connections are in `room` (for metrics and tests).
#[derive(Debug, Message)]
#[rtype(result = "usize")]
pub struct RoomSize {
    pub room: String,
}
