//! The three-card game with the wallet failing at random (before and at its commits, and committing while reporting
//! failure): plays on a match's game are taken or refused with nothing moved, the end pays every entry exactly once,
//! and a restart finishes what was left — a game still open is abandoned with every stake returned, an end recorded
//! but not yet paid is paid — however often it runs.

#![cfg(feature = "failpoints")]

use crate::common;

use actix::Actor;
use casino_actors::clock;
use casino_actors::hub::Hub;
use casino_actors::ids::UserId;
use casino_actors::money::Paise;
use casino_actors::parchi::rules::{Payout, STAKES};
use casino_actors::parchi::store::{self, End, NewPlay};
use casino_actors::parchi::table::{Deps, ParchiConfig, ParchiTable, PlayMsg, View};
use casino_actors::parchi::wire::GameStatus;
use casino_actors::sports::feed::{MatchStatus, PlayerRuns};
use casino_actors::sports::match_actor::MatchNews;
use casino_actors::wallet::intents::apply_until_final;
use common::{assert_balances, assert_books, faults, faulty_wallet, fund_players, no_faults, scalar};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::time::Duration;

const PLAYERS: i64 = 6;
const START: i64 = 2_000_000; // ₹20,000 each

fn squad() -> Vec<String> {
    (0..22).map(|i| format!("Cricketer {i}")).collect()
}

fn news(match_id: i64, status: MatchStatus, runs: &[u32]) -> MatchNews {
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
        overs: if status == MatchStatus::Upcoming { "0.0" } else { "3.2" }.into(),
        second_innings: false,
    }
}

#[actix_rt::test]
async fn plays_under_wallet_faults_pay_exactly_once_and_a_restart_finishes_what_was_left() {
    let seed: u64 = rand::random();
    println!("seed {seed}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (db, wallet, _registry) = faulty_wallet("parchi_faults").await;
    fund_players(&db, &wallet, PLAYERS, START).await;
    let config = ParchiConfig { linger: Duration::from_secs(60) };
    let deps =
        Deps { db: db.clone(), wallet: wallet.clone(), hub: Hub::start_unmeasured(), clock: clock::system(), config };
    let mut expected: HashMap<i64, i64> = (1..=PLAYERS).map(|u| (u, START)).collect();

    // Match 1 plays out under faults (plays are taken before its first ball).
    let table = ParchiTable::new(deps.clone(), news(1, MatchStatus::Upcoming, &[])).start();
    faults();
    let names = squad();
    let mut taken = 0;
    for _ in 0..40 {
        let card = rng.random_range(0..3);
        let players = rng
            .random_bool(0.6)
            .then(|| [names[rng.random_range(0..22)].clone(), names[rng.random_range(0..22)].clone()]);
        let user = UserId(rng.random_range(1..=PLAYERS));
        let stake = Paise::from_rupees(STAKES[rng.random_range(0..4)]);
        let play = PlayMsg { user, name: format!("Bettor {}", user.0), card, players, stake };
        if table.send(play).await.unwrap().is_ok() {
            taken += 1;
            *expected.get_mut(&user.0).unwrap() -= stake.get();
        }
    }
    // The first ball closes plays: a game whose cards are not all locked then is void, every stake returned.
    table.send(news(1, MatchStatus::InPlay, &[])).await.unwrap();
    let runs: Vec<u32> = (0..22).map(|_| rng.random_range(0..70)).collect();
    table.send(news(1, MatchStatus::Finished, &runs)).await.unwrap();
    let board = table.send(View).await.unwrap(); // waits for the end to be recorded and paid
    no_faults();
    let complete = board.cards.iter().all(|c| c.locked);
    let want = if complete { GameStatus::Finished } else { GameStatus::Void };
    assert_eq!(board.status, want, "seed {seed}");
    println!(
        "match 1: {taken} plays taken, totals {:?}, winner {:?}",
        board.cards.iter().map(|c| c.total_runs).collect::<Vec<_>>(),
        board.winner_card
    );
    let entries = table.send(casino_actors::parchi::table::Entries).await.unwrap().entries;
    assert_eq!(entries.len(), taken, "seed {seed}");
    for e in &entries {
        let user: i64 = scalar_user(&db, e.id).await;
        *expected.get_mut(&user).unwrap() += e.payout.get();
        let k = e.payout.get() / e.betpoints.get();
        assert!(k <= 2 && e.payout.get() % e.betpoints.get() == 0, "seed {seed}: {e:?}");
        if k == 2 {
            assert_eq!(board.winner_card, Some(e.card_no), "seed {seed}: only the winning card pays double");
        }
    }
    // Stopped and started again: nothing is paid twice.
    store::recover(&db, &wallet, &Default::default(), 0).await.unwrap();
    assert_balances(&db, &expected, seed).await;
    assert_books(&db, seed).await;

    // Match 2: plays taken, then the server "dies" before the match ends: a restart abandons it, once.
    let table = ParchiTable::new(deps.clone(), news(2, MatchStatus::Upcoming, &[])).start();
    let first = PlayMsg {
        user: UserId(1),
        name: "Bettor 1".into(),
        card: 0,
        players: Some([names[0].clone(), names[1].clone()]),
        stake: Paise::from_rupees(500),
    };
    table.send(first).await.unwrap().unwrap();
    let second =
        PlayMsg { user: UserId(2), name: "Bettor 2".into(), card: 0, players: None, stake: Paise::from_rupees(200) };
    table.send(second).await.unwrap().unwrap();
    // And a play whose hold committed but whose row was never closed (cut between the wallet and the write).
    let cut = NewPlay {
        match_id: 2,
        match_name: "Match 2",
        card: 1,
        user: UserId(3),
        stake: Paise::from_rupees(100),
        locks: Some(&[names[2].clone(), names[3].clone()]),
        now: 0,
    };
    let entry = store::record_play(&db, &cut).await.unwrap();
    apply_until_final(&wallet, store::hold(2, entry, UserId(3), Paise::from_rupees(100))).await.unwrap();
    // And one whose hold never happened.
    let never = NewPlay { user: UserId(4), locks: None, ..cut };
    store::record_play(&db, &never).await.unwrap();
    assert_eq!(scalar(&db, "SELECT CAST(SUM(exposure) AS BIGINT) FROM accounts WHERE kind = 'user'").await, 80_000);
    for _ in 0..2 {
        let r = store::recover(&db, &wallet, &Default::default(), 0).await.unwrap();
        println!("{r:?}");
    }
    assert_balances(&db, &expected, seed).await;
    assert_books(&db, seed).await;
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM parchi_entries WHERE match_id = 2 AND status = 'returned'").await, 3);
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM parchi_entries WHERE match_id = 2 AND status = 'void'").await, 1);

    // Match 3: the end recorded, the server gone before it paid: the restart pays it, once, under faults.
    let play = NewPlay {
        match_id: 3,
        match_name: "Match 3",
        card: 0,
        user: UserId(5),
        stake: Paise::from_rupees(1_000),
        locks: Some(&[names[0].clone(), names[1].clone()]),
        now: 0,
    };
    let entry = store::record_play(&db, &play).await.unwrap();
    apply_until_final(&wallet, store::hold(3, entry, UserId(5), Paise::from_rupees(1_000))).await.unwrap();
    store::play_held(&db, entry, true).await.unwrap();
    let paid = Paise::from_rupees(2_000);
    let payouts = [(entry, Payout { card: 0, user: UserId(5), stake: Paise::from_rupees(1_000), paid })];
    let end = End { match_id: 3, abandoned: false, winner: Some(0), totals: [90, 40, 12], payouts: &payouts, now: 0 };
    assert!(store::record_end(&db, &end).await.unwrap());
    assert!(!store::record_end(&db, &end).await.unwrap(), "an end is recorded once");
    *expected.get_mut(&5).unwrap() += 100_000;
    faults();
    let mut recovered = 0;
    while recovered < 3 {
        if store::recover(&db, &wallet, &Default::default(), 0).await.is_ok() {
            recovered += 1;
        }
    }
    no_faults();
    assert_balances(&db, &expected, seed).await;
    assert_books(&db, seed).await;
}

async fn scalar_user(db: &casino_actors::store::Db, entry: i64) -> i64 {
    use sqlx::Row;
    sqlx::query::<sqlx::Any>("SELECT user_id FROM parchi_entries WHERE id = $1")
        .bind(entry)
        .fetch_one(&db.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}
