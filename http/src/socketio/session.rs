//! One Socket.IO connection as an actor: Engine.IO heartbeat, the CONNECT handshake of each namespace the client
//! asks for, client events and acks (binary ones wait for their attachments), and delivery of hub frames through the
//! bounded [`Writer`](super::writer::Writer). Its packets arrive the same way whatever the transport: websocket
//! frames as a stream, long-polling POSTs as [`Packets`], an upgraded websocket's frames as [`WsFrame`].
//!
//! The hub offers broadcasts straight to the writer's bounded queue; the session queues its own frames there too.
//! A full queue means the client cannot keep up, and it is disconnected.
//!
//! The connection lives only as long as its login session: it closes when the hub says the session ended
//! ([`SessionEnded`]), when the session expires, and when a periodic re-check finds it revoked.

use super::app::{ClientEvent, Credentials, Emit, Principal, SocketApp, SocketHandle};
use super::codec::{CodecError, EioPacket, Handshake, MAIN_NAMESPACE, SioPacket};
use super::config::SocketConfig;
use super::limits::{ConnLimits, Slot};
use super::polling::Polls;
use super::writer::{Backlog, Outgoing, Piece, Writer};
use actix::prelude::*;
use actix_web::web::Bytes;
use actix_ws::{AggregatedMessage, CloseCode, CloseReason, ProtocolError};
use base64::Engine as _;
use casino_actors::ErrorCode;
use casino_actors::hub::{ConnId, Disconnect, Frames, HubAddr, Member, Overflow, Owner, SessionEnded, single};
use casino_actors::observe::Probe;
use casino_actors::observe::families::gateway as fig;
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

const PACKETS_IN: &str = "casino_socketio_packets_in_total";
const PACKETS_OUT: &str = "casino_socketio_packets_out_total";
const DISCONNECTS: &str = "casino_socketio_disconnects_total";

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

/// A fresh, process-unique connection id.
pub(crate) fn next_conn_id() -> ConnId {
    ConnId(NEXT_CONN.fetch_add(1, Ordering::Relaxed))
}

/// A random, URL-safe session id (128 bits).
pub(crate) fn random_sid() -> String {
    let bytes: [u8; 16] = rand::random();
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Where a namespace the client asked for stands.
enum NsState {
    /// CONNECT received; the credentials are being checked (and the connect plan built).
    Authenticating,
    Connected(Arc<Principal>),
}

/// Why the server closes a connection (for logs and the metric label).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CloseCause {
    ClientClosed,
    Malformed,
    ProtocolViolation,
    TooLarge,
    ConnectTimeout,
    PingTimeout,
    Unauthorized,
    Flooding,
    SlowClient,
    /// The login session was logged out, reset, blocked or expired.
    SessionEnded,
    /// The user already has the most connections allowed.
    TooManyConnections,
}

impl CloseCause {
    fn label(self) -> &'static str {
        match self {
            CloseCause::ClientClosed => "client_closed",
            CloseCause::Malformed => "malformed",
            CloseCause::ProtocolViolation => "protocol_violation",
            CloseCause::TooLarge => "too_large",
            CloseCause::ConnectTimeout => "connect_timeout",
            CloseCause::PingTimeout => "ping_timeout",
            CloseCause::Unauthorized => "unauthorized",
            CloseCause::Flooding => "flooding",
            CloseCause::SlowClient => "slow_client",
            CloseCause::SessionEnded => "session_ended",
            CloseCause::TooManyConnections => "too_many_connections",
        }
    }

    fn ws_code(self) -> CloseCode {
        match self {
            CloseCause::ClientClosed
            | CloseCause::Unauthorized
            | CloseCause::ConnectTimeout
            | CloseCause::SessionEnded
            | CloseCause::TooManyConnections => CloseCode::Normal,
            CloseCause::PingTimeout => CloseCode::Away,
            CloseCause::TooLarge => CloseCode::Size,
            CloseCause::Malformed | CloseCause::ProtocolViolation | CloseCause::Flooding | CloseCause::SlowClient => {
                CloseCode::Policy
            }
        }
    }
}

/// How the connection reaches the client now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Transport {
    Websocket,
    /// HTTP long-polling, which may upgrade to a websocket.
    Polling,
    /// Started on long-polling, now on a websocket.
    Upgraded,
}

/// Everything a session needs from the gateway, cloned per connection.
pub(crate) struct SessionParts {
    /// The long-polling sessions, which this one leaves when it ends.
    pub polls: Arc<Polls>,
    pub app: Arc<dyn SocketApp>,
    pub hub: HubAddr,
    pub config: SocketConfig,
    pub limits: Arc<ConnLimits>,
    /// Every connection's actor reports to the one `gateway` probe.
    pub probe: Arc<Probe>,
    /// The `casino_session` cookie of the upgrade request (only when its Origin is trusted), used when CONNECT
    /// carries no token.
    pub cookie_token: Option<String>,
    /// This connection's place in its address's count (held for its `Drop`, never read).
    pub _addr_slot: Option<Slot>,
}

pub(crate) struct SocketSession {
    conn: ConnId,
    sid: String,
    parts: SessionParts,
    writer: Writer,
    transport: Transport,
    /// The namespaces asked for, and where each stands.
    namespaces: HashMap<String, NsState>,
    /// A binary packet waiting for its attachments.
    pending: Option<Pending>,
    /// Armed after each ping; fires if the pong does not arrive in time.
    pong_deadline: Option<SpawnHandle>,
    inflight_events: usize,
    closing: bool,
    /// Why [`SocketSession::close`] closed it.
    closed_by: Option<CloseCause>,
    /// The session token the connection authenticated with, re-checked while it lives.
    token: Option<String>,
    /// A re-check of the session is under way.
    checking: bool,
    /// This connection's place in its user's count.
    user_slot: Option<Slot>,
}

impl SocketSession {
    pub(crate) fn new(parts: SessionParts, writer: Writer, transport: Transport, sid: String) -> Self {
        Self {
            conn: next_conn_id(),
            sid,
            parts,
            writer,
            transport,
            namespaces: HashMap::new(),
            pending: None,
            pong_deadline: None,
            inflight_events: 0,
            closing: false,
            closed_by: None,
            token: None,
            checking: false,
            user_slot: None,
        }
    }

    fn socket_handle(&self, ctx: &Context<Self>, who: &Principal) -> SocketHandle {
        let member = Member {
            outbox: self.writer.outbox(),
            overflow: ctx.address().recipient(),
            owner: Some(Owner { user: who.user_id, session: who.session.clone() }),
            ended: ctx.address().recipient(),
        };
        SocketHandle::new(self.conn, member, self.parts.hub.clone())
    }

    /// Queue one frame; a full queue means the client is too slow and is disconnected.
    fn send(&mut self, ctx: &mut Context<Self>, frame: impl Into<Arc<str>>) {
        self.send_all(ctx, single(frame.into()));
    }

    /// Queue frames to leave together (one socket write).
    fn send_all(&mut self, ctx: &mut Context<Self>, frames: Frames) {
        if self.closing {
            return;
        }
        let count = frames.len() as u64;
        match self.writer.send(Outgoing::Frames(frames)) {
            Ok(()) => metrics::counter!(PACKETS_OUT).increment(count),
            Err(Backlog::Full) => self.close(ctx, CloseCause::SlowClient),
            Err(Backlog::Closed) => {
                self.closing = true;
                ctx.stop();
            }
        }
    }

    fn send_packet(&mut self, ctx: &mut Context<Self>, packet: &SioPacket) {
        self.send(ctx, packet.to_frame());
    }

    fn close(&mut self, ctx: &mut Context<Self>, cause: CloseCause) {
        if self.closing {
            return;
        }
        self.closing = true;
        metrics::counter!(DISCONNECTS, "cause" => cause.label()).increment(1);
        tracing::debug!(conn = %self.conn, cause = cause.label(), "closing socket");
        match cause {
            // The socket is not draining: skip the backlog instead of waiting behind it.
            CloseCause::SlowClient => self.writer.kill(),
            _ => {
                // The client's own close needs no reason back: a long-poll waiting is answered with a noop, as the
                // reference server does.
                let reason = (cause != CloseCause::ClientClosed)
                    .then(|| CloseReason { code: cause.ws_code(), description: None });
                if self.writer.send(Outgoing::Close(reason)).is_err() {
                    self.writer.kill();
                }
            }
        }
        self.closed_by = Some(cause);
        ctx.stop();
    }

    /// The next ping in `ping_interval`, its pong due `ping_timeout` after that, both counted from now (however late
    /// the ping's timer fires).
    fn schedule_ping(&mut self, ctx: &mut Context<Self>) {
        let config = &self.parts.config;
        let due = tokio::time::Instant::now() + config.ping_interval + config.ping_timeout;
        ctx.run_later(config.ping_interval, move |act, ctx| {
            act.send(ctx, EioPacket::Ping { probe: false }.encode());
            act.writer.pong_due(Some(due));
            let left = due.saturating_duration_since(tokio::time::Instant::now());
            act.pong_deadline = Some(ctx.run_later(left, |act, ctx| act.close(ctx, CloseCause::PingTimeout)));
        });
    }

    /// Closes the connection unless a namespace is connected within the connect timeout.
    fn await_namespace(&self, ctx: &mut Context<Self>) {
        ctx.run_later(self.parts.config.connect_timeout, |act, ctx| {
            if !act.namespaces.values().any(|n| matches!(n, NsState::Connected(_))) {
                act.close(ctx, CloseCause::ConnectTimeout);
            }
        });
    }

    fn on_text(&mut self, ctx: &mut Context<Self>, text: &str) {
        metrics::counter!(PACKETS_IN).increment(1);
        // Over long-polling a binary attachment travels as `b<base64>`.
        if let Some(b64) = text.strip_prefix('b').filter(|_| self.transport == Transport::Polling) {
            match base64::engine::general_purpose::STANDARD.decode(b64) {
                Ok(bytes) => self.on_binary(ctx, bytes.into()),
                Err(_) => self.close(ctx, CloseCause::Malformed),
            }
            return;
        }
        match EioPacket::parse(text) {
            Ok(packet) => self.on_engine_packet(ctx, packet),
            Err(err) => self.on_codec_error(ctx, &err),
        }
    }

    fn on_codec_error(&mut self, ctx: &mut Context<Self>, err: &CodecError) {
        tracing::debug!(conn = %self.conn, error = %err, "malformed packet");
        self.close(ctx, CloseCause::Malformed);
    }

    fn on_engine_packet(&mut self, ctx: &mut Context<Self>, packet: EioPacket) {
        match packet {
            EioPacket::Pong { probe: false } => {
                if let Some(deadline) = self.pong_deadline.take() {
                    ctx.cancel_future(deadline);
                    self.writer.pong_due(None);
                    self.schedule_ping(ctx);
                }
            }
            // Engine.IO v3 clients pinged the server; answering is harmless. Probes belong to transport upgrades.
            EioPacket::Ping { probe } => self.send(ctx, EioPacket::Pong { probe }.encode()),
            EioPacket::Noop | EioPacket::Pong { probe: true } | EioPacket::Upgrade => {}
            EioPacket::Close => self.close(ctx, CloseCause::ClientClosed),
            EioPacket::Open(_) => self.close(ctx, CloseCause::ProtocolViolation),
            EioPacket::Message(packet) => self.on_socket_packet(ctx, packet),
        }
    }

    fn on_socket_packet(&mut self, ctx: &mut Context<Self>, packet: SioPacket) {
        if self.pending.is_some() {
            // A binary packet's attachments come first, and only they.
            self.close(ctx, CloseCause::ProtocolViolation);
            return;
        }
        let connected = |nsp: &str| match self.namespaces.get(nsp) {
            Some(NsState::Connected(who)) => Some(who.clone()),
            _ => None,
        };
        match packet {
            SioPacket::Connect { nsp, data } => self.on_connect(ctx, nsp, data),
            SioPacket::Event { nsp, ack, name, args } => match connected(&nsp) {
                Some(who) => self.on_event(ctx, who, ClientEvent { nsp, name, args, binary: Vec::new() }, ack),
                None => self.close(ctx, CloseCause::ProtocolViolation),
            },
            SioPacket::BinaryEvent { nsp, attachments, .. } | SioPacket::BinaryAck { nsp, attachments, .. }
                if connected(&nsp).is_none() || attachments > MAX_ATTACHMENTS =>
            {
                let cause =
                    if connected(&nsp).is_none() { CloseCause::ProtocolViolation } else { CloseCause::TooLarge };
                self.close(ctx, cause);
            }
            p @ (SioPacket::BinaryEvent { .. } | SioPacket::BinaryAck { .. }) => {
                self.pending = Some(Pending { packet: p, binary: Vec::new(), bytes: 0 });
            }
            // We never ask the client for acks, so an ACK is unexpected but harmless.
            SioPacket::Ack { nsp, .. } if connected(&nsp).is_some() => {}
            // Leaving a namespace; leaving the last one leaves every room, and the connection stays open for a new
            // CONNECT as long as a new connection waits for its first (then it closes), as the reference server's.
            SioPacket::Disconnect { nsp } if self.namespaces.contains_key(&nsp) => {
                if let Some(NsState::Connected(who)) = self.namespaces.remove(&nsp)
                    && nsp == MAIN_NAMESPACE
                {
                    self.parts.app.on_disconnect(&who, self.conn);
                }
                if self.namespaces.is_empty() {
                    self.parts.hub.do_send(Disconnect { conn: self.conn });
                    self.await_namespace(ctx);
                }
            }
            // A CONNECT_ERROR from the client, or a packet for a namespace it never joined.
            _ => self.close(ctx, CloseCause::ProtocolViolation),
        }
    }

    /// A binary attachment: the packet waiting for it goes on once it has all of them.
    fn on_binary(&mut self, ctx: &mut Context<Self>, bytes: Bytes) {
        let Some(pending) = self.pending.as_mut() else {
            self.close(ctx, CloseCause::ProtocolViolation);
            return;
        };
        pending.bytes += bytes.len();
        if pending.bytes > self.parts.config.max_payload {
            self.close(ctx, CloseCause::TooLarge);
            return;
        }
        pending.binary.push(bytes);
        let wanted = match &pending.packet {
            SioPacket::BinaryEvent { attachments, .. } | SioPacket::BinaryAck { attachments, .. } => *attachments,
            _ => 0,
        };
        if (pending.binary.len() as u64) < wanted {
            return;
        }
        let Some(Pending { packet, binary, .. }) = self.pending.take() else { return };
        if let SioPacket::BinaryEvent { nsp, ack, name, args, .. } = packet
            && let Some(NsState::Connected(who)) = self.namespaces.get(&nsp)
        {
            let who = who.clone();
            self.on_event(ctx, who, ClientEvent { nsp, name, args, binary }, ack);
        }
    }

    fn on_connect(&mut self, ctx: &mut Context<Self>, nsp: String, data: Option<Map<String, Value>>) {
        if !self.parts.app.namespaces().contains(&nsp.as_str()) {
            // The refusal must name the namespace (that is the protocol), so only a plain path is answered: the
            // server never reflects arbitrary client text.
            if plain_namespace(&nsp) {
                let refusal = SioPacket::ConnectError { nsp, message: "Invalid namespace".into(), data: None };
                self.send_packet(ctx, &refusal);
            } else {
                self.close(ctx, CloseCause::ProtocolViolation);
            }
            return;
        }
        if self.namespaces.contains_key(&nsp) {
            self.close(ctx, CloseCause::ProtocolViolation);
            return;
        }
        let token = match data.as_ref().and_then(|d| d.get("token")) {
            Some(Value::String(token)) => Some(token.clone()),
            _ => self.parts.cookie_token.clone(),
        };
        if nsp == MAIN_NAMESPACE {
            self.token = token.clone();
        }
        let credentials = Credentials { nsp: nsp.clone(), token, auth: data };
        self.namespaces.insert(nsp.clone(), NsState::Authenticating);
        let auth = self.parts.app.authenticate(&credentials);
        ctx.spawn(auth.into_actor(self).then(move |who, act, ctx| {
            // The per-user cap is taken before the application builds anything for the connection.
            let who = match who {
                Some(who) if act.user_slot.is_some() => Ok(who),
                Some(who) => match act.parts.limits.admit_user(who.user_id, act.parts.config.max_per_user) {
                    Some(slot) => {
                        act.user_slot = Some(slot);
                        Ok(who)
                    }
                    None => Err(CloseCause::TooManyConnections),
                },
                None => Err(CloseCause::Unauthorized),
            };
            let plan =
                who.as_ref().ok().map(|who| act.parts.app.on_connect(who, &act.socket_handle(ctx, who), &credentials));
            async move {
                match (who, plan) {
                    (Ok(who), Some(plan)) => Ok((who, plan.await)),
                    (Err(cause), _) => Err(cause),
                    (Ok(_), None) => Err(CloseCause::Unauthorized),
                }
            }
            .into_actor(act)
            .map(move |outcome, act, ctx| match outcome {
                Ok((who, plan)) => act.connected(ctx, credentials.nsp, who, plan),
                Err(cause) => act.refuse(ctx, credentials.nsp, cause),
            })
        }));
    }

    /// A CONNECT refused: the client hears why; with no namespace left connected, the connection closes.
    fn refuse(&mut self, ctx: &mut Context<Self>, nsp: String, cause: CloseCause) {
        let message = match cause {
            CloseCause::TooManyConnections => ErrorCode::TooManyConnections,
            _ => ErrorCode::Unauthorized,
        };
        self.namespaces.remove(&nsp);
        let refusal = SioPacket::ConnectError { nsp, message: message.to_string(), data: None };
        self.send_packet(ctx, &refusal);
        if !self.namespaces.values().any(|n| matches!(n, NsState::Connected(_))) {
            self.close(ctx, cause);
        }
    }

    /// The login session is over: tell the client (a server-side DISCONNECT, so the official client does not
    /// reconnect with a dead session) and close.
    fn end_session(&mut self, ctx: &mut Context<Self>) {
        if self.closing {
            return;
        }
        tracing::debug!(conn = %self.conn, "session ended; closing socket");
        self.send_packet(ctx, &SioPacket::Disconnect { nsp: MAIN_NAMESPACE.into() });
        self.close(ctx, CloseCause::SessionEnded);
    }

    /// Ask the application again whether the session is live; end the connection if it is not (or now names
    /// someone else).
    fn recheck_session(&mut self, ctx: &mut Context<Self>) {
        let (Some(NsState::Connected(who)), Some(token)) = (self.namespaces.get(MAIN_NAMESPACE), &self.token) else {
            return;
        };
        if self.checking || self.closing {
            return;
        }
        self.checking = true;
        let user = who.user_id;
        let credentials = Credentials { nsp: MAIN_NAMESPACE.into(), token: Some(token.clone()), auth: None };
        let check = self.parts.app.authenticate(&credentials);
        ctx.spawn(check.into_actor(self).map(move |now, act, ctx| {
            act.checking = false;
            if now.is_none_or(|p| p.user_id != user) {
                act.end_session(ctx);
            }
        }));
    }

    fn connected(&mut self, ctx: &mut Context<Self>, nsp: String, who: Principal, plan: super::app::ConnectPlan) {
        if self.closing || !self.namespaces.contains_key(&nsp) {
            return;
        }
        tracing::debug!(conn = %self.conn, user = %who.user_id, nsp, "socket connected");
        let mut ack = Map::new();
        ack.insert("sid".into(), Value::String(random_sid()));
        self.send_packet(ctx, &SioPacket::Connect { nsp: nsp.clone(), data: Some(ack) });
        // The acknowledgement leaves on its own: a client reading one message at a time (the protocol's test suite
        // does) sees it before the namespace's first events.
        let _ = self.writer.send(Outgoing::Boundary);
        let initial = plan.initial_events.into_iter().map(|e| event_packet(&nsp, None, e));
        let frames = pieces(initial);
        self.send_out(ctx, frames);
        // Joined after the acknowledgement is queued, so no broadcast can overtake it.
        let handle = self.socket_handle(ctx, &who);
        for room in plan.rooms {
            handle.join(room);
        }
        if nsp == MAIN_NAMESPACE {
            if let Some(left) = who.expires_in {
                ctx.run_later(left, |act, ctx| act.end_session(ctx));
            }
            ctx.run_interval(self.parts.config.session_check_interval, |act, ctx| act.recheck_session(ctx));
        }
        self.namespaces.insert(nsp, NsState::Connected(Arc::new(who)));
    }

    fn on_event(&mut self, ctx: &mut Context<Self>, who: Arc<Principal>, event: ClientEvent, ack: Option<u64>) {
        if self.inflight_events >= self.parts.config.max_inflight_events {
            self.close(ctx, CloseCause::Flooding);
            return;
        }
        self.inflight_events += 1;
        let nsp = event.nsp.clone();
        let reply = self.parts.app.on_event(&who, &self.socket_handle(ctx, &who), event);
        // Spawned, not waited: events run concurrently; acks are matched by id, not by order.
        ctx.spawn(reply.into_actor(self).map(move |reply, act, ctx| {
            act.inflight_events -= 1;
            let mut packets: Vec<(SioPacket, Vec<Bytes>)> =
                reply.events.into_iter().map(|e| event_packet(&nsp, None, e)).collect();
            if let Some(ack) = ack {
                let (args, binary) = (reply.ack, reply.ack_binary);
                let packet = if binary.is_empty() {
                    SioPacket::Ack { nsp: nsp.clone(), ack, args }
                } else {
                    SioPacket::BinaryAck { nsp: nsp.clone(), ack, args, attachments: binary.len() as u64 }
                };
                packets.push((packet, binary));
            }
            let out = pieces(packets.into_iter());
            act.send_out(ctx, out);
        }));
    }

    /// Queue packets to leave together (one socket write): text-only ones as frames, otherwise with their
    /// attachments.
    fn send_out(&mut self, ctx: &mut Context<Self>, out: Option<Outgoing>) {
        match out {
            Some(Outgoing::Frames(frames)) => self.send_all(ctx, frames),
            Some(out) => {
                if self.closing {
                    return;
                }
                match self.writer.send(out) {
                    Ok(()) => {}
                    Err(Backlog::Full) => self.close(ctx, CloseCause::SlowClient),
                    Err(Backlog::Closed) => {
                        self.closing = true;
                        ctx.stop();
                    }
                }
            }
            None => {}
        }
    }
}

/// The most binary attachments one packet may have.
const MAX_ATTACHMENTS: u64 = 10;

/// A packet waiting for its binary attachments.
struct Pending {
    packet: SioPacket,
    binary: Vec<Bytes>,
    bytes: usize,
}

/// An event in `nsp` as a packet, binary when it has attachments.
fn event_packet(nsp: &str, ack: Option<u64>, e: Emit) -> (SioPacket, Vec<Bytes>) {
    let packet = if e.binary.is_empty() {
        SioPacket::Event { nsp: nsp.into(), ack, name: e.name, args: e.args }
    } else {
        SioPacket::BinaryEvent { nsp: nsp.into(), ack, name: e.name, args: e.args, attachments: e.binary.len() as u64 }
    };
    (packet, e.binary)
}

/// Packets as one delivery: plain frames when none has an attachment; `None` when there are none.
fn pieces(packets: impl Iterator<Item = (SioPacket, Vec<Bytes>)>) -> Option<Outgoing> {
    let packets: Vec<(SioPacket, Vec<Bytes>)> = packets.collect();
    if packets.is_empty() {
        return None;
    }
    if packets.iter().all(|(_, b)| b.is_empty()) {
        let frames: Vec<Arc<str>> = packets.iter().map(|(p, _)| Arc::from(p.to_frame())).collect();
        return Some(Outgoing::Frames(frames.into()));
    }
    let mut out = Vec::new();
    for (packet, binary) in packets {
        out.push(Piece::Text(packet.to_frame().into()));
        out.extend(binary.into_iter().map(Piece::Binary));
    }
    Some(Outgoing::Pieces(out))
}

impl Actor for SocketSession {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        self.parts.probe.add(fig::WEBSOCKET, 1);
        let config = &self.parts.config;
        let upgrades = if self.transport == Transport::Polling { vec!["websocket".into()] } else { vec![] };
        let open = EioPacket::Open(Handshake {
            sid: self.sid.clone(),
            upgrades,
            ping_interval: millis(config.ping_interval),
            ping_timeout: millis(config.ping_timeout),
            max_payload: config.max_payload as u64,
        });
        self.send(ctx, open.encode());
        self.schedule_ping(ctx);
        self.await_namespace(ctx);
    }

    fn stopping(&mut self, _: &mut Self::Context) -> Running {
        // Always deregister, whatever stopped us.
        self.parts.hub.do_send(Disconnect { conn: self.conn });
        // A client that closed, or stopped answering pings, will not poll for the rest: its session is gone at once
        // (a GET then answers "Session ID unknown", as the reference server's).
        let gone = matches!(self.closed_by, Some(CloseCause::ClientClosed | CloseCause::PingTimeout));
        if self.transport == Transport::Polling && gone {
            self.parts.polls.remove(&self.sid);
        } else if self.transport == Transport::Polling {
            // What is still queued (a refusal, the close) goes out with the next GET: the session is found until
            // then, for as long as a GET may take to come.
            let (polls, sid) = (self.parts.polls.clone(), self.sid.clone());
            let grace = self.parts.config.ping_interval + self.parts.config.ping_timeout;
            actix::spawn(async move {
                tokio::time::sleep(grace).await;
                polls.remove(&sid);
            });
        } else if self.transport == Transport::Upgraded {
            self.parts.polls.remove(&self.sid);
        }
        if let Some(NsState::Connected(who)) = self.namespaces.get(MAIN_NAMESPACE) {
            self.parts.app.on_disconnect(who, self.conn);
        }
        self.namespaces.clear();
        Running::Stop
    }

    fn stopped(&mut self, _: &mut Self::Context) {
        self.parts.probe.add(fig::WEBSOCKET, -1);
    }
}

/// A namespace that is a short plain path (`/admin`), safe to name in a reply.
fn plain_namespace(nsp: &str) -> bool {
    nsp.len() <= 64 && nsp.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '-' | '.'))
}

fn millis(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl StreamHandler<Result<AggregatedMessage, ProtocolError>> for SocketSession {
    fn handle(&mut self, msg: Result<AggregatedMessage, ProtocolError>, ctx: &mut Self::Context) {
        if self.closing {
            return;
        }
        let probe = self.parts.probe.clone();
        let started = probe.begin(None);
        probe.add(fig::FRAMES_IN, 1);
        self.on_frame(msg, ctx);
        probe.end(started);
    }

    fn finished(&mut self, ctx: &mut Self::Context) {
        // The client went away; nothing left to write to.
        self.closing = true;
        ctx.stop();
    }
}

impl SocketSession {
    fn on_frame(&mut self, msg: Result<AggregatedMessage, ProtocolError>, ctx: &mut Context<Self>) {
        match msg {
            Ok(AggregatedMessage::Text(text)) => self.on_text(ctx, &text),
            Ok(AggregatedMessage::Binary(bytes)) => self.on_binary(ctx, bytes),
            Ok(AggregatedMessage::Ping(bytes)) => {
                if self.writer.send(Outgoing::Pong(bytes)).is_err() {
                    self.close(ctx, CloseCause::SlowClient);
                }
            }
            Ok(AggregatedMessage::Pong(_)) => {}
            Ok(AggregatedMessage::Close(_)) => self.close(ctx, CloseCause::ClientClosed),
            Err(ProtocolError::Overflow) => self.close(ctx, CloseCause::TooLarge),
            Err(err) => {
                tracing::debug!(conn = %self.conn, error = %err, "websocket protocol error");
                self.close(ctx, CloseCause::Malformed);
            }
        }
    }
}

/// Engine.IO packets a long-polling POST carried, in order.
pub(crate) struct Packets(pub Vec<String>);
impl Message for Packets {
    type Result = ();
}

impl Handler<Packets> for SocketSession {
    type Result = ();
    fn handle(&mut self, m: Packets, ctx: &mut Self::Context) {
        for text in m.0 {
            if self.closing {
                return;
            }
            self.on_text(ctx, &text);
        }
    }
}

/// The transport ends the session: the client broke its rules, or stopped answering pings.
pub(crate) struct Ended(pub CloseCause);
impl Message for Ended {
    type Result = ();
}

impl Handler<Ended> for SocketSession {
    type Result = ();
    fn handle(&mut self, m: Ended, ctx: &mut Self::Context) {
        self.close(ctx, m.0);
    }
}

/// An upgrade's websocket answered the probe: the GET waiting now is answered with a noop, so the client pauses
/// polling before it switches.
pub(crate) struct Probed;
impl Message for Probed {
    type Result = ();
}

impl Handler<Probed> for SocketSession {
    type Result = ();
    fn handle(&mut self, _: Probed, ctx: &mut Self::Context) {
        self.send(ctx, EioPacket::Noop.encode());
    }
}

/// What an upgraded connection's websocket brings: each message, then `None` when it is gone.
pub(crate) struct WsFrame(pub Option<Result<AggregatedMessage, ProtocolError>>);
impl Message for WsFrame {
    type Result = ();
}

impl Handler<WsFrame> for SocketSession {
    type Result = ();
    fn handle(&mut self, m: WsFrame, ctx: &mut Self::Context) {
        self.transport = Transport::Upgraded;
        match m.0 {
            Some(msg) => StreamHandler::handle(self, msg, ctx),
            None => StreamHandler::<Result<AggregatedMessage, ProtocolError>>::finished(self, ctx),
        }
    }
}

impl Handler<Overflow> for SocketSession {
    type Result = ();

    fn handle(&mut self, _: Overflow, ctx: &mut Self::Context) {
        self.close(ctx, CloseCause::SlowClient);
    }
}

impl Handler<SessionEnded> for SocketSession {
    type Result = ();

    fn handle(&mut self, _: SessionEnded, ctx: &mut Self::Context) {
        self.end_session(ctx);
    }
}
