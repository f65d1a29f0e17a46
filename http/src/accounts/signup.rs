//! POST /api/signup (rate-limited per client address) and GET /api/userLoginUserNo/{phoneOrUserNo}.

use crate::auth::client_ip;
use crate::error::ApiError;
use crate::state::State;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use casino_actors::accounts::{AccountError, Role};
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize)]
pub struct SignupBody {
    /// The phone number (the spec's client sends it as `username`).
    username: Option<String>,
    /// The person's name (the spec's client sends it as `email`).
    email: Option<String>,
    password: Option<String>,
}

#[post("/api/signup")]
pub async fn signup(state: State, req: HttpRequest, body: web::Json<SignupBody>) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    // Each sign-up costs an Argon2 hash and a row: a bounded number per address an hour. Refused input
    // gives its slot back (it cost nothing).
    let addr = client_ip(&req, &state.trusted_proxies).map(|a| a.to_string()).unwrap_or_default();
    let addr_key = format!("addr:{addr}");
    if !state.signup_by_addr.reserve(&addr_key, state.clock.now_ms()) {
        return Err(ApiError::too_many(
            "too_many_signups",
            "Too many new accounts from this network. Please try again later.",
        ));
    }
    let registered = state
        .accounts
        .register(
            b.username.as_deref().unwrap_or(""),
            b.email.as_deref().unwrap_or(""),
            b.password.as_deref().unwrap_or(""),
            Role::Player,
        )
        .await;
    let user = match registered {
        Ok(u) => u,
        Err(e) => {
            if matches!(e, AccountError::Invalid(_) | AccountError::Busy) {
                state.signup_by_addr.release(&addr_key);
            }
            return Err(e.into());
        }
    };
    Ok(HttpResponse::Created().json(json!({
        "success": true,
        "message": "User registered successfully!",
        "userNo": user.user_no,
        "id": user.id.0,
    })))
}

#[get("/api/userLoginUserNo/{who}")]
pub async fn login_user_no(state: State, who: web::Path<String>) -> Result<HttpResponse, ApiError> {
    match state.accounts.by_login(&who).await? {
        Some(u) => Ok(HttpResponse::Ok().json(json!({ "success": true, "userNo": u.user_no }))),
        None => Err(ApiError::not_found("User not found")),
    }
}
