//! The hold report against the real server: Mines games played over REST show up with their exact turnover, payouts
//! and GGR, their theoretical hold is the edge setting (turnover-weighted when it changes), the day-by-day view agrees,
//! the gauges are in `/metrics`; players get 403 and bad ranges a 400 with a code and nothing else.

use crate::helpers::{TestApp, spawn_app};
use casino_actors::hold::rules::{date_text, ist_day};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn post(app: &TestApp, token: &str, path: &str, body: Value) -> (StatusCode, Value) {
    let r = app.http.post(format!("{}{path}", app.base)).bearer_auth(token).json(&body).send().await.unwrap();
    let status = r.status();
    (status, r.json().await.unwrap())
}

fn paise(v: &Value) -> i64 {
    (v.as_f64().unwrap() * 100.0).round() as i64
}

/// Plays one Mines game of `stake` rupees: reveals a tile and cashes out if it was safe (one mine), or reveals the
/// one safe tile's neighbour and most likely loses (24 mines). Returns (staked, paid) in paise.
async fn play(app: &TestApp, token: &str, stake: i64, mines: u8) -> (i64, i64) {
    let (status, v) = post(app, token, "/api/mines/betPlace", json!({"betAmt": stake, "mines": mines})).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let game = v["game"].clone();
    let (status, v) = post(app, token, "/api/mines/reveal", json!({"gameId": game["gameId"], "tile": 12})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let over = if v["game"]["status"] == "playing" {
        let (status, v) = post(app, token, "/api/mines/cashout", json!({"gameId": game["gameId"]})).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        v["game"].clone()
    } else {
        v["game"].clone()
    };
    assert!(over["status"] == "won" || over["status"] == "lost", "{over}");
    (stake * 100, paise(&over["payout"]))
}

/// Today and tomorrow as IST dates: a range holding everything settled today.
fn today() -> (String, String) {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    let day = ist_day(now);
    (date_text(day), date_text(day + 1))
}

fn row<'a>(games: &'a Value, game: &str) -> &'a Value {
    games.as_array().unwrap().iter().find(|g| g["game"] == game).unwrap_or_else(|| panic!("{game} in {games}"))
}

async fn report(desk: &TestApp, query: &str) -> Value {
    let r = desk.get(&format!("/api/admin/hold{query}")).await;
    assert_eq!(r.status(), StatusCode::OK);
    r.json().await.unwrap()
}

#[tokio::test]
async fn settled_mines_games_show_their_turnover_payouts_and_edge() {
    let app = spawn_app().await;
    let players = app.fixture_players(2, 10_000).await;
    let desk = app.other_client();
    desk.operator("9000000071").await;

    let (mut staked, mut paid, mut games) = (0, 0, 0);
    for (i, (_, token)) in players.iter().enumerate() {
        for mines in [1, 1, 24, 1, 24] {
            let (s, p) = play(&app, token, 100 + 50 * i as i64, mines).await;
            staked += s;
            paid += p;
            games += 1;
        }
    }
    let (from, to) = today();
    let query = format!("?from={from}&to={to}");
    let r = report(&desk, &query).await;
    assert_eq!(r["success"], true);
    assert_eq!(r["games"].as_array().unwrap().len(), 10, "every game and exchange market type: {r}");
    let mines = row(&r["games"], "mines");
    assert_eq!(mines["bets"], games, "{mines}");
    assert_eq!(mines["units"], games, "a Mines game is its own unit");
    assert_eq!((paise(&mines["turnover"]), paise(&mines["payouts"])), (staked, paid), "{mines}");
    assert_eq!(paise(&mines["ggr"]), staked - paid);
    assert_eq!(paise(&mines["coveredTurnover"]), staked);
    let realised = mines["realisedHold"].as_f64().unwrap();
    assert!((realised - (staked - paid) as f64 / staked as f64).abs() < 1e-12, "{mines}");
    assert_eq!(mines["theoreticalHold"], 0.03, "the edge setting, 300 bp: {mines}");
    assert_eq!(mines["band"], Value::Null, "ten games are too few for a band");
    assert_eq!(mines["outOfBand"], false);
    for idle in ["titli", "andar_bahar", "color", "matka", "exchange", "bookmaker", "fancy", "parchi"] {
        let g = row(&r["games"], idle);
        assert_eq!((g["bets"].as_i64(), g["turnover"].as_f64()), (Some(0), Some(0.0)), "{g}");
        assert_eq!(g["realisedHold"], Value::Null);
    }
    assert_eq!(r["players"], json!([]));
    assert_eq!(r["rules"]["minUnits"], 30);

    // The day-by-day view of the same range: today, with the same Mines figures.
    let r = desk.get(&format!("/api/admin/hold/daily{query}")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let daily: Value = r.json().await.unwrap();
    let days = daily["days"].as_array().unwrap();
    assert_eq!(days.len(), 1, "{daily}");
    assert_eq!(days[0]["day"], from.as_str());
    let day_mines = row(&days[0]["games"], "mines");
    assert_eq!((paise(&day_mines["turnover"]), paise(&day_mines["payouts"])), (staked, paid));

    // A new edge applies to the games that start after it; the theory weighs each game's edge by its stake.
    let r = desk.put("/api/admin/games/mines/settings", &json!({"houseEdgeBp": 500})).await;
    assert_eq!(r.status(), StatusCode::OK);
    let (mut staked_5, mut paid_5) = (0, 0);
    for _ in 0..3 {
        let (s, p) = play(&app, &players[0].1, 200, 1).await;
        staked_5 += s;
        paid_5 += p;
    }
    let r = report(&desk, &query).await;
    let mines = row(&r["games"], "mines");
    assert_eq!(mines["bets"], games + 3);
    assert_eq!((paise(&mines["turnover"]), paise(&mines["payouts"])), (staked + staked_5, paid + paid_5));
    let theory = (0.03 * staked as f64 + 0.05 * staked_5 as f64) / (staked + staked_5) as f64;
    assert!((mines["theoreticalHold"].as_f64().unwrap() - theory).abs() < 1e-12, "{mines} against {theory}");

    // Without a range: today so far (the games just played are in it).
    let r = report(&desk, "").await;
    assert_eq!(row(&r["games"], "mines")["bets"], games + 3, "{r}");

    // The sampler's gauges (it reads once at start, then every minute).
    let mut text = String::new();
    for _ in 0..50 {
        text = desk.get("/metrics").await.text().await.unwrap();
        if text.contains("casino_hold_out_of_band{") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    for gauge in [
        "casino_hold_turnover_rupees{",
        "casino_hold_realised_ratio{",
        "casino_hold_theoretical_ratio{",
        "casino_hold_band_low{",
        "casino_hold_band_high{",
        "casino_hold_out_of_band{",
        "casino_hold_flagged_players{",
    ] {
        assert!(text.contains(gauge), "{gauge} in /metrics");
    }
    assert!(text.contains("game=\"mines\"") && text.contains("window=\"7d\""), "labelled by game and window");
}

#[tokio::test]
async fn the_report_is_for_operators_and_bad_ranges_are_refused() {
    let app = spawn_app().await;
    assert_eq!(app.get("/api/admin/hold").await.status(), StatusCode::UNAUTHORIZED);
    let player = app.other_client();
    player.player("9876500071").await;
    for path in ["/api/admin/hold", "/api/admin/hold/daily", "/api/admin/hold?from=nonsense"] {
        let r = player.get(path).await;
        assert_eq!(r.status(), StatusCode::FORBIDDEN, "{path}");
        let v: Value = r.json().await.unwrap();
        assert_eq!(v["error"], "forbidden", "{path}: {v}");
    }

    let desk = app.other_client();
    desk.operator("9000000072").await;
    let refusals = [
        ("/api/admin/hold?from=yesterday", "invalid_range"),
        ("/api/admin/hold?to=2026-02-30", "invalid_range"),
        ("/api/admin/hold?from=2026-03-01T10:00&to=2026-03-02", "invalid_range"),
        ("/api/admin/hold?from=2026-03-02&to=2026-03-01", "invalid_range"),
        ("/api/admin/hold?from=2026-03-01&to=2026-03-01", "invalid_range"),
        ("/api/admin/hold?from=2024-01-01&to=2026-03-01", "range_too_long"),
        ("/api/admin/hold/daily?from=2026-01-01&to=2026-06-01", "range_too_long"),
        ("/api/admin/hold/daily?from=2026-03-02&to=2026-03-01", "invalid_range"),
        ("/api/admin/hold?from=2026-03-01&from=2026-03-02", "invalid_query"),
    ];
    for (path, code) in refusals {
        let r = desk.get(path).await;
        assert_eq!(r.status(), StatusCode::BAD_REQUEST, "{path}");
        let v: Value = r.json().await.unwrap();
        assert_eq!(v["error"], code, "{path}: {v}");
        assert_eq!(v["success"], false);
        assert!(v["message"].as_str().is_some_and(|m| !m.is_empty()), "{path}: {v}");
        assert_eq!(v.as_object().unwrap().len(), 3, "a code and a message, nothing else: {v}");
    }
    let v: Value = desk.get("/api/admin/hold?from=yesterday").await.json().await.unwrap();
    assert_eq!(v["message"], "from must be an IST date (2026-03-01) or an ISO 8601 instant with Z or an offset");

    // Instants with an offset, and a year exactly.
    let v = report(&desk, "?from=2026-03-01T00:00:00%2B05:30&to=2026-03-01T12:00:00Z").await;
    assert_eq!(
        (v["from"].as_str(), v["to"].as_str()),
        (Some("2026-02-28T18:30:00.000Z"), Some("2026-03-01T12:00:00.000Z"))
    );
    assert_eq!(row(&v["games"], "aviator")["bets"], 0);
    let v = report(&desk, "?from=2025-03-01&to=2026-03-02").await;
    assert_eq!(v["success"], true);
    let r = desk.get("/api/admin/hold/daily?from=2026-02-27&to=2026-03-01T12:00:00Z").await;
    let v: Value = r.json().await.unwrap();
    let days: Vec<&str> = v["days"].as_array().unwrap().iter().map(|d| d["day"].as_str().unwrap()).collect();
    assert_eq!(days, ["2026-02-27", "2026-02-28", "2026-03-01"], "every IST day the range touches");
}
