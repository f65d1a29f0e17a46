//! Mines over REST (`docs/API.md` "Mines"): parse what the player sent, ask the desk, answer after its writes
//! committed. The spec's `PUT /api/update` (a client reporting its own result and balance) moves nothing.

use crate::auth::Authed;
use crate::error::{Answer, ApiError, optional_json, refusals};
use crate::money::{Rupees, parse_rupees};
use crate::openapi::Area;
use crate::rounds::RoundUserField;
use crate::rounds::routes::Limit;
use crate::state::State;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, put, web};
use casino_actors::ErrorCode;
use casino_actors::accounts::Role;
use casino_actors::mines::desk::{CashOut, Look, MinesError, Reseed, Reveal, Start};
use casino_actors::mines::rules::{DEFAULT_MINES, Refusal, StartRefusal};
use casino_actors::mines::store;
use casino_actors::mines::wire::{self, GameView, History, HistoryRow, MinesState, Moved, Reseeded};
use casino_actors::observe::Timed;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn routes(cfg: &mut ServiceConfig) {
    Area::new(cfg, "mines")
        .player(screen)
        .player(bet_place)
        .player(reveal)
        .player(cash_out)
        .player(reseed)
        .player(history)
        .player(one_game)
        .player(spec_update);
}

fn refused(e: MinesError) -> ApiError {
    let status = match &e {
        MinesError::Start(_)
        | MinesError::Move(Refusal::NoSuchTile)
        | MinesError::InsufficientBalance
        | MinesError::InvalidSeed => StatusCode::BAD_REQUEST,
        MinesError::NotYourGame | MinesError::Limited(_) => StatusCode::FORBIDDEN,
        MinesError::UnknownGame => StatusCode::NOT_FOUND,
        MinesError::Busy => StatusCode::TOO_MANY_REQUESTS,
        MinesError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        MinesError::Move(_) | MinesError::GameOpen | MinesError::Suspended | MinesError::NoGame => StatusCode::CONFLICT,
    };
    ApiError::new(status, e.code(), e.to_string())
}

refusals!(
    /// What a call to the desk may meet: the player's previous move still in hand, the desk gone.
    Busy { 429: "`busy`: too many moves at once", 503: "`unavailable`" }
);

refusals!(
    /// A move on a game the body names by `gameId`: another player's, or none.
    GameNamed { 403: "`not_your_game`", 404: "`no_game`: `gameId` names no game" }
);

/// Asks the desk; a desk that is gone is unavailable.
async fn ask<M>(state: &State, msg: M) -> Result<M::Result, ApiError>
where
    M: casino_actors::cluster::remote::Remote,
    casino_actors::mines::desk::MinesDesk: actix::Handler<Timed<M>>,
{
    state.tables.mines.ask(msg).await.map_err(|_| refused(MinesError::Unavailable))
}

/// A small whole number (a tile, a mine count) from a number or numeric text; `None` otherwise.
fn small(v: &Value) -> Option<u8> {
    match v {
        Value::Number(n) => n.as_u64().and_then(|n| u8::try_from(n).ok()),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

#[utoipa::path(
    responses((status = 200, description = "The screen: settings, the next game's seeds, the open game to resume", body = MinesState), Busy)
)]
#[get("/api/mines")]
async fn screen(state: State, who: Authed) -> Answer {
    let s = ask(&state, Look { user: who.user.id }).await?.map_err(refused)?;
    Ok(HttpResponse::Ok().json(s))
}

/// A new game: the spec's `{user, round_id, betAmt}` with our `mines`. `user`, when sent, must be the caller; the
/// spec's client-made `round_id` is ignored (the server numbers games).
#[derive(Deserialize, ToSchema)]
#[allow(non_snake_case, dead_code)]
pub struct MinesBetBody {
    user: Option<RoundUserField>,
    betAmt: Rupees,
    /// How many mines, 1–24 (a number or numeric text; default 5).
    #[schema(value_type = Option<u8>, minimum = 1, maximum = 24)]
    mines: Option<Value>,
}

refusals!(BetPlaceRefusals {
    400: "`invalid_request`, `invalid_input`, `invalid_amount`, `stake_too_low`, `stake_too_high`, `invalid_mines`, `insufficient_balance`",
    403: "`forbidden`: the body names another user; `rg_stake_limit`, `rg_loss_limit`, `rg_on_break`, `rg_self_excluded`: the player's own limits or break (nothing moved)",
    409: "`game_open`: finish the open game first; `suspended`",
    429: "`busy`: too many moves at once",
    503: "`unavailable`: nothing moved",
});
/// The spec's `{user, round_id, betAmt}` with our `mines`.
#[utoipa::path(
    request_body = MinesBetBody,
    responses((status = 201, description = "Started: the game and the wallet once the stake is held", body = Moved), BetPlaceRefusals)
)]
#[post("/api/mines/betPlace")]
async fn bet_place(state: State, who: Authed, body: web::Json<Value>) -> Answer {
    let b: wire::BetPlace = who.read_own(body.into_inner(), "bet")?;
    let stake = match &b.bet_amt {
        Value::Null => Err(refused(StartRefusal::NotPositive.into())),
        v => {
            parse_rupees(v).map_err(|e| ApiError::bad_request(ErrorCode::InvalidAmount, format!("Invalid amount: {e}")))
        }
    }?;
    let mines = match &b.mines {
        Value::Null => DEFAULT_MINES,
        v => small(v).ok_or_else(|| refused(StartRefusal::Mines.into()))?,
    };
    let moved = ask(&state, Start { user: who.user.id, stake, mines }).await?.map_err(refused)?;
    Ok(HttpResponse::Created().json(moved))
}

refusals!(RevealRefusals {
    400: "`invalid_request`, `invalid_tile`",
    409: "`tile_revealed`, `hit_mine`, `already_cashed_out`, `max_win`, `no_game` (no game in play)",
});
#[utoipa::path(
    request_body = wire::Reveal,
    responses((status = 200, description = "The game after the tile (a mine ends it, the last safe tile cashes out)", body = Moved), GameNamed, Busy, RevealRefusals)
)]
#[post("/api/mines/reveal")]
async fn reveal(state: State, who: Authed, body: web::Json<wire::Reveal>) -> Answer {
    let tile = small(&body.tile).ok_or_else(|| refused(Refusal::NoSuchTile.into()))?;
    let moved = ask(&state, Reveal { user: who.user.id, game: body.game_id, tile }).await?.map_err(refused)?;
    Ok(HttpResponse::Ok().json(moved))
}

refusals!(CashOutRefusals {
    400: "`invalid_request`: a body that is not JSON of this shape",
    409: "`nothing_to_cash_out`, `hit_mine`, `already_cashed_out`, `no_game` (no game in play)",
});
#[utoipa::path(
    request_body(content = Option<wire::CashOut>, description = "Optional: without a body, the game in play"),
    responses((status = 200, description = "Cashed out: the game and the wallet once paid", body = Moved), GameNamed, Busy, CashOutRefusals)
)]
#[post("/api/mines/cashout")]
async fn cash_out(state: State, who: Authed, body: web::Bytes) -> Answer {
    let game = optional_json::<wire::CashOut>(&body)?.and_then(|b| b.game_id);
    let moved = ask(&state, CashOut { user: who.user.id, game }).await?.map_err(refused)?;
    Ok(HttpResponse::Ok().json(moved))
}

refusals!(ReseedRefusals { 400: "`invalid_seed`, `invalid_request` (a body that is not JSON of this shape)" });
#[utoipa::path(
    request_body(content = Option<wire::Reseed>, description = "Optional: without `clientSeed` only the server seed is replaced"),
    responses((status = 200, description = "The seeds from now on, and the server seed they replace (never used)", body = Reseeded), Busy, ReseedRefusals)
)]
#[post("/api/mines/seeds")]
async fn reseed(state: State, who: Authed, body: web::Bytes) -> Answer {
    let client_seed = optional_json::<wire::Reseed>(&body)?.and_then(|b| b.client_seed);
    let answer = ask(&state, Reseed { user: who.user.id, client_seed }).await?.map_err(refused)?;
    Ok(HttpResponse::Ok().json(answer))
}

#[utoipa::path(
    operation_id = "mines_history",
    params(Limit),
    responses((status = 200, description = "The caller's finished games, newest first (default 50, 1–500)", body = History))
)]
#[get("/api/mines/history")]
async fn history(state: State, who: Authed, q: web::Query<Limit>) -> Answer {
    let limit = q.or(50);
    let rows = store::history(&state.db, who.user.id, limit).await?;
    let games = rows.iter().map(|g| HistoryRow::of(g.id, &g.game, &g.seeds)).collect();
    Ok(HttpResponse::Ok().json(History { games }))
}

refusals!(OneGameRefusals { 403: "`not_your_game`", 404: "`no_game`" });
/// One of the caller's games (an operator's: anyone's), for the Fairness screen.
#[utoipa::path(
    params(("id" = i64, Path, description = "The game's id (`gameId`)")),
    responses((status = 200, description = "The game; its mines and server seed once it is over", body = GameView), OneGameRefusals)
)]
#[get("/api/mines/games/{id}")]
async fn one_game(state: State, who: Authed, id: web::Path<i64>) -> Answer {
    let Some(g) = store::game(&state.db, *id).await? else {
        return Err(refused(MinesError::UnknownGame));
    };
    if g.user != who.user.id && who.user.role != Role::Operator {
        return Err(refused(MinesError::NotYourGame));
    }
    Ok(HttpResponse::Ok().json(GameView::of(g.id, &g.game, &g.seeds)))
}

refusals!(SpecUpdateRefusals { 403: "`results_are_the_servers`: always; nothing was changed" });
/// The spec's client reported its own result and balance here; the server decides both, so nothing moves.
#[utoipa::path(responses(SpecUpdateRefusals,))]
#[put("/api/update")]
async fn spec_update(_who: Authed) -> Answer {
    Err(ApiError::new(
        StatusCode::FORBIDDEN,
        ErrorCode::ResultsAreTheServers,
        "Results and balances are decided by the server; nothing was changed",
    ))
}
