//! Gateway settings. The defaults match what the official client expects from a Socket.IO server.

use std::time::Duration;

/// Timing and size limits of one Socket.IO connection.
#[derive(Debug, Clone)]
pub struct SocketConfig {
    /// How often the server pings (Engine.IO `pingInterval`).
    pub ping_interval: Duration,
    /// How long the server waits for the pong before closing (Engine.IO `pingTimeout`).
    pub ping_timeout: Duration,
    /// Largest accepted websocket frame, in bytes (Engine.IO `maxPayload`); a bigger frame closes the connection.
    pub max_payload: usize,
    /// The first Socket.IO packet (CONNECT) must arrive within this time.
    pub connect_timeout: Duration,
    /// Deliveries that may wait for a slow client before it is disconnected (the writer queue's bound).
    pub outbox_capacity: usize,
    /// Client events being handled at once on one connection; a client that floods past this is disconnected.
    pub max_inflight_events: usize,
    /// Bytes that may wait for a slow client before it is disconnected (the writer queue's other bound): a few
    /// big frames must not hold as much memory as `outbox_capacity` small ones.
    pub outbox_max_bytes: usize,
    /// How often a connected socket checks that its login session is still live (revoked, expired or blocked
    /// sessions end the connection). Logout, reset and block also close sockets at once through the hub; this
    /// is the backstop.
    pub session_check_interval: Duration,
    /// Live connections per client address (non-loopback).
    pub max_per_addr: usize,
    /// Live connections per loopback address: a local reverse proxy or the load swarm connects from there.
    pub max_per_loopback: usize,
    /// Live connections per user.
    pub max_per_user: usize,
    /// Origins (`https://host[:port]`) allowed to open a socket authenticated by the session cookie, besides the
    /// request's own host. A CONNECT carrying a token needs no Origin.
    pub allowed_origins: Vec<String>,
    /// How a connection's client address is read (trusted proxies, IPv6 networks): as for REST limits.
    pub client_net: crate::auth::ClientNet,
}

impl Default for SocketConfig {
    fn default() -> Self {
        Self {
            ping_interval: Duration::from_millis(25_000),
            ping_timeout: Duration::from_millis(20_000),
            max_payload: 1_000_000,
            connect_timeout: Duration::from_secs(10),
            outbox_capacity: 256,
            max_inflight_events: 64,
            outbox_max_bytes: 4 * 1024 * 1024,
            session_check_interval: Duration::from_secs(60),
            max_per_addr: 50,
            max_per_loopback: 100_000,
            max_per_user: 10,
            allowed_origins: Vec::new(),
            client_net: crate::auth::ClientNet::default(),
        }
    }
}
