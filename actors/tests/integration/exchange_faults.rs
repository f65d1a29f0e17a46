//! Fault injection where money is at stake: eight players bet on two fast simulated matches at once — Lagai and
//! Khai on the Bookmaker and the exchange Match Odds, YES and NO on fancy lines, at the prices the matches show —
//! while the wallet's batches fail before writing, fail at the commit, commit and then report a failure, or stall,
//! at random. The matches play out and every market is decided. Then every paisa must be where it should: the books
//! sum to zero and match the ledger, nothing is held, no intent is pending or failed, no bet is left open or
//! pending, and each player's balance is their start plus the P/L of their settled bets.
//!
//! Needs the `failpoints` feature: `cargo nextest run -p casino-actors --features failpoints -E 'test(/^exchange_faults::/)'`.
//! Seeded (the players' choices; the failpoints and the matches draw their own chances); prints its seed.

#![cfg(feature = "failpoints")]

use crate::common;

use casino_actors::clock;
use casino_actors::exchange::desk::{Deps, ExchangeConfig, ExchangeDesk, Place};
use casino_actors::exchange::place::{Order, Session, Target, Team};
use casino_actors::exchange::rules::Side;
use casino_actors::exchange::wire::MarketType;
use casino_actors::hub::Hub;
use casino_actors::ids::UserId;
use casino_actors::money::Paise;
use casino_actors::sports::desk::{Detail, Matches, SportsConfig, SportsDesk};
use casino_actors::sports::feed::MarketStatus;
use casino_actors::sports::match_actor::Listeners;
use common::scalar;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sqlx::{Any, Row};
use std::collections::HashMap;
use std::time::Duration;

const PLAYERS: i64 = 8;
/// ₹10,000 in paise.
const START: i64 = 1_000_000;

#[actix_rt::test]
async fn random_wallet_failures_never_lose_or_create_a_paisa() {
    let seed: u64 = std::env::var("EXCHANGE_FAULT_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(rand::random);
    println!("seed = {seed} (replay the players with EXCHANGE_FAULT_SEED={seed})");
    let scenario = fail::FailScenario::setup();
    let (db, wallet, registry) = common::faulty_wallet("exchange_faults").await;
    common::fund_players(&db, &wallet, PLAYERS, START).await;
    let ctx = actix::Context::<ExchangeDesk>::new();
    let results = actix::AsyncContext::address(&ctx).recipient();
    let exchange_config = ExchangeConfig { bet_delay: Duration::ZERO, ..ExchangeConfig::default() };
    // The markets show the exchange's terms (as the server sets them): the delay they show is the one it waits.
    let terms = exchange_config.terms();
    let config = SportsConfig { ball_ms: 60, live: 2, upcoming: 0, others: 0, terms, ..SportsConfig::default() };
    let listeners = Listeners { results: Some(results), news: None };
    let sports = SportsDesk::start(config, db.clone(), Hub::start_unmeasured(), clock::system(), &registry, listeners)
        .await
        .unwrap();
    let deps = Deps {
        db: db.clone(),
        wallet: wallet.clone(),
        clock: clock::system(),
        sports: sports.clone(),
        config: exchange_config,
        locks: Default::default(),
    };
    let exchange = ExchangeDesk::start(ctx, deps, &registry).await.unwrap();

    common::faults();

    // Every player bets for six seconds on whatever is open.
    let until = std::time::Instant::now() + Duration::from_secs(6);
    let mut players = Vec::new();
    for user in 1..=PLAYERS {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ user as u64);
        let (sports, exchange) = (sports.clone(), exchange.clone());
        players.push(actix::spawn(async move {
            let mut taken = 0;
            while std::time::Instant::now() < until {
                let live = sports.send(Matches { sport: Some(4), in_play_only: true }).await.unwrap();
                let Some(m) = live.get(rng.random_range(0..live.len().max(1))) else {
                    actix_rt::time::sleep(Duration::from_millis(10)).await;
                    continue;
                };
                let Some(s) = sports.send(Detail(m.match_id)).await.unwrap() else { continue };
                let side = if rng.random_bool(0.5) { Side::Lagai } else { Side::Khai };
                let team = rng.random_range(0..2);
                let (target, price) = match rng.random_range(0..3) {
                    0 if s.bookmaker.status == MarketStatus::Open => {
                        let x = &s.bookmaker.selections[team];
                        let rate = if side == Side::Lagai { x.back_odds } else { x.lay_odds };
                        (Target::Runner { market: MarketType::Bookmaker, team: Team::Index(team) }, rate)
                    }
                    1 if s.market.status == MarketStatus::Open => {
                        let ex = &s.market.runners[team].ex;
                        let l = if side == Side::Lagai { &ex.available_to_back } else { &ex.available_to_lay };
                        let price = (l[0].price * 100.0).round() as u32;
                        (Target::Runner { market: MarketType::Exchange, team: Team::Index(team) }, price)
                    }
                    _ => {
                        let Some(f) = s.fancy.iter().find(|f| f.status == MarketStatus::Open) else { continue };
                        let (line, rate) = if side == Side::Lagai {
                            (f.run_value.yes, f.odds.yes)
                        } else {
                            (f.run_value.no, f.odds.no)
                        };
                        (Target::Fancy { session: Session::Id(f.market_id.clone()), line }, rate)
                    }
                };
                let order = Order {
                    user: UserId(user),
                    match_id: s.match_id,
                    target,
                    side,
                    price_x100: price,
                    stake: Paise::from_rupees(rng.random_range(100..=1_500)),
                };
                if exchange.send(Place(order)).await.unwrap().is_ok() {
                    taken += 1;
                }
            }
            taken
        }));
    }
    let mut taken = 0;
    for p in players {
        taken += p.await.unwrap();
    }
    common::no_faults();
    assert!(taken > PLAYERS * 5, "seed {seed}: bets were taken: {taken}");

    // The matches play out (a ball every 60 ms) and every market is decided and settled.
    let mut settled = false;
    for _ in 0..900 {
        let open = scalar(&db, "SELECT COUNT(*) FROM exchange_bets WHERE status IN ('open', 'pending')").await;
        let pending = scalar(&db, "SELECT COUNT(*) FROM wallet_intents WHERE status = 'pending'").await;
        if open == 0 && pending == 0 {
            settled = true;
            break;
        }
        actix_rt::time::sleep(Duration::from_millis(100)).await;
    }
    if !settled {
        let rows = sqlx::query::<Any>(
            "SELECT b.id, b.market_id, b.status, (SELECT COUNT(*) FROM exchange_results r WHERE r.market_id = b.market_id) \
             FROM exchange_bets b WHERE b.status IN ('open', 'pending') LIMIT 10",
        )
        .fetch_all(&db.pool)
        .await
        .unwrap();
        for r in rows {
            let (id, m, st, res): (i64, String, String, i64) =
                (r.try_get(0).unwrap(), r.try_get(1).unwrap(), r.try_get(2).unwrap(), r.try_get(3).unwrap());
            println!("left: bet {id} {m} {st} results {res}");
        }
        let live = sports.send(Matches { sport: Some(4), in_play_only: false }).await.unwrap();
        println!("matches: {:?}", live.iter().map(|m| (m.match_id, m.status)).collect::<Vec<_>>());
    }
    assert!(settled, "seed {seed}: every bet settled within 90 s");
    common::assert_books(&db, seed).await;
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM wallet_intents WHERE status = 'failed'").await, 0, "seed {seed}");

    let rows = sqlx::query::<Any>(
        "SELECT user_id, CAST(COALESCE(SUM(pl), 0) AS BIGINT) FROM exchange_bets WHERE status IN ('won', 'lost', 'void') \
         GROUP BY user_id",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    let mut expected: HashMap<i64, i64> = (1..=PLAYERS).map(|u| (u, START)).collect();
    for r in rows {
        let (user, pl): (i64, i64) = (r.try_get(0).unwrap(), r.try_get(1).unwrap());
        *expected.get_mut(&user).unwrap() += pl;
    }
    common::assert_balances(&db, &expected, seed).await;
    scenario.teardown();
}
