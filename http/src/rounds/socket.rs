//! Round games over the socket: `{game}:join` (joins the game's room; the ack is the table's state),
//! `{game}:leave`, `{game}:placeBet` ({roundId, bets: [{pick, amount}], totalBets}; Titli Par's `selectedCard` also
//! works), and Titli Par's `titli:requestNextImage` (the last revealed picture, also as `titli:nextImage`).

use super::{RoundBet, RoundTables, RoundUserField, WirePick, accepted, place};
use crate::asyncapi::{self, Payload};
use crate::aviator::socket::{Done, ack, done, refusal};
use crate::client_events::{self, Refusal, Refuses};
use crate::money::Rupees;
use crate::socketio::{Emit, EventReply, Principal, SocketHandle};
use casino_actors::ErrorCode;
use casino_actors::table::actor::{RoundTableRoute, Snapshot};
use casino_actors::table::game::RoundRules;
use casino_actors::table::wire::{BetAccepted, GameState};
use casino_actors::titli;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// `{game}:placeBet`'s payload. The documented shape: the server reads it field by field, as the REST bet calls
/// do. Lines come from `bets`, or Titli Par's `selectedCard: [{imageNumber | image, betAmount}]`, or else
/// the payload itself is one line (`{pick | label, amount | stake}`); a line's pick may also be named `imageNumber`,
/// `image`, `label`, `colour` or `color`, its amount `betAmount` or `stake`. `totalBets`, when sent, must be the
/// lines' sum (`total_mismatch`); `roundId`, when sent, must be the round in play (`wrong_round`); `userId` /
/// `user`, when sent, must be the caller (`forbidden`).
#[derive(Deserialize, ToSchema)]
#[schema(as = RoundBetRequest)]
#[allow(non_snake_case, dead_code)]
pub struct BetRequest<P> {
    /// The round in play (a number or numeric string).
    #[schema(value_type = Option<i64>)]
    roundId: Option<Value>,
    bets: Option<Vec<BetLineRequest<P>>>,
    totalBets: Option<Rupees>,
    userId: Option<RoundUserField>,
    user: Option<RoundUserField>,
}

/// One line of a round-game bet: a pick (as the game writes it) and its stake.
#[derive(Deserialize, ToSchema)]
#[schema(as = RoundBetLineRequest)]
#[allow(dead_code)]
pub struct BetLineRequest<P> {
    pick: P,
    amount: Rupees,
}

/// Sent to the connection that asked `titli:requestNextImage`, just before the ack (the same body).
pub const NEXT_IMAGE: &str = "titli:nextImage";

/// `titli:requestNextImage`'s ack and `titli:nextImage`: the latest revealed round (both `null` before any).
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct TitliNextImage {
    pub success: bool,
    #[schema(value_type = Option<i64>)]
    pub roundId: Value,
    #[schema(value_type = Option<titli::wire::Shown>)]
    pub result: Value,
}

/// A round game's events: `{game}:join`, `{game}:leave`, `{game}:placeBet` and Titli Par's
/// `titli:requestNextImage`.
pub enum RoundEvent<G: WirePick> {
    Join,
    Leave,
    PlaceBet(RoundBet<G>),
    RequestNextImage,
}

/// The actions of a round game's events, with the catalogue's summaries (`{title}`: the game's name).
const ACTIONS: [(&str, &str); 4] = [
    ("join", "Joins the room; the ack is the table's state ({title})"),
    ("leave", "Leaves the room"),
    (
        "placeBet",
        "Places a bet on the round in play; acked once the wallet committed the hold (a refused bet moves nothing)",
    ),
    ("requestNextImage", "The latest revealed picture; also sent as `titli:nextImage` just before the ack"),
];

impl<G: WirePick> RoundEvent<G> {
    /// Whether the game has `action` (only Titli Par shows its last picture on request).
    fn has(action: &str) -> bool {
        ACTIONS.iter().any(|(a, _)| *a == action) && (action != "requestNextImage" || G::NAME == "titli")
    }

    fn parse(action: &str, payload: Value) -> Result<Self, Refusal> {
        Ok(match action {
            "join" => RoundEvent::Join,
            "leave" => RoundEvent::Leave,
            "placeBet" => RoundEvent::PlaceBet(client_events::parse(payload)?),
            "requestNextImage" if Self::has(action) => RoundEvent::RequestNextImage,
            _ => return Err(client_events::UNKNOWN_EVENT),
        })
    }

    /// The game's events as the catalogue lists them, in [`ACTIONS`]' order (`title`: the game's name).
    fn catalogue(title: &str) -> Vec<asyncapi::Event> {
        let acks: [Payload; 4] = [
            |s| asyncapi::or_error(s, asyncapi::payload_of2::<GameState<G::Pick, G::Shown>, G::Pick, G::Shown>),
            asyncapi::payload::<Done>,
            |s| asyncapi::or_error(s, asyncapi::payload_of::<BetAccepted<G::Pick>, G::Pick>),
            asyncapi::payload::<TitliNextImage>,
        ];
        let payloads = [asyncapi::nothing, asyncapi::nothing, <RoundBet<G> as Refuses>::SCHEMA, asyncapi::nothing];
        ACTIONS
            .iter()
            .zip(acks.into_iter().zip(payloads))
            .filter(|((action, _), _)| Self::has(action))
            .map(|((action, summary), (ack, payload))| {
                let name = format!("{}:{action}", G::NAME);
                client_events::entry(G::NAME, name, summary.replace("{title}", title), payload, ack)
            })
            .collect()
    }
}

macro_rules! round_requests {
    ([] $(($name:ident, $Variant:ident, $Rules:path))*) => {
        /// A round game's event, by game.
        pub enum RoundRequest {
            $($Variant(RoundEvent<$Rules>),)*
        }

        impl RoundRequest {
            /// Whether `name` is a round game's event.
            pub fn accepts(name: &str) -> bool {
                match name.split_once(':') {
                    $(Some((game, action)) if game == <$Rules as RoundRules>::NAME => RoundEvent::<$Rules>::has(action),)*
                    _ => false,
                }
            }

            pub fn parse(name: &str, payload: Value) -> Result<Self, Refusal> {
                match name.split_once(':') {
                    $(Some((game, action)) if game == <$Rules as RoundRules>::NAME => {
                        RoundEvent::parse(action, payload).map(RoundRequest::$Variant)
                    })*
                    _ => Err(client_events::UNKNOWN_EVENT),
                }
            }

            /// Every round game's events, as the catalogue lists them.
            pub fn catalogue() -> Vec<asyncapi::Event> {
                [$(RoundEvent::<$Rules>::catalogue(<$Rules as RoundRules>::TITLE)),*].into_iter().flatten().collect()
            }
        }

        /// Answers a round game's event.
        pub async fn answer(tables: RoundTables, who: Principal, socket: SocketHandle, request: RoundRequest) -> EventReply {
            match request {
                $(RoundRequest::$Variant(e) => act(&tables.$name, &who, &socket, e).await,)*
            }
        }
    };
}
casino_actors::round_games!(round_requests!);

fn unavailable() -> Value {
    refusal(ErrorCode::Unavailable, "The game is unavailable, please try again")
}

async fn act<G: WirePick>(
    table: &RoundTableRoute<G>,
    who: &Principal,
    socket: &SocketHandle,
    event: RoundEvent<G>,
) -> EventReply {
    match event {
        RoundEvent::Join => {
            socket.join(G::NAME);
            EventReply::ack(vec![table.ask(Snapshot).await.ok().flatten().unwrap_or_else(unavailable)])
        }
        RoundEvent::Leave => {
            socket.leave(G::NAME);
            EventReply::ack(done())
        }
        RoundEvent::PlaceBet(bet) => {
            let ack = match place(table, who.user_id, &who.username, bet).await {
                Ok(taken) => serde_json::to_value(accepted(&taken, None)).unwrap_or_else(|_| unavailable()),
                Err(r) => r.ack(),
            };
            EventReply::ack(vec![ack])
        }
        RoundEvent::RequestNextImage => {
            let state = table.ask(Snapshot).await.ok().flatten().unwrap_or(Value::Null);
            let last = state["history"].get(0).cloned().unwrap_or(Value::Null);
            let body = ack(&TitliNextImage {
                success: true,
                roundId: last["roundId"].clone(),
                result: last["result"].clone(),
            });
            EventReply::new(vec![Emit::new(NEXT_IMAGE, body.clone())], vec![body])
        }
    }
}
