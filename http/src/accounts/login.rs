//! POST /api/login (rate-limited per account and per client address) and POST /api/logout.

use crate::auth::{Authed, SESSION_COOKIE, client_ip};
use crate::error::ApiError;
use crate::json as shapes;
use crate::money::rupees;
use crate::state::State;
use actix_web::cookie::{Cookie, SameSite, time::Duration};
use actix_web::{HttpRequest, HttpResponse, post, web};
use casino_actors::accounts::rules::identifier_key;
use casino_actors::accounts::{AccountError, SESSION_TTL_MS};
use casino_actors::wallet::shard::balances;
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize)]
pub struct LoginBody {
    #[serde(rename = "userNo")]
    user_no: Option<serde_json::Value>,
    password: Option<String>,
}

fn session_cookie(token: &str, max_age_secs: i64) -> Cookie<'static> {
    Cookie::build(SESSION_COOKIE, token.to_string())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .max_age(Duration::seconds(max_age_secs))
        .finish()
}

fn too_many() -> ApiError {
    ApiError::too_many("too_many_attempts", "Too many failed attempts. Please try again in 15 minutes.")
}

#[post("/api/login")]
pub async fn login(state: State, req: HttpRequest, body: web::Json<LoginBody>) -> Result<HttpResponse, ApiError> {
    let ident = match &body.user_no {
        Some(serde_json::Value::String(s)) => s.trim().to_string(),
        Some(serde_json::Value::Number(n)) => n.to_string(),
        _ => String::new(),
    };
    let password = body.password.clone().unwrap_or_default();
    if ident.is_empty() || password.is_empty() {
        return Err(ApiError::bad_request("missing_field", "User number and password are required"));
    }
    let now = state.clock.now_ms();
    // Count per account, so every spelling of one (`+100001`, `0100001`) shares a budget; names that match
    // nobody are counted by their normal form, so the answers do not tell them apart.
    let found = state.accounts.by_login(&ident).await?;
    let user_key = match &found {
        Some(u) => format!("user:{}", u.id),
        None => format!("name:{}", identifier_key(&ident)),
    };
    let addr = client_ip(&req, &state.trusted_proxies).map(|a| a.to_string()).unwrap_or_default();
    let addr_key = format!("addr:{addr}");
    // Reserve before verifying: parallel guesses each take a slot first, so they cannot overrun the limit.
    if !state.login_by_user.reserve(&user_key, now) {
        return Err(too_many());
    }
    if !state.login_by_addr.reserve(&addr_key, now) {
        state.login_by_user.release(&user_key);
        return Err(too_many());
    }
    let (user, token) = match state.accounts.login_as(found, &password).await {
        Ok(ok) => ok,
        // A wrong guess keeps its slots.
        Err(e @ AccountError::BadCredentials) => return Err(e.into()),
        Err(e) => {
            state.login_by_user.release(&user_key);
            state.login_by_addr.release(&addr_key);
            return Err(e.into());
        }
    };
    state.login_by_user.clear(&user_key);
    state.login_by_addr.release(&addr_key);
    let b = balances(&state.db, user.id).await?;
    let user_json = shapes::user(&user, b);
    Ok(HttpResponse::Ok().cookie(session_cookie(&token, SESSION_TTL_MS / 1000)).json(json!({
        "success": true,
        "message": "Login successful",
        "user": user_json,
        "wallet": { "balance": rupees(b.balance), "exposureBalance": rupees(b.exposure) },
        "history": [],
        "token": token,
    })))
}

#[post("/api/logout")]
pub async fn logout(state: State, who: Authed) -> Result<HttpResponse, ApiError> {
    state.accounts.logout(&who.token).await?;
    crate::socketio::end_session_sockets(&state.tables.hub, &who.token);
    Ok(HttpResponse::Ok().cookie(session_cookie("", 0)).json(json!({ "success": true })))
}
