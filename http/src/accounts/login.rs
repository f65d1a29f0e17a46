//! POST /api/login (rate-limited per account and per client address) and POST /api/logout.

use super::WalletBalancesJson;
use crate::auth::{Authed, SESSION_COOKIE};
use crate::error::{Answer, ApiError, refusals};
use crate::json::{self as shapes, UserJson};
use crate::state::State;
use actix_web::cookie::{Cookie, SameSite, time::Duration};
use actix_web::{HttpRequest, HttpResponse, post, web};
use casino_actors::ErrorCode;
use casino_actors::accounts::rules::identifier_key;
use casino_actors::accounts::{AccountError, SESSION_TTL_MS};
use casino_actors::wallet::shard::balances;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Who is logging in (a user number, phone number or e-mail address) and their password.
#[derive(Deserialize, ToSchema)]
pub struct LoginBody {
    #[serde(rename = "userNo")]
    #[schema(required = true, value_type = super::UserNoInput)]
    user_no: Option<serde_json::Value>,
    #[schema(required = true, value_type = String, min_length = 1)]
    password: Option<String>,
}

/// A successful login. The session token is also set as the `casino_session` cookie.
#[derive(Serialize, ToSchema)]
pub struct LoginJson {
    pub success: bool,
    pub message: String,
    pub user: UserJson,
    pub wallet: WalletBalancesJson,
    /// The player's latest bets on matches (the spec's bet history items: teams and fancy lines together), newest
    /// first, at most [`LOGIN_HISTORY`]; all of them are on `/history`'s Cricket tab.
    pub history: Vec<casino_actors::exchange::wire::BetView>,
    /// The session token, for `Authorization: Bearer` (the same value as the cookie).
    pub token: String,
}

/// `{"success": true}`.
#[derive(Serialize, ToSchema)]
pub struct LogoutJson {
    pub success: bool,
}

fn session_cookie(token: &str, max_age_secs: i64) -> Cookie<'static> {
    Cookie::build(SESSION_COOKIE, token.to_string())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .max_age(Duration::seconds(max_age_secs))
        .finish()
}

/// An identifier over `IDENTIFIER_MAX` characters, or a password over 128, is refused with 400 before anything else.
pub(crate) fn check_lengths(ident: &str, password: &str) -> Result<(), ApiError> {
    if ident.chars().count() > crate::state::IDENTIFIER_MAX {
        return Err(ApiError::bad_request(
            ErrorCode::IdentifierTooLong,
            "A user number, phone or e-mail has at most 64 characters",
        ));
    }
    if password.chars().count() > 128 {
        return Err(ApiError::bad_request(ErrorCode::PasswordTooLong, "A password has at most 128 characters"));
    }
    Ok(())
}

pub(crate) fn too_many() -> ApiError {
    ApiError::too_many(ErrorCode::TooManyAttempts, "Too many failed attempts. Please try again in 15 minutes.")
}

refusals!(LoginRefusals {
    400: "`invalid_request`, `missing_field`, `identifier_too_long` (over 64 characters), `password_too_long` (over 128)",
    401: "`bad_credentials` (unknown user or wrong password: the answer does not say which)",
    403: "`account_blocked`",
    429: "`too_many_attempts`",
    503: "`busy`: too many logins at once; try again",
});
/// Log in: sets the session cookie and returns the session token.
///
/// Answers the user, their wallet and a session token, and sets the same token as the HttpOnly
/// `casino_session` cookie (`Path=/`, `SameSite=Lax`, for the session's lifetime). A browser can rely on the
/// cookie; other clients send the token as `Authorization: Bearer`. Wrong passwords are limited per client address,
/// per (account, address) with backoff, and per account (see docs/API.md, Limits).
#[utoipa::path(
    request_body = LoginBody,
    responses((status = 200, description = "Logged in; the `casino_session` cookie is set", body = LoginJson, headers(("Set-Cookie" = String, description = "`casino_session=<token>; HttpOnly; SameSite=Lax; Path=/; Max-Age=…`"))), LoginRefusals)
)]
#[post("/api/login")]
pub async fn login(state: State, req: HttpRequest, body: web::Json<LoginBody>) -> Answer {
    let ident = match &body.user_no {
        Some(serde_json::Value::String(s)) => s.trim().to_string(),
        Some(serde_json::Value::Number(n)) => n.to_string(),
        _ => String::new(),
    };
    let password = body.password.clone().unwrap_or_default();
    if ident.is_empty() || password.is_empty() {
        return Err(ApiError::bad_request(ErrorCode::MissingField, "User number and password are required"));
    }
    // Refused before any state is kept or any work done.
    check_lengths(&ident, &password)?;
    let now = state.clock.now_ms();
    // The address's budget first: a flood from one network is refused before anything is looked up or kept.
    let addr = state.client_net.key(&req);
    let addr_key = format!("addr:{addr}");
    if !state.login_by_addr.reserve(&addr_key, now) {
        return Err(too_many());
    }
    // Count per account, so every spelling of one (`+100001`, `0100001`) shares a budget; names that match
    // nobody are counted by their normal form, so the answers do not tell them apart.
    let found = match state.accounts.by_login(&ident).await {
        Ok(found) => found,
        Err(e) => {
            state.login_by_addr.release(&addr_key);
            return Err(e.into());
        }
    };
    let account = match &found {
        Some(u) => format!("user:{}", u.id),
        None => format!("name:{}", identifier_key(&ident)),
    };
    // Reserve before verifying: parallel guesses each take a slot first, so they cannot overrun the limit.
    let Some(slot) = state.login_lockout.reserve(&account, &addr, now) else {
        state.login_by_addr.release(&addr_key);
        return Err(too_many());
    };
    let (user, token) = match state.accounts.login_as(found, &password, slot.known).await {
        Ok(ok) => ok,
        // A wrong guess keeps its slots.
        Err(e @ AccountError::BadCredentials) => return Err(e.into()),
        Err(e) => {
            state.login_lockout.cancel(&slot);
            state.login_by_addr.release(&addr_key);
            return Err(e.into());
        }
    };
    if let Some(ua) = req.headers().get(actix_web::http::header::USER_AGENT).and_then(|v| v.to_str().ok()) {
        state.accounts.describe_session(&token, ua).await?;
    }
    state.login_lockout.succeeded(&slot);
    state.login_by_addr.release(&addr_key);
    let b = balances(&state.db, user.id).await?;
    let user_json = shapes::user(&user, b);
    let cookie = session_cookie(&token, SESSION_TTL_MS / 1000);
    Ok(HttpResponse::Ok().cookie(cookie).json(LoginJson {
        success: true,
        message: "Login successful".into(),
        user: user_json,
        wallet: WalletBalancesJson { balance: b.balance, exposureBalance: b.exposure },
        history: recent_bets(&state, user.id).await?,
        token,
    }))
}

/// How many of the player's latest bets the login answer carries.
const LOGIN_HISTORY: usize = 20;

/// The player's latest bets on matches, teams and fancy lines together, newest first.
async fn recent_bets(
    state: &State,
    user: casino_actors::ids::UserId,
) -> Result<Vec<casino_actors::exchange::wire::BetView>, ApiError> {
    use casino_actors::exchange::store::{MatchFilter, bets};
    let limit = LOGIN_HISTORY as i64;
    let mut rows = bets(&state.db, user, &MatchFilter::Any, false, limit).await.map_err(ApiError::internal)?;
    rows.extend(bets(&state.db, user, &MatchFilter::Any, true, limit).await.map_err(ApiError::internal)?);
    rows.sort_by_key(|b| std::cmp::Reverse(b.id));
    Ok(rows.iter().take(LOGIN_HISTORY).map(crate::exchange::view).collect())
}

/// Log out.
///
/// Ends the session (the token stops working at once), clears the cookie and closes the session's sockets.
#[utoipa::path(
    responses((status = 200, description = "Logged out; the `casino_session` cookie is cleared", body = LogoutJson))
)]
#[post("/api/logout")]
pub async fn logout(state: State, who: Authed) -> Answer {
    state.accounts.logout(&who.token).await?;
    crate::socketio::end_session_sockets(&state.tables.hub, &who.token);
    Ok(HttpResponse::Ok().cookie(session_cookie("", 0)).json(LogoutJson { success: true }))
}
