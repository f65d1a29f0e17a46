//! Password reset with a one-time code. Codes are 12 digits, stored only as digests, live 15 minutes and
//! are replaced by the next one. Guessing is bounded across codes per (account, client address)
//! (`RESET_GUESSES` a day) under an account-wide ceiling (`RESET_GUESSES_PER_ACCOUNT`), counted in the database and
//! reserved before the code is compared, so parallel guesses cannot exceed them. Past the ceiling only an address
//! that has not guessed wrong on the account may try (once), so guessing from many addresses cannot lock the owner
//! out of recovery. The public request is bounded per account too. Names that match no account are counted the
//! same way, so the answers never tell whether an account exists.

use super::budget::Budget;
use super::passwords::hash_password;
use super::{AccountError, Accounts, User, digest, rules};
use sqlx::Any;

pub const RESET_CODE_TTL_MS: i64 = 15 * 60 * 1000;
/// Tries on one code.
pub const RESET_CODE_MAX_ATTEMPTS: i64 = 5;
/// Wrong or right, code guesses per account (or unknown name) from one client address a day, whatever codes were
/// issued.
pub const RESET_GUESSES: Budget = Budget { max: 10, window_ms: 24 * 3600 * 1000 };
/// Code guesses per account (or unknown name) a day from every address together; past it, one try per address that
/// has none yet.
pub const RESET_GUESSES_PER_ACCOUNT: Budget = Budget { max: 50, window_ms: 24 * 3600 * 1000 };
/// Public reset requests (each may send a message) per account (or unknown name) an hour.
pub const RESET_REQUESTS: Budget = Budget { max: 5, window_ms: 3600 * 1000 };

/// The budget key of whoever `identifier` names: the account when there is one, else the name itself.
fn subject_key(kind: &str, user: Option<&User>, identifier: &str) -> String {
    match user {
        Some(u) => format!("{kind}:user:{}", u.id),
        None => format!("{kind}:name:{}", rules::identifier_key(identifier)),
    }
}

fn code_digest(user: &User, code: &str) -> String {
    digest(&format!("{}:{code}", user.id))
}

/// Compares digests without an early exit.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

impl Accounts {
    /// The public path: within the per-account request budget, a fresh code goes to the person through
    /// the notifier. With no notifier nothing is issued (an earlier operator-issued code stays valid).
    /// `TooManyAttempts` when the budget is spent, for known and unknown names alike.
    pub async fn request_reset(&self, identifier: &str) -> Result<(), AccountError> {
        let user = self.by_login(identifier).await?;
        let key = subject_key("reset_request", user.as_ref(), identifier);
        if !RESET_REQUESTS.reserve(&self.db, &key, self.clock.now_ms()).await? {
            return Err(AccountError::TooManyAttempts);
        }
        let Some(user) = user else { return Ok(()) };
        if !self.notifier.delivers() {
            return Ok(());
        }
        let (code, expires_at) = self.issue_code(&user).await?;
        self.notifier.send_reset_code(&user, &code, expires_at);
        Ok(())
    }

    /// The operator path: issues a code and returns it for the operator to pass on (it is not sent).
    /// The operator has checked the person, so the account's guess budget starts afresh.
    pub async fn start_reset(&self, identifier: &str) -> Result<Option<String>, AccountError> {
        let Some(user) = self.by_login(identifier).await? else { return Ok(None) };
        let (code, _) = self.issue_code(&user).await?;
        Budget::clear_prefix(&self.db, &subject_key("reset_guess", Some(&user), identifier)).await?;
        Ok(Some(code))
    }

    /// A new code replaces any earlier one, in one transaction.
    async fn issue_code(&self, user: &User) -> Result<(String, i64), AccountError> {
        let code = rules::new_reset_code(&mut rand::rng());
        let now = self.clock.now_ms();
        let expires_at = now + RESET_CODE_TTL_MS;
        let mut tx = self.db.begin_write().await?;
        sqlx::query::<Any>("UPDATE reset_codes SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL")
            .bind(now)
            .bind(user.id.0)
            .execute(&mut *tx)
            .await?;
        sqlx::query::<Any>(
            "INSERT INTO reset_codes (user_id, code_hash, created_at, expires_at, attempts) VALUES ($1, $2, $3, $4, 0)",
        )
        .bind(user.id.0)
        .bind(code_digest(user, &code))
        .bind(now)
        .bind(expires_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok((code, expires_at))
    }

    /// Guesses taken in the current window against whoever `identifier` names, from every address together (for
    /// tests and operators).
    pub async fn reset_guesses_used(&self, identifier: &str) -> Result<i64, AccountError> {
        let user = self.by_login(identifier).await?;
        let key = subject_key("reset_guess", user.as_ref(), identifier);
        Ok(RESET_GUESSES_PER_ACCOUNT.used(&self.db, &key, self.clock.now_ms()).await?)
    }

    /// Takes a guess on `key` from `addr`: the pair's budget, then the account's; past the account's ceiling an
    /// address with no guesses yet still gets its one.
    async fn reserve_guess(&self, key: &str, addr: &str, now: i64) -> Result<bool, AccountError> {
        let pair = format!("{key}@{addr}");
        let clean = RESET_GUESSES.used(&self.db, &pair, now).await? == 0;
        if !RESET_GUESSES.reserve(&self.db, &pair, now).await? {
            return Ok(false);
        }
        Ok(RESET_GUESSES_PER_ACCOUNT.reserve(&self.db, key, now).await? || clean)
    }

    /// Completes a reset with the one-time code, guessed from client address `addr`; revokes every session of the
    /// account. The guess is counted (address and account budgets, then the code's own tries) before the code is
    /// compared.
    pub async fn complete_reset(
        &self,
        identifier: &str,
        code: &str,
        new_password: &str,
        addr: &str,
    ) -> Result<(), AccountError> {
        let new_password = rules::reset_password(new_password)?.to_string();
        let user = self.by_login(identifier).await?;
        let now = self.clock.now_ms();
        let key = subject_key("reset_guess", user.as_ref(), identifier);
        if !self.reserve_guess(&key, addr, now).await? {
            return Err(AccountError::TooManyAttempts);
        }
        let user = user.ok_or(AccountError::BadResetCode)?;
        let code_id = sqlx::query_scalar::<Any, i64>(
            "SELECT id FROM reset_codes WHERE user_id = $1 AND used_at IS NULL AND expires_at > $2 \
             ORDER BY id DESC LIMIT 1",
        )
        .bind(user.id.0)
        .bind(now)
        .fetch_optional(&self.db.pool)
        .await?
        .ok_or(AccountError::BadResetCode)?;
        // Take one of the code's own tries; no row back means the code is spent, used or expired.
        let code_hash = sqlx::query_scalar::<Any, String>(
            "UPDATE reset_codes SET attempts = attempts + 1 \
             WHERE id = $1 AND used_at IS NULL AND expires_at > $2 AND attempts < $3 RETURNING code_hash",
        )
        .bind(code_id)
        .bind(now)
        .bind(RESET_CODE_MAX_ATTEMPTS)
        .fetch_optional(&self.db.pool)
        .await?
        .ok_or(AccountError::BadResetCode)?;
        if !same(&code_digest(&user, &rules::typed_code(code)), &code_hash) {
            return Err(AccountError::BadResetCode);
        }
        let hash =
            self.hashing(super::hashing::Lane::Account(user.id.0), move |m| hash_password(&new_password, m)).await??;
        let mut tx = self.db.begin_write().await?;
        let used = sqlx::query::<Any>("UPDATE reset_codes SET used_at = $1 WHERE id = $2 AND used_at IS NULL")
            .bind(now)
            .bind(code_id)
            .execute(&mut *tx)
            .await?;
        if used.rows_affected() != 1 {
            return Err(AccountError::BadResetCode);
        }
        sqlx::query::<Any>("UPDATE users SET password_hash = $1 WHERE id = $2")
            .bind(hash)
            .bind(user.id.0)
            .execute(&mut *tx)
            .await?;
        sqlx::query::<Any>("UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL")
            .bind(now)
            .bind(user.id.0)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_compare_equal_only_when_equal() {
        assert!(same("abc", "abc"));
        assert!(!same("abc", "abd"));
        assert!(!same("abc", "abcd"));
    }
}
