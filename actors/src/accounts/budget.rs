//! Attempt budgets kept in the database (table `rate_limits`), for limits that must hold across codes,
//! restarts and server processes: reset-code guesses per account, reset requests per account.
//! One statement checks and takes an attempt, so parallel requests cannot overrun a budget.

use crate::clock::EpochMs;
use crate::store::Db;
use sqlx::Any;

/// At most `max` attempts per `window_ms` (a fixed window that starts at the first attempt).
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    pub max: i64,
    pub window_ms: i64,
}

impl Budget {
    /// Takes one attempt for `key` if its window has any left: true when taken, false when spent.
    /// An upsert whose update only happens under the limit; a row comes back only when it counted.
    pub async fn reserve(&self, db: &Db, key: &str, now: EpochMs) -> Result<bool, sqlx::Error> {
        let used = sqlx::query_scalar::<Any, i64>(
            "INSERT INTO rate_limits (key, window_start, used) VALUES ($1, $2, 1) \
             ON CONFLICT (key) DO UPDATE SET \
               used = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.used + 1 END, \
               window_start = CASE WHEN rate_limits.window_start <= $3 THEN $2 ELSE rate_limits.window_start END \
             WHERE rate_limits.window_start <= $3 OR rate_limits.used < $4 \
             RETURNING used",
        )
        .bind(key)
        .bind(now)
        .bind(now - self.window_ms)
        .bind(self.max)
        .fetch_optional(&db.pool)
        .await?;
        match used {
            Some(used) => Ok(used <= self.max),
            None => Ok(false),
        }
    }

    /// Attempts taken in `key`'s current window.
    pub async fn used(&self, db: &Db, key: &str, now: EpochMs) -> Result<i64, sqlx::Error> {
        let used = sqlx::query_scalar::<Any, i64>("SELECT used FROM rate_limits WHERE key = $1 AND window_start > $2")
            .bind(key)
            .bind(now - self.window_ms)
            .fetch_optional(&db.pool)
            .await?;
        Ok(used.unwrap_or(0))
    }

    /// Forgets `key`'s window and every `key@…` one (the account's and each address's on it).
    pub async fn clear_prefix(db: &Db, key: &str) -> Result<(), sqlx::Error> {
        sqlx::query::<Any>("DELETE FROM rate_limits WHERE key = $1 OR key LIKE $2 ESCAPE '\\'")
            .bind(key)
            .bind(format!("{}@%", key.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")))
            .execute(&db.pool)
            .await?;
        Ok(())
    }

    /// Forgets `key`'s window: the next attempt starts a fresh budget.
    pub async fn clear(db: &Db, key: &str) -> Result<(), sqlx::Error> {
        sqlx::query::<Any>("DELETE FROM rate_limits WHERE key = $1").bind(key).execute(&db.pool).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[actix_rt::test]
    async fn parallel_reservations_take_at_most_the_budget_and_a_new_window_refills_it() {
        let url = crate::store::fresh_database_url("budget").await.unwrap();
        let db = Db::connect(&url, 8).await.unwrap();
        let budget = Budget { max: 5, window_ms: 1_000 };
        let tries = (0..40).map(|_| {
            let db = db.clone();
            async move { budget.reserve(&db, "k", 10).await.unwrap() }
        });
        let granted = futures_util::future::join_all(tries).await.into_iter().filter(|ok| *ok).count();
        assert_eq!(granted, 5);
        assert_eq!(budget.used(&db, "k", 10).await.unwrap(), 5);
        assert!(!budget.reserve(&db, "k", 1_009).await.unwrap());
        assert!(budget.reserve(&db, "other", 1_009).await.unwrap());
        assert!(budget.reserve(&db, "k", 1_010).await.unwrap(), "the window has passed");
        assert_eq!(budget.used(&db, "k", 1_010).await.unwrap(), 1);
        Budget::clear(&db, "k").await.unwrap();
        assert_eq!(budget.used(&db, "k", 1_010).await.unwrap(), 0);
    }
}
