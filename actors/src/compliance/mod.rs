//! Real mode's checks, what a licence demands before money is played: an age and a region declared at sign-up
//! (`rules::declare`), regions the operator no longer allows blocking bets and deposits (`users.region_refused`, set
//! at start-up and read by the wallet's guard and the cashier), and an identity (KYC) an operator verifies before
//! large withdrawals (`kyc.rs`). Play mode checks none of it: its points have no cash value.

pub mod kyc;
pub mod rules;

use crate::play::MoneyMode;
use crate::store::Db;
use rules::{AllowedRegions, Declaration, Declared, Thresholds};
use sqlx::Any;

/// What the operator configured for real mode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RealMoneyChecks {
    /// The youngest a player may be, in full years.
    pub min_age: u32,
    pub regions: AllowedRegions,
    pub thresholds: Thresholds,
    /// The largest document image accepted, in bytes.
    pub max_document_bytes: usize,
}

impl Default for RealMoneyChecks {
    fn default() -> Self {
        RealMoneyChecks {
            min_age: 18,
            regions: AllowedRegions::all(),
            thresholds: Thresholds::default(),
            max_document_bytes: rules::MAX_DOCUMENT_BYTES,
        }
    }
}

/// The checks in force: real mode's, or none in play mode.
#[derive(Debug, Clone)]
pub struct Compliance {
    db: Db,
    mode: MoneyMode,
    checks: RealMoneyChecks,
}

impl Compliance {
    pub fn new(db: Db, mode: MoneyMode, checks: RealMoneyChecks) -> Self {
        Compliance { db, mode, checks }
    }

    /// Real mode's configuration, or `None` in play mode (nothing is checked).
    pub fn checks(&self) -> Option<&RealMoneyChecks> {
        (self.mode == MoneyMode::Real).then_some(&self.checks)
    }

    /// What a sign-up declared, checked at `now`: `None` in play mode, where nothing is asked.
    pub fn declare(
        &self,
        date_of_birth: Option<&str>,
        region: Option<&str>,
        now: i64,
    ) -> Result<Option<Declared>, Declaration> {
        let Some(c) = self.checks() else { return Ok(None) };
        rules::declare(date_of_birth.unwrap_or(""), region.unwrap_or(""), now, c.min_age, &c.regions).map(Some)
    }

    /// At start-up: marks the players whose declared region the configuration leaves out, and clears the mark of
    /// those it allows again (every mark in play mode). Returns how many are marked.
    pub async fn apply_regions(&self) -> Result<u64, sqlx::Error> {
        let refused = self.checks().map(|c| c.regions.refused()).unwrap_or_default();
        let mut w = self.db.begin_write().await?;
        if refused.is_empty() {
            sqlx::query::<Any>("UPDATE users SET region_refused = 0 WHERE region_refused = 1")
                .execute(&mut *w.tx)
                .await?;
        } else {
            let list = (1..=refused.len()).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ");
            let sql = format!(
                "UPDATE users SET region_refused = CASE WHEN region IN ({list}) THEN 1 ELSE 0 END \
                 WHERE region IS NOT NULL"
            );
            let mut q = sqlx::query::<Any>(sqlx::AssertSqlSafe(sql));
            for code in &refused {
                q = q.bind(*code);
            }
            q.execute(&mut *w.tx).await?;
        }
        let marked = sqlx::query_scalar::<Any, i64>("SELECT COUNT(*) FROM users WHERE region_refused = 1")
            .fetch_one(&mut *w.tx)
            .await?;
        w.commit().await?;
        Ok(u64::try_from(marked).unwrap_or(0))
    }
}

/// Is the player's region left out by the operator's list? Read on the caller's connection.
pub async fn region_refused(conn: &mut sqlx::AnyConnection, user: crate::ids::UserId) -> Result<bool, sqlx::Error> {
    let flag = sqlx::query_scalar::<Any, i64>("SELECT region_refused FROM users WHERE id = $1")
        .bind(user.0)
        .fetch_optional(conn)
        .await?;
    Ok(flag == Some(1))
}

#[cfg(test)]
mod tests;
