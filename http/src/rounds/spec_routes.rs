//! The spec's names for Titli Par and Andar Bahar, on the shared round tables. The client never decides an
//! outcome or a payout: `POST /api/bets2` takes the server's odds whatever the body says, and the spec's
//! client-driven `PUT /api/updateWinStatus` and `POST /wallet/update` are not offered to players.

use super::Game;
use super::routes::{Limit, RoundBetList, RoundBetStatus, rows_for};
use super::{RoundUserField, place};
use crate::auth::Authed;
use crate::error::{Answer, ApiError, refusals};
use crate::money::Rupees;
use crate::openapi::Area;
use crate::state::State;
use crate::user_ref::PathUser;
use actix_web::{HttpResponse, get, post, web};
use casino_actors::andar_bahar::rules::Side;
use casino_actors::money::{Paise, RupeesJson, as_rupees};
use casino_actors::table::actor::Snapshot;
use casino_actors::table::wire::BetAccepted;
use casino_actors::titli::rules::Picture;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn routes(cfg: &mut ServiceConfig) {
    Area::new(cfg, "rounds")
        .player(titli_bet)
        .player(titli_bets)
        .public(titli_latest)
        .player(bets2_place)
        .player(bets2_list);
}

/// A Titli Par line as the spec's client writes it: `imageNumber` (or `image`: a number or a picture's name) and
/// `betAmount`. The shared `{pick, amount}` form is accepted too.
#[derive(Deserialize, ToSchema)]
#[allow(non_snake_case, dead_code)]
pub struct TitliCardBody {
    imageNumber: Option<Picture>,
    /// A picture's number or name (e.g. `kite`).
    image: Option<String>,
    betAmount: Option<Rupees>,
}

/// A Titli Par bet. Lines come from `selectedCard` (or `bets: [{pick, amount}]`); `totalBets`, when sent, must be
/// their sum; `roundId`, when sent, must be the round in play; `user`/`userId`, when sent, must be the caller.
/// `gameId` is ignored. The client never decides the outcome or the odds.
#[derive(Deserialize, ToSchema)]
#[allow(non_snake_case, dead_code)]
pub struct TitliBetBody {
    user: Option<RoundUserField>,
    userId: Option<RoundUserField>,
    selectedCard: Vec<TitliCardBody>,
    totalBets: Option<Rupees>,
    #[schema(value_type = Option<i64>)]
    roundId: Option<Value>,
}

refusals!(
    /// The refusals of a bet in the spec's shapes (Titli Par's, Andar Bahar's).
    RoundBetErrors {
        400: "`invalid_request`, `no_picks`, `unknown_pick`, `invalid_amount`, `insufficient_balance`",
        403: "`forbidden`: the body names another user; `rg_stake_limit`, `rg_loss_limit`, `rg_on_break`, \
            `rg_self_excluded`: the player's own limits or break (nothing moved)",
        409: "`betting_closed`, `wrong_round`, `no_picks`, `too_many_picks`, `duplicate_pick`, \
            `stake_too_low`, `stake_too_high`, `total_mismatch`, `suspended`",
        503: "`unavailable`: the table is unavailable; nothing moved",
    }
);

/// `{user, selectedCard: [{imageNumber | image, betAmount}], totalBets, gameId}` → `{success, newBalance, …}`.
#[utoipa::path(
    request_body = TitliBetBody,
    responses((status = 201, description = "Taken: the ticket and the balance after the stake is held", body = BetAccepted<Picture>), RoundBetErrors)
)]
#[post("/api/titli/new/bets")]
async fn titli_bet(state: State, who: Authed, body: web::Json<Value>) -> Answer {
    let taken = place(&state.tables.rounds.titli, who.user.id, &who.user.phone, bet(body)?).await?;
    Ok(HttpResponse::Created().json(super::accepted(&taken, None)))
}

#[utoipa::path(
    params(Limit),
    responses((status = 200, description = "The user's Titli Par tickets, the round in play first (default 50, 1–500)", body = RoundBetList))
)]
#[get("/api/pappu/bets/{userId}")]
async fn titli_bets(state: State, user: PathUser, q: web::Query<Limit>) -> Answer {
    let rows = rows_for(&state, Game::Titli, user.user.id, q.or(50)).await?;
    Ok(HttpResponse::Ok().json(RoundBetList { success: true, bets: rows }))
}

/// The latest revealed Titli Par picture; its fields are `null` before any round was revealed.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct TitliLatestJson {
    pub success: bool,
    #[schema(value_type = Option<i64>)]
    pub roundId: Value,
    /// The picture's name, e.g. `kite`.
    #[schema(value_type = Option<casino_actors::titli::rules::PictureName>)]
    pub randomImage: Value,
    #[schema(value_type = Option<Picture>)]
    pub winningImageNumber: Value,
}

/// The latest revealed picture (the client never chooses one).
#[utoipa::path(responses((status = 200, body = TitliLatestJson)))]
#[get("/api/titli/get-random-image")]
async fn titli_latest(state: State) -> Answer {
    let s = state.tables.rounds.titli.ask(Snapshot).await.ok().flatten().unwrap_or(Value::Null);
    let last = s["history"].get(0).cloned().unwrap_or(Value::Null);
    Ok(HttpResponse::Ok().json(TitliLatestJson {
        success: true,
        roundId: last["roundId"].clone(),
        randomImage: last["result"]["winningImage"].clone(),
        winningImageNumber: last["result"]["winningImageNumber"].clone(),
    }))
}

/// An Andar Bahar bet as the spec's client writes it: `label` and `stake` (the shared `{pick, amount}` and
/// `bets: [{pick, amount}]` forms are accepted too). `roundId`, when sent, must be the round in play;
/// `userId`/`user`, when sent, must be the caller. Odds in the body are ignored: the server's apply.
#[derive(Deserialize, ToSchema)]
#[allow(non_snake_case, dead_code)]
pub struct AndarBaharBetBody {
    userId: Option<RoundUserField>,
    label: Side,
    stake: Rupees,
    totalBets: Option<Rupees>,
    #[schema(value_type = Option<i64>)]
    roundId: Option<Value>,
}

/// `{userId, label: Andar | Bahar, stake}`: a bet on the round in play at the server's odds.
#[utoipa::path(
    request_body = AndarBaharBetBody,
    responses((status = 201, description = "Taken: the ticket and the balance after the stake is held", body = BetAccepted<Side>), RoundBetErrors)
)]
#[post("/api/bets2")]
async fn bets2_place(state: State, who: Authed, body: web::Json<Value>) -> Answer {
    let taken = place(&state.tables.rounds.andar_bahar, who.user.id, &who.user.phone, bet(body)?).await?;
    let message = Some("Bet placed successfully! Your updated wallet balance");
    Ok(HttpResponse::Created().json(super::accepted(&taken, message)))
}

/// The outcome of an Andar Bahar bet for the spec's client.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AndarBaharIsWin {
    Win,
    Loss,
    Pending,
}

/// An Andar Bahar bet in the spec's shape.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct AndarBaharBetJson {
    pub roundId: i64,
    pub ticket: u32,
    /// The ticket's (first) side.
    #[schema(value_type = Option<Side>)]
    pub label: Value,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub stake: Paise,
    /// The profit per rupee a win pays at the current odds, e.g. 0.9 (`null` if the table is unavailable).
    pub odds: Option<f64>,
    /// Payout minus stake, in rupees (`null` while open).
    pub profit: Option<f64>,
    /// What the ticket paid (`null` while open).
    #[serde(serialize_with = "casino_actors::money::rupees_opt::serialize")]
    #[schema(value_type = Option<RupeesJson>)]
    pub payout: Option<Paise>,
    pub isWin: AndarBaharIsWin,
    /// ISO 8601, UTC.
    pub createdAt: String,
    /// The deal (`null` while open).
    #[schema(value_type = Option<casino_actors::andar_bahar::wire::Shown>)]
    pub result: Option<Value>,
}

#[derive(Serialize, ToSchema)]
pub struct AndarBaharBetList {
    pub success: bool,
    pub bets: Vec<AndarBaharBetJson>,
}

/// The player's Andar Bahar bets, newest first, in the spec's shape (`label`, `stake`, `odds`, `profit`, `isWin`).
#[utoipa::path(
    params(Limit),
    responses((status = 200, description = "The user's Andar Bahar bets, the round in play first (default 50, 1–500)", body = AndarBaharBetList))
)]
#[get("/api/bets2/{userId}")]
async fn bets2_list(state: State, user: PathUser, q: web::Query<Limit>) -> Answer {
    let payouts =
        state.tables.rounds.andar_bahar.ask(Snapshot).await.ok().flatten().unwrap_or(Value::Null)["payouts"].clone();
    let odds = |label: &Value| {
        payouts
            .as_array()
            .and_then(|ps| ps.iter().find(|p| p["pick"] == *label))
            .and_then(|p| p["payout"].as_f64())
            .map(|x| ((x - 1.0) * 100.0).round() / 100.0)
    };
    let rupees = |p: Paise| p.to_rupees_json().as_f64();
    let rows = rows_for(&state, Game::AndarBahar, user.user.id, q.or(50)).await?;
    let bets: Vec<AndarBaharBetJson> = rows
        .into_iter()
        .map(|r| {
            let label = r.bets.first().map(|l| l.pick.clone()).unwrap_or(Value::Null);
            let stake = rupees(r.stake).unwrap_or(0.0);
            let profit = r.payout.and_then(rupees).map(|p| ((p - stake) * 100.0).round() / 100.0);
            let is_win = match r.status {
                RoundBetStatus::Won => AndarBaharIsWin::Win,
                RoundBetStatus::Lost => AndarBaharIsWin::Loss,
                RoundBetStatus::Open => AndarBaharIsWin::Pending,
            };
            AndarBaharBetJson {
                roundId: r.roundId,
                ticket: r.ticket,
                odds: odds(&label),
                label,
                stake: r.stake,
                profit,
                payout: r.payout,
                isWin: is_win,
                createdAt: r.createdAt,
                result: r.result,
            }
        })
        .collect();
    Ok(HttpResponse::Ok().json(AndarBaharBetList { success: true, bets }))
}

/// A bet's body read as the socket reads it.
fn bet<G: super::WirePick>(body: web::Json<Value>) -> Result<super::RoundBet<G>, ApiError> {
    crate::client_events::parse(body.into_inner()).map_err(|r| super::Refusal::from(r).into())
}
