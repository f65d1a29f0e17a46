//! The three-card game's table on a real database and wallet: plays close at the match's first ball; a game whose
//! cards are not all locked then is void and every stake comes back at that moment (not at the match's end), once; a
//! complete game plays on and is settled at the end; a void recorded but not yet paid when the server stops is paid
//! at the next start, once.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::rules::{Payout, Refusal};
use super::store::{self, End, NewPlay};
use super::table::{Deps, Entries, ParchiConfig, ParchiError, ParchiTable, PlayMsg, View};
use super::wire::{EntryStatus, GameStatus};
use crate::hub::Hub;
use crate::ids::UserId;
use crate::money::Paise;
use crate::sports::feed::{MatchStatus, PlayerRuns};
use crate::sports::match_actor::MatchNews;
use crate::store::Db;
use crate::wallet::intents::apply_until_final;
use crate::wallet::{Balances, Change, LedgerKind, Movement, SystemAccount, WalletConfig, WalletHandle};
use actix::Actor;
use sqlx::Any;
use std::time::Duration;

const START: i64 = 1_000_000; // ₹10,000

fn squad() -> Vec<String> {
    (0..22).map(|i| format!("Cricketer {i}")).collect()
}

/// The match as its actor tells it: `overs` of the current (first) innings.
fn news(match_id: i64, status: MatchStatus, overs: &str, runs: &[u32]) -> MatchNews {
    MatchNews {
        match_id,
        name: format!("Match {match_id}"),
        status,
        teams: ["Home".into(), "Away".into()],
        players: squad()
            .into_iter()
            .enumerate()
            .map(|(i, name)| PlayerRuns { name, team: i / 11, runs: runs.get(i).copied().unwrap_or(0) })
            .collect(),
        overs: overs.into(),
        second_innings: false,
    }
}

async fn wallet_on(label: &str, players: i64) -> (Db, WalletHandle) {
    let url = crate::store::fresh_database_url(label).await.unwrap();
    let db = Db::connect(&url, 8).await.unwrap();
    let registry = crate::observe::Registry::new(true);
    let config = WalletConfig { shards: 2, max_batch: 200 };
    let wallet = WalletHandle::start(db.clone(), config, crate::clock::system(), None, &registry).await.unwrap();
    for id in 1..=players {
        sqlx::query::<Any>(
            "INSERT INTO users (id, user_no, phone, name, password_hash, role, created_at) \
             VALUES ($1, $2, $3, 'Bettor', 'x', 'player', 0)",
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
            movement: Movement::Credit { amount: Paise::new(START), from: SystemAccount::Cashier },
            kind: LedgerKind::Deposit,
            reference: format!("deposit:{id}"),
            idempotency_key: format!("deposit:{id}"),
        };
        wallet.apply(fund).await.unwrap();
    }
    (db, wallet)
}

fn deps(db: &Db, wallet: &WalletHandle) -> Deps {
    Deps {
        db: db.clone(),
        wallet: wallet.clone(),
        hub: Hub::start_unmeasured(),
        clock: crate::clock::system(),
        config: ParchiConfig { linger: Duration::from_secs(60) },
    }
}

async fn balances(db: &Db, user: i64) -> (i64, i64) {
    let Balances { balance, exposure } = crate::wallet::shard::balances(db, UserId(user)).await.unwrap();
    (balance.get(), exposure.get())
}

async fn scalar(db: &Db, sql: &'static str) -> i64 {
    sqlx::query_scalar::<Any, i64>(sql).fetch_one(&db.pool).await.unwrap()
}

fn play(user: i64, card: usize, players: Option<[usize; 2]>, rupees: i64) -> PlayMsg {
    let names = squad();
    PlayMsg {
        user: UserId(user),
        name: format!("Bettor {user}"),
        card,
        players: players.map(|[a, b]| [names[a].clone(), names[b].clone()]),
        stake: Paise::from_rupees(rupees),
    }
}

#[actix_rt::test]
async fn an_incomplete_game_is_void_and_refunded_at_the_first_ball_not_at_the_end() {
    let (db, wallet) = wallet_on("parchi_void", 2).await;
    let table = ParchiTable::new(deps(&db, &wallet), news(1, MatchStatus::Upcoming, "0.0", &[])).start();
    assert_eq!(table.send(View).await.unwrap().status, GameStatus::Open);
    table.send(play(1, 0, Some([0, 1]), 500)).await.unwrap().unwrap();
    table.send(play(2, 0, None, 200)).await.unwrap().unwrap();
    table.send(play(2, 1, Some([2, 13]), 100)).await.unwrap().unwrap();
    assert_eq!((balances(&db, 1).await, balances(&db, 2).await), ((START - 50_000, 50_000), (START - 30_000, 30_000)));

    // The match goes in play (its first ball is next): card 3 is empty, so the game is void and every stake is back
    // now, with the match still to be played.
    table.send(news(1, MatchStatus::InPlay, "0.0", &[])).await.unwrap();
    let board = table.send(View).await.unwrap(); // after the void is recorded and paid
    assert_eq!((board.status, board.plays_open), (GameStatus::Void, false));
    assert_eq!((balances(&db, 1).await, balances(&db, 2).await), ((START, 0), (START, 0)));
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM parchi_games WHERE match_id = 1 AND status = 'void'").await, 1);
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM parchi_entries WHERE status = 'returned'").await, 3);
    let entries = table.send(Entries).await.unwrap().entries;
    assert!(entries.iter().all(|e| e.status == EntryStatus::Returned && e.payout == e.betpoints), "{entries:?}");

    // A play after the first ball is refused and moves nothing, on an empty card or a locked one.
    for p in [play(1, 2, Some([4, 5]), 100), play(2, 0, None, 100)] {
        assert_eq!(table.send(p).await.unwrap().unwrap_err(), ParchiError::Rules(Refusal::Closed));
    }
    assert_eq!((balances(&db, 1).await, balances(&db, 2).await), ((START, 0), (START, 0)));

    // The match plays on and ends: nothing more is paid, the game stays void.
    table.send(news(1, MatchStatus::InPlay, "7.3", &[40, 30])).await.unwrap();
    table.send(news(1, MatchStatus::Finished, "20", &[90, 70])).await.unwrap();
    let board = table.send(View).await.unwrap();
    assert_eq!((board.status, board.winner_card), (GameStatus::Void, None));
    assert_eq!((balances(&db, 1).await, balances(&db, 2).await), ((START, 0), (START, 0)));
    // A restart finds nothing left to do.
    assert_eq!(store::recover(&db, &wallet, &Default::default(), 0).await.unwrap(), store::Recovered::default());
    assert_eq!((balances(&db, 1).await, balances(&db, 2).await), ((START, 0), (START, 0)));
    let kinds = scalar(&db, "SELECT COUNT(*) FROM ledger WHERE kind = 'parchi_refund' AND account_id IN (1, 2)").await;
    assert_eq!(kinds, 3, "one refund per play");
}

#[actix_rt::test]
async fn a_complete_game_plays_on_past_the_first_ball_and_is_settled_at_the_end() {
    let (db, wallet) = wallet_on("parchi_complete", 2).await;
    let table = ParchiTable::new(deps(&db, &wallet), news(2, MatchStatus::Upcoming, "0.0", &[])).start();
    table.send(play(1, 0, Some([0, 1]), 1_000)).await.unwrap().unwrap();
    table.send(play(2, 1, Some([2, 3]), 500)).await.unwrap().unwrap();
    table.send(play(2, 2, Some([12, 13]), 200)).await.unwrap().unwrap();

    table.send(news(2, MatchStatus::InPlay, "0.0", &[])).await.unwrap();
    let board = table.send(View).await.unwrap();
    assert_eq!((board.status, board.plays_open), (GameStatus::Closed, false));
    assert_eq!(
        (balances(&db, 1).await, balances(&db, 2).await),
        ((START - 100_000, 100_000), (START - 70_000, 70_000))
    );
    let refused = table.send(play(1, 1, None, 100)).await.unwrap().unwrap_err();
    assert_eq!(refused, ParchiError::Rules(Refusal::Closed));
    assert_eq!(balances(&db, 1).await, (START - 100_000, 100_000), "a refused play moves nothing");

    // Card 1 (cricketers 0 and 1) makes the most runs: double for player 1; player 2's two cards lose.
    let runs = [50, 31, 20, 10, 0, 0, 0, 0, 0, 0, 0, 0, 4, 2];
    table.send(news(2, MatchStatus::Finished, "20", &runs)).await.unwrap();
    let board = table.send(View).await.unwrap();
    assert_eq!((board.status, board.winner_card), (GameStatus::Finished, Some(1)));
    assert_eq!((balances(&db, 1).await, balances(&db, 2).await), ((START + 100_000, 0), (START - 70_000, 0)));
}

/// The void is recorded (entries `returned`, refunds as intents) and the server stops before the wallet hears of
/// them: the next start pays every refund, once, however often it runs, and the game stays void.
#[actix_rt::test]
async fn a_void_recorded_before_its_refunds_are_paid_is_paid_at_start_up_once() {
    let (db, wallet) = wallet_on("parchi_void_restart", 2).await;
    let names = squad();
    let mut payouts = Vec::new();
    for (user, card, locks, rupees) in [(1, 0, true, 500), (2, 0, false, 2_000)] {
        let pair = [names[0].clone(), names[1].clone()];
        let p = NewPlay {
            match_id: 3,
            match_name: "Match 3",
            card,
            user: UserId(user),
            stake: Paise::from_rupees(rupees),
            locks: locks.then_some(&pair),
            now: 0,
        };
        let entry = store::record_play(&db, &p).await.unwrap();
        apply_until_final(&wallet, store::hold(3, entry, UserId(user), p.stake)).await.unwrap();
        store::play_held(&db, entry, true).await.unwrap();
        payouts.push((entry, Payout { card, user: UserId(user), stake: p.stake, paid: p.stake }));
    }
    assert_eq!(
        (balances(&db, 1).await, balances(&db, 2).await),
        ((START - 50_000, 50_000), (START - 200_000, 200_000))
    );
    let void = End { match_id: 3, abandoned: false, winner: None, totals: [0; 3], payouts: &payouts, now: 0 };
    assert!(store::record_void(&db, &void).await.unwrap());
    assert!(!store::record_void(&db, &void).await.unwrap(), "a void is recorded once");
    assert!(!store::record_end(&db, &void).await.unwrap(), "a void game has no end to record");
    // The server "died" here: nothing paid yet.
    assert_eq!(balances(&db, 1).await, (START - 50_000, 50_000));

    let first = store::recover(&db, &wallet, &Default::default(), 0).await.unwrap();
    assert_eq!((first.abandoned, first.settled), (0, 1), "the void is not abandoned again: its refunds are paid");
    for _ in 0..2 {
        store::recover(&db, &wallet, &Default::default(), 0).await.unwrap();
    }
    assert_eq!((balances(&db, 1).await, balances(&db, 2).await), ((START, 0), (START, 0)));
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM parchi_games WHERE match_id = 3 AND status = 'void'").await, 1);
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM parchi_entries WHERE match_id = 3 AND status = 'returned'").await, 2);
}
