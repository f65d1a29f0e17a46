//! Fault injection where money is at stake: many Aviator rounds played by a dozen bettors while the wallet's
//! batches fail before writing, fail at the commit, commit and then report a failure, or stall — at random.
//! Then every paisa must be where it should: the books sum to zero and match the ledger, no stake is left held,
//! no intent is left pending, every player's balance equals their bets' outcomes, and every success a player
//! was told is in the history.
//!
//! Needs the `failpoints` feature: `cargo nextest run -p casino-actors --features failpoints -E 'test(/^aviator_faults::/)'`.
//! Seeded (the bettors' choices; the failpoints draw their own chances); prints its seed.

#![cfg(feature = "failpoints")]

use crate::common;

use common::scalar;

use casino_actors::aviator::rules::RulesConfig;
use casino_actors::aviator::table::{AviatorConfig, AviatorTable, CancelBet, CashOut, PlaceBet, Snapshot, TableError};
use casino_actors::clock::{ManualClock, SharedClock};
use casino_actors::hub::Hub;
use casino_actors::ids::{RoundId, UserId};
use casino_actors::money::Paise;
use casino_actors::store::{Db, fresh_database_url};
use casino_actors::wallet::{WalletConfig, WalletHandle};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use sqlx::{Any, Row};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

const PLAYERS: i64 = 12;
/// ₹10,000 in paise.
const START: i64 = 1_000_000;
const ROUNDS: usize = 30;
/// Game time runs this many times faster than real time, so heavy-tailed flights stay short.
const SPEED: i64 = 25;

#[derive(Debug, Clone)]
enum Told {
    Bet { round: i64, user: i64, slot: u8, reply: Result<Value, TableError> },
    Cancel { round: i64, user: i64, slot: u8, reply: Result<Value, TableError> },
    CashOut { round: i64, user: i64, slot: u8, reply: Result<Value, TableError> },
}

fn paise(v: &Value) -> i64 {
    (v.as_f64().expect("rupees") * 100.0).round() as i64
}

#[actix_rt::test]
async fn random_wallet_failures_never_lose_or_create_a_paisa() {
    let seed: u64 = std::env::var("AVIATOR_FAULT_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(rand::random);
    println!("seed = {seed} (replay the bettors with AVIATOR_FAULT_SEED={seed})");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let scenario = fail::FailScenario::setup();

    let url = fresh_database_url("faults").await.unwrap();
    let db = Db::connect(&url, 8).await.unwrap();
    let manual = ManualClock::at(1_700_000_000_000);
    let clock: SharedClock = Arc::new(manual.clone());
    let wallet = WalletHandle::start(
        db.clone(),
        WalletConfig { shards: 2, max_batch: 200 },
        clock.clone(),
        None,
        &casino_actors::observe::Registry::new(true),
    )
    .await
    .unwrap();
    common::fund_players(&db, &wallet, PLAYERS, START).await;

    let config = AviatorConfig {
        rules: RulesConfig {
            min_bet: Paise::from_rupees(10),
            max_bet: Paise::from_rupees(500),
            countdown_ms: 4_000,
            pause_ms: 500,
            max_payout_per_round: Paise::from_rupees(20_000),
            house_edge_bp: 300,
            ..RulesConfig::default()
        },
        chain_length: 500,
        salt_source: None,
        seed_key: None,
        fixed_crash_points: None,
    };
    let hub = Hub::start_unmeasured();
    let (table, _) = AviatorTable::start(
        config,
        db.clone(),
        wallet.clone(),
        hub,
        clock.clone(),
        &casino_actors::observe::Registry::new(true),
    )
    .await
    .unwrap();

    // Faults from here on: each wallet batch may stall, fail before or at the commit, or commit and report failure.
    fail::cfg("wallet::before_write", "10%delay(40)").unwrap();
    fail::cfg("wallet::before_commit", "8%return").unwrap();
    fail::cfg("wallet::after_commit", "8%return").unwrap();

    let told: Rc<RefCell<Vec<Told>>> = Rc::default();
    let ticker = {
        let manual = manual.clone();
        actix::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_millis(4)).await;
                manual.advance(4 * SPEED);
            }
        })
    };

    let mut seen: HashMap<i64, &'static str> = HashMap::new();
    let mut rounds_bet = 0;
    let mut open_bets: Vec<(i64, i64, u8, bool)> = Vec::new(); // round, user, slot, has auto
    while rounds_bet < ROUNDS {
        tokio::time::sleep(Duration::from_millis(5)).await;
        let state = table.send(Snapshot).await.unwrap();
        let round = state["roundId"].as_i64().unwrap();
        let phase = state["phase"].as_str().unwrap();
        match (phase, seen.get(&round).copied()) {
            ("countdown", None) => {
                seen.insert(round, "countdown");
                rounds_bet += 1;
                open_bets.clear();
                for user in 1..=PLAYERS {
                    for slot in 0..2u8 {
                        if !rng.random_bool(0.6) {
                            continue;
                        }
                        let stake = Paise::new(rng.random_range(1_000..=30_000));
                        let auto = rng.random_bool(0.4).then(|| rng.random_range(101..=300));
                        let cancel = rng.random_bool(0.15);
                        open_bets.push((round, user, slot, auto.is_some()));
                        let (table, told) = (table.clone(), told.clone());
                        actix::spawn(async move {
                            let msg = PlaceBet {
                                user: UserId(user),
                                name: format!("Bettor {user}"),
                                round: RoundId(round),
                                slot,
                                stake,
                                auto_cashout: auto,
                            };
                            let reply = table.send(msg).await.unwrap();
                            let placed = reply.is_ok();
                            told.borrow_mut().push(Told::Bet { round, user, slot, reply });
                            if placed && cancel {
                                let reply = table
                                    .send(CancelBet { user: UserId(user), round: RoundId(round), slot })
                                    .await
                                    .unwrap();
                                told.borrow_mut().push(Told::Cancel { round, user, slot, reply });
                            }
                        });
                    }
                }
            }
            ("flying", Some("countdown")) => {
                seen.insert(round, "flying");
                for &(round, user, slot, auto) in &open_bets {
                    if auto || !rng.random_bool(0.6) {
                        continue;
                    }
                    let wait = Duration::from_millis(rng.random_range(0..400));
                    let (table, told) = (table.clone(), told.clone());
                    actix::spawn(async move {
                        tokio::time::sleep(wait).await;
                        let reply =
                            table.send(CashOut { user: UserId(user), round: RoundId(round), slot }).await.unwrap();
                        told.borrow_mut().push(Told::CashOut { round, user, slot, reply });
                    });
                }
            }
            _ => {}
        }
    }

    // Stop betting, heal the wallet, and let the last rounds close: every round that took a bet must end.
    let last_bet_round = *seen.keys().max().unwrap();
    common::no_faults();
    let mut waited = 0;
    loop {
        let state = table.send(Snapshot).await.unwrap();
        if state["roundId"].as_i64().unwrap() > last_bet_round + 1 {
            break;
        }
        waited += 1;
        assert!(waited < 12_000, "seed {seed}: the table did not move on after the faults");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    wallet.drain().await;
    ticker.abort();

    common::assert_books(&db, seed).await;
    let unfinished =
        scalar(&db, "SELECT COUNT(*) FROM aviator_rounds WHERE status = 'open' AND ended_at IS NOT NULL").await;
    assert_eq!(unfinished, 0, "seed {seed}: a crashed round never closed");

    // Each player's balance is their bets' outcomes.
    let rows = sqlx::query::<Any>("SELECT round_id, user_id, slot, stake, status, payout FROM aviator_bets")
        .fetch_all(&db.pool)
        .await
        .unwrap();
    let mut history: HashMap<(i64, i64, u8), (i64, String, i64)> = HashMap::new();
    let mut expected: HashMap<i64, i64> = (1..=PLAYERS).map(|u| (u, START)).collect();
    for r in &rows {
        let key =
            (r.try_get::<i64, _>(0).unwrap(), r.try_get::<i64, _>(1).unwrap(), r.try_get::<i64, _>(2).unwrap() as u8);
        let (stake, status, payout): (i64, String, i64) =
            (r.try_get(3).unwrap(), r.try_get(4).unwrap(), r.try_get(5).unwrap());
        assert_ne!(status, "refunded", "seed {seed}: no round was cut, so none is refunded");
        *expected.get_mut(&key.1).unwrap() += payout - stake;
        assert!(history.insert(key, (stake, status, payout)).is_none(), "seed {seed}: a bet recorded twice: {key:?}");
    }
    common::assert_balances(&db, &expected, seed).await;

    // What players were told is what happened.
    let told = told.borrow().clone();
    let cancelled: Vec<(i64, i64, u8)> = told
        .iter()
        .filter_map(|t| match t {
            Told::Cancel { round, user, slot, reply: Ok(_) | Err(TableError::Pending(_)) } => {
                Some((*round, *user, *slot))
            }
            _ => None,
        })
        .collect();
    let (mut placed, mut cashed) = (0, 0);
    for t in &told {
        match t {
            Told::Bet { round, user, slot, reply: Ok(_) } if !cancelled.contains(&(*round, *user, *slot)) => {
                placed += 1;
                assert!(
                    history.contains_key(&(*round, *user, *slot)),
                    "seed {seed}: an accepted bet is missing from history"
                );
            }
            Told::Bet { round, user, slot, reply: Ok(_) } => {
                assert!(!history.contains_key(&(*round, *user, *slot)), "seed {seed}: a cancelled bet was settled");
            }
            Told::CashOut { round, user, slot, reply: Ok(ack) } => {
                cashed += 1;
                let (_, status, payout) = &history[&(*round, *user, *slot)];
                assert_eq!(
                    (status.as_str(), *payout),
                    ("won", paise(&ack["totalWinnings"])),
                    "seed {seed}: a cash-out paid other than told"
                );
            }
            Told::CashOut { round, user, slot, reply: Err(TableError::Pending(_)) } => {
                assert_eq!(history[&(*round, *user, *slot)].1, "won", "seed {seed}: a pending cash-out was not paid");
            }
            _ => {}
        }
    }
    println!("{} requests, {placed} bets kept, {cashed} cash-outs told, {} history rows", told.len(), rows.len());
    assert!(placed > 50 && cashed > 5, "seed {seed}: the run should place and cash out bets");
    scenario.teardown();
}
