//! The stream feed end to end against a local replay server (a `TcpListener` on 127.0.0.1:0, no network) that speaks
//! the Betfair stream's handshake and serves recorded messages (`tests/fixtures/stream/*.jsonl`, one a line) when the
//! test says: the client connects, authenticates, subscribes and fills the cache; the provider prices our match from
//! it. Nothing is decided by a sleep: each step waits (up to a generous limit) for the cache to hold the `clk` of the
//! last message served, then ticks the provider; the feed's clock is a manual one.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use casino_actors::clock::{Clock, ManualClock};
use casino_actors::sports::cricket::price;
use casino_actors::sports::feed::{Delta, MarketStatus, MatchState, MatchStatus, Provider, Terms, Update};
use casino_actors::sports::stream::cache::{self, SharedCache};
use casino_actors::sports::stream::client::{self, StreamConfig, StreamHandle, Tcp};
use casino_actors::sports::stream::provider::{Mapping, RunnerMap, StreamMatch};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

const MARGIN: f64 = 0.04;
const PATIENCE: Duration = Duration::from_secs(20);

/// What the test tells the replay server: serve a fixture, or drop the connection.
enum Cmd {
    Serve(&'static str),
    Drop,
}

/// A subscription the server received, and the resume tokens it had last sent before it.
struct Subscribed {
    request: Value,
    last_sent: (Option<String>, Option<String>),
}

fn fixture(name: &str) -> Vec<String> {
    let path = format!("{}/tests/fixtures/stream/{name}.jsonl", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap().lines().filter(|l| !l.trim().is_empty()).map(String::from).collect()
}

/// The `clk` of a fixture's last message: once the cache holds it, the whole fixture has been applied.
fn last_clk(name: &str) -> String {
    let last: Value = serde_json::from_str(fixture(name).last().unwrap()).unwrap();
    last["clk"].as_str().unwrap().to_string()
}

async fn read_json(lines: &mut tokio::io::Lines<BufReader<tokio::net::tcp::OwnedReadHalf>>) -> Option<Value> {
    Some(serde_json::from_str(&lines.next_line().await.ok()??).unwrap())
}

/// The replay server: one connection at a time, each greeted, authenticated and subscribed, then served as told.
async fn replay(
    listener: TcpListener,
    mut cmds: mpsc::UnboundedReceiver<Cmd>,
    subs: mpsc::UnboundedSender<Subscribed>,
) {
    let mut last_sent: (Option<String>, Option<String>) = (None, None);
    while let Ok((socket, _)) = listener.accept().await {
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        write.write_all(b"{\"op\":\"connection\",\"connectionId\":\"replay-1\"}\r\n").await.unwrap();
        let auth = read_json(&mut lines).await.unwrap();
        assert_eq!((auth["op"].as_str(), auth["appKey"].as_str()), (Some("authentication"), Some("key")));
        let ok = |id: &Value| format!("{}\r\n", json!({"op": "status", "id": id, "statusCode": "SUCCESS"}));
        write.write_all(ok(&auth["id"]).as_bytes()).await.unwrap();
        let request = read_json(&mut lines).await.unwrap();
        assert_eq!(request["op"], "marketSubscription");
        write.write_all(ok(&request["id"]).as_bytes()).await.unwrap();
        subs.send(Subscribed { request, last_sent: last_sent.clone() }).unwrap();
        loop {
            tokio::select! {
                cmd = cmds.recv() => match cmd {
                    Some(Cmd::Serve(name)) => for line in fixture(name) {
                        let v: Value = serde_json::from_str(&line).unwrap();
                        if let Some(i) = v["initialClk"].as_str() { last_sent.0 = Some(i.into()); }
                        if let Some(c) = v["clk"].as_str() { last_sent.1 = Some(c.into()); }
                        write.write_all(format!("{line}\r\n").as_bytes()).await.unwrap();
                    },
                    Some(Cmd::Drop) => break,
                    None => return,
                },
                asked = read_json(&mut lines) => match asked {
                    Some(v) if v["op"] == "heartbeat" => write.write_all(ok(&v["id"]).as_bytes()).await.unwrap(),
                    Some(v) => panic!("unexpected from the client: {v}"),
                    None => break,
                },
            }
        }
    }
}

/// A client, a provider for our match 900 on the feed's market 1.200, and the replay server they talk to.
struct Feed {
    cmds: mpsc::UnboundedSender<Cmd>,
    subs: mpsc::UnboundedReceiver<Subscribed>,
    cache: SharedCache,
    clock: ManualClock,
    provider: StreamMatch,
    /// The provider's snapshot at the start with every delta applied: a gap or a repeat fails the test.
    mirror: MatchState,
    deltas: Vec<Delta>,
    _client: StreamHandle,
}

impl Feed {
    async fn start() -> Feed {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let (cmds, cmd_rx) = mpsc::unbounded_channel();
        let (sub_tx, subs) = mpsc::unbounded_channel();
        tokio::spawn(replay(listener, cmd_rx, sub_tx));
        let (cache, clock) = (cache::shared(), ManualClock::at(1_000_000));
        let config = StreamConfig {
            app_key: "key".into(),
            session: "token".into(),
            market_ids: vec!["1.200".into()],
            ladder_levels: 3,
            heartbeat_ms: 5_000,
            conflate_ms: None,
            backoff_min: Duration::from_millis(10),
            backoff_max: Duration::from_millis(200),
        };
        let client = client::spawn(Tcp(addr), config, cache.clone(), Arc::new(clock.clone()));
        let runner = |selection_id, feed_id, name: &str| RunnerMap { selection_id, feed_id, name: name.into() };
        let mapping = Mapping {
            match_id: 900,
            sport_id: 1,
            name: "Mumbai City v Goa United".into(),
            competition: "Simulated Super League".into(),
            starts_at: 0,
            teams: ["Mumbai City".into(), "Goa United".into()],
            market_id: "1.200".into(),
            runners: vec![
                runner(9001, 101, "Mumbai City"),
                runner(9003, 58805, "The Draw"),
                runner(9002, 102, "Goa United"),
            ],
        };
        let terms = Terms { min_stake: 100, max_stake: 100_000, bet_delay: 5 };
        let provider = StreamMatch::new(mapping, terms, MARGIN, cache.clone(), clock.now_ms());
        let mirror = provider.snapshot().clone();
        Feed { cmds, subs, cache, clock, provider, mirror, deltas: Vec::new(), _client: client }
    }

    /// The next subscription the server receives.
    async fn subscribed(&mut self) -> Subscribed {
        tokio::time::timeout(PATIENCE, self.subs.recv()).await.expect("no subscription in time").unwrap()
    }

    /// Serves a fixture, waits until the cache has applied all of it, and ticks the provider once.
    async fn serve(&mut self, name: &'static str) {
        self.cmds.send(Cmd::Serve(name)).unwrap();
        let clk = last_clk(name);
        let deadline = tokio::time::Instant::now() + PATIENCE;
        while cache::lock(&self.cache).clk.as_deref() != Some(clk.as_str()) {
            assert!(tokio::time::Instant::now() < deadline, "the cache never reached {name}'s clk {clk}");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        self.tick();
    }

    fn tick(&mut self) {
        if let Some(d) = self.provider.tick(self.clock.now_ms()) {
            self.mirror.apply(&d).unwrap();
            self.deltas.push(d);
        }
        // The chances behind the quotes are the provider's own, never carried by a delta.
        self.mirror.fair = self.provider.snapshot().fair.clone();
        assert_eq!(&self.mirror, self.provider.snapshot(), "the deltas rebuild the provider's state");
    }

    fn state(&self) -> &MatchState {
        self.provider.snapshot()
    }

    /// The house's best back and lay for each runner, in our order.
    fn quotes(&self) -> Vec<(f64, f64)> {
        let runners = &self.state().market.runners;
        runners.iter().map(|r| (r.ex.available_to_back[0].price, r.ex.available_to_lay[0].price)).collect()
    }

    fn settlements(&self) -> Vec<Option<i64>> {
        let settled = |u: &Update| match u {
            Update::Settled { winner } => Some(*winner),
            _ => None,
        };
        self.deltas.iter().flat_map(|d| d.updates.iter().filter_map(settled)).collect()
    }
}

/// The chances the feed's best (back, lay) pairs imply: the middle of each pair, normalised.
fn chances(best: &[(f64, f64)]) -> Vec<f64> {
    let mids: Vec<f64> = best.iter().map(|(b, l)| (1.0 / b + 1.0 / l) / 2.0).collect();
    let total: f64 = mids.iter().sum();
    mids.iter().map(|m| m / total).collect()
}

/// The house's quotes are exactly `back_lay` of the feed's chances, below and above each fair price, and the book
/// keeps the margin: the backs' overround at least `1 / (1 − m/2)`, the backs' and lays' round trip at least `m`.
fn assert_quoted_from(feed: &Feed, best: &[(f64, f64)]) {
    let quotes = feed.quotes();
    let chances = chances(best);
    for ((back, lay), q) in quotes.iter().zip(&chances) {
        assert_eq!(Some((*back, *lay)), price::back_lay(*q, MARGIN), "chance {q}");
        assert!(*back < 1.0 / q && *lay > 1.0 / q, "around the fair price {}", 1.0 / q);
    }
    let backs: f64 = quotes.iter().map(|(b, _)| 1.0 / b).sum();
    let lays: f64 = quotes.iter().map(|(_, l)| 1.0 / l).sum();
    assert!(backs >= 1.0 / (1.0 - MARGIN / 2.0), "overround {backs}");
    assert!(backs - lays >= MARGIN, "round trip {}", backs - lays);
}

/// The feed's best (back, lay) in our runner order (home, draw, away) after `image`, and after `deltas`.
const IMAGED: [(f64, f64); 3] = [(2.5, 2.52), (3.3, 3.35), (3.4, 3.45)];
const MOVED: [(f64, f64); 3] = [(2.3, 2.32), (3.5, 3.55), (3.8, 3.85)];

#[tokio::test]
async fn an_image_then_deltas_move_the_house_prices_with_its_margin() {
    let mut feed = Feed::start().await;
    let first = feed.subscribed().await;
    assert_eq!(first.request["marketFilter"]["marketIds"], json!(["1.200"]));
    assert_eq!(first.request["marketDataFilter"]["fields"], json!(["EX_BEST_OFFERS", "EX_MARKET_DEF"]));
    assert!(first.request.get("clk").is_none() && first.request.get("initialClk").is_none(), "a fresh subscription");
    feed.tick();
    assert_eq!(feed.state().market.status, MarketStatus::Suspended, "nothing heard yet");

    feed.serve("image").await;
    assert_eq!((feed.state().market.status, feed.state().status), (MarketStatus::Open, MatchStatus::Upcoming));
    assert_quoted_from(&feed, &IMAGED);

    feed.serve("deltas").await;
    assert_eq!(feed.state().market.status, MarketStatus::Open);
    assert_quoted_from(&feed, &MOVED);
    let home = &feed.state().market.runners[0].ex.available_to_back;
    assert_eq!((home[0].size, home[1].size), (150.0, 300.0), "the feed's depth, its third level removed");
    assert!(feed.deltas.len() >= 2);
}

#[tokio::test]
async fn a_suspended_market_suspends_ours_and_it_opens_again_with_the_feed() {
    let mut feed = Feed::start().await;
    feed.subscribed().await;
    feed.serve("image").await;
    feed.serve("suspend").await;
    assert_eq!(feed.state().market.status, MarketStatus::Suspended);
    feed.serve("reopen").await;
    assert_eq!(feed.state().market.status, MarketStatus::Open);
    assert_quoted_from(&feed, &IMAGED);
}

#[tokio::test]
async fn in_play_on_the_feed_puts_our_match_in_play() {
    let mut feed = Feed::start().await;
    feed.subscribed().await;
    feed.serve("image").await;
    assert_eq!(feed.state().status, MatchStatus::Upcoming);
    feed.serve("inplay").await;
    assert_eq!((feed.state().status, feed.state().market.status), (MatchStatus::InPlay, MarketStatus::Open));
}

#[tokio::test]
async fn a_dropped_connection_resubscribes_where_it_left_off_and_the_prices_go_on() {
    let mut feed = Feed::start().await;
    feed.subscribed().await;
    feed.serve("image").await;
    feed.serve("deltas").await;
    feed.cmds.send(Cmd::Drop).unwrap();
    let again = feed.subscribed().await;
    let (initial, clk) = (again.request["initialClk"].as_str(), again.request["clk"].as_str());
    assert_eq!((initial, clk), (again.last_sent.0.as_deref(), again.last_sent.1.as_deref()), "the last tokens sent");
    assert_eq!((initial, clk), (Some("AAA"), Some("AAD")));
    feed.tick();
    assert_eq!(feed.state().market.status, MarketStatus::Suspended, "suspended while the stream is not live");

    feed.serve("resub").await;
    // The resubscription's delta moved only the home side, on top of what the first connection left.
    let chances_after = [(2.1, 2.12), MOVED[1], MOVED[2]];
    assert_eq!(feed.state().market.status, MarketStatus::Open);
    assert_quoted_from(&feed, &chances_after);
    assert_eq!(cache::lock(&feed.cache).ignored, 0);
}

#[tokio::test]
async fn a_closed_market_settles_once_with_our_winner() {
    let mut feed = Feed::start().await;
    feed.subscribed().await;
    feed.serve("image").await;
    feed.serve("settle").await;
    assert_eq!(feed.settlements(), vec![Some(9001)]);
    assert_eq!((feed.state().status, feed.state().market.status), (MatchStatus::Finished, MarketStatus::Closed));
    feed.serve("inplay").await;
    feed.serve("settle").await;
    assert_eq!(feed.settlements(), vec![Some(9001)], "exactly once");
}

#[tokio::test]
async fn a_closed_market_with_every_runner_removed_is_void() {
    let mut feed = Feed::start().await;
    feed.subscribed().await;
    feed.serve("image").await;
    feed.serve("void").await;
    assert_eq!(feed.settlements(), vec![None]);
    assert_eq!(feed.state().status, MatchStatus::Finished);
}

#[tokio::test]
async fn silence_past_the_heartbeat_allowance_is_stale_until_the_next_image() {
    let mut feed = Feed::start().await;
    feed.subscribed().await;
    feed.serve("image").await;
    let published = feed.deltas.len();
    feed.serve("heartbeats").await;
    assert_eq!(feed.deltas.len(), published, "heartbeats move nothing");
    let live = feed.provider.liveness().unwrap();
    assert_eq!(live.allowance_ms, 1_500, "three of the server's 500 ms heartbeats");
    assert!(!live.stale(feed.clock.now_ms()));
    assert_eq!(feed.state().market.status, MarketStatus::Open);

    feed.clock.advance(live.allowance_ms + 1);
    assert!(feed.provider.liveness().unwrap().stale(feed.clock.now_ms()), "silent past the allowance");
    feed.tick();
    assert_eq!(feed.state().market.status, MarketStatus::Suspended);

    feed.serve("image").await;
    assert!(!feed.provider.liveness().unwrap().stale(feed.clock.now_ms()));
    assert_eq!(feed.state().market.status, MarketStatus::Open);
    assert_quoted_from(&feed, &IMAGED);
}
