//! A bet whose wallet hold takes longer than the table's patience is refused (`unavailable`), and stays refused:
//! when the hold commits later it is released, so the player's answer is the truth (no bet, no money held). This is
//! what keeps a cluster's answers true while a wallet shard changes hands: the owner answers before the node that
//! asked gives up. Aviator and a round table (Titli Par), one after the other (failpoints are the process's).
//!
//! Needs the `failpoints` feature: `cargo nextest run -p casino-actors --features failpoints -E 'test(/^table_patience::/)'`.

#![cfg(feature = "failpoints")]

use crate::common;

use casino_actors::aviator::rules::RulesConfig;
use casino_actors::aviator::table::{AviatorConfig, AviatorTable, OpenBets, PATIENCE, PlaceBet, Snapshot, TableError};
use casino_actors::clock::{ManualClock, SharedClock};
use casino_actors::hub::Hub;
use casino_actors::ids::{RoundId, UserId};
use casino_actors::money::Paise;
use casino_actors::table::actor::{BetError, RoundTable, TableConfig, TableDeps};
use casino_actors::table::hold::Refused;
use casino_actors::titli::rules::{Picture, Titli, TitliSettings};
use common::scalar;
use std::sync::Arc;
use std::time::Duration;

/// Every wallet batch from now on stalls past the tables' patience, then commits.
fn stall_the_wallet() {
    fail::cfg("wallet::before_write", &format!("delay({})", PATIENCE.as_millis() + 1_500)).unwrap();
}

/// Waits until `n` holds were given back (each hold's `orphan` release), then lets the wallet run freely.
async fn released(db: &casino_actors::store::Db, n: i64) {
    for _ in 0..200 {
        if scalar(db, "SELECT COUNT(*) FROM ledger WHERE idempotency_key LIKE '%:orphan'").await == n {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    fail::cfg("wallet::before_write", "off").unwrap();
}

#[actix_rt::test]
async fn a_bet_refused_for_a_slow_wallet_is_never_taken() {
    let scenario = fail::FailScenario::setup();
    aviator().await;
    titli().await;
    scenario.teardown();
}

async fn aviator() {
    let (db, wallet, registry) = common::faulty_wallet("patience").await;
    common::fund_players(&db, &wallet, 1, 1_000_000).await;
    let clock: SharedClock = Arc::new(ManualClock::at(1_700_000_000_000));
    let config = AviatorConfig {
        rules: RulesConfig {
            min_bet: Paise::from_rupees(10),
            max_bet: Paise::from_rupees(500),
            countdown_ms: 60_000,
            pause_ms: 500,
            max_payout_per_round: Paise::from_rupees(20_000),
            house_edge_bp: 300,
            ..RulesConfig::default()
        },
        chain_length: 100,
        salt_source: None,
        seed_key: None,
        fixed_crash_points: None,
    };
    let (table, _) =
        AviatorTable::start(config, db.clone(), wallet, Hub::start_unmeasured(), clock, &registry).await.unwrap();
    let round = table.send(Snapshot).await.unwrap()["roundId"].as_i64().unwrap();
    assert_eq!(table.send(Snapshot).await.unwrap()["phase"], "countdown");

    stall_the_wallet();
    let bet = PlaceBet {
        user: UserId(1),
        name: "Slow Wallet".into(),
        round: RoundId(round),
        slot: 0,
        stake: Paise::from_rupees(100),
        auto_cashout: None,
    };
    let reply = table.send(bet).await.unwrap();
    assert!(matches!(reply, Err(TableError::Refused(Refused::Unavailable))), "{reply:?}");

    // The hold commits after the answer and is given back; the round holds no bet of the player's.
    released(&db, 1).await;
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM ledger WHERE idempotency_key LIKE 'aviator:%:hold'").await, 1);
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM ledger WHERE idempotency_key LIKE 'aviator:%:orphan'").await, 1);
    assert_eq!(scalar(&db, "SELECT CAST(SUM(exposure) AS BIGINT) FROM accounts WHERE id = 1").await, 0);
    assert_eq!(scalar(&db, "SELECT CAST(SUM(balance) AS BIGINT) FROM accounts WHERE id = 1").await, 1_000_000);
    let open = table.send(OpenBets(UserId(1))).await.unwrap();
    assert!(open.is_empty(), "no bet on the table: {open:?}");
    common::assert_books(&db, 0).await;
}

async fn titli() {
    let (db, wallet, registry) = common::faulty_wallet("patience_titli").await;
    common::fund_players(&db, &wallet, 1, 100_000).await;
    let clock: SharedClock = Arc::new(ManualClock::at(1_800_000_000_000));
    let config = TableConfig { settings: TitliSettings::default(), client_seed: "patience".into() };
    let deps = TableDeps { db: db.clone(), wallet, hub: Hub::start_unmeasured(), clock };
    let table = RoundTable::<Titli>::start(config, &deps, &registry).await.unwrap();
    stall_the_wallet();
    let bet = casino_actors::table::actor::PlaceBet::<Titli> {
        user: UserId(1),
        name: "9876543201".into(),
        round: Some(RoundId(1)),
        lines: vec![(Picture::try_from(3).unwrap(), Paise::from_rupees(50))],
        total: None,
    };
    assert_eq!(table.send(bet).await.unwrap(), Err(BetError::Refused(Refused::Unavailable)));
    released(&db, 1).await;
    assert_eq!(scalar(&db, "SELECT CAST(SUM(exposure) AS BIGINT) FROM accounts WHERE id = 1").await, 0);
    assert_eq!(scalar(&db, "SELECT CAST(SUM(balance) AS BIGINT) FROM accounts WHERE id = 1").await, 100_000);
    let open = table.send(casino_actors::table::actor::OpenTickets(UserId(1))).await.unwrap();
    assert!(open.is_empty(), "no ticket on the table");
    common::assert_books(&db, 0).await;
}
