//! The REST calls the swarm makes: health, the operator's login, funded fixture players, and each player's wallet
//! and Aviator history for the money check. Bearer tokens; errors are `{success: false, error, message}`.

use crate::App;
use crate::money::{Multiplier, Rupees, value_hundredths};
use crate::wallet::{HistoryRow, Principal, Status};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::Ordering;

pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/api/health", get(async || Json(json!({ "ok": true }))))
        .route("/api/login", post(login))
        .route("/api/admin/fixtures/players", post(fixture_players))
        .route("/api/getwalletandexposure/{id}", get(wallet))
        .route("/api/history/{id}", get(history))
        .with_state(app)
}

pub struct ApiError {
    status: StatusCode,
    error: &'static str,
    message: &'static str,
}

fn err(status: StatusCode, error: &'static str, message: &'static str) -> ApiError {
    ApiError { status, error, message }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "success": false, "error": self.error, "message": self.message }))).into_response()
    }
}

fn bearer(app: &App, headers: &HeaderMap) -> Result<Principal, ApiError> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .and_then(|token| app.sessions.get(token.trim()))
        .ok_or(err(StatusCode::UNAUTHORIZED, "unauthorized", "Please log in"))
}

/// The path's user must be the caller (operators may read anyone).
fn owned(app: &App, headers: &HeaderMap, id: &str) -> Result<i64, ApiError> {
    let who = bearer(app, headers)?;
    let id: i64 = id.trim().parse().map_err(|_| err(StatusCode::NOT_FOUND, "not_found", "No such user"))?;
    if who.id != id && !who.operator {
        return Err(err(StatusCode::FORBIDDEN, "forbidden", "This is not your account"));
    }
    Ok(id)
}

async fn login(State(app): State<Arc<App>>, Json(body): Json<Value>) -> Result<Json<Value>, ApiError> {
    let user_no = match &body["userNo"] {
        Value::String(s) => s.trim().to_owned(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    };
    let password = body["password"].as_str().unwrap_or_default();
    if user_no != app.config.operator_user_no || password != app.config.operator_password {
        return Err(err(StatusCode::UNAUTHORIZED, "bad_credentials", "Invalid credentials"));
    }
    let op = app.operator;
    let token = app.sessions.issue(op);
    Ok(Json(json!({
        "user": { "id": op.id, "_id": op.id, "userNo": op.user_no, "role": "operator", "walletBalance": 0,
                  "exposureBalance": 0 },
        "wallet": { "balance": 0, "exposureBalance": 0 },
        "history": [],
        "token": token,
    })))
}

#[derive(Deserialize)]
struct FixtureBody {
    count: usize,
    balance: Option<Value>,
}

async fn fixture_players(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Json(body): Json<FixtureBody>,
) -> Result<Response, ApiError> {
    if !bearer(&app, &headers)?.operator {
        return Err(err(StatusCode::FORBIDDEN, "forbidden", "Operators only"));
    }
    if body.count == 0 || body.count > 1_000 {
        return Err(err(StatusCode::BAD_REQUEST, "invalid_count", "count must be between 1 and 1000"));
    }
    let balance = body.balance.as_ref().and_then(value_hundredths).filter(|&b| b > 0).ok_or(err(
        StatusCode::BAD_REQUEST,
        "invalid_amount",
        "balance must be greater than 0",
    ))?;
    let players: Vec<Value> = (0..body.count)
        .map(|_| {
            let id = app.next_id.fetch_add(1, Ordering::Relaxed);
            let who = Principal { id, user_no: 100_000 + id, operator: false };
            app.wallet.open(id, balance);
            json!({ "id": id, "userNo": who.user_no, "token": app.sessions.issue(who) })
        })
        .collect();
    Ok((StatusCode::CREATED, Json(json!({ "players": players }))).into_response())
}

async fn wallet(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let id = owned(&app, &headers, &id)?;
    let b = app.wallet.balances(id).ok_or(err(StatusCode::NOT_FOUND, "not_found", "No such user"))?;
    Ok(Json(json!({ "balance": Rupees(b.balance), "exposureBalance": Rupees(b.exposure) })))
}

#[derive(Deserialize)]
struct Limit {
    limit: Option<i64>,
}

#[derive(Serialize)]
struct Row {
    round_id: i64,
    slot: u8,
    #[serde(rename = "createdAt")]
    created_at: String,
    #[serde(rename = "betAmt")]
    bet_amt: Rupees,
    multiplier: Option<Multiplier>,
    #[serde(rename = "winningAmt")]
    winning_amt: Rupees,
    #[serde(rename = "crashPoint")]
    crash_point: Option<Multiplier>,
    status: &'static str,
    #[serde(rename = "autoCashout", skip_serializing_if = "Option::is_none")]
    auto_cashout: Option<Multiplier>,
}

impl From<HistoryRow> for Row {
    fn from(r: HistoryRow) -> Row {
        Row {
            round_id: r.round,
            slot: r.slot,
            created_at: iso(r.created_at),
            bet_amt: Rupees(r.stake),
            multiplier: r.multiplier.map(Multiplier),
            winning_amt: Rupees(r.payout),
            crash_point: r.crash_point.map(Multiplier),
            status: r.status.as_str(),
            auto_cashout: if r.status == Status::Open { r.auto.map(Multiplier) } else { None },
        }
    }
}

/// The player's Aviator bets, newest first (the round in play included, as `Open`).
async fn history(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<Limit>,
) -> Result<Json<Vec<Row>>, ApiError> {
    let id = owned(&app, &headers, &id)?;
    let limit = usize::try_from(q.limit.unwrap_or(200).clamp(1, 5_000)).unwrap_or(200);
    let rows = app.wallet.history(id, limit).ok_or(err(StatusCode::NOT_FOUND, "not_found", "No such user"))?;
    Ok(Json(rows.into_iter().map(Row::from).collect()))
}

/// Epoch milliseconds as ISO 8601 UTC, e.g. `2024-05-01T12:00:00.123Z`.
fn iso(ms: i64) -> String {
    let (days, ms_of_day) = (ms.div_euclid(86_400_000), ms.rem_euclid(86_400_000));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let (h, m, s, milli) = (ms_of_day / 3_600_000, ms_of_day / 60_000 % 60, ms_of_day / 1_000 % 60, ms_of_day % 1_000);
    format!("{year:04}-{month:02}-{day:02}T{h:02}:{m:02}:{s:02}.{milli:03}Z")
}

#[cfg(test)]
mod tests {
    #[test]
    fn iso_dates() {
        assert_eq!(super::iso(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(super::iso(1_700_000_000_123), "2023-11-14T22:13:20.123Z");
        assert_eq!(super::iso(951_782_400_000), "2000-02-29T00:00:00.000Z");
    }
}
