//! The stream's client: a spawned task that connects, reads the server's `connection`, authenticates, subscribes to
//! the markets, feeds every market change message into the shared cache (stamped with our clock), and sends a
//! heartbeat every `heartbeat_ms`. When the connection ends (closed, an error, a refusal, or silence past the
//! allowance) it marks the cache not live, waits (backing off, doubling up to `backoff_max`) and connects again,
//! resubscribing with the last `initialClk` and `clk` so the server sends only what changed since (`RESUB_DELTA`).
//! Dropping the [`StreamHandle`] stops it. [`StreamHandle::follow`] changes the markets followed: the client
//! subscribes again on the same connection with the new list (afresh, so the server images every market), and
//! connects only while the list is not empty (an empty filter is not "no market" to every server).
//!
//! How it connects is a [`Connect`]: plain TCP ([`Tcp`]: a local relay, the tests) or TLS over TCP ([`Tls`]: Betfair's
//! stream, `stream-api.betfair.com:443` and its integration endpoint, takes only TLS). [`Tls`] checks the server's
//! certificate against the public roots (webpki's, compiled in: the same on every machine) and any extra ones given
//! ([`Roots`], a PEM file: a private relay's CA), for the address's host name; a certificate that does not verify
//! fails the connection like any other error, so the client backs off and tries again while the markets go stale.
//! The session is generic over any `AsyncRead + AsyncWrite` stream and is the same over either.

use super::cache::{SharedCache, lock};
use super::protocol::{MarketDataFilter, MarketFilter, Request, Response, StatusCode, StatusMessage};
use super::provider::HEARTBEAT_GRACE;
use crate::clock::SharedClock;
use std::future::Future;
use std::io;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tokio::time::Instant;
use tokio_rustls::TlsConnector;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, ServerName};
use tokio_rustls::rustls::{ClientConfig, RootCertStore, crypto};

/// What the client asks of the server, and how patient it is.
#[derive(Debug, Clone)]
pub struct StreamConfig {
    pub app_key: String,
    pub session: String,
    /// The feed's markets to subscribe to (at first: [`StreamHandle::follow`] changes them).
    pub market_ids: Vec<String>,
    /// Best levels a side (1 to 10).
    pub ladder_levels: u32,
    /// The heartbeat asked of the server (500 to 5000 ms on Betfair); ours is sent as often. Silence for
    /// `HEARTBEAT_GRACE` of them ends the connection.
    pub heartbeat_ms: u64,
    pub conflate_ms: Option<u64>,
    /// The first wait before connecting again, doubled after each failed attempt up to `backoff_max`.
    pub backoff_min: Duration,
    pub backoff_max: Duration,
}

/// How the client opens a connection: the seam for TLS.
pub trait Connect: Send + Sync + 'static {
    type Stream: AsyncRead + AsyncWrite + Unpin + Send + 'static;
    fn connect(&self) -> impl Future<Output = io::Result<Self::Stream>> + Send;
}

/// Plain TCP to an address ("127.0.0.1:4000").
#[derive(Debug, Clone)]
pub struct Tcp(pub String);

impl Connect for Tcp {
    type Stream = TcpStream;
    fn connect(&self) -> impl Future<Output = io::Result<TcpStream>> + Send {
        TcpStream::connect(self.0.clone())
    }
}

/// The host of an address: `host:port`, `[v6]:port`, or a host alone.
pub fn host(addr: &str) -> &str {
    let addr = addr.trim();
    if let Some(rest) = addr.strip_prefix('[') {
        return rest.split_once(']').map_or(rest, |(h, _)| h);
    }
    match addr.rsplit_once(':') {
        // A bare IPv6 address has several colons and no port.
        Some((h, _)) if !h.contains(':') => h,
        _ => addr,
    }
}

/// The port of an address, when it names one.
pub fn port(addr: &str) -> Option<u16> {
    let addr = addr.trim();
    let after_host = match addr.strip_prefix('[') {
        Some(rest) => rest.split_once(']')?.1,
        None if addr.matches(':').count() == 1 => &addr[addr.find(':')?..],
        None => return None,
    };
    after_host.strip_prefix(':')?.parse().ok()
}

/// Roots a TLS connection trusts besides the public ones: the certificates of a PEM file (a private relay's CA, or
/// a test's own). Each is checked as a trust anchor when read, so a file that would be of no use is refused then.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Roots {
    /// Where they came from (for the log).
    pub source: String,
    pub certs: Arc<[CertificateDer<'static>]>,
}

impl Roots {
    /// The certificates of the PEM file at `path`: an error saying why when it cannot be read, holds no
    /// certificate, or one of them is not a usable root.
    pub fn from_pem_file(path: &Path) -> Result<Roots, String> {
        let pem = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Roots::from_pem(&pem, &path.display().to_string()).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The certificates of `pem` (said to come from `source`).
    pub fn from_pem(pem: &[u8], source: &str) -> Result<Roots, String> {
        let certs = CertificateDer::pem_slice_iter(pem)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("not a PEM file of certificates ({e})"))?;
        if certs.is_empty() {
            return Err("no certificate in it (a PEM file of `-----BEGIN CERTIFICATE-----` blocks)".into());
        }
        let mut store = RootCertStore::empty();
        for cert in &certs {
            store.add(cert.clone()).map_err(|e| format!("a certificate that cannot be a root ({e})"))?;
        }
        Ok(Roots { source: source.into(), certs: certs.into() })
    }
}

/// TLS over TCP to an address ("stream-api.betfair.com:443"): the server's certificate must be valid for the
/// address's host and chain to a public root or one of the extra [`Roots`].
#[derive(Clone)]
pub struct Tls {
    addr: String,
    name: ServerName<'static>,
    connector: TlsConnector,
}

impl std::fmt::Debug for Tls {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tls").field("addr", &self.addr).field("name", &self.name).finish_non_exhaustive()
    }
}

impl Tls {
    /// TLS to `addr`, trusting the public roots and `extra`; an error when the address's host cannot name a server
    /// (a certificate is checked against it).
    pub fn new(addr: &str, extra: &Roots) -> Result<Tls, String> {
        let host = host(addr);
        let name = ServerName::try_from(host.to_string())
            .map_err(|_| format!("{host:?} is not a host name or an IP address a certificate can be checked for"))?;
        let mut roots = RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
        for cert in extra.certs.iter() {
            roots
                .add(cert.clone())
                .map_err(|e| format!("{}: a certificate that cannot be a root ({e})", extra.source))?;
        }
        // The crypto provider compiled in already (`ring`), named here rather than installed process-wide.
        let config = ClientConfig::builder_with_provider(Arc::new(crypto::ring::default_provider()))
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("TLS: {e}"))?
            .with_root_certificates(roots)
            .with_no_client_auth();
        Ok(Tls { addr: addr.trim().to_string(), name, connector: TlsConnector::from(Arc::new(config)) })
    }
}

impl Connect for Tls {
    type Stream = tokio_rustls::client::TlsStream<TcpStream>;
    fn connect(&self) -> impl Future<Output = io::Result<Self::Stream>> + Send {
        let (addr, name, connector) = (self.addr.clone(), self.name.clone(), self.connector.clone());
        async move {
            let socket = TcpStream::connect(addr).await?;
            // A certificate that does not verify is an `InvalidData` error naming why.
            connector.connect(name, socket).await
        }
    }
}

/// Whether a stream at `addr` is TLS when nothing says: when its port is 443. That is TLS's port, and Betfair's
/// stream (`stream-api.betfair.com:443`, and its integration endpoint) listens there and takes only TLS; a relay or
/// a test server on any other port is plain TCP unless told otherwise.
pub fn tls_by_default(addr: &str) -> bool {
    port(addr) == Some(443)
}

/// Starts a client to `addr` over TLS (trusting `roots` besides the public ones) or plain TCP; an error when TLS
/// cannot be set up for that address (see [`Tls::new`]).
pub fn spawn_to(
    addr: &str,
    tls: bool,
    roots: Option<&Roots>,
    config: StreamConfig,
    cache: SharedCache,
    clock: SharedClock,
) -> Result<StreamHandle, String> {
    if tls {
        let tls = Tls::new(addr, roots.unwrap_or(&Roots::default()))?;
        Ok(spawn(tls, config, cache, clock))
    } else {
        Ok(spawn(Tcp(addr.trim().to_string()), config, cache, clock))
    }
}

/// Why a connection ended.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    #[error("connection: {0}")]
    Io(#[from] io::Error),
    #[error("the server closed the connection")]
    Closed,
    #[error("the server refused: {code} ({message})")]
    Refused { code: String, message: String },
    #[error("unexpected from the server: {0}")]
    Protocol(String),
    #[error("the server has been silent for {0:?}")]
    Silent(Duration),
}

/// The running client; dropping it stops the client (and closes its connection).
pub struct StreamHandle {
    task: JoinHandle<()>,
    markets: watch::Sender<Vec<String>>,
}

impl StreamHandle {
    /// Follows these markets from now on (the same list again changes nothing).
    pub fn follow(&self, market_ids: Vec<String>) {
        self.markets.send_if_modified(|now| {
            let changed = *now != market_ids;
            *now = market_ids;
            changed
        });
    }

    /// The markets followed.
    pub fn following(&self) -> Vec<String> {
        self.markets.borrow().clone()
    }
}

impl Drop for StreamHandle {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Starts the client on the current tokio runtime.
pub fn spawn<C: Connect>(connector: C, config: StreamConfig, cache: SharedCache, clock: SharedClock) -> StreamHandle {
    let (markets, followed) = watch::channel(config.market_ids.clone());
    StreamHandle { task: tokio::spawn(run(connector, config, followed, cache, clock)), markets }
}

async fn run<C: Connect>(
    connector: C,
    config: StreamConfig,
    mut markets: watch::Receiver<Vec<String>>,
    cache: SharedCache,
    clock: SharedClock,
) {
    let mut backoff = config.backoff_min;
    // The markets last subscribed to: resume tokens are good only for the same list.
    let mut last = config.market_ids.clone();
    loop {
        // Nothing to follow: no connection until there is (the handle holds the sender while the task runs).
        if markets.wait_for(|m| !m.is_empty()).await.is_err() {
            return;
        }
        let mut heard = false;
        let error = match tokio::time::timeout(connect_patience(&config), connector.connect()).await {
            Ok(Ok(stream)) => session(stream, &config, (&mut markets, &mut last), &cache, &clock, &mut heard).await,
            Ok(Err(e)) => StreamError::Io(e),
            Err(_) => StreamError::Io(io::Error::new(io::ErrorKind::TimedOut, "connecting took too long")),
        };
        lock(&cache).disconnected();
        if heard {
            backoff = config.backoff_min;
        }
        tracing::warn!(error = %error, retry_in = ?backoff, "stream: connection ended; connecting again");
        tokio::time::sleep(backoff).await;
        backoff = (backoff * 2).min(config.backoff_max);
    }
}

/// How long connecting (TCP, and TLS's handshake) may take: as long as a silence is allowed, and at least 10 s.
fn connect_patience(config: &StreamConfig) -> Duration {
    (Duration::from_millis(config.heartbeat_ms.max(1)) * HEARTBEAT_GRACE as u32).max(Duration::from_secs(10))
}

/// The next message, or why there is none (`Silent`: nothing by `deadline`, `wait` after the last message).
async fn next<R: AsyncBufReadExt + Unpin>(
    lines: &mut tokio::io::Lines<R>,
    deadline: Instant,
    wait: Duration,
) -> Result<Response, StreamError> {
    // `next_line` is cancel-safe: a line half read when the heartbeat interrupts is kept for the next call.
    match tokio::time::timeout_at(deadline, lines.next_line()).await {
        Err(_) => Err(StreamError::Silent(wait)),
        Ok(Err(e)) => Err(e.into()),
        Ok(Ok(None)) => Err(StreamError::Closed),
        Ok(Ok(Some(line))) => Response::parse(&line).map_err(|e| StreamError::Protocol(format!("{e}: {line}"))),
    }
}

fn refused(s: StatusMessage) -> StreamError {
    StreamError::Refused { code: s.error_code.unwrap_or_default(), message: s.error_message.unwrap_or_default() }
}

/// Writes one request and flushes it: over TLS a write may otherwise wait in the session's buffer.
async fn send<W: AsyncWrite + Unpin>(write: &mut W, request: &Request) -> io::Result<()> {
    write.write_all(request.line().as_bytes()).await?;
    write.flush().await
}

const AUTH_ID: u32 = 1;
const SUBSCRIPTION_ID: u32 = 2;

/// The subscription to `market_ids`, resumed from `tokens` when given.
fn subscribe(
    id: u32,
    config: &StreamConfig,
    market_ids: Vec<String>,
    (initial_clk, clk): (Option<String>, Option<String>),
) -> Request {
    Request::MarketSubscription {
        id,
        market_filter: MarketFilter { market_ids },
        market_data_filter: MarketDataFilter::best_offers(config.ladder_levels),
        initial_clk,
        clk,
        conflate_ms: config.conflate_ms,
        heartbeat_ms: Some(config.heartbeat_ms),
    }
}

/// One connection, from the server's greeting until it ends; `heard` is set once a market change arrives.
async fn session<S: AsyncRead + AsyncWrite + Unpin>(
    stream: S,
    config: &StreamConfig,
    (markets, last): (&mut watch::Receiver<Vec<String>>, &mut Vec<String>),
    cache: &SharedCache,
    clock: &SharedClock,
    heard: &mut bool,
) -> StreamError {
    let (read, mut write) = tokio::io::split(stream);
    let mut lines = BufReader::new(read).lines();
    let beat = Duration::from_millis(config.heartbeat_ms.max(1));
    let silence = beat * HEARTBEAT_GRACE as u32;
    match next(&mut lines, Instant::now() + silence, silence).await {
        Ok(Response::Connection { connection_id }) => tracing::info!(%connection_id, "stream: connected"),
        Ok(other) => return StreamError::Protocol(format!("expected the connection message, got {other:?}")),
        Err(e) => return e,
    }
    let auth =
        Request::Authentication { id: AUTH_ID, app_key: config.app_key.clone(), session: config.session.clone() };
    if let Err(e) = send(&mut write, &auth).await {
        return e.into();
    }
    loop {
        match next(&mut lines, Instant::now() + silence, silence).await {
            Ok(Response::Status(s)) if s.status_code == StatusCode::Success => break,
            Ok(Response::Status(s)) => return refused(s),
            Ok(_) => {}
            Err(e) => return e,
        }
    }
    let market_ids = markets.borrow_and_update().clone();
    let (initial_clk, clk) = {
        let mut c = lock(cache);
        if market_ids != *last {
            (c.initial_clk, c.clk) = (None, None);
            last.clone_from(&market_ids);
        }
        // Both tokens or neither: a resubscription needs the pair.
        match (&c.initial_clk, &c.clk) {
            (Some(i), Some(k)) => (Some(i.clone()), Some(k.clone())),
            _ => (None, None),
        }
    };
    let subscription = subscribe(SUBSCRIPTION_ID, config, market_ids, (initial_clk, clk));
    if let Err(e) = send(&mut write, &subscription).await {
        return e.into();
    }
    let mut heartbeats = tokio::time::interval_at(tokio::time::Instant::now() + beat, beat);
    let mut id = SUBSCRIPTION_ID;
    // The latest subscription's id: a refusal of it means its resume tokens (if any) are not to be used again.
    let mut subscribed = SUBSCRIPTION_ID;
    let mut following = true;
    let mut last_message = Instant::now();
    loop {
        tokio::select! {
            msg = next(&mut lines, last_message + silence, silence) => match msg {
                Ok(Response::Mcm(m)) => {
                    last_message = Instant::now();
                    *heard = true;
                    lock(cache).apply(m, clock.now_ms());
                }
                Ok(Response::Status(s)) if s.status_code == StatusCode::Failure => {
                    if s.id == Some(subscribed) {
                        // The resume tokens were refused (too old, say): the next subscription starts afresh.
                        let mut c = lock(cache);
                        (c.initial_clk, c.clk) = (None, None);
                    }
                    return refused(s);
                }
                Ok(Response::Status(_) | Response::Connection { .. } | Response::Other) => {}
                Err(e) => return e,
            },
            changed = markets.changed(), if following => {
                if changed.is_err() {
                    following = false;
                    continue;
                }
                let market_ids = markets.borrow_and_update().clone();
                if market_ids.is_empty() {
                    return StreamError::Protocol("no market to follow".into());
                }
                // Afresh: the tokens resume the old list, and the server images every market of the new one.
                {
                    let mut c = lock(cache);
                    (c.initial_clk, c.clk) = (None, None);
                }
                last.clone_from(&market_ids);
                id += 1;
                subscribed = id;
                let request = subscribe(id, config, market_ids, (None, None));
                if let Err(e) = send(&mut write, &request).await {
                    return e.into();
                }
            }
            _ = heartbeats.tick() => {
                id += 1;
                if let Err(e) = send(&mut write, &Request::Heartbeat { id }).await {
                    return e.into();
                }
            }
        }
    }
}
