//! GET /api/me, GET /api/name/{userId}, GET /api/getwalletandexposure/{userId}.

use crate::auth::Authed;
use crate::error::ApiError;
use crate::json as shapes;
use crate::money::rupees;
use crate::state::State;
use actix_web::{HttpResponse, get, web};
use casino_actors::ids::UserId;
use casino_actors::wallet::shard::balances;
use serde_json::json;

#[get("/api/me")]
pub async fn me(state: State, who: Authed) -> Result<HttpResponse, ApiError> {
    let b = balances(&state.db, who.user.id).await?;
    Ok(HttpResponse::Ok().json(shapes::user(&who.user, b)))
}

/// Resolves a path's user id (an id or a user number) to the person it names.
pub(crate) async fn resolve_user(
    state: &State,
    who: &Authed,
    path: &str,
) -> Result<casino_actors::accounts::User, ApiError> {
    who.ensure_self(path)?;
    if path == who.user.id.to_string() || path == who.user.user_no.to_string() {
        return Ok(who.user.clone());
    }
    find_user(state, path).await
}

/// The person a path names: an id, else a user number, phone or e-mail. No access check: callers do that.
pub(crate) async fn find_user(state: &State, path: &str) -> Result<casino_actors::accounts::User, ApiError> {
    let path = path.trim();
    let by_id = match path.parse::<i64>() {
        Ok(id) => state.accounts.by_id(UserId(id)).await?,
        Err(_) => None,
    };
    match by_id {
        Some(u) => Ok(u),
        None => state.accounts.by_login(path).await?.ok_or_else(|| ApiError::not_found("User not found")),
    }
}

#[get("/api/name/{userId}")]
pub async fn name(state: State, who: Authed, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let u = resolve_user(&state, &who, &path).await?;
    let b = balances(&state.db, u.id).await?;
    let mut body = serde_json::to_value(shapes::user(&u, b)).map_err(ApiError::internal)?;
    body["sessionexposure"] = rupees(b.exposure);
    body["sessionBal"] = rupees(b.balance);
    Ok(HttpResponse::Ok().json(body))
}

#[get("/api/getwalletandexposure/{userId}")]
pub async fn wallet_and_exposure(state: State, who: Authed, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let u = resolve_user(&state, &who, &path).await?;
    let b = balances(&state.db, u.id).await?;
    Ok(HttpResponse::Ok().json(json!({ "balance": rupees(b.balance), "exposureBalance": rupees(b.exposure) })))
}
