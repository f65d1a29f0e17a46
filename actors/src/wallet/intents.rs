//! Money a table has decided must move, and the shared way of moving it so a failure is never forgotten.
//!
//! - [`apply_until_final`] asks the wallet again, with the same idempotency key, while the failure is transient
//!   (a busy database, a commit whose outcome is unknown): a key that already committed answers with its first
//!   receipt, so asking twice never moves money twice.
//! - [`record`] writes intents in the caller's transaction (with the round they belong to) before they are
//!   applied; [`mark_applied`] closes an owner's intents once all of them committed; at start-up [`resume`]
//!   applies whatever a previous run recorded and did not finish. An intent the wallet refuses for good is
//!   marked `failed` with the reason, for the operators, and the rest go on.

use super::{Change, Movement, Receipt, WalletError, WalletHandle};
use crate::clock::EpochMs;
use crate::ids::UserId;
use crate::store::{Db, StoreError};
use crate::wallet::LedgerKind;
use sqlx::Any;
use std::future::Future;
use std::time::Duration;

const FIRST_BACKOFF: Duration = Duration::from_millis(10);
const MAX_BACKOFF: Duration = Duration::from_secs(1);

/// An error that may pass if the same thing is asked again (with the same key).
pub trait Transient: std::fmt::Display {
    fn is_transient(&self) -> bool;
}

impl Transient for WalletError {
    fn is_transient(&self) -> bool {
        WalletError::is_transient(self)
    }
}

impl Transient for crate::store::StoreError {
    fn is_transient(&self) -> bool {
        crate::store::StoreError::is_transient(self)
    }
}

/// Runs `op` until it succeeds or fails for good (its error is not [`Transient`]), backing off between tries. For
/// wallet calls and for the writes a round cannot go on without.
pub async fn retry_transient<T, E, F, Fut>(what: &str, mut op: F) -> Result<T, E>
where
    E: Transient,
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, E>>,
{
    let mut backoff = FIRST_BACKOFF;
    let mut failures = 0u32;
    loop {
        match op().await {
            Err(e) if e.is_transient() => {
                failures += 1;
                metrics::counter!("wallet_retries_total").increment(1);
                if failures == 1 || failures.is_multiple_of(20) {
                    tracing::warn!(what, failures, error = %e, "transient failure; trying again");
                }
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(MAX_BACKOFF);
            }
            other => return other,
        }
    }
}

/// Applies `change`, asking again with the same key until the wallet's answer is final.
pub async fn apply_until_final(wallet: &WalletHandle, change: Change) -> Result<Receipt, WalletError> {
    retry_transient(change.kind.as_str(), || wallet.apply(change.clone())).await
}

/// Records `changes` as pending intents of `owner` (e.g. `aviator:42`) in the caller's transaction. Recording
/// the same key again keeps the first record.
pub async fn record(
    conn: &mut sqlx::AnyConnection,
    owner: &str,
    changes: &[Change],
    now: EpochMs,
) -> Result<(), StoreError> {
    for c in changes {
        sqlx::query::<Any>(
            "INSERT INTO wallet_intents (idempotency_key, owner, user_id, movement, kind, reference, status, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7) ON CONFLICT (idempotency_key) DO NOTHING",
        )
        .bind(c.idempotency_key.clone())
        .bind(owner)
        .bind(c.user.0)
        .bind(c.movement.encode())
        .bind(c.kind.as_str())
        .bind(c.reference.clone())
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Marks every pending intent of `owner` applied (all of them committed), in the caller's transaction.
pub async fn mark_applied(conn: &mut sqlx::AnyConnection, owner: &str, now: EpochMs) -> Result<(), StoreError> {
    sqlx::query::<Any>(
        "UPDATE wallet_intents SET status = 'applied', applied_at = $1 WHERE owner = $2 AND status = 'pending'",
    )
    .bind(now)
    .bind(owner)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn mark_failed(db: &Db, key: &str, error: &str) -> Result<(), StoreError> {
    let query =
        sqlx::query::<Any>("UPDATE wallet_intents SET status = 'failed', error = $1 WHERE idempotency_key = $2");
    db.execute(query.bind(error).bind(key)).await?;
    Ok(())
}

/// A row of `wallet_intents`, as the database has it.
#[derive(sqlx_macros::FromRow)]
struct IntentRow {
    idempotency_key: String,
    user_id: i64,
    movement: String,
    kind: String,
    reference: String,
}

/// The pending intents of `owner`, oldest first. A row that cannot be read back is reported and marked
/// failed, never a reason to stop.
pub async fn pending(db: &Db, owner: &str) -> Result<Vec<Change>, StoreError> {
    let rows = sqlx::query_as::<Any, IntentRow>(
        "SELECT idempotency_key, user_id, movement, kind, reference FROM wallet_intents \
         WHERE owner = $1 AND status = 'pending' ORDER BY created_at, idempotency_key",
    )
    .bind(owner)
    .fetch_all(&db.pool)
    .await?;
    let mut changes = Vec::with_capacity(rows.len());
    for row in rows {
        let IntentRow { idempotency_key: key, user_id, movement, kind, reference } = row;
        match (Movement::decode(&movement), LedgerKind::parse(&kind)) {
            (Some(movement), Some(kind)) => {
                changes.push(Change { user: UserId(user_id), movement, kind, reference, idempotency_key: key })
            }
            _ => {
                tracing::error!(key, movement, kind, "unreadable wallet intent; marked failed for the operators");
                mark_failed(db, &key, "unreadable intent").await?;
            }
        }
    }
    Ok(changes)
}

/// What [`resume`] did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Resumed {
    pub applied: usize,
    pub failed: usize,
}

/// Applies every pending intent of `owner` (each until the wallet's answer is final), then marks them applied.
/// One the wallet refuses for good is marked failed and reported; the others still move.
pub async fn resume(db: &Db, wallet: &WalletHandle, owner: &str, now: EpochMs) -> Result<Resumed, WalletError> {
    let mut done = Resumed::default();
    for change in pending(db, owner).await? {
        let key = change.idempotency_key.clone();
        match apply_until_final(wallet, change).await {
            Ok(_) => done.applied += 1,
            Err(e) => {
                tracing::error!(owner, key, error = %e, "a recorded wallet intent was refused; marked failed for the operators");
                metrics::counter!("wallet_intents_failed_total").increment(1);
                mark_failed(db, &key, &e.to_string()).await?;
                done.failed += 1;
            }
        }
    }
    let mut w = db.begin_write().await?;
    mark_applied(&mut w.tx, owner, now).await?;
    w.commit().await?;
    Ok(done)
}

/// Resumes every owner whose name starts with `prefix` (e.g. `mines:`) that has a pending intent; returns how many.
pub async fn resume_owned(db: &Db, wallet: &WalletHandle, prefix: &str, now: EpochMs) -> Result<usize, WalletError> {
    let owners: Vec<String> = sqlx::query_scalar::<Any, String>(
        "SELECT DISTINCT owner FROM wallet_intents WHERE owner LIKE $1 AND status = 'pending'",
    )
    .bind(format!("{prefix}%"))
    .fetch_all(&db.pool)
    .await?;
    for owner in &owners {
        resume(db, wallet, owner, now).await?;
    }
    Ok(owners.len())
}

/// Whether the change keyed `key` committed for `user` (a hold asked for before a restart, whose answer was lost).
pub async fn committed(db: &Db, key: &str, user: UserId) -> Result<bool, StoreError> {
    let n =
        sqlx::query_scalar::<Any, i64>("SELECT COUNT(*) FROM ledger WHERE idempotency_key = $1 AND account_id = $2")
            .bind(key)
            .bind(user.0)
            .fetch_one(&db.pool)
            .await?;
    Ok(n > 0)
}

/// Whether `owner` ever recorded an intent (its outcome was decided before the last run stopped).
pub async fn has_any(db: &Db, owner: &str) -> Result<bool, StoreError> {
    let n = sqlx::query_scalar::<Any, i64>("SELECT COUNT(*) FROM wallet_intents WHERE owner = $1")
        .bind(owner)
        .fetch_one(&db.pool)
        .await?;
    Ok(n > 0)
}
