//! Mines against the real server: every bad input refused with nothing moved, one game per player played to a
//! cash-out or a mine, the board recomputed from the revealed seed, someone else's game out of reach, concurrent
//! moves settled exactly once, and the operators' suspend.

use crate::binary::scalar;
use crate::helpers::{TestApp, spawn_app};
use casino_actors::fair::ServerSeed;
use casino_actors::mines::rules::Board;
use casino_actors::store::Db;
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn call(app: &TestApp, token: &str, method: reqwest::Method, path: &str, body: &Value) -> (StatusCode, Value) {
    let r = app.http.request(method, format!("{}{path}", app.base)).bearer_auth(token).json(body).send().await.unwrap();
    let status = r.status();
    (status, r.json().await.unwrap())
}

async fn post(app: &TestApp, token: &str, path: &str, body: Value) -> (StatusCode, Value) {
    call(app, token, reqwest::Method::POST, path, &body).await
}

async fn wallet(app: &TestApp, token: &str, id: &Value) -> (f64, f64) {
    let v = app.get_as(token, &format!("/api/getwalletandexposure/{id}")).await;
    (v["balance"].as_f64().unwrap(), v["exposureBalance"].as_f64().unwrap())
}

fn paise(v: &Value) -> i64 {
    (v.as_f64().unwrap() * 100.0).round() as i64
}

/// Starts a game of `stake` rupees with `mines` mines; returns the game.
async fn start(app: &TestApp, token: &str, stake: i64, mines: u8) -> Value {
    let (status, v) = post(app, token, "/api/mines/betPlace", json!({"betAmt": stake, "mines": mines})).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    v["game"].clone()
}

async fn reveal(app: &TestApp, token: &str, game: &Value, tile: u8) -> (StatusCode, Value) {
    post(app, token, "/api/mines/reveal", json!({"gameId": game["gameId"], "tile": tile})).await
}

/// A one-mine game with its first tile safe (games whose first tile is the mine are lost and replayed).
/// Returns the game and what the lost ones staked.
async fn safe_start(app: &TestApp, token: &str, stake: i64) -> (Value, i64) {
    let mut lost = 0;
    loop {
        let game = start(app, token, stake, 1).await;
        let (status, v) = reveal(app, token, &game, 12).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        if v["game"]["status"] == "playing" {
            return (v["game"].clone(), lost);
        }
        lost += stake;
    }
}

#[tokio::test]
async fn bad_input_is_refused_and_moves_nothing() {
    let app = spawn_app().await;
    let players = app.fixture_players(2, 1_000).await;
    let (id, token) = (&players[0].0, players[0].1.as_str());
    let refusals = [
        (json!({"betAmt": 0}), "invalid_amount"),
        (json!({"betAmt": -10}), "invalid_amount"),
        (json!({"betAmt": 10.005}), "invalid_amount"),
        (json!({"betAmt": "ten"}), "invalid_amount"),
        (json!({}), "invalid_amount"),
        (json!({"betAmt": 5}), "stake_too_low"),
        (json!({"betAmt": 60_000}), "stake_too_high"),
        (json!({"betAmt": 100, "mines": 0}), "invalid_mines"),
        (json!({"betAmt": 100, "mines": 25}), "invalid_mines"),
        (json!({"betAmt": 100, "mines": "many"}), "invalid_mines"),
        (json!({"betAmt": 1_000.01}), "insufficient_balance"),
    ];
    for (body, code) in refusals {
        let (status, v) = post(&app, token, "/api/mines/betPlace", body.clone()).await;
        assert!(status.is_client_error(), "{body} → {status} {v}");
        assert_eq!(v["error"], code, "{body} → {v}");
    }
    let (_, v) = post(&app, token, "/api/mines/betPlace", json!({"betAmt": 0})).await;
    assert_eq!(v["message"], "Bet amount must be more than 0");
    let (_, v) = post(&app, token, "/api/mines/betPlace", json!({"betAmt": 1_001})).await;
    assert_eq!(v["message"], "Insufficient balance!");
    let (status, _) = post(&app, token, "/api/mines/betPlace", json!({"betAmt": 100, "user": players[1].0})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "a bet for someone else");

    // No game yet: nothing to reveal or cash out.
    let (status, v) = post(&app, token, "/api/mines/cashout", json!({})).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::CONFLICT, Some("no_game")));
    assert_eq!(v["message"], "Please place a bet before cashing out.");
    let (_, v) = post(&app, token, "/api/mines/reveal", json!({"tile": 3})).await;
    assert_eq!(v["error"], "no_game");

    // The spec's client-reported result moves nothing.
    let report = json!({"user": id, "round_id": "RD1234", "winningAmt": 5000, "lossAmt": 0, "isWin": "Won", "balanceAfterGame": 99_999});
    let (status, v) = call(&app, token, reqwest::Method::PUT, "/api/update", &report).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::FORBIDDEN, Some("results_are_the_servers")));

    assert_eq!(wallet(&app, token, id).await, (1_000.0, 0.0), "nothing moved");
    let s = app.get_as(token, "/api/mines").await;
    assert_eq!(s["game"], Value::Null, "{s}");
    assert_eq!(s["seeds"]["nonce"], 1, "no refused bet used a seed: {s}");
}

#[tokio::test]
async fn a_game_cashes_out_once_and_pays_the_published_multiplier() {
    let app = spawn_app().await;
    let players = app.fixture_players(1, 1_000).await;
    let (id, token) = (&players[0].0, players[0].1.as_str());
    let screen = app.get_as(token, "/api/mines").await;
    assert_eq!(screen["settings"]["houseEdgeBp"], 300, "{screen}");
    assert_eq!(screen["settings"]["defaultMines"], 5);

    let (game, lost) = safe_start(&app, token, 100).await;
    let held = wallet(&app, token, id).await;
    assert_eq!(held, (900.0 - lost as f64, 100.0), "the stake is held while the game plays");
    // One mine, one safe tile: 0.97 × 25/24 = 1.0104×, ₹101.04.
    assert_eq!(game["multiplier"], 1.0104, "{game}");
    assert_eq!(game["payout"], 101.04);
    assert_eq!(game["nextMultiplier"], 1.0543, "0.97 × 25/23, rounded down: {game}");
    assert_eq!(game["mineTiles"], Value::Null, "the board stays hidden while playing");
    assert_eq!(game["serverSeed"], Value::Null);

    let (status, v) = reveal(&app, token, &game, 12).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::CONFLICT, Some("tile_revealed")));
    let (status, v) = reveal(&app, token, &game, 25).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_tile")));
    let (_, v) = post(&app, token, "/api/mines/reveal", json!({"gameId": game["gameId"], "tile": -1})).await;
    assert_eq!(v["error"], "invalid_tile");
    let (status, v) = post(&app, token, "/api/mines/betPlace", json!({"betAmt": 10})).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::CONFLICT, Some("game_open")), "one game at a time");
    assert_eq!(wallet(&app, token, id).await, held, "refused moves move nothing");

    let resumed = app.get_as(token, "/api/mines").await;
    assert_eq!(resumed["game"]["gameId"], game["gameId"], "the open game resumes: {resumed}");
    assert_eq!(resumed["game"]["revealed"], json!([12]));

    // A cash-out or reseed whose body is not JSON is refused: it never falls back to the game in play.
    for path in ["/api/mines/cashout", "/api/mines/seeds"] {
        let r = app.http.post(format!("{}{path}", app.base)).bearer_auth(token).body("\0").send().await.unwrap();
        assert_eq!(r.status(), StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(r.json::<Value>().await.unwrap()["error"], "invalid_request");
    }
    assert_eq!(wallet(&app, token, id).await, held, "a malformed cash-out moves nothing");
    let (status, v) = call(&app, token, reqwest::Method::POST, "/api/mines/cashout", &Value::Null).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_request")), "null is not a body");

    let (status, v) = post(&app, token, "/api/mines/cashout", json!({"gameId": game["gameId"]})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["game"]["status"], "won");
    assert_eq!(v["game"]["payout"], 101.04);
    assert_eq!((v["balance"].as_f64(), v["exposureBalance"].as_f64()), (Some(1_001.04 - lost as f64), Some(0.0)));
    assert_eq!(v["game"]["mineTiles"].as_array().map(Vec::len), Some(1), "the board shows once it is over");

    let (status, v) = post(&app, token, "/api/mines/cashout", json!({"gameId": game["gameId"]})).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::CONFLICT, Some("already_cashed_out")));
    assert_eq!(v["message"], "You Already Cashout");
    let (_, v) = reveal(&app, token, &game, 3).await;
    assert_eq!(v["error"], "already_cashed_out");
    assert_eq!(wallet(&app, token, id).await, (1_001.04 - lost as f64, 0.0), "paid once");

    let history = app.get_as(token, "/api/mines/history").await;
    let last = &history["games"][0];
    assert_eq!((last["result"].as_str(), last["winnings"].as_f64()), (Some("Won"), Some(101.04)), "{history}");
    assert_eq!(last["multiplier"], 1.0104);
}

#[tokio::test]
async fn a_mine_ends_the_game_and_the_revealed_seed_recomputes_the_board() {
    let app = spawn_app().await;
    let players = app.fixture_players(1, 1_000).await;
    let (id, token) = (&players[0].0, players[0].1.as_str());
    let (_, v) = post(&app, token, "/api/mines/seeds", json!({"clientSeed": "my own seed"})).await;
    assert_eq!(v["seeds"]["clientSeed"], "my own seed", "{v}");
    let (status, v) = post(&app, token, "/api/mines/seeds", json!({"clientSeed": ""})).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_seed")));
    let (_, v) = post(&app, token, "/api/mines/seeds", json!({"clientSeed": "x".repeat(65)})).await;
    assert_eq!(v["error"], "invalid_seed");

    // 24 mines: the one safe tile (1 in 25) clears the board and wins 24.25×; play until a mine.
    let mut paid = 0.0;
    let mut staked = 0.0;
    let (over, committed) = loop {
        let committed = app.get_as(token, "/api/mines").await["seeds"].clone();
        let game = start(&app, token, 10, 24).await;
        assert_eq!(game["commitment"], committed["commitment"], "the game plays the seed committed before it");
        staked += 10.0;
        let (_, v) = reveal(&app, token, &game, 0).await;
        if v["game"]["status"] == "lost" {
            break (v["game"].clone(), committed);
        }
        assert_eq!(v["game"]["status"], "won", "{v}");
        paid += 242.5;
    };
    assert_eq!(over["payout"], 0);
    let mines: Vec<u8> = serde_json::from_value(over["mineTiles"].clone()).unwrap();
    assert_eq!(mines.len(), 24);
    assert!(mines.contains(&0), "the tile that lost is a mine");
    let seed = ServerSeed::from_hex(over["serverSeed"].as_str().unwrap()).unwrap();
    assert_eq!(seed.commitment(), committed["commitment"].as_str().unwrap());
    let nonce = over["nonce"].as_i64().unwrap();
    assert_eq!(nonce, committed["nonce"].as_i64().unwrap());
    assert_eq!(Board::deal(&seed, "my own seed", nonce, 24).mines(), mines, "the board is the seeds'");

    let (status, v) = reveal(&app, token, &over, 5).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::CONFLICT, Some("hit_mine")));
    let (_, v) = post(&app, token, "/api/mines/cashout", json!({"gameId": over["gameId"]})).await;
    assert_eq!(v["error"], "hit_mine");
    let (b, e) = wallet(&app, token, id).await;
    assert_eq!(((b * 100.0).round() as i64, e), (((1_000.0 - staked + paid) * 100.0_f64).round() as i64, 0.0));
    let fair = app.get_as(token, &format!("/api/mines/games/{}", over["gameId"])).await;
    assert_eq!(fair["serverSeed"], over["serverSeed"]);
    let history = app.get_as(token, "/api/mines/history").await;
    assert_eq!(history["games"][0]["result"], "Lost", "{history}");
    assert_eq!(history["games"][0]["winnings"], 0);
}

#[tokio::test]
async fn another_players_game_is_out_of_reach() {
    let app = spawn_app().await;
    let players = app.fixture_players(2, 1_000).await;
    let (a, b) = (players[0].1.as_str(), players[1].1.as_str());
    let (game, _) = safe_start(&app, a, 100).await;
    let (status, v) = reveal(&app, b, &game, 3).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::FORBIDDEN, Some("not_your_game")));
    let (status, v) = post(&app, b, "/api/mines/cashout", json!({"gameId": game["gameId"]})).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::FORBIDDEN, Some("not_your_game")));
    let r =
        app.http.get(format!("{}/api/mines/games/{}", app.base, game["gameId"])).bearer_auth(b).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let (status, _) = post(&app, b, "/api/mines/cashout", json!({"gameId": 999_999})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(wallet(&app, b, &players[1].0).await, (1_000.0, 0.0));
    let mine = app.get_as(a, "/api/mines").await;
    assert_eq!(mine["game"]["revealed"], json!([12]), "untouched: {mine}");
}

/// A player's moves run one at a time, whatever the order they arrive in: cash-outs and reveals sent at once settle
/// the game exactly once.
#[tokio::test]
async fn concurrent_reveals_and_cash_outs_settle_exactly_once() {
    let app = spawn_app().await;
    let players = app.fixture_players(1, 1_000).await;
    let (id, token) = (&players[0].0, players[0].1.as_str());
    let (game, lost) = safe_start(&app, token, 100).await;
    let body = json!({"gameId": game["gameId"]});
    let (c1, c2, c3, r1, r2) = tokio::join!(
        post(&app, token, "/api/mines/cashout", body.clone()),
        post(&app, token, "/api/mines/cashout", body.clone()),
        post(&app, token, "/api/mines/cashout", body.clone()),
        reveal(&app, token, &game, 4),
        reveal(&app, token, &game, 5),
    );
    let cashed: Vec<&Value> = [&c1, &c2, &c3].iter().filter(|(s, _)| *s == StatusCode::OK).map(|(_, v)| v).collect();
    let over = [&c1, &c2, &c3, &r1, &r2]
        .iter()
        .filter(|(_, v)| v["game"]["status"] != "playing" && v["success"] == true)
        .count();
    assert_eq!(over, 1, "exactly one move ended the game: {c1:?} {c2:?} {c3:?} {r1:?} {r2:?}");
    assert!(cashed.len() <= 1);
    let db = Db::connect(&app.config.database_url, 2).await.unwrap();
    let reference = format!("mines:{}", game["gameId"]);
    let settles = scalar(
        &db,
        &format!("SELECT COUNT(*) FROM ledger WHERE reference = '{reference}' AND account_id > 0 AND kind IN ('mines_win', 'mines_loss')"),
    )
    .await;
    assert_eq!(settles, 1, "one settle in the ledger");
    let paid = scalar(
        &db,
        &format!("SELECT COALESCE(CAST(SUM(payout) AS BIGINT), 0) FROM mines_games WHERE id = {}", game["gameId"]),
    )
    .await;
    let (b, e) = wallet(&app, token, id).await;
    assert_eq!(((b * 100.0).round() as i64, e), (100_000 - 10_000 - lost * 100 + paid, 0.0));
    if let Some(v) = cashed.first() {
        assert_eq!(paise(&v["game"]["payout"]), paid);
    }
}

#[tokio::test]
async fn a_suspended_desk_starts_no_game_but_lets_open_ones_finish() {
    let app = spawn_app().await;
    let players = app.fixture_players(1, 1_000).await;
    let token = players[0].1.as_str();
    let (game, _) = safe_start(&app, token, 100).await;
    let desk = app.other_client();
    desk.operator("9000000123").await;
    let r = desk.post("/api/admin/games/mines/suspend", &json!({})).await;
    assert_eq!(r.status(), StatusCode::OK);
    let list: Value = desk.get("/api/admin/games").await.json().await.unwrap();
    let mines = list["games"].as_array().unwrap().iter().find(|g| g["game"] == "mines").unwrap().clone();
    assert_eq!((mines["suspended"].as_bool(), mines["openGames"].as_i64()), (Some(true), Some(1)), "{mines}");
    assert_eq!(mines["heldStakes"], 100);

    let (_, v) = post(&app, token, "/api/mines/cashout", json!({"gameId": game["gameId"]})).await;
    assert_eq!(v["game"]["status"], "won", "an open game finishes: {v}");
    let (status, v) = post(&app, token, "/api/mines/betPlace", json!({"betAmt": 10})).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::CONFLICT, Some("suspended")));

    let r = desk.put("/api/admin/games/mines/settings", &json!({"minBet": 5_000, "houseEdgeBp": 100})).await;
    assert_eq!(r.status(), StatusCode::OK);
    let r = desk.put("/api/admin/games/mines/settings", &json!({"houseEdgeBp": 0})).await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST, "no edge is refused");
    desk.post("/api/admin/games/mines/resume", &json!({})).await;
    let (_, v) = post(&app, token, "/api/mines/betPlace", json!({"betAmt": 10})).await;
    assert_eq!(v["error"], "stake_too_low", "₹50 minimum now: {v}");
    let game = start(&app, token, 50, 24).await;
    assert_eq!(game["nextMultiplier"], 24.75, "a 1% edge from the next game");
}
