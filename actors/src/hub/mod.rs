//! The broadcast hub: rooms of live connections, and one shared frame per broadcast.
//!
//! A room is keyed by a string (`"aviator"`, `"user:42"`). A connection joins with a [`Member`]: where to deliver
//! frames and where to send an [`Overflow`] notice. A [`Broadcast`] carries a websocket text frame that is already
//! encoded (see [`encode_event`]), so a table serialises its event once and every member gets the same `Arc<str>`.
//!
//! Delivery uses `try_send` into each connection's bounded mailbox. A member whose mailbox is full is a slow client:
//! the hub removes it from every room and tells it to close, so memory never grows with a client that cannot keep up.

mod actor;
mod frame;
mod messages;

pub use actor::Hub;
pub use frame::encode_event;
pub use messages::{Broadcast, ConnId, Deliver, Disconnect, Join, Leave, Member, Overflow, RoomSize, SendTo};

#[cfg(test)]
mod tests;
