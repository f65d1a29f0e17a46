//! POST /api/login (rate-limited per user number and per address) and POST /api/logout.

use crate::auth::{Authed, SESSION_COOKIE};
use crate::error::ApiError;
use crate::json as shapes;
use crate::state::State;
use actix_web::cookie::{Cookie, SameSite, time::Duration};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, post, web};
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
    let addr = req.peer_addr().map(|a| a.ip().to_string()).unwrap_or_default();
    let (user_key, addr_key) = (format!("user:{ident}"), format!("addr:{addr}"));
    if state.login_by_user.is_blocked(&user_key, now) || state.login_by_addr.is_blocked(&addr_key, now) {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_attempts",
            "Too many failed attempts. Please try again in 15 minutes.",
        ));
    }
    let (user, token) = match state.accounts.login(&ident, &password).await {
        Ok(ok) => ok,
        Err(e @ AccountError::BadCredentials) => {
            state.login_by_user.record_failure(&user_key, now);
            state.login_by_addr.record_failure(&addr_key, now);
            return Err(e.into());
        }
        Err(e) => return Err(e.into()),
    };
    state.login_by_user.clear(&user_key);
    let b = balances(&state.db, user.id).await?;
    let user_json = shapes::user(&user, b);
    Ok(HttpResponse::Ok().cookie(session_cookie(&token, SESSION_TTL_MS / 1000)).json(json!({
        "success": true,
        "message": "Login successful",
        "user": user_json,
        "wallet": { "balance": user_json["walletBalance"], "exposureBalance": user_json["exposureBalance"] },
        "history": [],
        "token": token,
    })))
}

#[post("/api/logout")]
pub async fn logout(state: State, who: Authed) -> Result<HttpResponse, ApiError> {
    state.accounts.logout(&who.token).await?;
    Ok(HttpResponse::Ok().cookie(session_cookie("", 0)).json(json!({ "success": true })))
}
