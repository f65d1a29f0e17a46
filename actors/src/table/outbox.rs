//! A table's frames for its room, gathered while a message is handled and sent together (one socket write per
//! player), the pace of the room's live bet feed, and events for one player's own room.

use crate::clock::EpochMs;
use crate::hub::{Broadcast, HubAddr, ServerEvent, encode};
use crate::ids::UserId;
use std::sync::Arc;

/// A changed live bet feed rides along with the next frames to the room, or goes alone after this long.
pub const FEED_EVERY_MS: EpochMs = 1_000;

pub struct RoomOutbox {
    hub: HubAddr,
    room: String,
    frames: Vec<Arc<str>>,
    /// The live bet feed changed since it was last sent, at `last_feed`.
    feed_changed: bool,
    last_feed: EpochMs,
}

impl RoomOutbox {
    pub fn new(hub: HubAddr, room: impl Into<String>) -> RoomOutbox {
        RoomOutbox { hub, room: room.into(), frames: Vec::new(), feed_changed: false, last_feed: 0 }
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

    /// The live bet feed changed: [`Self::flush_with_feed`] sends it when it is due.
    pub fn feed_changed(&mut self) {
        self.feed_changed = true;
    }

    /// Whether the changed feed goes now: with other frames, or alone once [`FEED_EVERY_MS`] has passed since the last.
    fn feed_due(&mut self, now: EpochMs) -> bool {
        let due = self.feed_changed && (!self.frames.is_empty() || now - self.last_feed >= FEED_EVERY_MS);
        if due {
            self.feed_changed = false;
            self.last_feed = now;
        }
        due
    }

    /// Sends what is queued, after it the feed (the event `feed` makes) when it changed and is due.
    pub fn flush_with_feed<E: ServerEvent>(&mut self, now: EpochMs, feed: impl FnOnce() -> E) {
        if self.feed_due(now) {
            self.queue(&feed());
        }
        self.flush();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hub::Hub;

    #[actix::test]
    async fn a_changed_feed_rides_along_or_goes_alone_after_its_pause() {
        let mut out = RoomOutbox::new(Hub::start_unmeasured(), "room");
        assert!(!out.feed_due(0), "unchanged: nothing to send");
        out.feed_changed();
        assert!(out.feed_due(5_000), "alone, a second after the last");
        out.feed_changed();
        assert!(!out.feed_due(5_500), "alone, not yet");
        out.queue_frame("42[\"x\"]".into());
        assert!(out.feed_due(5_600), "with other frames at once");
        assert!(!out.feed_due(9_000), "sent: unchanged again");
    }
}
