//! A table's frames for its room, gathered while a message is handled and sent together (one socket write per
//! player), and events for one player's own room.

use crate::hub::{Broadcast, HubAddr, ServerEvent, encode};
use crate::ids::UserId;
use std::sync::Arc;

pub struct RoomOutbox {
    hub: HubAddr,
    room: String,
    frames: Vec<Arc<str>>,
}

impl RoomOutbox {
    pub fn new(hub: HubAddr, room: impl Into<String>) -> RoomOutbox {
        RoomOutbox { hub, room: room.into(), frames: Vec::new() }
    }

    pub fn room(&self) -> &str {
        &self.room
    }

    pub fn hub(&self) -> &HubAddr {
        &self.hub
    }

    /// Queues an event for the room; [`Self::flush`] sends it.
    pub fn queue<E: ServerEvent>(&mut self, event: &E) {
        self.frames.push(encode(event));
    }

    /// Queues an already encoded frame for the room.
    pub fn queue_frame(&mut self, frame: Arc<str>) {
        self.frames.push(frame);
    }

    pub fn is_empty(&self) -> bool {
        self.frames.is_empty()
    }

    /// Sends what is queued, in order.
    pub fn flush(&mut self) {
        if !self.frames.is_empty() {
            let frames = std::mem::take(&mut self.frames).into();
            self.hub.do_send(Broadcast { room: self.room.clone(), frames });
        }
    }

    /// Events for one player (every connection of theirs), sent together now.
    pub fn to_user<E: ServerEvent>(&self, user: UserId, events: &[E]) {
        self.to_user_frames(user, events.iter().map(encode).collect());
    }

    /// Already encoded frames for one player, sent together now.
    pub fn to_user_frames(&self, user: UserId, frames: Vec<Arc<str>>) {
        self.hub.do_send(Broadcast { room: format!("user:{user}"), frames: frames.into() });
    }
}
