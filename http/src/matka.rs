//! Matka over REST (`docs/API.md` "Matka"): the spec's market list and bid call, the player's bids, each market's
//! chart; the operators' markets, draw books and declarations (audited). The socket's `matka:join` is in
//! `crate::aviator::socket`.

use crate::accounts::resolve_user;
use crate::admin::audit;
use crate::auth::{Authed, Operator};
use crate::error::ApiError;
use crate::money::parse_rupees;
use crate::rounds::names_someone_else;
use crate::rounds::routes::Limit;
use crate::state::State;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, post, put, web};
use casino_actors::audit::Action;
use casino_actors::matka::bids::PlaceBids;
use casino_actors::matka::desk::{List, MatkaDesk, MatkaError};
use casino_actors::matka::operate::{Correct, Declare, SaveMarket};
use casino_actors::matka::rules::{BidType, Panna, Session};
use casino_actors::matka::schedule::{Schedule, parse_clock};
use casino_actors::matka::settle;
use casino_actors::matka::store::{self, Mode};
use casino_actors::matka::wire::{
    BidRequest, Bids, Chart, ChartRow, CorrectionAnswer, Declared, DrawBook, MarketEntry, OperatorMarket,
    OperatorMarkets, SavedMarket, Shortfall, UnsettledDraw,
};
use casino_actors::money::Paise;
use casino_actors::observe::Timed;
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(list)
        .service(place)
        .service(my_bids)
        .service(bids_of)
        .service(chart)
        .service(markets)
        .service(create_market)
        .service(edit_market)
        .service(draw_book)
        .service(declare)
        .service(correct);
}

fn refused(e: MatkaError) -> ApiError {
    let status = match &e {
        MatkaError::UnknownMarket => StatusCode::NOT_FOUND,
        MatkaError::NoDraw | MatkaError::Session(_) | MatkaError::Declare(_) => StatusCode::CONFLICT,
        MatkaError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
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

/// The spec's market list, for players and operators.
#[get("/api/admin/getMatkas")]
async fn list(state: State, _who: Authed) -> Result<HttpResponse, ApiError> {
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
            .map_err(|e| ApiError::bad_request("invalid_points", format!("Invalid {what}: {e}"))),
    }
}

/// The spec's bid payload; the server recomputes the totals and refuses a mismatch.
#[post("/api/bids")]
async fn place(state: State, who: Authed, body: web::Json<Value>) -> Result<HttpResponse, ApiError> {
    if names_someone_else(who.user.id, &body) {
        return Err(ApiError::forbidden());
    }
    let b: BidRequest = serde_json::from_value(body.into_inner())
        .map_err(|e| ApiError::bad_request("invalid_input", format!("Invalid bid: {e}")))?;
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
            .map_err(|e| ApiError::bad_request("invalid_points", format!("Invalid points: {e}")))?;
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

#[get("/api/bids")]
async fn my_bids(state: State, who: Authed, q: web::Query<Limit>) -> Result<HttpResponse, ApiError> {
    let bids = store::bids_of(&state.db, who.user.id, q.limit.unwrap_or(50).clamp(1, 500)).await?;
    Ok(HttpResponse::Ok().json(Bids { success: true, bids }))
}

#[get("/api/bids/{userId}")]
async fn bids_of(
    state: State,
    who: Authed,
    path: web::Path<String>,
    q: web::Query<Limit>,
) -> Result<HttpResponse, ApiError> {
    let user = resolve_user(&state, &who, &path).await?;
    let bids = store::bids_of(&state.db, user.id, q.limit.unwrap_or(50).clamp(1, 500)).await?;
    Ok(HttpResponse::Ok().json(Bids { success: true, bids }))
}

/// A market's past results, newest first (a drawn market's seeds once both results are out).
#[get("/api/matka/markets/{id}/chart")]
async fn chart(state: State, _who: Authed, id: web::Path<i64>, q: web::Query<Limit>) -> Result<HttpResponse, ApiError> {
    let rows = store::results(&state.db, *id, q.limit.unwrap_or(60).clamp(1, 500)).await?;
    Ok(HttpResponse::Ok().json(Chart { success: true, results: rows.iter().map(ChartRow::of).collect() }))
}

/// A schedule as operators write it: `{kind: "daily", openTime: "15:45", closeTime: "17:45", weekdays: [0, …, 6]}`
/// (0 = Monday) or `{kind: "every", seconds}`.
fn schedule(v: &Value) -> Result<Schedule, ApiError> {
    let bad = |m: &str| ApiError::bad_request("invalid_market", m.to_string());
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

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct MarketBody {
    name: Option<String>,
    mode: Option<Mode>,
    schedule: Option<Value>,
    active: Option<bool>,
}

async fn save(state: &State, op: &Operator, id: Option<i64>, body: Value) -> Result<HttpResponse, ApiError> {
    let b: MarketBody = serde_json::from_value(body)
        .map_err(|e| ApiError::bad_request("invalid_market", format!("Invalid market: {e}")))?;
    let schedule = b.schedule.as_ref().map(schedule).transpose()?;
    if id.is_none() && (b.name.is_none() || b.mode.is_none() || schedule.is_none()) {
        return Err(ApiError::bad_request("invalid_market", "A new market needs a name, a mode and a schedule"));
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
#[get("/api/admin/matka/markets")]
async fn markets(state: State, _op: Operator) -> Result<HttpResponse, ApiError> {
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

#[post("/api/admin/matka/markets")]
async fn create_market(state: State, op: Operator, body: web::Json<Value>) -> Result<HttpResponse, ApiError> {
    save(&state, &op, None, body.into_inner()).await
}

#[put("/api/admin/matka/markets/{id}")]
async fn edit_market(
    state: State,
    op: Operator,
    id: web::Path<i64>,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    save(&state, &op, Some(*id), body.into_inner()).await
}

#[derive(Deserialize)]
struct Candidate {
    open: Option<String>,
    close: Option<String>,
}

/// A draw's held bids by type, session and number, and (with `?open=134&close=479`) what the house would win or
/// lose on that result, before it is declared.
#[get("/api/admin/matka/markets/{id}/draws/{no}")]
async fn draw_book(
    state: State,
    _op: Operator,
    path: web::Path<(i64, i64)>,
    q: web::Query<Candidate>,
) -> Result<HttpResponse, ApiError> {
    let (market, no) = path.into_inner();
    let draw = store::draw(&state.db, market, no).await?.ok_or_else(|| ApiError::not_found("No such draw"))?;
    let book = store::book(&state.db, market, no).await?;
    let panna = |t: &Option<String>| t.as_deref().map(|t| Panna::parse(t).ok_or_else(|| not_a_panna(t))).transpose();
    let open = panna(&q.open)?.or(draw.open);
    let close = panna(&q.close)?.or(draw.close);
    Ok(HttpResponse::Ok().json(DrawBook::of(&draw, &book, open, close)))
}

fn not_a_panna(t: &str) -> ApiError {
    ApiError::bad_request("invalid_number", format!("{t} is not a panna (three digits in order, 0 after 9)"))
}

/// A declaration or a correction as asked, and (normalised) what the audit keeps of a declaration.
#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct Declaration {
    session: String,
    panna: String,
}

fn session_is_close(session: &str) -> Result<bool, ApiError> {
    match session.to_ascii_lowercase().as_str() {
        "open" => Ok(false),
        "close" => Ok(true),
        _ => Err(refused(MatkaError::UnknownSession)),
    }
}

/// Corrects a declared result: every settled bid of the draw is decided again and the difference paid or taken
/// back; a player who can no longer cover a debit is listed in `shortfalls` (the intent stays failed, for follow-up).
#[post("/api/admin/matka/markets/{id}/draws/{no}/correct")]
async fn correct(
    state: State,
    op: Operator,
    path: web::Path<(i64, i64)>,
    body: web::Json<Declaration>,
) -> Result<HttpResponse, ApiError> {
    let (market, draw) = path.into_inner();
    let panna = Panna::parse(&body.panna).ok_or_else(|| not_a_panna(&body.panna))?;
    let close = session_is_close(&body.session)?;
    let before = store::draw(&state.db, market, draw).await?.map(|d| ChartRow::of(&d).result);
    let done = ask(&state, Correct { market, draw, panna, close }).await?.map_err(refused)?;
    let row = store::draw(&state.db, market, draw).await?.ok_or_else(|| ApiError::not_found("No such draw"))?;
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

/// Declares a declared market's open or close result; the draw's bids are settled before the answer.
#[post("/api/admin/matka/markets/{id}/draws/{no}/declare")]
async fn declare(
    state: State,
    op: Operator,
    path: web::Path<(i64, i64)>,
    body: web::Json<Declaration>,
) -> Result<HttpResponse, ApiError> {
    let (market, draw) = path.into_inner();
    let panna = Panna::parse(&body.panna).ok_or_else(|| not_a_panna(&body.panna))?;
    let close = session_is_close(&body.session)?;
    ask(&state, Declare { market, draw, panna, close, by: op.0.id }).await?.map_err(refused)?;
    let after = audited(Declaration { session: body.session.to_ascii_lowercase(), panna: panna.to_string() });
    audit::write(&state, op.0.id, Action::MatkaDeclare, &format!("matka:{market}:{draw}"), None, after).await;
    let row = store::draw(&state.db, market, draw).await?.ok_or_else(|| ApiError::not_found("No such draw"))?;
    Ok(HttpResponse::Ok().json(Declared { success: true, result: ChartRow::of(&row) }))
}
