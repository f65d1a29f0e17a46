//! Aar Par Parchi over REST (`docs/API.md` "Aar Par Parchi"). Viewing is public: the live list, a match's cards,
//! players and plays. A play needs a login and is taken only before the match's first ball (409 `plays_closed` from
//! then on, nothing moved); what the client says of runs, profit and its wallet is ignored. The spec's client-side
//! calls that set runs, pick the winner or credit wallets are the server's own work and are refused.
//! The socket's `parchi:join` / `parchi:leave` are in `crate::aviator::socket`.

use crate::admin::audit;
use crate::auth::{Authed, Operator};
use crate::error::{Answer, ApiError, refusals};
use crate::money::{Rupees, parse_rupees};
use crate::openapi::Area;
use crate::state::State;
use crate::user_ref::PathUser;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, put, web};
use casino_actors::ErrorCode;
use casino_actors::audit::Action;
use casino_actors::cluster::remote::Remote;
use casino_actors::money::Paise;
use casino_actors::observe::Timed;
use casino_actors::parchi::desk::{AllPlayers, AtGame, NoSuchGame, ParchiDesk};
use casino_actors::parchi::rules::{CARDS, Refusal, STAKES};
use casino_actors::parchi::store;
use casino_actors::parchi::table::{Abandon, CheckPlay, Entries, ParchiError, PlayMsg, Players, View};
use casino_actors::parchi::wire::{
    BetHistory, BoardView, EntryList, GameStatus, MatchPlayers, PlayCheck, Played, PlayerList,
};
use casino_actors::sports::desk::Live;
use casino_actors::sports::wire::LiveList;
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn routes(cfg: &mut ServiceConfig) {
    Area::new(cfg, "parchi")
        .public(live)
        .public(cards)
        .public(players_of_match)
        .public(entries)
        .public(all_players)
        .player(check)
        .player(play)
        .player(set_runs)
        .player(set_winner)
        .operator(abandon)
        .player(history);
}

/// A refused play as the API answers it: 409 for what the board or the wallet stands in the way of (a card locked, a
/// player taken, plays closed at the first ball, the balance short), 400 for a malformed play.
pub fn refused(e: ParchiError) -> ApiError {
    let status = match &e {
        ParchiError::NoSuchMatch => StatusCode::NOT_FOUND,
        ParchiError::Rules(Refusal::PlayerTaken(_) | Refusal::CardLocked | Refusal::Closed)
        | ParchiError::InsufficientBalance => StatusCode::CONFLICT,
        ParchiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        ParchiError::Limited(_) => StatusCode::FORBIDDEN,
        _ => StatusCode::BAD_REQUEST,
    };
    ApiError::new(status, e.code(), e.to_string())
}

/// Asks the desk, wherever it runs; a desk that cannot be reached is unavailable (503).
async fn ask<M>(state: &State, msg: M) -> Result<M::Result, ApiError>
where
    M: Remote,
    ParchiDesk: actix::Handler<Timed<M>>,
{
    state.tables.parchi.ask(msg).await.map_err(|e| refused(ParchiError::Unavailable(e.to_string())))
}

/// Asks a match's game, by the match's name or id (`game`); no such game (or one gone) is `NoSuchMatch`.
async fn at_game<M>(state: &State, game: &str, msg: M) -> Result<M::Result, ApiError>
where
    M: actix::Message + Send + 'static,
    M::Result: Send,
    AtGame<M>: Remote<Result = Result<M::Result, NoSuchGame>>,
    ParchiDesk: actix::Handler<Timed<AtGame<M>>>,
{
    ask(state, AtGame::new(game, msg)).await?.map_err(|NoSuchGame| refused(ParchiError::NoSuchMatch))
}

/// A match's game by its name or id: its board now. The calls after it name the game by its match's id, so they
/// reach the same game.
async fn board(state: &State, name_or_id: &str) -> Result<(String, BoardView), ApiError> {
    let view = at_game(state, name_or_id, View).await?;
    Ok((view.match_id.to_string(), view))
}

/// A match's game named in the path.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct MatchPath {
    /// The match's name or id
    #[serde(rename = "match")]
    name: String,
}

refusals!(
    /// What asking a match's game may meet: no such match, the game out of reach.
    AtMatch { 404: "`match_not_found`", 503: "`unavailable`" }
);

refusals!(LiveRefusals { 503: "`unavailable`: the sports desk cannot be reached" });
/// The cricket matches in play: the socket's `updateMatches`, for visitors without a socket.
#[utoipa::path(
    responses((status = 200, description = "The cricket matches in play", body = LiveList), LiveRefusals)
)]
#[get("/api/live-matches")]
async fn live(state: State) -> Answer {
    Ok(HttpResponse::Ok()
        .json(state.tables.sports.ask(Live).await.map_err(|e| refused(ParchiError::Unavailable(e.to_string())))?))
}

/// A match's game: its three cards, who played them and where the game stands.
#[utoipa::path(
    params(MatchPath),
    responses((status = 200, description = "The board now", body = BoardView), AtMatch)
)]
#[get("/api/cards/{match}")]
async fn cards(state: State, path: web::Path<MatchPath>) -> Answer {
    Ok(HttpResponse::Ok().json(at_game(&state, &path.name, View).await?))
}

/// A match's cricket players, their runs, and whether each is already on a card.
#[utoipa::path(
    params(MatchPath),
    responses((status = 200, description = "The match's cricket players", body = MatchPlayers), AtMatch)
)]
#[get("/api/match/get-players-by-matchname/{match}")]
async fn players_of_match(state: State, path: web::Path<MatchPath>) -> Answer {
    let (game, view) = board(&state, &path.name).await?;
    let players = at_game(&state, &game, Players).await?;
    Ok(HttpResponse::Ok().json(MatchPlayers {
        success: true,
        match_id: view.match_id,
        match_name: view.match_name,
        players,
    }))
}

/// Every play on a match's game (the winners table reads the `won` ones).
#[utoipa::path(
    params(MatchPath),
    responses((status = 200, description = "The match's plays", body = EntryList), AtMatch)
)]
#[get("/api/match/get-by-matchname/{match}")]
async fn entries(state: State, path: web::Path<MatchPath>) -> Answer {
    Ok(HttpResponse::Ok().json(at_game(&state, &path.name, Entries).await?))
}

refusals!(AllPlayersRefusals { 503: "`unavailable`" });
/// The players of every cricket match in play.
#[utoipa::path(
    responses((status = 200, description = "The cricket players of every match in play", body = PlayerList), AllPlayersRefusals)
)]
#[get("/api/players")]
async fn all_players(state: State) -> Answer {
    let list: PlayerList = ask(&state, AllPlayers).await?;
    Ok(HttpResponse::Ok().json(list))
}

/// A player's name from the body: absent or blank is none.
fn name(v: &Value) -> Option<String> {
    v.as_str().map(str::trim).filter(|s| !s.is_empty()).map(String::from)
}

/// The card (0 to 2) a `cardId` names: `{matchId}-{n}` of this match, or `n` alone (1 to 3).
fn card_of(v: &Value, match_id: i64) -> Result<usize, ApiError> {
    let text = match v {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.trim().to_string(),
        _ => return Err(refused(Refusal::NoSuchCard.into())),
    };
    let n = match text.rsplit_once('-') {
        Some((m, n)) if m == match_id.to_string() => n.parse::<usize>().ok(),
        Some(_) => None,
        None => text.parse::<usize>().ok(),
    };
    n.filter(|n| (1..=CARDS).contains(n)).map(|n| n - 1).ok_or_else(|| refused(Refusal::NoSuchCard.into()))
}

/// The play a body asks for on card `card`.
fn play_of(who: &Authed, body: &Value, card: usize, default_stake: bool) -> Result<PlayMsg, ApiError> {
    let stake = match body.get("betpoints").or_else(|| body.get("points")) {
        Some(v) if !v.is_null() => parse_rupees(v).map_err(|_| refused(Refusal::Stake.into()))?,
        _ if default_stake => Paise::from_rupees(STAKES[0]),
        _ => return Err(refused(Refusal::Stake.into())),
    };
    let players = match (name(&body["player1"]), name(&body["player2"])) {
        (Some(a), Some(b)) => Some([a, b]),
        (None, None) => None,
        _ => return Err(refused(Refusal::PlayersMissing.into())),
    };
    Ok(PlayMsg { user: who.user.id, name: who.user.name.clone(), card, players, stake })
}

/// A play as asked: the stake, and the two cricket players an empty card is locked with. What the client says of
/// runs, profit or its wallet is ignored.
#[derive(Deserialize, ToSchema)]
#[allow(dead_code)]
pub struct ParchiPlayChoice {
    /// The stake: 100, 200, 500, 1000, 2000, 5000 or 10000 (a number or numeric string). Checking a play without
    /// it checks the smallest stake.
    betpoints: Option<Rupees>,
    /// As `betpoints`, when `betpoints` is absent.
    points: Option<Rupees>,
    /// Both players, or neither; an empty card needs both, a locked one may repeat its own.
    #[schema(example = "V Kohli")]
    player1: Option<String>,
    #[schema(example = "R Sharma")]
    player2: Option<String>,
}

/// A play on a match's card.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct ParchiPlayBody {
    card_id: ParchiCardId,
    #[serde(flatten)]
    play: ParchiPlayChoice,
}

/// A card: `{matchId}-{n}` of this match, or `n` alone (1 to 3).
#[derive(Deserialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub enum ParchiCardId {
    Number(u8),
    #[schema(example = "35118752-2")]
    Text(String),
}

refusals!(CheckRefusals {
    400: "`invalid_request`, `invalid_card`, `invalid_stake`, `players_missing`, \
        `unknown_player`, `same_player`",
    409: "`player_taken`, `card_locked`, `plays_closed` (the match has reached its first \
        ball)",
});
/// Checks a play on a card without taking it (nothing changes): the card as it would be, or why not.
#[utoipa::path(
    params(("cardId" = String, Path, description = "The card: `{matchId}-{n}`, n from 1 to 3")),
    request_body = ParchiPlayChoice,
    responses((status = 200, description = "The play can be made: the card as it would be", body = PlayCheck), AtMatch, CheckRefusals)
)]
#[put("/api/cards/select/{cardId}")]
async fn check(state: State, who: Authed, path: web::Path<String>, body: web::Json<Value>) -> Answer {
    let (match_id, _) = path.rsplit_once('-').ok_or_else(|| refused(Refusal::NoSuchCard.into()))?;
    let (game, view) = board(&state, match_id).await?;
    let card = card_of(&Value::String(path.to_string()), view.match_id)?;
    let card = at_game(&state, &game, CheckPlay(play_of(&who, &body, card, true)?)).await?.map_err(refused)?;
    Ok(HttpResponse::Ok().json(PlayCheck { success: true, message: "This play can be made.", card }))
}

refusals!(PlayRefusals {
    400: "`invalid_request`, `invalid_card`, `invalid_stake`, `players_missing`, \
        `unknown_player`, `same_player`",
    403: "`rg_stake_limit`, `rg_loss_limit`, `rg_on_break`, `rg_self_excluded`: the player's own limits or break (nothing moved)",
    404: "`match_not_found`",
    409: "`player_taken`, `card_locked`, `insufficient_balance`, `plays_closed` (the match \
        has reached its first ball); nothing moved",
    503: "`unavailable`: the game or the wallet cannot be reached; nothing moved",
});
/// The play: a stake on a card, locking it with two cricket players when it is empty. Taken only before the match's
/// first ball; a game whose three cards are not all locked then is void and every stake is returned at that moment.
#[utoipa::path(
    params(MatchPath),
    request_body = ParchiPlayBody,
    responses((status = 201, description = "Taken: the stake is held until the match ends (returned at the first ball if the three cards are not all locked then)", body = Played), PlayRefusals)
)]
#[put("/api/match/select/{match}")]
async fn play(state: State, who: Authed, path: web::Path<MatchPath>, body: web::Json<Value>) -> Answer {
    let (game, view) = board(&state, &path.name).await?;
    let card = card_of(&body["cardId"], view.match_id)?;
    let played = at_game(&state, &game, play_of(&who, &body, card, false)?).await?.map_err(refused)?;
    Ok(HttpResponse::Created().json(played))
}

/// A player's own plays (My Bets), newest first.
#[utoipa::path(
    responses((status = 200, description = "The user's last 200 plays, newest first", body = BetHistory))
)]
#[get("/api/parchi/bets/{userId}")]
async fn history(state: State, PathUser { user, .. }: PathUser) -> Answer {
    let bets = store::plays_of(&state.db, user.id, 200).await.map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok().json(BetHistory { success: true, bets }))
}

/// A card the spec's client would update.
#[derive(IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code, non_snake_case)]
struct CardPath {
    /// The card
    cardId: String,
}

refusals!(
    /// The answer to a client that would decide what the server decides.
    ServerDecides { 403: "`server_decides`: always" }
);

fn server_decides() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        ErrorCode::ServerDecides,
        "Runs, winners and payouts are decided by the server.",
    )
}

/// The spec's client-side run update: refused, runs come from the feed.
#[utoipa::path(params(CardPath), responses(ServerDecides))]
#[put("/api/cards/update/{cardId}")]
async fn set_runs(_who: Authed) -> Answer {
    Err(server_decides())
}

/// The spec's client-side winner call: refused, the server decides the winner and pays it.
#[utoipa::path(params(CardPath), responses(ServerDecides))]
#[put("/api/cards/winner/{cardId}")]
async fn set_winner(_who: Authed) -> Answer {
    Err(server_decides())
}

refusals!(AbandonRefusals { 409: "`already_over`: the game is finished, abandoned or void; nothing changed" });
/// An operator abandons a match's game (a match called off, a feed gone wrong): every stake comes back. A game
/// already over (finished, abandoned, or void at the first ball) is refused (409) and nothing changes.
#[utoipa::path(
    params(MatchPath),
    responses((status = 200, description = "The board after: the game abandoned, every stake returned", body = BoardView), AtMatch, AbandonRefusals)
)]
#[post("/api/admin/parchi/{match}/abandon")]
async fn abandon(state: State, op: Operator, path: web::Path<MatchPath>) -> Answer {
    let (game, before) = board(&state, &path.name).await?;
    if matches!(before.status, GameStatus::Finished | GameStatus::Abandoned | GameStatus::Void) {
        return Err(ApiError::new(StatusCode::CONFLICT, ErrorCode::AlreadyOver, "This game is already over."));
    }
    at_game(&state, &game, Abandon).await?;
    let after = at_game(&state, &game, View).await?;
    let target = format!("parchi:{}", after.match_id);
    let detail = json!({ "matchId": after.match_id, "status": after.status });
    audit::write(&state, op.0.id, Action::ParchiAbandon, &target, None, Some(detail)).await;
    Ok(HttpResponse::Ok().json(after))
}
