//! The exchange stream in front of players: a tiny stream server in the test (the Betfair stream's handshake over
//! plain TCP on 127.0.0.1:0, JSON lines), the real server following it (`CASINO_STREAM_ADDR`). An operator maps a
//! feed market; the match is listed and priced from the feed with the house's margin; a player backs at the price
//! shown; the feed suspends (a bet is refused, nothing moved) and then settles (the bet is settled once).

use crate::helpers::{TestApp, error_of, spawn_app_with};
use casino_actors::sports::cricket::price;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

const MARKET: &str = "1.777";
const PATIENCE: Duration = Duration::from_secs(30);

/// The stream server: each connection greeted, logged in and subscribed (each subscription's market ids sent to
/// `subs`), then every line the test sends written to it, with a heartbeat every 200 ms.
async fn stream_server(
    listener: TcpListener,
    mut lines: mpsc::UnboundedReceiver<String>,
    subs: mpsc::UnboundedSender<Vec<String>>,
) {
    let mut clk = 0u64;
    while let Ok((socket, _)) = listener.accept().await {
        let (read, mut write) = socket.into_split();
        let mut from = BufReader::new(read).lines();
        let ok = |id: &Value| format!("{}\r\n", json!({"op": "status", "id": id, "statusCode": "SUCCESS"}));
        if write.write_all(b"{\"op\":\"connection\",\"connectionId\":\"test-1\"}\r\n").await.is_err() {
            continue;
        }
        let mut beat = tokio::time::interval(Duration::from_millis(200));
        loop {
            tokio::select! {
                line = lines.recv() => {
                    let Some(line) = line else { return };
                    if write.write_all(format!("{line}\r\n").as_bytes()).await.is_err() { break; }
                }
                asked = from.next_line() => {
                    let Ok(Some(asked)) = asked else { break };
                    let v: Value = serde_json::from_str(&asked).unwrap();
                    if write.write_all(ok(&v["id"]).as_bytes()).await.is_err() { break; }
                    if v["op"] == "marketSubscription" {
                        let ids = v["marketFilter"]["marketIds"].as_array().unwrap();
                        subs.send(ids.iter().map(|m| m.as_str().unwrap().to_string()).collect()).unwrap();
                    }
                }
                _ = beat.tick() => {
                    clk += 1;
                    let hb = json!({"op": "mcm", "id": 2, "ct": "HEARTBEAT", "clk": format!("H{clk}"), "heartbeatMs": 500});
                    if write.write_all(format!("{hb}\r\n").as_bytes()).await.is_err() { break; }
                }
            }
        }
    }
}

/// The market's definition with `status`, each runner's status given.
fn definition(status: &str, in_play: bool, runners: [&str; 2]) -> Value {
    json!({"status": status, "inPlay": in_play, "bspMarket": false, "betDelay": 0, "version": 1,
        "runners": [{"id": 101, "status": runners[0], "sortPriority": 1}, {"id": 102, "status": runners[1], "sortPriority": 2}]})
}

/// The feed's market `market` imaged: open and in play, two runners at these (back, lay) prices.
fn image(market: &str, books: [(f64, f64); 2]) -> String {
    json!({"op": "mcm", "id": 2, "ct": "SUB_IMAGE", "initialClk": "I1", "clk": "C1", "heartbeatMs": 500,
        "mc": [{"id": market, "img": true, "marketDefinition": definition("OPEN", true, ["ACTIVE", "ACTIVE"]),
            "rc": [{"id": 101, "batb": [[0, books[0].0, 500]], "batl": [[0, books[0].1, 400]]},
                   {"id": 102, "batb": [[0, books[1].0, 300]], "batl": [[0, books[1].1, 200]]}]}]})
    .to_string()
}

/// The feed's market closed, the first runner the winner.
fn settled(market: &str) -> String {
    json!({"op": "mcm", "id": 2, "clk": "C3",
        "mc": [{"id": market, "marketDefinition": definition("CLOSED", true, ["WINNER", "LOSER"])}]})
    .to_string()
}

/// A stream server on 127.0.0.1:0: its address, what to send it, and the subscriptions it receives.
fn stream() -> (String, mpsc::UnboundedSender<String>, mpsc::UnboundedReceiver<Vec<String>>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let (feed, lines) = mpsc::unbounded_channel();
    let (subs_tx, subs) = mpsc::unbounded_channel();
    tokio::spawn(stream_server(TcpListener::from_std(listener).unwrap(), lines, subs_tx));
    (addr, feed, subs)
}

async fn next_subscription(subs: &mut mpsc::UnboundedReceiver<Vec<String>>) -> Vec<String> {
    let mut ids = tokio::time::timeout(PATIENCE, subs.recv()).await.expect("no subscription").unwrap();
    ids.sort();
    ids
}

fn mapping(market: &str, sport: i64, name: &str) -> Value {
    json!({"feedMarketId": market, "sportId": sport, "name": name, "competition": "Test League",
        "startsAt": 1_700_000_000_000i64, "teams": ["Mumbai", "Chennai"],
        "runners": [{"feedId": 101, "name": "Mumbai"}, {"feedId": 102, "name": "Chennai"}]})
}

/// Polls the operators' list until the mapping of `id` has `status`.
async fn mapping_until(desk: &TestApp, id: i64, status: &str) -> Value {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let mappings: Value = desk.get("/api/admin/sports/feed-markets").await.json().await.unwrap();
        if let Some(m) = mappings.as_array().unwrap().iter().find(|m| m["matchId"] == id && m["status"] == status) {
            return m.clone();
        }
        assert!(tokio::time::Instant::now() < deadline, "the mapping of {id} never {status}: {mappings}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

struct Player<'a> {
    app: &'a TestApp,
    id: Value,
    token: String,
}

impl Player<'_> {
    async fn post(&self, path: &str, body: &Value) -> (StatusCode, Value) {
        let url = format!("{}{path}", self.app.base);
        let r = self.app.http.post(url).bearer_auth(&self.token).json(body).send().await.unwrap();
        (r.status(), r.json().await.unwrap_or(Value::Null))
    }

    async fn get(&self, path: &str) -> Value {
        self.app.get_as(&self.token, path).await
    }

    async fn wallet(&self) -> (f64, f64) {
        let v = self.get(&format!("/api/getwalletandexposure/{}", self.id)).await;
        (v["balance"].as_f64().unwrap(), v["exposureBalance"].as_f64().unwrap())
    }

    /// Polls the match's detail until `ready` says yes.
    async fn detail_until(&self, id: i64, what: &str, ready: impl Fn(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let detail = self.get(&format!("/api/match/{id}")).await;
            if ready(&detail) {
                return detail;
            }
            assert!(tokio::time::Instant::now() < deadline, "{what}: never; last {detail}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// The feed's mid chances of two runners (back, lay each), normalised: what the house quotes from.
fn chances(books: [(f64, f64); 2]) -> [f64; 2] {
    let mid = |(b, l): (f64, f64)| (1.0 / b + 1.0 / l) / 2.0;
    let total = mid(books[0]) + mid(books[1]);
    [mid(books[0]) / total, mid(books[1]) / total]
}

#[tokio::test]
async fn an_operator_maps_a_feed_market_players_bet_at_its_prices_and_the_feed_settles_them_once() {
    let (addr, feed, mut subs) = stream();
    let app = spawn_app_with(|c| {
        c.stream.addr = addr;
        c.stream.app_key = "key".into();
        c.stream.session = "token".into();
        c.exchange.bet_delay = Duration::ZERO;
        // A finished match is done with (its mapping ended) once it has lingered this long.
        c.sports.linger_ms = 3_000;
    })
    .await;
    let margin = app.config.stream.margin;
    let desk = app.other_client();
    desk.operator("9000070001").await;
    let players = app.fixture_players(1, 10_000).await;
    let p = Player { app: &app, id: players[0].0.clone(), token: players[0].1.clone() };

    // A player may not map.
    let body = mapping(MARKET, 4, "Mumbai v Chennai");
    let (status, _) = p.post("/api/admin/sports/feed-markets", &body).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Bad mappings: 400 with their codes, nothing created.
    let with = |key: &str, value: Value| {
        let mut b = body.clone();
        b[key] = value;
        b
    };
    let bad = [
        (with("runners", json!([{"feedId": 101, "name": "Mumbai"}])), "invalid_runners"),
        (with("runners", json!([{"feedId": 101, "name": "A"}, {"feedId": 101, "name": "B"}])), "invalid_runners"),
        (with("teams", json!(["Mumbai", "mumbai"])), "invalid_teams"),
        (with("sportId", json!(99)), "invalid_sport"),
        (with("feedMarketId", json!(" ")), "invalid_feed_market"),
        (with("name", json!("")), "invalid_name"),
        (with("startsAt", json!("soon")), "invalid_request"),
    ];
    for (b, code) in bad {
        let (status, error) = error_of(desk.post("/api/admin/sports/feed-markets", &b).await).await;
        assert_eq!((status, error["error"].as_str()), (StatusCode::BAD_REQUEST, Some(code)), "{b}: {error}");
    }
    let listed: Value = desk.get("/api/admin/sports/feed-markets").await.json().await.unwrap();
    assert_eq!(listed, json!([]), "nothing created");

    // Mapped: the client subscribes to the market.
    let r = desk.post("/api/admin/sports/feed-markets", &body).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let mapped: Value = r.json().await.unwrap();
    let id = mapped["matchId"].as_i64().unwrap();
    assert_eq!(next_subscription(&mut subs).await, vec![MARKET.to_string()]);
    let (status, error) = error_of(desk.post("/api/admin/sports/feed-markets", &body).await).await;
    assert_eq!((status, error["error"].as_str()), (StatusCode::CONFLICT, Some("feed_market_mapped")));

    // The market's image: the match opens, priced from the feed with the house's margin.
    let books = [(1.8, 1.82), (2.2, 2.24)];
    feed.send(image(MARKET, books)).unwrap();
    let open = |d: &Value| {
        d["match"]["status"] == "OPEN" && d["match"]["runners"][0]["ex"]["availableToBack"][0]["price"].is_f64()
    };
    let detail = p.detail_until(id, "the match priced from the feed", open).await;
    let q = chances(books);
    for (i, runner) in detail["match"]["runners"].as_array().unwrap().iter().enumerate() {
        let selection = runner["selectionId"].as_i64().unwrap();
        let expected = price::book(q[i], margin, id as u64 ^ selection as u64).unwrap();
        let best = |side: &str| runner["ex"][side][0]["price"].as_f64().unwrap();
        assert_eq!(best("availableToBack"), expected.available_to_back[0].price, "{runner}");
        assert_eq!(best("availableToLay"), expected.available_to_lay[0].price, "{runner}");
        assert!(best("availableToBack") < 1.0 / q[i] && 1.0 / q[i] < best("availableToLay"), "the margin: {runner}");
    }
    let list = p.get("/api/matches/4").await;
    let listed = list["data"].as_array().unwrap().iter().find(|m| m["id"] == id).cloned();
    assert!(listed.is_some_and(|m| m["inplay"] == true), "listed in play: {list}");
    let mappings: Value = desk.get("/api/admin/sports/feed-markets").await.json().await.unwrap();
    let m = &mappings.as_array().unwrap().iter().find(|m| m["matchId"] == id).cloned().unwrap();
    assert_eq!(
        (m["matchId"].as_i64(), m["feedMarketId"].as_str(), m["status"].as_str()),
        (Some(id), Some(MARKET), Some("active"))
    );
    assert_eq!(
        (m["imaged"].as_bool(), m["feedStatus"].as_str(), m["inPlay"].as_bool()),
        (Some(true), Some("OPEN"), Some(true)),
        "{m}"
    );

    // A back of ₹200 on the first runner at the price shown.
    let back = detail["match"]["runners"][0]["ex"]["availableToBack"][0]["price"].as_f64().unwrap();
    let order =
        json!({"match": id, "teamIndex": 0, "type": "Lgaai", "odds": back, "stake": 200, "marketType": "exchange"});
    let (status, placed) = p.post("/api/laggai_khai_bets", &order).await;
    assert_eq!(status, StatusCode::CREATED, "{placed}");
    assert_eq!(placed["bet"]["odds"].as_f64(), Some(back), "{placed}");
    assert_eq!(p.wallet().await, (9_800.0, 200.0));

    // The feed suspends: refused, nothing moved.
    let suspend = json!({"op": "mcm", "id": 2, "clk": "C2",
        "mc": [{"id": MARKET, "marketDefinition": definition("SUSPENDED", true, ["ACTIVE", "ACTIVE"])}]});
    feed.send(suspend.to_string()).unwrap();
    p.detail_until(id, "suspended", |d| d["match"]["status"] == "SUSPENDED").await;
    let (status, refused) = p.post("/api/laggai_khai_bets", &order).await;
    assert_eq!((status, refused["error"].as_str()), (StatusCode::CONFLICT, Some("market_suspended")), "{refused}");
    assert_eq!(p.wallet().await, (9_800.0, 200.0), "nothing moved");

    // A second market mapped (football, the other sport): the client follows both.
    let r = desk.post("/api/admin/sports/feed-markets", &mapping("1.778", 1, "Goa v Pune")).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let second = r.json::<Value>().await.unwrap()["matchId"].as_i64().unwrap();
    assert!(second > id, "ids from the desk's sequence");
    assert_eq!(next_subscription(&mut subs).await, vec![MARKET.to_string(), "1.778".to_string()]);
    feed.send(image(MARKET, books)).unwrap(); // the server images every market of a new subscription
    feed.send(
        json!({"op": "mcm", "id": 2, "clk": "C2b",
        "mc": [{"id": MARKET, "marketDefinition": definition("SUSPENDED", true, ["ACTIVE", "ACTIVE"])}]})
        .to_string(),
    )
    .unwrap();

    // The feed settles: the first runner won; the bet pays once, the mapping ends and its market is no longer
    // followed.
    feed.send(settled(MARKET)).unwrap();
    let won = 10_000.0 + ((200.0 * (back - 1.0)) * 100.0).round() / 100.0;
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while p.wallet().await != (won, 0.0) {
        assert!(tokio::time::Instant::now() < deadline, "never settled: {:?}, expected {won}", p.wallet().await);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let detail = p.get(&format!("/api/match/{id}")).await;
    assert_eq!(detail["match"]["status"], "CLOSED", "{detail}");
    assert_eq!(next_subscription(&mut subs).await, vec!["1.778".to_string()]);
    // Done with once it has lingered: the mapping ends.
    mapping_until(&desk, id, "ended").await;
    assert_eq!(p.wallet().await, (won, 0.0), "settled once");
}

/// Without a stream, mapping is refused: 503 `no_stream`.
#[tokio::test]
async fn without_a_stream_mapping_is_refused() {
    let app = spawn_app_with(|_| {}).await;
    app.operator("9000070002").await;
    let body = json!({"feedMarketId": MARKET, "sportId": 4, "name": "Mumbai v Chennai", "startsAt": 1_700_000_000_000i64,
        "teams": ["Mumbai", "Chennai"], "runners": [{"feedId": 101, "name": "Mumbai"}, {"feedId": 102, "name": "Chennai"}]});
    let (status, error) = error_of(app.post("/api/admin/sports/feed-markets", &body).await).await;
    assert_eq!((status, error["error"].as_str()), (StatusCode::SERVICE_UNAVAILABLE, Some("no_stream")));
}

/// A mapping survives a restart: the new server resumes its match under the same id (the stream images the market
/// again on subscription), the bet on it stays open (not voided by the exchange's recovery), and the feed's
/// settlement pays it once.
#[tokio::test]
async fn a_mapped_match_and_its_bets_survive_a_restart() {
    let (addr, feed, mut subs) = stream();
    let app = spawn_app_with(|c| {
        c.stream.addr = addr;
        c.exchange.bet_delay = Duration::ZERO;
        c.sports.linger_ms = 3_000;
    })
    .await;
    let config = app.config.clone();
    let desk = app.other_client();
    desk.operator("9000070003").await;
    let players = app.fixture_players(1, 10_000).await;
    let (player, token) = players[0].clone();
    let id = {
        let p = Player { app: &app, id: player.clone(), token: token.clone() };
        let r = desk.post("/api/admin/sports/feed-markets", &mapping(MARKET, 4, "Mumbai v Chennai")).await;
        assert_eq!(r.status(), StatusCode::CREATED);
        let id = r.json::<Value>().await.unwrap()["matchId"].as_i64().unwrap();
        assert_eq!(next_subscription(&mut subs).await, vec![MARKET.to_string()]);
        feed.send(image(MARKET, [(1.8, 1.82), (2.2, 2.24)])).unwrap();
        let open = |d: &Value| d["match"]["status"] == "OPEN";
        let detail = p.detail_until(id, "open", open).await;
        let back = detail["match"]["runners"][0]["ex"]["availableToBack"][0]["price"].as_f64().unwrap();
        let order =
            json!({"match": id, "teamIndex": 0, "type": "Lgaai", "odds": back, "stake": 100, "marketType": "exchange"});
        let (status, placed) = p.post("/api/laggai_khai_bets", &order).await;
        assert_eq!(status, StatusCode::CREATED, "{placed}");
        id
    };
    drop(desk);
    app.halt(); // every actor stops (its stream connection closes); the next server on the same database resumes

    let app = crate::helpers::spawn_app_on(config).await;
    assert_eq!(next_subscription(&mut subs).await, vec![MARKET.to_string()], "the mapping resumed");
    let desk = app.other_client();
    desk.login(&desk_user_no(&desk, "9000070003").await, "operator-pass").await;
    let p = Player { app: &app, id: player, token };
    assert_eq!(p.wallet().await, (9_900.0, 100.0), "the bet is still open");
    mapping_until(&desk, id, "active").await;
    feed.send(image(MARKET, [(1.8, 1.82), (2.2, 2.24)])).unwrap();
    p.detail_until(id, "resumed under the same id", |d| d["match"]["status"] == "OPEN").await;
    feed.send(settled(MARKET)).unwrap();
    let deadline = tokio::time::Instant::now() + PATIENCE;
    while p.wallet().await.1 != 0.0 {
        assert!(tokio::time::Instant::now() < deadline, "never settled: {:?}", p.wallet().await);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(p.wallet().await.0 > 10_000.0, "the back won: {:?}", p.wallet().await);
    mapping_until(&desk, id, "ended").await;
}

async fn desk_user_no(desk: &TestApp, phone: &str) -> String {
    let r = desk.get(&format!("/api/userLoginUserNo/{phone}")).await;
    r.json::<Value>().await.unwrap()["userNo"].to_string()
}
