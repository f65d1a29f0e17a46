//! `game-server fixtures remove`: deletes every load-test fixture player with everything they left behind,
//! in one transaction, so the books still sum to zero and every account still equals the sum of its ledger.
//!
//! Removed: the fixture users, their sessions, reset codes, wallet accounts, their own ledger rows, the
//! counter-party rows written against them on system accounts (house, load-test, or the cashier for fixtures
//! made before load-test accounts existed), their Aviator bets and wallet intents. Each system account's
//! balance is reduced by the deltas of its removed rows. The running `balance_after` of the system rows that
//! remain still describe the books as they were written; only the sums are restated.
//!
//! Meant for a stopped server or a load-test database: it does not stop a running server's tables, and a
//! fixture still betting would keep writing rows after the removal.

use casino_actors::money::Paise;
use casino_actors::store::Db;
use sqlx::Any;

/// Every fixture user's id, as a subquery.
const FIXTURES: &str = "(SELECT id FROM users WHERE fixture <> 0)";

/// What `remove` took away.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Removed {
    pub players: i64,
    /// The fixture accounts' own rows.
    pub ledger_rows: u64,
    /// Rows on system accounts whose counter-party was a fixture player.
    pub counterparty_rows: u64,
    /// What the removed fixture accounts held (balance + exposure).
    pub held: Paise,
    /// Per system account: its id, kind, the sum of its removed rows (taken off its balance) and their number.
    pub system_accounts: Vec<SystemRows>,
    pub sessions: u64,
    pub aviator_bets: u64,
    pub wallet_intents: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SystemRows {
    pub account: i64,
    pub kind: String,
    pub delta: Paise,
    pub rows: i64,
}

/// What a system account's rows against fixture players add up to.
#[derive(sqlx_macros::FromRow)]
struct CounterRow {
    account_id: i64,
    kind: String,
    balance: i64,
    exposure: i64,
    n: i64,
}

/// Removes every fixture player and their ledger in one transaction (all or nothing).
pub async fn remove(db: &Db) -> anyhow::Result<Removed> {
    let mut w = db.begin_write().await?;
    let tx = &mut w.tx;
    let players =
        sqlx::query_scalar::<Any, i64>("SELECT COUNT(*) FROM users WHERE fixture <> 0").fetch_one(&mut **tx).await?;
    let mut out = Removed { players, ..Removed::default() };

    let sql = format!(
        "SELECT l.account_id, a.kind, CAST(SUM(l.delta_balance) AS BIGINT) AS balance, \
         CAST(SUM(l.delta_exposure) AS BIGINT) AS exposure, COUNT(*) AS n FROM ledger l JOIN accounts a ON a.id = l.account_id \
         WHERE l.counterparty_id IN {FIXTURES} AND l.account_id NOT IN {FIXTURES} \
         GROUP BY l.account_id, a.kind ORDER BY l.account_id"
    );
    let counter = sqlx::query_as::<Any, CounterRow>(sqlx::AssertSqlSafe(sql)).fetch_all(&mut **tx).await?;
    for row in counter {
        let CounterRow { account_id: account, kind, balance, exposure, n: rows } = row;
        // Only system accounts ever take the other side of a player's row.
        anyhow::ensure!(kind != "user", "account {account} has rows against a fixture player but is no system account");
        let done = sqlx::query::<Any>(
            "UPDATE accounts SET balance = balance - $1, exposure = exposure - $2 WHERE id = $3 AND kind <> 'user'",
        )
        .bind(balance)
        .bind(exposure)
        .bind(account)
        .execute(&mut **tx)
        .await?;
        anyhow::ensure!(done.rows_affected() == 1, "system account {account} is missing");
        out.system_accounts.push(SystemRows { account, kind, delta: Paise::new(balance), rows });
    }

    let held = sqlx::query_scalar::<Any, i64>(sqlx::AssertSqlSafe(format!(
        "SELECT CAST(COALESCE(SUM(balance + exposure), 0) AS BIGINT) FROM accounts WHERE id IN {FIXTURES}"
    )))
    .fetch_one(&mut **tx)
    .await?;
    out.held = Paise::new(held);

    let delete = |sql: String| sqlx::query::<Any>(sqlx::AssertSqlSafe(sql));
    out.counterparty_rows =
        delete(format!("DELETE FROM ledger WHERE counterparty_id IN {FIXTURES} AND account_id NOT IN {FIXTURES}"))
            .execute(&mut **tx)
            .await?
            .rows_affected();
    out.ledger_rows =
        delete(format!("DELETE FROM ledger WHERE account_id IN {FIXTURES}")).execute(&mut **tx).await?.rows_affected();
    delete(format!("DELETE FROM accounts WHERE id IN {FIXTURES}")).execute(&mut **tx).await?;
    out.aviator_bets = delete(format!("DELETE FROM aviator_bets WHERE user_id IN {FIXTURES}"))
        .execute(&mut **tx)
        .await?
        .rows_affected();
    out.wallet_intents = delete(format!("DELETE FROM wallet_intents WHERE user_id IN {FIXTURES}"))
        .execute(&mut **tx)
        .await?
        .rows_affected();
    out.sessions =
        delete(format!("DELETE FROM sessions WHERE user_id IN {FIXTURES}")).execute(&mut **tx).await?.rows_affected();
    for table in ["reset_codes", "deposits", "withdrawals"] {
        delete(format!("DELETE FROM {table} WHERE user_id IN {FIXTURES}")).execute(&mut **tx).await?;
    }
    let users = delete("DELETE FROM users WHERE fixture <> 0".into()).execute(&mut **tx).await?.rows_affected();
    anyhow::ensure!(i64::try_from(users) == Ok(out.players), "fixture players changed during the removal");
    w.commit().await?;
    Ok(out)
}

/// The report `fixtures remove` prints; the last line is the number of players removed.
pub fn report(r: &Removed) -> String {
    let mut lines = vec![format!(
        "removed {} fixture players holding ₹{}: {} of their ledger rows, {} counter-party rows, {} sessions, \
         {} aviator bets, {} wallet intents",
        r.players, r.held, r.ledger_rows, r.counterparty_rows, r.sessions, r.aviator_bets, r.wallet_intents
    )];
    for s in &r.system_accounts {
        lines.push(format!(
            "  {} account {}: {} rows removed, summing to ₹{} (taken off its balance)",
            s.kind, s.account, s.rows, s.delta
        ));
    }
    lines.push(r.players.to_string());
    lines.join("\n")
}
