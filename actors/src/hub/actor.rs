//! The hub actor: room membership and fan-out into each member's bounded outbox.

use super::messages::{
    Broadcast, ConnId, Disconnect, Join, Kick, KickTarget, Leave, Member, Offer, Overflow, RoomSize, SendTo,
    SessionEnded,
};
use actix::prelude::*;
use std::collections::{HashMap, HashSet};

/// Gauge: members of a shared room. Per-user rooms (`user:<id>`) are not labelled one by one, to keep the metric's
/// cardinality bounded; they are covered by [`CONNECTIONS_GAUGE`].
const ROOM_MEMBERS_GAUGE: &str = "casino_hub_room_members";
/// Gauge: connections known to the hub (members of at least one room).
const CONNECTIONS_GAUGE: &str = "casino_hub_connections";
/// Counter: frames handed to a connection's outbox.
const DELIVERED_COUNTER: &str = "casino_hub_frames_delivered_total";
/// Counter: connections dropped because their outbox was full.
const OVERFLOW_COUNTER: &str = "casino_hub_overflow_disconnects_total";
/// Counter: connections closed because their session ended (logout, reset, block).
const KICK_COUNTER: &str = "casino_hub_session_kicks_total";

struct Conn {
    member: Member,
    rooms: HashSet<String>,
}

/// Rooms of connections. Start once, share the `Addr<Hub>` (or `Recipient<Broadcast>`) with tables and the gateway.
#[derive(Default)]
pub struct Hub {
    conns: HashMap<ConnId, Conn>,
    rooms: HashMap<String, HashSet<ConnId>>,
}

impl Hub {
    pub fn new() -> Self {
        Self::default()
    }

    fn remove_conn(&mut self, conn: ConnId) -> Option<Member> {
        let gone = self.conns.remove(&conn)?;
        for room in &gone.rooms {
            self.leave_room(conn, room);
        }
        metrics::gauge!(CONNECTIONS_GAUGE).set(self.conns.len() as f64);
        Some(gone.member)
    }

    fn leave_room(&mut self, conn: ConnId, room: &str) {
        if let Some(members) = self.rooms.get_mut(room) {
            members.remove(&conn);
            let size = members.len();
            if size == 0 {
                self.rooms.remove(room);
            }
            record_room_size(room, size);
        }
    }

    fn drop_slow(&mut self, slow: Vec<ConnId>) {
        for conn in slow {
            if let Some(member) = self.remove_conn(conn) {
                metrics::counter!(OVERFLOW_COUNTER).increment(1);
                tracing::warn!(%conn, "socket outbox full; disconnecting slow client");
                // `do_send` ignores the mailbox bound on purpose: this one notice must arrive.
                member.overflow.do_send(Overflow);
            }
        }
    }
}

fn record_room_size(room: &str, size: usize) {
    if !room.starts_with("user:") {
        metrics::gauge!(ROOM_MEMBERS_GAUGE, "room" => room.to_owned()).set(size as f64);
    }
}

impl Actor for Hub {
    type Context = Context<Self>;
}

impl Handler<Join> for Hub {
    type Result = ();

    fn handle(&mut self, msg: Join, _: &mut Self::Context) {
        let conn = self.conns.entry(msg.conn).or_insert_with(|| Conn { member: msg.member, rooms: HashSet::new() });
        conn.rooms.insert(msg.room.clone());
        let members = self.rooms.entry(msg.room.clone()).or_default();
        members.insert(msg.conn);
        record_room_size(&msg.room, members.len());
        metrics::gauge!(CONNECTIONS_GAUGE).set(self.conns.len() as f64);
    }
}

impl Handler<Leave> for Hub {
    type Result = ();

    fn handle(&mut self, msg: Leave, _: &mut Self::Context) {
        let now_empty = match self.conns.get_mut(&msg.conn) {
            Some(conn) => {
                conn.rooms.remove(&msg.room);
                conn.rooms.is_empty()
            }
            None => return,
        };
        self.leave_room(msg.conn, &msg.room);
        if now_empty {
            self.conns.remove(&msg.conn);
            metrics::gauge!(CONNECTIONS_GAUGE).set(self.conns.len() as f64);
        }
    }
}

impl Handler<Disconnect> for Hub {
    type Result = ();

    fn handle(&mut self, msg: Disconnect, _: &mut Self::Context) {
        self.remove_conn(msg.conn);
    }
}

impl Handler<Broadcast> for Hub {
    type Result = ();

    fn handle(&mut self, msg: Broadcast, _: &mut Self::Context) {
        let Some(members) = self.rooms.get(&msg.room) else {
            return;
        };
        let mut delivered = 0u64;
        let mut slow = Vec::new();
        let mut gone = Vec::new();
        for id in members {
            let Some(conn) = self.conns.get(id) else {
                continue;
            };
            match conn.member.outbox.offer(&msg.frames) {
                Offer::Queued => delivered += 1,
                Offer::Full => slow.push(*id),
                Offer::Closed => gone.push(*id),
            }
        }
        metrics::counter!(DELIVERED_COUNTER).increment(delivered * msg.frames.len() as u64);
        for id in gone {
            self.remove_conn(id);
        }
        self.drop_slow(slow);
    }
}

impl Handler<SendTo> for Hub {
    type Result = bool;

    fn handle(&mut self, msg: SendTo, _: &mut Self::Context) -> bool {
        let Some(conn) = self.conns.get(&msg.conn) else {
            return false;
        };
        match conn.member.outbox.offer(&msg.frames) {
            Offer::Queued => {
                metrics::counter!(DELIVERED_COUNTER).increment(msg.frames.len() as u64);
                true
            }
            Offer::Full => {
                self.drop_slow(vec![msg.conn]);
                false
            }
            Offer::Closed => {
                self.remove_conn(msg.conn);
                false
            }
        }
    }
}

impl Handler<Kick> for Hub {
    type Result = usize;

    fn handle(&mut self, msg: Kick, _: &mut Self::Context) -> usize {
        // Kicks are rare (a logout, a reset): a scan of the connections is cheaper than keeping an index current.
        let targets: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| {
                c.member.owner.as_ref().is_some_and(|o| match &msg.target {
                    KickTarget::User(user) => o.user == *user,
                    KickTarget::Session(session) => o.session == *session,
                })
            })
            .map(|(id, _)| *id)
            .collect();
        for conn in &targets {
            if let Some(member) = self.remove_conn(*conn) {
                // `do_send` ignores the mailbox bound on purpose: this one notice must arrive.
                member.ended.do_send(SessionEnded);
            }
        }
        metrics::counter!(KICK_COUNTER).increment(targets.len() as u64);
        targets.len()
    }
}

impl Handler<RoomSize> for Hub {
    type Result = usize;

    fn handle(&mut self, msg: RoomSize, _: &mut Self::Context) -> usize {
        self.rooms.get(&msg.room).map_or(0, HashSet::len)
    }
}
