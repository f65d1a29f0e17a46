//! The round games (Titli Par, Andar Bahar, Color Prediction) against the real server: bets over the socket and
//! the spec's REST names, every bad input refused with nothing moved, each round settled by its committed seed,
//! and the books right after the result.

use crate::helpers::{TestApp, spawn_app};
use crate::socket::Sock;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// POST as the player holding `token`.
async fn post_as(app: &TestApp, token: &str, path: &str, body: &Value) -> (StatusCode, Value) {
    let r = app.http.post(format!("{}{path}", app.base)).bearer_auth(token).json(body).send().await.unwrap();
    let status = r.status();
    (status, r.json().await.unwrap())
}

async fn wallet_of(app: &TestApp, token: &str, id: &Value) -> (f64, f64) {
    let v = app.get_as(token, &format!("/api/getwalletandexposure/{id}")).await;
    (v["balance"].as_f64().unwrap(), v["exposureBalance"].as_f64().unwrap())
}

/// Joins `game` and waits for a round whose betting has at least `min_ms` left; returns its id.
pub(crate) async fn betting_round(s: &mut Sock, game: &str, min_ms: i64) -> i64 {
    let state = s.emit(&format!("{game}:join"), json!({})).await;
    let left = |v: &Value| v["bettingClosesAt"].as_i64().unwrap_or(0) - v["serverTime"].as_i64().unwrap_or(0);
    if state["gamePhase"] == "betting" && left(&state) >= min_ms {
        return state["roundId"].as_i64().unwrap();
    }
    let start = s.wait(&format!("{game}:roundStart"), |v| left(v) >= min_ms).await;
    start["roundId"].as_i64().unwrap()
}

/// The fairness record of a round once it is decided.
async fn decided(app: &TestApp, game: &str, round: i64) -> Value {
    for _ in 0..100 {
        let v: Value = app.get(&format!("/api/fair/{game}/{round}")).await.json().await.unwrap();
        if v["status"] == "ended" {
            return v;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("{game} round {round} did not end");
}

#[tokio::test]
async fn titli_refuses_bad_bets_and_pays_ten_times_the_winning_picture() {
    let app = spawn_app().await;
    let players = app.fixture_players(2, 1_000).await;
    let (id, token) = (&players[0].0, players[0].1.as_str());
    let mut s = Sock::connect(&app.base, token).await;
    let round = betting_round(&mut s, "titli", 2_000).await;

    let bad = [
        (json!({"roundId": round, "bets": [{"pick": 13, "amount": 10}]}), "unknown_pick"),
        (json!({"roundId": round, "bets": [{"pick": "dragon", "amount": 10}]}), "unknown_pick"),
        (json!({"roundId": round, "bets": [{"pick": 1, "amount": 0}]}), "stake_too_low"),
        (json!({"roundId": round, "bets": [{"pick": 1, "amount": -10}]}), "stake_too_low"),
        (json!({"roundId": round, "bets": [{"pick": 1, "amount": 10.005}]}), "invalid_amount"),
        (
            json!({"roundId": round, "bets": [{"pick": 1, "amount": 10}, {"pick": 2, "amount": 20}], "totalBets": 25}),
            "total_mismatch",
        ),
        (json!({"roundId": round, "bets": [{"pick": 1, "amount": 10}, {"pick": 1, "amount": 10}]}), "duplicate_pick"),
        (json!({"roundId": round, "bets": []}), "no_picks"),
        (json!({"roundId": round - 1, "bets": [{"pick": 1, "amount": 10}]}), "wrong_round"),
        (
            json!({"roundId": round, "bets": [{"pick": 1, "amount": 600}, {"pick": 2, "amount": 600}]}),
            "insufficient_balance",
        ),
        (json!({"roundId": round, "userId": players[1].0, "bets": [{"pick": 1, "amount": 10}]}), "forbidden"),
    ];
    for (payload, code) in bad {
        let ack = s.emit("titli:placeBet", payload.clone()).await;
        assert_eq!(ack["success"], false, "{payload}");
        assert_eq!(ack["error"], code, "{payload} → {ack}");
    }
    assert_eq!(wallet_of(&app, token, id).await, (1_000.0, 0.0), "a refused bet moves nothing");

    // The spec's selectedCard form: every picture, ₹10 each; exactly one wins 10×.
    let cards: Vec<Value> = (1..=12).map(|n| json!({"imageNumber": n, "betAmount": 10})).collect();
    let ack = s.emit("titli:placeBet", json!({"roundId": round, "selectedCard": cards, "totalBets": 120})).await;
    assert_eq!(ack["success"], true, "{ack}");
    assert_eq!((ack["total"].as_f64(), ack["newBalance"].as_f64()), (Some(120.0), Some(880.0)));
    assert_eq!(wallet_of(&app, token, id).await, (880.0, 120.0));

    let win = s.wait("titli:winResult", |v| v["roundId"] == round).await;
    assert_eq!(
        (win["stake"].as_f64(), win["payout"].as_f64(), win["profit"].as_f64()),
        (Some(120.0), Some(100.0), Some(-20.0))
    );
    assert_eq!(wallet_of(&app, token, id).await, (980.0, 0.0));

    let fair = decided(&app, "titli", round).await;
    assert_eq!(fair["verified"], true, "{fair}");
    assert_eq!(fair["result"], win["result"]);
    assert_eq!(fair["result"], fair["recomputed"]);
    let history = app.get_as(token, &format!("/api/pappu/bets/{id}")).await;
    let row = &history["bets"][0];
    assert_eq!((row["roundId"].as_i64(), row["status"].as_str()), (Some(round), Some("won")));
    assert_eq!(row["bets"].as_array().unwrap().len(), 12);
    let latest: Value = app.get("/api/titli/get-random-image").await.json().await.unwrap();
    assert!(latest["roundId"].as_i64().unwrap() >= round);

    // After betting closed, a bet is refused and nothing moves.
    s.wait("titli:timerUpdate", |v| v["bettingOpen"] == false).await;
    let ack = s.emit("titli:placeBet", json!({"bets": [{"pick": 3, "amount": 10}]})).await;
    assert!(ack["error"] == "betting_closed" || ack["success"] == true, "{ack}");
    if ack["success"] == false {
        assert_eq!(wallet_of(&app, token, id).await, (980.0, 0.0));
    }
}

#[tokio::test]
async fn titli_rest_bet_checks_the_round_and_the_owner() {
    let app = spawn_app().await;
    let players = app.fixture_players(2, 500).await;
    let (id, token) = (&players[0].0, players[0].1.as_str());
    let mut s = Sock::connect(&app.base, token).await;
    let round = betting_round(&mut s, "titli", 1_500).await;
    let body = json!({"user": players[1].0, "selectedCard": [{"image": "kite", "betAmount": 50}], "totalBets": 50, "gameId": round});
    let (status, e) = post_as(&app, token, "/api/titli/new/bets", &body).await;
    assert_eq!((status, e["code"].as_str().or(e["error"].as_str())), (StatusCode::FORBIDDEN, Some("forbidden")));
    let body =
        json!({"user": id, "selectedCard": [{"image": "kite", "betAmount": 50}], "totalBets": 50, "gameId": round});
    let (status, ok) = post_as(&app, token, "/api/titli/new/bets", &body).await;
    assert_eq!(status, StatusCode::CREATED, "{ok}");
    assert_eq!(ok["newBalance"].as_f64(), Some(450.0));
    let someone_else = app.get_as(token, &format!("/api/pappu/bets/{}", players[1].0)).await;
    assert_ne!(someone_else["success"], true, "another player's bets are not shown: {someone_else}");
}

#[tokio::test]
async fn andar_bahar_takes_the_servers_odds_and_settles_by_the_deal() {
    let app = spawn_app().await;
    let players = app.fixture_players(1, 1_000).await;
    let (id, token) = (&players[0].0, players[0].1.as_str());
    let mut s = Sock::connect(&app.base, token).await;
    let round = betting_round(&mut s, "andar_bahar", 1_500).await;
    for (body, code) in [
        (json!({"userId": id, "label": "Tie", "stake": 100}), "unknown_pick"),
        (json!({"userId": id, "label": "Andar", "stake": 0}), "stake_too_low"),
        (json!({"userId": id, "label": "Andar", "stake": "abc"}), "invalid_amount"),
        (json!({"userId": id, "label": "Andar", "stake": 5}), "stake_too_low"),
    ] {
        let (status, e) = post_as(&app, token, "/api/bets2", &body).await;
        assert!(status.is_client_error(), "{body}");
        assert_eq!(e["code"].as_str().or(e["error"].as_str()), Some(code), "{body} → {e}");
    }
    assert_eq!(wallet_of(&app, token, id).await, (1_000.0, 0.0));
    // Odds and profit in the body are ignored: the server's are used.
    let (status, ok) = post_as(
        &app,
        token,
        "/api/bets2",
        &json!({"userId": id, "label": "Andar", "stake": 100, "odds": 50, "profit": 5000}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{ok}");
    assert_eq!(ok["roundId"].as_i64(), Some(round));
    let ack =
        s.emit("andar_bahar:placeBet", json!({"roundId": round, "bets": [{"pick": "Bahar", "amount": 100}]})).await;
    assert_eq!(ack["success"], true, "{ack}");
    assert_eq!(wallet_of(&app, token, id).await, (800.0, 200.0));

    let first_card = s.wait("andar_bahar:revealStep", |v| v["roundId"] == round).await;
    assert_eq!((first_card["index"].as_i64(), first_card["step"]["side"].as_str()), (Some(0), Some("Andar")));
    let fair = decided(&app, "andar_bahar", round).await;
    assert_eq!(fair["verified"], true, "{fair}");
    let winner = fair["result"]["winner"].as_str().unwrap().to_string();
    // One side won: Andar returns 1.9×, Bahar 2×.
    let expected = if winner == "Andar" { 800.0 + 190.0 } else { 800.0 + 200.0 };
    s.wait("andar_bahar:winResult", |v| v["roundId"] == round && v["bets"][0]["pick"] == winner).await;
    for _ in 0..50 {
        if wallet_of(&app, token, id).await == (expected, 0.0) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(wallet_of(&app, token, id).await, (expected, 0.0));
    let bets = app.get_as(token, &format!("/api/bets2/{id}")).await;
    let rows = bets["bets"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    let andar = rows.iter().find(|r| r["label"] == "Andar").unwrap();
    assert_eq!(andar["odds"].as_f64(), Some(0.9));
    assert_eq!(andar["isWin"], if winner == "Andar" { "win" } else { "loss" });
}

#[tokio::test]
async fn color_prediction_pays_the_drawn_colour() {
    let app = spawn_app().await;
    let players = app.fixture_players(1, 100).await;
    let (id, token) = (&players[0].0, players[0].1.as_str());
    let mut s = Sock::connect(&app.base, token).await;
    let round = betting_round(&mut s, "color", 1_500).await;
    let ack = s.emit("color:placeBet", json!({"roundId": round, "bets": [{"pick": "purple", "amount": 10}]})).await;
    assert_eq!(ack["error"], "unknown_pick");
    let ack = s
        .emit(
            "color:placeBet",
            json!({"roundId": round, "bets": [{"pick": "red", "amount": 10}, {"pick": "blue", "amount": 10}]}),
        )
        .await;
    assert_eq!(ack["error"], "too_many_picks", "one colour per bet");
    let ack = s.emit("color:placeBet", json!({"roundId": round, "bets": [{"pick": "red", "amount": 10}]})).await;
    assert_eq!(ack["success"], true, "{ack}");
    let result = s.wait("color:revealResult", |v| v["roundId"] == round).await;
    assert_eq!(result["serverSeed"].as_str().unwrap().len(), 64);
    let win = s.wait("color:winResult", |v| v["roundId"] == round).await;
    let expected = if result["result"]["colour"] == "red" { 29.0 } else { 0.0 };
    assert_eq!(win["payout"].as_f64(), Some(expected));
    assert_eq!(wallet_of(&app, token, id).await, (90.0 + expected, 0.0));
    let info: Value = app.get("/api/fair/color").await.json().await.unwrap();
    assert_eq!(info["payouts"][0]["payout"].as_f64(), Some(2.9));
    assert!((info["payouts"][0]["rtp"].as_f64().unwrap() - 0.9667).abs() < 1e-4);
    let (status, _) = crate::helpers::error_of(app.get("/api/fair/roulette").await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_connection_hears_only_the_games_whose_screen_is_open() {
    let app = spawn_app().await;
    let players = app.fixture_players(1, 100).await;
    let mut s = Sock::connect_only(&app.base, &players[0].1).await;
    let state = s.emit("color:join", json!({})).await;
    assert!(state["roundId"].as_i64().is_some(), "{state}");
    // Two seconds of traffic, every event kept (acks of pings in between): the colour table's timer, nothing else.
    for _ in 0..10 {
        assert_eq!(s.emit("ping", json!({})).await["pong"], true);
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert!(s.seen("color:timerUpdate"));
    assert!(!s.seen("aviator_game_state"), "Aviator's room was not joined");
    assert!(!s.seen("titli:timerUpdate"));
    assert_eq!(s.emit("color:leave", json!({})).await["success"], true);
    assert_eq!(s.emit("aviator:join", json!({})).await["success"], true);
    s.wait("aviator_game_state", |_| true).await;
}

/// The console's game row of `game`.
async fn game_row(desk: &TestApp, game: &str) -> Value {
    let list: Value = desk.get("/api/admin/games").await.json().await.unwrap();
    list["games"].as_array().unwrap().iter().find(|g| g["game"] == game).cloned().unwrap()
}

#[tokio::test]
async fn an_operator_changes_a_round_game_from_the_next_round_and_suspends_it() {
    let app = spawn_app().await;
    let desk = app.other_client();
    desk.operator("9000000123").await;
    let row = game_row(&desk, "color").await;
    assert_eq!(row["settings"]["payout"], 290);
    assert_eq!(row["pending"], Value::Null);
    for bad in
        [json!({"payout": 300}), json!({"payout": "lots"}), json!({"colour": "red"}), json!({"limits": {"min": 0}})]
    {
        let (status, body) = crate::helpers::error_of(desk.put("/api/admin/games/color/settings", &bad).await).await;
        assert_eq!((status, body["error"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_settings")), "{bad}");
    }
    assert_eq!(game_row(&desk, "color").await["pending"], Value::Null, "a refused change changes nothing");
    let r = desk.put("/api/admin/games/color/settings", &json!({"payout": 280, "limits": {"max": 50_000}})).await;
    assert_eq!(r.status(), StatusCode::OK);
    let row = game_row(&desk, "color").await;
    assert_eq!((row["settings"]["payout"].as_i64(), row["pending"]["payout"].as_i64()), (Some(290), Some(280)));
    assert_eq!(row["pending"]["limits"]["max"], 50_000, "paise");
    let round = row["round"].as_i64().unwrap();
    for _ in 0..100 {
        if game_row(&desk, "color").await["round"].as_i64().unwrap() > round {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let row = game_row(&desk, "color").await;
    assert_eq!(
        (row["settings"]["payout"].as_i64(), &row["pending"]),
        (Some(280), &Value::Null),
        "taken at the next round"
    );
    let info: Value = app.get("/api/fair/color").await.json().await.unwrap();
    assert_eq!(info["payouts"][0]["payout"].as_f64(), Some(2.8));

    let r = desk.post("/api/admin/games/color/suspend", &json!({})).await;
    assert_eq!(r.status(), StatusCode::OK);
    let players = app.fixture_players(1, 100).await;
    let mut s = Sock::connect_only(&app.base, &players[0].1).await;
    let ack = s.emit("color:placeBet", json!({"bets": [{"pick": "red", "amount": 10}]})).await;
    assert_eq!(ack["error"], "suspended");
    // No new round opens while suspended.
    let held = game_row(&desk, "color").await["round"].as_i64().unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(4_500)).await;
    assert_eq!(game_row(&desk, "color").await["round"].as_i64().unwrap(), held);
    assert_eq!(game_row(&desk, "color").await["phase"], "suspended");
    desk.post("/api/admin/games/color/resume", &json!({})).await;
    for _ in 0..100 {
        if game_row(&desk, "color").await["round"].as_i64().unwrap() > held {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the table did not resume");
}
