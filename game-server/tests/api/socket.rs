//! A minimal Socket.IO client over our codec, for black-box tests of the real gateway.

use casino_http::socketio::codec::{EioPacket, SioPacket};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub struct Sock {
    ws: Ws,
    next_ack: u64,
    events: VecDeque<(String, Value)>,
}

const WAIT: Duration = Duration::from_secs(20);

impl Sock {
    /// Opens a websocket, completes the Socket.IO CONNECT with `token`, and opens the Aviator screen
    /// (`aviator:join`, no ack: its state and the room's broadcasts follow as events).
    pub async fn connect(base: &str, token: &str) -> Sock {
        let mut s = Sock::connect_only(base, token).await;
        s.send(SioPacket::Event { nsp: "/".into(), ack: None, name: "aviator:join".into(), args: vec![json!({})] })
            .await;
        s
    }

    /// Opens a websocket and completes the Socket.IO CONNECT with `token`; joins no game's room.
    pub async fn connect_only(base: &str, token: &str) -> Sock {
        let url = format!("{}/socket.io/?EIO=4&transport=websocket", base.replace("http://", "ws://"));
        let (ws, _) = tokio_tungstenite::connect_async(url).await.expect("websocket");
        let mut s = Sock { ws, next_ack: 1, events: VecDeque::new() };
        match s.packet().await {
            EioPacket::Open(_) => {}
            other => panic!("expected open, got {other:?}"),
        }
        s.send(SioPacket::Connect { nsp: "/".into(), data: json!({ "token": token }).as_object().cloned() }).await;
        loop {
            match s.packet().await {
                EioPacket::Message(SioPacket::Connect { .. }) => return s,
                EioPacket::Message(SioPacket::ConnectError { message, .. }) => panic!("refused: {message}"),
                _ => {}
            }
        }
    }

    async fn send(&mut self, p: SioPacket) {
        self.ws.send(Message::text(EioPacket::Message(p).encode())).await.expect("send");
    }

    /// The next Engine.IO packet, answering pings on the way.
    async fn packet(&mut self) -> EioPacket {
        loop {
            let msg =
                tokio::time::timeout(WAIT, self.ws.next()).await.expect("timed out").expect("closed").expect("ws");
            let Message::Text(text) = msg else { continue };
            let p = EioPacket::parse(text.as_str()).expect("valid packet");
            if let EioPacket::Ping { probe } = p {
                self.ws.send(Message::text(EioPacket::Pong { probe }.encode())).await.expect("pong");
                continue;
            }
            return p;
        }
    }

    /// Reads until the server ends the connection (a close frame or the end of the stream); panics if it is
    /// still open after 30 s. Pings are not answered meanwhile (the ping timeout is far longer).
    pub async fn wait_closed(&mut self) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            match tokio::time::timeout_at(deadline, self.ws.next()).await.expect("socket still open after 30 s") {
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => {}
            }
        }
    }

    /// Emits with an ack id and returns the ack's first argument; events meanwhile are kept.
    pub async fn emit(&mut self, name: &str, payload: Value) -> Value {
        let id = self.next_ack;
        self.next_ack += 1;
        self.send(SioPacket::Event { nsp: "/".into(), ack: Some(id), name: name.into(), args: vec![payload] }).await;
        loop {
            match self.packet().await {
                EioPacket::Message(SioPacket::Ack { ack, mut args, .. }) if ack == id => {
                    return if args.is_empty() { Value::Null } else { args.remove(0) };
                }
                EioPacket::Message(SioPacket::Event { name, mut args, .. }) => {
                    let v = if args.is_empty() { Value::Null } else { args.remove(0) };
                    self.events.push_back((name, v));
                }
                _ => {}
            }
        }
    }

    /// Whether an event named `name` arrived and is still kept (see [`Self::emit`]).
    pub fn seen(&self, name: &str) -> bool {
        self.events.iter().any(|(n, _)| n == name)
    }

    /// Waits for an event named `name` whose payload satisfies `pred` (earlier ones are dropped).
    pub async fn wait(&mut self, name: &str, pred: impl Fn(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(90);
        while let Some((n, v)) = self.events.pop_front() {
            if n == name && pred(&v) {
                return v;
            }
        }
        loop {
            assert!(tokio::time::Instant::now() < deadline, "no {name} event in 90 s");
            if let EioPacket::Message(SioPacket::Event { name: n, mut args, .. }) = self.packet().await {
                let v = if args.is_empty() { Value::Null } else { args.remove(0) };
                if n == name && pred(&v) {
                    return v;
                }
            }
        }
    }

    /// Places `bet` (a `place_bet` payload without `roundId`) in the next round with at least `min_ms` of betting
    /// left, as a player would: a bet that arrives after betting closed (a loaded machine) moves nothing and is
    /// placed again in the round after. Returns the round and the ack.
    pub async fn bet(&mut self, bet: Value, min_ms: i64) -> (Value, Value) {
        for _ in 0..5 {
            let round = self.countdown(min_ms).await["roundId"].clone();
            let mut payload = bet.clone();
            payload["roundId"] = round.clone();
            let ack = self.emit("place_bet", payload).await;
            if ack["error"] != "betting_closed" {
                return (round, ack);
            }
        }
        panic!("betting closed before the bet arrived in 5 rounds in a row");
    }

    /// The next betting phase with at least `min_ms` left.
    pub async fn countdown(&mut self, min_ms: i64) -> Value {
        self.wait("aviator_game_state", |v| {
            v["phase"] == "countdown" && v["countdownMs"].as_i64().unwrap_or(0) >= min_ms
        })
        .await
    }
}
