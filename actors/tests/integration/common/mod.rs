//! What the fault-injection tests share: funded players and the books' checks.

#![allow(dead_code)]

use casino_actors::ids::UserId;
use casino_actors::money::Paise;
use casino_actors::store::Db;
use casino_actors::wallet::{Change, LedgerKind, Movement, SystemAccount, WalletHandle};
use sqlx::{Any, Row};

/// A fresh database named after the test, a wallet on it with two shards, and the registry they report to; then
/// the same faults every fault test injects: each wallet batch may stall, fail before or at the commit, or commit
/// and report failure. Call [`no_faults`] to stop them.
pub async fn faulty_wallet(name: &str) -> (Db, WalletHandle, std::sync::Arc<casino_actors::observe::Registry>) {
    let url = casino_actors::store::fresh_database_url(name).await.unwrap();
    let db = Db::connect(&url, 8).await.unwrap();
    let registry = casino_actors::observe::Registry::new(true);
    let config = casino_actors::wallet::WalletConfig { shards: 2, max_batch: 200 };
    let wallet =
        WalletHandle::start(db.clone(), config, casino_actors::clock::system(), None, &registry).await.unwrap();
    (db, wallet, registry)
}

/// Turns the wallet faults on.
pub fn faults() {
    fail::cfg("wallet::before_write", "10%delay(20)").unwrap();
    fail::cfg("wallet::before_commit", "8%return").unwrap();
    fail::cfg("wallet::after_commit", "8%return").unwrap();
}

/// Turns them off.
pub fn no_faults() {
    for point in ["wallet::before_write", "wallet::before_commit", "wallet::after_commit"] {
        fail::cfg(point, "off").unwrap();
    }
}

pub async fn scalar(db: &Db, sql: &'static str) -> i64 {
    sqlx::query::<Any>(sql).fetch_one(&db.pool).await.unwrap().try_get(0).unwrap()
}

/// Players 1..=`count`, each with `start` paise deposited.
pub async fn fund_players(db: &Db, wallet: &WalletHandle, count: i64, start: i64) {
    for id in 1..=count {
        fund_player(db, wallet, id, start).await;
    }
}

/// Player `id` with `start` paise deposited.
pub async fn fund_player(db: &Db, wallet: &WalletHandle, id: i64, start: i64) {
    sqlx::query::<Any>(
            "INSERT INTO users (id, user_no, phone, name, password_hash, role, created_at) VALUES ($1, $2, $3, 'Bettor', 'x', 'player', 0)",
        )
        .bind(id)
        .bind(100_000 + id)
        .bind(format!("90000000{id:02}"))
        .execute(&db.pool)
        .await
        .unwrap();
    sqlx::query::<Any>("INSERT INTO accounts (id, kind, balance, exposure) VALUES ($1, 'user', 0, 0)")
        .bind(id)
        .execute(&db.pool)
        .await
        .unwrap();
    let fund = Change {
        user: UserId(id),
        movement: Movement::Credit { amount: Paise::new(start), from: SystemAccount::Cashier },
        kind: LedgerKind::Deposit,
        reference: format!("deposit:{id}"),
        idempotency_key: format!("deposit:{id}"),
    };
    wallet.apply(fund).await.unwrap();
}

/// Each player's balance (paise) is what `expected` says.
pub async fn assert_balances(db: &Db, expected: &std::collections::HashMap<i64, i64>, seed: u64) {
    for (user, want) in expected {
        let have: i64 = sqlx::query::<Any>("SELECT balance FROM accounts WHERE id = $1")
            .bind(*user)
            .fetch_one(&db.pool)
            .await
            .unwrap()
            .try_get(0)
            .unwrap();
        assert_eq!(have, *want, "seed {seed}: player {user}'s balance is not what their play says");
    }
}

/// The books after the faults: they sum to zero and match the ledger, no stake is held, no intent is pending.
pub async fn assert_books(db: &Db, seed: u64) {
    assert_eq!(
        scalar(db, "SELECT CAST(SUM(balance + exposure) AS BIGINT) FROM accounts").await,
        0,
        "seed {seed}: money created or destroyed"
    );
    let drift = scalar(
        db,
        "SELECT COUNT(*) FROM accounts a WHERE a.balance <> (SELECT COALESCE(CAST(SUM(delta_balance) AS BIGINT), 0) FROM ledger l WHERE l.account_id = a.id) \
         OR a.exposure <> (SELECT COALESCE(CAST(SUM(delta_exposure) AS BIGINT), 0) FROM ledger l WHERE l.account_id = a.id)",
    )
    .await;
    assert_eq!(drift, 0, "seed {seed}: an account differs from its ledger");
    assert_eq!(
        scalar(db, "SELECT CAST(COALESCE(SUM(exposure), 0) AS BIGINT) FROM accounts WHERE kind = 'user'").await,
        0,
        "seed {seed}: a stake is still held"
    );
    assert_eq!(
        scalar(db, "SELECT COUNT(*) FROM wallet_intents WHERE status <> 'applied'").await,
        0,
        "seed {seed}: an intent did not move"
    );
}
