//! Responsible-gaming limits in the wallet path, on a paused clock: a loss limit counts stakes until they come back,
//! a raise waits exactly 24 hours, a break refuses every bet but never a replayed key, and bets sent together cannot
//! all pass a limit (the shard decides them in one batch). Runs on SQLite, or PostgreSQL with `CASINO_TEST_POSTGRES`.

use casino_actors::clock::{ManualClock, SharedClock};
use casino_actors::ids::UserId;
use casino_actors::money::Paise;
use casino_actors::rg::rules::{Limit, RAISE_DELAY_MS};
use casino_actors::rg::{ExclusionKind, LimitKind, Period, Refusal, store};
use casino_actors::store::{Db, fresh_database_url};
use casino_actors::wallet::{
    Change, GameKind, LedgerKind, Movement, SystemAccount, WalletConfig, WalletError, WalletHandle,
};
use sqlx::Any;
use std::sync::Arc;

const USER: UserId = UserId(1);
/// 2026-11-24 12:00 IST (a Tuesday).
const NOON: i64 = 1_795_501_800_000;

async fn setup() -> (Db, WalletHandle, ManualClock) {
    let url = fresh_database_url("rg").await.unwrap();
    let db = Db::connect(&url, 8).await.unwrap();
    sqlx::query::<Any>("INSERT INTO users (id, user_no, phone, name, password_hash, role, created_at) VALUES (1, 100001, 'p1', 'Test User', 'x', 'player', 0)")
        .execute(&db.pool)
        .await
        .unwrap();
    sqlx::query::<Any>("INSERT INTO accounts (id, kind, balance, exposure) VALUES (1, 'user', 0, 0)")
        .execute(&db.pool)
        .await
        .unwrap();
    let clock = ManualClock::at(NOON);
    let shared: SharedClock = Arc::new(clock.clone());
    let registry = casino_actors::observe::Registry::new(true);
    let wallet = WalletHandle::start(db.clone(), WalletConfig { shards: 2, max_batch: 500 }, shared, None, &registry)
        .await
        .unwrap();
    let fund = Change {
        user: USER,
        movement: Movement::Credit { amount: Paise::from_rupees(10_000), from: SystemAccount::Cashier },
        kind: LedgerKind::Deposit,
        reference: "deposit:1".into(),
        idempotency_key: "fund".into(),
    };
    wallet.apply(fund).await.unwrap();
    (db, wallet, clock)
}

fn bet(key: &str, rupees: i64) -> Change {
    Change {
        user: USER,
        movement: Movement::Hold { amount: Paise::from_rupees(rupees) },
        kind: LedgerKind::Bet(GameKind::Titli),
        reference: format!("titli:{key}"),
        idempotency_key: format!("{key}:hold"),
    }
}

fn settle(key: &str, stake: i64, payout: i64) -> Change {
    Change {
        user: USER,
        movement: Movement::Settle {
            hold: Paise::from_rupees(stake),
            payout: Paise::from_rupees(payout),
            with: SystemAccount::House,
        },
        kind: if payout > 0 { LedgerKind::Win(GameKind::Titli) } else { LedgerKind::Loss(GameKind::Titli) },
        reference: format!("titli:{key}"),
        idempotency_key: format!("{key}:settle"),
    }
}

async fn set(db: &Db, clock: &ManualClock, kind: LimitKind, rupees: Option<i64>) {
    use casino_actors::clock::Clock;
    let now = clock.now_ms();
    let current = store::limits(db, USER).await.unwrap().get(&kind).copied().unwrap_or_default();
    let next: Limit = current.ask(rupees.map(Paise::from_rupees), now);
    store::save_limit(db, USER, kind, next, now).await.unwrap();
}

fn refused(r: Result<casino_actors::wallet::Receipt, WalletError>) -> Refusal {
    match r {
        Err(WalletError::Limited(refusal)) => refusal,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[actix_rt::test]
async fn a_loss_limit_counts_stakes_until_they_come_back_and_a_raise_waits_exactly_a_day() {
    let (db, wallet, clock) = setup().await;
    set(&db, &clock, LimitKind::LossDay, Some(1_000)).await;
    wallet.apply(bet("r1", 600)).await.unwrap();
    let r = refused(wallet.apply(bet("r2", 500)).await);
    assert_eq!(r, Refusal::LossLimit { period: Period::Day, left: Paise::from_rupees(400) });
    // The 600 come back as 900: the player is 300 ahead, so 1,300 may go in.
    wallet.apply(settle("r1", 600, 900)).await.unwrap();
    wallet.apply(bet("r3", 1_300)).await.unwrap();
    wallet.apply(settle("r3", 1_300, 0)).await.unwrap();
    assert!(matches!(refused(wallet.apply(bet("r4", 1)).await), Refusal::LossLimit { .. }));

    // Raised at 12:00: still refused at 11:59:59.999 the next day, allowed at 12:00.
    set(&db, &clock, LimitKind::LossDay, Some(5_000)).await;
    clock.advance(RAISE_DELAY_MS - 1);
    // A new IST day began at midnight: the day's losses start again from nothing, but the limit in force is 1,000.
    wallet.apply(bet("r5", 1_000)).await.unwrap();
    assert!(matches!(refused(wallet.apply(bet("r6", 1)).await), Refusal::LossLimit { .. }));
    clock.advance(1);
    wallet.apply(bet("r6", 1)).await.unwrap();
    let r = refused(wallet.apply(bet("r7", 4_000)).await);
    assert_eq!(r, Refusal::LossLimit { period: Period::Day, left: Paise::from_rupees(3_999) });

    // The week's limit counts both days (its Monday start is before them): 1,000 on Tuesday, 1,001 today.
    set(&db, &clock, LimitKind::LossWeek, Some(2_500)).await;
    wallet.apply(bet("r7", 499)).await.unwrap();
    let r = refused(wallet.apply(bet("r8", 1)).await);
    assert_eq!(r, Refusal::LossLimit { period: Period::Week, left: Paise::ZERO });
}

#[actix_rt::test]
async fn a_break_refuses_new_bets_but_a_replayed_key_answers_as_before_and_settles_still_pay() {
    let (db, wallet, clock) = setup().await;
    use casino_actors::clock::Clock;
    wallet.apply(bet("b1", 100)).await.unwrap();
    assert!(
        store::exclude(&db, USER, ExclusionKind::Break, clock.now_ms() + 86_400_000, clock.now_ms()).await.unwrap()
    );
    assert!(matches!(refused(wallet.apply(bet("b2", 100)).await), Refusal::OnBreak { .. }));
    let replay = wallet.apply(bet("b1", 100)).await.unwrap();
    assert!(replay.replayed, "a bet taken before the break is still taken");
    let paid = wallet.apply(settle("b1", 100, 250)).await.unwrap();
    assert_eq!(paid.balance, Paise::from_rupees(10_150), "winnings still pay");
    clock.advance(86_400_000);
    wallet.apply(bet("b3", 100)).await.unwrap();
}

#[actix_rt::test]
async fn bets_sent_together_never_pass_a_limit_together() {
    let (db, wallet, clock) = setup().await;
    set(&db, &clock, LimitKind::LossDay, Some(1_000)).await;
    set(&db, &clock, LimitKind::MaxStake, Some(100)).await;
    let tasks: Vec<_> = (0..40)
        .map(|i| {
            let w = wallet.clone();
            actix_rt::spawn(async move { w.apply(bet(&format!("c{i}"), if i % 10 == 0 { 101 } else { 100 })).await })
        })
        .collect();
    let mut taken = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(_) => taken += 1,
            Err(WalletError::Limited(Refusal::LossLimit { .. } | Refusal::StakeLimit { .. })) => {}
            Err(e) => panic!("{e:?}"),
        }
    }
    assert_eq!(taken, 10, "exactly ₹1,000 of ₹100 stakes");
    let b = casino_actors::wallet::shard::balances(&db, USER).await.unwrap();
    assert_eq!((b.balance, b.exposure), (Paise::from_rupees(9_000), Paise::from_rupees(1_000)));
}

#[actix_rt::test]
async fn one_batch_guards_each_player_by_their_own_limits() {
    let (db, wallet, clock) = setup().await;
    let others: Vec<i64> = (2..=40).collect();
    for id in &others {
        sqlx::query::<Any>("INSERT INTO users (id, user_no, phone, name, password_hash, role, created_at) VALUES ($1, $2, $3, 'Test User', 'x', 'player', 0)")
            .bind(*id)
            .bind(100_000 + *id)
            .bind(format!("p{id}"))
            .execute(&db.pool)
            .await
            .unwrap();
        sqlx::query::<Any>("INSERT INTO accounts (id, kind, balance, exposure) VALUES ($1, 'user', 100000, 0)")
            .bind(*id)
            .execute(&db.pool)
            .await
            .unwrap();
    }
    use casino_actors::clock::Clock;
    // Every even player may stake ₹5 at most; the odd ones have no limit; player 1 is on a break.
    for id in others.iter().filter(|id| *id % 2 == 0) {
        let limit = Limit::default().ask(Some(Paise::from_rupees(5)), clock.now_ms());
        store::save_limit(&db, UserId(*id), LimitKind::MaxStake, limit, clock.now_ms()).await.unwrap();
    }
    assert!(
        store::exclude(&db, USER, ExclusionKind::Break, clock.now_ms() + 86_400_000, clock.now_ms()).await.unwrap()
    );
    let tasks: Vec<_> = (1..=40)
        .map(|id| {
            let w = wallet.clone();
            actix_rt::spawn(async move {
                let change = Change { user: UserId(id), ..bet(&format!("m{id}"), 10) };
                (id, w.apply(change).await)
            })
        })
        .collect();
    for t in tasks {
        let (id, r) = t.await.unwrap();
        match (id, r) {
            (1, r) => assert!(matches!(refused(r), Refusal::OnBreak { .. })),
            (id, r) if id % 2 == 0 => assert_eq!(refused(r), Refusal::StakeLimit { max: Paise::from_rupees(5) }),
            (_, r) => assert!(r.is_ok(), "{r:?}"),
        }
    }
}

/// A transaction that reads before it writes (as `rg::store::exclude` does) while another connection writes in
/// between: it waits for, or is waited on by, the other write, and both land. A deferred transaction on SQLite was
/// refused at its first write instead ("database is locked"), whatever the busy timeout.
#[actix_rt::test]
async fn a_read_then_write_transaction_is_not_refused_by_a_write_in_between() {
    let (db, _, _) = setup().await;
    let mut tx = db.begin_write().await.unwrap();
    let before: i64 = sqlx::query_scalar::<Any, i64>("SELECT COUNT(*) FROM news").fetch_one(&mut *tx).await.unwrap();
    let other = {
        let db = db.clone();
        tokio::spawn(async move {
            sqlx::query::<Any>("INSERT INTO news (content, created_at) VALUES ('other', 1)").execute(&db.pool).await
        })
    };
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    sqlx::query::<Any>("INSERT INTO news (content, created_at) VALUES ('mine', 2)").execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    other.await.unwrap().unwrap();
    let after: i64 = sqlx::query_scalar::<Any, i64>("SELECT COUNT(*) FROM news").fetch_one(&db.pool).await.unwrap();
    assert_eq!((before, after), (0, 2));
}
