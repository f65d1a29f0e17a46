//! Fencing in PostgreSQL: a node that lost its lease (paused past its expiry, cut off) cannot write after another
//! node took it, because every fenced transaction proves the lease's epoch inside itself, and the wallet refuses a
//! change whose caller's epoch moved on. Skipped (with a message) where no PostgreSQL answers.

use crate::common;

use casino_actors::cluster::{Fence, lease};
use casino_actors::ids::UserId;
use casino_actors::money::Paise;
use casino_actors::store::{Db, fresh_database_url_on};
use casino_actors::wallet::{Change, LedgerKind, Movement, SystemAccount, WalletError};
use std::time::{Duration, Instant};

async fn postgres() -> Option<Db> {
    let admin = std::env::var("CASINO_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/test".into());
    if tokio::net::TcpStream::connect("127.0.0.1:5432").await.is_err() {
        eprintln!("no PostgreSQL on 127.0.0.1:5432: fencing tests skipped");
        return None;
    }
    let url = fresh_database_url_on(Some(&admin), "fencing").await.unwrap();
    Some(Db::connect(&url, 8).await.unwrap())
}

/// Takes `resource` for `node` once its current lease has expired.
async fn take(db: &Db, resource: &str, node: &str, ttl_ms: i64) -> Fence {
    for _ in 0..100 {
        if let Some(f) = lease::acquire(db, resource, node, ttl_ms).await.unwrap() {
            return f;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{resource} never became free");
}

fn credit(user: i64, key: &str) -> Change {
    Change {
        user: UserId(user),
        movement: Movement::Credit { amount: Paise::new(100), from: SystemAccount::Cashier },
        kind: LedgerKind::Deposit,
        reference: format!("fencing:{key}"),
        idempotency_key: key.to_string(),
    }
}

#[actix_rt::test]
async fn a_stale_epoch_cannot_write_or_move_money() {
    let Some(db) = postgres().await else { return };
    lease::ensure(&db, &["table".to_string()]).await.unwrap();
    let first = take(&db, "table", "node-a", 100).await;
    let node_a = db.fenced(first.clone());
    node_a.begin_write().await.expect("the owner writes").commit().await.unwrap();

    // Node A pauses past its expiry; node B takes the lease under a new epoch.
    let second = take(&db, "table", "node-b", 10_000).await;
    assert_eq!(second.epoch, first.epoch + 1, "every change of owner raises the epoch");
    let refused = node_a.begin_write().await.err().expect("the database refuses the stale epoch");
    assert!(refused.to_string().contains("stale lease"), "{refused}");
    db.fenced(second.clone()).begin_write().await.expect("the new owner writes").commit().await.unwrap();

    // The wallet refuses a change that carries the stale epoch, in its own transaction, and moves nothing.
    let (wallet_db, wallet) = (db.clone(), {
        let registry = casino_actors::observe::Registry::new(false);
        let config = casino_actors::wallet::WalletConfig { shards: 2, max_batch: 50 };
        casino_actors::wallet::WalletHandle::start(db.clone(), config, casino_actors::clock::system(), None, &registry)
            .await
            .unwrap()
    });
    common::fund_player(&wallet_db, &wallet, 7, 100).await;
    let stale = wallet.fenced(first).apply(credit(7, "stale")).await;
    assert_eq!(stale, Err(WalletError::Fenced));
    let fresh = wallet.fenced(second).apply(credit(7, "fresh")).await.expect("the owner's change commits");
    assert_eq!(fresh.balance, Paise::new(200));
    let rows = common::scalar(&db, "SELECT COUNT(*) FROM ledger WHERE reference = 'fencing:stale'").await;
    assert_eq!(rows, 0, "nothing of the stale change was written");
}

#[tokio::test]
async fn a_takeover_waits_for_the_owners_transaction_in_flight() {
    let Some(db) = postgres().await else { return };
    lease::ensure(&db, &["shard".to_string()]).await.unwrap();
    let owner = take(&db, "shard", "node-a", 200).await;
    // The owner's transaction proves its epoch, then is slow to commit (a paused process) past the expiry.
    let mut tx = db.fenced(owner.clone()).begin_write().await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let started = Instant::now();
    let taker = {
        let db = db.clone();
        tokio::spawn(async move { take(&db, "shard", "node-b", 10_000).await })
    };
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!taker.is_finished(), "the takeover waits for the lease row the owner's transaction holds");
    sqlx::query::<sqlx::Any>("INSERT INTO settings (key, value) VALUES ('fencing', 'owner')")
        .execute(&mut *tx.tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let taken = taker.await.unwrap();
    assert!(started.elapsed() >= Duration::from_millis(500));
    assert_eq!(taken.epoch, owner.epoch + 1);
    // From now on the old epoch writes nothing.
    assert!(db.fenced(owner).begin_write().await.is_err());
}

/// A single write of a fenced handle (`Db::execute`: a round opened, a setting saved) proves the fence too: a stale
/// owner's is refused and writes nothing.
#[actix_rt::test]
async fn a_stale_owners_single_writes_are_refused() {
    let Some(db) = postgres().await else { return };
    lease::ensure(&db, &["table".to_string()]).await.unwrap();
    let first = take(&db, "table", "node-a", 100).await;
    let node_a = db.fenced(first);
    casino_actors::store::save_setting(&node_a, "fenced.one", "a".into()).await.expect("the owner writes");
    take(&db, "table", "node-b", 10_000).await;
    let stale = casino_actors::store::save_setting(&node_a, "fenced.one", "stale".into()).await;
    assert!(stale.is_err(), "a stale owner's write is refused");
    let value = casino_actors::store::load_setting(&db, "fenced.one").await.unwrap();
    assert_eq!(value.as_deref(), Some("a"), "and changed nothing");
}

/// A node that does not own Aviator reads back the chains its owner creates (HTTP's fairness and verification on
/// every node show them).
#[actix_rt::test]
async fn chains_created_by_the_owner_are_read_back_elsewhere() {
    use casino_actors::aviator::chains::{ChainSettings, ensure_next, load, refresh};
    use casino_actors::ids::RoundId;
    let Some(db) = postgres().await else { return };
    let settings = ChainSettings { length: 10, house_edge_bp: 100, salt_source: None, seed_key: None };
    let owner = load(&db, &settings, RoundId(1), 0).await.unwrap();
    let elsewhere = load(&db, &settings, RoundId(1), 0).await.unwrap();
    let firsts =
        |f: &casino_actors::aviator::chains::Fairness| f.chains().iter().map(|c| c.first_round).collect::<Vec<_>>();
    assert_eq!(firsts(&elsewhere), firsts(&owner));
    // The owner plays into its second chain, which commits the third.
    ensure_next(&db, &owner, &settings, RoundId(11), 0).await.unwrap();
    assert_eq!(firsts(&owner), vec![1, 11, 21]);
    assert!(elsewhere.seed_for(RoundId(25)).is_none());
    refresh(&db, &elsewhere, &settings, RoundId(12)).await.unwrap();
    assert_eq!(firsts(&elsewhere), vec![1, 11, 21]);
    assert_eq!(elsewhere.seed_for(RoundId(25)), owner.seed_for(RoundId(25)), "the same commitments");
}
