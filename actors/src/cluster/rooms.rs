//! The hub across nodes (as socket.io's Redis adapter and Centrifugo's NATS broker do it): a broadcast is delivered
//! to this node's members and published once to its room's subject, already encoded; a node subscribes to a room's
//! subject only while it has members there and fans what arrives out locally. Kicks (logout, block) go to every
//! node. Money never travels only here: a reconnecting client reads balances and bets from the ledger. Every message
//! is signed ([`super::signed`]); what does not verify is dropped.

use super::remote::Bus;
use super::signed::{NODE, Replays};
use crate::hub::{Frames, KickTarget};
use async_nats::HeaderMap;
use bytes::{BufMut, Bytes, BytesMut};
use futures_util::StreamExt;
use std::sync::Arc;
use tokio::sync::mpsc;

/// Where kicks go; every node listens.
pub const KICK_SUBJECT: &str = "casino.kick";

/// The subject of a room: `casino.room.` and the room's name, where a character NATS reserves (`.`, `*`, `>`,
/// white space) or anything outside `[A-Za-z0-9_:-]` becomes `~` and its hex code.
pub fn room_subject(room: &str) -> String {
    let mut s = String::with_capacity(12 + room.len());
    s.push_str("casino.room.");
    if room.is_empty() {
        s.push('~');
    }
    for b in room.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'_' | b':' | b'-') {
            s.push(char::from(b));
        } else {
            s.push_str(&format!("~{b:02x}"));
        }
    }
    s
}

/// Frames as one message: each frame's length (4 bytes, big-endian), then its text.
pub fn encode_frames(frames: &Frames) -> Bytes {
    let mut out = BytesMut::with_capacity(frames.iter().map(|f| f.len() + 4).sum());
    for f in frames.iter() {
        out.put_u32(u32::try_from(f.len()).unwrap_or(u32::MAX));
        out.put_slice(f.as_bytes());
    }
    out.freeze()
}

/// The frames of a message made by [`encode_frames`]; `None` if it is not one.
pub fn decode_frames(mut bytes: &[u8]) -> Option<Frames> {
    let mut frames: Vec<Arc<str>> = Vec::new();
    while !bytes.is_empty() {
        let (len, rest) = bytes.split_first_chunk::<4>()?;
        let len = usize::try_from(u32::from_be_bytes(*len)).ok()?;
        let text = rest.get(..len)?;
        frames.push(Arc::from(std::str::from_utf8(text).ok()?));
        bytes = &rest[len..];
    }
    Some(Arc::from(frames))
}

fn encode_kick(target: &KickTarget) -> Bytes {
    Bytes::from(match target {
        KickTarget::User(user) => format!("user:{}", user.0),
        KickTarget::Session(session) => format!("session:{session}"),
    })
}

fn decode_kick(bytes: &[u8]) -> Option<KickTarget> {
    let text = std::str::from_utf8(bytes).ok()?;
    if let Some(user) = text.strip_prefix("user:") {
        return user.parse().ok().map(|u| KickTarget::User(crate::ids::UserId(u)));
    }
    text.strip_prefix("session:").map(|s| KickTarget::Session(Arc::from(s)))
}

/// What arrives from other nodes, for the hub to deliver here only.
pub enum Relayed {
    Broadcast { room: String, frames: Frames },
    Kick(KickTarget),
}

/// The hub's side of the bus: publishes in order from one task, and subscribes room by room.
pub struct Bridge {
    bus: Bus,
    outgoing: mpsc::UnboundedSender<(String, Bytes)>,
    _kicks: Subscription,
}

impl Bridge {
    /// Starts the publishing task and the kick subscription; `deliver` receives what other nodes send.
    pub fn start(bus: Bus, deliver: impl Fn(Relayed) + Send + Sync + 'static) -> Bridge {
        let (outgoing, mut queue) = mpsc::unbounded_channel::<(String, Bytes)>();
        let client = bus.client.clone();
        let signer = bus.signer.clone();
        tokio::spawn(async move {
            while let Some((subject, payload)) = queue.recv().await {
                let mut headers = HeaderMap::new();
                signer.sign(&subject, &mut headers, &payload);
                if client.publish_with_headers(subject, headers, payload).await.is_err() {
                    metrics::counter!("casino_cluster_publish_failures_total").increment(1);
                }
            }
        });
        // A kick closes sockets: one replayed would close them again, so a kick is acted on once.
        let kicks = listen(&bus, KICK_SUBJECT.to_string(), Replays::Refuse, move |payload: &[u8]| {
            if let Some(target) = decode_kick(payload) {
                deliver(Relayed::Kick(target));
            }
        });
        Bridge { bus, outgoing, _kicks: kicks }
    }

    /// Publishes a room's frames to the other nodes.
    pub fn publish(&self, room: &str, frames: &Frames) {
        metrics::counter!("casino_cluster_room_messages_published_total").increment(1);
        let _ = self.outgoing.send((room_subject(room), encode_frames(frames)));
    }

    pub fn publish_kick(&self, target: &KickTarget) {
        let _ = self.outgoing.send((KICK_SUBJECT.to_string(), encode_kick(target)));
    }

    /// Subscribes to a room while the returned handle lives.
    pub fn subscribe(&self, room: &str, deliver: impl Fn(Relayed) + Send + Sync + 'static) -> Subscription {
        let name = room.to_string();
        listen(&self.bus, room_subject(room), Replays::Allow, move |payload: &[u8]| match decode_frames(payload) {
            Some(frames) => {
                metrics::counter!("casino_cluster_room_messages_received_total").increment(1);
                deliver(Relayed::Broadcast { room: name.clone(), frames });
            }
            None => tracing::warn!(room = %name, "a room message that is not frames; dropped"),
        })
    }
}

/// Calls `on` with every message of `subject` that another node sent and signed, until the subscription is dropped.
fn listen(bus: &Bus, subject: String, replays: Replays, on: impl Fn(&[u8]) + Send + Sync + 'static) -> Subscription {
    let client = bus.client.clone();
    let node = bus.node.clone();
    let signer = bus.signer.clone();
    Subscription(tokio::spawn(async move {
        let mut messages = match client.subscribe(subject.clone()).await {
            Ok(s) => s,
            Err(e) => {
                tracing::error!(%subject, error = %e, "cannot subscribe");
                return;
            }
        };
        while let Some(m) = messages.next().await {
            // This node's own messages come back too: skipped before the signature is even checked.
            let mine = m.headers.as_ref().and_then(|h| h.get(NODE)).is_some_and(|o| o.as_str() == &*node);
            if !mine && signer.accept(&m, replays) {
                on(&m.payload);
            }
        }
    }))
}

/// A room's subscription; dropped, it ends.
pub struct Subscription(tokio::task::JoinHandle<()>);

impl Drop for Subscription {
    fn drop(&mut self) {
        self.0.abort();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_round_trip() {
        let frames: Frames = Arc::from(vec![Arc::from("42[\"a\",{\"x\":1}]"), Arc::from(""), Arc::from("2")]);
        assert_eq!(decode_frames(&encode_frames(&frames)).as_deref(), Some(&*frames));
        assert_eq!(decode_frames(&[0, 0, 0, 9, b'a']), None);
    }

    #[test]
    fn subjects_are_single_tokens() {
        assert_eq!(room_subject("user:42"), "casino.room.user:42");
        assert_eq!(room_subject("a.b *>"), "casino.room.a~2eb~20~2a~3e");
        assert_eq!(room_subject(""), "casino.room.~");
    }

    #[test]
    fn kicks_round_trip() {
        for t in [KickTarget::User(crate::ids::UserId(7)), KickTarget::Session(Arc::from("abc"))] {
            assert_eq!(decode_kick(&encode_kick(&t)), Some(t));
        }
    }
}
