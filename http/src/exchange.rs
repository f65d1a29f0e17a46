//! Exchange betting over REST (`docs/API.md` "Exchange betting"): parse what the player sent (the spec's records;
//! what they say about profit, exposure and balance is ignored), ask the exchange desk, answer once the bet's money
//! has moved (or it was refused and nothing moved).

use crate::admin::audit;
use crate::auth::{Authed, Operator};
use crate::error::{Answer, ApiError, refusals};
use crate::json::{Limit, iso};
use crate::money::{Rupees, parse_rupees};
use crate::openapi::Area;
use crate::state::State;
use crate::user_ref::PathUser;
use crate::user_ref::read_input;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, web};
use casino_actors::ErrorCode;
use casino_actors::audit::Action;
use casino_actors::cluster::remote::Remote;
use casino_actors::exchange::desk::{Book, ExchangeDesk, ExchangeError, Place, Void};
use casino_actors::exchange::place::{Order, PlacedBet, Session, Target, Team};
use casino_actors::exchange::rules::{Side, win_and_loss};
use casino_actors::exchange::store::{self, BetRow, MatchFilter};
use casino_actors::exchange::wire::{
    BetView, Bets, FancyBetRequest, FancyBets, MarketType, MatchBook, Placed, RunnerBetRequest,
};
use casino_actors::ids::UserId;
use casino_actors::observe::Timed;
use casino_actors::sports::desk::Named;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn routes(cfg: &mut ServiceConfig) {
    Area::new(cfg, "exchange")
        .player(runner_bet)
        .player(fancy_bet)
        .player(runner_bets_of_match)
        .player(runner_bets)
        .player(fancy_bets)
        .player(all_fancy_bets)
        .player(book)
        .operator(void);
}

const LIST_LIMIT: i64 = 200;

fn refused(e: ExchangeError) -> ApiError {
    let status = match &e {
        ExchangeError::MatchNotFound | ExchangeError::MarketNotFound => StatusCode::NOT_FOUND,
        ExchangeError::MarketSuspended
        | ExchangeError::MarketClosed
        | ExchangeError::PriceChanged
        | ExchangeError::InsufficientBalance
        | ExchangeError::LiabilityLimit { .. } => StatusCode::CONFLICT,
        ExchangeError::Busy => StatusCode::TOO_MANY_REQUESTS,
        ExchangeError::Limited(_) => StatusCode::FORBIDDEN,
        ExchangeError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::BAD_REQUEST,
    };
    ApiError::new(status, e.code(), e.to_string())
}

/// Asks the exchange desk wherever it runs (another node in cluster mode); no answer is a 503.
async fn ask<M>(state: &State, msg: M) -> Result<M::Result, ApiError>
where
    M: Remote,
    ExchangeDesk: actix::Handler<Timed<M>>,
{
    state.tables.exchange.ask(msg).await.map_err(|e| refused(ExchangeError::Unavailable(e.to_string())))
}

/// A whole number from a number or numeric text.
fn int(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// A positive number from a number or numeric text.
fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
    .filter(|x: &f64| x.is_finite() && *x > 0.0)
}

fn stake(v: &Value) -> Result<casino_actors::money::Paise, ApiError> {
    parse_rupees(v).map_err(|_| refused(ExchangeError::InvalidStake))
}

pub fn view(b: &BetRow) -> BetView {
    let kind = match (b.market_type, b.side) {
        (MarketType::Fancy, Side::Lagai) => "yes",
        (MarketType::Fancy, Side::Khai) => "no",
        (_, Side::Lagai) => "Lgaai",
        (_, Side::Khai) => "khaai",
    };
    let odds =
        if b.market_type == MarketType::Exchange { f64::from(b.odds_x100) / 100.0 } else { f64::from(b.odds_x100) };
    let (profit, loss) = win_and_loss(b.side, b.w, b.stake);
    BetView {
        id: b.id,
        match_id: b.match_id,
        match_name: b.match_name.clone(),
        market_id: b.market_id.clone(),
        market_type: b.market_type,
        label: b.label.clone(),
        kind,
        side: b.side,
        odds,
        runs: b.line,
        stake: b.stake,
        profit,
        loss,
        status: b.status,
        pl: b.pl,
        winning_runs: b.winning_runs,
        created_at: iso(b.created_at),
        balance: b.balance_after,
        exposure: b.exposure_after,
    }
}

fn placed(p: PlacedBet) -> HttpResponse {
    HttpResponse::Created().json(Placed {
        success: true,
        message: "Bet placed successfully.",
        bet: view(&p.bet),
        balance: p.balance,
        exposure: p.exposure,
        book: p.book,
    })
}

/// Lagai or khai; anything else is not a side.
fn runner_side(t: &str) -> Option<Side> {
    match t.trim().to_ascii_lowercase().as_str() {
        "lgaai" | "lagai" | "laggai" | "back" => Some(Side::Lagai),
        "khaai" | "khai" | "lay" => Some(Side::Khai),
        _ => None,
    }
}

/// A whole number, as a JSON number or numeric text.
#[derive(ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum ExchangeWholeNumber {
    Number(i64),
    Text(String),
}

/// The match a bet names: its id (a number or numeric text), or its name as the match lists show it (the spec's
/// client sends the name; any case).
#[derive(ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum ExchangeMatchRef {
    Id(i64),
    IdOrName(String),
}

/// The match `v` names (see [`ExchangeMatchRef`]): a name is looked up among the matches listed now.
async fn named_match(state: &State, v: &Value) -> Result<i64, ApiError> {
    if let Some(id) = int(v) {
        return Ok(id);
    }
    let name =
        v.as_str().map(str::trim).filter(|s| !s.is_empty()).ok_or_else(|| refused(ExchangeError::MatchNotFound))?;
    state
        .tables
        .sports
        .ask(Named(name.to_string()))
        .await
        .map_err(|e| refused(ExchangeError::Unavailable(e.to_string())))?
        .ok_or_else(|| refused(ExchangeError::MatchNotFound))
}

/// A positive number, as a JSON number or numeric text.
#[derive(ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum ExchangeNumber {
    Number(f64),
    Text(String),
}

/// Who the bet is for, when the client says: a user id (number or numeric text) or an object with `id`. It must be
/// the caller.
#[derive(ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum ExchangeUserRef {
    Id(ExchangeWholeNumber),
    User { id: i64 },
}

refusals!(
    /// What refuses a bet, on a team or a fancy line alike; nothing moved.
    BetRefused {
        403: "`forbidden`: `userId` / `user` names someone else; `rg_stake_limit`, `rg_loss_limit`, \
            `rg_on_break`, `rg_self_excluded`: the player's own limits or break (nothing moved)",
        409: "`market_suspended`, `market_closed`, `price_changed` (the price on screen is no longer the \
            price: look again), `insufficient_balance`, `liability_limit` (the market, or this player \
            in it, is at the most the house takes on: a smaller stake may fit)",
        429: "`busy`: the player's previous bet is still being placed",
        503: "`unavailable`: nothing moved, try again",
    }
);

/// `POST /api/laggai_khai_bets`: a bet on a team (read as `casino_actors::exchange::wire::RunnerBetRequest`). The
/// spec's other fields (profit, exposure, balance…) are accepted and ignored: the server computes them.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
struct ExchangeRunnerBetBody {
    /// The match: its (event) id, or its name.
    #[serde(rename = "match")]
    match_id: ExchangeMatchRef,
    /// The team's row in the market, from 0; or `label`.
    team_index: Option<usize>,
    /// The team's name (any case), when `teamIndex` is not sent.
    label: Option<String>,
    /// `Lgaai` (back; also `lagai`, `laggai`, `back`) or `khaai` (lay; also `khai`, `lay`), any case.
    #[serde(rename = "type")]
    side: String,
    /// The price the player saw: a Bookmaker rate ×100 (a whole number, the betting screen's Lgaai / khaai), or
    /// decimal odds with `marketType: "exchange"`. It must still be the price, else 409 `price_changed`.
    odds: ExchangeNumber,
    stake: Rupees,
    /// `exchange`: the Match Odds market at decimal odds. Anything else, or absent: the Bookmaker market.
    market_type: Option<String>,
    /// When sent, must be the caller.
    user_id: Option<ExchangeUserRef>,
    /// When sent, must be the caller.
    user: Option<ExchangeUserRef>,
}

refusals!(RunnerBetRefusals {
    400: "`invalid_request` (not JSON), `invalid_input` (a field missing or of the wrong type), \
        `invalid_team` (no such team, or `type` not a side), `invalid_odds`, `invalid_stake`, \
        `stake_limits`",
    404: "`match_not_found` (no match of that id, or none listed of that name)",
});
/// A bet on a team, Bookmaker or (with `marketType: "exchange"`) Match Odds.
///
/// Taken at the price on screen or refused
/// with nothing moved; the stake's liability is held from the balance as the market's netted exposure.
#[utoipa::path(
    operation_id = "exchange_runner_bet",
    request_body = ExchangeRunnerBetBody,
    responses((status = 201, description = "Taken: the bet, the wallet after its hold, the market's position", body = Placed), BetRefused, RunnerBetRefusals)
)]
#[post("/api/laggai_khai_bets")]
async fn runner_bet(state: State, who: Authed, body: web::Json<Value>) -> Answer {
    let r: RunnerBetRequest = who.read_own(body.into_inner(), "bet")?;
    let match_id = named_match(&state, &r.match_id).await?;
    let side = runner_side(&r.side).ok_or_else(|| refused(ExchangeError::InvalidTeam))?;
    let exchange = r.market_type.as_deref() == Some("exchange");
    let odds = number(&r.odds).ok_or_else(|| refused(ExchangeError::InvalidOdds))?;
    // Decimal odds ×100 on the exchange market; a rate ×100 as shown on the bookmaker.
    let price_x100 = if exchange { (odds * 100.0).round() } else { odds.round() };
    if !(1.0..=100_000.0).contains(&price_x100) || (!exchange && (odds - odds.round()).abs() > 1e-9) {
        return Err(refused(ExchangeError::InvalidOdds));
    }
    let team = match (r.team_index, r.label) {
        (Some(i), _) => Team::Index(i),
        (None, Some(l)) if !l.trim().is_empty() => Team::Name(l),
        _ => return Err(refused(ExchangeError::InvalidTeam)),
    };
    let order = Order {
        user: who.user.id,
        match_id,
        target: Target::Runner { market: if exchange { MarketType::Exchange } else { MarketType::Bookmaker }, team },
        side,
        price_x100: price_x100 as u32,
        stake: stake(&r.stake)?,
    };
    Ok(placed(ask(&state, Place(order)).await?.map_err(refused)?))
}

/// One record of a fancy bet (read as `casino_actors::exchange::wire::FancyBetRequest`). The spec's other fields
/// are accepted and ignored.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
struct ExchangeFancyBetRecord {
    /// The match: its (event) id, or its name; or `eventId`, or `matchName`.
    #[serde(rename = "match")]
    match_id: Option<ExchangeMatchRef>,
    /// The match (event) id or name, when `match` is not sent.
    event_id: Option<ExchangeMatchRef>,
    /// The match's name (the spec's over-market record), when neither `match` nor `eventId` is sent.
    match_name: Option<ExchangeMatchRef>,
    /// The session's market id; or `label`.
    market_id: Option<String>,
    /// The session's name (any case), when `marketId` is not sent.
    label: Option<String>,
    /// `yes` or `no`, any case.
    #[serde(rename = "type")]
    side: String,
    /// The rate ×100 the player saw, a positive whole number. It must still be the rate, else 409 `price_changed`.
    odds: ExchangeWholeNumber,
    /// The line (runs) the player saw, a whole number. It must still be the line, else 409 `price_changed`.
    runs: ExchangeWholeNumber,
    stake: Rupees,
    /// When sent, must be the caller.
    user_id: Option<ExchangeUserRef>,
    /// When sent, must be the caller.
    user: Option<ExchangeUserRef>,
}

/// `POST /api/cricket-market/bets`: the spec's `{myBets: [record]}`, with exactly one record.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
struct ExchangeFancyBetsBody {
    #[schema(min_items = 1, max_items = 1)]
    my_bets: Vec<ExchangeFancyBetRecord>,
}

refusals!(FancyBetRefusals {
    400: "`invalid_request` (not JSON), `invalid_input` (a field missing or of the wrong type, `type` \
        not yes / no, `myBets` not exactly one bet), `invalid_runs`, `invalid_odds`, \
        `invalid_stake`, `stake_limits`",
    404: "`match_not_found`, `market_not_found` (no such session)",
});
/// A bet on a fancy (session) line: YES or NO on the runs at an over, at the line and rate on screen.
#[utoipa::path(
    operation_id = "exchange_fancy_bet",
    request_body = ExchangeFancyBetsBody,
    responses((status = 201, description = "Taken: the bet, the wallet after its hold, the market's position", body = Placed), BetRefused, FancyBetRefusals)
)]
#[post("/api/cricket-market/bets")]
async fn fancy_bet(state: State, who: Authed, body: web::Json<Value>) -> Answer {
    for bet in body["myBets"].as_array().into_iter().flatten() {
        who.check_fields(bet)?;
    }
    let bets: FancyBets = read_input(body.into_inner(), "bet")?;
    let [r]: [FancyBetRequest; 1] = bets
        .my_bets
        .try_into()
        .map_err(|_| ApiError::bad_request(ErrorCode::InvalidInput, "myBets must hold exactly one bet"))?;
    let named = r.match_id.as_ref().or(r.event_id.as_ref()).or(r.match_name.as_ref());
    let match_id = named_match(&state, named.unwrap_or(&Value::Null)).await?;
    let side = match r.side.trim().to_ascii_lowercase().as_str() {
        "yes" => Side::Lagai,
        "no" => Side::Khai,
        _ => return Err(ApiError::bad_request(ErrorCode::InvalidInput, "type must be yes or no")),
    };
    let line = int(&r.runs).and_then(|n| u32::try_from(n).ok()).ok_or_else(|| refused(ExchangeError::InvalidRuns))?;
    let rate = int(&r.odds)
        .and_then(|n| u32::try_from(n).ok())
        .filter(|n| *n > 0)
        .ok_or_else(|| refused(ExchangeError::InvalidOdds))?;
    let session = match (r.market_id, r.label) {
        (Some(id), _) => Session::Id(id),
        (None, Some(l)) => Session::Name(l),
        _ => return Err(refused(ExchangeError::MarketNotFound)),
    };
    let order = Order {
        user: who.user.id,
        match_id,
        target: Target::Fancy { session, line },
        side,
        price_x100: rate,
        stake: stake(&r.stake)?,
    };
    Ok(placed(ask(&state, Place(order)).await?.map_err(refused)?))
}

/// A bet list's `{match}` (its `{userId}` is the [`PathUser`]'s).
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct InMatch {
    /// The match: its (event) id, or its name as the bets record it (any case)
    #[serde(rename = "match")]
    match_ref: String,
}

impl InMatch {
    fn filter(&self) -> MatchFilter {
        let r = self.match_ref.trim();
        r.parse::<i64>().map_or_else(|_| MatchFilter::Name(r.to_string()), MatchFilter::Id)
    }
}

refusals!(
    /// A bet list's user that is not there.
    NoSuchUser { 404: "`not_found`: no such user" }
);

refusals!(
    /// A bet list of one match: its path that does not read, its user that is not there.
    UserMatchErrors { 400: "`invalid_user_id`, `invalid_path`", 404: "`not_found`: no such user" }
);

async fn list(state: &State, user: UserId, matches: MatchFilter, fancy: bool, limit: i64) -> Answer {
    let rows = store::bets(&state.db, user, &matches, fancy, limit).await.map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok().json(Bets { success: true, bets: rows.iter().map(view).collect() }))
}

/// Every match's bets on teams (Bookmaker and Match Odds).
#[utoipa::path(
    operation_id = "exchange_runner_bets",
    params(Limit),
    responses((status = 200, description = "The user's bets on teams, every match, newest first (default 200, 1–500)", body = Bets), NoSuchUser)
)]
#[get("/api/laggai_khai_getuserbet/{userId}")]
async fn runner_bets(state: State, PathUser { user, .. }: PathUser, q: web::Query<Limit>) -> Answer {
    list(&state, user.id, MatchFilter::Any, false, q.or(LIST_LIMIT)).await
}

/// A match's bets on teams (Bookmaker and Match Odds).
#[utoipa::path(
    operation_id = "exchange_runner_bets_of_match",
    params(InMatch),
    responses((status = 200, description = "The user's bets on teams in the match, newest first (at most 200)", body = Bets), UserMatchErrors)
)]
#[get("/api/laggai_khai_getuserbet/{userId}/{match}")]
async fn runner_bets_of_match(state: State, user: PathUser, path: web::Path<InMatch>) -> Answer {
    list(&state, user.user.id, path.filter(), false, LIST_LIMIT).await
}

/// A match's fancy bets.
#[utoipa::path(
    operation_id = "exchange_fancy_bets_of_match",
    params(InMatch),
    responses((status = 200, description = "The user's fancy bets in the match, newest first (at most 200)", body = Bets), UserMatchErrors)
)]
#[get("/api/cricket-market/{userId}/{match}")]
async fn fancy_bets(state: State, user: PathUser, path: web::Path<InMatch>) -> Answer {
    list(&state, user.user.id, path.filter(), true, LIST_LIMIT).await
}

/// Every match's fancy bets (My Bets).
#[utoipa::path(
    operation_id = "exchange_fancy_bets",
    params(Limit),
    responses((status = 200, description = "The user's fancy bets, every match, newest first (default 200, 1–500)", body = Bets), NoSuchUser)
)]
#[get("/api/cricket-market/{userId}")]
async fn all_fancy_bets(state: State, PathUser { user, .. }: PathUser, q: web::Query<Limit>) -> Answer {
    list(&state, user.id, MatchFilter::Any, true, q.or(LIST_LIMIT)).await
}

refusals!(BookRefusals { 503: "`unavailable`: nothing moved, try again" });
/// The caller's positions in a match: each market's P/L per outcome and the exposure held for it.
#[utoipa::path(
    operation_id = "exchange_book",
    params(("match" = i64, Path, description = "The match (event) id")),
    responses((status = 200, description = "The positions (no markets without open bets there)", body = MatchBook), BookRefusals)
)]
#[get("/api/exchange/book/{match}")]
async fn book(state: State, who: Authed, path: web::Path<i64>) -> Answer {
    let b = ask(&state, Book { user: who.user.id, match_id: *path }).await?.map_err(refused)?;
    Ok(HttpResponse::Ok().json(b))
}

/// What the audit keeps of a void, and the answer: the market and how many players' bets there were settled void.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ExchangeVoided {
    success: bool,
    market_id: String,
    players: usize,
}

refusals!(VoidRefusals {
    409: "`already_decided`: the market is decided; nothing changed",
    503: "`unavailable`: nothing moved, try again",
});
/// An operator voids a market not decided yet (a match abandoned, a line offered in error).
///
/// Every bet there is void and its hold comes back. A decided market is refused (409) and nothing changes.
#[utoipa::path(
    operation_id = "exchange_void_market",
    params(("marketId" = String, Path, description = "The market id (a Match Odds, Bookmaker or fancy market)")),
    responses((status = 200, description = "Void: every bet there is void and its hold is back", body = ExchangeVoided), VoidRefusals)
)]
#[post("/api/admin/exchange/markets/{marketId}/void")]
async fn void(state: State, op: Operator, path: web::Path<String>) -> Answer {
    let market_id = path.into_inner();
    let Some(players) = ask(&state, Void { market_id: market_id.clone() }).await?.map_err(refused)? else {
        return Err(ApiError::new(StatusCode::CONFLICT, ErrorCode::AlreadyDecided, "This market is already decided."));
    };
    let answer = ExchangeVoided { success: true, market_id, players };
    let target = format!("exchange:{}", answer.market_id);
    audit::write(&state, op.0.id, Action::ExchangeVoid, &target, None, serde_json::to_value(&answer).ok()).await;
    Ok(HttpResponse::Ok().json(answer))
}
