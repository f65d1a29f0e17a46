//! `GET /api/admin/risk`: money held for open bets (in all, per table, and the ten players holding most) and what
//! the house won per game, today (since midnight UTC) and all time. Computed from the books on each call.

use crate::auth::Operator;
use crate::error::ApiError;
use crate::money::rupees;
use crate::state::State;
use actix_web::{HttpResponse, get};
use casino_actors::admin_queries;
use serde_json::json;

#[get("/api/admin/risk")]
pub async fn risk(state: State, _op: Operator) -> Result<HttpResponse, ApiError> {
    let r = admin_queries::risk(&state.db, state.clock.now_ms()).await.map_err(ApiError::internal)?;
    let tables: Vec<_> = r
        .tables
        .iter()
        .map(|t| json!({ "game": t.game, "table": t.table, "exposure": rupees(t.exposure), "openBets": t.open_bets }))
        .collect();
    let house: Vec<_> = r
        .house
        .iter()
        .map(|h| json!({ "game": h.game, "today": rupees(h.today), "allTime": rupees(h.all_time) }))
        .collect();
    let largest: Vec<_> = r
        .largest
        .iter()
        .map(|h| json!({ "userId": h.user.0, "userNo": h.user_no, "name": h.name, "exposure": rupees(h.exposure) }))
        .collect();
    Ok(HttpResponse::Ok().json(json!({
        "success": true, "exposureTotal": rupees(r.exposure_total), "tables": tables, "houseResult": house,
        "largest": largest,
    })))
}
