//! The broadcast hub: rooms of live connections, and one shared frame per broadcast.
//!
//! A room is keyed by a string (`"aviator"`, `"user:42"`). A connection joins with a [`Member`]: its [`Outbox`]
//! and where to send an [`Overflow`] notice. A [`Broadcast`] carries websocket text frames that are already encoded
//! (see [`encode_event`]), so a table serialises its event once and every member gets the same `Arc<str>`s.
//!
//! Delivery offers the frames to each connection's bounded outbox, without waiting. A member whose outbox is full is
//! a slow client: the hub removes it from every room and tells it to close, so memory never grows with a client that
//! cannot keep up.

mod actor;
mod frame;
mod messages;

pub use actor::Hub;
pub use frame::encode_event;
pub use messages::{
    Broadcast, ConnId, Disconnect, Frames, Join, Leave, Member, Offer, Outbox, Overflow, RoomSize, SendTo, single,
};

#[cfg(test)]
mod tests;
