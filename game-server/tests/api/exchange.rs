//! Exchange betting against a real server (a ball every 150 ms, so a match is decided in under a minute): bets at
//! the price on screen, refusals that move nothing, the wallet holding the netted exposure of each market (a hedge
//! frees money), and every bet settled exactly once when its market is decided.

use crate::helpers::{TestApp, spawn_app_with};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

struct Player<'a> {
    app: &'a TestApp,
    id: Value,
    token: String,
}

impl Player<'_> {
    async fn post(&self, path: &str, body: &Value) -> (StatusCode, Value) {
        let r = self
            .app
            .http
            .post(format!("{}{path}", self.app.base))
            .bearer_auth(&self.token)
            .json(body)
            .send()
            .await
            .unwrap();
        (r.status(), r.json().await.unwrap_or(Value::Null))
    }

    async fn get(&self, path: &str) -> Value {
        self.app.get_as(&self.token, path).await
    }

    async fn wallet(&self) -> (f64, f64) {
        let v = self.get(&format!("/api/getwalletandexposure/{}", self.id)).await;
        (v["balance"].as_f64().unwrap(), v["exposureBalance"].as_f64().unwrap())
    }

    /// The first cricket match in play (waiting for it to start).
    async fn live_event(&self) -> i64 {
        for _ in 0..100 {
            let list = self.get("/api/matches/4").await;
            if list["data"][0]["inplay"] == true {
                return list["data"][0]["id"].as_i64().unwrap();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("no live match");
    }

    /// Bets at the price the match shows now, again while the market is between balls or the price moved.
    async fn bet(&self, event: i64, pick: impl Fn(&Value) -> Option<(&'static str, Value)>) -> Value {
        for _ in 0..200 {
            let detail = self.get(&format!("/api/match/{event}")).await;
            if let Some((path, body)) = pick(&detail) {
                let (status, answer) = self.post(path, &body).await;
                if status == StatusCode::CREATED {
                    return answer;
                }
                let code = answer["error"].as_str().unwrap_or_default();
                assert!(matches!(code, "price_changed" | "market_suspended" | "market_not_found"), "{status} {answer}");
            }
            tokio::time::sleep(Duration::from_millis(15)).await;
        }
        panic!("no bet taken in 200 tries");
    }
}

fn rate(detail: &Value, team: usize, side: &str) -> Option<i64> {
    let b = &detail["bookmakers"][0];
    (b["status"] == "OPEN" && b["selections"][team]["status"] == "OPEN")
        .then(|| b["selections"][team][side].as_i64())
        .flatten()
}

#[tokio::test]
async fn bets_hold_the_netted_exposure_refusals_move_nothing_and_markets_settle_once() {
    let app = spawn_app_with(|c| {
        c.sports.ball_ms = 150;
        c.exchange.bet_delay = Duration::ZERO;
    })
    .await;
    let players = app.fixture_players(1, 10_000).await;
    let p = Player { app: &app, id: players[0].0.clone(), token: players[0].1.clone() };
    let event = p.live_event().await;

    // Refusals move nothing.
    let bad = [
        (json!({"match": event, "teamIndex": 0, "type": "Lgaai", "odds": 90, "stake": 50}), "stake_limits"),
        (json!({"match": event, "teamIndex": 0, "type": "Lgaai", "odds": 90, "stake": 30000}), "stake_limits"),
        (json!({"match": event, "teamIndex": 0, "type": "Lgaai", "odds": 90, "stake": "ten"}), "invalid_stake"),
        (json!({"match": event, "teamIndex": 0, "type": "Lgaai", "odds": 0, "stake": 100}), "invalid_odds"),
        (json!({"match": event, "teamIndex": 5, "type": "Lgaai", "odds": 90, "stake": 100}), "invalid_team"),
        (json!({"match": 1, "teamIndex": 0, "type": "Lgaai", "odds": 90, "stake": 100}), "match_not_found"),
        (json!({"match": event, "teamIndex": 0, "type": "Lgaai", "odds": 9999, "stake": 100}), "price_changed"),
    ];
    for (body, code) in bad {
        let (status, answer) = p.post("/api/laggai_khai_bets", &body).await;
        assert!(status.is_client_error(), "{body}: {status} {answer}");
        let got = answer["error"].as_str().unwrap_or_default();
        assert!(got == code || (code == "price_changed" && got == "market_suspended"), "{body}: {answer}");
    }
    assert_eq!(p.wallet().await, (10_000.0, 0.0), "nothing moved");

    // Lagai ₹1,000 on team 0: the stake is held.
    let lagai = p
        .bet(event, |d| {
            let r = rate(d, 0, "backOdds")?;
            Some((
                "/api/laggai_khai_bets",
                json!({"match": event, "teamIndex": 0, "type": "Lgaai", "odds": r, "stake": 1000, "balance": 1e9}),
            ))
        })
        .await;
    assert_eq!(lagai["exposure"], 1000, "{lagai}");
    assert_eq!(lagai["balance"], 9000, "{lagai}");
    let r0 = lagai["bet"]["odds"].as_f64().unwrap();
    assert_eq!(lagai["book"]["runners"][0]["pl"].as_f64(), Some(10.0 * r0));
    assert_eq!(lagai["book"]["runners"][1]["pl"], -1000);

    // Khai ₹1,000 on the same team: a hedge — the exposure is the worst of the netted book, not the sum.
    let khai = p
        .bet(event, |d| {
            let r = rate(d, 0, "layOdds")?;
            Some(("/api/laggai_khai_bets", json!({"match": event, "label": d["bookmakers"][0]["selections"][0]["name"], "type": "khaai", "odds": r, "stake": 1000})))
        })
        .await;
    let r1 = khai["bet"]["odds"].as_f64().unwrap();
    let if_0 = 10.0 * r0 - 10.0 * r1;
    let expect_exposure = (-if_0).max(0.0);
    assert_eq!(khai["book"]["runners"][0]["pl"].as_f64(), Some(if_0), "{khai}");
    assert_eq!(khai["book"]["runners"][1]["pl"].as_f64(), Some(0.0), "{khai}");
    assert_eq!(khai["exposure"].as_f64(), Some(expect_exposure), "{khai}");
    assert!(expect_exposure < 1000.0, "the hedge freed money");
    assert_eq!(p.wallet().await, (10_000.0 - expect_exposure, expect_exposure));

    // A stake the balance cannot hold is refused and moves nothing.
    let before = p.wallet().await;
    let detail = p.get(&format!("/api/match/{event}")).await;
    if let Some(r) = rate(&detail, 1, "backOdds") {
        let (_, answer) = p
            .post(
                "/api/laggai_khai_bets",
                &json!({"match": event, "teamIndex": 1, "type": "Lgaai", "odds": r, "stake": 25000}),
            )
            .await;
        assert_ne!(answer["success"], true, "{answer}");
    }
    assert_eq!(p.wallet().await, before);

    // A fancy YES at the line on screen.
    let yes = p
        .bet(event, |d| {
            let f = d["fancyMarkets"].as_array()?.iter().find(|f| f["status"] == "OPEN")?;
            Some(("/api/cricket-market/bets", json!({"myBets": [{"match": event, "marketId": f["marketId"], "type": "yes", "runs": f["runValue"]["yes"], "odds": f["odds"]["yes"], "stake": 200}]})))
        })
        .await;
    assert_eq!(yes["book"]["exposure"], 200, "{yes}");
    let fancy_market = yes["bet"]["marketId"].as_str().unwrap().to_string();
    let line = yes["bet"]["runs"].as_u64().unwrap();

    let runner_bets = p.get(&format!("/api/laggai_khai_getuserbet/{}/{event}", p.id)).await;
    assert_eq!(runner_bets["bets"].as_array().map(Vec::len), Some(2), "{runner_bets}");
    let fancy_bets = p.get(&format!("/api/cricket-market/{}/{event}", p.id)).await;
    assert_eq!(fancy_bets["bets"][0]["type"], "yes");
    let book = p.get(&format!("/api/exchange/book/{event}")).await;
    assert_eq!(book["exposure"].as_f64(), Some(expect_exposure + 200.0), "{book}");
    // One more on the bookmaker, after the fancy bet: the book lists each market once, and its exposure is the
    // wallet's.
    p.bet(event, |d| {
        let r = rate(d, 0, "backOdds")?;
        Some((
            "/api/laggai_khai_bets",
            json!({"match": event, "teamIndex": 0, "type": "Lgaai", "odds": r, "stake": 100}),
        ))
    })
    .await;
    let book = p.get(&format!("/api/exchange/book/{event}")).await;
    assert_eq!(book["markets"].as_array().map(Vec::len), Some(2), "{book}");
    assert_eq!(book["exposure"].as_f64(), Some(p.wallet().await.1), "{book}");

    // The match plays out; every market settles once and the wallet ends where the bets' P/L says.
    let mut settled = Value::Null;
    for _ in 0..1_200 {
        let all = p.get(&format!("/api/laggai_khai_getuserbet/{}/{event}", p.id)).await;
        let fancy = p.get(&format!("/api/cricket-market/{}/{event}", p.id)).await;
        let open = |v: &Value| v["bets"].as_array().unwrap().iter().any(|b| b["status"] == "open");
        if !open(&all) && !open(&fancy) {
            settled = json!([all["bets"], fancy["bets"]]);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(!settled.is_null(), "every bet settled within two minutes");
    let bets: Vec<&Value> = settled.as_array().unwrap().iter().flat_map(|l| l.as_array().unwrap()).collect();
    let total: f64 = bets.iter().map(|b| b["pl"].as_f64().unwrap()).sum();
    for b in &bets {
        let status = b["status"].as_str().unwrap();
        let pl = b["pl"].as_f64().unwrap();
        assert!(matches!((status, pl > 0.0), ("won", true) | ("lost", false) | ("void", false)), "{b}");
    }
    let fancy = bets.iter().find(|b| b["marketId"] == fancy_market.as_str()).unwrap();
    if fancy["status"] != "void" {
        let runs = fancy["winningRuns"].as_u64().unwrap();
        assert_eq!(fancy["status"] == "won", runs >= line, "{fancy}");
    }
    // A bet shows settled once its settlement is recorded; the wallet applies it right after.
    let mut wallet = p.wallet().await;
    for _ in 0..100 {
        if wallet.1 == 0.0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        wallet = p.wallet().await;
    }
    let (balance, exposure) = wallet;
    assert_eq!(exposure, 0.0);
    assert!((balance - (10_000.0 + total)).abs() < 0.005, "balance {balance} = 10000 + Σ pl {total}");
}

/// Ten bets sent at once by one player whose balance holds three: they run one after another, so exactly the ones
/// the balance covers are taken and the rest refused (or turned away while eight wait); the wallet never holds more
/// than the player has.
#[tokio::test]
async fn concurrent_bets_never_over_commit_the_balance() {
    let app = spawn_app_with(|c| {
        c.sports.ball_ms = 4_000;
        c.exchange.bet_delay = Duration::ZERO;
    })
    .await;
    let players = app.fixture_players(1, 3_500).await;
    let p = Player { app: &app, id: players[0].0.clone(), token: players[0].1.clone() };
    let mut taken = 0;
    for _ in 0..100 {
        let list = p.get("/api/matches/4").await;
        let Some(event) = list["data"][0]["id"].as_i64().filter(|_| list["data"][0]["inplay"] == true) else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let detail = p.get(&format!("/api/match/{event}")).await;
        let Some(r) = rate(&detail, 0, "backOdds") else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let body = json!({"match": event, "teamIndex": 0, "type": "Lgaai", "odds": r, "stake": 1000});
        let answers = futures_util::future::join_all((0..10).map(|_| p.post("/api/laggai_khai_bets", &body))).await;
        let codes: Vec<&str> = answers.iter().map(|(_, a)| a["error"].as_str().unwrap_or("taken")).collect();
        taken = codes.iter().filter(|c| **c == "taken").count();
        if codes.iter().any(|c| matches!(*c, "price_changed" | "market_suspended")) {
            // The ball was bowled meanwhile: what was taken still holds exactly.
            let (balance, exposure) = p.wallet().await;
            assert_eq!((balance + exposure, exposure), (3_500.0, 1_000.0 * taken as f64), "{codes:?}");
            break;
        }
        assert_eq!(taken, 3, "{codes:?}");
        // The rest: the balance could not hold them, or (past eight waiting) the player's lane was full.
        assert!(codes.iter().all(|c| matches!(*c, "taken" | "insufficient_balance" | "busy")), "{codes:?}");
        break;
    }
    assert_eq!(p.wallet().await, (3_500.0 - 1_000.0 * taken as f64, 1_000.0 * taken as f64));
}

/// A match the feed no longer has after a restart (a simulated match resumes where it was, `sports_restart.rs`; here
/// its record is gone, as a real feed's event can be): its open bets are void and their holds come back exactly
/// once, across a second restart too.
#[tokio::test]
async fn open_bets_on_a_vanished_match_are_void_after_kill_9() {
    use crate::binary::{self, free_port, scalar};
    use casino_actors::store::{Db, fresh_database_url};
    let db_url = fresh_database_url("exchange_restart").await.unwrap();
    let operator_no = binary::operator(&db_url, "9000000078");
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let settings = [("CASINO_SPORTS_BALL_MS", "4000"), ("CASINO_EXCHANGE_DELAY_MS", "0"), ("CASINO_SPORTS_LIVE", "1")];
    let mut server = binary::serve(&db_url, port, &settings).await;
    let (_, players) = binary::fixture_players(&base, &operator_no, 1, 1000).await;
    let token = players[0]["token"].as_str().unwrap().to_string();
    let http = reqwest::Client::new();
    let get = |path: String| {
        let (http, token, base) = (http.clone(), token.clone(), base.clone());
        async move {
            http.get(format!("{base}{path}")).bearer_auth(token).send().await.unwrap().json::<Value>().await.unwrap()
        }
    };
    let mut placed = false;
    for _ in 0..200 {
        let list = get("/api/matches/4".into()).await;
        if let Some(event) = list["data"][0]["id"].as_i64().filter(|_| list["data"][0]["inplay"] == true) {
            let detail = get(format!("/api/match/{event}")).await;
            if let Some(r) = rate(&detail, 1, "layOdds") {
                let body = json!({"match": event, "teamIndex": 1, "type": "khaai", "odds": r, "stake": 500});
                let res = http
                    .post(format!("{base}/api/laggai_khai_bets"))
                    .bearer_auth(&token)
                    .json(&body)
                    .send()
                    .await
                    .unwrap();
                if res.status() == StatusCode::CREATED {
                    placed = true;
                    break;
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(placed, "a bet was taken");
    server.kill().unwrap();
    server.wait().unwrap();
    let db = Db::connect(&db_url, 2).await.unwrap();
    assert!(scalar(&db, "SELECT CAST(SUM(exposure) AS BIGINT) FROM accounts WHERE kind = 'user'").await > 0);
    sqlx::query::<sqlx::Any>("DELETE FROM sports_matches").execute(&db.pool).await.unwrap();

    let mut server = binary::serve(&db_url, port, &settings).await;
    let w = get(format!("/api/getwalletandexposure/{}", players[0]["id"])).await;
    assert_eq!((w["balance"].as_f64(), w["exposureBalance"].as_f64()), (Some(1000.0), Some(0.0)), "{w}");
    let bets = get(format!("/api/laggai_khai_getuserbet/{}", players[0]["id"])).await;
    assert_eq!(bets["bets"][0]["status"], "void", "{bets}");
    let refunds = "SELECT COUNT(*) FROM ledger WHERE kind = 'exchange_refund'";
    assert_eq!(scalar(&db, refunds).await, 1);
    server.kill().unwrap();
    server.wait().unwrap();
    let mut server = binary::serve(&db_url, port, &settings).await;
    assert_eq!(scalar(&db, refunds).await, 1, "exactly once");
    assert_eq!(
        scalar(&db, "SELECT CAST(SUM(balance + exposure) AS BIGINT) FROM accounts").await,
        0,
        "double entry holds"
    );
    server.kill().unwrap();
    server.wait().unwrap();
}

/// An operator voids a market not decided yet: the bets there are void and their holds come back; a second void is
/// refused and changes nothing; a player may not void.
#[tokio::test]
async fn an_operator_voids_an_undecided_market_once() {
    let app = spawn_app_with(|c| {
        c.sports.ball_ms = 4_000;
        c.exchange.bet_delay = Duration::ZERO;
    })
    .await;
    let players = app.fixture_players(1, 2_000).await;
    let p = Player { app: &app, id: players[0].0.clone(), token: players[0].1.clone() };
    let event = p.live_event().await;
    let bet = p
        .bet(event, |d| {
            let r = rate(d, 1, "backOdds")?;
            Some((
                "/api/laggai_khai_bets",
                json!({"match": event, "teamIndex": 1, "type": "Lgaai", "odds": r, "stake": 700}),
            ))
        })
        .await;
    let market = bet["bet"]["marketId"].as_str().unwrap().to_string();
    assert_eq!(p.wallet().await, (1_300.0, 700.0));
    let (status, _) = p.post(&format!("/api/admin/exchange/markets/{market}/void"), &json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "a player may not void");

    let desk = app.other_client();
    desk.operator("9000000555").await;
    let r = desk.post(&format!("/api/admin/exchange/markets/{market}/void"), &json!({})).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.json::<Value>().await.unwrap()["players"], 1);
    assert_eq!(p.wallet().await, (2_000.0, 0.0), "the hold came back");
    let bets = p.get(&format!("/api/laggai_khai_getuserbet/{}/{event}", p.id)).await;
    assert_eq!((bets["bets"][0]["status"].as_str(), bets["bets"][0]["pl"].as_f64()), (Some("void"), Some(0.0)));
    let again = desk.post(&format!("/api/admin/exchange/markets/{market}/void"), &json!({})).await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    assert_eq!(p.wallet().await, (2_000.0, 0.0), "nothing more moved");
    let detail = p.get(&format!("/api/match/{event}")).await;
    if let Some(r) = rate(&detail, 1, "backOdds") {
        let body = json!({"match": event, "teamIndex": 1, "type": "Lgaai", "odds": r, "stake": 100});
        let (status, answer) = p.post("/api/laggai_khai_bets", &body).await;
        assert_eq!((status, answer["error"].as_str()), (StatusCode::CONFLICT, Some("market_closed")), "{answer}");
    }
    let audit: Value = desk.get("/api/admin/audit?action=exchange.void").await.json().await.unwrap();
    assert!(audit.to_string().contains(&market), "{audit}");
}

/// The spec's client names a match by its name: a bet on a team (`match`), a fancy bet (`matchName`) and both bet
/// lists' `{match}` take the name in any case as well as the id; a name nobody lists is 404 `match_not_found` with
/// nothing moved, and a list of it is empty. Each bet records the balance and exposure it left.
#[tokio::test]
async fn a_match_is_named_by_its_name_in_bets_and_in_bet_lists() {
    let app = spawn_app_with(|c| c.exchange.bet_delay = Duration::ZERO).await;
    let players = app.fixture_players(1, 10_000).await;
    let p = Player { app: &app, id: players[0].0.clone(), token: players[0].1.clone() };
    let game = crate::parchi::TestMatch::on(&app, 29).await;
    game.play(1).await; // in play, every market open until the next step
    let detail = p.get(&format!("/api/match/{}", game.id)).await;
    let shouted = game.name.to_uppercase();

    let (status, answer) = p
        .post(
            "/api/laggai_khai_bets",
            &json!({"match": shouted, "teamIndex": 0, "type": "Lgaai", "odds": rate(&detail, 0, "backOdds"), "stake": 100}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer} on {detail}");
    assert_eq!(answer["bet"]["match"].as_i64(), Some(game.id));
    // The bet records the wallet as the bet left it (the spec's bet record: balance, exposure).
    let wallet_after = (answer["balance"].clone(), answer["exposure"].clone());
    assert_eq!((answer["bet"]["balance"].clone(), answer["bet"]["exposure"].clone()), wallet_after, "{answer}");
    let f = detail["fancyMarkets"].as_array().unwrap().iter().find(|f| f["status"] == "OPEN").unwrap();
    let record = json!({"matchName": game.name, "marketId": f["marketId"], "type": "no", "runs": f["runValue"]["no"], "odds": f["odds"]["no"], "stake": 100});
    let (status, answer) = p.post("/api/cricket-market/bets", &json!({ "myBets": [record] })).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");

    let wallet = p.wallet().await;
    let unknown = json!({"match": "Nobody v Nobody", "teamIndex": 0, "type": "Lgaai", "odds": 90, "stake": 100});
    let (status, answer) = p.post("/api/laggai_khai_bets", &unknown).await;
    assert_eq!((status, answer["error"].as_str()), (StatusCode::NOT_FOUND, Some("match_not_found")), "{answer}");
    assert_eq!(p.wallet().await, wallet, "nothing moved");

    let by = |path: &str, m: &str| format!("/api/{path}/{}/{}", p.id, m.replace(' ', "%20"));
    for (path, kind) in [("laggai_khai_getuserbet", "Lgaai"), ("cricket-market", "no")] {
        for m in [game.id.to_string(), game.name.clone(), game.name.to_lowercase()] {
            let list = p.get(&by(path, &m)).await;
            let bets = list["bets"].as_array().unwrap();
            assert_eq!(bets.len(), 1, "{path} by {m}: {list}");
            assert_eq!((bets[0]["type"].as_str(), bets[0]["match"].as_i64()), (Some(kind), Some(game.id)));
            assert!(bets[0]["balance"].is_number() && bets[0]["exposure"].is_number(), "{list}");
        }
        assert_eq!(p.get(&by(path, "Nobody v Nobody")).await["bets"], json!([]));
    }
}

/// A Match Odds bet is taken at the market's best price when the price it names is that price or worse for the
/// player (a back at a deeper, lower level; a lay at a higher one), and recorded at the best price; a price better
/// than the market's is refused (409 `price_changed`) with nothing moved.
#[tokio::test]
async fn a_match_odds_bet_at_a_deeper_level_is_taken_at_the_best_price() {
    let app = spawn_app_with(|c| c.exchange.bet_delay = Duration::ZERO).await;
    let players = app.fixture_players(1, 10_000).await;
    let p = Player { app: &app, id: players[0].0.clone(), token: players[0].1.clone() };
    let game = crate::parchi::TestMatch::on(&app, 31).await;
    game.play(1).await; // in play, every market open until the next step
    let detail = p.get(&format!("/api/match/{}", game.id)).await;
    let ex = &detail["match"]["runners"][0]["ex"];
    let best = |side: &str| ex[side][0]["price"].as_f64().unwrap();
    let (back, lay) = (best("availableToBack"), best("availableToLay"));
    let order = |side: &str, odds: f64| json!({"match": game.id, "teamIndex": 0, "type": side, "odds": odds, "stake": 100, "marketType": "exchange"});

    for (side, better) in [("Lgaai", back + 0.01), ("khaai", lay - 0.01)] {
        let (status, answer) = p.post("/api/laggai_khai_bets", &order(side, better)).await;
        assert_eq!((status, answer["error"].as_str()), (StatusCode::CONFLICT, Some("price_changed")), "{answer}");
    }
    assert_eq!(p.wallet().await, (10_000.0, 0.0), "nothing moved");
    for (side, deeper, taken) in [("Lgaai", (back - 0.05).max(1.01), back), ("khaai", lay + 0.05, lay)] {
        let (status, answer) = p.post("/api/laggai_khai_bets", &order(side, deeper)).await;
        assert_eq!(status, StatusCode::CREATED, "{answer} on {detail}");
        assert_eq!(answer["bet"]["odds"].as_f64(), Some(taken), "taken at the best price: {answer}");
    }
}

/// The login answer's `history` (the spec's) carries the player's latest bets on matches, newest first.
#[tokio::test]
async fn the_login_answer_carries_the_players_latest_bets() {
    let app = spawn_app_with(|c| c.exchange.bet_delay = Duration::ZERO).await;
    let desk = app.other_client();
    desk.operator("9000030001").await;
    let login = app.funded(&desk, "9876530001", 1_000).await;
    assert_eq!(login["history"], json!([]), "no bets yet");
    let p = Player { app: &app, id: login["user"]["id"].clone(), token: login["token"].as_str().unwrap().into() };
    let game = crate::parchi::TestMatch::on(&app, 37).await;
    game.play(1).await;
    let detail = p.get(&format!("/api/match/{}", game.id)).await;
    for (team, stake) in [(0, 100), (1, 200)] {
        let rate = rate(&detail, team, "backOdds");
        let body = json!({"match": game.id, "teamIndex": team, "type": "Lgaai", "odds": rate, "stake": stake});
        let (status, answer) = p.post("/api/laggai_khai_bets", &body).await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
    }
    let user_no = login["user"]["userNo"].to_string();
    let again = app.login(user_no.trim_matches('"'), "secret1").await;
    let history = again["history"].as_array().unwrap();
    let stakes: Vec<_> = history.iter().map(|b| b["stake"].as_f64()).collect();
    assert_eq!(stakes, vec![Some(200.0), Some(100.0)], "newest first: {history:?}");
    // The second bet nets against the first (one market): its record shows the wallet as it left it, as now.
    let (balance, exposure) = p.wallet().await;
    assert_eq!((history[0]["balance"].as_f64(), history[0]["exposure"].as_f64()), (Some(balance), Some(exposure)));
    assert_eq!((history[1]["balance"].as_f64(), history[1]["exposure"].as_f64()), (Some(900.0), Some(100.0)));
}
