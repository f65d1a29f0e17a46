//! Shared by the Socket.IO gateway tests: a fake application, a server on a random port, and a raw client.

#![allow(dead_code)]

use actix_web::{App, HttpServer, web};
use casino_actors::hub::{Broadcast, ConnId, Hub, HubAddr, encode_event};
use casino_actors::ids::UserId;
use casino_actors::observe::{Probe, families};
use casino_http::socketio::{
    self, ClientEvent, ConnectPlan, Credentials, Emit, EventReply, Principal, SocketApp, SocketConfig, SocketHandle,
    SocketState,
};
use futures_util::future::LocalBoxFuture;
use futures_util::{FutureExt, SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// Tokens: `good` is user 1; `good-<n>` is user n; `brief-<n>` is user n with a session that expires in 200 ms;
/// anything else is refused.
pub struct FakeApp {
    pub hub: HubAddr,
    pub disconnects: Arc<Mutex<Vec<(UserId, ConnId)>>>,
}

impl SocketApp for FakeApp {
    fn authenticate(&self, credentials: &Credentials) -> LocalBoxFuture<'static, Option<Principal>> {
        let token = credentials.token.clone().unwrap_or_default();
        let brief = token.starts_with("brief-");
        let user = match token.as_str() {
            "good" => Some(1),
            t => t.strip_prefix("good-").or_else(|| t.strip_prefix("brief-")).and_then(|n| n.parse().ok()),
        };
        async move {
            user.map(|id| Principal {
                user_id: UserId(id),
                username: format!("user{id}"),
                is_operator: false,
                session: Arc::from(format!("session-{id}")),
                expires_in: brief.then(|| Duration::from_millis(200)),
            })
        }
        .boxed_local()
    }

    fn on_connect(&self, who: &Principal, _: &SocketHandle, _: &Credentials) -> LocalBoxFuture<'static, ConnectPlan> {
        let plan = ConnectPlan {
            rooms: vec![format!("user:{}", who.user_id)],
            initial_events: vec![Emit::new("welcome", json!({"userId": who.user_id, "username": who.username}))],
        };
        async move { plan }.boxed_local()
    }

    fn on_event(
        &self,
        _: &Principal,
        socket: &SocketHandle,
        event: ClientEvent,
    ) -> LocalBoxFuture<'static, EventReply> {
        let ClientEvent { name, args, .. } = event;
        let ack = |args: Vec<Value>| async move { EventReply::ack(args) }.boxed_local();
        match name.as_str() {
            "echo" => ack(args),
            // An event for this connection, then the ack: both must arrive, in that order.
            "announce" => {
                let events = vec![Emit::new("announced", args.first().cloned().unwrap_or(Value::Null))];
                async move { EventReply::new(events, vec![json!("announced")]) }.boxed_local()
            }
            "join" => {
                if let Some(room) = args.first().and_then(Value::as_str) {
                    socket.join(room);
                }
                ack(vec![json!("joined")])
            }
            // ["room", "event", payload]
            "broadcast" => {
                if let [Value::String(room), Value::String(event), payload] = args.as_slice() {
                    self.hub.do_send(Broadcast::one(room.clone(), encode_event(event, payload)));
                }
                ack(vec![json!(true)])
            }
            "slow" => async move {
                actix_web::rt::time::sleep(Duration::from_millis(300)).await;
                EventReply::ack(vec![json!("slow done")])
            }
            .boxed_local(),
            _ => ack(vec![json!({"error": "unknown_event"})]),
        }
    }

    fn on_disconnect(&self, who: &Principal, conn: ConnId) {
        self.disconnects.lock().unwrap().push((who.user_id, conn));
    }
}

pub struct TestServer {
    pub port: u16,
    pub hub: HubAddr,
    pub disconnects: Arc<Mutex<Vec<(UserId, ConnId)>>>,
}

impl TestServer {
    pub fn ws_url(&self) -> String {
        format!("ws://127.0.0.1:{}/socket.io/?EIO=4&transport=websocket", self.port)
    }

    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub fn disconnected_users(&self) -> Vec<UserId> {
        self.disconnects.lock().unwrap().iter().map(|(u, _)| *u).collect()
    }

    /// Wait until `user` has been reported disconnected, up to `within`.
    pub async fn wait_disconnected(&self, user: UserId, within: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + within;
        while tokio::time::Instant::now() < deadline {
            if self.disconnected_users().contains(&user) {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        false
    }
}

/// Start the gateway on 127.0.0.1:0 with `config`. Must run inside an actix system (`#[actix_web::test]`).
pub fn spawn_server(config: SocketConfig) -> TestServer {
    let hub = Hub::start_unmeasured();
    let disconnects = Arc::new(Mutex::new(Vec::new()));
    let app: Arc<dyn SocketApp> = Arc::new(FakeApp { hub: hub.clone(), disconnects: disconnects.clone() });
    let state = web::Data::new(SocketState::new(app, hub.clone(), config, Probe::detached(&families::gateway::FAMILY)));
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = HttpServer::new(move || App::new().app_data(state.clone()).configure(socketio::configure))
        .workers(2)
        .listen(listener)
        .unwrap()
        .disable_signals()
        .run();
    actix_web::rt::spawn(server);
    TestServer { port, hub, disconnects }
}

pub type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

const STEP: Duration = Duration::from_secs(5);

pub async fn connect(url: &str) -> Ws {
    tokio_tungstenite::connect_async(url).await.expect("websocket upgrade").0
}

pub async fn send(ws: &mut Ws, text: &str) {
    ws.send(Message::text(text)).await.expect("send");
}

/// The next text frame; panics on close or after 5 s.
pub async fn recv(ws: &mut Ws) -> String {
    loop {
        let msg = tokio::time::timeout(STEP, ws.next()).await.expect("timed out waiting for a frame");
        match msg {
            Some(Ok(Message::Text(t))) => return t.as_str().to_owned(),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            other => panic!("expected a text frame, got {other:?}"),
        }
    }
}

/// How a connection ended, as seen by the client.
#[derive(Debug)]
pub struct Closed {
    /// Text frames received before the end.
    pub texts: Vec<String>,
    /// The close code, when the server sent a close frame.
    pub code: Option<CloseCode>,
}

/// Read until the connection ends; panics if it is still open after `within`.
pub async fn expect_closed_within(ws: &mut Ws, within: Duration) -> Closed {
    let mut texts = Vec::new();
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let msg = tokio::time::timeout_at(deadline, ws.next())
            .await
            .unwrap_or_else(|_| panic!("connection still open after {within:?}; got {texts:?}"));
        match msg {
            Some(Ok(Message::Text(t))) => texts.push(t.as_str().to_owned()),
            Some(Ok(Message::Close(frame))) => {
                return Closed { texts, code: frame.map(|f| f.code) };
            }
            Some(Ok(_)) => {}
            Some(Err(_)) | None => return Closed { texts, code: None },
        }
    }
}

pub async fn expect_closed(ws: &mut Ws) -> Closed {
    expect_closed_within(ws, STEP).await
}

/// Connect, read the open packet, CONNECT with `token`, read `40{"sid":…}` and the welcome event.
pub async fn connect_as(server: &TestServer, token: &str) -> Ws {
    let mut ws = connect(&server.ws_url()).await;
    let open = recv(&mut ws).await;
    assert!(open.starts_with("0{"), "open packet first: {open}");
    send(&mut ws, &format!(r#"40{{"token":"{token}"}}"#)).await;
    let ack = recv(&mut ws).await;
    assert!(ack.starts_with(r#"40{"sid":""#), "connect ack: {ack}");
    let welcome = recv(&mut ws).await;
    assert!(welcome.starts_with(r#"42["welcome""#), "welcome: {welcome}");
    ws
}

/// Parse a `4…` frame's JSON tail after `prefix`.
pub fn json_after(frame: &str, prefix: &str) -> Value {
    let tail = frame.strip_prefix(prefix).unwrap_or_else(|| panic!("{frame:?} does not start with {prefix:?}"));
    serde_json::from_str(tail).unwrap()
}

pub const RS: char = '\u{1e}';

/// A raw long-polling client of one Engine.IO session.
pub struct Poller {
    pub http: reqwest::Client,
    pub url: String,
    pub sid: String,
}

impl Poller {
    /// Opens a session: the handshake's open packet.
    pub async fn open(server: &TestServer) -> (Poller, Value) {
        Poller::open_at(server.port).await
    }

    /// Opens a session on the gateway at `port`.
    pub async fn open_at(port: u16) -> (Poller, Value) {
        let base = format!("http://127.0.0.1:{port}/socket.io/?EIO=4&transport=polling");
        let http = reqwest::Client::new();
        let r = http.get(&base).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::OK);
        assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
        let body = r.text().await.unwrap();
        let hs = json_after(&body, "0");
        let sid = hs["sid"].as_str().unwrap().to_string();
        (Poller { url: format!("{base}&sid={sid}"), http, sid }, hs)
    }

    /// Opens a session and connects to the main namespace with `token` (the ack and the welcome event read).
    pub async fn connected(server: &TestServer, token: &str) -> Poller {
        let (p, _) = Poller::open(server).await;
        assert_eq!(p.post(&[&format!(r#"40{{"token":"{token}"}}"#)]).await, StatusCode::OK);
        let got = p.until(|all| all.iter().any(|x| x.starts_with(r#"42["welcome""#))).await;
        assert!(got[0].starts_with(r#"40{"sid":""#), "{got:?}");
        p
    }

    pub async fn get_raw(&self) -> (StatusCode, String) {
        let r = self.http.get(&self.url).send().await.unwrap();
        (r.status(), r.text().await.unwrap())
    }

    /// One GET's packets.
    pub async fn get(&self) -> Vec<String> {
        let (status, body) = self.get_raw().await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body.split(RS).map(String::from).collect()
    }

    /// GETs until `done` holds for what came so far (noops left out).
    pub async fn until(&self, done: impl Fn(&[String]) -> bool) -> Vec<String> {
        let mut all = Vec::new();
        for _ in 0..50 {
            all.extend(self.get().await.into_iter().filter(|p| p != "6"));
            if done(&all) {
                return all;
            }
        }
        panic!("not there after 50 GETs: {all:?}");
    }

    pub async fn post(&self, packets: &[&str]) -> StatusCode {
        self.post_body(packets.join(&RS.to_string())).await
    }

    pub async fn post_body(&self, body: String) -> StatusCode {
        self.http.post(&self.url).body(body).send().await.unwrap().status()
    }

    pub fn ws_url(&self, server: &TestServer) -> String {
        format!("{}&sid={}", server.ws_url(), self.sid)
    }
}
