//! The operators' live view and game controls: `/metrics` read by a Prometheus parser while players bet, the live
//! actor rows over REST and the operators' socket room, settings taken at the next round, suspend and resume.

use crate::helpers::{TestApp, error_of, spawn_app, spawn_app_with};
use crate::socket::Sock;
use prometheus_parse::{Scrape, Value as Sample};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

async fn desk(app: &TestApp) -> (TestApp, String) {
    let desk = app.other_client();
    let login = desk.operator(&format!("91{:08}", rand::random::<u32>() % 100_000_000)).await;
    let token = login["token"].as_str().expect("token").to_owned();
    (desk, token)
}

async fn scrape(desk: &TestApp) -> Scrape {
    let r = desk.get("/metrics").await;
    assert_eq!(r.status(), StatusCode::OK);
    let text = r.text().await.unwrap();
    Scrape::parse(text.lines().map(|l| Ok(l.to_owned()))).expect("Prometheus text format")
}

/// The value of `metric` for `actor` (or the sum over every series when `actor` is `None`).
fn sample(s: &Scrape, metric: &str, actor: Option<&str>) -> f64 {
    s.samples
        .iter()
        .filter(|x| x.metric == metric && actor.is_none_or(|a| x.labels.get("actor") == Some(a)))
        .map(|x| match &x.value {
            Sample::Counter(v) | Sample::Gauge(v) | Sample::Untyped(v) => *v,
            Sample::Summary(_) | Sample::Histogram(_) => 0.0,
        })
        .sum()
}

fn has(s: &Scrape, metric: &str) -> bool {
    s.samples.iter().any(|x| x.metric == metric)
}

#[tokio::test]
async fn metrics_parse_as_prometheus_text_and_show_the_table_at_work_while_players_bet() {
    let app = spawn_app().await;
    let (desk, _) = desk(&app).await;
    let players = app.fixture_players(6, 1_000).await;
    let before = scrape(&desk).await;
    for family in [
        "casino_actor_messages_total",
        "casino_actor_mailbox_messages",
        "casino_actor_handler_seconds",
        "casino_actor_queue_seconds",
        "casino_actor_tick_lag_seconds",
        "casino_table_round",
        "casino_table_phase",
        "casino_table_stakes_in_play_rupees",
        "casino_wallet_commit_seconds",
        "casino_wallet_batch_changes",
        "casino_hub_connections",
        "casino_hub_frames_offered_total",
        "casino_gateway_connections_websocket",
        "casino_http_requests_total",
        "process_resident_memory_bytes",
    ] {
        assert!(has(&before, family), "{family} is exported");
    }

    // A short swarm: every player bets ₹20 in the same round (under the test table's small liability cap). The
    // others connect once the first sees a countdown: a socket nobody reads answers no ping, and a long flight before
    // that countdown (a high crash point) would outlast the ping timeout of sockets opened before it.
    let mut first = Sock::connect(&app.base, &players[0].1).await;
    let round = first.countdown(1_200).await["roundId"].clone();
    let mut socks = vec![first];
    for (_, token) in &players[1..] {
        socks.push(Sock::connect(&app.base, token).await);
    }
    for (s, (id, _)) in socks.iter_mut().zip(&players) {
        let ack = s.emit("place_bet", json!({"userId": id, "amount": 20, "slot": 0, "roundId": round})).await;
        assert!(ack["success"] == true || ack["error"] == "betting_closed", "{ack}");
    }
    // The table's figures are refreshed twice a second: watch them while the round is in play.
    let mut seen_bets = 0.0;
    let mut during = before.clone();
    for _ in 0..40 {
        during = scrape(&desk).await;
        seen_bets = sample(&during, "casino_table_bets_open", Some("aviator"));
        if seen_bets >= 1.0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(seen_bets >= 1.0, "the bets in play show up");
    assert!(sample(&during, "casino_table_stakes_in_play_rupees", Some("aviator")) >= 20.0 * seen_bets);
    assert_eq!(sample(&during, "casino_gateway_connections_websocket", Some("gateway")), players.len() as f64);
    assert!(sample(&during, "casino_hub_connections", Some("hub")) >= players.len() as f64);
    assert!(
        sample(&during, "casino_actor_messages_total", Some("aviator"))
            > sample(&before, "casino_actor_messages_total", Some("aviator"))
    );
    assert!(
        sample(&during, "casino_wallet_changes_total", None)
            >= sample(&before, "casino_wallet_changes_total", None) + seen_bets,
        "each bet's hold went through a wallet shard"
    );
    assert!(sample(&during, "casino_actor_tick_lag_seconds_count", Some("aviator")) > 0.0);
}

#[tokio::test]
async fn operators_watch_the_live_actors_and_players_are_refused() {
    let app = spawn_app().await;
    let (desk, token) = desk(&app).await;
    let (_, player_token) = app.fixture_players(1, 100).await.remove(0);

    // Anonymous and player callers are refused, over REST and on the socket.
    assert_eq!(app.get("/api/admin/actors").await.status(), StatusCode::UNAUTHORIZED);
    let r = app.http.get(format!("{}/api/admin/actors", app.base)).bearer_auth(&player_token).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let mut player = Sock::connect(&app.base, &player_token).await;
    let refused = player.emit("ops_watch", json!({})).await;
    assert_eq!((refused["success"].as_bool(), refused["error"].as_str()), (Some(false), Some("forbidden")));

    let mut ops = Sock::connect(&app.base, &token).await;
    assert_eq!(ops.emit("ops_watch", json!({})).await["success"], true);
    let pushed = ops.wait("ops_actors", |v| v["actors"].as_array().is_some_and(|a| !a.is_empty())).await;
    let ids: Vec<&str> = pushed["actors"].as_array().unwrap().iter().filter_map(|a| a["id"].as_str()).collect();
    for id in ["aviator", "hub", "gateway", "wallet-0"] {
        assert!(ids.contains(&id), "{id} in {ids:?}");
    }
    let table = pushed["actors"].as_array().unwrap().iter().find(|a| a["id"] == "aviator").unwrap().clone();
    assert_eq!(table["family"], "table");
    assert!(table["figures"]["round"].as_i64().unwrap() >= 1, "{table}");
    assert!(["ok", "slow", "stuck"].contains(&table["status"].as_str().unwrap()), "{table}");

    // The player's connection heard none of it (an ack round trip later, nothing was pushed to it).
    player.emit("ping", json!({})).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    player.emit("ping", json!({})).await;
    assert!(!player.seen("ops_actors"), "players never receive the operators' room");

    // One actor's drill-down: its history and, for a table, its round and bets.
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let one: Value = desk.get("/api/admin/actors/aviator").await.json().await.unwrap();
    assert_eq!(one["actor"]["id"], "aviator");
    assert!(!one["history"].as_array().unwrap().is_empty(), "{one}");
    assert!(one["detail"]["round"].as_i64().unwrap() >= 1);
    assert!(one["detail"]["bets"].is_array());
    let (status, _) = error_of(desk.get("/api/admin/actors/nobody").await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // After ops_unwatch nothing more arrives.
    assert_eq!(ops.emit("ops_unwatch", json!({})).await["success"], true);
}

async fn aviator(desk: &TestApp) -> Value {
    let games: Value = desk.get("/api/admin/games").await.json().await.unwrap();
    games["games"][0].clone()
}

#[tokio::test]
async fn a_settings_change_applies_from_the_next_round_never_mid_round() {
    let app = spawn_app_with(|c| c.aviator.rules.countdown_ms = 4_000).await;
    let (desk, _) = desk(&app).await;
    let (id, token) = app.fixture_players(1, 1_000).await.remove(0);
    let mut s = Sock::connect(&app.base, &token).await;
    assert_eq!(aviator(&desk).await["settings"]["minBet"], 10, "the test server's minimum");

    // Refused changes answer why and change nothing.
    let (status, body) = error_of(desk.put("/api/admin/games/aviator/settings", &json!({"minBet": 0})).await).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_settings")));
    let (status, _) = error_of(desk.put("/api/admin/games/aviator/settings", &json!({"minBet": 999_999})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "above the max bet");
    let (status, _) = error_of(desk.put("/api/admin/games/aviator/settings", &json!({"colour": "red"})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "unknown fields are refused");
    assert_eq!(aviator(&desk).await["pending"], Value::Null);

    // Changed during a round's countdown: this round keeps ₹10, the next one asks ₹50.
    let round = s.countdown(2_500).await["roundId"].as_i64().unwrap();
    let changed = desk.put("/api/admin/games/aviator/settings", &json!({"minBet": 50})).await;
    assert_eq!(changed.status(), StatusCode::OK);
    let game = changed.json::<Value>().await.unwrap()["game"].clone();
    assert_eq!((game["settings"]["minBet"].as_f64(), game["pending"]["minBet"].as_f64()), (Some(10.0), Some(50.0)));
    let ack = s.emit("place_bet", json!({"userId": id, "amount": 30, "slot": 0, "roundId": round})).await;
    assert!(ack["success"] == true || ack["error"] == "betting_closed", "mid-round the old limit holds: {ack}");

    let next = s.wait("aviator_game_state", |v| v["phase"] == "countdown" && v["roundId"].as_i64() > Some(round)).await;
    let next = next["roundId"].clone();
    let low = s.emit("place_bet", json!({"userId": id, "amount": 30, "slot": 1, "roundId": next})).await;
    assert!(low["error"] == "stake_too_low" || low["error"] == "betting_closed", "{low}");
    let game = aviator(&desk).await;
    assert_eq!((game["settings"]["minBet"].as_f64(), &game["pending"]), (Some(50.0), &Value::Null));

    // Written to the audit log once, with what the next round would have been played by before and after.
    let audit: Value = desk.get("/api/admin/audit").await.json().await.unwrap();
    let changes: Vec<&Value> =
        audit["entries"].as_array().unwrap().iter().filter(|e| e["action"] == "game.settings").collect();
    assert_eq!(changes.len(), 1, "refused changes are not audited: {audit}");
    assert_eq!(
        (changes[0]["before"]["minBet"].as_f64(), changes[0]["after"]["minBet"].as_f64()),
        (Some(10.0), Some(50.0))
    );
}

#[tokio::test]
async fn a_suspended_table_finishes_its_round_and_opens_none_until_resumed() {
    let app = spawn_app().await;
    let (desk, token) = desk(&app).await;
    let mut s = Sock::connect(&app.base, &token).await;
    let round = s.countdown(500).await["roundId"].as_i64().unwrap();
    let r = desk.post("/api/admin/games/aviator/suspend", &json!({})).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.json::<Value>().await.unwrap()["game"]["suspended"], true);
    // The round in play ends; then, for longer than a pause and a countdown, no round opens.
    s.wait("aviator_game_result", |v| v["roundId"].as_i64() >= Some(round)).await;
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    let game = aviator(&desk).await;
    assert_eq!(game["phase"], "suspended", "{game}");
    let stuck_at = game["round"].as_i64().unwrap();
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let still = aviator(&desk).await;
    assert_eq!((still["round"].as_i64(), &still["phase"]), (Some(stuck_at), &json!("suspended")), "no new round");

    assert_eq!(desk.post("/api/admin/games/aviator/resume", &json!({})).await.status(), StatusCode::OK);
    let resumed = s.countdown(0).await;
    assert!(resumed["roundId"].as_i64().unwrap() > stuck_at);
    assert_eq!(aviator(&desk).await["suspended"], false);
    let audit: Value = desk.get("/api/admin/audit").await.json().await.unwrap();
    let actions: Vec<&str> = audit["entries"].as_array().unwrap().iter().filter_map(|e| e["action"].as_str()).collect();
    assert_eq!(actions, ["game.resume", "game.suspend"], "newest first");
}
