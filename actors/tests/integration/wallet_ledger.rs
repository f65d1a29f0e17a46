//! Thousands of concurrent wallet operations from many tasks against one wallet system, then the books
//! are checked: balances equal the sum of ledger rows, nothing went negative, money is conserved
//! (double entry), and replayed idempotency keys moved nothing. Seeded; prints its seed.
//! Runs on SQLite, or PostgreSQL when `CASINO_TEST_POSTGRES` is set.

use casino_actors::clock;
use casino_actors::ids::UserId;
use casino_actors::money::Paise;
use casino_actors::store::{Db, fresh_database_url};
use casino_actors::wallet::{
    Change, GameKind, LedgerKind, Movement, Receipt, SystemAccount, WalletConfig, WalletError, WalletHandle,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sqlx::{Any, Row};
use std::collections::HashMap;

async fn setup(users: i64, shards: usize) -> (Db, WalletHandle) {
    let url = fresh_database_url("ledger").await.unwrap();
    let db = Db::connect(&url, 8).await.unwrap();
    for id in 1..=users {
        sqlx::query::<Any>("INSERT INTO users (id, user_no, phone, name, password_hash, role, created_at) VALUES ($1, $2, $3, 'Test User', 'x', 'player', 0)")
            .bind(id).bind(100_000 + id).bind(format!("p{id}")).execute(&db.pool).await.unwrap();
        sqlx::query::<Any>("INSERT INTO accounts (id, kind, balance, exposure) VALUES ($1, 'user', 0, 0)")
            .bind(id)
            .execute(&db.pool)
            .await
            .unwrap();
    }
    let cfg = WalletConfig { shards, max_batch: 500 };
    let wallet =
        WalletHandle::start(db.clone(), cfg, clock::system(), None, &casino_actors::observe::Registry::new(true))
            .await
            .unwrap();
    (db, wallet)
}

fn random_change(rng: &mut ChaCha8Rng, users: i64, n: usize) -> Change {
    let user = UserId(rng.random_range(1..=users));
    let amount = Paise::new(rng.random_range(-50..20_000));
    let (movement, kind) = match rng.random_range(0..10) {
        0 | 1 => (Movement::Credit { amount, from: SystemAccount::Cashier }, LedgerKind::Deposit),
        2 => (Movement::Debit { amount, to: SystemAccount::Cashier }, LedgerKind::Withdrawal),
        3 | 4 => (Movement::Hold { amount }, LedgerKind::Bet(GameKind::Aviator)),
        5 => (Movement::Release { amount }, LedgerKind::Refund(GameKind::Aviator)),
        6 => (Movement::Debit { amount, to: SystemAccount::House }, LedgerKind::Adjustment),
        _ => (
            Movement::Settle {
                hold: amount,
                payout: Paise::new(rng.random_range(0..40_000)),
                with: SystemAccount::House,
            },
            LedgerKind::Win(GameKind::Aviator),
        ),
    };
    Change { user, movement, kind, reference: format!("op:{n}"), idempotency_key: format!("k{n}") }
}

async fn run(seed: u64) {
    println!("seed = {seed} (replay with WALLET_TEST_SEED={seed})");
    const USERS: i64 = 40;
    const TASKS: usize = 32;
    const OPS_PER_TASK: usize = 150;
    let (db, wallet) = setup(USERS, 3).await;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);

    // Every task gets its own slice of changes; about 5% re-send an earlier key of the same slice
    // (a retry racing the original), which must be answered as a replay.
    let mut plans: Vec<Vec<Change>> = Vec::new();
    let mut n = 0;
    for _ in 0..TASKS {
        let mut plan: Vec<Change> = Vec::new();
        for _ in 0..OPS_PER_TASK {
            if !plan.is_empty() && rng.random_bool(0.05) {
                let earlier = plan[rng.random_range(0..plan.len())].clone();
                plan.push(earlier);
            } else {
                plan.push(random_change(&mut rng, USERS, n));
                n += 1;
            }
        }
        plans.push(plan);
    }
    let mut handles = Vec::new();
    for plan in plans {
        let wallet = wallet.clone();
        handles.push(actix_rt::spawn(async move {
            let mut out: Vec<(Change, Result<Receipt, WalletError>)> = Vec::new();
            for c in plan {
                let r = wallet.apply(c.clone()).await;
                out.push((c, r));
            }
            out
        }));
    }
    let mut results = Vec::new();
    for h in handles {
        results.extend(h.await.unwrap());
    }

    // What the callers saw: every applied (non-replayed) change, by key.
    let mut applied: HashMap<String, Receipt> = HashMap::new();
    let mut refused = 0;
    for (c, r) in &results {
        match r {
            Ok(receipt) if !receipt.replayed => {
                assert!(
                    applied.insert(c.idempotency_key.clone(), *receipt).is_none(),
                    "seed {seed}: key applied twice"
                );
            }
            Ok(_) => {}
            Err(WalletError::InsufficientBalance | WalletError::NonPositiveAmount) => refused += 1,
            Err(e) => panic!("seed {seed}: unexpected error {e}"),
        }
    }
    for (c, r) in &results {
        if let Ok(receipt) = r
            && receipt.replayed
        {
            let first = applied.get(&c.idempotency_key).expect("a replay answers a key that was applied");
            assert_eq!((receipt.balance, receipt.delta_balance), (first.balance, first.delta_balance), "seed {seed}");
        }
    }
    println!("{} operations: {} applied, {} refused", results.len(), applied.len(), refused);
    assert!(applied.len() > 1_000 && refused > 0, "seed {seed}: the mix should both apply and refuse");

    check_books(&db, seed).await;

    // Replaying every applied key now moves nothing.
    let ledger_rows_before = count(&db, "SELECT COUNT(*) FROM ledger").await;
    let snapshot = accounts(&db).await;
    for (c, _) in results.iter().filter(|(c, r)| r.as_ref().is_ok_and(|r| !r.replayed) && c.user.0 % 2 == 0) {
        let again = wallet.apply(c.clone()).await.unwrap();
        assert!(again.replayed, "seed {seed}");
    }
    assert_eq!(count(&db, "SELECT COUNT(*) FROM ledger").await, ledger_rows_before, "seed {seed}: replays wrote rows");
    assert_eq!(accounts(&db).await, snapshot, "seed {seed}: replays moved money");
    // The same key with a different meaning is refused, not applied.
    let (c, _) = results.iter().find(|(_, r)| r.as_ref().is_ok_and(|r| !r.replayed)).unwrap();
    let mut conflicting = c.clone();
    conflicting.reference.push_str(":other");
    assert_eq!(wallet.apply(conflicting).await, Err(WalletError::KeyConflict));
    wallet.drain().await;
}

async fn count(db: &Db, sql: &'static str) -> i64 {
    sqlx::query::<Any>(sql).fetch_one(&db.pool).await.unwrap().try_get(0).unwrap()
}

async fn accounts(db: &Db) -> Vec<(i64, String, i64, i64)> {
    sqlx::query::<Any>("SELECT id, kind, balance, exposure FROM accounts ORDER BY id")
        .fetch_all(&db.pool)
        .await
        .unwrap()
        .iter()
        .map(|r| (r.try_get(0).unwrap(), r.try_get(1).unwrap(), r.try_get(2).unwrap(), r.try_get(3).unwrap()))
        .collect()
}

async fn check_books(db: &Db, seed: u64) {
    let sums: HashMap<i64, (i64, i64)> = sqlx::query::<Any>(
        "SELECT account_id, CAST(SUM(delta_balance) AS BIGINT), CAST(SUM(delta_exposure) AS BIGINT) FROM ledger GROUP BY account_id",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap()
    .iter()
    .map(|r| (r.try_get::<i64, _>(0).unwrap(), (r.try_get::<i64, _>(1).unwrap(), r.try_get::<i64, _>(2).unwrap())))
    .collect();
    let mut total = 0i64;
    let mut cashier = 0i64;
    let mut inside = 0i64;
    for (id, kind, balance, exposure) in accounts(db).await {
        let (b, e) = sums.get(&id).copied().unwrap_or((0, 0));
        assert_eq!((balance, exposure), (b, e), "seed {seed}: account {id} differs from its ledger");
        if kind == "user" {
            assert!(balance >= 0 && exposure >= 0, "seed {seed}: account {id} negative");
        }
        total += balance + exposure;
        if kind == "cashier" { cashier += balance } else { inside += balance + exposure }
    }
    assert_eq!(total, 0, "seed {seed}: double entry broken, money created or destroyed");
    assert_eq!(inside, -cashier, "seed {seed}: money inside changed other than through the cashier");
    let negative_rows =
        count(db, "SELECT COUNT(*) FROM ledger WHERE account_id > 0 AND (balance_after < 0 OR exposure_after < 0)")
            .await;
    assert_eq!(negative_rows, 0, "seed {seed}: a user figure went negative");
    let unpaired = count(db, "SELECT COUNT(*) FROM ledger WHERE account_id > 0 AND counterparty_id IS NULL AND delta_balance + delta_exposure <> 0").await;
    assert_eq!(unpaired, 0, "seed {seed}: money moved without a counter-party");
}

#[actix_rt::test]
async fn concurrent_random_operations_keep_the_books_exact() {
    let seed = std::env::var("WALLET_TEST_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(rand::random);
    run(seed).await;
}

#[actix_rt::test]
async fn a_key_is_bound_to_its_request_amount_account_and_all() {
    let (db, wallet) = setup(2, 2).await;
    let credit = |user: i64, rupees: i64, key: &str| Change {
        user: UserId(user),
        movement: Movement::Credit { amount: Paise::from_rupees(rupees), from: SystemAccount::Cashier },
        kind: LedgerKind::Deposit,
        reference: "deposit:1".into(),
        idempotency_key: key.into(),
    };
    let first = wallet.apply(credit(1, 100, "deposit:1")).await.unwrap();
    assert!(!first.replayed);
    assert!(wallet.apply(credit(1, 100, "deposit:1")).await.unwrap().replayed, "the same request is a replay");
    assert_eq!(wallet.apply(credit(1, 999, "deposit:1")).await, Err(WalletError::KeyConflict), "another amount");
    assert_eq!(wallet.apply(credit(2, 100, "deposit:1")).await, Err(WalletError::KeyConflict), "another account");
    let hold = Change { movement: Movement::Hold { amount: Paise::from_rupees(100) }, ..credit(1, 100, "deposit:1") };
    assert_eq!(wallet.apply(hold).await, Err(WalletError::KeyConflict), "another movement");
    // Keys asked in one batch conflict the same way.
    let (a, b) = tokio::join!(wallet.apply(credit(1, 5, "k:batch")), wallet.apply(credit(1, 6, "k:batch")));
    assert!(a.is_ok() != b.is_ok() && [a, b].contains(&Err(WalletError::KeyConflict)));
    wallet.drain().await;
    check_books(&db, 0).await;
    assert_eq!(accounts(&db).await.iter().find(|a| a.0 == 2).map(|a| a.2), Some(0), "nothing reached account 2");
}
