//! Ending sessions from the operator's side: block and unblock a person, and the session check the socket
//! gateway repeats while a connection lives (it also learns when the session expires).
//!
//! A block sets `users.blocked_at` and revokes every open session in one transaction; while it is set the
//! database refuses to open a session for the person (a trigger, see `0005_sessions.sql`), so every login path
//! fails. Closing the person's live sockets is the caller's part (the hub's `Kick`).

use super::{AccountError, Accounts, USER_COLUMNS, User, UserDbRow, digest};
use crate::clock::EpochMs;
use crate::ids::UserId;
// Dynamic SQL in this file is assembled only from constants, never from input.
use sqlx::Any;
use sqlx::AssertSqlSafe;

/// A live session: who it belongs to and how long it has left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveSession {
    pub user: User,
    /// Milliseconds until the session expires (positive).
    pub expires_in_ms: EpochMs,
}

/// A live session's person and when the session expires.
#[derive(sqlx_macros::FromRow)]
struct LiveRow {
    #[sqlx(flatten)]
    user: UserDbRow,
    expires_at: i64,
}

impl Accounts {
    /// Blocks `user`: sets `blocked_at` (kept from the first block) and revokes every open session.
    /// `false` when there is no such person.
    pub async fn block_user(&self, user: UserId) -> Result<bool, AccountError> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        let found = sqlx::query::<Any>("UPDATE users SET blocked_at = COALESCE(blocked_at, $1) WHERE id = $2")
            .bind(now)
            .bind(user.0)
            .execute(&mut *tx)
            .await?;
        if found.rows_affected() != 1 {
            return Ok(false);
        }
        sqlx::query::<Any>("UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL")
            .bind(now)
            .bind(user.0)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Lifts a block; the person may log in again. `false` when there is no such person.
    pub async fn unblock_user(&self, user: UserId) -> Result<bool, AccountError> {
        let done = sqlx::query::<Any>("UPDATE users SET blocked_at = NULL WHERE id = $1")
            .bind(user.0)
            .execute(&self.db.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Whether `user` is blocked now (`None`: no such person).
    pub async fn is_blocked(&self, user: UserId) -> Result<Option<bool>, AccountError> {
        let blocked_at = sqlx::query_scalar::<Any, Option<i64>>("SELECT blocked_at FROM users WHERE id = $1")
            .bind(user.0)
            .fetch_optional(&self.db.pool)
            .await?;
        Ok(blocked_at.map(|b| b.is_some()))
    }

    /// The person behind a live session token and the time it has left; `None` when the token is unknown,
    /// revoked or expired, or the person is blocked.
    pub async fn live_session(&self, token: &str) -> Result<Option<LiveSession>, AccountError> {
        let columns = USER_COLUMNS.split(", ").map(|c| format!("u.{c}")).collect::<Vec<_>>().join(", ");
        let sql = format!(
            "SELECT {columns}, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id \
             WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND u.blocked_at IS NULL"
        );
        let now = self.clock.now_ms();
        let row = sqlx::query_as::<Any, LiveRow>(AssertSqlSafe(sql))
            .bind(digest(token))
            .bind(now)
            .fetch_optional(&self.db.pool)
            .await?;
        let Some(row) = row else { return Ok(None) };
        Ok(Some(LiveSession { user: User::from(row.user), expires_in_ms: row.expires_at - now }))
    }
}
