//! The exchange's risk controls for operators (`docs/OPERATORS.md` "Exchange risk"): the liability limits per market
//! type and per market (what the house may lose in one market, and to one player there), and the players flagged
//! because their open bets on a match cannot lose.

use crate::admin::audit;
use crate::auth::Operator;
use crate::error::{Answer, ApiError, refusals};
use crate::json::iso;
use crate::money::{Rupees, positive, rupees};
use crate::openapi::Area;
use crate::state::State;
use actix_web::{HttpResponse, delete, get, put, web};
use casino_actors::ErrorCode;
use casino_actors::audit::Action;
use casino_actors::exchange::limits::{self, Limits};
use casino_actors::exchange::store;
use casino_actors::exchange::wire::MarketType;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn routes(cfg: &mut ServiceConfig) {
    Area::new(cfg, "exchange").operator(get_limits).operator(set_limits).operator(remove_limits).operator(alerts);
}

/// One market type's limits, or one market's (`marketId` set), in rupees.
#[derive(Serialize, ToSchema)]
#[schema(as = ExchangeLimitJson)]
#[serde(rename_all = "camelCase")]
pub struct LimitJson {
    market_type: MarketType,
    /// Empty: the type's default.
    market_id: String,
    /// The most the house may lose in the market, all players together.
    #[schema(value_type = f64)]
    max_liability: Value,
    /// The most the house may lose to one player in the market.
    #[schema(value_type = f64)]
    max_player_liability: Value,
    /// When it was set (`null`: the built-in default).
    updated_at: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[schema(as = ExchangeLimitsJson)]
pub struct LimitsJson {
    /// Each type's default in force (set or built in), then each market's own.
    limits: Vec<LimitJson>,
}

fn json(t: MarketType, market_id: String, l: Limits, updated_at: Option<String>) -> LimitJson {
    LimitJson {
        market_type: t,
        market_id,
        max_liability: rupees(l.market),
        max_player_liability: rupees(l.player),
        updated_at,
    }
}

/// The liability limits in force: each market type's default, then the markets set apart.
#[utoipa::path(
    operation_id = "exchange_limits",
    responses((status = 200, body = LimitsJson))
)]
#[get("/api/admin/exchange/limits")]
async fn get_limits(state: State, _op: Operator) -> Answer {
    let set = limits::list(&state.db).await.map_err(ApiError::internal)?;
    let mut out = Vec::new();
    for t in [MarketType::Exchange, MarketType::Bookmaker, MarketType::Fancy] {
        let row = set.iter().find(|r| r.market_type == t && r.market_id.is_empty());
        let l = row.map_or(limits::default_limits(t), |r| r.limits);
        out.push(json(t, String::new(), l, row.map(|r| iso(r.updated_at))));
    }
    for r in set.iter().filter(|r| !r.market_id.is_empty()) {
        out.push(json(r.market_type, r.market_id.clone(), r.limits, Some(iso(r.updated_at))));
    }
    Ok(HttpResponse::Ok().json(LimitsJson { limits: out }))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = ExchangeLimitBody)]
#[serde(rename_all = "camelCase")]
pub struct LimitBody {
    market_type: MarketType,
    /// Absent or empty: the type's default; else one market of that type (`1.{match}`, `bm.{match}`,
    /// `f.{match}.{innings}.{overs}`).
    market_id: Option<String>,
    /// Required, greater than 0.
    #[schema(value_type = Option<f64>)]
    max_liability: Option<Rupees>,
    /// Required, greater than 0, at most `maxLiability`.
    #[schema(value_type = Option<f64>)]
    max_player_liability: Option<Rupees>,
}

/// A market id that names a market of type `t`: `1.{n}`, `bm.{n}` or `f.{n}.{1|2}.{overs}`.
fn market_of_type(t: MarketType, id: &str) -> bool {
    let parts: Vec<&str> = id.split('.').collect();
    let num = |s: &str| !s.is_empty() && s.len() <= 19 && s.bytes().all(|b| b.is_ascii_digit());
    match (t, parts.as_slice()) {
        (MarketType::Exchange, ["1", n]) => num(n),
        (MarketType::Bookmaker, ["bm", n]) => num(n),
        (MarketType::Fancy, ["f", n, i, o]) => num(n) && matches!(*i, "1" | "2") && num(o),
        _ => false,
    }
}

refusals!(SetLimitsRefusals {
    400: "`invalid_request`, `missing_field`, `invalid_amount`, `invalid_market`, `invalid_limits` (the player's limit above the market's); nothing changed",
});
/// Sets a market type's default limits, or one market's.
///
/// A bet that would take the house's worst case in the market (or against its player there) past the limit is then
/// refused with 409 `liability_limit`, unless it lowers that worst case.
#[utoipa::path(
    operation_id = "exchange_set_limits",
    request_body = LimitBody,
    responses((status = 200, body = LimitJson), SetLimitsRefusals)
)]
#[put("/api/admin/exchange/limits")]
async fn set_limits(state: State, op: Operator, body: web::Json<LimitBody>) -> Answer {
    let market_id = body.market_id.clone().unwrap_or_default().trim().to_owned();
    if !market_id.is_empty() && !market_of_type(body.market_type, &market_id) {
        return Err(ApiError::bad_request(ErrorCode::InvalidMarket, "marketId does not name a market of that type"));
    }
    let l = Limits {
        market: positive(body.max_liability, "maxLiability")?,
        player: positive(body.max_player_liability, "maxPlayerLiability")?,
    };
    if l.player > l.market {
        return Err(ApiError::bad_request(ErrorCode::InvalidLimits, "maxPlayerLiability must be at most maxLiability"));
    }
    let before = limits::effective(&state.db, body.market_type, &market_id).await.map_err(ApiError::internal)?;
    let now = state.clock.now_ms();
    limits::set(&state.db, body.market_type, &market_id, l, now).await.map_err(ApiError::internal)?;
    let answer = json(body.market_type, market_id, l, Some(iso(now)));
    let target = format!("exchange-limits:{}", serde_json::to_value(body.market_type).unwrap_or_default());
    let before = serde_json::to_value(json(body.market_type, answer.market_id.clone(), before, None)).ok();
    audit::write(&state, op.0.id, Action::ExchangeLimits, &target, before, serde_json::to_value(&answer).ok()).await;
    Ok(HttpResponse::Ok().json(answer))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct RemoveQuery {
    /// Absent: the type's default (back to the built-in one).
    market_id: Option<String>,
}

refusals!(RemoveLimitsRefusals { 404: "`not_found`: no such limits were set" });
/// Removes a market's own limits (back to its type's) or a type's default (back to the built-in one).
#[utoipa::path(
    operation_id = "exchange_remove_limits",
    params(("marketType" = MarketType, Path, description = "exchange (Match Odds), bookmaker or fancy"), RemoveQuery),
    responses((status = 204, description = "Removed"), RemoveLimitsRefusals)
)]
#[delete("/api/admin/exchange/limits/{marketType}")]
async fn remove_limits(state: State, op: Operator, path: web::Path<MarketType>, q: web::Query<RemoveQuery>) -> Answer {
    let t = path.into_inner();
    let market_id = q.market_id.clone().unwrap_or_default();
    if !limits::remove(&state.db, t, &market_id).await.map_err(ApiError::internal)? {
        return Err(ApiError::not_found("No such limits were set"));
    }
    let target = format!("exchange-limits:{}", serde_json::to_value(t).unwrap_or_default());
    let before = serde_json::json!({ "marketId": market_id });
    audit::write(&state, op.0.id, Action::ExchangeLimits, &target, Some(before), None).await;
    Ok(HttpResponse::NoContent().finish())
}

/// A player whose open bets on a match could not lose when flagged.
#[derive(Serialize, ToSchema)]
#[schema(as = ExchangeSureAlertJson)]
#[serde(rename_all = "camelCase")]
pub struct SureAlertJson {
    id: i64,
    user_id: i64,
    match_id: i64,
    match_name: String,
    /// The player's open bets on the match then.
    bets: Vec<i64>,
    /// What the position paid at worst and at best, in rupees (the worst ≥ 0).
    #[schema(value_type = f64)]
    worst: Value,
    #[schema(value_type = f64)]
    best: Value,
    created_at: String,
}

#[derive(Serialize, ToSchema)]
#[schema(as = ExchangeSureAlertsJson)]
pub struct SureAlertsJson {
    alerts: Vec<SureAlertJson>,
}

/// Players whose open bets on a match were ≥ 0 in every outcome and > 0 in one, newest first (the last 200).
#[utoipa::path(
    operation_id = "exchange_sure_positions",
    responses((status = 200, body = SureAlertsJson))
)]
#[get("/api/admin/exchange/alerts")]
async fn alerts(state: State, _op: Operator) -> Answer {
    let rows = store::alerts(&state.db, 200).await.map_err(ApiError::internal)?;
    let alerts = rows
        .into_iter()
        .map(|a| SureAlertJson {
            id: a.id,
            user_id: a.user.0,
            match_id: a.match_id,
            match_name: a.match_name,
            bets: a.bets,
            worst: rupees(a.worst),
            best: rupees(a.best),
            created_at: iso(a.created_at),
        })
        .collect();
    Ok(HttpResponse::Ok().json(SureAlertsJson { alerts }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_market_id_must_name_a_market_of_its_type() {
        assert!(market_of_type(MarketType::Exchange, "1.123"));
        assert!(market_of_type(MarketType::Bookmaker, "bm.123"));
        assert!(market_of_type(MarketType::Fancy, "f.123.2.10"));
        for (t, id) in [
            (MarketType::Exchange, "bm.1"),
            (MarketType::Fancy, "f.1.3.10"),
            (MarketType::Fancy, "f.1.1"),
            (MarketType::Bookmaker, "bm."),
            (MarketType::Exchange, "1.x"),
        ] {
            assert!(!market_of_type(t, id), "{id}");
        }
    }
}
