//! POST /api/forgot-password: with an identifier it starts a reset (a one-time code goes to the player);
//! with identifier + code + newPassword it completes one. It never reveals whether an account exists,
//! and `{email, newPassword}` without a code changes nothing. Requests are limited per client address here
//! and per account in `casino_actors::accounts` (code guesses across codes, code requests).

use crate::error::{Answer, ApiError, refusals};
use crate::state::State;
use actix_web::{HttpRequest, HttpResponse, post, web};
use casino_actors::ErrorCode;
use casino_actors::accounts::AccountError;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The account (the first of `email`, `phone`, `userNo` sent; each may hold a user number, phone or e-mail
/// address), and, to complete a reset, the one-time `code` with the `newPassword`.
#[derive(Deserialize, ToSchema)]
pub struct ForgotBody {
    email: Option<String>,
    phone: Option<String>,
    #[serde(rename = "userNo")]
    #[schema(value_type = Option<super::UserNoInput>)]
    user_no: Option<serde_json::Value>,
    /// The one-time code the player received (or an operator issued).
    code: Option<String>,
    #[serde(rename = "newPassword")]
    new_password: Option<String>,
}

/// A reset started (a code is on its way if the account exists) or completed.
#[derive(Serialize, ToSchema)]
pub struct ResetJson {
    pub success: bool,
    pub message: String,
}

const STARTED: &str = "If the account exists, a one-time reset code has been sent to the player.";

refusals!(ForgotPasswordRefusals {
    400: "`invalid_request`, `missing_field`, `code_required`, `bad_reset_code`, \
        `invalid_input` (new password refused), `identifier_too_long`, `password_too_long`",
    429: "`too_many_attempts`",
    503: "`busy`: too many requests at once; try again",
});
/// Start or complete a password reset.
///
/// Without a code: starts a reset (a one-time code goes to the player, if the account exists; the answer is
/// the same either way). With `code` and `newPassword`: sets the new password and ends every session of the
/// account. A `newPassword` without a code changes nothing (`code_required`, after starting a reset).
#[utoipa::path(
    request_body = ForgotBody,
    responses((status = 200, description = "Reset started, or completed", body = ResetJson), ForgotPasswordRefusals)
)]
#[post("/api/forgot-password")]
pub async fn forgot_password(state: State, req: HttpRequest, body: web::Json<ForgotBody>) -> Answer {
    let b = body.into_inner();
    let ident = b
        .email
        .or(b.phone)
        .or(b.user_no.map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string)))
        .unwrap_or_default();
    if ident.trim().is_empty() {
        return Err(ApiError::bad_request(ErrorCode::MissingField, "Enter your phone number or user number"));
    }
    super::login::check_lengths(ident.trim(), b.new_password.as_deref().unwrap_or_default())?;
    let addr = state.client_net.key(&req);
    let addr_key = format!("addr:{addr}");
    let now = state.clock.now_ms();
    match (b.code.filter(|c| !c.trim().is_empty()), b.new_password) {
        (Some(code), Some(pw)) => {
            // Guesses are bounded per account in the database; this also bounds one address spraying many.
            if state.reset_guesses_by_addr.is_blocked(&addr_key, now) {
                return Err(too_many());
            }
            match state.accounts.complete_reset(&ident, &code, &pw, &addr).await {
                Ok(()) => crate::auth::end_sockets_of(&state, &ident).await,
                Err(e @ AccountError::BadResetCode) => {
                    state.reset_guesses_by_addr.record_failure(&addr_key, now);
                    return Err(e.into());
                }
                Err(e) => return Err(e.into()),
            }
            Ok(HttpResponse::Ok().json(ResetJson {
                success: true,
                message: "Password reset successful! You can now log in with the new password.".into(),
            }))
        }
        (Some(_), None) => Err(ApiError::bad_request(ErrorCode::MissingField, "New password is required")),
        (None, with_password) => {
            if !state.reset_requests_by_addr.reserve(&addr_key, now) {
                return Err(too_many());
            }
            state.accounts.request_reset(&ident).await?;
            if with_password.is_some() {
                // The old spec flow: never change a password without the code.
                return Err(ApiError::bad_request(
                    ErrorCode::CodeRequired,
                    format!("{STARTED} Enter the code with your new password."),
                ));
            }
            Ok(HttpResponse::Ok().json(ResetJson { success: true, message: STARTED.into() }))
        }
    }
}

fn too_many() -> ApiError {
    ApiError::too_many(ErrorCode::TooManyAttempts, "Too many password-reset attempts. Please try again later.")
}
