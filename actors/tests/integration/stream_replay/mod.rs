//! The replay server and the feed under test (`sports_stream.rs`): a `TcpListener` on 127.0.0.1:0 that speaks the
//! Betfair stream's handshake and serves the recorded messages of `tests/fixtures/stream/*.jsonl` (one a line) when
//! the test says, over plain TCP or over TLS with a self-signed certificate made for the test ([`TestCert`]); a
//! client and a provider for our match 900 on the feed's market 1.200.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use casino_actors::clock::{Clock, ManualClock};
use casino_actors::sports::feed::{Delta, MatchState, Provider, Terms, Update};
use casino_actors::sports::stream::cache::{self, SharedCache};
use casino_actors::sports::stream::client::{self, Roots, StreamConfig, StreamHandle, Tcp, Tls};
use casino_actors::sports::stream::provider::{Mapping, RunnerMap, StreamMatch};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader, Lines, ReadHalf, WriteHalf};
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::crypto::ring;
use tokio_rustls::rustls::pki_types::{PrivateKeyDer, PrivatePkcs8KeyDer};

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

/// A self-signed certificate for 127.0.0.1 and localhost, made for the test, and its key.
pub struct TestCert {
    pub pem: String,
    cert: rcgen::Certificate,
    key: Vec<u8>,
}

impl TestCert {
    pub fn new() -> TestCert {
        let made = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string(), "localhost".to_string()]).unwrap();
        TestCert { pem: made.cert.pem(), key: made.signing_key.serialize_der(), cert: made.cert }
    }

    /// The certificate as a client's extra roots, read from a PEM file as `CASINO_STREAM_CA_FILE` is.
    pub fn roots(&self) -> Roots {
        let path = std::env::temp_dir().join(format!("stream-ca-{}-{}.pem", std::process::id(), file_number()));
        std::fs::write(&path, &self.pem).unwrap();
        let roots = Roots::from_pem_file(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        roots
    }

    /// A TLS server presenting this certificate.
    fn acceptor(&self) -> TlsAcceptor {
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(self.key.clone()));
        let config = ServerConfig::builder_with_provider(Arc::new(ring::default_provider()))
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_no_client_auth()
            .with_single_cert(vec![self.cert.der().clone()], key)
            .unwrap();
        TlsAcceptor::from(Arc::new(config))
    }
}

/// A number unique in this process (the tests of one binary run at once in some runners).
fn file_number() -> usize {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    NEXT.fetch_add(1, Ordering::SeqCst)
}

/// How the replay server is reached, and how it behaves.
#[derive(Default)]
pub struct Options {
    /// Logins refused first (their connections closed), as Betfair does an expired session.
    pub refusals: usize,
    /// TLS with this certificate; plain TCP when none.
    pub tls: Option<Arc<TestCert>>,
    /// A heartbeat (`ct: HEARTBEAT`, no `clk`) this often while subscribed, as a live server sends.
    pub beat: Option<Duration>,
}

/// The replay server, started: where it listens, what to tell it, what it received.
pub struct Replay {
    pub addr: String,
    pub cmds: mpsc::UnboundedSender<Cmd>,
    subs: mpsc::UnboundedReceiver<Subscribed>,
    /// Connections accepted (over TLS: handshakes tried, refused ones included).
    pub attempts: Arc<AtomicUsize>,
}

impl Replay {
    pub async fn start(options: Options) -> Replay {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let (cmds, cmd_rx) = mpsc::unbounded_channel();
        let (sub_tx, subs) = mpsc::unbounded_channel();
        let attempts = Arc::new(AtomicUsize::new(0));
        tokio::spawn(replay(listener, cmd_rx, sub_tx, options, attempts.clone()));
        Replay { addr, cmds, subs, attempts }
    }

    /// The next subscription the server receives.
    pub async fn subscribed(&mut self) -> Subscribed {
        tokio::time::timeout(PATIENCE, self.subs.recv()).await.expect("no subscription in time").unwrap()
    }

    /// A subscription received and not yet taken, if any.
    pub fn try_subscribed(&mut self) -> Option<Subscribed> {
        self.subs.try_recv().ok()
    }

    /// Waits until the server has accepted at least `n` connections.
    pub async fn attempted(&self, n: usize) {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        while self.attempts.load(Ordering::SeqCst) < n {
            assert!(tokio::time::Instant::now() < deadline, "fewer than {n} connections in time");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

async fn read_json<R: AsyncRead>(lines: &mut Lines<BufReader<ReadHalf<R>>>) -> Option<Value> {
    Some(serde_json::from_str(&lines.next_line().await.ok()??).unwrap())
}

/// Writes `text` and flushes it (over TLS a write may wait in the session otherwise).
async fn send<W: AsyncWrite>(write: &mut WriteHalf<W>, text: &str) -> std::io::Result<()> {
    write.write_all(text.as_bytes()).await?;
    write.flush().await
}

/// What the server remembers across connections.
struct Served {
    last_sent: (Option<String>, Option<String>),
    logins: usize,
    refusals: usize,
}

/// The replay server: one connection at a time (over TLS, once its handshake has passed), each greeted,
/// authenticated and subscribed, then served as told.
async fn replay(
    listener: TcpListener,
    mut cmds: mpsc::UnboundedReceiver<Cmd>,
    subs: mpsc::UnboundedSender<Subscribed>,
    options: Options,
    attempts: Arc<AtomicUsize>,
) {
    let mut served = Served { last_sent: (None, None), logins: 0, refusals: options.refusals };
    let acceptor = options.tls.as_ref().map(|c| c.acceptor());
    while let Ok((socket, _)) = listener.accept().await {
        attempts.fetch_add(1, Ordering::SeqCst);
        let go_on = match &acceptor {
            None => connection(socket, &mut cmds, &subs, &mut served, options.beat).await,
            Some(acceptor) => match acceptor.accept(socket).await {
                Ok(tls) => connection(tls, &mut cmds, &subs, &mut served, options.beat).await,
                // The client refused our certificate (or went away): wait for its next attempt.
                Err(_) => true,
            },
        };
        if !go_on {
            return;
        }
    }
}

/// One connection; false once the test has gone (nothing more to serve).
async fn connection<S: AsyncRead + AsyncWrite>(
    socket: S,
    cmds: &mut mpsc::UnboundedReceiver<Cmd>,
    subs: &mpsc::UnboundedSender<Subscribed>,
    served: &mut Served,
    beat: Option<Duration>,
) -> bool {
    let (read, mut write) = tokio::io::split(socket);
    let mut lines = BufReader::new(read).lines();
    send(&mut write, "{\"op\":\"connection\",\"connectionId\":\"replay-1\"}\r\n").await.unwrap();
    let auth = read_json(&mut lines).await.unwrap();
    assert_eq!((auth["op"].as_str(), auth["appKey"].as_str()), (Some("authentication"), Some("key")));
    served.logins += 1;
    if served.refusals > 0 {
        served.refusals -= 1;
        let no = json!({"op": "status", "id": auth["id"], "statusCode": "FAILURE", "errorCode": "NO_SESSION",
            "errorMessage": "session expired", "connectionClosed": true});
        send(&mut write, &format!("{no}\r\n")).await.unwrap();
        return true;
    }
    let ok = |id: &Value| format!("{}\r\n", json!({"op": "status", "id": id, "statusCode": "SUCCESS"}));
    send(&mut write, &ok(&auth["id"])).await.unwrap();
    let request = read_json(&mut lines).await.unwrap();
    assert_eq!(request["op"], "marketSubscription");
    send(&mut write, &ok(&request["id"])).await.unwrap();
    let logins = served.logins;
    subs.send(Subscribed { request, last_sent: served.last_sent.clone(), logins }).unwrap();
    let mut beats = tokio::time::interval(beat.unwrap_or(Duration::from_secs(3600)));
    beats.tick().await;
    loop {
        tokio::select! {
            cmd = cmds.recv() => match cmd {
                Some(Cmd::Serve(name)) => {
                    let mut text = String::new();
                    for line in fixture(name) {
                        let v: Value = serde_json::from_str(&line).unwrap();
                        if let Some(i) = v["initialClk"].as_str() { served.last_sent.0 = Some(i.into()); }
                        if let Some(c) = v["clk"].as_str() { served.last_sent.1 = Some(c.into()); }
                        text.push_str(&format!("{line}\r\n"));
                    }
                    send(&mut write, &text).await.unwrap();
                }
                Some(Cmd::Drop) => return true,
                None => return false,
            },
            asked = read_json(&mut lines) => match asked {
                Some(v) if v["op"] == "heartbeat" => send(&mut write, &ok(&v["id"])).await.unwrap(),
                Some(v) => panic!("unexpected from the client: {v}"),
                None => return true,
            },
            _ = beats.tick(), if beat.is_some() => {
                let hb = json!({"op": "mcm", "id": 2, "ct": "HEARTBEAT", "heartbeatMs": 500});
                if send(&mut write, &format!("{hb}\r\n")).await.is_err() {
                    return true;
                }
            }
        }
    }
}

/// A client, a provider for our match 900 on the feed's market 1.200, and the replay server they talk to.
pub struct Feed {
    pub cmds: mpsc::UnboundedSender<Cmd>,
    pub replay: Replay,
    pub cache: SharedCache,
    pub clock: ManualClock,
    pub provider: StreamMatch,
    /// The provider's snapshot at the start with every delta applied: a gap or a repeat fails the test.
    mirror: MatchState,
    pub deltas: Vec<Delta>,
    _client: StreamHandle,
}

/// The client's settings against the replay server (its market 1.200, quick to connect again).
pub fn stream_config() -> StreamConfig {
    StreamConfig {
        app_key: "key".into(),
        session: "token".into(),
        market_ids: vec!["1.200".into()],
        ladder_levels: 3,
        heartbeat_ms: 5_000,
        conflate_ms: None,
        backoff_min: Duration::from_millis(10),
        backoff_max: Duration::from_millis(200),
    }
}

/// Our match 900 and its runners, on the feed's market 1.200.
pub fn mapping() -> Mapping {
    let runner = |selection_id, feed_id, name: &str| RunnerMap { selection_id, feed_id, name: name.into() };
    Mapping {
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
    }
}

impl Feed {
    pub async fn start() -> Feed {
        Feed::refusing(0).await
    }

    /// As `start`, the server refusing the first `refusals` logins.
    pub async fn refusing(refusals: usize) -> Feed {
        let replay = Replay::start(Options { refusals, ..Options::default() }).await;
        let (cache, clock) = (cache::shared(), ManualClock::at(1_000_000));
        let client = client::spawn(Tcp(replay.addr.clone()), stream_config(), cache.clone(), Arc::new(clock.clone()));
        Feed::with(replay, client, cache, clock)
    }

    /// As `start`, over TLS: the server presents `cert`, the client trusts the public roots and `roots`.
    pub async fn over_tls(cert: Arc<TestCert>, roots: Roots) -> Feed {
        let replay = Replay::start(Options { tls: Some(cert), ..Options::default() }).await;
        let (cache, clock) = (cache::shared(), ManualClock::at(1_000_000));
        let tls = Tls::new(&replay.addr, &roots).unwrap();
        let client = client::spawn(tls, stream_config(), cache.clone(), Arc::new(clock.clone()));
        Feed::with(replay, client, cache, clock)
    }

    fn with(replay: Replay, client: StreamHandle, cache: SharedCache, clock: ManualClock) -> Feed {
        let terms = Terms { min_stake: 100, max_stake: 100_000, bet_delay: 5 };
        let provider = StreamMatch::new(mapping(), terms, MARGIN, cache.clone(), clock.now_ms());
        let mirror = provider.snapshot().clone();
        Feed { cmds: replay.cmds.clone(), replay, cache, clock, provider, mirror, deltas: Vec::new(), _client: client }
    }

    /// The next subscription the server receives.
    pub async fn subscribed(&mut self) -> Subscribed {
        self.replay.subscribed().await
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
