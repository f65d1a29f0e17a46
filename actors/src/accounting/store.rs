//! The ledger's side of the accounting report: players' rows summed per IST day (of the row's `created_at`) and kind,
//! in SQL valid on SQLite and PostgreSQL. Players' accounts are the positive ids; system accounts (house, cashier,
//! load test, play) are negative, and by double entry each of their rows mirrors a player's.

use super::rules::KindDay;
use crate::hold::rules::{DAY_MS, IST_OFFSET_MS};
use crate::store::Db;
use sqlx::Any;

#[derive(sqlx_macros::FromRow)]
struct KindRow {
    d: i64,
    kind: String,
    n: i64,
    b: i64,
    e: i64,
}

const KINDS_SQL: &str = "SELECT k.d AS d, k.kind AS kind, CAST(COUNT(*) AS BIGINT) AS n, \
        CAST(SUM(k.delta_balance) AS BIGINT) AS b, CAST(SUM(k.delta_exposure) AS BIGINT) AS e \
    FROM (SELECT CAST((created_at + $3) / $4 AS BIGINT) AS d, kind, delta_balance, delta_exposure FROM ledger \
          WHERE account_id > 0 AND created_at >= $1 AND created_at < $2) k \
    GROUP BY k.d, k.kind ORDER BY k.d, k.kind";

/// Players' ledger rows written in `[from, to)`, summed per IST day and kind.
pub async fn kinds(db: &Db, from: i64, to: i64) -> Result<Vec<KindDay>, sqlx::Error> {
    let rows = sqlx::query_as::<Any, KindRow>(KINDS_SQL)
        .bind(from)
        .bind(to)
        .bind(IST_OFFSET_MS)
        .bind(DAY_MS)
        .fetch_all(&db.pool)
        .await?;
    Ok(rows
        .into_iter()
        .map(|r| KindDay { day: r.d, kind: r.kind, rows: r.n, delta_balance: r.b, delta_exposure: r.e })
        .collect())
}
