//! Where a client names a user — a path's `{userId}`, a body's or a socket event's `userId` / `user` — the name is
//! parsed once, canonically, and resolved to one person before anything is compared or read.
//!
//! Canonical means the decimal digits of a positive number and nothing else: no blanks, tabs, signs or leading
//! zeros (anything else is `400 invalid_user_id`). A reference names the caller when it equals the caller's id or
//! user number; anyone else is forbidden to a player (`403`) and looked up by id for an operator. Comparing resolved
//! ids, never spellings, is what keeps `/api/name/%20{my user number}` from reading the player whose id it is.

use crate::auth::{Authed, Extracting, app_state};
use crate::error::ApiError;
use crate::state::State;
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use casino_actors::ErrorCode;
use casino_actors::accounts::{Role, User};
use casino_actors::ids::UserId;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// A user reference as a client sent it: a positive number in canonical form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UserRef(i64);

/// The answer to a reference that is not canonical digits.
pub fn invalid() -> ApiError {
    ApiError::bad_request(
        ErrorCode::InvalidUserId,
        "A user id is the digits of a number: no blanks, signs or leading zeros",
    )
}

impl UserRef {
    /// `"100005"` → 100005; `" 100005"`, `"100005\t"`, `"+5"`, `"05"`, `"0"`, `"5e0"`, `""` → `None`.
    pub fn parse(s: &str) -> Option<UserRef> {
        let canonical = !s.is_empty() && s.len() <= 18 && s.bytes().all(|b| b.is_ascii_digit()) && !s.starts_with('0');
        canonical.then(|| s.parse().ok().map(UserRef)).flatten()
    }

    /// A body's or an event's `userId` / `user` field: absent or null is `Ok(None)`; a number, canonical digits, or a
    /// user object with such an `id` (or none), is a reference; anything else is `Err`.
    pub fn from_json(v: &Value) -> Result<Option<UserRef>, ApiError> {
        let r = match v {
            Value::Null => return Ok(None),
            Value::Number(n) => n.as_i64().filter(|i| *i > 0).map(UserRef),
            Value::String(s) => UserRef::parse(s),
            // A user object names its `id` (one without an id names nobody, as the spec's client may send).
            Value::Object(o) => match o.get("id") {
                None | Some(Value::Null) => return Ok(None),
                Some(id @ (Value::Number(_) | Value::String(_))) => return UserRef::from_json(id),
                Some(_) => None,
            },
            _ => None,
        };
        r.map(Some).ok_or_else(invalid)
    }

    /// Whether this names the person with `id` and `user_no` (by either).
    pub fn names(self, id: UserId, user_no: i64) -> bool {
        self.0 == id.0 || self.0 == user_no
    }

    /// The one person this names for `who`: the caller when it names them; else, for an operator, the person with
    /// this id (404 when none); else 403.
    pub async fn resolve(self, state: &State, who: &User) -> Result<User, ApiError> {
        if self.names(who.id, who.user_no) {
            return Ok(who.clone());
        }
        if who.role != Role::Operator {
            return Err(ApiError::forbidden());
        }
        state.accounts.by_id(UserId(self.0)).await?.ok_or_else(|| ApiError::not_found("User not found"))
    }
}

/// Checks a payload's `userId` and `user` fields (when sent) against the caller: `400` when one is not canonical,
/// `403` when one names anyone else. Bets and requests always act as the caller, whatever these fields say.
pub fn check_fields(id: UserId, user_no: Option<i64>, p: &Value) -> Result<(), ApiError> {
    for field in ["userId", "user"] {
        if let Some(r) = UserRef::from_json(&p[field])? {
            let mine = r.0 == id.0 || user_no == Some(r.0);
            if !mine {
                return Err(ApiError::forbidden());
            }
        }
    }
    Ok(())
}

impl Authed {
    /// [`check_fields`] for the caller: a body's `userId` / `user`, when sent, must name them.
    pub fn check_fields(&self, body: &Value) -> Result<(), ApiError> {
        check_fields(self.user.id, Some(self.user.user_no), body)
    }

    /// A body whose user fields name the caller, read as `T` (a 400 `invalid_input` `Invalid {what}: …` if it does
    /// not read).
    pub fn read_own<T: DeserializeOwned>(&self, body: Value, what: &str) -> Result<T, ApiError> {
        self.check_fields(&body)?;
        read_input(body, what)
    }
}

/// A body read as `T`, or a 400 `invalid_input` `Invalid {what}: …`.
pub fn read_input<T: DeserializeOwned>(body: Value, what: &str) -> Result<T, ApiError> {
    serde_json::from_value(body)
        .map_err(|e| ApiError::bad_request(ErrorCode::InvalidInput, format!("Invalid {what}: {e}")))
}

/// A route's `{userId}` resolved to one person, with the caller: the only way a route reads a path's user.
pub struct PathUser {
    pub who: Authed,
    pub user: User,
}

impl FromRequest for PathUser {
    type Error = ApiError;
    type Future = Extracting<Self>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let reference = req.match_info().get("userId").map(UserRef::parse);
        let state = app_state(req);
        let authed = Authed::from_request(req, payload);
        Box::pin(async move {
            let who = authed.await?;
            let state = state?;
            let reference =
                reference.ok_or_else(|| ApiError::internal("route has no {userId}"))?.ok_or_else(invalid)?;
            let user = reference.resolve(&state, &who.user).await?;
            Ok(PathUser { who, user })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_canonical_digits_are_a_reference() {
        assert_eq!(UserRef::parse("100005"), Some(UserRef(100005)));
        assert_eq!(UserRef::parse("7"), Some(UserRef(7)));
        for bad in
            [" 100005", "100005 ", "100005\t", "\t100005", "+100005", "-5", "0100005", "0", "", "5e0", "1_0", "１２"]
        {
            assert_eq!(UserRef::parse(bad), None, "{bad:?}");
        }
        assert_eq!(UserRef::parse("9999999999999999999"), None, "too long");
    }

    #[test]
    fn payload_fields_are_canonical_and_must_name_the_caller() {
        let me = UserId(5);
        assert!(check_fields(me, Some(100005), &json!({})).is_ok());
        assert!(check_fields(me, Some(100005), &json!({"userId": 5, "user": {"id": "5"}})).is_ok());
        assert!(check_fields(me, Some(100005), &json!({"userId": "100005"})).is_ok());
        assert_eq!(check_fields(me, Some(100005), &json!({"userId": 6})).unwrap_err().code, ErrorCode::Forbidden);
        assert_eq!(check_fields(me, None, &json!({"userId": "100005"})).unwrap_err().code, ErrorCode::Forbidden);
        for bad in [json!(" 5"), json!("05"), json!(-5), json!(5.5), json!(true), json!([5]), json!({"id": " 5"})] {
            assert_eq!(
                check_fields(me, Some(100005), &json!({ "userId": bad })).unwrap_err().code,
                ErrorCode::InvalidUserId
            );
        }
    }
}
