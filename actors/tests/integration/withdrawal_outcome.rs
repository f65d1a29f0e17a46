//! Withdrawal requests whose hold has no final answer (a commit whose outcome is unknown, a batch that stalls past
//! the request's patience): the request survives as pending, its hold is settled in the background or at start-up
//! by asking again with the same key, a definite refusal moves nothing and removes the request, and a rejection
//! racing its hold gives back exactly what was held. Throughout, every player's exposure is their pending
//! withdrawals (and their bets).
//!
//! Needs the `failpoints` feature: `cargo nextest run -p casino-actors --features failpoints -E 'test(/^withdrawal_outcome::/)'`.

#![cfg(feature = "failpoints")]

use crate::common;

use casino_actors::cashier::{Cashier, CashierError, Status, Withdrawal};
use casino_actors::clock;
use casino_actors::ids::UserId;
use casino_actors::money::Paise;
use casino_actors::observe::Registry;
use casino_actors::store::Db;
use casino_actors::wallet::{Change, GameKind, LedgerKind, Movement, WalletConfig, WalletHandle};
use common::scalar;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sqlx::{Any, Row};
use std::time::Duration;

const OPERATOR: UserId = UserId(999);
/// ₹1,000 in paise.
const START: i64 = 100_000;

/// A wallet (two shards) on the database at `url`, and a cashier on it waiting `patience` for a hold.
async fn open(url: &str, patience: Duration) -> (Db, WalletHandle, Cashier) {
    let db = Db::connect(url, 8).await.unwrap();
    let registry = Registry::new(true);
    let config = WalletConfig { shards: 2, max_batch: 200 };
    let wallet = WalletHandle::start(db.clone(), config, clock::system(), None, &registry).await.unwrap();
    let cashier = Cashier::new(db.clone(), wallet.clone(), clock::system()).with_hold_patience(patience);
    (db, wallet, cashier)
}

async fn fresh(name: &str, patience: Duration) -> (Db, WalletHandle, Cashier) {
    open(&casino_actors::store::fresh_database_url(name).await.unwrap(), patience).await
}

async fn request(cashier: &Cashier, user: i64, paise: i64) -> Result<Withdrawal, CashierError> {
    cashier.request_withdrawal(UserId(user), "Bettor", "bettor@upi", "9000000000", Paise::new(paise)).await
}

async fn user_i64(db: &Db, sql: &'static str, user: i64) -> i64 {
    sqlx::query::<Any>(sql).bind(user).fetch_one(&db.pool).await.unwrap().try_get(0).unwrap()
}

async fn balance(db: &Db, user: i64) -> i64 {
    user_i64(db, "SELECT balance FROM accounts WHERE id = $1", user).await
}

async fn exposure(db: &Db, user: i64) -> i64 {
    user_i64(db, "SELECT exposure FROM accounts WHERE id = $1", user).await
}

async fn pending_sum(db: &Db, user: i64) -> i64 {
    user_i64(
        db,
        "SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM withdrawals WHERE user_id = $1 AND status = 'pending'",
        user,
    )
    .await
}

/// How many ledger rows carry `key` (at most one: keys are unique).
async fn in_ledger(db: &Db, key: String) -> i64 {
    sqlx::query::<Any>("SELECT COUNT(*) FROM ledger WHERE idempotency_key = $1")
        .bind(key)
        .fetch_one(&db.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}

async fn withdrawal_rows(db: &Db, id: i64) -> i64 {
    user_i64(db, "SELECT COUNT(*) FROM withdrawals WHERE id = $1", id).await
}

/// Every player's exposure is what their pending withdrawals hold plus `bets`.
async fn assert_exposure_is_pending(db: &Db, users: impl IntoIterator<Item = i64>, bets: i64, what: &str) {
    for user in users {
        assert_eq!(exposure(db, user).await, pending_sum(db, user).await + bets, "{what}: player {user}'s exposure");
    }
}

/// The books sum to zero and every account is what its ledger rows add up to.
async fn assert_books_balance(db: &Db, what: &str) {
    assert_eq!(scalar(db, "SELECT CAST(SUM(balance + exposure) AS BIGINT) FROM accounts").await, 0, "{what}");
    let drift = scalar(
        db,
        "SELECT COUNT(*) FROM accounts a WHERE a.balance <> (SELECT COALESCE(CAST(SUM(delta_balance) AS BIGINT), 0) FROM ledger l WHERE l.account_id = a.id) \
         OR a.exposure <> (SELECT COALESCE(CAST(SUM(delta_exposure) AS BIGINT), 0) FROM ledger l WHERE l.account_id = a.id)",
    )
    .await;
    assert_eq!(drift, 0, "{what}: an account differs from its ledger");
}

/// Waits (up to 10 s) until no pending withdrawal is without its hold: the background has settled every hold.
async fn until_settled(db: &Db) {
    for _ in 0..1_000 {
        let unsettled = scalar(
            db,
            "SELECT COUNT(*) FROM withdrawals t WHERE status = 'pending' AND NOT EXISTS \
             (SELECT 1 FROM ledger l WHERE l.account_id = t.user_id AND l.idempotency_key = 'withdrawal:' || t.id || ':hold')",
        )
        .await;
        if unsettled == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("a pending withdrawal's hold was never settled");
}

/// The process "dies" while two holds have no answer (the wallet fails every commit); the next start settles both:
/// the one the balance covers is held and stays pending, the other — refused now — is removed, moving nothing.
#[test]
fn a_request_whose_hold_is_unknown_survives_and_start_up_settles_it() {
    let scenario = fail::FailScenario::setup();
    let url = actix_rt::System::new().block_on(casino_actors::store::fresh_database_url("withdrawal_unknown")).unwrap();

    let first_run = url.clone();
    std::thread::spawn(move || {
        actix_rt::System::new().block_on(async move {
            let (db, wallet, cashier) = open(&first_run, Duration::from_millis(200)).await;
            common::fund_player(&db, &wallet, 1, START).await;
            fail::cfg("wallet::before_commit", "return").unwrap();
            for (id, amount) in [(1, 10_000), (2, 80_000)] {
                let w = request(&cashier, 1, amount).await.expect("answered as pending");
                assert_eq!((w.id, w.status), (id, Status::Pending));
                assert_eq!(withdrawal_rows(&db, id).await, 1, "the request survives an unknown outcome");
                assert_eq!(in_ledger(&db, format!("withdrawal:{id}:hold")).await, 0);
            }
            assert_eq!((balance(&db, 1).await, exposure(&db, 1).await), (START, 0), "nothing held yet");
            let refused = cashier.approve_withdrawal(1, OPERATOR).await;
            assert!(matches!(refused, Err(CashierError::HoldMissing)), "{refused:?}");
            // The background keeps asking while the wallet fails; then the process is gone.
            tokio::time::sleep(Duration::from_millis(300)).await;
        })
    })
    .join()
    .unwrap();
    // Whatever the dead run's shards still had queued fails too, before the wallet recovers.
    std::thread::sleep(Duration::from_millis(300));
    fail::cfg("wallet::before_commit", "off").unwrap();

    std::thread::spawn(move || {
        actix_rt::System::new().block_on(async move {
            let (db, wallet, cashier) = open(&url, Duration::from_secs(3)).await;
            // Meanwhile the player spent half the balance: the ₹800 request no longer fits.
            let spend = Change {
                user: UserId(1),
                movement: Movement::Debit {
                    amount: Paise::new(50_000),
                    to: casino_actors::wallet::SystemAccount::House,
                },
                kind: LedgerKind::Loss(GameKind::Mines),
                reference: "mines:1".into(),
                idempotency_key: "mines:1:loss".into(),
            };
            wallet.apply(spend).await.unwrap();

            let r = cashier.reconcile().await.unwrap();
            assert_eq!((r.fixed, r.removed, r.failed), (1, 1, 0), "{r:?}");
            assert_eq!(withdrawal_rows(&db, 1).await, 1, "held: still pending");
            assert_eq!(withdrawal_rows(&db, 2).await, 0, "refused: removed");
            assert_eq!(in_ledger(&db, "withdrawal:1:hold".into()).await, 1);
            assert_eq!(in_ledger(&db, "withdrawal:2:hold".into()).await, 0, "no money moved for the refused one");
            assert_eq!((balance(&db, 1).await, exposure(&db, 1).await), (40_000, 10_000));
            assert_exposure_is_pending(&db, [1], 0, "after start-up").await;

            let again = cashier.reconcile().await.unwrap();
            assert_eq!(again, Default::default(), "a second start has nothing to do");
            let w = cashier.approve_withdrawal(1, OPERATOR).await.unwrap();
            assert_eq!(w.status, Status::Approved);
            assert_eq!((balance(&db, 1).await, exposure(&db, 1).await), (40_000, 0));
            assert_books_balance(&db, "after approval").await;
        })
    })
    .join()
    .unwrap();
    scenario.teardown();
}

/// The hold's batch stalls past the request's patience: the request is answered pending, and the hold, committed
/// later, is found by the background's second ask (a replay: held once).
#[actix_rt::test]
async fn a_hold_that_commits_after_the_answer_is_kept_once() {
    let scenario = fail::FailScenario::setup();
    let (db, wallet, cashier) = fresh("withdrawal_late", Duration::from_millis(100)).await;
    common::fund_player(&db, &wallet, 1, START).await;
    fail::cfg("wallet::before_write", "1*delay(600)").unwrap();
    let w = request(&cashier, 1, 30_000).await.unwrap();
    assert_eq!(w.status, Status::Pending);
    assert_eq!(in_ledger(&db, format!("withdrawal:{}:hold", w.id)).await, 0, "answered before the hold committed");
    until_settled(&db).await;
    wallet.drain().await;
    assert_eq!((balance(&db, 1).await, exposure(&db, 1).await), (70_000, 30_000), "held once");
    assert_exposure_is_pending(&db, [1], 0, "late hold").await;
    assert_books_balance(&db, "late hold").await;
    scenario.teardown();
}

/// Two requests that each fit the balance alone: the second's hold is refused by the wallet (the first holds
/// first), so it is removed and nothing of it moves.
#[actix_rt::test]
async fn a_definite_refusal_moves_nothing_and_removes_the_request() {
    let scenario = fail::FailScenario::setup();
    let (db, wallet, cashier) = fresh("withdrawal_refused", Duration::from_secs(5)).await;
    common::fund_player(&db, &wallet, 1, START).await;
    // The first hold's batch stalls, so the second request passes the balance check and reaches the wallet.
    fail::cfg("wallet::before_write", "1*delay(400)").unwrap();
    let first = {
        let cashier = cashier.clone();
        actix::spawn(async move { request(&cashier, 1, 80_000).await })
    };
    tokio::time::sleep(Duration::from_millis(100)).await;
    let second = request(&cashier, 1, 80_000).await;
    assert!(matches!(second, Err(CashierError::InsufficientBalance)), "{second:?}");
    let first = first.await.unwrap().unwrap();
    assert_eq!((first.id, first.status), (1, Status::Pending));
    assert_eq!(withdrawal_rows(&db, 2).await, 0, "the refused request is gone");
    assert_eq!(in_ledger(&db, "withdrawal:2:hold".into()).await, 0, "and moved nothing");
    assert_eq!((balance(&db, 1).await, exposure(&db, 1).await), (20_000, 80_000));
    assert_exposure_is_pending(&db, [1], 0, "refusal").await;
    // The refused request had been recorded (ids are never reused): the next one is the third.
    let third = request(&cashier, 1, 10_000).await.unwrap();
    assert_eq!(third.id, 3);
    assert_exposure_is_pending(&db, [1], 0, "after another request").await;
    assert_books_balance(&db, "refusal").await;
    scenario.teardown();
}

/// A rejection while the hold's answer is unknown gives back exactly what is held: the late hold (released), a
/// hold the failing wallet had not made (made, then released), or nothing when the hold never happened and cannot
/// — never exposure that belongs to the player's bets.
#[actix_rt::test]
async fn a_rejection_racing_its_hold_leaves_no_exposure_stranded() {
    let scenario = fail::FailScenario::setup();
    let (db, wallet, cashier) = fresh("withdrawal_reject_race", Duration::from_millis(100)).await;
    for user in 1..=3 {
        common::fund_player(&db, &wallet, user, START).await;
    }

    // 1. The hold commits after the request was answered; the operator rejects at once.
    fail::cfg("wallet::before_write", "1*delay(500)").unwrap();
    let w = request(&cashier, 1, 30_000).await.unwrap();
    assert_eq!(in_ledger(&db, format!("withdrawal:{}:hold", w.id)).await, 0);
    let rejected = cashier.reject_withdrawal(w.id, OPERATOR).await.unwrap();
    assert_eq!(rejected.status, Status::Rejected);
    assert_eq!(in_ledger(&db, format!("withdrawal:{}:hold", w.id)).await, 1);
    assert_eq!(in_ledger(&db, format!("withdrawal:{}:release", w.id)).await, 1);

    // 2. The wallet fails every commit: the rejection waits for the hold's final answer, then releases it.
    fail::cfg("wallet::before_commit", "return").unwrap();
    let w2 = request(&cashier, 2, 30_000).await.unwrap();
    let reject = {
        let cashier = cashier.clone();
        actix::spawn(async move { cashier.reject_withdrawal(w2.id, OPERATOR).await })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    fail::cfg("wallet::before_commit", "off").unwrap();
    assert_eq!(reject.await.unwrap().unwrap().status, Status::Rejected);

    // 3. A request whose hold never happened (the process died between the request and its hold) while the
    // player has ₹900 held for a bet: the ₹500 it asks no longer fits, so there is nothing to give back.
    let bet = Change {
        user: UserId(3),
        movement: Movement::Hold { amount: Paise::new(90_000) },
        kind: LedgerKind::Bet(GameKind::Mines),
        reference: "mines:7".into(),
        idempotency_key: "mines:7:bet".into(),
    };
    wallet.apply(bet).await.unwrap();
    for amount in [50_000, 5_000] {
        let id: i64 = sqlx::query::<Any>(
            "INSERT INTO withdrawals (user_id, user_name, upi_id, phone, amount, status, created_at) \
             VALUES (3, 'Bettor', 'bettor@upi', '9000000000', $1, 'pending', 0) RETURNING id",
        )
        .bind(amount)
        .fetch_one(&db.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
        cashier.reject_withdrawal(id, OPERATOR).await.unwrap();
        // The ₹50 one fits: held, then released.
        assert_eq!((balance(&db, 3).await, exposure(&db, 3).await), (10_000, 90_000), "the bet's stake stays held");
    }

    until_settled(&db).await;
    tokio::time::sleep(Duration::from_millis(100)).await; // the background's last asks (replays)
    wallet.drain().await;
    for user in 1..=2 {
        assert_eq!((balance(&db, user).await, exposure(&db, user).await), (START, 0), "player {user}");
    }
    assert_exposure_is_pending(&db, [1, 2], 0, "rejections").await;
    assert_exposure_is_pending(&db, [3], 90_000, "rejections").await;
    let r = cashier.reconcile().await.unwrap();
    assert_eq!((r.fixed, r.removed, r.failed), (0, 0, 0), "nothing left for a start: {r:?}");
    assert_eq!(exposure(&db, 3).await, 90_000);
    assert_books_balance(&db, "rejections").await;
    scenario.teardown();
}

/// Players request withdrawals and operators decide them while the wallet fails at random (before and at its
/// commits, committing and reporting failure, stalling) and the request's patience is short: once the holds settle,
/// each player's exposure is their pending withdrawals, and every paisa is where the decisions say.
#[actix_rt::test]
async fn under_random_wallet_faults_exposure_is_always_the_pending_withdrawals() {
    let seed: u64 =
        std::env::var("WITHDRAWAL_FAULT_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(rand::random);
    println!("seed = {seed} (replay with WITHDRAWAL_FAULT_SEED={seed})");
    let scenario = fail::FailScenario::setup();
    const PLAYERS: i64 = 6;
    let (db, wallet, cashier) = fresh("withdrawal_faults", Duration::from_millis(30)).await;
    common::fund_players(&db, &wallet, PLAYERS, 1_000_000).await;
    common::faults();
    let mut players = Vec::new();
    for user in 1..=PLAYERS {
        let cashier = cashier.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ user as u64);
        players.push(actix::spawn(async move {
            let mut mine = Vec::new();
            for _ in 0..10 {
                if let Ok(w) = request(&cashier, user, rng.random_range(10_000..=300_000)).await {
                    mine.push(w.id);
                }
                if !mine.is_empty() && rng.random_bool(0.5) {
                    let id = mine.swap_remove(rng.random_range(0..mine.len()));
                    let decided = if rng.random_bool(0.5) {
                        cashier.approve_withdrawal(id, OPERATOR).await
                    } else {
                        cashier.reject_withdrawal(id, OPERATOR).await
                    };
                    match decided {
                        Ok(_) | Err(CashierError::HoldMissing | CashierError::NotFound) => {}
                        Err(e) => panic!("seed {seed}: deciding {id}: {e}"),
                    }
                }
            }
        }));
    }
    for p in players {
        p.await.unwrap();
    }
    common::no_faults();
    until_settled(&db).await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    wallet.drain().await;
    let what = format!("seed {seed}");
    assert_exposure_is_pending(&db, 1..=PLAYERS, 0, &what).await;
    let r = cashier.reconcile().await.unwrap();
    assert_eq!(r.failed, 0, "{what}: {r:?}");
    assert_exposure_is_pending(&db, 1..=PLAYERS, 0, &what).await;
    assert_books_balance(&db, &what).await;

    // Every request still pending is rejected: nothing is held, and each balance is the start less what was paid.
    for w in cashier.withdrawals(None, Some(Status::Pending)).await.unwrap() {
        cashier.reject_withdrawal(w.id, OPERATOR).await.unwrap();
    }
    for user in 1..=PLAYERS {
        let paid = user_i64(
            &db,
            "SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM withdrawals WHERE user_id = $1 AND status = 'approved'",
            user,
        )
        .await;
        assert_eq!(balance(&db, user).await, 1_000_000 - paid, "{what}: player {user}");
    }
    let step = |step: &str| {
        format!("EXISTS (SELECT 1 FROM ledger l WHERE l.idempotency_key = 'withdrawal:' || t.id || ':{step}')")
    };
    let sql = format!(
        "SELECT COUNT(*) FROM withdrawals t WHERE (status = 'approved' AND NOT ({} AND {})) \
         OR (status = 'rejected' AND {} <> {})",
        step("hold"),
        step("settle"),
        step("hold"),
        step("release")
    );
    let wrong: i64 =
        sqlx::query::<Any>(sqlx::AssertSqlSafe(sql)).fetch_one(&db.pool).await.unwrap().try_get(0).unwrap();
    assert_eq!(
        wrong, 0,
        "{what}: an approved request not held and paid, or a rejected one whose hold was not released"
    );
    let orphans = scalar(
        &db,
        "SELECT COUNT(*) FROM ledger l WHERE l.kind = 'withdrawal_hold' AND NOT EXISTS \
         (SELECT 1 FROM withdrawals t WHERE l.idempotency_key = 'withdrawal:' || t.id || ':hold')",
    )
    .await;
    assert_eq!(orphans, 0, "{what}: a hold whose request was removed");
    common::assert_books(&db, seed).await;
    scenario.teardown();
}
