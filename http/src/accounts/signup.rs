//! POST /api/signup and GET /api/userLoginUserNo/{phoneOrUserNo}.

use crate::error::ApiError;
use crate::state::State;
use actix_web::{HttpResponse, get, post, web};
use casino_actors::accounts::Role;
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
pub async fn signup(state: State, body: web::Json<SignupBody>) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let user = state
        .accounts
        .register(
            b.username.as_deref().unwrap_or(""),
            b.email.as_deref().unwrap_or(""),
            b.password.as_deref().unwrap_or(""),
            Role::Player,
        )
        .await?;
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
