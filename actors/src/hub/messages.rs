//! The hub's message family: membership changes in, shared frames out.

use crate::ids::UserId;
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

/// Already-encoded websocket text frames for one delivery, shared by every member they go to. A member queues
/// them back to back, so frames of the same moment (a state and the bet feed, an ack and its event) leave in one
/// socket write.
pub type Frames = Arc<[Arc<str>]>;

/// One frame as a delivery.
pub fn single(frame: Arc<str>) -> Frames {
    Arc::from([frame])
}

/// What became of a delivery offered to a member's outbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offer {
    Queued,
    /// The outbox is full: the client is not reading fast enough.
    Full,
    /// The connection is gone.
    Closed,
}

/// A connection's outgoing queue as the hub sees it: bounded, and offering never waits. The gateway's writer
/// implements it, so a broadcast goes straight into each socket's queue without passing through the session actor.
pub trait Outbox: Send + Sync + 'static {
    fn offer(&self, frames: &Frames) -> Offer;
}

/// Sent to a connection whose outbox was full: it has been dropped from every room and must close.
#[derive(Debug, Clone, Copy, Message)]
#[rtype(result = "()")]
pub struct Overflow;

/// Sent to a connection whose session ended (logout, password reset, block, expiry): it has been dropped from
/// every room and must close.
#[derive(Debug, Clone, Copy, Message)]
#[rtype(result = "()")]
pub struct SessionEnded;

/// Who a connection belongs to: the user, and an opaque key of the login session it authenticated with (the
/// session token's digest), so that ending a session or every session of a user can close its sockets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owner {
    pub user: UserId,
    pub session: Arc<str>,
}

/// How the hub reaches one connection.
#[derive(Clone)]
pub struct Member {
    /// Frames are offered here; the outbox must be bounded.
    pub outbox: Arc<dyn Outbox>,
    /// Told once when `deliver` was full (sent with `do_send`, which ignores the mailbox bound).
    pub overflow: Recipient<Overflow>,
    /// Whose connection this is, when it is authenticated; [`Kick`] finds connections by it.
    pub owner: Option<Owner>,
    /// Told once when a [`Kick`] names this connection's owner.
    pub ended: Recipient<SessionEnded>,
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

/// Deliver `frames` to every member of `room`.
#[derive(Debug, Clone, Message)]
#[rtype(result = "()")]
pub struct Broadcast {
    pub room: String,
    pub frames: Frames,
}

impl Broadcast {
    /// A broadcast of one frame.
    pub fn one(room: impl Into<String>, frame: Arc<str>) -> Self {
        Self { room: room.into(), frames: single(frame) }
    }
}

/// Deliver `frame` to one connection, if the hub knows it (e.g. a reply pushed outside of any room).
#[derive(Debug, Clone, Message)]
#[rtype(result = "bool")]
pub struct SendTo {
    pub conn: ConnId,
    pub frames: Frames,
}

/// How many connections are in `room` (for metrics and tests).
#[derive(Debug, Message)]
#[rtype(result = "usize")]
pub struct RoomSize {
    pub room: String,
}

/// Which connections a [`Kick`] closes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KickTarget {
    /// Every connection of this user (password reset, block).
    User(UserId),
    /// Every connection authenticated with this session (logout); the key is [`Owner::session`].
    Session(Arc<str>),
}

/// Close the connections of a user or of one session at once: they leave every room and are told
/// [`SessionEnded`]. Answers how many connections were closed.
#[derive(Debug, Clone, Message)]
#[rtype(result = "usize")]
pub struct Kick {
    pub target: KickTarget,
}
