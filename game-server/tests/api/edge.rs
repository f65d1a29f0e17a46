//! The house's edge on the exchange, against a real server with a test-hook match (it moves only when played, and a
//! test may publish quotes on it through the same auditor as the feed's): the sure wins players found are never
//! published, a bet past a liability limit is refused and moves nothing, and a player whose open bets cannot lose
//! is flagged for the operators.

use crate::helpers::{TestApp, spawn_app, spawn_app_with};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// An operator's client with a test match started and in play (every market open at the model's prices).
async fn desk_with_match(app: &TestApp, seed: u64) -> (TestApp, i64) {
    let desk = app.other_client();
    desk.operator(&format!("91{:08}", rand::random::<u32>() % 100_000_000)).await;
    let r = desk.post("/api/admin/test/sports/matches", &json!({ "seed": seed })).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let id = r.json::<Value>().await.unwrap()["matchId"].as_i64().unwrap();
    let r = desk.post(&format!("/api/admin/test/sports/matches/{id}/play"), &json!({ "steps": 1 })).await;
    assert_eq!(r.status(), StatusCode::OK);
    (desk, id)
}

async fn quotes(desk: &TestApp, id: i64, body: Value) -> Value {
    let r = desk.post(&format!("/api/admin/test/sports/matches/{id}/quotes"), &body).await;
    assert_eq!(r.status(), StatusCode::OK);
    r.json().await.unwrap()
}

async fn bet(app: &TestApp, token: &str, body: Value) -> (StatusCode, Value) {
    let r = app.http.post(format!("{}/api/laggai_khai_bets", app.base)).bearer_auth(token).json(&body).send().await;
    let r = r.unwrap();
    (r.status(), r.json().await.unwrap_or(Value::Null))
}

/// A counter from `/metrics` (the recorder is the test process's, shared by every server in it).
async fn counter(desk: &TestApp, name: &str) -> f64 {
    let text = desk.get("/metrics").await.text().await.unwrap();
    text.lines().find_map(|l| l.strip_prefix(name)?.trim().parse().ok()).unwrap_or(0.0)
}

async fn wallet(app: &TestApp, id: &Value, token: &str) -> (f64, f64) {
    let v = app.get_as(token, &format!("/api/getwalletandexposure/{id}")).await;
    (v["balance"].as_f64().unwrap(), v["exposureBalance"].as_f64().unwrap())
}

/// Khai on both teams (142 and 65), back 1.67 with khai 66 on the same team, and both backs at the ladder's floor
/// against 120: each set is suspended instead of published, and a bet at its prices moves nothing. The model's own
/// quotes stay open and take bets.
#[tokio::test]
async fn the_sure_wins_players_found_are_never_published() {
    let app = spawn_app().await;
    let (desk, id) = desk_with_match(&app, 11).await;
    let players = app.fixture_players(1, 10_000).await;
    let (pid, token) = (&players[0].0, players[0].1.as_str());

    let sets = [
        json!({ "bookmaker": [[140, 142], [63, 65]] }),
        json!({ "matchOdds": [[1.67, 1.72], [2.3, 2.5]], "bookmaker": [[62, 66], [120, 135]] }),
        json!({ "matchOdds": [[1.01, 1.02], [120.0, 130.0]] }),
    ];
    for set in sets {
        let published = quotes(&desk, id, set.clone()).await;
        assert_eq!(published["market"]["status"], "SUSPENDED", "{set}: {published}");
        assert_eq!(published["bookmaker"]["status"], "SUSPENDED", "{set}: {published}");
        assert!(published["fancy"].as_array().unwrap().iter().all(|f| f["status"] == "SUSPENDED"));
        let body = json!({ "match": id, "teamIndex": 0, "type": "khaai", "odds": 142, "stake": 1000 });
        let (status, answer) = bet(&app, token, body).await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
        assert_eq!(wallet(&app, pid, token).await, (10_000.0, 0.0), "nothing moved");
    }
    assert!(counter(&desk, "casino_exchange_quote_sets_refused_total").await >= 3.0, "counted");

    // The next step reprices from the model: open, and a bet at its price is taken.
    let r = desk.post(&format!("/api/admin/test/sports/matches/{id}/play"), &json!({ "steps": 2 })).await;
    assert_eq!(r.status(), StatusCode::OK);
    let detail = app.get_as(token, &format!("/api/match/{id}")).await;
    assert_eq!(detail["bookmakers"][0]["status"], "OPEN", "{detail}");
    let khai = detail["bookmakers"][0]["selections"][0]["layOdds"].clone();
    let (status, answer) =
        bet(&app, token, json!({ "match": id, "teamIndex": 0, "type": "khaai", "odds": khai, "stake": 100 })).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
}

/// Operators cap the house's worst case per market and per player; a bet past either is refused (409
/// `liability_limit`) and moves nothing, a smaller one fits; bad limits are refused and change nothing.
#[tokio::test]
async fn a_bet_past_a_liability_limit_is_refused_and_moves_nothing() {
    let app = spawn_app().await;
    let (desk, id) = desk_with_match(&app, 12).await;
    let players = app.fixture_players(2, 20_000).await;
    let market = format!("bm.{id}");
    // The market: the house may lose ₹3,000 in all, ₹2,000 to one player.
    for (body, code) in [
        (
            json!({ "marketType": "bookmaker", "marketId": market, "maxLiability": 1000, "maxPlayerLiability": 2000 }),
            "invalid_limits",
        ),
        (
            json!({ "marketType": "bookmaker", "marketId": format!("f.{id}.1.6"), "maxLiability": 1000, "maxPlayerLiability": 500 }),
            "invalid_market",
        ),
        (json!({ "marketType": "bookmaker", "maxLiability": 0, "maxPlayerLiability": 0 }), "invalid_amount"),
    ] {
        let r = desk.put("/api/admin/exchange/limits", &body).await;
        assert_eq!(r.status(), StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(r.json::<Value>().await.unwrap()["error"], code, "{body}");
    }
    let set =
        json!({ "marketType": "bookmaker", "marketId": market, "maxLiability": 3000, "maxPlayerLiability": 2000 });
    let r = desk.put("/api/admin/exchange/limits", &set).await;
    assert_eq!(r.status(), StatusCode::OK);
    let listed: Value = desk.get("/api/admin/exchange/limits").await.json().await.unwrap();
    assert!(listed["limits"].as_array().unwrap().iter().any(|l| l["marketId"] == market && l["maxLiability"] == 3000));
    let (player_status, _) = {
        let r = app.http.put(format!("{}/api/admin/exchange/limits", app.base)).bearer_auth(&players[0].1).json(&set);
        let r = r.send().await.unwrap();
        (r.status(), ())
    };
    assert_eq!(player_status, StatusCode::FORBIDDEN);

    // Lagai on team 0 at 100 (published through the auditor with fair prices either side): ₹1 wins ₹1.
    let fair = json!({ "matchOdds": [[1.96, 2.1], [1.96, 2.1]], "bookmaker": [[96, 110], [96, 110]] });
    let published = quotes(&desk, id, fair).await;
    assert_eq!(published["bookmaker"]["status"], "OPEN", "{published}");
    let lagai = |stake: i64| json!({ "match": id, "teamIndex": 0, "type": "Lgaai", "odds": 96, "stake": stake });
    let (a, b) = ((&players[0].0, players[0].1.as_str()), (&players[1].0, players[1].1.as_str()));
    // Player A: ₹2,500 would win ₹2,400, past A's ₹2,000.
    let (status, answer) = bet(&app, a.1, lagai(2_500)).await;
    assert_eq!((status, answer["error"].as_str()), (StatusCode::CONFLICT, Some("liability_limit")), "{answer}");
    assert_eq!(wallet(&app, a.0, a.1).await, (20_000.0, 0.0), "nothing moved");
    let (status, answer) = bet(&app, a.1, lagai(2_000)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    // Player B: ₹1,500 more would take the market to ₹3,360, past ₹3,000; ₹1,000 fits (₹2,880).
    let (status, answer) = bet(&app, b.1, lagai(1_500)).await;
    assert_eq!((status, answer["error"].as_str()), (StatusCode::CONFLICT, Some("liability_limit")), "{answer}");
    assert_eq!(wallet(&app, b.0, b.1).await, (20_000.0, 0.0), "nothing moved");
    let (status, answer) = bet(&app, b.1, lagai(1_000)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    // A khai on team 0 lowers the worst case: taken even at the limit.
    let khai = json!({ "match": id, "teamIndex": 0, "type": "khaai", "odds": 110, "stake": 1_000 });
    let (status, answer) = bet(&app, a.1, khai).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");

    let r = desk.http.delete(format!("{}/api/admin/exchange/limits/bookmaker?marketId={market}", desk.base)).send();
    assert_eq!(r.await.unwrap().status(), StatusCode::NO_CONTENT);
    let audit: Value = desk.get("/api/admin/audit?action=exchange.limits").await.json().await.unwrap();
    assert!(audit.to_string().contains("exchange-limits"), "{audit}");
}

/// A player who backs a team at 2.90 and, after the price moved, lays it at 1.48 holds a position that wins either
/// way: flagged for the operators with its bets, worst and best case.
#[tokio::test]
async fn a_position_that_cannot_lose_is_flagged() {
    let app = spawn_app().await;
    let (desk, id) = desk_with_match(&app, 13).await;
    let players = app.fixture_players(1, 5_000).await;
    let (pid, token) = (&players[0].0, players[0].1.as_str());
    // Team 0 at about a third: each quote below fair for the player.
    let before = json!({ "matchOdds": [[2.9, 3.2], [1.45, 1.55]], "bookmaker": [[190, 220], [45, 55]] });
    assert_eq!(quotes(&desk, id, before).await["bookmaker"]["status"], "OPEN");
    let body = json!({ "match": id, "teamIndex": 0, "type": "Lgaai", "odds": 190, "stake": 100 });
    let (status, answer) = bet(&app, token, body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let none: Value = desk.get("/api/admin/exchange/alerts").await.json().await.unwrap();
    assert_eq!(none["alerts"], json!([]), "one back can lose");
    // Now team 0 at about 70 %: khai ₹300 at 48 locks in +46 / +200.
    let after = json!({ "matchOdds": [[1.38, 1.48], [3.1, 3.5]], "bookmaker": [[38, 48], [210, 250]] });
    assert_eq!(quotes(&desk, id, after).await["bookmaker"]["status"], "OPEN");
    let body = json!({ "match": id, "teamIndex": 0, "type": "khaai", "odds": 48, "stake": 300 });
    let (status, answer) = bet(&app, token, body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(wallet(&app, pid, token).await, (5_000.0, 0.0), "no exposure left to hold");
    let flagged: Value = desk.get("/api/admin/exchange/alerts").await.json().await.unwrap();
    let a = &flagged["alerts"][0];
    assert_eq!((&a["userId"], a["matchId"].as_i64()), (pid, Some(id)), "{flagged}");
    assert_eq!((a["worst"].as_f64(), a["best"].as_f64()), (Some(46.0), Some(200.0)), "{flagged}");
    assert_eq!(a["bets"].as_array().unwrap().len(), 2);
    assert!(counter(&desk, "casino_exchange_sure_positions_total").await >= 1.0);
}

/// Without `CASINO_TEST_HOOKS=1` (production) the hooks do not exist.
#[tokio::test]
async fn production_refuses_the_test_hooks() {
    let app = spawn_app_with(|c| c.test_hooks = false).await;
    let desk = app.other_client();
    desk.operator("9100000001").await;
    let r = desk.post("/api/admin/test/sports/matches", &json!({ "seed": 1 })).await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let r = desk.post("/api/admin/test/sports/matches/1/quotes", &json!({ "bookmaker": [[140, 142], [63, 65]] })).await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
}
