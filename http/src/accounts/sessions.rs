//! The player's sessions and password: list the live sessions, end one, change the password (which ends every other
//! session). Ending a session closes its sockets at once.

use super::login::too_many;
use crate::auth::Authed;
use crate::error::{Answer, ApiError, refusals};
use crate::socketio::end_session_sockets_by_key;
use crate::state::State;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use casino_actors::ErrorCode;
use casino_actors::accounts::AccountError;
use casino_actors::clock::EpochMs;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionJson {
    /// Names the session (not a token).
    pub id: String,
    /// The session this request came from.
    pub current: bool,
    pub created_at: EpochMs,
    pub expires_at: EpochMs,
    pub user_agent: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct SessionsJson {
    pub sessions: Vec<SessionJson>,
}

#[derive(Serialize, ToSchema)]
pub struct DoneJson {
    pub success: bool,
}

/// The caller's live sessions, newest first.
#[utoipa::path(
    responses((status = 200, description = "Live sessions", body = SessionsJson))
)]
#[get("/api/account/sessions")]
pub async fn list(state: State, who: Authed) -> Answer {
    let mine = casino_actors::accounts::digest(&who.token);
    let sessions = state
        .accounts
        .sessions(who.user.id)
        .await?
        .into_iter()
        .map(|s| SessionJson {
            current: s.key == mine,
            id: s.id,
            created_at: s.created_at,
            expires_at: s.expires_at,
            user_agent: s.user_agent,
        })
        .collect();
    Ok(HttpResponse::Ok().json(SessionsJson { sessions }))
}

refusals!(EndRefusals { 404: "`not_found`: no such live session of the caller" });
/// Ends one of the caller's sessions and closes its sockets.
#[utoipa::path(
    params(("id" = String, Path, description = "A session's id from the list")),
    responses((status = 200, description = "Ended", body = DoneJson), EndRefusals)
)]
#[delete("/api/account/sessions/{id}")]
pub async fn end(state: State, who: Authed, path: web::Path<String>) -> Answer {
    let key = state
        .accounts
        .end_session(who.user.id, path.trim())
        .await?
        .ok_or_else(|| ApiError::not_found("No such session"))?;
    end_session_sockets_by_key(&state.tables.hub, &key);
    Ok(HttpResponse::Ok().json(DoneJson { success: true }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordBody {
    #[schema(min_length = 1)]
    old_password: String,
    #[schema(min_length = 6, max_length = 128)]
    new_password: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordChangedJson {
    pub success: bool,
    /// How many other sessions were ended.
    pub ended_sessions: usize,
}

refusals!(ChangePasswordRefusals {
    400: "`wrong_password`, `invalid_password`, `password_too_long`, `invalid_request`",
    429: "`too_many_attempts`: too many wrong passwords from this address or on this account",
    503: "`busy`",
});
/// Changes the password (the old one is checked) and ends every other session of the account, with its sockets.
#[utoipa::path(
    request_body = PasswordBody,
    responses((status = 200, description = "Changed; this session stays", body = PasswordChangedJson), ChangePasswordRefusals)
)]
#[post("/api/account/password")]
pub async fn change_password(state: State, req: HttpRequest, who: Authed, body: web::Json<PasswordBody>) -> Answer {
    if body.old_password.chars().count() > 128 {
        return Err(ApiError::bad_request(ErrorCode::PasswordTooLong, "A password has at most 128 characters"));
    }
    // Wrong old passwords count as wrong login passwords do: per address, and per (account, address) under the
    // account's ceiling, reserved before the Argon2 check.
    let now = state.clock.now_ms();
    let addr = state.client_net.key(&req);
    let addr_key = format!("addr:{addr}");
    if !state.login_by_addr.reserve(&addr_key, now) {
        return Err(too_many());
    }
    let Some(slot) = state.password_lockout.reserve(&format!("user:{}", who.user.id), &addr, now) else {
        state.login_by_addr.release(&addr_key);
        return Err(too_many());
    };
    let changed = state.accounts.change_password(&who.user, &body.old_password, &body.new_password, &who.token).await;
    if matches!(changed, Err(AccountError::BadCredentials)) {
        return Err(ApiError::bad_request(ErrorCode::WrongPassword, "The current password is not right"));
    }
    state.login_by_addr.release(&addr_key);
    let ended = match changed {
        Ok(ended) => {
            state.password_lockout.succeeded(&slot);
            ended
        }
        Err(e) => {
            state.password_lockout.cancel(&slot);
            return Err(match e {
                AccountError::Invalid(i) => ApiError::bad_request(ErrorCode::InvalidPassword, i.to_string()),
                e => e.into(),
            });
        }
    };
    let n = ended.len();
    for key in ended {
        end_session_sockets_by_key(&state.tables.hub, &key);
    }
    Ok(HttpResponse::Ok().json(PasswordChangedJson { success: true, ended_sessions: n }))
}
