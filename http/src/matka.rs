//! Matka over REST (`docs/API.md` "Matka"): the spec's market list and bid call, the player's bids, each market's
//! chart; the operators' markets, draw books and declarations (audited). The socket's `matka:join` is in
//! `crate::aviator::socket`.

use crate::admin::audit;
use crate::auth::{Authed, Operator};
use crate::error::{Answer, ApiError, refusals};
use crate::money::{Rupees, parse_rupees};
use crate::openapi::Area;
use crate::rounds::routes::Limit;
use crate::state::State;
use crate::user_ref::PathUser;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, put, web};
use casino_actors::ErrorCode;
use casino_actors::audit::Action;
use casino_actors::ids::UserId;
use casino_actors::matka::bids::PlaceBids;
use casino_actors::matka::desk::{List, MatkaDesk, MatkaError};
use casino_actors::matka::operate::{Correct, Declare, SaveMarket};
use casino_actors::matka::rules::{BidType, Panna, Session};
use casino_actors::matka::schedule::{Schedule, parse_clock};
use casino_actors::matka::settle;
use casino_actors::matka::store::{self, Mode};
use casino_actors::matka::wire::{
    BidAccepted, BidRequest, Bids, Chart, ChartRow, CorrectionAnswer, Declared, DrawBook, MarketEntry, MarketList,
    OperatorMarket, OperatorMarkets, SavedMarket, Shortfall, UnsettledDraw,
};
use casino_actors::money::Paise;
use casino_actors::observe::Timed;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

pub fn routes(cfg: &mut ServiceConfig) {
    Area::new(cfg, "matka")
        .player(list)
        .player(place)
        .player(my_bids)
        .player(bids_of)
        .player(chart)
        .operator(markets)
        .operator(create_market)
        .operator(edit_market)
        .operator(draw_book)
        .operator(declare)
        .operator(correct);
}

fn refused(e: MatkaError) -> ApiError {
    let status = match &e {
        MatkaError::UnknownMarket => StatusCode::NOT_FOUND,
        MatkaError::NoDraw | MatkaError::Session(_) | MatkaError::Declare(_) => StatusCode::CONFLICT,
        MatkaError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        MatkaError::Limited(_) => StatusCode::FORBIDDEN,
        _ => StatusCode::BAD_REQUEST,
    };
    ApiError::new(status, e.code(), e.to_string())
}

async fn ask<M>(state: &State, msg: M) -> Result<M::Result, ApiError>
where
    M: casino_actors::cluster::remote::Remote,
    MatkaDesk: actix::Handler<Timed<M>>,
{
    state.tables.matka.ask(msg).await.map_err(|_| refused(MatkaError::Unavailable))
}

refusals!(ListRefusals { 503: "`unavailable`: the Matka desk cannot be reached" });
/// The spec's market list, for players and operators.
#[utoipa::path(
    operation_id = "matka_list",
    responses((status = 200, description = "Every market with its current draw, the rates and the points allowed per number", body = MarketList), ListRefusals)
)]
#[get("/api/admin/getMatkas")]
async fn list(state: State, _who: Authed) -> Answer {
    Ok(HttpResponse::Ok().json(ask(&state, List).await?))
}

fn text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn optional_rupees(v: &Value, what: &str) -> Result<Option<Paise>, ApiError> {
    match v {
        Value::Null => Ok(None),
        v => parse_rupees(v)
            .map(Some)
            .map_err(|e| ApiError::bad_request(ErrorCode::InvalidPoints, format!("Invalid {what}: {e}"))),
    }
}

/// The spec's bid payload (`POST /api/bids`): one market, one bid type and session, and a number per line. Read
/// leniently (strings or numbers); `totalBidPoints` and `estimatedProfit`, when sent, must be the server's figures.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct MatkaBidBody {
    /// When sent, the caller's id (a number, a numeric string or `{id}`); anyone else's is refused.
    user_id: Option<MatkaUserField>,
    /// As `userId`.
    user: Option<MatkaUserField>,
    /// The market's name (any case) or id.
    #[schema(example = "Quick Matka")]
    game_name: MatkaText,
    /// `single digit`, `jodi`, `single panna`, `double panna`, `triple panna`, `half sangam` or `full sangam` (any case,
    /// spaces and punctuation ignored).
    #[schema(example = "single digit")]
    bid_type: String,
    /// `open` or `close` (any case); ignored for jodi and sangams, which settle on the close result.
    #[schema(example = "open")]
    session: Option<String>,
    bids: Vec<MatkaBidLineBody>,
    /// The sum of the points.
    total_bid_points: Option<Rupees>,
    /// What the bids pay if they win, stakes included.
    estimated_profit: Option<Rupees>,
}

/// One number of a bid request and its points (whole rupees, within the market's minimum and maximum).
#[derive(Deserialize, ToSchema)]
#[allow(dead_code)]
pub struct MatkaBidLineBody {
    /// A digit, a jodi, a panna, or a sangam (`8-479`, `134-0`, `134-479`), as the bid type needs.
    #[schema(example = "7")]
    number: MatkaText,
    points: Rupees,
}

/// Text, or a number read as its text.
#[derive(Deserialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub enum MatkaText {
    Text(String),
    Number(f64),
}

/// A user named in a payload: an id as a number or numeric string, or an object with an `id`.
#[derive(Deserialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub enum MatkaUserField {
    Id(i64),
    Text(String),
    Object { id: i64 },
}

refusals!(PlaceRefusals {
    400: "`invalid_request`, `invalid_input`, `invalid_points`, `unknown_bid_type`, \
        `unknown_session`, `invalid_number`, `duplicate_number`, `no_bids`, `points_too_low`, `points_too_high`, \
        `total_mismatch`, `profit_mismatch`, `insufficient_balance`",
    403: "`forbidden`: `userId` or `user` names someone else; `rg_stake_limit`, `rg_loss_limit`, `rg_on_break`, `rg_self_excluded`: the player's own limits or break (nothing moved)",
    404: "`unknown_market` (also when `gameName` is missing)",
    409: "`market_closed`, `session_closed`, `needs_open_session`",
    503: "`unavailable`: the desk or the wallet cannot be reached; nothing moved",
});
/// The spec's bid payload; the server recomputes the totals and refuses a mismatch.
#[utoipa::path(
    request_body = MatkaBidBody,
    responses((status = 201, description = "Taken: the stake is held until the draw's result", body = BidAccepted), PlaceRefusals)
)]
#[post("/api/bids")]
async fn place(state: State, who: Authed, body: web::Json<Value>) -> Answer {
    let b: BidRequest = who.read_own(body.into_inner(), "bid")?;
    let market = text(&b.game_name).ok_or_else(|| refused(MatkaError::UnknownMarket))?;
    let bid_type =
        text(&b.bid_type).and_then(|t| BidType::parse(&t)).ok_or_else(|| refused(MatkaError::UnknownBidType))?;
    let session = match text(&b.session).map(|s| s.to_ascii_lowercase()).as_deref() {
        None | Some("") => None,
        Some("open") => Some(Session::Open),
        Some("close") => Some(Session::Close),
        Some(_) => return Err(refused(MatkaError::UnknownSession)),
    };
    let mut lines = Vec::with_capacity(b.bids.len());
    for line in &b.bids {
        let number = text(&line.number).unwrap_or_default();
        let points = parse_rupees(&line.points)
            .map_err(|e| ApiError::bad_request(ErrorCode::InvalidPoints, format!("Invalid points: {e}")))?;
        lines.push((number, points));
    }
    let msg = PlaceBids {
        user: who.user.id,
        market,
        bid_type,
        session,
        lines,
        total: optional_rupees(&b.total_bid_points, "totalBidPoints")?,
        profit: optional_rupees(&b.estimated_profit, "estimatedProfit")?,
    };
    let accepted = ask(&state, msg).await?.map_err(refused)?;
    Ok(HttpResponse::Created().json(accepted))
}

/// The caller's bids, newest first.
#[utoipa::path(
    params(("limit" = Option<i64>, Query, description = "How many (1 to 500, default 50)")),
    responses((status = 200, description = "The caller's bids, newest first (pending and void ones left out)", body = Bids))
)]
#[get("/api/bids")]
async fn my_bids(state: State, who: Authed, q: web::Query<Limit>) -> Answer {
    bids(&state, who.user.id, &q).await
}

/// A user's bids, newest first.
#[utoipa::path(
    params(("limit" = Option<i64>, Query, description = "How many (1 to 500, default 50)")),
    responses((status = 200, description = "The user's bids, newest first (pending and void ones left out)", body = Bids))
)]
#[get("/api/bids/{userId}")]
async fn bids_of(state: State, user: PathUser, q: web::Query<Limit>) -> Answer {
    bids(&state, user.user.id, &q).await
}

/// A player's bids, newest first (`limit`: 1 to 500, 50 by default).
async fn bids(state: &State, user: UserId, q: &Limit) -> Answer {
    let bids = store::bids_of(&state.db, user, q.or(50)).await?;
    Ok(HttpResponse::Ok().json(Bids { success: true, bids }))
}

refusals!(ChartRefusals { 400: "`invalid_path`, `invalid_query`" });
/// A market's past results, newest first (a drawn market's seeds once both results are out).
#[utoipa::path(
    params(
        ("id" = i64, Path, description = "The market's id"),
        ("limit" = Option<i64>, Query, description = "How many draws (1 to 500, default 60)"),
    ),
    responses((status = 200, description = "The market's draws with an open result, newest first (empty for an unknown market)", body = Chart), ChartRefusals)
)]
#[get("/api/matka/markets/{id}/chart")]
async fn chart(state: State, _who: Authed, id: web::Path<i64>, q: web::Query<Limit>) -> Answer {
    let rows = store::results(&state.db, *id, q.or(60)).await?;
    Ok(HttpResponse::Ok().json(Chart { success: true, results: rows.iter().map(ChartRow::of).collect() }))
}

/// A schedule as operators write it: `{kind: "daily", openTime: "15:45", closeTime: "17:45", weekdays: [0, …, 6]}`
/// (0 = Monday) or `{kind: "every", seconds}`.
fn schedule(v: &Value) -> Result<Schedule, ApiError> {
    let bad = |m: &str| ApiError::bad_request(ErrorCode::InvalidMarket, m.to_string());
    match v["kind"].as_str() {
        Some("daily") => {
            let time = |f: &str| v[f].as_str().and_then(parse_clock).ok_or_else(|| bad("times are \"HH:MM\" (IST)"));
            let weekdays = match &v["weekdays"] {
                Value::Null => 0x7f,
                Value::Array(days) => days.iter().try_fold(0u8, |mask, d| match d.as_u64() {
                    Some(d) if d < 7 => Ok(mask | 1 << d),
                    _ => Err(bad("weekdays are 0 (Monday) to 6 (Sunday)")),
                })?,
                _ => return Err(bad("weekdays are a list of 0 (Monday) to 6 (Sunday)")),
            };
            Ok(Schedule::Daily { open_minute: time("openTime")?, close_minute: time("closeTime")?, weekdays })
        }
        Some("every") => {
            let seconds = v["seconds"].as_u64().and_then(|s| u32::try_from(s).ok()).ok_or_else(|| bad("seconds"))?;
            Ok(Schedule::Every { seconds })
        }
        _ => Err(bad("a schedule is {kind: daily, openTime, closeTime, weekdays} or {kind: every, seconds}")),
    }
}

/// A new market (`name`, `mode` and `schedule` needed), or the fields of one to change (a mode never changes). No
/// other field is allowed.
#[derive(Deserialize, ToSchema)]
#[schema(as = MatkaMarketBody)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MarketBody {
    /// 1 to 40 characters, unique.
    #[schema(example = "Kalyan")]
    name: Option<String>,
    mode: Option<Mode>,
    /// A schedule change applies from the market's next draw.
    #[schema(value_type = Option<MatkaScheduleBody>)]
    schedule: Option<Value>,
    active: Option<bool>,
}

/// A schedule as operators write it: daily open and close times (IST) on some weekdays, or a quick market's cycle.
#[derive(Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
#[allow(dead_code)]
pub enum MatkaScheduleBody {
    #[serde(rename_all = "camelCase")]
    Daily {
        /// `HH:MM`, IST.
        #[schema(example = "15:45")]
        open_time: String,
        /// `HH:MM`, IST.
        #[schema(example = "17:45")]
        close_time: String,
        /// 0 (Monday) to 6 (Sunday); absent: every day.
        weekdays: Option<Vec<u8>>,
    },
    Every {
        seconds: u32,
    },
}

async fn save(state: &State, op: &Operator, id: Option<i64>, body: Value) -> Answer {
    let b: MarketBody = serde_json::from_value(body)
        .map_err(|e| ApiError::bad_request(ErrorCode::InvalidMarket, format!("Invalid market: {e}")))?;
    let schedule = b.schedule.as_ref().map(schedule).transpose()?;
    if id.is_none() && (b.name.is_none() || b.mode.is_none() || schedule.is_none()) {
        return Err(ApiError::bad_request(
            ErrorCode::InvalidMarket,
            "A new market needs a name, a mode and a schedule",
        ));
    }
    let before = match id {
        Some(id) => store::markets(&state.db).await?.into_iter().find(|m| m.id == id),
        None => None,
    };
    let msg = SaveMarket { id, name: b.name, schedule, mode: b.mode, active: b.active };
    let market = ask(state, msg).await?.map_err(refused)?;
    let market = MarketEntry::of(&market);
    let target = format!("matka:{}", market.id);
    let before = before.as_ref().map(MarketEntry::of).and_then(audited);
    audit::write(state, op.0.id, Action::MatkaMarket, &target, before, audited(&market)).await;
    let status = if id.is_none() { StatusCode::CREATED } else { StatusCode::OK };
    Ok(HttpResponse::build(status).json(SavedMarket { success: true, market }))
}

/// What an audit row keeps of a change: the shape as JSON.
fn audited(v: impl Serialize) -> Option<Value> {
    serde_json::to_value(v).ok()
}

/// Every market with its schedule as operators write it, and its draws still waiting for a result.
#[utoipa::path(
    responses((status = 200, description = "Every market, with its draws still waiting for a result", body = OperatorMarkets))
)]
#[get("/api/admin/matka/markets")]
async fn markets(state: State, _op: Operator) -> Answer {
    let unsettled = store::unsettled(&state.db).await?;
    let markets = store::markets(&state.db)
        .await?
        .iter()
        .map(|m| OperatorMarket {
            market: MarketEntry::of(m),
            unsettled: unsettled.iter().filter(|d| d.market == m.id).map(UnsettledDraw::of).collect(),
        })
        .collect();
    Ok(HttpResponse::Ok().json(OperatorMarkets { success: true, markets }))
}

refusals!(CreateMarketRefusals {
    400: "`invalid_request`, `invalid_market` (a field missing or wrong, a bad schedule, \
        a name taken)",
    503: "`unavailable`",
});
/// A new market (audited).
#[utoipa::path(
    request_body = MarketBody,
    responses((status = 201, description = "The market as saved", body = SavedMarket), CreateMarketRefusals)
)]
#[post("/api/admin/matka/markets")]
async fn create_market(state: State, op: Operator, body: web::Json<Value>) -> Answer {
    save(&state, &op, None, body.into_inner()).await
}

refusals!(EditMarketRefusals {
    400: "`invalid_request`, `invalid_path`, `invalid_market` (a bad field or schedule, a \
        mode change, a name taken)",
    404: "`unknown_market`",
    503: "`unavailable`",
});
/// A change to a market (audited): only the fields sent change.
#[utoipa::path(
    params(("id" = i64, Path, description = "The market's id")),
    request_body = MarketBody,
    responses((status = 200, description = "The market as saved", body = SavedMarket), EditMarketRefusals)
)]
#[put("/api/admin/matka/markets/{id}")]
async fn edit_market(state: State, op: Operator, id: web::Path<i64>, body: web::Json<Value>) -> Answer {
    save(&state, &op, Some(*id), body.into_inner()).await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Candidate {
    /// A candidate open panna (three digits in order, 0 after 9); absent: the recorded one.
    #[param(example = "134")]
    open: Option<String>,
    /// A candidate close panna; absent: the recorded one.
    #[param(example = "479")]
    close: Option<String>,
}

refusals!(DrawBookRefusals {
    400: "`invalid_path`, `invalid_query`, `invalid_number` (not a panna)",
    404: "`not_found`: no such draw",
});
/// A draw's held bids by type, session and number, and (with `?open=134&close=479`) what the house would win or
/// lose on that result, before it is declared.
#[utoipa::path(
    params(DrawPath, Candidate),
    responses((status = 200, description = "The draw's held bids by type, session and number, and what the (candidate) result would cost", body = DrawBook), DrawBookRefusals)
)]
#[get("/api/admin/matka/markets/{id}/draws/{no}")]
async fn draw_book(state: State, _op: Operator, path: web::Path<DrawPath>, q: web::Query<Candidate>) -> Answer {
    let DrawPath { id: market, no } = path.into_inner();
    let draw = drawn(&state, market, no).await?;
    let book = store::book(&state.db, market, no).await?;
    let panna = |t: &Option<String>| t.as_deref().map(|t| Panna::parse(t).ok_or_else(|| not_a_panna(t))).transpose();
    let open = panna(&q.open)?.or(draw.open);
    let close = panna(&q.close)?.or(draw.close);
    Ok(HttpResponse::Ok().json(DrawBook::of(&draw, &book, open, close)))
}

/// A draw as stored, or a 404 `not_found`.
async fn drawn(state: &State, market: i64, no: i64) -> Result<store::DrawRow, ApiError> {
    store::draw(&state.db, market, no).await?.ok_or_else(|| ApiError::not_found("No such draw"))
}

fn not_a_panna(t: &str) -> ApiError {
    ApiError::bad_request(ErrorCode::InvalidNumber, format!("{t} is not a panna (three digits in order, 0 after 9)"))
}

/// A declaration or a correction as asked, and (normalised) what the audit keeps of a declaration.
#[derive(Deserialize, Serialize, ToSchema)]
#[schema(as = MatkaDeclaration)]
#[serde(deny_unknown_fields)]
pub struct Declaration {
    /// `open` or `close` (any case).
    #[schema(example = "open")]
    session: String,
    /// Three digits in order, 0 after 9.
    #[schema(example = "134")]
    panna: String,
}

impl Declaration {
    /// The market, the draw, the panna, and whether it is the close result.
    fn read(&self, path: &DrawPath) -> Result<(i64, i64, Panna, bool), ApiError> {
        let panna = Panna::parse(&self.panna).ok_or_else(|| not_a_panna(&self.panna))?;
        let close = match self.session.to_ascii_lowercase().as_str() {
            "open" => false,
            "close" => true,
            _ => return Err(refused(MatkaError::UnknownSession)),
        };
        Ok((path.id, path.no, panna, close))
    }
}

refusals!(
    /// The errors a declaration or a correction shares: a body or path that does not read, the desk not answering.
    DeclarationErrors {
        400: "`invalid_request`, `invalid_path`, `invalid_number` (not a panna), `unknown_session`",
        503: "`unavailable`",
    }
);

/// A draw: its market's id and its number.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct DrawPath {
    /// The market's id
    id: i64,
    /// The draw's number
    no: i64,
}

refusals!(CorrectRefusals {
    404: "`not_found`: no such draw",
    409: "`cannot_declare`: no such market, a drawn market, no declared result to correct, \
        or bids still being placed or settled on the draw",
});
/// Corrects a declared result: every settled bid of the draw is decided again and the difference paid or taken
/// back; a player who can no longer cover a debit is listed in `shortfalls` (the intent stays failed, for follow-up).
#[utoipa::path(
    params(DrawPath),
    request_body = Declaration,
    responses((status = 200, description = "The corrected draw, the players paid more or less, the debits that failed", body = CorrectionAnswer), DeclarationErrors, CorrectRefusals)
)]
#[post("/api/admin/matka/markets/{id}/draws/{no}/correct")]
async fn correct(state: State, op: Operator, path: web::Path<DrawPath>, body: web::Json<Declaration>) -> Answer {
    let (market, draw, panna, close) = body.read(&path)?;
    let before = store::draw(&state.db, market, draw).await?.map(|d| ChartRow::of(&d).result);
    let done = ask(&state, Correct { market, draw, panna, close }).await?.map_err(refused)?;
    let row = drawn(&state, market, draw).await?;
    let after = ChartRow::of(&row);
    let (credits, debits) = (done.credits, done.debits);
    audit::write(
        &state,
        op.0.id,
        Action::MatkaCorrect,
        &format!("matka:{market}:{draw}"),
        before.and_then(|result| audited(CorrectionAudit { result: &result, credits: None, debits: None })),
        audited(CorrectionAudit { result: &after.result, credits: Some(credits), debits: Some(debits) }),
    )
    .await;
    let shortfalls = settle::shortfalls(&state.db, market, draw)
        .await?
        .into_iter()
        .map(|(user, key, message)| Shortfall { user_id: user.0, key, message })
        .collect();
    Ok(HttpResponse::Ok().json(CorrectionAnswer { success: true, result: after, credits, debits, shortfalls }))
}

/// What the audit keeps of a correction: the result before (alone) and after (with the players paid more or less).
#[derive(Serialize)]
struct CorrectionAudit<'a> {
    result: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    credits: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    debits: Option<usize>,
}

refusals!(DeclareRefusals {
    404: "`not_found`, `unknown_market`: the draw is gone",
    409: "`cannot_declare`: no such market or draw in play, a drawn market, a result out of \
        turn (open first, each once, after its session closed), or bids still being placed on the draw",
});
/// Declares a declared market's open or close result; the draw's bids are settled before the answer.
#[utoipa::path(
    params(DrawPath),
    request_body = Declaration,
    responses((status = 200, description = "The draw with its result, its bids settled", body = Declared), DeclarationErrors, DeclareRefusals)
)]
#[post("/api/admin/matka/markets/{id}/draws/{no}/declare")]
async fn declare(state: State, op: Operator, path: web::Path<DrawPath>, body: web::Json<Declaration>) -> Answer {
    let (market, draw, panna, close) = body.read(&path)?;
    ask(&state, Declare { market, draw, panna, close, by: op.0.id }).await?.map_err(refused)?;
    let after = audited(Declaration { session: body.session.to_ascii_lowercase(), panna: panna.to_string() });
    audit::write(&state, op.0.id, Action::MatkaDeclare, &format!("matka:{market}:{draw}"), None, after).await;
    let row = drawn(&state, market, draw).await?;
    Ok(HttpResponse::Ok().json(Declared { success: true, result: ChartRow::of(&row) }))
}
