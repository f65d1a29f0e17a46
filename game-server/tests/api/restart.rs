//! Restart safety with the real binary: bets of a round in play when the server is killed (`kill -9`)
//! are refunded exactly once at the next start; SIGTERM stops it cleanly.

use crate::binary::{self, free_port, scalar};
use crate::socket::Sock;
use casino_actors::store::{Db, fresh_database_url};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use sqlx::{Any, Row};
use std::process::{Child, Command};
use std::time::Duration;

async fn start(db_url: &str, port: u16) -> Child {
    start_with(db_url, port, 60_000).await
}

async fn start_with(db_url: &str, port: u16, countdown_ms: u32) -> Child {
    let countdown = countdown_ms.to_string();
    let settings = [
        ("CASINO_AVIATOR_COUNTDOWN_MS", countdown.as_str()),
        ("CASINO_AVIATOR_PAUSE_MS", "200"),
        ("CASINO_AVIATOR_CHAIN_LENGTH", "1000"),
    ];
    binary::serve(db_url, port, &settings).await
}

/// GET `path` as the player with `token`, as JSON.
async fn get_as(http: &reqwest::Client, base: &str, token: &Value, path: &str) -> Value {
    let token = token.as_str().unwrap();
    http.get(format!("{base}{path}")).bearer_auth(token).send().await.unwrap().json().await.unwrap()
}

#[tokio::test]
async fn bets_of_a_round_cut_by_kill_9_are_refunded_exactly_once() {
    let db_url = fresh_database_url("restart").await.unwrap();
    let operator_no = binary::operator(&db_url, "9000000077");

    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut server = start(&db_url, port).await;
    let http = reqwest::Client::new();
    let (_, players) = binary::fixture_players(&base, &operator_no, 2, 1000).await;

    // Player A bets on both slots, then cancels one and bets it again; player B bets once.
    let mut a = Sock::connect(&base, players[0]["token"].as_str().unwrap()).await;
    let round = a.countdown(5_000).await["roundId"].clone();
    for (slot, amount) in [(0, 100), (1, 250)] {
        assert_eq!(
            a.emit("place_bet", json!({"amount": amount, "roundId": round, "slot": slot})).await["success"],
            true
        );
    }
    assert_eq!(a.emit("cancel_bet", json!({"roundId": round, "slot": 1})).await["success"], true);
    assert_eq!(a.emit("place_bet", json!({"amount": 300, "roundId": round, "slot": 1})).await["success"], true);
    let mut b = Sock::connect(&base, players[1]["token"].as_str().unwrap()).await;
    assert_eq!(b.emit("place_bet", json!({"amount": 999.99, "roundId": round, "slot": 0})).await["success"], true);

    server.kill().unwrap(); // SIGKILL: no shutdown hook runs.
    server.wait().unwrap();
    let db = Db::connect(&db_url, 2).await.unwrap();
    assert_eq!(
        scalar(&db, "SELECT CAST(SUM(exposure) AS BIGINT) FROM accounts WHERE kind = 'user'").await,
        10_000 + 30_000 + 99_999
    );

    let mut server = start(&db_url, port).await;
    for p in &players {
        let w = get_as(&http, &base, &p["token"], &format!("/api/getwalletandexposure/{}", p["id"])).await;
        assert_eq!(
            (w["balance"].as_f64(), w["exposureBalance"].as_f64()),
            (Some(1000.0), Some(0.0)),
            "refunded in full"
        );
    }
    let refunds = "SELECT COUNT(*) FROM ledger WHERE kind = 'aviator_refund'";
    assert_eq!(scalar(&db, refunds).await, 2, "one refund per player with money in the round");
    let round_id = round.as_i64().unwrap();
    let status: String = sqlx::query::<Any>("SELECT status FROM aviator_rounds WHERE id = $1")
        .bind(round_id)
        .fetch_one(&db.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    assert_eq!(status, "void");
    let history = get_as(&http, &base, &players[1]["token"], &format!("/api/history/{}", players[1]["id"])).await;
    assert_eq!((history[0]["status"].as_str(), history[0]["betAmt"].as_f64()), (Some("Refunded"), Some(999.99)));
    // Player A's history shows each bet the round held as refunded, with its own stake (not the one taken back).
    let history = get_as(&http, &base, &players[0]["token"], &format!("/api/history/{}", players[0]["id"])).await;
    let mut refunded: Vec<(String, f64)> = history
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["status"].as_str().unwrap().to_string(), h["betAmt"].as_f64().unwrap()))
        .collect();
    refunded.sort_by(|x, y| x.1.total_cmp(&y.1));
    assert_eq!(refunded, [("Refunded".to_string(), 100.0), ("Refunded".to_string(), 300.0)], "{history}");

    // A second crash and restart refunds nothing more.
    server.kill().unwrap();
    server.wait().unwrap();
    let mut server = start(&db_url, port).await;
    assert_eq!(scalar(&db, refunds).await, 2, "exactly once");
    let books = "SELECT CAST(SUM(balance + exposure) AS BIGINT) FROM accounts";
    assert_eq!(scalar(&db, books).await, 0, "double entry holds across crashes");

    // SIGTERM: a graceful stop.
    let status = Command::new("kill").args(["-TERM", &server.id().to_string()]).status().unwrap();
    assert!(status.success());
    let mut exited = None;
    for _ in 0..150 {
        if let Some(s) = server.try_wait().unwrap() {
            exited = Some(s);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(exited.expect("stopped within 15 s").success(), "exits cleanly on SIGTERM");
}

/// Plays rounds as `token` until the server goes away: a bet or two per round, some with auto cash-out, some
/// cashed out by hand at a random moment.
pub(crate) async fn bettor(base: String, token: String, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut s = Sock::connect(&base, &token).await;
    loop {
        let round = s.countdown(300).await["roundId"].clone();
        let mut manual = Vec::new();
        for slot in 0..2 {
            if rng.random_bool(0.4) {
                continue;
            }
            let amount = f64::from(rng.random_range(1_000..=20_000u32)) / 100.0;
            let auto = rng.random_bool(0.5).then(|| f64::from(rng.random_range(101..=250u32)) / 100.0);
            let ack = s
                .emit("place_bet", json!({"amount": amount, "roundId": round, "slot": slot, "autoCashout": auto}))
                .await;
            if ack["success"] == true && auto.is_none() {
                manual.push(slot);
            }
        }
        if manual.is_empty() {
            continue;
        }
        s.wait("aviator_game_state", |v| v["phase"] == "flying" && v["roundId"] == round).await;
        tokio::time::sleep(Duration::from_millis(rng.random_range(0..1_500))).await;
        for slot in manual {
            s.emit("cash_out", json!({"roundId": round, "slot": slot})).await;
        }
    }
}

/// After any number of kills, the books must hold: they sum to zero and match the ledger, nothing is held or
/// pending, every finished round is ended or void, and each player's balance is their bets' outcomes.
pub(crate) async fn assert_consistent(db: &Db, players: &[Value], start_paise: i64, seed: u64) {
    assert_eq!(scalar(db, "SELECT CAST(SUM(balance + exposure) AS BIGINT) FROM accounts").await, 0, "seed {seed}");
    let drift = "SELECT COUNT(*) FROM accounts a WHERE a.balance <> (SELECT COALESCE(CAST(SUM(delta_balance) AS BIGINT), 0) \
                 FROM ledger l WHERE l.account_id = a.id) OR a.exposure <> (SELECT COALESCE(CAST(SUM(delta_exposure) AS BIGINT), 0) \
                 FROM ledger l WHERE l.account_id = a.id)";
    assert_eq!(scalar(db, drift).await, 0, "seed {seed}: an account differs from its ledger");
    assert_eq!(scalar(db, "SELECT COUNT(*) FROM wallet_intents WHERE status <> 'applied'").await, 0, "seed {seed}");
    for p in players {
        let id = p["id"].as_i64().unwrap();
        let row = sqlx::query::<Any>("SELECT balance, exposure FROM accounts WHERE id = $1")
            .bind(id)
            .fetch_one(&db.pool)
            .await
            .unwrap();
        let (balance, exposure): (i64, i64) = (row.try_get(0).unwrap(), row.try_get(1).unwrap());
        assert_eq!(exposure, 0, "seed {seed}: player {id} still has a stake held");
        let outcomes = sqlx::query::<Any>(
            "SELECT CAST(COALESCE(SUM(payout - stake), 0) AS BIGINT) FROM aviator_bets WHERE user_id = $1",
        )
        .bind(id)
        .fetch_one(&db.pool)
        .await
        .unwrap()
        .try_get::<i64, _>(0)
        .unwrap();
        assert_eq!(balance, start_paise + outcomes, "seed {seed}: player {id}'s balance is not their bets' outcomes");
    }
}

#[tokio::test]
async fn kill_9_at_random_moments_always_restarts_to_consistent_books() {
    let seed: u64 = std::env::var("KILL_TEST_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(rand::random);
    println!("seed = {seed} (replay with KILL_TEST_SEED={seed})");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let db_url = fresh_database_url("kills").await.unwrap();
    let operator_no = binary::operator(&db_url, "9000000078");
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut server = start_with(&db_url, port, 1_200).await;
    let (_, players) = binary::fixture_players(&base, &operator_no, 4, 5000).await;
    let db = Db::connect(&db_url, 2).await.unwrap();
    let holds = "SELECT COUNT(*) FROM ledger WHERE kind = 'aviator_bet'";
    for kill in 0..4 {
        let held = scalar(&db, holds).await;
        let bettors: Vec<_> = players
            .iter()
            .map(|p| tokio::spawn(bettor(base.clone(), p["token"].as_str().unwrap().to_string(), rng.random())))
            .collect();
        // The random moment is counted from the first bet of this life: a long flight (or a slow start on a loaded
        // machine) can keep the bettors waiting for a betting window, and a kill before any bet tests nothing.
        for _ in 0..600 {
            if scalar(&db, holds).await > held {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        tokio::time::sleep(Duration::from_millis(rng.random_range(0..3_500))).await;
        server.kill().unwrap(); // SIGKILL at a random moment of a round
        server.wait().unwrap();
        for b in bettors {
            let _ = b.await; // each ends when its socket breaks
        }
        println!("kill {kill}: done");
        server = start_with(&db_url, port, 1_200).await;
        assert_consistent(&db, &players, 500_000, seed).await;
    }
    let bets = scalar(&db, "SELECT COUNT(*) FROM aviator_bets").await;
    let refunds = scalar(&db, "SELECT COUNT(*) FROM aviator_bets WHERE status = 'refunded'").await;
    println!("{bets} bets in history, {refunds} of them refunds of rounds cut in flight");
    assert!(bets > 0, "seed {seed}: the bettors should have played");
    server.kill().unwrap();
    server.wait().unwrap();
}

/// Round games: the tickets of a round cut by `kill -9` are refunded exactly once at the next start, the round is
/// `void` and its seed published; a second crash refunds nothing more.
#[tokio::test]
async fn round_game_tickets_cut_by_kill_9_are_refunded_exactly_once() {
    let db_url = fresh_database_url("restart_rounds").await.unwrap();
    let operator_no = binary::operator(&db_url, "9000000078");
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let settings = [("CASINO_TITLI_BETTING_MS", "60000"), ("CASINO_ANDAR_BAHAR_BETTING_MS", "60000")];
    let mut server = binary::serve(&db_url, port, &settings).await;
    let http = reqwest::Client::new();
    let (_, players) = binary::fixture_players(&base, &operator_no, 2, 1000).await;
    let mut a = Sock::connect(&base, players[0]["token"].as_str().unwrap()).await;
    let titli = a.emit("titli:join", json!({})).await["roundId"].clone();
    let ack = a
        .emit(
            "titli:placeBet",
            json!({"roundId": titli, "bets": [{"pick": 1, "amount": 100}, {"pick": 7, "amount": 50}]}),
        )
        .await;
    assert_eq!(ack["success"], true, "{ack}");
    let ack = a.emit("titli:placeBet", json!({"roundId": titli, "bets": [{"pick": 2, "amount": 25.5}]})).await;
    assert_eq!(ack["success"], true, "{ack}");
    let mut b = Sock::connect(&base, players[1]["token"].as_str().unwrap()).await;
    let ab = b.emit("andar_bahar:join", json!({})).await["roundId"].clone();
    let ack = b.emit("andar_bahar:placeBet", json!({"roundId": ab, "bets": [{"pick": "Bahar", "amount": 300}]})).await;
    assert_eq!(ack["success"], true, "{ack}");

    server.kill().unwrap(); // SIGKILL: no shutdown hook runs.
    server.wait().unwrap();
    let db = Db::connect(&db_url, 2).await.unwrap();
    assert_eq!(
        scalar(&db, "SELECT CAST(SUM(exposure) AS BIGINT) FROM accounts WHERE kind = 'user'").await,
        17_550 + 30_000
    );

    let mut server = binary::serve(&db_url, port, &settings).await;
    for p in &players {
        let w = get_as(&http, &base, &p["token"], &format!("/api/getwalletandexposure/{}", p["id"])).await;
        assert_eq!(
            (w["balance"].as_f64(), w["exposureBalance"].as_f64()),
            (Some(1000.0), Some(0.0)),
            "refunded in full"
        );
    }
    let refunds = "SELECT COUNT(*) FROM ledger WHERE kind IN ('titli_refund', 'andar_bahar_refund') AND account_id > 0";
    assert_eq!(scalar(&db, refunds).await, 2, "one refund per player and round");
    let fair: Value = http.get(format!("{base}/api/fair/titli/{titli}")).send().await.unwrap().json().await.unwrap();
    assert_eq!(fair["status"], "void");
    assert_eq!(fair["serverSeed"].as_str().map(str::len), Some(64), "a void round's seed is published");

    server.kill().unwrap();
    server.wait().unwrap();
    let mut server = binary::serve(&db_url, port, &settings).await;
    assert_eq!(scalar(&db, refunds).await, 2, "exactly once");
    assert_eq!(scalar(&db, "SELECT CAST(SUM(balance + exposure) AS BIGINT) FROM accounts").await, 0);
    server.kill().unwrap();
    server.wait().unwrap();
}

/// Mines: a game in play when the server is killed resumes after the restart with its tiles and its held stake,
/// and cashes out once; the books balance.
#[tokio::test]
async fn a_mines_game_survives_kill_9_and_cashes_out_once() {
    let db_url = fresh_database_url("restart_mines").await.unwrap();
    let operator_no = binary::operator(&db_url, "9000000079");
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut server = binary::serve(&db_url, port, &[]).await;
    let http = reqwest::Client::new();
    let (_, players) = binary::fixture_players(&base, &operator_no, 1, 1000).await;
    let token = players[0]["token"].as_str().unwrap();
    let post = |path: &str, body: Value| http.post(format!("{base}{path}")).bearer_auth(token).json(&body).send();
    // One mine: play until the first tile is safe.
    let game = loop {
        let started: Value =
            post("/api/mines/betPlace", json!({"betAmt": 100, "mines": 1})).await.unwrap().json().await.unwrap();
        let id = started["game"]["gameId"].clone();
        let v: Value = post("/api/mines/reveal", json!({"gameId": id, "tile": 7})).await.unwrap().json().await.unwrap();
        if v["game"]["status"] == "playing" {
            break v["game"].clone();
        }
    };

    server.kill().unwrap(); // SIGKILL: no shutdown hook runs.
    server.wait().unwrap();
    let mut server = binary::serve(&db_url, port, &[]).await;
    let screen = get_as(&http, &base, &players[0]["token"], "/api/mines").await;
    assert_eq!(screen["game"]["gameId"], game["gameId"], "the game resumes: {screen}");
    assert_eq!(screen["game"]["revealed"], json!([7]));
    let w =
        get_as(&http, &base, &players[0]["token"], &format!("/api/getwalletandexposure/{}", players[0]["id"])).await;
    assert_eq!(w["exposureBalance"].as_f64(), Some(100.0), "its stake is still held");
    let v: Value = post("/api/mines/cashout", json!({"gameId": game["gameId"]})).await.unwrap().json().await.unwrap();
    assert_eq!((v["game"]["status"].as_str(), v["game"]["payout"].as_f64()), (Some("won"), Some(101.04)), "{v}");

    // Killed again right after the answer (the settle's intent may still be open): the next start closes it.
    server.kill().unwrap();
    server.wait().unwrap();
    let mut server = binary::serve(&db_url, port, &[]).await;
    server.kill().unwrap();
    server.wait().unwrap();
    let db = Db::connect(&db_url, 2).await.unwrap();
    assert_eq!(scalar(&db, "SELECT CAST(SUM(balance + exposure) AS BIGINT) FROM accounts").await, 0);
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM wallet_intents WHERE status <> 'applied'").await, 0);
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM ledger WHERE kind = 'mines_win' AND account_id > 0").await, 1);
}

/// Matka: the server is killed while a drawn draw holds bids and stays down past the draw's close; the next start
/// draws both results from the committed seed and settles the bids once.
#[tokio::test]
async fn matka_bids_cut_by_kill_9_settle_once_after_the_close() {
    let db_url = fresh_database_url("restart_matka").await.unwrap();
    let operator_no = binary::operator(&db_url, "9000000080");
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let settings = [("CASINO_MATKA_QUICK_SECONDS", "20")];
    let mut server = binary::serve(&db_url, port, &settings).await;
    let http = reqwest::Client::new();
    let (_, players) = binary::fixture_players(&base, &operator_no, 1, 1000).await;
    let (token, id) = (&players[0]["token"], &players[0]["id"]);
    let quick = loop {
        let list = get_as(&http, &base, token, "/api/admin/getMatkas").await;
        let now = list["serverTime"].as_i64().unwrap();
        let m = list["markets"].as_array().unwrap().iter().find(|m| m["marketName"] == "Quick Matka").cloned().unwrap();
        if m["closeStatus"] == "Open" && m["opensAt"].as_i64().is_some_and(|t| t - now > 2_000) {
            break m;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let body = json!({"gameName": "Quick Matka", "bidType": "single digit", "session": "close", "bids": [{"number": "7", "points": 10}]});
    let r =
        http.post(format!("{base}/api/bids")).bearer_auth(token.as_str().unwrap()).json(&body).send().await.unwrap();
    assert_eq!(r.status(), 201);

    server.kill().unwrap(); // SIGKILL: no shutdown hook runs.
    server.wait().unwrap();
    let closes_at = quick["closesAt"].as_i64().unwrap();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    tokio::time::sleep(Duration::from_millis((closes_at - now + 500).max(0) as u64)).await;

    let mut server = binary::serve(&db_url, port, &settings).await;
    let wallet = |http: reqwest::Client, base: String| async move {
        get_as(&http, &base, token, &format!("/api/getwalletandexposure/{id}")).await
    };
    let mut w = wallet(http.clone(), base.clone()).await;
    for _ in 0..100 {
        if w["exposureBalance"].as_f64() == Some(0.0) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        w = wallet(http.clone(), base.clone()).await;
    }
    let chart = get_as(&http, &base, token, &format!("/api/matka/markets/{}/chart", quick["id"])).await;
    let row = chart["results"].as_array().unwrap().iter().find(|r| r["drawNo"] == quick["drawNo"]).cloned().unwrap();
    let won = row["jodi"].as_str().unwrap().ends_with('7');
    assert_eq!(w["balance"].as_f64(), Some(if won { 1085.0 } else { 990.0 }), "{row} {w}");
    assert_eq!(w["exposureBalance"].as_f64(), Some(0.0));

    server.kill().unwrap();
    server.wait().unwrap();
    let mut server = binary::serve(&db_url, port, &settings).await;
    let db = Db::connect(&db_url, 2).await.unwrap();
    let settles = "SELECT COUNT(*) FROM ledger WHERE kind IN ('matka_win', 'matka_loss') AND account_id > 0";
    assert_eq!(scalar(&db, settles).await, 1, "settled exactly once");
    assert_eq!(scalar(&db, "SELECT CAST(SUM(balance + exposure) AS BIGINT) FROM accounts").await, 0);
    server.kill().unwrap();
    server.wait().unwrap();
}
