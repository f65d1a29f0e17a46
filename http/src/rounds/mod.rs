//! The round games over HTTP and the socket: Titli Par, Andar Bahar and Color Prediction share one shape
//! (`casino_actors::table`), so one generic path serves all three: parse a bet into lines, ask the table, answer.
//! The spec's own names for Titli Par and Andar Bahar are in `spec_routes.rs`; fairness and history in `routes.rs`.

pub mod routes;
pub mod socket;
pub mod spec_routes;

use crate::asyncapi::{self, Payload};
use crate::client_events::{self, Refuses, UserField};
use crate::error::ApiError;
use crate::money::parse_rupees;
use actix_web::http::StatusCode;
use casino_actors::ErrorCode;
use casino_actors::andar_bahar::rules::{AndarBahar, Side};
use casino_actors::color::rules::{Color, Colour};
use casino_actors::ids::{RoundId, UserId};
use casino_actors::money::Paise;
use casino_actors::table::actor::{BetError, BetTaken, PlaceBet, RoundTableRoute};
use casino_actors::table::game::RoundRules;
use casino_actors::table::hold::Refused;
use casino_actors::table::wire::{BetAccepted, PickLine, RoundWire};
use casino_actors::titli::rules::{Picture, Titli};
use serde::Deserialize;
use serde_json::Value;

macro_rules! round_tables {
    ([] $(($name:ident, $Variant:ident, $Rules:path))*) => {
        /// The live round tables.
        #[derive(Clone)]
        pub struct RoundTables {
            $(pub $name: RoundTableRoute<$Rules>,)*
        }

        impl RoundTables {
            /// Tables no node serves yet (cluster mode: until their leases are taken).
            pub fn vacant() -> RoundTables {
                RoundTables { $($name: casino_actors::cluster::remote::Route::vacant(),)* }
            }

            /// Stops every table at shutdown.
            pub async fn shut_down(&self) {
                $(let _ = self.$name.send(casino_actors::table::actor::Shutdown).await;)*
            }
        }

        // A game known by name, with what the routes need of it. In the documents: `RoundGameName`.
        /// A round game: `titli` (Titli Par), `andar_bahar` (Andar Bahar) or `color` (Color Prediction).
        #[derive(Clone, Copy, PartialEq, Eq, Debug, utoipa::ToSchema)]
        #[schema(as = RoundGameName)]
        #[serde(rename_all = "snake_case")]
        pub enum Game {
            $($Variant,)*
        }

        impl Game {
            /// Every round game, in the order of the list.
            pub const ALL: &[Game] = &[$(Game::$Variant),*];

            /// Its name: its room and the `{game}` of its routes.
            pub fn name(self) -> &'static str {
                match self {
                    $(Game::$Variant => <$Rules as RoundRules>::NAME,)*
                }
            }

            /// Its title, as players see it.
            pub fn title(self) -> &'static str {
                match self {
                    $(Game::$Variant => <$Rules as RoundRules>::TITLE,)*
                }
            }

            /// The game named `name`, else 404 `not_found`.
            pub fn parse(name: &str) -> Result<Game, ApiError> {
                Game::ALL.iter().copied().find(|g| g.name() == name).ok_or_else(|| {
                    let names: Vec<&str> = Game::ALL.iter().map(|g| g.name()).collect();
                    ApiError::not_found(format!("No such round game ({})", names.join(", ")))
                })
            }
        }
    };
}
casino_actors::round_games!(round_tables!);

/// `on_table!(tables, game, |t| body)`: runs `body` with `t` the table of `game`, a `&RoundTableRoute<G>` of that
/// game's own rules type, so one generic body serves every game.
macro_rules! on_table {
    ($tables:expr, $game:expr, |$t:ident| $body:expr) => {
        casino_actors::round_games!(crate::rounds::on_table_arms!($tables, $game, $t, $body))
    };
}

macro_rules! on_table_arms {
    ([$tables:expr, $game:expr, $t:ident, $body:expr] $(($name:ident, $Variant:ident, $Rules:path))*) => {
        match $game {
            $($crate::rounds::Game::$Variant => {
                let $t = &$tables.$name;
                $body
            })*
        }
    };
}
pub(crate) use {on_table, on_table_arms};

/// What the HTTP and socket layer needs of a round game besides the shared table: how clients write its picks, and
/// what the event catalogue says of it.
pub trait WirePick: RoundWire<Pick: utoipa::ToSchema, Shown: utoipa::ToSchema, Step: utoipa::ToSchema> {
    /// Its room, as the event catalogue describes it.
    const ROOM: &'static str;
    fn pick_from(v: &Value) -> Option<Self::Pick>;
    /// The events it sends besides every table's (see `socket_events`), for the catalogue.
    fn more_events() -> Vec<asyncapi::Event> {
        Vec::new()
    }
}

/// `each_game!(f)`: `[f::<G>(), …]`, a call of the generic `f` for every round game.
macro_rules! each_game {
    ($f:ident) => {
        casino_actors::round_games!(crate::rounds::each_game_call!($f))
    };
}

macro_rules! each_game_call {
    ([$f:ident] $(($name:ident, $Variant:ident, $Rules:path))*) => {
        [$($f::<$Rules>()),*]
    };
}
pub(crate) use {each_game, each_game_call};

fn text(v: &Value) -> Option<&str> {
    v.as_str().map(str::trim)
}

impl WirePick for Titli {
    const ROOM: &'static str =
        "Titli Par's table: joined with `titli:join`, left with `titli:leave`. Picks are picture numbers 1–12.";

    /// A picture number (1–12, number or text) or a picture's name.
    fn pick_from(v: &Value) -> Option<Picture> {
        match v {
            Value::Number(n) => n.as_u64().and_then(|n| u8::try_from(n).ok()).and_then(|n| Picture::try_from(n).ok()),
            Value::String(s) => Picture::parse(s),
            _ => None,
        }
    }

    fn more_events() -> Vec<asyncapi::Event> {
        vec![asyncapi::Event::to_client(
            Titli::NAME,
            socket::NEXT_IMAGE,
            "To the connection that sent `titli:requestNextImage` alone, just before its ack (the same body)",
            asyncapi::payload::<socket::TitliNextImage>,
        )]
    }
}

impl WirePick for AndarBahar {
    const ROOM: &'static str = "Andar Bahar's table: joined with `andar_bahar:join`, left with `andar_bahar:leave`. \
                                Picks are `Andar` or `Bahar`; the deal is revealed a card a second.";

    fn pick_from(v: &Value) -> Option<Side> {
        match text(v)?.to_ascii_lowercase().as_str() {
            "andar" => Some(Side::Andar),
            "bahar" => Some(Side::Bahar),
            _ => None,
        }
    }
}

impl WirePick for Color {
    const ROOM: &'static str = "Color Prediction's table: joined with `color:join`, left with `color:leave`. Picks are `red`, `green` or `blue`.";

    fn pick_from(v: &Value) -> Option<Colour> {
        match text(v)?.to_ascii_lowercase().as_str() {
            "red" => Some(Colour::Red),
            "green" => Some(Colour::Green),
            "blue" => Some(Colour::Blue),
            _ => None,
        }
    }
}

/// Why a bet request is refused before it reaches a table (or by the table): a code and a message.
#[derive(Debug)]
pub struct Refusal {
    pub status: StatusCode,
    pub code: ErrorCode,
    pub message: String,
}

impl Refusal {
    fn bad(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal { status: StatusCode::BAD_REQUEST, code, message: message.into() }
    }

    pub fn ack(&self) -> Value {
        crate::aviator::socket::refusal(self.code, self.message.clone())
    }
}

impl From<client_events::Refusal> for Refusal {
    fn from(r: client_events::Refusal) -> Refusal {
        let status = if r.code == ErrorCode::Forbidden { StatusCode::FORBIDDEN } else { StatusCode::BAD_REQUEST };
        Refusal { status, code: r.code, message: r.message.into_owned() }
    }
}

impl From<Refusal> for client_events::Refusal {
    fn from(r: Refusal) -> client_events::Refusal {
        client_events::Refusal { code: r.code, message: r.message.into() }
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> ApiError {
        ApiError::new(r.status, r.code, r.message)
    }
}

impl From<BetError> for Refusal {
    fn from(e: BetError) -> Refusal {
        let status = match e {
            BetError::Refused(Refused::Unavailable) => StatusCode::SERVICE_UNAVAILABLE,
            BetError::Rule(_) | BetError::Suspended => StatusCode::CONFLICT,
            BetError::Refused(Refused::InsufficientBalance) => StatusCode::BAD_REQUEST,
            BetError::Refused(Refused::Limited(_)) => StatusCode::FORBIDDEN,
        };
        Refusal { status, code: e.code(), message: e.to_string() }
    }
}

/// A stake: rupees with at most 2 decimals (the table checks the limits, zero and negatives included).
fn stake(v: &Value) -> Result<Paise, Refusal> {
    parse_rupees(v).map_err(|e| Refusal::bad(ErrorCode::InvalidAmount, format!("Invalid amount: {e}")))
}

/// Lines from `[{pick, amount}]` (the shared form), `[{imageNumber | image, betAmount}]` (Titli Par's
/// `selectedCard`), or one `{pick | label, amount | stake}`.
fn lines<G: WirePick>(p: &Value) -> Result<Vec<(G::Pick, Paise)>, Refusal> {
    let items: Vec<&Value> = match (&p["bets"], &p["selectedCard"]) {
        (Value::Array(a), _) | (_, Value::Array(a)) => a.iter().collect(),
        _ => vec![p],
    };
    items
        .into_iter()
        .map(|item| {
            let pick = ["pick", "imageNumber", "image", "label", "colour", "color"]
                .iter()
                .map(|f| &item[*f])
                .find(|v| !v.is_null())
                .ok_or_else(|| Refusal::bad(ErrorCode::NoPicks, "Choose what to bet on"))?;
            let pick = G::pick_from(pick)
                .ok_or_else(|| Refusal::bad(ErrorCode::UnknownPick, "There is no such pick in this game"))?;
            let amount = ["amount", "betAmount", "stake"]
                .iter()
                .map(|f| &item[*f])
                .find(|v| !v.is_null())
                .ok_or_else(|| Refusal::bad(ErrorCode::InvalidAmount, "Please enter a valid bet amount"))?;
            Ok((pick, stake(amount)?))
        })
        .collect()
}

/// An optional rupee total (`totalBets`).
fn claimed_total(p: &Value) -> Result<Option<Paise>, Refusal> {
    match &p["totalBets"] {
        Value::Null => Ok(None),
        v => stake(v).map(Some),
    }
}

/// A round id: a number or its text.
fn round_of(v: &Value) -> Option<RoundId> {
    match v {
        Value::Number(n) => n.as_i64().map(RoundId),
        Value::String(s) => s.trim().parse().ok().map(RoundId),
        _ => None,
    }
}

/// The `user` or `userId` a bet's body may carry (it must be the caller): an id as a number or numeric text, or a
/// user object with its `id`.
#[derive(serde::Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub enum RoundUserField {
    Id(i64),
    Text(String),
    User { id: i64 },
}

/// A round-game bet as clients send it (the socket's `{game}:placeBet` and the spec's REST bet calls), read once:
/// its lines ([`lines`]), the round and total it claims, and the `userId` / `user` it names (which must be the
/// caller). The documented shape is `socket::BetRequest`.
pub struct RoundBet<G: WirePick> {
    round: Option<RoundId>,
    lines: Vec<(G::Pick, Paise)>,
    total: Option<Paise>,
    users: [UserField; 2],
}

impl<'de, G: WirePick> serde::Deserialize<'de> for RoundBet<G> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // Read leniently in `read`; as a plain serde type a bet is read the same way, its refusal the error.
        let v = Value::deserialize(d)?;
        Self::read(v).map_err(|r| serde::de::Error::custom(r.code))
    }
}

impl<G: WirePick> Refuses for RoundBet<G> {
    fn refusal(_: &str) -> client_events::Refusal {
        client_events::Refusal::new(ErrorCode::NoPicks, "Choose what to bet on")
    }
    const SCHEMA: Payload = asyncapi::payload_of::<socket::BetRequest<G::Pick>, G::Pick>;

    fn read(p: Value) -> Result<Self, client_events::Refusal> {
        if !(p.is_object() || p.is_null()) {
            return Err(Self::refusal(""));
        }
        let user = |field: &str| UserField::deserialize(&p[field]).map_err(|_| client_events::INVALID_USER_ID);
        let users = [user("userId")?, user("user")?];
        let round = match &p["roundId"] {
            Value::Null => None,
            v => Some(
                round_of(v)
                    .ok_or(client_events::Refusal::new(ErrorCode::WrongRound, "This round is not open for bets"))?,
            ),
        };
        let lines = lines::<G>(&p)?;
        let total = claimed_total(&p)?;
        Ok(RoundBet { round, lines, total, users })
    }
}

/// Places a bet; the answer is the taken ticket.
pub async fn place<G: WirePick>(
    table: &RoundTableRoute<G>,
    user: UserId,
    name: &str,
    bet: RoundBet<G>,
) -> Result<BetTaken<G::Pick>, Refusal> {
    client_events::check_caller(&bet.users, user, None)?;
    let msg = PlaceBet::<G> { user, name: name.to_string(), round: bet.round, lines: bet.lines, total: bet.total };
    match table.ask(msg).await {
        Ok(r) => r.map_err(Refusal::from),
        Err(_) => Err(BetError::Refused(Refused::Unavailable).into()),
    }
}

/// The success answer of a taken bet, with `message` for the spec's REST calls that show one.
pub fn accepted<P: Copy>(t: &BetTaken<P>, message: Option<&'static str>) -> BetAccepted<P> {
    BetAccepted {
        success: true,
        round_id: t.round.0,
        ticket: t.ticket,
        bets: t.lines.iter().map(|(pick, amount)| PickLine { pick: *pick, amount: *amount }).collect(),
        total: t.total,
        balance: t.balance,
        new_balance: t.balance,
        message,
    }
}
