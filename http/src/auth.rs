//! Who is asking: the session token from the `casino_session` cookie or `Authorization: Bearer`,
//! resolved to a user. Paths that name a user id must name the caller (operators excepted).

use crate::error::ApiError;
use crate::state::State;
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use casino_actors::accounts::{Role, User};
use std::future::Future;
use std::pin::Pin;

pub use crate::socketio::SESSION_COOKIE;

pub fn token_of(req: &HttpRequest) -> Option<String> {
    let header = req.headers().get("authorization").and_then(|v| v.to_str().ok());
    if let Some(t) = header.and_then(|h| h.strip_prefix("Bearer ")) {
        return Some(t.trim().to_string());
    }
    req.cookie(SESSION_COOKIE).map(|c| c.value().to_string())
}

/// A request with a live session.
pub struct Authed {
    pub user: User,
    pub token: String,
}

impl Authed {
    /// 403 unless `path_id` names the caller (by id or user number), or the caller is an operator.
    pub fn ensure_self(&self, path_id: &str) -> Result<(), ApiError> {
        let p = path_id.trim();
        let mine = p == self.user.id.to_string() || p == self.user.user_no.to_string();
        if mine || self.user.role == Role::Operator { Ok(()) } else { Err(ApiError::forbidden()) }
    }
}

impl FromRequest for Authed {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<State>().cloned();
        let token = token_of(req);
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::internal("state missing"))?;
            let token = token.ok_or_else(ApiError::unauthorized)?;
            match state.accounts.session_user(&token).await? {
                Some(user) => Ok(Authed { user, token }),
                None => Err(ApiError::unauthorized()),
            }
        })
    }
}

/// A request from an operator's session.
pub struct Operator(pub User);

impl FromRequest for Operator {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let authed = Authed::from_request(req, payload);
        Box::pin(async move {
            let a = authed.await?;
            if a.user.role == Role::Operator { Ok(Operator(a.user)) } else { Err(ApiError::forbidden()) }
        })
    }
}
