//! POST /api/forgot-password: with an identifier it starts a reset (a one-time code goes to the player);
//! with identifier + code + newPassword it completes one. It never reveals whether an account exists,
//! and `{email, newPassword}` without a code changes nothing.

use crate::error::ApiError;
use crate::state::State;
use actix_web::{HttpResponse, post, web};
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize)]
pub struct ForgotBody {
    email: Option<String>,
    phone: Option<String>,
    #[serde(rename = "userNo")]
    user_no: Option<serde_json::Value>,
    code: Option<String>,
    #[serde(rename = "newPassword")]
    new_password: Option<String>,
}

const STARTED: &str = "If the account exists, a one-time reset code has been sent to the player.";

#[post("/api/forgot-password")]
pub async fn forgot_password(state: State, body: web::Json<ForgotBody>) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let ident = b
        .email
        .or(b.phone)
        .or(b.user_no.map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string)))
        .unwrap_or_default();
    if ident.trim().is_empty() {
        return Err(ApiError::bad_request("missing_field", "Enter your phone number or user number"));
    }
    match (b.code.filter(|c| !c.trim().is_empty()), b.new_password) {
        (Some(code), Some(pw)) => {
            state.accounts.complete_reset(&ident, &code, &pw).await?;
            Ok(HttpResponse::Ok().json(json!({
                "success": true,
                "message": "Password reset successful! You can now log in with the new password."
            })))
        }
        (Some(_), None) => Err(ApiError::bad_request("missing_field", "New password is required")),
        (None, with_password) => {
            state.accounts.start_reset(&ident).await?;
            if with_password.is_some() {
                // The old spec flow: never change a password without the code.
                return Err(ApiError::bad_request(
                    "code_required",
                    format!("{STARTED} Enter the code with your new password."),
                ));
            }
            Ok(HttpResponse::Ok().json(json!({ "success": true, "message": STARTED })))
        }
    }
}
