//! Matka against the real server (a 20 s "Quick Matka" cycle): the spec's list and bid call, every bad bid refused
//! with nothing moved, a drawn market's bids settled by its committed seed, a declared market settled on its
//! operator's declarations (audited, once), and the session rules on the clock.

use crate::helpers::{TestApp, spawn_app};
use casino_actors::fair::ServerSeed;
use casino_actors::matka::desk::drawn;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

async fn post(app: &TestApp, token: &str, path: &str, body: &Value) -> (StatusCode, Value) {
    let r = app.http.post(format!("{}{path}", app.base)).bearer_auth(token).json(body).send().await.unwrap();
    let status = r.status();
    (status, r.json().await.unwrap())
}

async fn wallet(app: &TestApp, token: &str, id: &Value) -> (f64, f64) {
    let v = app.get_as(token, &format!("/api/getwalletandexposure/{id}")).await;
    (v["balance"].as_f64().unwrap(), v["exposureBalance"].as_f64().unwrap())
}

/// Waits until `name`'s current draw is recorded and takes open bids for at least `ms` more; returns the market.
async fn open_window(app: &TestApp, token: &str, name: &str, ms: i64) -> Value {
    for _ in 0..600 {
        let list = app.get_as(token, "/api/admin/getMatkas").await;
        let now = list["serverTime"].as_i64().unwrap();
        let m = list["markets"].as_array().unwrap().iter().find(|m| m["marketName"] == name).cloned().unwrap();
        if m["closeStatus"] == "Open" && m["opensAt"].as_i64().is_some_and(|t| t - now >= ms) {
            return m;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{name} never opened");
}

/// Waits until draw `no` of `market_id` has its close result; returns its chart row.
async fn closed(app: &TestApp, token: &str, market_id: &Value, no: &Value) -> Value {
    for _ in 0..400 {
        let chart = app.get_as(token, &format!("/api/matka/markets/{market_id}/chart")).await;
        if let Some(row) = chart["results"].as_array().unwrap().iter().find(|r| r["drawNo"] == *no)
            && row["closePanna"].is_string()
        {
            return row.clone();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("draw {no} never closed");
}

fn bid(market: &str, bid_type: &str, session: &str, bids: &[(&str, i64)]) -> Value {
    let lines: Vec<Value> = bids.iter().map(|(n, p)| json!({"number": n, "points": p})).collect();
    json!({"gameName": market, "bidType": bid_type, "session": session, "bids": lines})
}

#[tokio::test]
async fn the_list_shows_live_markets_and_every_bad_bid_moves_nothing() {
    let app = spawn_app().await;
    let players = app.fixture_players(2, 1_000).await;
    let (id, token) = (&players[0].0, players[0].1.as_str());
    let list = app.get_as(token, "/api/admin/getMatkas").await;
    assert_eq!(list["markets"].as_array().map(Vec::len), Some(5), "{list}");
    let captions: Vec<&str> =
        list["rates"].as_array().unwrap().iter().map(|r| r["caption"].as_str().unwrap()).collect();
    assert_eq!(&captions[..2], &["10 Ka 95", "10 Ka 950"], "the spec's single digit and jodi rates");
    let quick = open_window(&app, token, "Quick Matka", 3_000).await;
    assert_eq!(quick["mode"], "drawn");
    assert_eq!(quick["commitment"].as_str().map(str::len), Some(64), "a drawn market commits its seed: {quick}");

    let q = "Quick Matka";
    let bad = [
        (bid(q, "single digit", "open", &[("12", 10)]), "invalid_number"),
        (bid(q, "single panna", "open", &[("550", 10)]), "invalid_number"),
        (bid(q, "jodi", "", &[("8", 10)]), "invalid_number"),
        (bid(q, "single digit", "open", &[("1", 0)]), "no_bids"),
        (bid(q, "single digit", "open", &[("1", -10)]), "no_bids"),
        (
            json!({"gameName": q, "bidType": "single digit", "session": "open", "bids": [{"number": "1", "points": 10.5}]}),
            "invalid_points",
        ),
        (
            json!({"gameName": q, "bidType": "single digit", "session": "open", "bids": [{"number": "1", "points": 10.123}]}),
            "invalid_points",
        ),
        (bid(q, "single digit", "open", &[("1", 10), ("1", 10)]), "duplicate_number"),
        (bid(q, "single digit", "open", &[]), "no_bids"),
        (bid(q, "single digit", "sideways", &[("1", 10)]), "unknown_session"),
        (bid(q, "single digit", "", &[("1", 10)]), "unknown_session"),
        (bid(q, "quadruple panna", "open", &[("1", 10)]), "unknown_bid_type"),
        (bid("Nowhere", "single digit", "open", &[("1", 10)]), "unknown_market"),
        (bid(q, "single digit", "open", &[("1", 600), ("2", 600)]), "insufficient_balance"),
        (
            json!({"gameName": q, "bidType": "single digit", "session": "open", "bids": [{"number": "1", "points": 10}], "totalBidPoints": 20}),
            "total_mismatch",
        ),
        (
            json!({"gameName": q, "bidType": "single digit", "session": "open", "bids": [{"number": "1", "points": 10}], "estimatedProfit": 100}),
            "profit_mismatch",
        ),
    ];
    for (body, code) in bad {
        let (status, v) = post(&app, token, "/api/bids", &body).await;
        assert!(status.is_client_error(), "{body} → {status} {v}");
        assert_eq!(v["error"], code, "{body} → {v}");
    }
    let mut other = bid(q, "single digit", "open", &[("1", 10)]);
    other["userId"] = players[1].0.clone();
    let (status, _) = post(&app, token, "/api/bids", &other).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(wallet(&app, token, id).await, (1_000.0, 0.0), "nothing moved");
    let mine = app.get_as(token, "/api/bids").await;
    assert_eq!(mine["bids"], json!([]), "no bid recorded: {mine}");
}

#[tokio::test]
async fn a_drawn_market_settles_every_bid_by_its_committed_seed() {
    let app = spawn_app().await;
    let players = app.fixture_players(1, 1_000).await;
    let (id, token) = (&players[0].0, players[0].1.as_str());
    let m = open_window(&app, token, "Quick Matka", 3_000).await;
    let commitment = m["commitment"].clone();
    // Every open digit (one wins 9.5×), a close single panna, and jodi 00–04.
    let digits: Vec<(String, i64)> = (0..10).map(|d| (d.to_string(), 10)).collect();
    let digits: Vec<(&str, i64)> = digits.iter().map(|(d, p)| (d.as_str(), *p)).collect();
    let mut body = bid("Quick Matka", "Single Digit", "Open", &digits);
    body["totalBidPoints"] = json!(100);
    body["estimatedProfit"] = json!(950);
    let (status, v) = post(&app, token, "/api/bids", &body).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(v["message"], "Bid placed successfully!");
    assert_eq!((v["balance"].as_f64(), v["exposureBalance"].as_f64()), (Some(900.0), Some(100.0)));
    let (status, v) =
        post(&app, token, "/api/bids", &bid("Quick Matka", "single panna", "close", &[("128", 10)])).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let jodis = [("00", 10), ("01", 10), ("02", 10), ("03", 10), ("04", 10)];
    let (status, v) = post(&app, token, "/api/bids", &bid("Quick Matka", "jodi", "", &jodis)).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(v["session"], "close", "a jodi settles on the close result");

    let row = closed(&app, token, &m["id"], &m["drawNo"]).await;
    assert_eq!(row["commitment"], commitment);
    let seed = ServerSeed::from_hex(row["serverSeed"].as_str().unwrap()).unwrap();
    assert_eq!(seed.commitment(), commitment.as_str().unwrap(), "the revealed seed is the committed one");
    let (open, close) = drawn(&seed, row["clientSeed"].as_str().unwrap(), m["drawNo"].as_i64().unwrap());
    assert_eq!(row["result"], format!("{open}-{}{}-{close}", open.digit(), close.digit()), "{row}");

    let mut expected = 1_000.0 - 100.0 - 10.0 - 50.0 + 95.0;
    if close.to_string() == "128" {
        expected += 1_500.0;
    }
    if open.digit() == 0 && close.digit() < 5 {
        expected += 950.0;
    }
    // The close settles just after its result is recorded.
    for _ in 0..50 {
        if wallet(&app, token, id).await.1 == 0.0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(wallet(&app, token, id).await, (expected, 0.0), "result {}", row["result"]);
    let bids = app.get_as(token, "/api/bids").await;
    let won = bids["bids"].as_array().unwrap().iter().filter(|b| b["status"] == "won").count();
    assert!(won >= 1, "{bids}");
    assert!(bids["bids"].as_array().unwrap().iter().all(|b| b["status"] == "won" || b["status"] == "lost"));
}

#[tokio::test]
async fn a_declared_market_settles_on_its_operators_declarations_once() {
    let app = spawn_app().await;
    let players = app.fixture_players(1, 1_000).await;
    let (id, token) = (&players[0].0, players[0].1.as_str());
    let desk = app.other_client();
    desk.operator("9000000124").await;
    let r = desk
        .post(
            "/api/admin/matka/markets",
            &json!({"name": "Test Bazar", "mode": "declared", "schedule": {"kind": "every", "seconds": 20}}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let created: Value = r.json().await.unwrap();
    let market_id = created["market"]["id"].clone();
    let r = desk
        .post(
            "/api/admin/matka/markets",
            &json!({"name": "Test Bazar", "mode": "drawn", "schedule": {"kind": "every", "seconds": 20}}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST, "a taken name");
    let r = desk.post("/api/admin/matka/markets", &json!({"name": "Bad", "mode": "drawn", "schedule": {"kind": "daily", "openTime": "18:00", "closeTime": "17:00"}})).await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST, "close before open");

    let m = open_window(&app, token, "Test Bazar", 3_000).await;
    assert_eq!(m["commitment"], Value::Null, "a declared market has no seed");
    assert_eq!(m["cycleSeconds"], 20);
    let markets: Value = desk.get("/api/admin/matka/markets").await.json().await.unwrap();
    let mine = markets["markets"].as_array().unwrap().iter().find(|x| x["id"] == market_id).unwrap().clone();
    assert_eq!(mine["schedule"], json!({"kind": "every", "seconds": 20}), "{mine}");
    assert!(mine["unsettled"].as_array().unwrap().iter().any(|d| d["drawNo"] == m["drawNo"]), "{mine}");
    let kalyan = markets["markets"].as_array().unwrap().iter().find(|x| x["name"] == "Kalyan").unwrap().clone();
    assert_eq!(
        kalyan["schedule"],
        json!({"kind": "daily", "openTime": "15:45", "closeTime": "17:45", "weekdays": [0, 1, 2, 3, 4, 5]})
    );
    let no = m["drawNo"].clone();
    post(&app, token, "/api/bids", &bid("Test Bazar", "single digit", "open", &[("8", 10), ("3", 10)])).await;
    post(&app, token, "/api/bids", &bid("Test Bazar", "jodi", "", &[("80", 10)])).await;
    post(&app, token, "/api/bids", &bid("Test Bazar", "half sangam", "", &[("8-479", 10), ("134-1", 10)])).await;
    post(&app, token, "/api/bids", &bid("Test Bazar", "full sangam", "", &[("134-479", 10)])).await;
    assert_eq!(wallet(&app, token, id).await, (940.0, 60.0));

    let declare = |session: &str, panna: &str| json!({"session": session, "panna": panna});
    let path = format!("/api/admin/matka/markets/{market_id}/draws/{no}");
    let r = desk.post(&format!("{path}/declare"), &declare("open", "134")).await;
    assert_eq!(r.status(), StatusCode::CONFLICT, "the open session still takes bids");
    // The open session closes: no more open bids, no jodi, no sangam.
    while app.get_as(token, "/api/admin/getMatkas").await["serverTime"].as_i64().unwrap()
        < m["opensAt"].as_i64().unwrap()
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (_, v) = post(&app, token, "/api/bids", &bid("Test Bazar", "single digit", "open", &[("1", 10)])).await;
    assert_eq!(v["error"], "session_closed");
    let (_, v) = post(&app, token, "/api/bids", &bid("Test Bazar", "jodi", "", &[("11", 10)])).await;
    assert_eq!(v["error"], "needs_open_session");
    let (status, v) = post(&app, token, "/api/bids", &bid("Test Bazar", "single digit", "close", &[("0", 10)])).await;
    assert_eq!(status, StatusCode::CREATED, "close bids still go: {v}");

    let preview: Value = desk.get(&format!("{path}?open=134&close=479")).await.json().await.unwrap();
    assert_eq!(preview["ifDeclared"]["staked"], 70, "{preview}");
    // 10 points each: open 8 (9.5×), jodi 80 (95×), half sangam 8-479 (1400×), full sangam 134-479 (15000×), close 0.
    assert_eq!(preview["ifDeclared"]["paid"], 95 + 950 + 14_000 + 150_000 + 95, "{preview}");
    let r = desk.post(&format!("{path}/declare"), &declare("close", "479")).await;
    assert_eq!(r.status(), StatusCode::CONFLICT, "open first");
    let r = desk.post(&format!("{path}/declare"), &declare("open", "143")).await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST, "143 is not a panna");
    let r = desk.post(&format!("{path}/declare"), &declare("open", "134")).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(wallet(&app, token, id).await, (1_025.0, 50.0), "the open digit 8 paid 95; 3 lost");
    let r = desk.post(&format!("{path}/declare"), &declare("open", "135")).await;
    assert_eq!(r.status(), StatusCode::CONFLICT, "a declared result stands");

    while app.get_as(token, "/api/admin/getMatkas").await["serverTime"].as_i64().unwrap()
        < m["closesAt"].as_i64().unwrap()
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let r = desk.post(&format!("{path}/declare"), &declare("close", "479")).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(wallet(&app, token, id).await, (1_025.0 + 950.0 + 14_000.0 + 150_000.0 + 95.0, 0.0));
    let r = desk.post(&format!("{path}/declare"), &declare("close", "478")).await;
    assert_eq!(r.status(), StatusCode::CONFLICT, "settled once");
    // A correction is a new, audited change: every bid decided again, the difference moved.
    let r = desk.post(&format!("{path}/correct"), &declare("close", "478")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let v: Value = r.json().await.unwrap();
    assert_eq!(
        (v["result"]["result"].as_str(), v["credits"].as_i64(), v["debits"].as_i64()),
        (Some("134-89-478"), Some(0), Some(4)),
        "{v}"
    );
    assert_eq!(v["shortfalls"], json!([]));
    assert_eq!(wallet(&app, token, id).await, (1_025.0, 0.0), "the close winnings taken back");
    let r = desk.post(&format!("{path}/correct"), &declare("close", "479")).await;
    assert_eq!(r.json::<Value>().await.unwrap()["credits"], 4);
    assert_eq!(wallet(&app, token, id).await, (1_025.0 + 950.0 + 14_000.0 + 150_000.0 + 95.0, 0.0));
    let audit: Value = desk.get("/api/admin/audit?action=matka.correct").await.json().await.unwrap();
    assert!(audit.to_string().contains("134-89-478"), "{audit}");
    let audit: Value = desk.get("/api/admin/audit?action=matka.declare").await.json().await.unwrap();
    assert!(audit.to_string().matches("matka.declare").count() >= 2, "{audit}");
    let chart = app.get_as(token, &format!("/api/matka/markets/{market_id}/chart")).await;
    assert_eq!(chart["results"][0]["result"], "134-80-479");
}
