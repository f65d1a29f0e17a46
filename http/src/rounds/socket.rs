//! Round games over the socket: `{game}:join` (joins the game's room; the ack is the table's state),
//! `{game}:leave`, `{game}:placeBet` ({roundId, bets: [{pick, amount}], totalBets}; Titli Par's `selectedCard` also
//! works), and Titli Par's `titli:requestNextImage` (the last revealed picture, also as `titli:nextImage`).

use super::{RoundTables, WirePick, accepted, place};
use crate::socketio::{Emit, EventReply, Principal, SocketHandle};
use casino_actors::table::actor::{RoundTableRoute, Snapshot};
use serde_json::{Value, json};

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
    json!({ "success": false, "error": "unavailable", "message": "The game is unavailable, please try again" })
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
            EventReply::ack(vec![json!({ "success": true })])
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
            let body = json!({ "success": true, "roundId": last["roundId"], "result": last["result"] });
            EventReply::new(vec![Emit::new("titli:nextImage", body.clone())], vec![body])
        }
        _ => EventReply::ack(vec![json!({ "success": false, "error": "unknown_event", "message": "Unknown event" })]),
    }
}
