//! The hub actor: room membership and fan-out into each member's bounded outbox.

use super::messages::{
    Broadcast, ConnId, Disconnect, Frames, Join, Kick, KickTarget, Leave, Member, Offer, Overflow, RoomSize, SendTo,
    SessionEnded,
};
use crate::cluster::remote::Bus;
use crate::cluster::rooms::{Bridge, Relayed, Subscription};
use crate::observe::families::hub as fig;
use crate::observe::{Observed, Probe, Probed};
use actix::prelude::*;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// Gauge: members of a shared room. Per-user rooms (`user:<id>`) are not labelled one by one, to keep the metric's
/// cardinality bounded; they are covered by the hub's `members` figure.
const ROOM_MEMBERS_GAUGE: &str = "casino_hub_room_members";

/// The hub's address: measured (see [`crate::observe`]).
pub type HubAddr = Probed<Hub>;

struct Conn {
    member: Member,
    rooms: HashSet<String>,
}

/// Rooms of connections. Start once, share the [`HubAddr`] with tables and the gateway.
pub struct Hub {
    conns: HashMap<ConnId, Conn>,
    rooms: HashMap<String, HashSet<ConnId>>,
    probe: Arc<Probe>,
    /// Cluster mode: the other nodes' side of every room.
    cluster: Option<Cluster>,
}

struct Cluster {
    bridge: Bridge,
    /// The rooms with members here, subscribed to on the bus.
    subscribed: HashMap<String, Subscription>,
}

impl Hub {
    fn new(probe: Arc<Probe>, bus: Option<Bus>, ctx: &Context<Hub>) -> Hub {
        let cluster = bus.map(|bus| {
            let me = ctx.address();
            Cluster { bridge: Bridge::start(bus, move |r| me.do_send(Relay(r))), subscribed: HashMap::new() }
        });
        Hub { conns: HashMap::new(), rooms: HashMap::new(), probe, cluster }
    }

    /// Starts the hub on `arbiter` (it fans frames out to thousands of sessions: give it a thread of its own). With
    /// a `bus` (cluster mode) its rooms span every node.
    pub fn launch(probe: Arc<Probe>, arbiter: &ArbiterHandle, bus: Option<Bus>) -> HubAddr {
        let hub_probe = probe.clone();
        let addr = Hub::start_in_arbiter(arbiter, move |ctx| Hub::new(hub_probe, bus, ctx));
        Probed::new(addr, probe)
    }

    /// A hub on the current arbiter that measures nothing (tests).
    pub fn start_unmeasured() -> HubAddr {
        let probe = Probe::detached(&crate::observe::families::hub::FAMILY);
        let hub_probe = probe.clone();
        Probed::new(Hub::create(move |ctx| Hub::new(hub_probe, None, ctx)), probe)
    }

    /// Offers `frames` to every member of `room` here.
    fn deliver(&mut self, room: &str, frames: &Frames) {
        let Some(members) = self.rooms.get(room) else {
            return;
        };
        let mut offered = 0i64;
        let mut slow = Vec::new();
        let mut gone = Vec::new();
        for id in members {
            let Some(conn) = self.conns.get(id) else {
                continue;
            };
            offered += 1;
            match conn.member.outbox.offer(frames) {
                Offer::Queued => {}
                Offer::Full => slow.push(*id),
                Offer::Closed => gone.push(*id),
            }
        }
        let frames = frames.len() as i64;
        self.probe.add(fig::OFFERED, offered * frames);
        self.probe.add(fig::DROPPED, (slow.len() + gone.len()) as i64 * frames);
        for id in gone {
            self.remove_conn(id);
        }
        self.drop_slow(slow);
    }

    /// Closes the connections `target` names here; answers how many.
    fn kick(&mut self, target: &KickTarget) -> usize {
        // Kicks are rare (a logout, a reset): a scan of the connections is cheaper than keeping an index current.
        let targets: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| {
                c.member.owner.as_ref().is_some_and(|o| match target {
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
        self.probe.add(fig::KICKED, targets.len() as i64);
        targets.len()
    }

    fn count_sizes(&self) {
        self.probe.set(fig::ROOMS, self.rooms.len() as i64);
        self.probe.set(fig::MEMBERS, self.conns.len() as i64);
    }

    fn remove_conn(&mut self, conn: ConnId) -> Option<Member> {
        let gone = self.conns.remove(&conn)?;
        for room in &gone.rooms {
            self.leave_room(conn, room);
        }
        self.count_sizes();
        Some(gone.member)
    }

    fn leave_room(&mut self, conn: ConnId, room: &str) {
        if let Some(members) = self.rooms.get_mut(room) {
            members.remove(&conn);
            let size = members.len();
            if size == 0 {
                self.rooms.remove(room);
                if let Some(c) = &mut self.cluster {
                    c.subscribed.remove(room);
                }
            }
            record_room_size(room, size);
        }
    }

    fn drop_slow(&mut self, slow: Vec<ConnId>) {
        for conn in slow {
            if let Some(member) = self.remove_conn(conn) {
                self.probe.add(fig::SLOW_CUT, 1);
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

    fn stopped(&mut self, _: &mut Self::Context) {
        self.probe.retire();
    }
}

impl Observed for Hub {
    fn probe(&self) -> &Probe {
        &self.probe
    }
}

crate::timed_handlers!(Hub: Join, Leave, Disconnect, Broadcast, SendTo, Kick, RoomSize);

impl Handler<Join> for Hub {
    type Result = ();

    fn handle(&mut self, msg: Join, ctx: &mut Self::Context) {
        let conn = self.conns.entry(msg.conn).or_insert_with(|| Conn { member: msg.member, rooms: HashSet::new() });
        conn.rooms.insert(msg.room.clone());
        let members = self.rooms.entry(msg.room.clone()).or_default();
        members.insert(msg.conn);
        if let Some(c) = &mut self.cluster
            && !c.subscribed.contains_key(&msg.room)
        {
            let hub = ctx.address();
            let subscription = c.bridge.subscribe(&msg.room, move |r| hub.do_send(Relay(r)));
            c.subscribed.insert(msg.room.clone(), subscription);
        }
        record_room_size(&msg.room, members.len());
        self.count_sizes();
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
        }
        self.count_sizes();
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
        if let Some(c) = &self.cluster {
            c.bridge.publish(&msg.room, &msg.frames);
        }
        self.deliver(&msg.room, &msg.frames);
    }
}

/// What another node sent: delivered here only.
#[derive(Message)]
#[rtype(result = "()")]
struct Relay(Relayed);

impl Handler<Relay> for Hub {
    type Result = ();

    fn handle(&mut self, msg: Relay, _: &mut Self::Context) {
        match msg.0 {
            Relayed::Broadcast { room, frames } => self.deliver(&room, &frames),
            Relayed::Kick(target) => {
                self.kick(&target);
            }
        }
    }
}

impl Handler<SendTo> for Hub {
    type Result = bool;

    fn handle(&mut self, msg: SendTo, _: &mut Self::Context) -> bool {
        let Some(conn) = self.conns.get(&msg.conn) else {
            return false;
        };
        let frames = msg.frames.len() as i64;
        self.probe.add(fig::OFFERED, frames);
        match conn.member.outbox.offer(&msg.frames) {
            Offer::Queued => true,
            Offer::Full => {
                self.probe.add(fig::DROPPED, frames);
                self.drop_slow(vec![msg.conn]);
                false
            }
            Offer::Closed => {
                self.probe.add(fig::DROPPED, frames);
                self.remove_conn(msg.conn);
                false
            }
        }
    }
}

impl Handler<Kick> for Hub {
    type Result = usize;

    /// Answers how many connections were closed on this node; every other node closes its own.
    fn handle(&mut self, msg: Kick, _: &mut Self::Context) -> usize {
        if let Some(c) = &self.cluster {
            c.bridge.publish_kick(&msg.target);
        }
        self.kick(&msg.target)
    }
}

impl Handler<RoomSize> for Hub {
    type Result = usize;

    fn handle(&mut self, msg: RoomSize, _: &mut Self::Context) -> usize {
        self.rooms.get(&msg.room).map_or(0, HashSet::len)
    }
}
