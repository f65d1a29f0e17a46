//! The application behind the Socket.IO gateway: sessions authenticate connections, every connection joins its
//! player's own `user:{id}` room, a game's room is joined when its screen opens (`authenticate` or `aviator:join`
//! for Aviator, answered with the table's state; `aviator:leave` when it closes; the round games' in
//! `crate::rounds::socket`), and client events become table messages. Every
//! request is answered through its ack: `{success: true, …}` or `{success: false, error, message}`. An accepted
//! bet or cancellation is also announced with the spec's `bet_placed` / `bet_cancelled`, to the connection that
//! asked, in the same socket write as its ack.

use crate::asyncapi;
use crate::client_events::{self, Refusal, UserField};
use crate::openapi::ErrorBody;
use crate::ops::actors::OPS_ROOM;
use crate::socket_requests::{
    AviatorBetRef, AviatorBetRequest, AviatorEvent, BAD_SLOT, ClientRequest, ConnectionEvent, INVALID_AMOUNT,
    MatchesEvent, MatkaEvent, NAME_THE_MATCH, OpsEvent, ParchiEvent, ParchiMatchKey, SELECT_MATCH, SportsEvent,
    bet_field_refusal,
};
use crate::socketio::{ClientEvent, ConnectPlan, Credentials, Emit, EventReply, Principal, SocketApp, SocketHandle};
use casino_actors::ErrorCode;
use casino_actors::accounts::{Accounts, Role, digest};
use casino_actors::aviator::table::{self, CancelBet, CashOut, PlaceBet, Snapshot, TableError, TableRoute};
use casino_actors::aviator::wire;
use casino_actors::hub::ConnId;
use casino_actors::ids::RoundId;
use casino_actors::sports::wire::LiveList;
use casino_actors::table::hold::Refused;
use futures_util::future::LocalBoxFuture;
use serde::Serialize;
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
pub(crate) fn refusal(error: ErrorCode, message: impl Into<String>) -> Value {
    ack(&ErrorBody { success: false, error, message: message.into() })
}

/// A refusal as an ack.
pub(crate) fn refuse(error: ErrorCode, message: impl Into<String>) -> Vec<Value> {
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

fn reply(r: Result<Result<Value, TableError>, actix::MailboxError>) -> Vec<Value> {
    match r {
        Ok(Ok(v)) => vec![v],
        Ok(Err(e)) => refuse(e.code(), e.to_string()),
        Err(_) => refuse(ErrorCode::Unavailable, Refused::Unavailable.to_string()),
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
        let payload = args.into_iter().next().unwrap_or(Value::Null);
        let request = match ClientRequest::parse(&name, payload) {
            Ok(r) => r,
            Err(refusal) => return Box::pin(async move { EventReply::ack(refusal.ack()) }),
        };
        let socket = socket.clone();
        let who = who.clone();
        match request {
            ClientRequest::Connection(ConnectionEvent::Ping(p)) => {
                let ack = check_bet_fields(&who, &p.userId, &p.user, p.slot)
                    .map_or_else(|r| r.ack(), |_| vec![ack(&Pong { success: true, pong: true })]);
                Box::pin(async move { EventReply::ack(ack) })
            }
            ClientRequest::Ops(e) => Box::pin(async move { EventReply::ack(ops_room(&who, &socket, e)) }),
            ClientRequest::Round(r) => Box::pin(crate::rounds::socket::answer(self.rounds.clone(), who, socket, r)),
            ClientRequest::Matches(e) => Box::pin(live_list(self.sports.clone(), socket, e)),
            ClientRequest::Sports(e) => Box::pin(sports_room(self.sports.clone(), socket, e)),
            ClientRequest::Parchi(e) => Box::pin(parchi_room(self.parchi.clone(), socket, e)),
            ClientRequest::Matka(e) => Box::pin(matka_room(self.matka.clone(), socket, e)),
            ClientRequest::Aviator(e) => Box::pin(aviator(self.aviator.clone(), who, socket, e)),
        }
    }

    fn on_disconnect(&self, _who: &Principal, _conn: ConnId) {}
}

const BET_PLACED: &str = "bet_placed";
const BET_CANCELLED: &str = "bet_cancelled";

/// What the gateway sends the connection that placed or cancelled an Aviator bet, just before the ack (the same
/// body), as the catalogue lists it.
pub fn echoes() -> Vec<asyncapi::Event> {
    vec![
        asyncapi::Event::to_client(
            table::ROOM,
            BET_PLACED,
            "To the connection that placed a bet alone, just before its ack (the same body)",
            asyncapi::payload::<wire::BetPlaced>,
        ),
        asyncapi::Event::to_client(
            table::ROOM,
            BET_CANCELLED,
            "To the connection that cancelled a bet alone, just before its ack (the same body)",
            asyncapi::payload::<wire::BetCancelled>,
        ),
    ]
}

/// Aviator's events: the screen opened (`authenticate` / `aviator:join`: joins the room, the table's state comes at
/// once) or closed, and the bets. An accepted bet or cancellation is also announced (`bet_placed` /
/// `bet_cancelled`) to the connection that asked, just before its ack.
async fn aviator(aviator: TableRoute, who: Principal, socket: SocketHandle, event: AviatorEvent) -> EventReply {
    match event {
        AviatorEvent::Join(_) | AviatorEvent::Authenticate(_) => {
            socket.join(table::ROOM);
            // While the table changes hands there is no state to show: the next tick's broadcast brings it.
            let state = aviator.ask(Snapshot).await.ok().map(|s| Emit::new(wire::TableEvent::GAME_STATE, s));
            EventReply::new(
                state.into_iter().collect(),
                vec![ack(&AviatorJoined { success: true, userId: who.user_id.0 })],
            )
        }
        AviatorEvent::Leave(_) => {
            socket.leave(table::ROOM);
            EventReply::ack(done())
        }
        AviatorEvent::PlaceBet(p) => announced(place_bet(&aviator, &who, p).await, |b| Emit::new(BET_PLACED, b)),
        AviatorEvent::CancelBet(p) => {
            let ack = match bet_of(&who, &p, Refusal::new(ErrorCode::WrongRound, "No bet to cancel")) {
                Ok((round, slot)) => reply(aviator.ask(CancelBet { user: who.user_id, round, slot }).await),
                Err(r) => r.ack(),
            };
            announced(ack, |b| Emit::new(BET_CANCELLED, b))
        }
        AviatorEvent::CashOut(p) => {
            EventReply::ack(match bet_of(&who, &p, Refusal::new(ErrorCode::NoBet, "No bet to cash out")) {
                Ok((round, slot)) => reply(aviator.ask(CashOut { user: who.user_id, round, slot }).await),
                Err(r) => r.ack(),
            })
        }
    }
}

/// The ack, announced first to the asking connection (the same body) when it says the request succeeded.
fn announced(ack: Vec<Value>, event: impl FnOnce(Value) -> Emit) -> EventReply {
    let events = match ack.first() {
        Some(body) if body["success"] == true => vec![event(body.clone())],
        _ => Vec::new(),
    };
    EventReply::new(events, ack)
}

/// The caller's own fields of an Aviator payload: `userId` / `user` naming the caller, a `slot` of 0 or 1 (the
/// table refuses other small numbers).
fn check_bet_fields(who: &Principal, user_id: &UserField, user: &UserField, slot: Option<i64>) -> Result<u8, Refusal> {
    client_events::check_caller(&[*user_id, *user], who.user_id, None)?;
    u8::try_from(slot.unwrap_or(0)).map_err(|_| BAD_SLOT)
}

/// The bet a `cancel_bet` / `cash_out` names: its round (`no_round` when missing) and slot.
fn bet_of(who: &Principal, p: &AviatorBetRef, no_round: Refusal) -> Result<(RoundId, u8), Refusal> {
    let slot = check_bet_fields(who, &p.userId, &p.user, p.slot)?;
    let round = p.roundId.map(RoundId).ok_or(no_round)?;
    Ok((round, slot))
}

async fn place_bet(aviator: &TableRoute, who: &Principal, p: AviatorBetRequest) -> Vec<Value> {
    let slot = match check_bet_fields(who, &p.userId, &p.user, p.slot) {
        Ok(slot) => slot,
        Err(r) => return r.ack(),
    };
    let Some(round) = p.roundId.map(RoundId) else {
        return refuse(ErrorCode::WrongRound, "This round is not open for bets");
    };
    let Some(stake) = p.amount.map(|a| a.0).filter(|s| s.is_positive()) else { return INVALID_AMOUNT.ack() };
    let auto_cashout = match p.autoCashout.map(|m| u64::try_from(m.0.get())).transpose() {
        Ok(m) => m,
        Err(_) => return bet_field_refusal("autoCashout").ack(),
    };
    let msg = PlaceBet { user: who.user_id, name: who.username.clone(), round, slot, stake, auto_cashout };
    reply(aviator.ask(msg).await)
}

/// `matka:join` (the market list screens opened: joins the `matka` room, where `matka:status` is pushed; the ack is
/// the list) and `matka:leave`.
async fn matka_room(
    desk: casino_actors::matka::desk::MatkaRoute,
    socket: SocketHandle,
    event: MatkaEvent,
) -> EventReply {
    use casino_actors::matka::desk::{List, ROOM};
    match event {
        MatkaEvent::Join(_) => {
            socket.join(ROOM);
            match desk.ask(List).await {
                Ok(list) => EventReply::ack(vec![serde_json::to_value(list).unwrap_or(Value::Null)]),
                Err(_) => EventReply::ack(refuse(ErrorCode::Unavailable, "Matka is unavailable, please try again")),
            }
        }
        MatkaEvent::Leave(_) => {
            socket.leave(ROOM);
            EventReply::ack(done())
        }
    }
}

/// `parchi:join {match}` (a three-card game's screen opened: joins its room `parchi:{id}`, where `parchi:board` is
/// pushed; the ack is the board) and `parchi:leave {match}`. `match` is the match's name or id.
async fn parchi_room(
    desk: casino_actors::parchi::desk::ParchiRoute,
    socket: SocketHandle,
    event: ParchiEvent,
) -> EventReply {
    use casino_actors::parchi::desk::AtGame;
    use casino_actors::parchi::table::{View, room};
    let (ParchiEvent::Join(p) | ParchiEvent::Leave(p)) = &event;
    let Some(key) = p.the_match.as_ref().map(ParchiMatchKey::key) else { return EventReply::ack(SELECT_MATCH.ack()) };
    // No such game, and a desk that cannot be reached, are both refused as no such match.
    let Some(board) = desk.ask(AtGame::new(key, View)).await.ok().and_then(Result::ok) else {
        return EventReply::ack(refuse(ErrorCode::MatchNotFound, "Please select Match"));
    };
    match event {
        ParchiEvent::Join(_) => {
            // Joined, then the board read again (the same game, by its match's id): a push in between is only a
            // repeat of what the ack says.
            socket.join(room(board.match_id));
            let again = desk.ask(AtGame::new(board.match_id.to_string(), View)).await.ok().and_then(Result::ok);
            let board = again.unwrap_or(board);
            EventReply::ack(vec![serde_json::to_value(board).unwrap_or(Value::Null)])
        }
        ParchiEvent::Leave(_) => {
            socket.leave(room(board.match_id));
            EventReply::ack(done())
        }
    }
}

/// `getMatches` joins the live list's room (`updateMatches` is pushed when it changes; also sent at once);
/// `leaveMatches` leaves it.
async fn live_list(
    desk: casino_actors::sports::desk::SportsRoute,
    socket: SocketHandle,
    event: MatchesEvent,
) -> EventReply {
    use casino_actors::sports::desk::{LIST_ROOM, Live};
    match event {
        MatchesEvent::GetMatches(_) => {
            socket.join(LIST_ROOM);
            let live =
                desk.ask(Live).await.map(|l| serde_json::to_value(l).unwrap_or(Value::Null)).unwrap_or(Value::Null);
            EventReply::new(vec![Emit::new(LiveList::EVENT, live.clone())], vec![live])
        }
        MatchesEvent::LeaveMatches(_) => {
            socket.leave(LIST_ROOM);
            EventReply::ack(done())
        }
    }
}

/// `subscribe {eventId}` joins the match's room `event:{id}` (deltas as `match:delta` and the spec's `updateOdds`;
/// the ack is the match detail, whose `seq` the deltas follow), `leave {eventId}` leaves it.
async fn sports_room(
    desk: casino_actors::sports::desk::SportsRoute,
    socket: SocketHandle,
    event: SportsEvent,
) -> EventReply {
    use casino_actors::sports::desk::Detail;
    use casino_actors::sports::wire::MatchDetail;
    let (SportsEvent::Subscribe(p) | SportsEvent::Leave(p)) = &event;
    let Some(id) = p.eventId else { return EventReply::ack(NAME_THE_MATCH.ack()) };
    let room = format!("event:{id}");
    match event {
        SportsEvent::Subscribe(_) => {
            // Joined before the snapshot is taken: a delta in between comes as well, and is a repeat to skip.
            socket.join(&room);
            match desk.ask(Detail(id)).await.ok().flatten() {
                Some(s) => EventReply::ack(vec![serde_json::to_value(MatchDetail::of(&s)).unwrap_or(Value::Null)]),
                None => {
                    socket.leave(&room);
                    EventReply::ack(refuse(ErrorCode::NotFound, "Match not found or no data available."))
                }
            }
        }
        SportsEvent::Leave(_) => {
            socket.leave(room);
            EventReply::ack(done())
        }
    }
}

/// `ops_watch` / `ops_unwatch`: an operator joins or leaves the room the live actors are pushed to; anyone else
/// is refused and joins nothing.
fn ops_room(who: &Principal, socket: &SocketHandle, event: OpsEvent) -> Vec<Value> {
    if !who.is_operator {
        return refuse(ErrorCode::Forbidden, "Operators only");
    }
    match event {
        OpsEvent::Watch(_) => socket.join(OPS_ROOM),
        OpsEvent::Unwatch(_) => socket.leave(OPS_ROOM),
    }
    done()
}
