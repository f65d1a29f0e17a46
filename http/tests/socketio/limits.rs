//! The gateway's limits and session lifetime, with a raw client: the outbox is bounded in bytes, client text is
//! never reflected, connections are capped per address and per user, and a socket ends with its session.

use crate::support;

use casino_actors::hub::{Broadcast, Kick, KickTarget, encode_event};
use casino_actors::ids::UserId;
use casino_http::socketio::SocketConfig;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;
use support::*;
use tokio_tungstenite::tungstenite;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

#[actix_web::test]
async fn a_client_that_stops_reading_is_cut_once_its_queued_bytes_pass_the_limit() {
    // The delivery bound alone would hold a million frames; the byte bound must cut first.
    let config = SocketConfig { outbox_capacity: 1_000_000, outbox_max_bytes: 256 * 1024, ..SocketConfig::default() };
    let server = spawn_server(config);
    let _slow = connect_as(&server, "good-9").await;
    // 64 KiB frames (one shared allocation, so the test itself stays small); the client never reads. Without a
    // byte bound, 4000 of them (256 MiB) would all be queued and the client kept.
    let frame = encode_event("tick", &json!("x".repeat(64 * 1024)));
    let mut sent = 0usize;
    while sent < 4000 && !server.disconnected_users().contains(&UserId(9)) {
        server.hub.do_send(Broadcast::one("user:9", frame.clone()));
        sent += 1;
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    assert!(server.wait_disconnected(UserId(9), Duration::from_secs(10)).await, "{sent} frames, still connected");
    println!("a client that never reads was cut after {sent} frames of 64 KiB");
}

#[actix_web::test]
async fn a_namespace_that_is_not_a_plain_path_is_not_repeated_back() {
    let server = spawn_server(SocketConfig::default());
    let mut ws = connect(&server.ws_url()).await;
    assert!(recv(&mut ws).await.starts_with("0{"));
    send(&mut ws, r#"40/<img src=x onerror=alert(1)>,{"token":"good"}"#).await;
    let closed = expect_closed(&mut ws).await;
    assert!(closed.texts.iter().all(|t| !t.contains("<img")), "{closed:?}");
    assert_eq!(closed.code, Some(CloseCode::Policy));
}

#[actix_web::test]
async fn connections_from_one_address_are_capped_and_a_closed_one_frees_its_place() {
    // The tests connect from 127.0.0.1, so the loopback cap applies.
    let config = SocketConfig { max_per_loopback: 2, ..SocketConfig::default() };
    let server = spawn_server(config);
    let mut first = connect_as(&server, "good-21").await;
    let _second = connect_as(&server, "good-22").await;
    match tokio_tungstenite::connect_async(server.ws_url()).await {
        Err(tungstenite::Error::Http(res)) => assert_eq!(res.status(), 429),
        Ok(_) => panic!("a third connection from one address was accepted"),
        Err(e) => panic!("unexpected error {e}"),
    }

    // Leaving the namespace and closing the socket, as the official client's `disconnect()` does.
    send(&mut first, "41").await;
    first.close(None).await.unwrap();
    assert!(server.wait_disconnected(UserId(21), Duration::from_secs(5)).await);
    // The place is given back when the connection's actor is gone, just after the disconnect is reported.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        match tokio_tungstenite::connect_async(server.ws_url()).await {
            Ok(_) => break,
            Err(tungstenite::Error::Http(res)) if res.status() == 429 => {
                assert!(tokio::time::Instant::now() < deadline, "the closed connection's place was never freed");
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            Err(e) => panic!("unexpected error {e}"),
        }
    }
}

#[actix_web::test]
async fn connections_of_one_user_are_capped_and_other_users_are_not_affected() {
    let config = SocketConfig { max_per_user: 2, ..SocketConfig::default() };
    let server = spawn_server(config);
    let _a = connect_as(&server, "good-31").await;
    let _b = connect_as(&server, "good-31").await;
    let mut third = connect(&server.ws_url()).await;
    assert!(recv(&mut third).await.starts_with("0{"));
    send(&mut third, r#"40{"token":"good-31"}"#).await;
    assert_eq!(recv(&mut third).await, r#"44{"message":"too_many_connections"}"#);
    expect_closed(&mut third).await;
    let _other = connect_as(&server, "good-32").await;
}

#[actix_web::test]
async fn a_kick_closes_the_sockets_of_that_session_or_user_at_once_and_no_others() {
    let server = spawn_server(SocketConfig::default());
    let mut ended = connect_as(&server, "good-41").await;
    let mut same_user = connect_as(&server, "good-41").await;
    let mut other = connect_as(&server, "good-42").await;

    let kicked = server.hub.send(Kick { target: KickTarget::Session(Arc::from("session-41")) }).await.unwrap();
    assert_eq!(kicked, 2, "both sockets of that session");
    for ws in [&mut ended, &mut same_user] {
        let closed = expect_closed(ws).await;
        assert_eq!(closed.texts, vec!["41".to_string()], "a server DISCONNECT, so the client does not reconnect");
        assert_eq!(closed.code, Some(CloseCode::Normal));
    }
    send(&mut other, r#"421["echo","still here"]"#).await;
    assert_eq!(recv(&mut other).await, r#"431["still here"]"#);

    assert_eq!(server.hub.send(Kick { target: KickTarget::User(UserId(42)) }).await.unwrap(), 1);
    expect_closed(&mut other).await;
}

#[actix_web::test]
async fn a_socket_closes_when_its_session_expires() {
    let server = spawn_server(SocketConfig::default());
    let mut ws = connect_as(&server, "brief-51").await;
    let closed = expect_closed_within(&mut ws, Duration::from_secs(10)).await;
    assert!(closed.texts.contains(&"41".to_string()), "{closed:?}");
    assert!(server.wait_disconnected(UserId(51), Duration::from_secs(5)).await);
}

/// An upgrade request from `client`, as the trusted proxy in front of us forwards it.
async fn connect_forwarded(server: &TestServer, client: &str) -> Result<u16, tungstenite::Error> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = server.ws_url().into_client_request().unwrap();
    req.headers_mut().insert("x-forwarded-for", client.parse().unwrap());
    match tokio_tungstenite::connect_async(req).await {
        Ok((ws, res)) => {
            std::mem::forget(ws);
            Ok(res.status().as_u16())
        }
        Err(tungstenite::Error::Http(res)) => Ok(res.status().as_u16()),
        Err(e) => Err(e),
    }
}

#[actix_web::test]
async fn behind_a_trusted_proxy_the_cap_per_address_counts_each_client_not_the_proxy() {
    let client_net = casino_http::auth::ClientNet { trusted: vec!["127.0.0.1".parse().unwrap()], ipv6_prefix: 64 };
    let config = SocketConfig { max_per_addr: 2, max_per_loopback: 2, client_net, ..SocketConfig::default() };
    let server = spawn_server(config);
    // Three players behind the proxy: each has their own two places.
    for client in ["203.0.113.1", "203.0.113.2", "203.0.113.3"] {
        for _ in 0..2 {
            assert_eq!(connect_forwarded(&server, client).await.unwrap(), 101, "{client}");
        }
    }
    assert_eq!(connect_forwarded(&server, "203.0.113.1").await.unwrap(), 429, "a third from one client");
    // IPv6 clients count per /64.
    assert_eq!(connect_forwarded(&server, "2001:db8:9:9::1").await.unwrap(), 101);
    assert_eq!(connect_forwarded(&server, "2001:db8:9:9::2").await.unwrap(), 101);
    assert_eq!(connect_forwarded(&server, "2001:db8:9:9:abcd::3").await.unwrap(), 429, "the same /64");
}
