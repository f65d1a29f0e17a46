//! The application behind the Socket.IO gateway: sessions authenticate connections, every connection joins its
//! player's own `user:{id}` room, a game's room is joined when its screen opens (`authenticate` or `aviator:join`
//! for Aviator, answered with the table's state; `aviator:leave` when it closes; the round games' in
//! `crate::rounds::socket`), and client events become table messages. Every
//! request is answered through its ack: `{success: true, …}` or `{success: false, error, message}`. An accepted
//! bet or cancellation is also announced with the spec's `bet_placed` / `bet_cancelled`, to the connection that
//! asked, in the same socket write as its ack.

use crate::asyncapi::{self, Payload};
use crate::client_events::{self, Nothing, Refusal, Refuses, UserField, client_events};
use crate::money::Rupees;
use crate::openapi::ErrorBody;
use crate::ops::actors::OPS_ROOM;
use crate::socketio::{ClientEvent, ConnectPlan, Credentials, Emit, EventReply, Principal, SocketApp, SocketHandle};
use casino_actors::accounts::{Accounts, Role, digest};
use casino_actors::aviator::table::{self, CancelBet, CashOut, PlaceBet, Snapshot, TableError, TableRoute};
use casino_actors::aviator::wire as aviator_wire;
use casino_actors::hub::ConnId;
use casino_actors::ids::RoundId;
use casino_actors::matka::wire as matka_wire;
use casino_actors::parchi::wire as parchi_wire;
use casino_actors::sports::wire as sports_wire;
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

/// `ping`'s payload: nothing is needed; a `userId` / `user`, when sent, must be the caller's and a `slot`, when sent,
/// 0 or 1 (the spec's client sends its bet panel's fields with it).
#[derive(Deserialize)]
#[allow(non_snake_case)]
pub struct PingRequest {
    #[serde(default)]
    userId: UserField,
    #[serde(default)]
    user: UserField,
    #[serde(default, deserialize_with = "client_events::int")]
    slot: Option<i64>,
}

impl Refuses for PingRequest {
    fn refusal(field: &str) -> Refusal {
        bet_field_refusal(field)
    }
    const SCHEMA: Payload = asyncapi::nothing;
}

/// The refusal of an Aviator payload's field that does not read.
fn bet_field_refusal(field: &str) -> Refusal {
    match field {
        "userId" | "user" => client_events::INVALID_USER_ID,
        "slot" => BAD_SLOT,
        "amount" => INVALID_AMOUNT,
        "autoCashout" => Refusal::new("bad_auto_cashout", "Auto cashout must be at least 1.01x"),
        _ => Refusal::new("wrong_round", "This round is not open for bets"),
    }
}

const BAD_SLOT: Refusal = Refusal::new("bad_slot", "Invalid bet slot");
const INVALID_AMOUNT: Refusal = Refusal::new("invalid_amount", "Please enter a valid bet amount");

/// `place_bet`'s payload. Numbers may come as numeric strings. Refused: a missing `roundId` (`wrong_round`), a
/// `slot` other than 0 or 1 (`bad_slot`), an `amount` that is not a positive number of rupees with at most 2
/// decimals (`invalid_amount`), an `autoCashout` that is not a multiplier of at least 1.01 (`bad_auto_cashout`) and
/// a `userId` that is not the caller's (`forbidden`); then the table's own refusals (`betting_closed`,
/// `stake_too_low`, `insufficient_balance`, …: docs/API.md).
#[derive(Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AviatorBetRequest {
    /// When sent, the caller's id (a number or numeric string).
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    userId: UserField,
    #[serde(default)]
    #[schema(ignore)]
    user: UserField,
    /// The round in countdown (a number or numeric string).
    #[serde(default, deserialize_with = "client_events::int")]
    #[schema(value_type = i64, required = true)]
    roundId: Option<i64>,
    /// The bet panel: 0 (the default) or 1.
    #[serde(default, deserialize_with = "client_events::int")]
    #[schema(value_type = Option<u8>)]
    slot: Option<i64>,
    #[serde(default)]
    #[schema(value_type = Rupees, required = true)]
    amount: Option<Rupees>,
    /// Cash out automatically at this multiplier (at least 1.01, at most 2 decimals); `null` or absent: none.
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    autoCashout: Option<Rupees>,
}

impl Refuses for AviatorBetRequest {
    fn refusal(field: &str) -> Refusal {
        bet_field_refusal(field)
    }
    const SCHEMA: Payload = asyncapi::payload::<AviatorBetRequest>;
}

/// `cancel_bet`'s and `cash_out`'s payload: which bet. Numbers may come as numeric strings; a missing or unreadable
/// `roundId` is refused (`wrong_round` / `no_bet`), as is a `slot` other than 0 or 1 (`bad_slot`) and a `userId`
/// that is not the caller's (`forbidden`).
#[derive(Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AviatorBetRef {
    /// When sent, the caller's id (a number or numeric string).
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    userId: UserField,
    #[serde(default)]
    #[schema(ignore)]
    user: UserField,
    #[serde(default, deserialize_with = "loose_int")]
    #[schema(value_type = i64, required = true)]
    roundId: Option<i64>,
    /// The bet panel: 0 (the default) or 1.
    #[serde(default, deserialize_with = "client_events::int")]
    #[schema(value_type = Option<u8>)]
    slot: Option<i64>,
}

impl Refuses for AviatorBetRef {
    fn refusal(field: &str) -> Refusal {
        bet_field_refusal(field)
    }
    const SCHEMA: Payload = asyncapi::payload::<AviatorBetRef>;
}

/// A number the spec's client may send in any form: one that does not read is absent.
fn loose_int<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    Ok(client_events::int(d).unwrap_or(None))
}

/// `subscribe`'s and `leave`'s payload: the match. `eventId` is a number or numeric string; anything else is
/// refused with `invalid_event`.
#[derive(Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct SportsRoomRequest {
    /// The match's id (a number or numeric string).
    #[serde(default, deserialize_with = "client_events::int")]
    #[schema(value_type = i64, required = true)]
    eventId: Option<i64>,
}

const NAME_THE_MATCH: Refusal = Refusal::new("invalid_event", "Name the match: {eventId}");

impl Refuses for SportsRoomRequest {
    fn refusal(_: &str) -> Refusal {
        NAME_THE_MATCH
    }
    const SCHEMA: Payload = asyncapi::payload::<SportsRoomRequest>;
}

/// `parchi:join`'s and `parchi:leave`'s payload: the match, as text or a number; anything else is refused with
/// `invalid_event` (and an unknown match with `match_not_found`).
#[derive(Deserialize, ToSchema)]
pub struct ParchiRoomRequest {
    /// The match's name as the live list shows it (the newest match of that name), or its id.
    #[serde(rename = "match", default)]
    #[schema(value_type = ParchiMatchKey, required = true)]
    the_match: Option<ParchiMatchKey>,
}

const SELECT_MATCH: Refusal = Refusal::new("invalid_event", "Please select Match");

impl Refuses for ParchiRoomRequest {
    fn refusal(_: &str) -> Refusal {
        SELECT_MATCH
    }
    const SCHEMA: Payload = asyncapi::payload::<ParchiRoomRequest>;
}

/// A match named by its name or its id.
#[derive(Deserialize, ToSchema)]
#[serde(untagged)]
pub enum ParchiMatchKey {
    Name(String),
    Id(i64),
}

impl ParchiMatchKey {
    fn key(&self) -> String {
        match self {
            ParchiMatchKey::Name(s) => s.clone(),
            ParchiMatchKey::Id(n) => n.to_string(),
        }
    }
}

client_events! {
    /// What any connection may send outside a room.
    pub enum ConnectionEvent in "connection" {
        /// Is the server there? (a `userId`, when sent, must be the caller's; a `slot`, when sent, 0 or 1)
        Ping(PingRequest) = "ping", ack |s| asyncapi::or_error(s, asyncapi::payload::<Pong>);
    }
}

client_events! {
    /// Aviator's events.
    pub enum AviatorEvent in "aviator" {
        /// Joins the room; `aviator_game_state` arrives just before the ack
        Join(Nothing) = "aviator:join", ack asyncapi::payload::<AviatorJoined>;
        /// The spec's name for `aviator:join` (the connection is already authenticated at CONNECT)
        Authenticate(Nothing) = "authenticate", ack asyncapi::payload::<AviatorJoined>;
        /// Leaves the room
        Leave(Nothing) = "aviator:leave", ack asyncapi::payload::<Done>;
        /// Places a bet on the round in countdown; acked once the wallet committed the hold
        PlaceBet(AviatorBetRequest) = "place_bet",
            ack |s| asyncapi::or_error(s, asyncapi::payload::<aviator_wire::BetPlaced>);
        /// Cancels a bet while the round counts down; `pending` if the refund has not committed within 3 s
        /// (`bet_cancelled` follows to the player's room)
        CancelBet(AviatorBetRef) = "cancel_bet",
            ack |s| asyncapi::or_error(s, asyncapi::payload::<aviator_wire::BetCancelled>);
        /// Cashes a bet out at the multiplier of the server's clock on receipt; `pending` if the payment has not
        /// committed within 3 s (`cash_out_success` and `bet_result` follow to the player's room)
        CashOut(AviatorBetRef) = "cash_out",
            ack |s| asyncapi::or_error(s, asyncapi::payload::<aviator_wire::CashOutSuccess>);
    }
}

client_events! {
    /// The Matka market list's room.
    pub enum MatkaEvent in "matka" {
        /// Joins the room; the ack is the market list
        Join(Nothing) = "matka:join", ack |s| asyncapi::or_error(s, asyncapi::payload::<matka_wire::MarketList>);
        /// Leaves the room
        Leave(Nothing) = "matka:leave", ack asyncapi::payload::<Done>;
    }
}

client_events! {
    /// A three-card game's room.
    pub enum ParchiEvent in "parchi:{id}" {
        /// Joins the match's room; the ack is the board
        Join(ParchiRoomRequest) = "parchi:join",
            ack |s| asyncapi::or_error(s, asyncapi::payload::<parchi_wire::BoardView>);
        /// Leaves the match's room
        Leave(ParchiRoomRequest) = "parchi:leave", ack client_events::done_or_error;
    }
}

client_events! {
    /// The live cricket list's room.
    pub enum MatchesEvent in "matches" {
        /// Joins the room; the ack is the live list (not an object: `null` while the sports desk is
        /// unavailable), also sent as `updateMatches` just before it
        GetMatches(Nothing) = "getMatches",
            ack |s| asyncapi::or_null(s, asyncapi::payload::<sports_wire::LiveList>);
        /// Leaves the room
        LeaveMatches(Nothing) = "leaveMatches", ack asyncapi::payload::<Done>;
    }
}

client_events! {
    /// One sports match's room.
    pub enum SportsEvent in "event:{id}" {
        /// Joins the match's room; the ack is the match detail, whose `seq` the deltas follow
        Subscribe(SportsRoomRequest) = "subscribe",
            ack |s| asyncapi::or_error(s, asyncapi::payload::<sports_wire::MatchDetail>);
        /// Leaves the match's room
        Leave(SportsRoomRequest) = "leave", ack client_events::done_or_error;
    }
}

client_events! {
    /// The operators' room.
    pub enum OpsEvent in "ops" {
        /// Joins the room (operators only)
        Watch(Nothing) = "ops_watch", ack client_events::done_or_error;
        /// Leaves the room (operators only)
        Unwatch(Nothing) = "ops_unwatch", ack client_events::done_or_error;
    }
}

/// Every event a client sends, by area.
pub enum ClientRequest {
    Connection(ConnectionEvent),
    Aviator(AviatorEvent),
    Round(crate::rounds::socket::RoundRequest),
    Matka(MatkaEvent),
    Parchi(ParchiEvent),
    Matches(MatchesEvent),
    Sports(SportsEvent),
    Ops(OpsEvent),
}

impl ClientRequest {
    /// The event `name` with its payload read: an unknown name is `unknown_event`, a payload that does not read is
    /// refused by the field that failed.
    pub fn parse(name: &str, payload: Value) -> Result<ClientRequest, Refusal> {
        use crate::rounds::socket::RoundRequest;
        macro_rules! first {
            ($($area:ident => $variant:ident),*) => {
                $( if $area::accepts(name) { return $area::parse(name, payload).map(ClientRequest::$variant); } )*
            };
        }
        first!(
            ConnectionEvent => Connection,
            AviatorEvent => Aviator,
            RoundRequest => Round,
            MatkaEvent => Matka,
            ParchiEvent => Parchi,
            MatchesEvent => Matches,
            SportsEvent => Sports,
            OpsEvent => Ops
        );
        Err(client_events::UNKNOWN_EVENT)
    }

    /// Every client event, as the catalogue lists them.
    pub fn catalogue() -> Vec<asyncapi::Event> {
        use crate::rounds::socket::RoundRequest;
        [
            ConnectionEvent::catalogue(),
            AviatorEvent::catalogue(),
            RoundRequest::catalogue(),
            MatkaEvent::catalogue(),
            ParchiEvent::catalogue(),
            MatchesEvent::catalogue(),
            SportsEvent::catalogue(),
            OpsEvent::catalogue(),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

fn reply(r: Result<Result<Value, TableError>, actix::MailboxError>) -> Vec<Value> {
    match r {
        Ok(Ok(v)) => vec![v],
        Ok(Err(e)) => refuse(e.code(), e.to_string()),
        Err(_) => refuse("unavailable", TableError::Unavailable.to_string()),
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

/// Aviator's events: the screen opened (`authenticate` / `aviator:join`: joins the room, the table's state comes at
/// once) or closed, and the bets. An accepted bet or cancellation is also announced (`bet_placed` /
/// `bet_cancelled`) to the connection that asked, just before its ack.
async fn aviator(aviator: TableRoute, who: Principal, socket: SocketHandle, event: AviatorEvent) -> EventReply {
    match event {
        AviatorEvent::Join(_) | AviatorEvent::Authenticate(_) => {
            socket.join(table::ROOM);
            // While the table changes hands there is no state to show: the next tick's broadcast brings it.
            let state = aviator.ask(Snapshot).await.ok().map(|s| Emit::new("aviator_game_state", s));
            EventReply::new(
                state.into_iter().collect(),
                vec![ack(&AviatorJoined { success: true, userId: who.user_id.0 })],
            )
        }
        AviatorEvent::Leave(_) => {
            socket.leave(table::ROOM);
            EventReply::ack(done())
        }
        AviatorEvent::PlaceBet(p) => announced(place_bet(&aviator, &who, p).await, |b| Emit::new("bet_placed", b)),
        AviatorEvent::CancelBet(p) => {
            let ack = match bet_of(&who, &p, Refusal::new("wrong_round", "No bet to cancel")) {
                Ok((round, slot)) => reply(aviator.ask(CancelBet { user: who.user_id, round, slot }).await),
                Err(r) => r.ack(),
            };
            announced(ack, |b| Emit::new("bet_cancelled", b))
        }
        AviatorEvent::CashOut(p) => {
            EventReply::ack(match bet_of(&who, &p, Refusal::new("no_bet", "No bet to cash out")) {
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
    let Some(round) = p.roundId.map(RoundId) else { return refuse("wrong_round", "This round is not open for bets") };
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
                Err(_) => EventReply::ack(refuse("unavailable", "Matka is unavailable, please try again")),
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
        return EventReply::ack(refuse("match_not_found", "Please select Match"));
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
            EventReply::new(vec![Emit::new("updateMatches", live.clone())], vec![live])
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
                    EventReply::ack(refuse("not_found", "Match not found or no data available."))
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
        return refuse("forbidden", "Operators only");
    }
    match event {
        OpsEvent::Watch(_) => socket.join(OPS_ROOM),
        OpsEvent::Unwatch(_) => socket.leave(OPS_ROOM),
    }
    done()
}
