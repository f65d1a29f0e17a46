//! A whole Titli Par round on the table actor, with a clock that moves only when told: bets held, the draw after
//! betting closes, the outcome recorded with its seed, every ticket settled at 10× its winning line, the round
//! `ended` and the next one open after the pause. The books hold at every step.

use crate::common;

use casino_actors::clock::{ManualClock, SharedClock};
use casino_actors::fair::Dice;
use casino_actors::hub::Hub;
use casino_actors::ids::{RoundId, UserId};
use casino_actors::money::Paise;
use casino_actors::store::{Db, fresh_database_url};
use casino_actors::table::actor::{BetError, PlaceBet, RoundTable, Snapshot, TableConfig, TableDeps};
use casino_actors::table::game::RoundRules;
use casino_actors::table::hold::Refused;
use casino_actors::table::round::Rejection;
use casino_actors::table::store;
use casino_actors::titli::rules::{Picture, Titli, TitliSettings};
use casino_actors::wallet::{WalletConfig, WalletHandle};
use sqlx::{Any, Row};
use std::sync::Arc;
use std::time::Duration;

async fn scalar(db: &Db, sql: &str) -> i64 {
    sqlx::query::<Any>(sqlx::AssertSqlSafe(sql.to_string())).fetch_one(&db.pool).await.unwrap().try_get(0).unwrap()
}

async fn player(db: &Db, wallet: &WalletHandle, id: i64, rupees: i64) {
    common::fund_player(db, wallet, id, rupees * 100).await;
}

fn pic(n: u8) -> Picture {
    Picture::try_from(n).unwrap()
}

/// Moves the clock and gives the table's 100 ms timer time to see it.
async fn advance(clock: &ManualClock, ms: i64) {
    clock.advance(ms);
    tokio::time::sleep(Duration::from_millis(250)).await;
}

#[actix_rt::test]
async fn a_whole_titli_round_on_a_paused_clock() {
    let db = Db::connect(&fresh_database_url("round_table").await.unwrap(), 4).await.unwrap();
    let manual = ManualClock::at(1_800_000_000_000);
    let clock: SharedClock = Arc::new(manual.clone());
    let registry = casino_actors::observe::Registry::new(true);
    let wallet =
        WalletHandle::start(db.clone(), WalletConfig { shards: 2, max_batch: 100 }, clock.clone(), None, &registry)
            .await
            .unwrap();
    for id in 1..=3 {
        player(&db, &wallet, id, 1_000).await;
    }
    let settings = TitliSettings::default();
    let config = TableConfig { settings: settings.clone(), client_seed: "paused".into() };
    let deps = TableDeps { db: db.clone(), wallet: wallet.clone(), hub: Hub::start_unmeasured(), clock: clock.clone() };
    let table = RoundTable::<Titli>::start(config, &deps, &registry).await.unwrap();
    let state = table.send(Snapshot).await.unwrap().unwrap();
    assert_eq!((state["roundId"].as_i64(), state["gamePhase"].as_str()), (Some(1), Some("betting")));
    assert_eq!(state["timeRemaining"].as_i64(), Some(30));

    let bet = |user: i64, lines: Vec<(u8, i64)>| PlaceBet::<Titli> {
        user: UserId(user),
        name: format!("98765432{user:02}"),
        round: Some(RoundId(1)),
        lines: lines.into_iter().map(|(p, r)| (pic(p), Paise::from_rupees(r))).collect(),
        total: None,
    };
    // Player 1 covers every picture; player 2 one picture; player 3 asks for more than they have.
    let all: Vec<(u8, i64)> = (1..=12).map(|p| (p, 10)).collect();
    assert!(table.send(bet(1, all)).await.unwrap().is_ok());
    let two = table.send(bet(2, vec![(5, 100)])).await.unwrap().unwrap();
    assert_eq!((two.ticket, two.balance), (2, Paise::from_rupees(900)));
    assert_eq!(
        table.send(bet(3, vec![(1, 600), (2, 600)])).await.unwrap(),
        Err(BetError::Refused(Refused::InsufficientBalance))
    );
    assert_eq!(scalar(&db, "SELECT CAST(SUM(exposure) AS BIGINT) FROM accounts WHERE kind = 'user'").await, 22_000);

    advance(&manual, settings.timings.betting_ms).await;
    assert_eq!(table.send(bet(3, vec![(1, 10)])).await.unwrap(), Err(BetError::Rule(Rejection::Closed)));
    assert_eq!(store::round(&db, "titli", RoundId(1)).await.unwrap().unwrap().status, "open");

    advance(&manual, settings.timings.closed_ms).await;
    // The outcome is recorded, the tickets settled and the round ended; the clock has not moved since the draw.
    for _ in 0..40 {
        if store::round(&db, "titli", RoundId(1)).await.unwrap().unwrap().status == "ended" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let record = store::round(&db, "titli", RoundId(1)).await.unwrap().unwrap();
    assert_eq!(record.status, "ended");
    let seed = record.server_seed.expect("revealed");
    assert_eq!(seed.commitment(), record.commitment);
    let winner = Titli::draw(&mut Dice::new(&seed, "paused", 1));
    assert_eq!(record.outcome.as_deref(), Some(serde_json::to_string(&winner).unwrap().as_str()));
    let balance = |id: i64| format!("SELECT balance FROM accounts WHERE id = {id}");
    assert_eq!(scalar(&db, &balance(1)).await, 100_000 - 12_000 + 10_000);
    let two_gets = if winner == pic(5) { 100_000 } else { 0 };
    assert_eq!(scalar(&db, &balance(2)).await, 90_000 + two_gets);
    assert_eq!(scalar(&db, &balance(3)).await, 100_000);
    assert_eq!(scalar(&db, "SELECT CAST(SUM(exposure) AS BIGINT) FROM accounts").await, 0);
    assert_eq!(scalar(&db, "SELECT CAST(SUM(balance + exposure) AS BIGINT) FROM accounts").await, 0, "double entry");
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM wallet_intents WHERE status <> 'applied'").await, 0);
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM game_bets WHERE game = 'titli' AND round = 1").await, 2);

    // The result shows for `result_ms`; then round 2 opens with a new commitment.
    let state = table.send(Snapshot).await.unwrap().unwrap();
    assert_eq!((state["roundId"].as_i64(), state["gamePhase"].as_str()), (Some(1), Some("settled")));
    assert_eq!(state["history"][0]["result"]["winningImageNumber"].as_u64(), Some(u64::from(winner.number())));
    advance(&manual, settings.timings.result_ms).await;
    let state = table.send(Snapshot).await.unwrap().unwrap();
    assert_eq!((state["roundId"].as_i64(), state["gamePhase"].as_str()), (Some(2), Some("betting")));
    assert_ne!(state["commitment"].as_str(), Some(record.commitment.as_str()));
}
