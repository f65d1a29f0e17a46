//! Hub behaviour: membership, fan-out of one shared frame, and disconnection of slow members.

use super::*;
use actix::prelude::*;
use serde_json::json;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A fake connection: records frames (up to `capacity` not yet read) and overflow notices.
struct Probe {
    frames: Mutex<Vec<Arc<str>>>,
    /// Frames the client has read; a stalled client reads nothing, so its outbox fills.
    read: Mutex<usize>,
    capacity: usize,
    stalled: bool,
}

impl Outbox for Probe {
    fn offer(&self, frames: &Frames) -> Offer {
        let (Ok(mut queued), Ok(mut read)) = (self.frames.lock(), self.read.lock()) else {
            return Offer::Closed;
        };
        if !self.stalled {
            *read = queued.len();
        }
        if queued.len() - *read >= self.capacity {
            return Offer::Full;
        }
        queued.extend(frames.iter().cloned());
        Offer::Queued
    }
}

struct Overflowed(Arc<Mutex<bool>>);

impl Actor for Overflowed {
    type Context = Context<Self>;
}

impl Handler<Overflow> for Overflowed {
    type Result = ();
    fn handle(&mut self, _: Overflow, _: &mut Self::Context) {
        if let Ok(mut o) = self.0.lock() {
            *o = true;
        }
    }
}

impl Handler<SessionEnded> for Overflowed {
    type Result = ();
    fn handle(&mut self, _: SessionEnded, _: &mut Self::Context) {
        if let Ok(mut o) = self.0.lock() {
            *o = true;
        }
    }
}

struct ProbeHandle {
    member: Member,
    probe: Arc<Probe>,
    overflowed: Arc<Mutex<bool>>,
    ended: Arc<Mutex<bool>>,
}

fn probe(capacity: usize, stalled: bool) -> ProbeHandle {
    owned_probe(capacity, stalled, None)
}

fn owned_probe(capacity: usize, stalled: bool, owner: Option<Owner>) -> ProbeHandle {
    let probe = Arc::new(Probe { frames: Mutex::new(Vec::new()), read: Mutex::new(0), capacity, stalled });
    let overflowed = Arc::new(Mutex::new(false));
    let ended = Arc::new(Mutex::new(false));
    let notice = Overflowed(overflowed.clone()).start();
    let end_notice = Overflowed(ended.clone()).start();
    let member = Member { outbox: probe.clone(), overflow: notice.recipient(), owner, ended: end_notice.recipient() };
    ProbeHandle { member, probe, overflowed, ended }
}

fn flag(f: &Arc<Mutex<bool>>) -> bool {
    f.lock().map(|o| *o).unwrap_or(false)
}

fn frames_of(p: &ProbeHandle) -> Vec<Arc<str>> {
    p.probe.frames.lock().map(|f| f.clone()).unwrap_or_default()
}

async fn settle() {
    actix_rt::time::sleep(Duration::from_millis(20)).await;
}

async fn size(hub: &HubAddr, room: &str) -> usize {
    hub.send(RoomSize { room: room.into() }).await.unwrap_or(usize::MAX)
}

#[actix_rt::test]
async fn broadcast_reaches_each_member_of_the_room_once_and_shares_one_allocation() {
    let hub = Hub::start_unmeasured();
    let a = probe(16, false);
    let b = probe(16, false);
    let outsider = probe(16, false);
    hub.do_send(Join { conn: ConnId(1), room: "aviator".into(), member: a.member.clone() });
    hub.do_send(Join { conn: ConnId(2), room: "aviator".into(), member: b.member.clone() });
    // Joining twice must not duplicate delivery.
    hub.do_send(Join { conn: ConnId(2), room: "aviator".into(), member: b.member.clone() });
    hub.do_send(Join { conn: ConnId(3), room: "user:3".into(), member: outsider.member.clone() });
    let frame = encode_event("aviator_game_state", &json!({"phase": "flying"}));
    let feed = encode_event("aviator_bet_update", &json!([]));
    hub.do_send(Broadcast { room: "aviator".into(), frames: Arc::from([frame.clone(), feed.clone()]) });
    settle().await;

    assert_eq!(size(&hub, "aviator").await, 2);
    let (fa, fb) = (frames_of(&a), frames_of(&b));
    assert_eq!(fa.len(), 2, "both frames, in order");
    assert_eq!(fb.len(), 2);
    assert!(Arc::ptr_eq(&fa[0], &frame) && Arc::ptr_eq(&fb[0], &frame), "frame is shared, not copied");
    assert!(Arc::ptr_eq(&fa[1], &feed) && Arc::ptr_eq(&fb[1], &feed));
    assert!(frames_of(&outsider).is_empty());
}

#[actix_rt::test]
async fn leave_and_disconnect_remove_membership() {
    let hub = Hub::start_unmeasured();
    let a = probe(16, false);
    hub.do_send(Join { conn: ConnId(1), room: "aviator".into(), member: a.member.clone() });
    hub.do_send(Join { conn: ConnId(1), room: "user:1".into(), member: a.member.clone() });
    hub.do_send(Leave { conn: ConnId(1), room: "aviator".into() });
    assert_eq!(size(&hub, "aviator").await, 0);
    assert_eq!(size(&hub, "user:1").await, 1);
    hub.do_send(Disconnect { conn: ConnId(1) });
    assert_eq!(size(&hub, "user:1").await, 0);
    hub.do_send(Broadcast::one("user:1", encode_event("x", &json!(1))));
    settle().await;
    assert!(frames_of(&a).is_empty());
}

#[actix_rt::test]
async fn send_to_reaches_a_known_connection_only() {
    let hub = Hub::start_unmeasured();
    let a = probe(16, false);
    hub.do_send(Join { conn: ConnId(7), room: "user:7".into(), member: a.member.clone() });
    let frame = encode_event("balance_update", &json!({"amount": 10}));
    assert_eq!(hub.send(SendTo { conn: ConnId(7), frames: single(frame.clone()) }).await.ok(), Some(true));
    assert_eq!(hub.send(SendTo { conn: ConnId(8), frames: single(frame) }).await.ok(), Some(false));
    settle().await;
    assert_eq!(frames_of(&a).len(), 1);
}

#[actix_rt::test]
async fn a_member_whose_outbox_is_full_is_dropped_from_all_rooms_and_told_to_close() {
    let hub = Hub::start_unmeasured();
    let fast = probe(4, false);
    let slow = probe(4, true);
    for room in ["aviator", "user:2"] {
        hub.do_send(Join { conn: ConnId(2), room: room.into(), member: slow.member.clone() });
    }
    hub.do_send(Join { conn: ConnId(1), room: "aviator".into(), member: fast.member.clone() });
    for i in 0..50 {
        hub.do_send(Broadcast::one("aviator", encode_event("tick", &json!(i))));
    }
    settle().await;
    assert_eq!(size(&hub, "aviator").await, 1, "only the fast member remains");
    assert_eq!(size(&hub, "user:2").await, 0, "slow member left every room");
    assert_eq!(frames_of(&fast).len(), 50, "the fast member got every frame");
    assert!(slow.overflowed.lock().map(|o| *o).unwrap_or(false), "slow member was told to close");
    assert!(frames_of(&slow).len() <= 4, "backlog stayed bounded: {}", frames_of(&slow).len());
}

#[actix_rt::test]
async fn a_kick_by_session_closes_only_that_session_s_connections() {
    let hub = Hub::start_unmeasured();
    let owner = |user, session: &str| Some(Owner { user: crate::ids::UserId(user), session: Arc::from(session) });
    let phone = owned_probe(16, false, owner(5, "s1"));
    let tablet = owned_probe(16, false, owner(5, "s2"));
    let other = owned_probe(16, false, owner(6, "s3"));
    hub.do_send(Join { conn: ConnId(1), room: "aviator".into(), member: phone.member.clone() });
    hub.do_send(Join { conn: ConnId(1), room: "user:5".into(), member: phone.member.clone() });
    hub.do_send(Join { conn: ConnId(2), room: "aviator".into(), member: tablet.member.clone() });
    hub.do_send(Join { conn: ConnId(3), room: "aviator".into(), member: other.member.clone() });

    let kicked = hub.send(Kick { target: KickTarget::Session(Arc::from("s1")) }).await.unwrap_or(usize::MAX);
    settle().await;
    assert_eq!(kicked, 1);
    assert!(flag(&phone.ended), "the logged-out session's socket was told to close");
    assert!(!flag(&tablet.ended) && !flag(&other.ended));
    assert_eq!(size(&hub, "user:5").await, 0, "it left every room");
    assert_eq!(size(&hub, "aviator").await, 2);
}

#[actix_rt::test]
async fn a_kick_by_user_closes_every_connection_of_that_user_and_no_other() {
    let hub = Hub::start_unmeasured();
    let owner = |user, session: &str| Some(Owner { user: crate::ids::UserId(user), session: Arc::from(session) });
    let phone = owned_probe(16, false, owner(5, "s1"));
    let tablet = owned_probe(16, false, owner(5, "s2"));
    let other = owned_probe(16, false, owner(6, "s3"));
    let anonymous = probe(16, false);
    for (id, p) in [(1, &phone), (2, &tablet), (3, &other), (4, &anonymous)] {
        hub.do_send(Join { conn: ConnId(id), room: "aviator".into(), member: p.member.clone() });
    }
    let kicked = hub.send(Kick { target: KickTarget::User(crate::ids::UserId(5)) }).await.unwrap_or(usize::MAX);
    settle().await;
    assert_eq!(kicked, 2);
    assert!(flag(&phone.ended) && flag(&tablet.ended));
    assert!(!flag(&other.ended) && !flag(&anonymous.ended));
    assert_eq!(size(&hub, "aviator").await, 2);
    hub.do_send(Broadcast::one("aviator", encode_event("x", &json!(1))));
    settle().await;
    assert!(frames_of(&phone).is_empty(), "a kicked connection gets no more broadcasts");
    assert_eq!(frames_of(&other).len(), 1);
}

#[test]
fn encode_event_matches_the_socket_io_wire_format() {
    assert_eq!(&*encode_event("a", &json!({"x": [1, "é"]})), r#"42["a",{"x":[1,"é"]}]"#);
    assert_eq!(&*encode_event("quote\"d", &json!(null)), r#"42["quote\"d",null]"#);
}
