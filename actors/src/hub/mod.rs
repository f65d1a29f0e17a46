//! The broadcast hub: rooms of live connections, and one shared frame per broadcast.
//!
//! A room is keyed by a string (`"aviator"`, `"user:42"`). A connection joins with a [`Member`]: its [`Outbox`]
//! and where to send an [`Overflow`] notice. A [`Broadcast`] carries websocket text frames that are already encoded
//! (see [`encode_event`]), so a table serialises its event once and every member gets the same `Arc<str>`s.
//!
//! Delivery offers the frames to each connection's bounded outbox, without waiting. A member whose outbox is full is
//! a slow client: the hub removes it from every room and tells it to close, so memory never grows with a client that
//! cannot keep up.
//!
//! A member may carry its [`Owner`] (user and login session). A [`Kick`] closes every connection of a user or of
//! one session at once, which is how logout, password reset and an operator's block end a player's sockets.

mod actor;
pub mod catalogue;
mod frame;
mod messages;

pub use actor::{Hub, HubAddr};
pub use catalogue::Catalogued;
pub use frame::{ServerEvent, encode, encode_event};
pub use messages::{
    Broadcast, ConnId, Disconnect, Frames, Join, Kick, KickTarget, Leave, Member, Offer, Outbox, Overflow, Owner,
    RoomSize, SendTo, SessionEnded, single,
};

#[cfg(test)]
mod tests;
