//! POST /api/signup (rate-limited per client address) and GET /api/userLoginUserNo/{phoneOrUserNo}.

use crate::error::{Answer, ApiError, refusals};
use crate::state::{IDENTIFIER_MAX, State};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use casino_actors::ErrorCode;
use casino_actors::accounts::rules::identifier_key;
use casino_actors::accounts::{AccountError, Role};
use casino_actors::compliance::rules::Declaration;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A new player. The field names are the spec's client's: `username` carries the phone number, `email` the name.
#[derive(Deserialize, ToSchema)]
#[allow(non_snake_case)]
pub struct SignupBody {
    /// The phone number (the spec's client sends it as `username`): digits, spaces, `+` and `-`.
    #[schema(required = true, value_type = String, max_length = 20, pattern = r"^[0-9+\- ]*[0-9][0-9+\- ]*$")]
    username: Option<String>,
    /// The person's name (the spec's client sends it as `email`): letters (any script) and spaces, at least 4.
    #[schema(required = true, value_type = String, min_length = 4, max_length = 64)]
    email: Option<String>,
    #[schema(required = true, value_type = String, min_length = 5, max_length = 128)]
    password: Option<String>,
    /// Real mode (required there): the date of birth, `YYYY-MM-DD`; younger than the minimum age (`GET /api/platform`,
    /// `realMoney.minAge`) is refused. Play mode ignores it.
    #[schema(required = false, value_type = String, format = Date, example = "1990-01-15")]
    dateOfBirth: Option<String>,
    /// Real mode (required there): where the player lives, a code of `realMoney.regions` (`IN-MH`); one the operator
    /// does not allow is refused. Play mode ignores it.
    #[schema(required = false, value_type = String, example = "IN-MH", max_length = 8)]
    region: Option<String>,
}

impl From<Declaration> for ApiError {
    fn from(d: Declaration) -> Self {
        let code = match d {
            Declaration::DateOfBirth | Declaration::Region => {
                return ApiError::bad_request(ErrorCode::InvalidInput, d.to_string());
            }
            Declaration::Underage(_) => ErrorCode::Underage,
            Declaration::RegionNotAllowed(_) => ErrorCode::RegionNotAllowed,
        };
        ApiError::new(StatusCode::FORBIDDEN, code, d.to_string())
    }
}

/// A new account: its user number (what the player logs in with) and id.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct SignupJson {
    pub success: bool,
    pub message: String,
    pub userNo: i64,
    pub id: i64,
}

refusals!(SignupRefusals {
    400: "`invalid_request`, `invalid_input` (name, phone, password, or in real mode date of birth or region refused)",
    403: "`underage` (real mode: younger than the minimum age), `region_not_allowed` (real mode: the operator does not allow the region)",
    409: "`phone_taken`",
    429: "`too_many_signups`",
    503: "`busy`: too many sign-ups at once; try again",
});
/// Sign up as a player.
///
/// Creates a player account: an empty wallet, or in play mode the grant of play points. In real mode the player
/// declares a date of birth and a region, checked against the minimum age and the allowed regions. Limited per client
/// address per hour.
#[utoipa::path(
    request_body = SignupBody,
    responses((status = 201, description = "Registered; log in with the returned user number", body = SignupJson), SignupRefusals)
)]
#[post("/api/signup")]
pub async fn signup(state: State, req: HttpRequest, body: web::Json<SignupBody>) -> Answer {
    let b = body.into_inner();
    // Each sign-up costs an Argon2 hash and a row: a bounded number per address an hour. Refused input
    // gives its slot back (it cost nothing).
    let addr = state.client_net.key(&req);
    let addr_key = format!("addr:{addr}");
    if !state.signup_by_addr.reserve(&addr_key, state.clock.now_ms()) {
        return Err(ApiError::too_many(
            ErrorCode::TooManySignups,
            "Too many new accounts from this network. Please try again later.",
        ));
    }
    let declared = match state.compliance.declare(b.dateOfBirth.as_deref(), b.region.as_deref(), state.clock.now_ms()) {
        Ok(d) => d,
        Err(e) => {
            state.signup_by_addr.release(&addr_key);
            return Err(e.into());
        }
    };
    let registered = state
        .accounts
        .register(
            b.username.as_deref().unwrap_or(""),
            b.email.as_deref().unwrap_or(""),
            b.password.as_deref().unwrap_or(""),
            Role::Player,
            declared,
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
    // Play mode's grant; one the wallet could not take now is given at the next start (`grant_missing`).
    if let Err(e) = state.play.grant(user.id).await {
        tracing::warn!(user = user.id.0, error = %e, "a new player's play points wait for the next start");
    }
    Ok(HttpResponse::Created().json(SignupJson {
        success: true,
        message: "User registered successfully!".into(),
        userNo: user.user_no,
        id: user.id.0,
    }))
}

/// The user number of an account.
#[derive(Serialize, ToSchema)]
#[allow(non_snake_case)]
pub struct UserNoJson {
    pub success: bool,
    pub userNo: i64,
}

refusals!(LoginUserNoRefusals {
    400: "`identifier_too_long`",
    404: "`not_found`",
    429: "`too_many_lookups`: too many lookups from this address, or of this phone",
});
/// The user number of an account.
///
/// Looks up the user number of an account from its phone number, e-mail address or user number. Since the answer
/// tells whether a phone is registered, lookups are limited per client address and per phone (a minute), and every
/// answer takes the same time whether the account exists or not.
#[utoipa::path(
    params(("who" = String, Path, description = "A phone number, e-mail address or user number (at most 64 characters)")),
    responses((status = 200, description = "The account's user number", body = UserNoJson), LoginUserNoRefusals)
)]
#[get("/api/userLoginUserNo/{who}")]
pub async fn login_user_no(state: State, req: HttpRequest, who: web::Path<String>) -> Answer {
    let started = tokio::time::Instant::now();
    if who.chars().count() > IDENTIFIER_MAX {
        return Err(ApiError::bad_request(
            ErrorCode::IdentifierTooLong,
            "A user number, phone or e-mail has at most 64 characters",
        ));
    }
    let now = state.clock.now_ms();
    let too_many = || ApiError::too_many(ErrorCode::TooManyLookups, "Too many lookups. Please try again in a minute.");
    if !state.lookup_by_addr.reserve(&format!("addr:{}", state.client_net.key(&req)), now) {
        return Err(too_many());
    }
    if !state.lookup_by_phone.reserve(&identifier_key(&who), now) {
        return Err(too_many());
    }
    let found = state.accounts.by_login(&who).await;
    // The same answer time either way: a found account and an unknown phone both wait out the floor.
    tokio::time::sleep_until(started + LOOKUP_ANSWER_FLOOR).await;
    match found? {
        Some(u) => Ok(HttpResponse::Ok().json(UserNoJson { success: true, userNo: u.user_no })),
        None => Err(ApiError::not_found("User not found")),
    }
}

/// Every phone lookup answers no sooner than this after it arrived (the database's own time hides below it).
const LOOKUP_ANSWER_FLOOR: std::time::Duration = std::time::Duration::from_millis(50);
