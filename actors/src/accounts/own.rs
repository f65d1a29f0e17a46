//! What a player does to their own account: language, session reminder, profile, password, and their sessions.

use super::passwords::{hash_password, verify_password};
use super::{AccountError, Accounts, User, digest, rules};
use crate::clock::EpochMs;
use crate::ids::UserId;
use sqlx::Any;

/// One of the person's live sessions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionInfo {
    /// The first 16 hex characters of the token's digest: names the session without revealing anything usable.
    pub id: String,
    /// The full digest (what sockets carry), for closing its sockets.
    pub key: String,
    pub created_at: EpochMs,
    pub expires_at: EpochMs,
    pub user_agent: Option<String>,
}

/// How many characters of a session's digest name it.
const SESSION_ID_LEN: usize = 16;

/// A session as the database has it.
#[derive(sqlx_macros::FromRow)]
struct SessionRow {
    token_hash: String,
    created_at: EpochMs,
    expires_at: EpochMs,
    user_agent: Option<String>,
}

impl Accounts {
    pub async fn set_language(&self, user: UserId, language: &str) -> Result<(), AccountError> {
        sqlx::query::<Any>("UPDATE users SET language = $1 WHERE id = $2")
            .bind(language)
            .bind(user.0)
            .execute(&self.db.pool)
            .await?;
        Ok(())
    }

    /// Minutes between session reminders (`None`: off).
    pub async fn reminder(&self, user: UserId) -> Result<Option<i64>, AccountError> {
        Ok(sqlx::query_scalar::<Any, Option<i64>>("SELECT reminder_minutes FROM users WHERE id = $1")
            .bind(user.0)
            .fetch_one(&self.db.pool)
            .await?)
    }

    pub async fn set_reminder(&self, user: UserId, minutes: Option<i64>) -> Result<(), AccountError> {
        sqlx::query::<Any>("UPDATE users SET reminder_minutes = $1 WHERE id = $2")
            .bind(minutes)
            .bind(user.0)
            .execute(&self.db.pool)
            .await?;
        Ok(())
    }

    /// Saves the name and e-mail address (validated by `rules`). `Ok(false)`: the address is another person's.
    pub async fn update_profile(&self, user: UserId, name: &str, email: &str) -> Result<bool, AccountError> {
        let name = rules::name(name)?;
        let email = rules::email(email)?;
        let mut tx = self.db.begin_write().await?;
        if let Some(e) = &email {
            let taken = sqlx::query::<Any>("SELECT 1 FROM users WHERE LOWER(email) = $1 AND id <> $2")
                .bind(e.clone())
                .bind(user.0)
                .fetch_optional(&mut *tx)
                .await?;
            if taken.is_some() {
                return Ok(false);
            }
        }
        sqlx::query::<Any>("UPDATE users SET name = $1, email = $2 WHERE id = $3")
            .bind(name)
            .bind(email)
            .bind(user.0)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Changes the password after checking the old one, and ends every other session of the account. Returns the
    /// ended sessions' digests (their sockets are the caller's to close). `BadCredentials`: the old password is wrong.
    pub async fn change_password(
        &self,
        user: &User,
        old: &str,
        new: &str,
        keep_token: &str,
    ) -> Result<Vec<String>, AccountError> {
        let new = rules::reset_password(new)?.to_string();
        let hash = self.password_hash(user.id).await?.ok_or(AccountError::BadCredentials)?;
        let old = old.to_string();
        let (ok, new_hash) = self
            .hashing(super::hashing::Lane::Account(user.id.0), move |m| {
                if verify_password(&old, &hash, m) { (true, hash_password(&new, m).ok()) } else { (false, None) }
            })
            .await?;
        if !ok {
            return Err(AccountError::BadCredentials);
        }
        let new_hash = new_hash.ok_or(AccountError::Hashing)?;
        let now = self.clock.now_ms();
        let keep = digest(keep_token);
        let mut tx = self.db.begin_write().await?;
        sqlx::query::<Any>("UPDATE users SET password_hash = $1 WHERE id = $2")
            .bind(new_hash)
            .bind(user.id.0)
            .execute(&mut *tx)
            .await?;
        let ended = sqlx::query_scalar::<Any, String>(
            "UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL AND token_hash <> $3 \
             RETURNING token_hash",
        )
        .bind(now)
        .bind(user.id.0)
        .bind(keep)
        .fetch_all(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(ended)
    }

    /// Records the browser a session was opened from (shown in the player's list of sessions).
    pub async fn describe_session(&self, token: &str, user_agent: &str) -> Result<(), AccountError> {
        let ua: String = user_agent.chars().take(300).collect();
        sqlx::query::<Any>("UPDATE sessions SET user_agent = $1 WHERE token_hash = $2")
            .bind(ua)
            .bind(digest(token))
            .execute(&self.db.pool)
            .await?;
        Ok(())
    }

    /// The person's live sessions, newest first.
    pub async fn sessions(&self, user: UserId) -> Result<Vec<SessionInfo>, AccountError> {
        let rows = sqlx::query_as::<Any, SessionRow>(
            "SELECT token_hash, created_at, expires_at, user_agent FROM sessions \
             WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 ORDER BY created_at DESC LIMIT 50",
        )
        .bind(user.0)
        .bind(self.clock.now_ms())
        .fetch_all(&self.db.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| SessionInfo {
                id: r.token_hash.chars().take(SESSION_ID_LEN).collect(),
                key: r.token_hash,
                created_at: r.created_at,
                expires_at: r.expires_at,
                user_agent: r.user_agent,
            })
            .collect())
    }

    /// Ends the person's session named `id`; its digest, or `None` when they have no such live session.
    pub async fn end_session(&self, user: UserId, id: &str) -> Result<Option<String>, AccountError> {
        let Some(s) = self.sessions(user).await?.into_iter().find(|s| s.id == id) else { return Ok(None) };
        sqlx::query::<Any>("UPDATE sessions SET revoked_at = $1 WHERE token_hash = $2 AND revoked_at IS NULL")
            .bind(self.clock.now_ms())
            .bind(s.key.clone())
            .execute(&self.db.pool)
            .await?;
        Ok(Some(s.key))
    }

    /// When the session of `token` was opened (its login).
    pub async fn session_started(&self, token: &str) -> Result<Option<EpochMs>, AccountError> {
        Ok(sqlx::query_scalar::<Any, EpochMs>("SELECT created_at FROM sessions WHERE token_hash = $1")
            .bind(digest(token))
            .fetch_optional(&self.db.pool)
            .await?)
    }
}
