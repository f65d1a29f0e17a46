//! Sports against the real server (a ball every 200 ms): the spec's match lists and detail, the odds feed, the
//! scoreboard page, and a subscribed socket whose deltas follow the detail's sequence number with no gap.

use crate::helpers::spawn_app_with;
use crate::socket::Sock;
use serde_json::{Value, json};

#[tokio::test]
async fn lists_detail_odds_scoreboard_and_live_deltas() {
    let app = spawn_app_with(|c| c.sports.ball_ms = 200).await;
    let players = app.fixture_players(1, 100).await;
    let token = players[0].1.as_str();

    // The first match starts at once: its first step puts it in play.
    let mut cricket: Value = app.get("/api/matches/4").await.json().await.unwrap();
    for _ in 0..50 {
        if cricket["data"][0]["inplay"] == true {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        cricket = app.get("/api/matches/4").await.json().await.unwrap();
    }
    let rows = cricket["data"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "one in play, one upcoming: {cricket}");
    let live = &rows[0];
    assert_eq!((live["inplay"].as_bool(), live["isLive"].as_bool()), (Some(true), Some(true)), "{live}");
    assert!(live["runners"][0]["ex"]["b"][0]["price"].as_f64().is_some());
    assert_eq!(live["scoreIframe"], format!("/score/{}", live["id"]));
    assert_eq!(
        (live["event_id"].clone(), live["event_date"].is_number()),
        (live["id"].clone(), true),
        "the spec's names"
    );
    // Every sport's first match goes in play with its first step (each records itself first).
    let mut in_play: Value = Value::Null;
    for _ in 0..50 {
        in_play = app.get("/api/matches/inplay").await.json().await.unwrap();
        if in_play["data"].as_array().map(Vec::len) == Some(12) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(in_play["data"].as_array().map(Vec::len), Some(12), "one of each sport: cricket and eleven others");
    let counts: Value = app.get("/api/sports/counts").await.json().await.unwrap();
    let cricket_count = counts.as_array().unwrap().iter().find(|c| c["sportId"] == 4).cloned().unwrap_or_default();
    assert_eq!((cricket_count["inPlay"].as_u64(), cricket_count["upcoming"].as_u64()), (Some(1), Some(1)), "{counts}");
    assert_eq!(counts.as_array().map(Vec::len), Some(12), "every sport of the feed: {counts}");
    let football: Value = app.get("/api/matches/1").await.json().await.unwrap();
    let football = football["data"].as_array().unwrap();
    assert_eq!(football.len(), 2, "one in play, one upcoming: {football:?}");
    assert_eq!(football[0]["runners"].as_array().map(Vec::len), Some(3), "1X2: home, draw, away");
    let detail: Value = app.get(&format!("/api/match/{}", football[0]["id"])).await.json().await.unwrap();
    assert_eq!(detail["bookmakers"], json!([]), "football has no Bookmaker market to show: {detail}");

    let id = live["id"].as_i64().unwrap();
    let detail: Value = app.get(&format!("/api/match/{id}")).await.json().await.unwrap();
    // The market shows what the exchange takes: the test server's stakes, and its 50 ms delay as a whole second.
    let terms = |m: &Value| (m["minStake"].as_u64(), m["maxStake"].as_u64(), m["betDelay"].as_u64());
    assert_eq!(terms(&detail["match"]), (Some(100), Some(25_000), Some(1)), "{}", detail["match"]);
    let runners = detail["match"]["runners"].as_array().unwrap();
    assert_eq!(runners.len(), 2, "{detail}");
    let ex = &runners[0]["ex"];
    assert_eq!(
        (ex["availableToBack"].as_array().map(Vec::len), ex["availableToLay"].as_array().map(Vec::len)),
        (Some(3), Some(3))
    );
    assert!(ex["availableToBack"][0]["price"].as_f64() < ex["availableToLay"][0]["price"].as_f64());
    assert_eq!(detail["bookmakers"][0]["selections"].as_array().map(Vec::len), Some(2));
    assert!(detail["fancyMarkets"].as_array().is_some());
    assert_eq!(app.get("/api/match/1").await.status(), 404);

    let odds: Value = app.get(&format!("/api/odds?market_id=1.{id}")).await.json().await.unwrap();
    assert_eq!(odds["matchOdds"].as_array().map(Vec::len), Some(2), "{odds}");
    let page = app.get(&format!("/score/{id}")).await;
    // Our match screens frame the scoreboard; other sites may not.
    assert_eq!(page.headers().get("x-frame-options").map(|v| v.as_bytes()), Some(&b"SAMEORIGIN"[..]));
    let csp = page.headers().get("content-security-policy").and_then(|v| v.to_str().ok()).unwrap_or_default();
    assert!(csp.contains("frame-ancestors 'self'"), "{csp}");
    let page = page.text().await.unwrap();
    assert!(page.contains("/score.js") && page.contains(&format!("data-match=\"{id}\"")));
    let score: Value = app.get(&format!("/api/score/{id}")).await.json().await.unwrap();
    assert!(score["score"]["batting"].is_string(), "{score}");

    // Subscribed: the deltas continue from the detail's sequence number, one by one.
    let mut s = Sock::connect(&app.base, token).await;
    let matches = s.emit("getMatches", json!({})).await;
    assert_eq!(matches[0]["eventId"], id, "{matches}");
    let snapshot = s.emit("subscribe", json!({"eventId": id})).await;
    let mut seq = snapshot["seq"].as_u64().unwrap();
    let mut applied = 0;
    while applied < 4 {
        let d = s.wait("match:delta", |d| d["matchId"] == id).await;
        let got = d["seq"].as_u64().unwrap();
        if got <= seq {
            continue; // sent between the join and the snapshot: already in it
        }
        assert_eq!(got, seq + 1, "no gap: {d}");
        seq = got;
        applied += 1;
    }
    let odds = s.wait("updateOdds", |o| o["eventId"] == id).await;
    assert!(odds["matchOdds"].is_array());
    let left = s.emit("leave", json!({"eventId": id})).await;
    assert_eq!(left["success"], true);
    assert_eq!(s.emit("leaveMatches", json!({})).await["success"], true);
}
