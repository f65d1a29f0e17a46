//! One bettor's connection: the websocket with small buffers, the Engine.IO open and the Socket.IO CONNECT with
//! the player's token, and the error kinds a bettor counts. Clock helpers map the server's epoch milliseconds to
//! local instants (the swarm and the server share the machine's wall clock).

use crate::common::protocol::{self, Inbound, PONG};
use futures_util::{SinkExt, StreamExt};
use serde::de::IgnoredAny;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::net::TcpStream;
use tokio::time::{Instant, timeout};
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, WebSocketConfig};
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async_with_config};

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Websocket open + Engine.IO open + Socket.IO CONNECT must finish within this.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(15);

/// An error kind (for counting) and its detail.
#[derive(Debug)]
pub struct Failure(pub &'static str, pub String);

pub fn failure(kind: &'static str, detail: impl std::fmt::Display) -> Failure {
    Failure(kind, detail.to_string())
}

pub fn ws_config() -> WebSocketConfig {
    // Small buffers: ten thousand sockets with the default 128 KiB read buffer each would need gigabytes.
    WebSocketConfig::default().read_buffer_size(4 * 1024).write_buffer_size(0).max_message_size(Some(1 << 20))
}

pub fn epoch_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The local instant at which the wall clock reads `epoch_ms` (now, if that is in the past).
pub fn instant_at(at_epoch_ms: i64) -> Instant {
    let ahead = at_epoch_ms - epoch_ms();
    Instant::now() + Duration::from_millis(u64::try_from(ahead).unwrap_or(0))
}

/// The server's close code and reason (e.g. `connect_timeout`, `slow_client`), for error details.
pub fn close_reason(frame: Option<&CloseFrame>) -> String {
    match frame {
        Some(f) => format!("server closed the websocket: {} {}", f.code, f.reason.as_str()),
        None => "server closed the websocket without a reason".into(),
    }
}

/// Answer the server's Engine.IO ping.
pub async fn pong(ws: &mut Ws) -> Result<(), Failure> {
    ws.send(Message::Text(Utf8Bytes::from_static(PONG))).await.map_err(|e| Failure("send_failed", e.to_string()))
}

/// Websocket, Engine.IO open, Socket.IO CONNECT with the player's token.
pub async fn open(ws_url: &str, token: &str) -> Result<Ws, Failure> {
    let handshake = async {
        let (mut ws, _) = connect_async_with_config(ws_url, Some(ws_config()), true)
            .await
            .map_err(|e| failure("connect_failed", e))?;
        let mut opened = false;
        while let Some(msg) = ws.next().await {
            let text = match msg.map_err(|e| failure("connect_failed", e))? {
                Message::Text(text) => text,
                Message::Close(frame) => {
                    return Err(failure("connect_closed", close_reason(frame.as_ref())));
                }
                _ => continue,
            };
            match protocol::decode::<IgnoredAny, IgnoredAny>(text.as_str())
                .map_err(|e| failure("parse", format!("{e}: {}", text.as_str())))?
            {
                Inbound::Open if !opened => {
                    opened = true;
                    let frame = protocol::connect_frame(token);
                    ws.send(Message::text(frame)).await.map_err(|e| failure("connect_failed", e))?;
                }
                Inbound::Ping => ws
                    .send(Message::Text(Utf8Bytes::from_static(PONG)))
                    .await
                    .map_err(|e| failure("connect_failed", e))?,
                Inbound::Connected if opened => return Ok(ws),
                Inbound::Refused(message) => return Err(Failure("connect_refused", message)),
                other => {
                    return Err(Failure("unexpected_frame", format!("during handshake: {other:?}")));
                }
            }
        }
        Err(Failure("connect_failed", "closed during handshake".into()))
    };
    timeout(CONNECT_TIMEOUT, handshake)
        .await
        .unwrap_or_else(|_| Err(Failure("connect_timeout", "handshake timed out".into())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instant_at_maps_the_future_ahead_and_the_past_to_now() {
        let now = Instant::now();
        let soon = instant_at(epoch_ms() + 1_000);
        assert!(soon >= now + Duration::from_millis(900));
        assert!(instant_at(epoch_ms() - 5_000) <= Instant::now());
    }
}
