//! Round games over the socket: `{game}:join` (joins the game's room; the ack is the table's state),
//! `{game}:leave`, `{game}:placeBet` ({roundId, bets: [{pick, amount}], totalBets}; Titli Par's `selectedCard` also
//! works), and Titli Par's `titli:requestNextImage` (the last revealed picture, also as `titli:nextImage`).

use super::{RoundTables, RoundUserField, WirePick, accepted, place};
use crate::aviator::socket::{ack, done, refusal, refuse};
use crate::money::Rupees;
use crate::socketio::{Emit, EventReply, Principal, SocketHandle};
use casino_actors::table::actor::{RoundTableRoute, Snapshot};
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

/// The game and the action of a round-game event, if it is one.
pub fn split(name: &str) -> Option<(&str, &str)> {
    let (game, action) = name.split_once(':')?;
    matches!(game, "titli" | "andar_bahar" | "color").then_some((game, action))
}

pub async fn answer(
    tables: RoundTables,
    who: Principal,
    socket: SocketHandle,
    game: String,
    action: String,
    p: Value,
) -> EventReply {
    match game.as_str() {
        "titli" => act(&tables.titli, &who, &socket, &game, &action, &p).await,
        "andar_bahar" => act(&tables.andar_bahar, &who, &socket, &game, &action, &p).await,
        _ => act(&tables.color, &who, &socket, &game, &action, &p).await,
    }
}

fn unavailable() -> Value {
    refusal("unavailable", "The game is unavailable, please try again")
}

async fn act<G: WirePick>(
    table: &RoundTableRoute<G>,
    who: &Principal,
    socket: &SocketHandle,
    game: &str,
    action: &str,
    p: &Value,
) -> EventReply {
    match action {
        "join" => {
            socket.join(game);
            EventReply::ack(vec![table.ask(Snapshot).await.ok().flatten().unwrap_or_else(unavailable)])
        }
        "leave" => {
            socket.leave(game);
            EventReply::ack(done())
        }
        "placeBet" => {
            let ack = match place(table, who.user_id, &who.username, p).await {
                Ok(taken) => serde_json::to_value(accepted(&taken, None)).unwrap_or_else(|_| unavailable()),
                Err(r) => r.ack(),
            };
            EventReply::ack(vec![ack])
        }
        "requestNextImage" if game == "titli" => {
            let state = table.ask(Snapshot).await.ok().flatten().unwrap_or(Value::Null);
            let last = state["history"].get(0).cloned().unwrap_or(Value::Null);
            let body = ack(&TitliNextImage {
                success: true,
                roundId: last["roundId"].clone(),
                result: last["result"].clone(),
            });
            EventReply::new(vec![Emit::new("titli:nextImage", body.clone())], vec![body])
        }
        _ => EventReply::ack(refuse("unknown_event", "Unknown event")),
    }
}
