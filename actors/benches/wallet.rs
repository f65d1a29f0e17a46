//! Durable wallet changes per second through the sharded WalletActor: group commit (batches of up to
//! 2,000) against one transaction per change (`max_batch = 1`, same code path), at 1, 100 and 10,000
//! concurrent users, each user a task that holds and releases in a loop and waits for every commit.
//!
//! `cargo bench -p casino-actors --bench wallet` (SQLite); add
//! `CASINO_TEST_POSTGRES=postgres://postgres@127.0.0.1:5432/test` for PostgreSQL too.
//! `BENCH_SECONDS` sets the measuring time per case (default 4). `BENCH_KIND=bet` makes the holds bets (so each batch
//! reads its bettors' responsible-gaming guards) and `BENCH_LIMITED=10` gives that percentage of users a loss limit
//! and a largest stake (high enough never to refuse), so their batches also add up their losses.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use casino_actors::clock;
use casino_actors::ids::UserId;
use casino_actors::money::Paise;
use casino_actors::rg::rules::Limit;
use casino_actors::rg::{LimitKind, store};
use casino_actors::store::{Db, fresh_database_url_on};
use casino_actors::wallet::{Change, GameKind, LedgerKind, Movement, WalletConfig, WalletHandle};
use sqlx::Any;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

async fn setup(postgres: Option<&str>, users: i64) -> Db {
    let url = fresh_database_url_on(postgres, "bench").await.unwrap();
    let db = Db::connect(&url, 8).await.unwrap();
    let mut tx = db.pool.begin().await.unwrap();
    for chunk in (1..=users).collect::<Vec<_>>().chunks(500) {
        let values: Vec<String> =
            chunk.iter().map(|id| format!("({id}, {}, 'p{id}', 'Bench', 'x', 'player', 0)", 100_000 + id)).collect();
        let sql = format!(
            "INSERT INTO users (id, user_no, phone, name, password_hash, role, created_at) VALUES {}",
            values.join(",")
        );
        sqlx::query::<Any>(sqlx::AssertSqlSafe(sql)).execute(&mut *tx).await.unwrap();
        let values: Vec<String> = chunk.iter().map(|id| format!("({id}, 'user', 100000000, 0)")).collect();
        let sql = format!("INSERT INTO accounts (id, kind, balance, exposure) VALUES {}", values.join(","));
        sqlx::query::<Any>(sqlx::AssertSqlSafe(sql)).execute(&mut *tx).await.unwrap();
    }
    tx.commit().await.unwrap();
    db
}

async fn measure(postgres: Option<&str>, users: i64, max_batch: usize, seconds: u64) -> f64 {
    let db = setup(postgres, users).await;
    let shards = std::env::var("BENCH_SHARDS").ok().and_then(|s| s.parse().ok()).unwrap_or(4);
    let cfg = WalletConfig { shards, max_batch };
    let wallet =
        WalletHandle::start(db.clone(), cfg, clock::system(), None, &casino_actors::observe::Registry::new(true))
            .await
            .unwrap();
    let bets = std::env::var("BENCH_KIND").is_ok_and(|k| k == "bet");
    let limited: i64 = std::env::var("BENCH_LIMITED").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    for u in (1..=users).filter(|u| u % 100 < limited) {
        for kind in [LimitKind::LossDay, LimitKind::MaxStake] {
            let limit = Limit::default().ask(Some(Paise::from_rupees(10_000_000)), 0);
            store::save_limit(&db, UserId(u), kind, limit, 0).await.unwrap();
        }
    }
    let done = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let start = Instant::now();
    let mut tasks = Vec::new();
    for u in 1..=users {
        let (wallet, done, stop) = (wallet.clone(), done.clone(), stop.clone());
        tasks.push(actix_rt::spawn(async move {
            let mut n = 0u64;
            while !stop.load(Ordering::Relaxed) {
                let movement = if n.is_multiple_of(2) {
                    Movement::Hold { amount: Paise::new(100) }
                } else {
                    Movement::Release { amount: Paise::new(100) }
                };
                let kind = match (bets, n.is_multiple_of(2)) {
                    (false, _) => LedgerKind::Adjustment,
                    (true, true) => LedgerKind::Bet(GameKind::Aviator),
                    (true, false) => LedgerKind::Cancel(GameKind::Aviator),
                };
                let change = Change {
                    user: UserId(u),
                    movement,
                    kind,
                    reference: String::new(),
                    idempotency_key: format!("{u}:{n}"),
                };
                wallet.apply(change).await.unwrap();
                done.fetch_add(1, Ordering::Relaxed);
                n += 1;
            }
        }));
    }
    actix_rt::time::sleep(Duration::from_secs(seconds)).await;
    let committed = done.load(Ordering::Relaxed);
    let elapsed = start.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        let _ = t.await;
    }
    committed as f64 / elapsed
}

fn main() {
    let seconds = std::env::var("BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(4);
    let mut backends = vec![("SQLite", None)];
    if let Ok(pg) = std::env::var("CASINO_TEST_POSTGRES") {
        backends.push(("PostgreSQL", Some(pg)));
    }
    println!("| back end | concurrent users | group commit (changes/s) | one tx per change (changes/s) | speed-up |");
    println!("|---|---:|---:|---:|---:|");
    for (name, pg) in backends {
        let counts: Vec<i64> = std::env::var("BENCH_USERS")
            .map(|v| v.split(',').filter_map(|x| x.trim().parse().ok()).collect())
            .unwrap_or_else(|_| vec![1, 100, 10_000]);
        for &users in &counts {
            let sys = actix_rt::System::new();
            let pg = pg.as_deref();
            let (grouped, single) = sys
                .block_on(async { (measure(pg, users, 2_000, seconds).await, measure(pg, users, 1, seconds).await) });
            println!("| {name} | {users} | {grouped:.0} | {single:.0} | {:.1}× |", grouped / single);
        }
    }
}
