//! Socket.IO on the main namespace: a connect middleware authenticates the token of the CONNECT auth payload
//! (refused with `{"message":"unauthorized"}`), every socket joins `aviator` and `user:{id}`, and `place_bet`,
//! `cancel_bet`, `cash_out` are answered through their ack: `{success: true, …}` or `{success: false, error,
//! message}`. Table work is synchronous under its lock; emits to rooms happen after it is released.

use crate::game::UserId;
use crate::table::{BetRequest, Msg, Outbox, ROOM, Refusal, user_room};
use crate::wallet::Principal;
use crate::{App, now_ms};
use serde::Deserialize;
use serde_json::Value;
use socketioxide::SocketIo;
use socketioxide::extract::{AckSender, Extension, SocketRef, State, TryData};
use socketioxide::handler::ConnectHandler;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

pub fn register(io: &SocketIo) {
    io.ns("/", on_connect.with(authenticate));
}

#[derive(Deserialize)]
struct ConnectAuth {
    token: String,
}

#[derive(Debug)]
struct Unauthorized;

impl std::fmt::Display for Unauthorized {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("unauthorized")
    }
}

async fn authenticate(
    s: SocketRef,
    State(app): State<Arc<App>>,
    TryData(auth): TryData<ConnectAuth>,
) -> Result<(), Unauthorized> {
    let who = auth.ok().and_then(|a| app.sessions.get(&a.token)).ok_or(Unauthorized)?;
    s.extensions.insert(who);
    Ok(())
}

async fn on_connect(s: SocketRef, State(app): State<Arc<App>>, Extension(who): Extension<Principal>) {
    s.on("place_bet", place_bet);
    s.on("cancel_bet", cancel_bet);
    s.on("cash_out", cash_out);
    s.on_fallback(async |ack: AckSender| {
        ack.send(&Refusal::new("unknown_event", "Unknown event")).ok();
    });
    s.join(ROOM);
    s.join(user_room(who.id));
    let state = app.table.lock().snapshot(now_ms());
    s.emit("aviator_game_state", &state).ok();
}

/// An integer field given as a number or a numeric string.
fn int(p: &Value, field: &str) -> Option<i64> {
    match &p[field] {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// The fields every request shares: `userId` (if given, the caller's own), `roundId`, `slot` (default 0).
fn request(who: Principal, p: &Value) -> Result<(Option<i64>, u8), Refusal> {
    match &p["userId"] {
        Value::Null => {}
        _ if int(p, "userId") == Some(who.id) => {}
        _ => return Err(Refusal::new("forbidden", "This is not your account")),
    }
    let slot = u8::try_from(int(p, "slot").unwrap_or(0)).map_err(|_| Refusal::new("bad_slot", "Invalid bet slot"))?;
    Ok((int(p, "roundId"), slot))
}

fn place(app: &App, s: &SocketRef, who: Principal, ack: AckSender, p: &Value) -> Vec<(UserId, Msg)> {
    let parsed = request(who, p).and_then(|(round, slot)| {
        let round = round.ok_or(Refusal::new("wrong_round", "This round is not open for bets"))?;
        let stake = crate::money::value_hundredths(&p["amount"])
            .filter(|&a| a > 0)
            .ok_or(Refusal::new("invalid_amount", "Please enter a valid bet amount"))?;
        let auto = match &p["autoCashout"] {
            Value::Null => None,
            v => Some(
                crate::money::value_hundredths(v)
                    .and_then(|h| u64::try_from(h).ok())
                    .ok_or(Refusal::new("bad_auto_cashout", "Auto cashout must be at least 1.01x"))?,
            ),
        };
        Ok(BetRequest { round, slot, stake, auto })
    });
    let bet = match parsed {
        Ok(r) => r,
        Err(refusal) => {
            ack.send(&refusal).ok();
            return Vec::new();
        }
    };
    let mut table = app.table.lock();
    match table.place_bet(&app.wallet, who, bet, now_ms()) {
        Ok((placed, users)) => {
            // Still under the table's lock: the ack is queued on this socket before any settlement of the bet.
            s.emit("bet_placed", &placed).ok();
            ack.send(&placed).ok();
            users
        }
        Err(refusal) => {
            ack.send(&refusal).ok();
            Vec::new()
        }
    }
}

fn cancel(app: &App, s: &SocketRef, who: Principal, ack: AckSender, p: &Value) -> Vec<(UserId, Msg)> {
    let (round, slot) = match request(who, p) {
        Ok((Some(round), slot)) => (round, slot),
        Ok((None, _)) => {
            ack.send(&Refusal::new("wrong_round", "No bet to cancel")).ok();
            return Vec::new();
        }
        Err(refusal) => {
            ack.send(&refusal).ok();
            return Vec::new();
        }
    };
    let mut table = app.table.lock();
    match table.cancel_bet(&app.wallet, who, round, slot, now_ms()) {
        Ok((cancelled, users)) => {
            s.emit("bet_cancelled", &cancelled).ok();
            ack.send(&cancelled).ok();
            users
        }
        Err(refusal) => {
            ack.send(&refusal).ok();
            Vec::new()
        }
    }
}

fn cash(app: &App, who: Principal, ack: AckSender, p: &Value) -> Vec<(UserId, Msg)> {
    let (round, slot) = match request(who, p) {
        Ok((Some(round), slot)) => (round, slot),
        Ok((None, _)) => {
            ack.send(&Refusal::new("no_bet", "No bet to cash out")).ok();
            return Vec::new();
        }
        Err(refusal) => {
            ack.send(&refusal).ok();
            return Vec::new();
        }
    };
    let mut table = app.table.lock();
    // Priced by the server clock when the table takes the request.
    let (answer, users) = table.cash_out(&app.wallet, who, round, slot, now_ms());
    match answer {
        Ok(success) => ack.send(&success).ok(),
        Err(refusal) => ack.send(&refusal).ok(),
    };
    users
}

async fn place_bet(
    io: SocketIo,
    s: SocketRef,
    State(app): State<Arc<App>>,
    Extension(who): Extension<Principal>,
    ack: AckSender,
    TryData(p): TryData<Value>,
) {
    let users = place(&app, &s, who, ack, &p.unwrap_or_default());
    send_to_users(&io, users).await;
}

async fn cancel_bet(
    io: SocketIo,
    s: SocketRef,
    State(app): State<Arc<App>>,
    Extension(who): Extension<Principal>,
    ack: AckSender,
    TryData(p): TryData<Value>,
) {
    let users = cancel(&app, &s, who, ack, &p.unwrap_or_default());
    send_to_users(&io, users).await;
}

async fn cash_out(
    io: SocketIo,
    State(app): State<Arc<App>>,
    Extension(who): Extension<Principal>,
    ack: AckSender,
    TryData(p): TryData<Value>,
) {
    let users = cash(&app, who, ack, &p.unwrap_or_default());
    send_to_users(&io, users).await;
}

static EMIT_ERRORS: AtomicU64 = AtomicU64::new(0);

/// A frame some socket of the room did not get (closed meanwhile, or its buffer full); the first few are logged.
fn emit_failed(room: &dyn std::fmt::Display, name: &str, e: &dyn std::fmt::Display) {
    let n = EMIT_ERRORS.fetch_add(1, Ordering::Relaxed);
    if n < 10 {
        eprintln!("emit {name} to {room} failed: {e}");
    }
}

pub async fn send_to_users(io: &SocketIo, users: Vec<(UserId, Msg)>) {
    for (user, msg) in users {
        if let Err(e) = io.to(user_room(user)).emit(msg.name(), &msg).await {
            emit_failed(&format_args!("user:{user}"), msg.name(), &e);
        }
    }
}

impl Outbox {
    /// Room frames in order, then per-player frames.
    pub async fn send(self, io: &SocketIo) {
        for msg in self.room {
            if let Err(e) = io.to(ROOM).emit(msg.name(), &msg).await {
                emit_failed(&ROOM, msg.name(), &e);
            }
        }
        send_to_users(io, self.users).await;
    }
}
