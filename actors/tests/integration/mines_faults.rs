//! Fault injection where money is at stake: a dozen players play many Mines games at once, each sending its moves
//! in bursts (a reveal and a cash-out together), while the wallet's batches fail before writing, fail at the
//! commit, commit and then report a failure, or stall — at random. Then every paisa must be where it should: the
//! books sum to zero and match the ledger, no stake is held, no intent is pending, each game settled once, each
//! player's balance is their games' outcomes, and every answer a player was given is what the store recorded.
//!
//! Needs the `failpoints` feature: `cargo nextest run -p casino-actors --features failpoints -E 'test(/^mines_faults::/)'`.
//! Seeded (the players' choices; the failpoints draw their own chances); prints its seed.

#![cfg(feature = "failpoints")]

use crate::common;

use casino_actors::clock;
use casino_actors::ids::UserId;
use casino_actors::mines::desk::{CashOut, MinesDesk, Reveal, Start};
use casino_actors::mines::rules::{MinesSettings, Status};
use casino_actors::mines::wire::Moved;
use casino_actors::money::Paise;
use common::scalar;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sqlx::{Any, Row};
use std::collections::HashMap;

const PLAYERS: i64 = 12;
/// ₹10,000 in paise.
const START: i64 = 1_000_000;
const GAMES_EACH: usize = 12;

#[actix_rt::test]
async fn random_wallet_failures_never_lose_or_create_a_paisa() {
    let seed: u64 = std::env::var("MINES_FAULT_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(rand::random);
    println!("seed = {seed} (replay the players with MINES_FAULT_SEED={seed})");
    let scenario = fail::FailScenario::setup();
    let (db, wallet, registry) = common::faulty_wallet("mines_faults").await;
    common::fund_players(&db, &wallet, PLAYERS, START).await;
    let desk = MinesDesk::start(MinesSettings::default(), db.clone(), wallet.clone(), clock::system(), &registry)
        .await
        .unwrap();

    common::faults();

    let mut players = Vec::new();
    for user in 1..=PLAYERS {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ user as u64);
        let desk = desk.clone();
        players.push(actix::spawn(async move {
            // What the desk told this player had ended: game → (status, payout).
            let mut told: HashMap<i64, (Status, Paise)> = HashMap::new();
            let user = UserId(user);
            for _ in 0..GAMES_EACH {
                let stake = Paise::new(rng.random_range(1_000..=20_000));
                let mines = rng.random_range(1..=8u8);
                let Ok(started) = desk.send(Start { user, stake, mines }).await.unwrap() else { continue };
                let game = started.game.game_id;
                let mut tiles: Vec<u8> = (0..25).collect();
                let target = rng.random_range(1..=4);
                for _ in 0..target {
                    let tile = tiles.swap_remove(rng.random_range(0..tiles.len()));
                    let reveal = desk.send(Reveal { user, game: Some(game), tile });
                    // Now and then a cash-out sent with the reveal, as an impatient thumb does.
                    let burst = rng.random_bool(0.3).then(|| desk.send(CashOut { user, game: Some(game) }));
                    let mut answers: Vec<Moved> = reveal.await.unwrap().into_iter().collect();
                    if let Some(c) = burst {
                        answers.extend(c.await.unwrap());
                    }
                    for a in answers {
                        if a.game.status != Status::Playing {
                            assert!(
                                told.insert(game, (a.game.status, a.game.payout)).is_none(),
                                "game {game} ended twice"
                            );
                        }
                    }
                    if told.contains_key(&game) {
                        break;
                    }
                }
                if let std::collections::hash_map::Entry::Vacant(open) = told.entry(game) {
                    let a = desk.send(CashOut { user, game: Some(game) }).await.unwrap();
                    let a = a.expect("a cash-out after a safe tile");
                    open.insert((a.game.status, a.game.payout));
                }
            }
            told
        }));
    }
    let mut told = HashMap::new();
    for p in players {
        told.extend(p.await.unwrap());
    }
    common::no_faults();
    // The intents close just after the answers.
    for _ in 0..200 {
        if scalar(&db, "SELECT COUNT(*) FROM wallet_intents WHERE status <> 'applied'").await == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    wallet.drain().await;

    common::assert_books(&db, seed).await;
    assert!(told.len() > PLAYERS as usize * GAMES_EACH / 2, "seed {seed}: most games were played: {}", told.len());
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM mines_games WHERE status = 'playing'").await, 0, "seed {seed}");
    let settles =
        scalar(&db, "SELECT COUNT(*) FROM ledger WHERE kind IN ('mines_win', 'mines_loss') AND account_id > 0").await;
    assert_eq!(settles, told.len() as i64, "seed {seed}: one settle per game");

    let rows = sqlx::query::<Any>(
        "SELECT id, user_id, status, stake, COALESCE(payout, 0) FROM mines_games WHERE status <> 'void'",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    let mut expected: HashMap<i64, i64> = (1..=PLAYERS).map(|u| (u, START)).collect();
    for r in &rows {
        let (id, user, status, stake, payout): (i64, i64, String, i64, i64) = (
            r.try_get(0).unwrap(),
            r.try_get(1).unwrap(),
            r.try_get(2).unwrap(),
            r.try_get(3).unwrap(),
            r.try_get(4).unwrap(),
        );
        *expected.get_mut(&user).unwrap() += payout - stake;
        let (said, paid) = told.get(&id).unwrap_or_else(|| panic!("seed {seed}: game {id} ended unseen"));
        let recorded = if status == "won" { Status::Won } else { Status::Lost };
        assert_eq!((*said, paid.get()), (recorded, payout), "seed {seed}: game {id} told otherwise");
    }
    common::assert_balances(&db, &expected, seed).await;
    scenario.teardown();
}
