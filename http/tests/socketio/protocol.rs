//! The Socket.IO protocol test suite's behaviours against our gateway set up as its reference server
//! (`socketio::test_app`, what `game-server protocol-test-app` runs), over both transports: the handshake's settings,
//! ping every 300 ms and the 200 ms timeout, the main and `/custom` namespaces (the `auth` echo; an unknown
//! namespace refused by name), `message` → `message-back`, `message-with-ack` acknowledged, binary attachments in
//! both directions, and the limits on attachments and payload.

use crate::support;

use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::json;
use std::net::TcpListener;
use std::time::Duration;
use support::{Poller, Ws, expect_closed, json_after, recv, send};
use tokio_tungstenite::tungstenite::Message;

fn start() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    actix_web::rt::spawn(casino_http::socketio::test_app::server(listener).unwrap());
    port
}

async fn websocket(port: u16) -> Ws {
    let url = format!("ws://127.0.0.1:{port}/socket.io/?EIO=4&transport=websocket");
    let mut ws = tokio_tungstenite::connect_async(url).await.unwrap().0;
    assert!(recv(&mut ws).await.starts_with("0{"));
    ws
}

/// The next message, binary or text, skipping pings from the engine (`2`: answered with `3`).
async fn next(ws: &mut Ws) -> Message {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(5), ws.next()).await.unwrap().unwrap().unwrap();
        match &m {
            Message::Text(t) if t.as_str() == "2" => ws.send(Message::text("3")).await.unwrap(),
            Message::Text(_) | Message::Binary(_) => return m,
            _ => {}
        }
    }
}

async fn text(ws: &mut Ws) -> String {
    match next(ws).await {
        Message::Text(t) => t.as_str().to_owned(),
        other => panic!("expected text, got {other:?}"),
    }
}

#[actix_web::test]
async fn the_handshake_has_the_reference_settings_and_pings_every_300_ms() {
    let port = start();
    let (p, hs) = Poller::open_at(port).await;
    assert_eq!(
        (hs["pingInterval"].as_u64(), hs["pingTimeout"].as_u64(), hs["maxPayload"].as_u64()),
        (Some(300), Some(200), Some(1_000_000))
    );
    assert_eq!(p.post(&[r#"40{"token":"anything"}"#]).await, StatusCode::OK);
    let started = tokio::time::Instant::now();
    p.until(|all| all.iter().any(|x| x == "2")).await;
    let waited = started.elapsed();
    assert!(waited >= Duration::from_millis(250) && waited < Duration::from_millis(1_000), "{waited:?}");
    // No pong: closed within the timeout.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, body) = p.get_raw().await;
    assert!(status == StatusCode::BAD_REQUEST || body == "1", "{status} {body}");
    // Nothing CONNECTs within a second: closed.
    let mut ws = websocket(port).await;
    let closed = support::expect_closed_within(&mut ws, Duration::from_secs(3)).await;
    assert!(closed.texts.iter().all(|t| t == "2"), "{closed:?}");
}

#[actix_web::test]
async fn namespaces_echo_auth_and_messages_and_acks_come_back_over_websocket() {
    let port = start();
    let mut ws = websocket(port).await;
    send(&mut ws, r#"40{"token":"123"}"#).await;
    assert!(text(&mut ws).await.starts_with(r#"40{"sid":""#));
    assert_eq!(text(&mut ws).await, r#"42["auth",{"token":"123"}]"#);
    send(&mut ws, "40/custom,").await;
    assert!(json_after(&text(&mut ws).await, "40/custom,")["sid"].is_string());
    assert_eq!(text(&mut ws).await, r#"42/custom,["auth",{}]"#);
    send(&mut ws, "40/random,").await;
    assert_eq!(text(&mut ws).await, r#"44/random,{"message":"Invalid namespace"}"#);

    send(&mut ws, r#"42["message",1,"2",{"3":[true]}]"#).await;
    assert_eq!(text(&mut ws).await, r#"42["message-back",1,"2",{"3":[true]}]"#);
    send(&mut ws, r#"42/custom,["message",1,"2",{"3":[true]}]"#).await;
    assert_eq!(text(&mut ws).await, r#"42/custom,["message-back",1,"2",{"3":[true]}]"#);
    send(&mut ws, r#"42456["message-with-ack",1,"2",{"3":[false]}]"#).await;
    assert_eq!(text(&mut ws).await, r#"43456[1,"2",{"3":[false]}]"#);
    send(&mut ws, r#"42/custom,789["message-with-ack",1,"2",{"3":[false]}]"#).await;
    assert_eq!(text(&mut ws).await, r#"43/custom,789[1,"2",{"3":[false]}]"#);

    // Binary attachments, both ways.
    send(&mut ws, r#"452-["message",{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]"#).await;
    ws.send(Message::binary(vec![1u8, 2, 3])).await.unwrap();
    ws.send(Message::binary(vec![4u8, 5])).await.unwrap();
    assert_eq!(
        text(&mut ws).await,
        r#"452-["message-back",{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]"#
    );
    assert_eq!(next(&mut ws).await, Message::binary(vec![1u8, 2, 3]));
    assert_eq!(next(&mut ws).await, Message::binary(vec![4u8, 5]));
    send(&mut ws, r#"451-/custom,7["message-with-ack",{"_placeholder":true,"num":0}]"#).await;
    ws.send(Message::binary(vec![9u8])).await.unwrap();
    assert_eq!(text(&mut ws).await, r#"461-/custom,7[{"_placeholder":true,"num":0}]"#);
    assert_eq!(next(&mut ws).await, Message::binary(vec![9u8]));

    // Leaving one namespace keeps the other.
    send(&mut ws, "41/custom,").await;
    send(&mut ws, r#"42["message","still"]"#).await;
    assert_eq!(text(&mut ws).await, r#"42["message-back","still"]"#);

    // Leaving the last keeps the connection for a new CONNECT (for as long as a new connection waits for one).
    send(&mut ws, "41").await;
    send(&mut ws, "40").await;
    assert!(text(&mut ws).await.starts_with("40{"));
    assert_eq!(text(&mut ws).await, r#"42["auth",{}]"#);
}

#[actix_web::test]
async fn the_same_over_long_polling_with_attachments_in_base64() {
    let port = start();
    let (p, _) = Poller::open_at(port).await;
    assert_eq!(p.post(&[r#"40{"a":1}"#, "40/custom,"]).await, StatusCode::OK);
    let got = p.until(|all| all.len() >= 4).await;
    assert_eq!(got.iter().filter(|x| x.starts_with("40")).count(), 2, "{got:?}");
    assert!(got.contains(&r#"42["auth",{"a":1}]"#.to_string()), "{got:?}");
    assert!(got.contains(&r#"42/custom,["auth",{}]"#.to_string()), "{got:?}");
    let posted = p.post(&[r#"451-["message",{"_placeholder":true,"num":0}]"#, "bAQID"]).await;
    assert_eq!(posted, StatusCode::OK);
    let got = p.until(|all| all.len() >= 2).await;
    assert_eq!(got, vec![r#"451-["message-back",{"_placeholder":true,"num":0}]"#, "bAQID"]);
    assert_eq!(p.post(&[r#"421["message-with-ack","x"]"#]).await, StatusCode::OK);
    assert_eq!(p.until(|all| !all.is_empty()).await, vec![r#"431["x"]"#]);
}

#[actix_web::test]
async fn too_many_attachments_or_too_many_bytes_close_the_connection() {
    let port = start();
    let mut ws = websocket(port).await;
    send(&mut ws, "40").await;
    text(&mut ws).await;
    text(&mut ws).await;
    let placeholders: Vec<_> = (0..11).map(|i| json!({"_placeholder": true, "num": i})).collect();
    send(&mut ws, &format!(r#"4511-["message",{}]"#, serde_json::to_string(&placeholders).unwrap())).await;
    assert!(expect_closed(&mut ws).await.code.is_some());

    let mut ws = websocket(port).await;
    send(&mut ws, "40").await;
    text(&mut ws).await;
    text(&mut ws).await;
    send(&mut ws, r#"452-["message",{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]"#).await;
    ws.send(Message::binary(vec![0u8; 600_000])).await.unwrap();
    ws.send(Message::binary(vec![0u8; 600_000])).await.unwrap();
    assert!(expect_closed(&mut ws).await.code.is_some(), "more than maxPayload in attachments");

    // A text packet while attachments are awaited breaks the protocol.
    let mut ws = websocket(port).await;
    send(&mut ws, "40").await;
    text(&mut ws).await;
    text(&mut ws).await;
    send(&mut ws, r#"451-["message",{"_placeholder":true,"num":0}]"#).await;
    send(&mut ws, r#"42["message",1]"#).await;
    assert!(expect_closed(&mut ws).await.code.is_some());
}
