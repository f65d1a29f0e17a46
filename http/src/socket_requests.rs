//! What clients send over the socket, by area: each payload's serde type (with the refusal of a field that does not
//! read and its schema) and each area's events, declared with [`client_events!`]; [`ClientRequest`] reads any of
//! them. Answered by `crate::aviator::socket` (and `crate::rounds::socket` for the round games).

use crate::asyncapi::{self, Payload};
use crate::aviator::socket::{AviatorJoined, Done, Pong};
use crate::client_events::{self, Nothing, Refusal, Refuses, UserField, client_events};
use crate::money::Rupees;
use casino_actors::ErrorCode;
use casino_actors::aviator::wire as aviator_wire;
use casino_actors::matka::wire as matka_wire;
use casino_actors::parchi::wire as parchi_wire;
use casino_actors::sports::wire as sports_wire;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

/// `ping`'s payload: nothing is needed; a `userId` / `user`, when sent, must be the caller's and a `slot`, when sent,
/// 0 or 1 (the spec's client sends its bet panel's fields with it).
#[derive(Deserialize)]
#[allow(non_snake_case)]
pub struct PingRequest {
    #[serde(default)]
    pub(crate) userId: UserField,
    #[serde(default)]
    pub(crate) user: UserField,
    #[serde(default, deserialize_with = "client_events::int")]
    pub(crate) slot: Option<i64>,
}

impl Refuses for PingRequest {
    fn refusal(field: &str) -> Refusal {
        bet_field_refusal(field)
    }
    const SCHEMA: Payload = asyncapi::nothing;
}

/// The refusal of an Aviator payload's field that does not read.
pub(crate) fn bet_field_refusal(field: &str) -> Refusal {
    match field {
        "userId" | "user" => client_events::INVALID_USER_ID,
        "slot" => BAD_SLOT,
        "amount" => INVALID_AMOUNT,
        "autoCashout" => Refusal::new(ErrorCode::BadAutoCashout, "Auto cashout must be at least 1.01x"),
        _ => Refusal::new(ErrorCode::WrongRound, "This round is not open for bets"),
    }
}

pub(crate) const BAD_SLOT: Refusal = Refusal::new(ErrorCode::BadSlot, "Invalid bet slot");
pub(crate) const INVALID_AMOUNT: Refusal = Refusal::new(ErrorCode::InvalidAmount, "Please enter a valid bet amount");

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
    pub(crate) userId: UserField,
    #[serde(default)]
    #[schema(ignore)]
    pub(crate) user: UserField,
    /// The round in countdown (a number or numeric string).
    #[serde(default, deserialize_with = "client_events::int")]
    #[schema(value_type = i64, required = true)]
    pub(crate) roundId: Option<i64>,
    /// The bet panel: 0 (the default) or 1.
    #[serde(default, deserialize_with = "client_events::int")]
    #[schema(value_type = Option<u8>)]
    pub(crate) slot: Option<i64>,
    #[serde(default)]
    #[schema(value_type = Rupees, required = true)]
    pub(crate) amount: Option<Rupees>,
    /// Cash out automatically at this multiplier (at least 1.01, at most 2 decimals); `null` or absent: none.
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub(crate) autoCashout: Option<Rupees>,
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
    pub(crate) userId: UserField,
    #[serde(default)]
    #[schema(ignore)]
    pub(crate) user: UserField,
    #[serde(default, deserialize_with = "loose_int")]
    #[schema(value_type = i64, required = true)]
    pub(crate) roundId: Option<i64>,
    /// The bet panel: 0 (the default) or 1.
    #[serde(default, deserialize_with = "client_events::int")]
    #[schema(value_type = Option<u8>)]
    pub(crate) slot: Option<i64>,
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
    pub(crate) eventId: Option<i64>,
}

pub(crate) const NAME_THE_MATCH: Refusal = Refusal::new(ErrorCode::InvalidEvent, "Name the match: {eventId}");

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
    pub(crate) the_match: Option<ParchiMatchKey>,
}

pub(crate) const SELECT_MATCH: Refusal = Refusal::new(ErrorCode::InvalidEvent, "Please select Match");

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
    pub(crate) fn key(&self) -> String {
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
        Ping(PingRequest) = "ping", ack asyncapi::payload_or_error::<Pong>;
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
        PlaceBet(AviatorBetRequest) = "place_bet", ack asyncapi::payload_or_error::<aviator_wire::BetPlaced>;
        /// Cancels a bet while the round counts down; `pending` if the refund has not committed within 3 s
        /// (`bet_cancelled` follows to the player's room)
        CancelBet(AviatorBetRef) = "cancel_bet", ack asyncapi::payload_or_error::<aviator_wire::BetCancelled>;
        /// Cashes a bet out at the multiplier of the server's clock on receipt; `pending` if the payment has not
        /// committed within 3 s (`cash_out_success` and `bet_result` follow to the player's room)
        CashOut(AviatorBetRef) = "cash_out", ack asyncapi::payload_or_error::<aviator_wire::CashOutSuccess>;
    }
}

client_events! {
    /// The Matka market list's room.
    pub enum MatkaEvent in "matka" {
        /// Joins the room; the ack is the market list
        Join(Nothing) = "matka:join", ack asyncapi::payload_or_error::<matka_wire::MarketList>;
        /// Leaves the room
        Leave(Nothing) = "matka:leave", ack asyncapi::payload::<Done>;
    }
}

client_events! {
    /// A three-card game's room.
    pub enum ParchiEvent in "parchi:{id}" {
        /// Joins the match's room; the ack is the board
        Join(ParchiRoomRequest) = "parchi:join", ack asyncapi::payload_or_error::<parchi_wire::BoardView>;
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
        Subscribe(SportsRoomRequest) = "subscribe", ack asyncapi::payload_or_error::<sports_wire::MatchDetail>;
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
