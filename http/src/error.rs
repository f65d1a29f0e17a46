//! The one error type every route returns: a status, a stable snake_case code and the message a player
//! sees (the spec's exact text where its catalogue has one). Causes are logged, never sent.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use casino_actors::ErrorCode;
use casino_actors::accounts::AccountError;
use casino_actors::cashier::CashierError;
use casino_actors::wallet::WalletError;
use serde_json::json;
use std::fmt;

/// What a route answers: its response, or the error that becomes one.
pub type Answer = Result<HttpResponse, ApiError>;

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: ErrorCode,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> Self {
        ApiError { status, code, message: message.into() }
    }
    pub fn bad_request(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }
    pub fn unauthorized() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, ErrorCode::Unauthorized, "Please log in to continue.")
    }
    pub fn forbidden() -> Self {
        Self::new(StatusCode::FORBIDDEN, ErrorCode::Forbidden, "You are not allowed to do this.")
    }
    pub fn too_many(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::new(StatusCode::TOO_MANY_REQUESTS, code, message)
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message)
    }
    pub fn internal(cause: impl fmt::Display) -> Self {
        tracing::error!(cause = %cause, "internal error");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::Internal, "Something went wrong. Please try again.")
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }
    fn error_response(&self) -> HttpResponse {
        HttpResponse::build(self.status).json(json!({ "success": false, "error": self.code, "message": self.message }))
    }
}

impl From<AccountError> for ApiError {
    fn from(e: AccountError) -> Self {
        match e {
            AccountError::Invalid(i) => ApiError::bad_request(ErrorCode::InvalidInput, i.to_string()),
            AccountError::PhoneTaken => ApiError::new(StatusCode::CONFLICT, ErrorCode::PhoneTaken, e.to_string()),
            AccountError::BadCredentials => {
                ApiError::new(StatusCode::UNAUTHORIZED, ErrorCode::BadCredentials, e.to_string())
            }
            AccountError::Blocked => ApiError::new(StatusCode::FORBIDDEN, ErrorCode::AccountBlocked, e.to_string()),
            AccountError::BadResetCode => ApiError::bad_request(ErrorCode::BadResetCode, e.to_string()),
            AccountError::TooManyAttempts => ApiError::too_many(ErrorCode::TooManyAttempts, e.to_string()),
            AccountError::Busy => ApiError::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Busy, e.to_string()),
            AccountError::Storage(_) | AccountError::Hashing => ApiError::internal(e),
        }
    }
}

/// A store's failure is never the player's doing: 500, the cause (the database's own error) logged.
impl From<casino_actors::store::StoreError> for ApiError {
    fn from(e: casino_actors::store::StoreError) -> Self {
        ApiError::internal(e)
    }
}

impl From<WalletError> for ApiError {
    fn from(e: WalletError) -> Self {
        match e {
            WalletError::InsufficientBalance => {
                ApiError::bad_request(ErrorCode::InsufficientBalance, "Insufficient Balance")
            }
            WalletError::NonPositiveAmount => {
                ApiError::bad_request(ErrorCode::InvalidAmount, "Amount must be greater than 0")
            }
            WalletError::UnknownUser => ApiError::not_found("No such user"),
            WalletError::KeyConflict => {
                ApiError::new(StatusCode::CONFLICT, ErrorCode::IdempotencyConflict, e.to_string())
            }
            // A shard changing hands or restarting: nothing moved, and asking again shortly succeeds.
            WalletError::Unavailable | WalletError::Fenced => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::Unavailable,
                "The wallet is briefly unavailable, please try again",
            ),
            WalletError::Overflow | WalletError::Storage(_) | WalletError::Config(_) | WalletError::Corrupt(_) => {
                ApiError::internal(e)
            }
            WalletError::Limited(r) => r.into(),
        }
    }
}

/// A bet or deposit past the player's own limit, or during their break or self-exclusion: 403, nothing moved.
impl From<casino_actors::rg::Refusal> for ApiError {
    fn from(r: casino_actors::rg::Refusal) -> Self {
        ApiError::new(StatusCode::FORBIDDEN, r.code(), r.to_string())
    }
}

impl From<CashierError> for ApiError {
    fn from(e: CashierError) -> Self {
        match e {
            CashierError::UtrTaken => ApiError::new(StatusCode::CONFLICT, ErrorCode::UtrTaken, e.to_string()),
            CashierError::NonPositiveAmount => ApiError::bad_request(ErrorCode::InvalidAmount, e.to_string()),
            CashierError::InsufficientBalance => ApiError::bad_request(ErrorCode::InsufficientBalance, e.to_string()),
            CashierError::Missing(_) => ApiError::bad_request(ErrorCode::MissingField, e.to_string()),
            CashierError::NotFound => ApiError::not_found("Request not found"),
            CashierError::AlreadyDecided => {
                ApiError::new(StatusCode::CONFLICT, ErrorCode::AlreadyDecided, "This request has already been decided")
            }
            CashierError::HoldMissing => ApiError::new(StatusCode::CONFLICT, ErrorCode::HoldMissing, e.to_string()),
            CashierError::Wallet(w) => w.into(),
            CashierError::Limited(r) => r.into(),
            CashierError::PlayMode => ApiError::new(StatusCode::FORBIDDEN, ErrorCode::PlayMode, e.to_string()),
            CashierError::IdentityRequired(_) => {
                ApiError::new(StatusCode::FORBIDDEN, ErrorCode::KycRequired, e.to_string())
            }
            CashierError::Storage(_) => ApiError::internal(e),
        }
    }
}

/// An optional JSON body: nothing (or only whitespace) is `None`; anything else must parse, or the request is
/// refused as `invalid_request` (a malformed body never falls back to a default action).
pub fn optional_json<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<Option<T>, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    serde_json::from_slice(body)
        .map(Some)
        .map_err(|e| ApiError::bad_request(ErrorCode::InvalidRequest, format!("Invalid request: {e}")))
}

/// Malformed JSON bodies get our error shape too.
pub fn json_config() -> actix_web::web::JsonConfig {
    actix_web::web::JsonConfig::default().limit(64 * 1024).error_handler(|err, _| {
        ApiError::bad_request(ErrorCode::InvalidRequest, format!("Invalid request: {err}")).into()
    })
}

/// Declares a route's refusals for its OpenAPI `responses(...)`: each status once, with the codes it answers
/// (backquoted, each an [`ErrorCode`]: `openapi::every_refusal_names_its_codes` checks) and when. Every refusal's
/// body is an `ErrorBody`.
///
/// ```ignore
/// refusals!(SignupRefusals { 400: "`invalid_input`", 409: "`phone_taken`" });
/// #[utoipa::path(responses((status = 201, body = SignupJson), SignupRefusals))]
/// ```
macro_rules! refusals {
    ($(#[$doc:meta])* $name:ident { $($status:literal: $description:literal),+ $(,)? }) => {
        $(#[$doc])*
        pub(crate) struct $name;

        impl utoipa::IntoResponses for $name {
            fn responses() -> std::collections::BTreeMap<
                String,
                utoipa::openapi::RefOr<utoipa::openapi::response::Response>,
            > {
                [$(($status, $description)),+]
                    .into_iter()
                    .map(|(status, description): (u16, &str)| (status.to_string(), $crate::error::refusal(description)))
                    .collect()
            }
        }
    };
}
pub(crate) use refusals;

/// One refusal's OpenAPI response: its description and an `ErrorBody`.
pub(crate) fn refusal(description: &str) -> utoipa::openapi::RefOr<utoipa::openapi::response::Response> {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    let body = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build();
    ResponseBuilder::new().description(description).content("application/json", body).build().into()
}
