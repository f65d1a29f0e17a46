//! The application behind the Socket.IO gateway: sessions authenticate connections, every connection joins its
//! player's own `user:{id}` room, a game's room is joined when its screen opens (`authenticate` or `aviator:join`
//! for Aviator, answered with the table's state; `aviator:leave` when it closes; the round games' in
//! `crate::rounds::socket`), and client events become table messages. Every
//! request is answered through its ack: `{success: true, …}` or `{success: false, error, message}`. An accepted
//! bet or cancellation is also announced with the spec's `bet_placed` / `bet_cancelled`, to the connection that
//! asked, in the same socket write as its ack.

use crate::money::{Rupees, parse_rupees};
use crate::openapi::ErrorBody;
use crate::ops::actors::OPS_ROOM;
use crate::socketio::{ClientEvent, ConnectPlan, Credentials, Emit, EventReply, Principal, SocketApp, SocketHandle};
use casino_actors::accounts::{Accounts, Role, digest};
use casino_actors::aviator::table::{self, CancelBet, CashOut, PlaceBet, Snapshot, TableError, TableRoute};
use casino_actors::hub::ConnId;
use casino_actors::ids::RoundId;
use futures_util::future::LocalBoxFuture;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;
use utoipa::ToSchema;

pub struct GameSocket {
    pub accounts: Accounts,
    pub aviator: TableRoute,
    pub rounds: crate::rounds::RoundTables,
    pub matka: casino_actors::matka::desk::MatkaRoute,
    pub sports: casino_actors::sports::desk::SportsRoute,
    pub parchi: casino_actors::parchi::desk::ParchiRoute,
}

/// A refusal as an ack's body: `{success: false, error, message}`.
pub(crate) fn refusal(error: &str, message: impl Into<String>) -> Value {
    ack(&ErrorBody { success: false, error: error.into(), message: message.into() })
}

/// A refusal as an ack.
pub(crate) fn refuse(error: &str, message: impl Into<String>) -> Vec<Value> {
    vec![refusal(error, message)]
}

/// An ack's body as JSON (these types always serialize).
pub(crate) fn ack(body: &impl Serialize) -> Value {
    serde_json::to_value(body).unwrap_or(Value::Null)
}

/// The ack of a request that asks for nothing back (leaving a room, watching): `{success: true}`.
#[derive(Serialize, ToSchema)]
#[schema(as = AckDone)]
pub struct Done {
    pub success: bool,
}

pub(crate) fn done() -> Vec<Value> {
    vec![ack(&Done { success: true })]
}

/// The ack of `authenticate` / `aviator:join`: the caller's id.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AviatorJoined {
    pub success: bool,
    pub userId: i64,
}

/// The ack of `ping`.
#[derive(Serialize, ToSchema)]
#[schema(as = AckPong)]
pub struct Pong {
    pub success: bool,
    pub pong: bool,
}

/// `place_bet`'s payload. The documented shape: the server reads it field by field (numbers may come as numeric
/// strings), refusing a missing `roundId` (`wrong_round`), a `slot` other than 0 or 1 (`bad_slot`), an `amount`
/// that is not a positive number of rupees with at most 2 decimals (`invalid_amount`), an `autoCashout` that is
/// not a multiplier of at least 1.01 (`bad_auto_cashout`) and a `userId` that is not the caller's (`forbidden`);
/// then the table's own refusals (`betting_closed`, `stake_too_low`, `insufficient_balance`, …: docs/API.md).
#[derive(Deserialize, ToSchema)]
#[allow(non_snake_case, dead_code)]
pub struct AviatorBetRequest {
    /// When sent, the caller's id (a number or numeric string).
    #[schema(value_type = Option<i64>)]
    userId: Option<Value>,
    /// The round in countdown (a number or numeric string).
    #[schema(value_type = i64)]
    roundId: Value,
    /// The bet panel: 0 (the default) or 1.
    #[schema(value_type = Option<u8>)]
    slot: Option<Value>,
    amount: Rupees,
    /// Cash out automatically at this multiplier (at least 1.01, at most 2 decimals); `null` or absent: none.
    #[schema(value_type = Option<f64>)]
    autoCashout: Option<Value>,
}

/// `cancel_bet`'s and `cash_out`'s payload: which bet. The documented shape: the server reads it field by field
/// (numbers may come as numeric strings); a missing `roundId` is refused (`wrong_round` / `no_bet`), as is a
/// `slot` other than 0 or 1 (`bad_slot`) and a `userId` that is not the caller's (`forbidden`).
#[derive(Deserialize, ToSchema)]
#[allow(non_snake_case, dead_code)]
pub struct AviatorBetRef {
    /// When sent, the caller's id (a number or numeric string).
    #[schema(value_type = Option<i64>)]
    userId: Option<Value>,
    #[schema(value_type = i64)]
    roundId: Value,
    /// The bet panel: 0 (the default) or 1.
    #[schema(value_type = Option<u8>)]
    slot: Option<Value>,
}

/// `subscribe`'s and `leave`'s payload: the match. The documented shape: the server reads `eventId` as a number or
/// numeric string, and refuses anything else with `invalid_event`.
#[derive(Deserialize, ToSchema)]
#[allow(non_snake_case, dead_code)]
pub struct SportsRoomRequest {
    /// The match's id (a number or numeric string).
    #[schema(value_type = i64)]
    eventId: Value,
}

/// `parchi:join`'s and `parchi:leave`'s payload: the match. The documented shape: the server reads `match` as text
/// or a number, and refuses anything else with `invalid_event` (and an unknown match with `match_not_found`).
#[derive(Deserialize, ToSchema)]
#[allow(dead_code)]
pub struct ParchiRoomRequest {
    /// The match's name as the live list shows it (the newest match of that name), or its id.
    #[serde(rename = "match")]
    the_match: ParchiMatchKey,
}

/// A match named by its name or its id.
#[derive(Deserialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub enum ParchiMatchKey {
    Name(String),
    Id(i64),
}

fn reply(r: Result<Result<Value, TableError>, actix::MailboxError>) -> Vec<Value> {
    match r {
        Ok(Ok(v)) => vec![v],
        Ok(Err(e)) => refuse(e.code(), e.to_string()),
        Err(_) => refuse("unavailable", TableError::Unavailable.to_string()),
    }
}

fn int(v: &Value, field: &str) -> Option<i64> {
    match &v[field] {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// A multiplier like 2 or "1.5" in hundredths (at most 2 decimals).
fn hundredths(v: &Value) -> Result<Option<u64>, ()> {
    match v {
        Value::Null => Ok(None),
        other => parse_rupees(other).ok().and_then(|p| u64::try_from(p.get()).ok()).map(Some).ok_or(()),
    }
}

impl SocketApp for GameSocket {
    fn authenticate(&self, credentials: &Credentials) -> LocalBoxFuture<'static, Option<Principal>> {
        let accounts = self.accounts.clone();
        let token = credentials.token.clone();
        Box::pin(async move {
            let token = token?;
            let live = accounts.live_session(&token).await.ok().flatten()?;
            let user = live.user;
            Some(Principal {
                user_id: user.id,
                username: user.phone,
                is_operator: user.role == Role::Operator,
                session: Arc::from(digest(&token)),
                expires_in: u64::try_from(live.expires_in_ms).ok().map(Duration::from_millis),
            })
        })
    }

    fn on_connect(&self, who: &Principal, _: &SocketHandle, _: &Credentials) -> LocalBoxFuture<'static, ConnectPlan> {
        let rooms = vec![format!("user:{}", who.user_id)];
        Box::pin(async move { ConnectPlan { rooms, initial_events: Vec::new() } })
    }

    fn on_event(
        &self,
        who: &Principal,
        socket: &SocketHandle,
        event: ClientEvent,
    ) -> LocalBoxFuture<'static, EventReply> {
        let ClientEvent { name, args, .. } = event;
        if let Some(ack) = ops_room(who, socket, &name) {
            return Box::pin(async move { EventReply::ack(ack) });
        }
        let p = args.into_iter().next().unwrap_or(Value::Null);
        if let Some((game, action)) = crate::rounds::socket::split(&name) {
            let (game, action) = (game.to_string(), action.to_string());
            return Box::pin(crate::rounds::socket::answer(
                self.rounds.clone(),
                who.clone(),
                socket.clone(),
                game,
                action,
                p,
            ));
        }
        if matches!(name.as_str(), "subscribe" | "leave" | "getMatches" | "leaveMatches") {
            return Box::pin(sports_rooms(self.sports.clone(), socket.clone(), name, p));
        }
        if let Some(action) = name.strip_prefix("parchi:") {
            return Box::pin(parchi_room(self.parchi.clone(), socket.clone(), action.to_string(), p));
        }
        if let Some(action) = name.strip_prefix("matka:") {
            return Box::pin(matka_room(self.matka.clone(), socket.clone(), action.to_string()));
        }
        let who = who.clone();
        let aviator = self.aviator.clone();
        match name.as_str() {
            // The Aviator screen opened: join its room and get the table's state at once.
            "authenticate" | "aviator:join" => {
                socket.join(table::ROOM);
                return Box::pin(async move {
                    // While the table changes hands there is no state to show: the next tick's broadcast brings it.
                    let state = aviator.ask(Snapshot).await.ok().map(|s| Emit::new("aviator_game_state", s));
                    EventReply::new(
                        state.into_iter().collect(),
                        vec![ack(&AviatorJoined { success: true, userId: who.user_id.0 })],
                    )
                });
            }
            "aviator:leave" => {
                socket.leave(table::ROOM);
                return Box::pin(async { EventReply::ack(done()) });
            }
            _ => {}
        }
        Box::pin(async move {
            let announce = match name.as_str() {
                "place_bet" => Some("bet_placed"),
                "cancel_bet" => Some("bet_cancelled"),
                _ => None,
            };
            let ack = answer(aviator, who, name, p).await;
            let events = match (announce, ack.first()) {
                (Some(event), Some(body)) if body["success"] == true => vec![Emit::new(event, body.clone())],
                _ => Vec::new(),
            };
            EventReply::new(events, ack)
        })
    }

    fn on_disconnect(&self, _who: &Principal, _conn: ConnId) {}
}

/// `matka:join` (the market list screens opened: joins the `matka` room, where `matka:status` is pushed; the ack is
/// the list) and `matka:leave`.
async fn matka_room(desk: casino_actors::matka::desk::MatkaRoute, socket: SocketHandle, action: String) -> EventReply {
    use casino_actors::matka::desk::{List, ROOM};
    match action.as_str() {
        "join" => {
            socket.join(ROOM);
            match desk.ask(List).await {
                Ok(list) => EventReply::ack(vec![serde_json::to_value(list).unwrap_or(Value::Null)]),
                Err(_) => EventReply::ack(refuse("unavailable", "Matka is unavailable, please try again")),
            }
        }
        "leave" => {
            socket.leave(ROOM);
            EventReply::ack(done())
        }
        _ => EventReply::ack(refuse("unknown_event", "Unknown event")),
    }
}

/// `parchi:join {match}` (a three-card game's screen opened: joins its room `parchi:{id}`, where `parchi:board` is
/// pushed; the ack is the board) and `parchi:leave {match}`. `match` is the match's name or id.
async fn parchi_room(
    desk: casino_actors::parchi::desk::ParchiRoute,
    socket: SocketHandle,
    action: String,
    p: Value,
) -> EventReply {
    use casino_actors::parchi::desk::AtGame;
    use casino_actors::parchi::table::{View, room};
    let key = match &p["match"] {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => return EventReply::ack(refuse("invalid_event", "Please select Match")),
    };
    // No such game, and a desk that cannot be reached, are both refused as no such match.
    let Some(board) = desk.ask(AtGame::new(key, View)).await.ok().and_then(Result::ok) else {
        return EventReply::ack(refuse("match_not_found", "Please select Match"));
    };
    match action.as_str() {
        "join" => {
            // Joined, then the board read again (the same game, by its match's id): a push in between is only a
            // repeat of what the ack says.
            socket.join(room(board.match_id));
            let again = desk.ask(AtGame::new(board.match_id.to_string(), View)).await.ok().and_then(Result::ok);
            let board = again.unwrap_or(board);
            EventReply::ack(vec![serde_json::to_value(board).unwrap_or(Value::Null)])
        }
        "leave" => {
            socket.leave(room(board.match_id));
            EventReply::ack(done())
        }
        _ => EventReply::ack(refuse("unknown_event", "Unknown event")),
    }
}

/// The sports screens: `subscribe {eventId}` joins the match's room `event:{id}` (deltas as `match:delta` and the
/// spec's `updateOdds`; the ack is the match detail, whose `seq` the deltas follow), `leave {eventId}` leaves it, and
/// `getMatches` joins the live list's room (`updateMatches` is pushed when it changes; also sent at once);
/// `leaveMatches` leaves it.
async fn sports_rooms(
    desk: casino_actors::sports::desk::SportsRoute,
    socket: SocketHandle,
    name: String,
    p: Value,
) -> EventReply {
    use casino_actors::sports::desk::{Detail, LIST_ROOM, Live};
    use casino_actors::sports::wire::MatchDetail;
    let event = int(&p, "eventId");
    match (name.as_str(), event) {
        ("getMatches", _) => {
            socket.join(LIST_ROOM);
            let live =
                desk.ask(Live).await.map(|l| serde_json::to_value(l).unwrap_or(Value::Null)).unwrap_or(Value::Null);
            EventReply::new(vec![Emit::new("updateMatches", live.clone())], vec![live])
        }
        ("leaveMatches", _) => {
            socket.leave(LIST_ROOM);
            EventReply::ack(done())
        }
        ("subscribe", Some(id)) => {
            // Joined before the snapshot is taken: a delta in between comes as well, and is a repeat to skip.
            let room = format!("event:{id}");
            socket.join(&room);
            match desk.ask(Detail(id)).await.ok().flatten() {
                Some(s) => EventReply::ack(vec![serde_json::to_value(MatchDetail::of(&s)).unwrap_or(Value::Null)]),
                None => {
                    socket.leave(&room);
                    EventReply::ack(refuse("not_found", "Match not found or no data available."))
                }
            }
        }
        ("leave", Some(id)) => {
            socket.leave(format!("event:{id}"));
            EventReply::ack(done())
        }
        _ => EventReply::ack(refuse("invalid_event", "Name the match: {eventId}")),
    }
}

/// `ops_watch` / `ops_unwatch`: an operator joins or leaves the room the live actors are pushed to; anyone else
/// is refused and joins nothing. `None` for every other event.
fn ops_room(who: &Principal, socket: &SocketHandle, name: &str) -> Option<Vec<Value>> {
    let watch = match name {
        "ops_watch" => true,
        "ops_unwatch" => false,
        _ => return None,
    };
    if !who.is_operator {
        return Some(refuse("forbidden", "Operators only"));
    }
    if watch {
        socket.join(OPS_ROOM);
    } else {
        socket.leave(OPS_ROOM);
    }
    Some(done())
}

/// The ack of one client event.
async fn answer(aviator: TableRoute, who: Principal, name: String, p: Value) -> Vec<Value> {
    if let Err(e) = crate::user_ref::check_fields(who.user_id, None, &p) {
        return refuse(e.code, e.message);
    }
    let round = int(&p, "roundId").map(RoundId);
    let slot = int(&p, "slot").unwrap_or(0);
    let slot = match u8::try_from(slot) {
        Ok(s) => s,
        Err(_) => return refuse("bad_slot", "Invalid bet slot"),
    };
    match name.as_str() {
        "ping" => vec![ack(&Pong { success: true, pong: true })],
        "place_bet" => {
            let Some(round) = round else { return refuse("wrong_round", "This round is not open for bets") };
            let stake = match parse_rupees(&p["amount"]) {
                Ok(s) if s.is_positive() => s,
                _ => return refuse("invalid_amount", "Please enter a valid bet amount"),
            };
            let Ok(auto_cashout) = hundredths(&p["autoCashout"]) else {
                return refuse("bad_auto_cashout", "Auto cashout must be at least 1.01x");
            };
            let msg = PlaceBet { user: who.user_id, name: who.username.clone(), round, slot, stake, auto_cashout };
            reply(aviator.ask(msg).await)
        }
        "cancel_bet" => {
            let Some(round) = round else { return refuse("wrong_round", "No bet to cancel") };
            reply(aviator.ask(CancelBet { user: who.user_id, round, slot }).await)
        }
        "cash_out" => {
            let Some(round) = round else { return refuse("no_bet", "No bet to cash out") };
            reply(aviator.ask(CashOut { user: who.user_id, round, slot }).await)
        }
        // The client's event name is not repeated back: the server never reflects client-chosen text.
        _ => refuse("unknown_event", "Unknown event"),
    }
}
