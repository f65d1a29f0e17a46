//! People for operators: search (`GET /api/admin/users?q=&limit=50`), one person with their sessions
//! (`/users/{id}`), their ledger (`/users/{id}/ledger?limit=100&before={entryId}`) and their bets
//! (`/users/{id}/bets?limit=100`), newest first. `{id}` is the user id or the user number (as for block).

use super::{bounded_limit, optional_id};
use crate::accounts::find_user;
use crate::auth::Operator;
use crate::error::ApiError;
use crate::json::iso;
use crate::money::rupees;
use crate::state::State;
use actix_web::{HttpResponse, get, web};
use casino_actors::admin_queries::{self as queries, UserRow};
use casino_actors::aviator::rules::BetState;
use casino_actors::aviator::table::{OpenBet, OpenBets};
use casino_actors::aviator::{store, wire};
use serde::Deserialize;
use serde_json::{Value, json};

fn user_json(r: &UserRow) -> Value {
    let u = &r.user;
    json!({
        "id": u.id.0, "userNo": u.user_no, "name": u.name, "phone": u.phone, "email": u.email, "role": u.role,
        "blocked": r.blocked, "balance": rupees(r.balance), "exposure": rupees(r.exposure),
        "createdAt": iso(u.created_at),
    })
}

#[derive(Deserialize)]
pub struct SearchQuery {
    q: Option<String>,
    limit: Option<i64>,
}

#[get("/api/admin/users")]
pub async fn search(state: State, _op: Operator, q: web::Query<SearchQuery>) -> Result<HttpResponse, ApiError> {
    let limit = bounded_limit(q.limit, 50)?;
    let text = q.q.as_deref().unwrap_or_default();
    if text.chars().count() > 100 {
        return Err(ApiError::bad_request("invalid_query", "q may have at most 100 characters"));
    }
    let rows = queries::search_users(&state.db, text, limit).await.map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok().json(json!({ "success": true, "users": rows.iter().map(user_json).collect::<Vec<_>>() })))
}

#[get("/api/admin/users/{id}")]
pub async fn detail(state: State, _op: Operator, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let user = find_user(&state, &path).await?;
    let row = queries::user(&state.db, user.id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::not_found("User not found"))?;
    let sessions = queries::sessions(&state.db, user.id, state.clock.now_ms()).await.map_err(ApiError::internal)?;
    let sessions: Vec<Value> = sessions
        .iter()
        .map(|s| {
            json!({
                "createdAt": iso(s.created_at), "expiresAt": iso(s.expires_at), "revokedAt": s.revoked_at.map(iso),
                "live": s.live,
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({ "success": true, "user": user_json(&row), "sessions": sessions })))
}

#[derive(Deserialize)]
pub struct PageQuery {
    limit: Option<i64>,
    before: Option<i64>,
}

#[get("/api/admin/users/{id}/ledger")]
pub async fn ledger(
    state: State,
    _op: Operator,
    path: web::Path<String>,
    q: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let limit = bounded_limit(q.limit, 100)?;
    let before = optional_id(q.before, "before")?;
    let user = find_user(&state, &path).await?;
    let entries = queries::ledger(&state.db, user.id, limit, before).await.map_err(ApiError::internal)?;
    let entries: Vec<Value> = entries
        .iter()
        .map(|e| {
            json!({
                "id": e.id, "at": iso(e.at), "kind": e.kind, "reference": e.reference,
                "deltaBalance": rupees(e.delta_balance), "deltaExposure": rupees(e.delta_exposure),
                "balanceAfter": rupees(e.balance_after), "exposureAfter": rupees(e.exposure_after),
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({ "success": true, "entries": entries })))
}

#[derive(Deserialize)]
pub struct LimitQuery {
    limit: Option<i64>,
}

/// Aviator bets: the round in play (from the table; `result` is `open` until the wallet commits its outcome),
/// then settled ones from history (`won`, `lost` or `refunded`). `cashedOutAt` is the multiplier.
#[get("/api/admin/users/{id}/bets")]
pub async fn bets(
    state: State,
    _op: Operator,
    path: web::Path<String>,
    q: web::Query<LimitQuery>,
) -> Result<HttpResponse, ApiError> {
    let limit = bounded_limit(q.limit, 100)?;
    let user = find_user(&state, &path).await?;
    let open = state.tables.aviator.ask(OpenBets(user.id)).await.unwrap_or_default();
    let settled = store::history(&state.db, user.id, limit).await?;
    let bet = |round: i64, slot: u8, stake, cashed_out: Option<u64>, payout, result: &str, at| {
        json!({
            "game": "aviator", "round": round, "slot": slot, "stake": rupees(stake),
            "cashedOutAt": cashed_out.map(wire::multiplier), "payout": rupees(payout), "result": result, "at": iso(at),
        })
    };
    let mut rows: Vec<Value> = Vec::new();
    for OpenBet { round, bet: b, placed_at, settled: done } in open {
        if settled.iter().any(|r| r.round == round && r.slot == b.slot.index()) {
            continue;
        }
        let (result, multiplier, payout) = match b.state {
            BetState::CashedOut { multiplier, payout } if done => ("won", Some(multiplier), payout),
            BetState::Lost if done => ("lost", None, Default::default()),
            _ => ("open", None, Default::default()),
        };
        rows.push(bet(round.0, b.slot.index(), b.stake, multiplier, payout, result, placed_at));
    }
    for r in &settled {
        rows.push(bet(r.round.0, r.slot, r.stake, r.multiplier, r.payout, &r.status.to_lowercase(), r.created_at));
    }
    rows.truncate(limit as usize);
    Ok(HttpResponse::Ok().json(json!({ "success": true, "bets": rows })))
}
