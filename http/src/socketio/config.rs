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
        }
    }
}
