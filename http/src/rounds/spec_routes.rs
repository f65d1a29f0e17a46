//! The spec's names for Titli Par and Andar Bahar, on the shared round tables. The client never decides an
//! outcome or a payout: `POST /api/bets2` takes the server's odds whatever the body says, and the spec's
//! client-driven `PUT /api/updateWinStatus` and `POST /wallet/update` are not offered to players.

use super::place;
use super::routes::{Game, Limit, rows_for};
use crate::accounts::resolve_user;
use crate::auth::Authed;
use crate::error::ApiError;
use crate::state::State;
use actix_web::{HttpResponse, get, post, web};
use casino_actors::table::actor::Snapshot;
use serde_json::{Value, json};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(titli_bet).service(titli_bets).service(titli_latest).service(bets2_place).service(bets2_list);
}

/// `{user, selectedCard: [{imageNumber | image, betAmount}], totalBets, gameId}` → `{success, newBalance, …}`.
#[post("/api/titli/new/bets")]
async fn titli_bet(state: State, who: Authed, body: web::Json<Value>) -> Result<HttpResponse, ApiError> {
    let taken = place(&state.tables.rounds.titli, who.user.id, &who.user.phone, &body).await?;
    Ok(HttpResponse::Created().json(super::accepted(&taken, None)))
}

#[get("/api/pappu/bets/{userId}")]
async fn titli_bets(
    state: State,
    who: Authed,
    path: web::Path<String>,
    q: web::Query<Limit>,
) -> Result<HttpResponse, ApiError> {
    let user = resolve_user(&state, &who, &path).await?;
    let rows = rows_for(&state, &Game::Titli, user.id, q.limit.unwrap_or(50).clamp(1, 500)).await?;
    Ok(HttpResponse::Ok().json(json!({ "success": true, "bets": rows })))
}

/// The latest revealed picture (the client never chooses one).
#[get("/api/titli/get-random-image")]
async fn titli_latest(state: State) -> Result<HttpResponse, ApiError> {
    let s = state.tables.rounds.titli.ask(Snapshot).await.ok().flatten().unwrap_or(Value::Null);
    let last = s["history"].get(0).cloned().unwrap_or(Value::Null);
    Ok(HttpResponse::Ok().json(json!({
        "success": true, "roundId": last["roundId"], "randomImage": last["result"]["winningImage"],
        "winningImageNumber": last["result"]["winningImageNumber"],
    })))
}

/// `{userId, label: Andar | Bahar, stake}`: a bet on the round in play at the server's odds.
#[post("/api/bets2")]
async fn bets2_place(state: State, who: Authed, body: web::Json<Value>) -> Result<HttpResponse, ApiError> {
    let taken = place(&state.tables.rounds.andar_bahar, who.user.id, &who.user.phone, &body).await?;
    let message = Some("Bet placed successfully! Your updated wallet balance");
    Ok(HttpResponse::Created().json(super::accepted(&taken, message)))
}

/// The player's Andar Bahar bets, newest first, in the spec's shape (`label`, `stake`, `odds`, `profit`, `isWin`).
#[get("/api/bets2/{userId}")]
async fn bets2_list(
    state: State,
    who: Authed,
    path: web::Path<String>,
    q: web::Query<Limit>,
) -> Result<HttpResponse, ApiError> {
    let user = resolve_user(&state, &who, &path).await?;
    let payouts =
        state.tables.rounds.andar_bahar.ask(Snapshot).await.ok().flatten().unwrap_or(Value::Null)["payouts"].clone();
    let odds = |label: &Value| {
        payouts
            .as_array()
            .and_then(|ps| ps.iter().find(|p| p["pick"] == *label))
            .and_then(|p| p["payout"].as_f64())
            .map(|x| ((x - 1.0) * 100.0).round() / 100.0)
    };
    let rows = rows_for(&state, &Game::AndarBahar, user.id, q.limit.unwrap_or(50).clamp(1, 500)).await?;
    let bets: Vec<Value> = rows
        .into_iter()
        .map(|r| {
            let label = r["bets"][0]["pick"].clone();
            let stake = r["stake"].as_f64().unwrap_or(0.0);
            let profit = r["payout"].as_f64().map(|p| ((p - stake) * 100.0).round() / 100.0);
            let is_win = match r["status"].as_str() {
                Some("won") => "win",
                Some("lost") => "loss",
                _ => "pending",
            };
            json!({
                "roundId": r["roundId"], "ticket": r["ticket"], "label": label, "stake": r["stake"], "odds": odds(&label),
                "profit": profit, "payout": r["payout"], "isWin": is_win, "createdAt": r["createdAt"], "result": r["result"],
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({ "success": true, "bets": bets })))
}
