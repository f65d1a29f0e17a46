//! The replay server and the feed under test (`sports_stream.rs`): a `TcpListener` on 127.0.0.1:0 that speaks the
//! Betfair stream's handshake and serves the recorded messages of `tests/fixtures/stream/*.jsonl` (one a line) when
//! the test says; a client and a provider for our match 900 on the feed's market 1.200.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use casino_actors::clock::{Clock, ManualClock};
use casino_actors::sports::feed::{Delta, MatchState, Provider, Terms, Update};
use casino_actors::sports::stream::cache::{self, SharedCache};
use casino_actors::sports::stream::client::{self, StreamConfig, StreamHandle, Tcp};
use casino_actors::sports::stream::provider::{Mapping, RunnerMap, StreamMatch};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

pub const MARGIN: f64 = 0.04;
const PATIENCE: Duration = Duration::from_secs(20);

/// What the test tells the replay server: serve a fixture, or drop the connection.
pub enum Cmd {
    Serve(&'static str),
    Drop,
}

/// A subscription the server received, and the resume tokens it had last sent before it.
pub struct Subscribed {
    pub request: Value,
    pub last_sent: (Option<String>, Option<String>),
    /// Logins the server has seen, this one's included.
    pub logins: usize,
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

/// The replay server: one connection at a time, each greeted, authenticated and subscribed, then served as told;
/// the first `refusals` logins are refused (and their connections closed), as Betfair does an expired session.
async fn replay(
    listener: TcpListener,
    mut cmds: mpsc::UnboundedReceiver<Cmd>,
    subs: mpsc::UnboundedSender<Subscribed>,
    mut refusals: usize,
) {
    let mut last_sent: (Option<String>, Option<String>) = (None, None);
    let mut logins = 0;
    while let Ok((socket, _)) = listener.accept().await {
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        write.write_all(b"{\"op\":\"connection\",\"connectionId\":\"replay-1\"}\r\n").await.unwrap();
        let auth = read_json(&mut lines).await.unwrap();
        assert_eq!((auth["op"].as_str(), auth["appKey"].as_str()), (Some("authentication"), Some("key")));
        logins += 1;
        if refusals > 0 {
            refusals -= 1;
            let no = json!({"op": "status", "id": auth["id"], "statusCode": "FAILURE", "errorCode": "NO_SESSION",
                "errorMessage": "session expired", "connectionClosed": true});
            write.write_all(format!("{no}\r\n").as_bytes()).await.unwrap();
            continue;
        }
        let ok = |id: &Value| format!("{}\r\n", json!({"op": "status", "id": id, "statusCode": "SUCCESS"}));
        write.write_all(ok(&auth["id"]).as_bytes()).await.unwrap();
        let request = read_json(&mut lines).await.unwrap();
        assert_eq!(request["op"], "marketSubscription");
        write.write_all(ok(&request["id"]).as_bytes()).await.unwrap();
        subs.send(Subscribed { request, last_sent: last_sent.clone(), logins }).unwrap();
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
pub struct Feed {
    pub cmds: mpsc::UnboundedSender<Cmd>,
    subs: mpsc::UnboundedReceiver<Subscribed>,
    pub cache: SharedCache,
    pub clock: ManualClock,
    pub provider: StreamMatch,
    /// The provider's snapshot at the start with every delta applied: a gap or a repeat fails the test.
    mirror: MatchState,
    pub deltas: Vec<Delta>,
    _client: StreamHandle,
}

impl Feed {
    pub async fn start() -> Feed {
        Feed::refusing(0).await
    }

    /// As `start`, the server refusing the first `refusals` logins.
    pub async fn refusing(refusals: usize) -> Feed {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let (cmds, cmd_rx) = mpsc::unbounded_channel();
        let (sub_tx, subs) = mpsc::unbounded_channel();
        tokio::spawn(replay(listener, cmd_rx, sub_tx, refusals));
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
    pub async fn subscribed(&mut self) -> Subscribed {
        tokio::time::timeout(PATIENCE, self.subs.recv()).await.expect("no subscription in time").unwrap()
    }

    /// Serves a fixture, waits until the cache has applied all of it, and ticks the provider once.
    pub async fn serve(&mut self, name: &'static str) {
        self.cmds.send(Cmd::Serve(name)).unwrap();
        let clk = last_clk(name);
        let deadline = tokio::time::Instant::now() + PATIENCE;
        while cache::lock(&self.cache).clk.as_deref() != Some(clk.as_str()) {
            assert!(tokio::time::Instant::now() < deadline, "the cache never reached {name}'s clk {clk}");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        self.tick();
    }

    pub fn tick(&mut self) {
        if let Some(d) = self.provider.tick(self.clock.now_ms()) {
            self.mirror.apply(&d).unwrap();
            self.deltas.push(d);
        }
        // The chances behind the quotes are the provider's own, never carried by a delta.
        self.mirror.fair = self.provider.snapshot().fair.clone();
        assert_eq!(&self.mirror, self.provider.snapshot(), "the deltas rebuild the provider's state");
    }

    pub fn state(&self) -> &MatchState {
        self.provider.snapshot()
    }

    /// The house's best back and lay for each runner, in our order.
    pub fn quotes(&self) -> Vec<(f64, f64)> {
        let runners = &self.state().market.runners;
        runners.iter().map(|r| (r.ex.available_to_back[0].price, r.ex.available_to_lay[0].price)).collect()
    }

    pub fn settlements(&self) -> Vec<Option<i64>> {
        let settled = |u: &Update| match u {
            Update::Settled { winner } => Some(*winner),
            _ => None,
        };
        self.deltas.iter().flat_map(|d| d.updates.iter().filter_map(settled)).collect()
    }
}
