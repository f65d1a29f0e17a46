//! GET /api/me, PUT /api/account/profile, GET /api/name/{userId}, GET /api/getwalletandexposure/{userId}.

use super::WalletBalancesJson;
use crate::auth::Authed;
use crate::error::{Answer, ApiError, refusals};
use crate::json::{self as shapes, UserJson};
use crate::state::State;
use crate::user_ref::PathUser;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, get, put, web};
use casino_actors::ErrorCode;
use casino_actors::accounts::AccountError;
use casino_actors::accounts::rules::Invalid;
use casino_actors::ids::UserId;
use casino_actors::money::{Paise, RupeesJson, as_rupees};
use casino_actors::wallet::shard::balances;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The caller's own user object.
#[utoipa::path(
    responses((status = 200, description = "The caller, with their balances", body = UserJson))
)]
#[get("/api/me")]
pub async fn me(state: State, who: Authed) -> Answer {
    let b = balances(&state.db, who.user.id).await?;
    Ok(HttpResponse::Ok().json(shapes::user(&who.user, b)))
}

/// The name and e-mail address a player saves (`email` empty or `null`: none).
#[derive(Deserialize, ToSchema)]
pub struct ProfileBody {
    #[schema(min_length = 4, max_length = 64)]
    name: String,
    email: Option<String>,
}

refusals!(UpdateProfileRefusals { 400: "`invalid_name`, `invalid_email`, `invalid_request`", 409: "`email_taken`" });
/// Saves the caller's name and e-mail address, validated here (the phone number is the login and does not change).
#[utoipa::path(
    request_body = ProfileBody,
    responses((status = 200, description = "Saved: the caller as `/api/me` has them", body = UserJson), UpdateProfileRefusals)
)]
#[put("/api/account/profile")]
pub async fn update_profile(state: State, who: Authed, body: web::Json<ProfileBody>) -> Answer {
    let email = body.email.as_deref().unwrap_or("");
    match state.accounts.update_profile(who.user.id, &body.name, email).await {
        Ok(true) => {}
        Ok(false) => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                ErrorCode::EmailTaken,
                "This e-mail address belongs to another account",
            ));
        }
        Err(AccountError::Invalid(i @ Invalid::Email)) => {
            return Err(ApiError::bad_request(ErrorCode::InvalidEmail, i.to_string()));
        }
        Err(AccountError::Invalid(i)) => return Err(ApiError::bad_request(ErrorCode::InvalidName, i.to_string())),
        Err(e) => return Err(e.into()),
    }
    let user = state.accounts.by_id(who.user.id).await?.ok_or_else(ApiError::unauthorized)?;
    let b = balances(&state.db, user.id).await?;
    Ok(HttpResponse::Ok().json(shapes::user(&user, b)))
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

/// The user object plus the balances again under the names the spec's client reads for the session.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct UserSessionJson {
    #[serde(flatten)]
    pub user: UserJson,
    /// The same as `exposureBalance`.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub sessionexposure: Paise,
    /// The same as `walletBalance`.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = RupeesJson)]
    pub sessionBal: Paise,
}

/// A user object with the session balance fields.
#[utoipa::path(
    responses((status = 200, description = "The user, with their balances", body = UserSessionJson))
)]
#[get("/api/name/{userId}")]
pub async fn name(state: State, PathUser { user: u, .. }: PathUser) -> Answer {
    let b = balances(&state.db, u.id).await?;
    Ok(HttpResponse::Ok().json(UserSessionJson {
        user: shapes::user(&u, b),
        sessionexposure: b.exposure,
        sessionBal: b.balance,
    }))
}

/// A user's balance and exposure.
#[utoipa::path(
    responses((status = 200, description = "The user's balance and exposure", body = WalletBalancesJson))
)]
#[get("/api/getwalletandexposure/{userId}")]
pub async fn wallet_and_exposure(state: State, PathUser { user: u, .. }: PathUser) -> Answer {
    let b = balances(&state.db, u.id).await?;
    Ok(HttpResponse::Ok().json(WalletBalancesJson { balance: b.balance, exposureBalance: b.exposure }))
}
