//! Black-box tests of the Socket.IO gateway with a raw websocket client speaking Engine.IO v4 / Socket.IO v5.

use crate::support;

use casino_actors::hub::{Broadcast, RoomSize, encode_event};
use casino_actors::ids::UserId;
use casino_http::socketio::SocketConfig;
use serde_json::json;
use std::time::Duration;
use support::*;
use tokio_tungstenite::tungstenite;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

#[actix_web::test]
async fn a_websocket_from_the_start_is_offered_no_upgrade_and_the_configured_limits() {
    let server = spawn_server(SocketConfig::default());
    let mut ws = connect(&server.ws_url()).await;
    let open = recv(&mut ws).await;
    let hs = json_after(&open, "0");
    assert!(hs["sid"].as_str().is_some_and(|s| s.len() >= 16), "{hs}");
    assert_eq!(hs["upgrades"], json!([]));
    assert_eq!(hs["pingInterval"], json!(25000));
    assert_eq!(hs["pingTimeout"], json!(20000));
    assert_eq!(hs["maxPayload"], json!(1000000));
    assert_eq!(hs.as_object().map(|o| o.len()), Some(5));
}

#[actix_web::test]
async fn connect_with_a_good_token_is_acknowledged_and_joins_the_user_room() {
    let server = spawn_server(SocketConfig::default());
    let mut ws = connect(&server.ws_url()).await;
    recv(&mut ws).await;
    send(&mut ws, r#"40{"token":"good"}"#).await;
    let ack = json_after(&recv(&mut ws).await, "40");
    assert!(ack["sid"].as_str().is_some_and(|s| !s.is_empty()));
    assert_eq!(recv(&mut ws).await, r#"42["welcome",{"userId":1,"username":"user1"}]"#);

    assert_eq!(server.hub.send(RoomSize { room: "user:1".into() }).await.unwrap(), 1);
    server.hub.do_send(Broadcast::one("user:1", encode_event("balance_update", &json!({"amount": 5}))));
    assert_eq!(recv(&mut ws).await, r#"42["balance_update",{"amount":5}]"#);
}

#[actix_web::test]
async fn the_session_cookie_authenticates_when_connect_has_no_token() {
    let server = spawn_server(SocketConfig::default());
    let mut req = server.ws_url().into_client_request().unwrap();
    req.headers_mut().insert("cookie", "casino_session=good-5".parse().unwrap());
    let (mut ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    recv(&mut ws).await;
    send(&mut ws, "40").await;
    assert!(recv(&mut ws).await.starts_with("40{"));
    assert!(recv(&mut ws).await.contains(r#""userId":5"#));
}

#[actix_web::test]
async fn a_bad_or_missing_token_is_refused_with_connect_error_then_closed() {
    let server = spawn_server(SocketConfig::default());
    for connect in [r#"40{"token":"bad"}"#, "40", r#"40{"token":42}"#] {
        let mut ws = connect_raw(&server).await;
        send(&mut ws, connect).await;
        let closed = expect_closed(&mut ws).await;
        assert_eq!(closed.texts, vec![r#"44{"message":"unauthorized"}"#.to_owned()], "{connect}");
        assert_eq!(closed.code, Some(CloseCode::Normal));
    }
}

async fn connect_raw(server: &TestServer) -> Ws {
    let mut ws = connect(&server.ws_url()).await;
    assert!(recv(&mut ws).await.starts_with("0{"));
    ws
}

#[actix_web::test]
async fn other_namespaces_get_connect_error_but_the_main_one_still_works() {
    let server = spawn_server(SocketConfig::default());
    let mut ws = connect_raw(&server).await;
    send(&mut ws, r#"40/admin,{"token":"good"}"#).await;
    assert_eq!(recv(&mut ws).await, r#"44/admin,{"message":"Invalid namespace"}"#);
    send(&mut ws, r#"40{"token":"good"}"#).await;
    assert!(recv(&mut ws).await.starts_with("40{"));
}

#[actix_web::test]
async fn malformed_packets_close_the_connection() {
    let server = spawn_server(SocketConfig::default());
    for bad in ["4garbage", r#"42["echo""#, "42[]", "9", r#"450-["x"]"#, "0{}"] {
        let mut ws = connect_as(&server, "good").await;
        send(&mut ws, bad).await;
        let closed = expect_closed(&mut ws).await;
        assert!(closed.texts.is_empty(), "{bad}: {closed:?}");
        assert_eq!(closed.code, Some(CloseCode::Policy), "{bad}");
    }
}

#[actix_web::test]
async fn a_first_socket_packet_that_is_not_connect_closes_the_connection() {
    let server = spawn_server(SocketConfig::default());
    let mut ws = connect_raw(&server).await;
    send(&mut ws, r#"421["echo","x"]"#).await;
    let closed = expect_closed(&mut ws).await;
    assert!(closed.texts.is_empty(), "{closed:?}");
    assert_eq!(closed.code, Some(CloseCode::Policy));
}

#[actix_web::test]
async fn no_connect_within_the_deadline_closes_the_connection() {
    let config = SocketConfig { connect_timeout: Duration::from_millis(200), ..SocketConfig::default() };
    let server = spawn_server(config);
    let mut ws = connect_raw(&server).await;
    let started = tokio::time::Instant::now();
    expect_closed(&mut ws).await;
    assert!(started.elapsed() >= Duration::from_millis(150));
}

#[actix_web::test]
async fn a_frame_larger_than_max_payload_closes_the_connection() {
    let config = SocketConfig { max_payload: 1000, ..SocketConfig::default() };
    let server = spawn_server(config);
    let mut ws = connect_as(&server, "good").await;
    // Just under the limit still works.
    let fits = format!(r#"421["echo","{}"]"#, "x".repeat(900));
    send(&mut ws, &fits).await;
    assert!(recv(&mut ws).await.starts_with(r#"431["xxx"#));
    let too_big = format!(r#"422["echo","{}"]"#, "x".repeat(2000));
    send(&mut ws, &too_big).await;
    let closed = expect_closed(&mut ws).await;
    assert!(closed.texts.is_empty());
    assert_eq!(closed.code, Some(CloseCode::Size));
}

#[actix_web::test]
async fn server_pings_every_interval_and_closes_when_no_pong_arrives_in_time() {
    let config = SocketConfig {
        ping_interval: Duration::from_millis(150),
        ping_timeout: Duration::from_millis(150),
        ..SocketConfig::default()
    };
    let server = spawn_server(config);
    let mut ws = connect(&server.ws_url()).await;
    let hs = json_after(&recv(&mut ws).await, "0");
    assert_eq!((hs["pingInterval"].as_u64(), hs["pingTimeout"].as_u64()), (Some(150), Some(150)));
    send(&mut ws, r#"40{"token":"good"}"#).await;
    recv(&mut ws).await;
    recv(&mut ws).await;
    // Answer three pings: the connection stays up well past one interval + timeout.
    for _ in 0..3 {
        assert_eq!(recv(&mut ws).await, "2");
        send(&mut ws, "3").await;
    }
    assert_eq!(recv(&mut ws).await, "2");
    let unanswered = tokio::time::Instant::now();
    let closed = expect_closed_within(&mut ws, Duration::from_secs(2)).await;
    assert!(unanswered.elapsed() >= Duration::from_millis(100), "closed too early");
    assert!(closed.texts.is_empty(), "{closed:?}");
    assert!(server.wait_disconnected(UserId(1), Duration::from_secs(1)).await);
}

#[actix_web::test]
async fn an_event_with_an_ack_id_is_answered_with_the_same_id() {
    let server = spawn_server(SocketConfig::default());
    let mut ws = connect_as(&server, "good").await;
    send(&mut ws, r#"4217["echo",{"a":[1,"ü"]},null]"#).await;
    assert_eq!(recv(&mut ws).await, r#"4317[{"a":[1,"ü"]},null]"#);
    // Without an ack id the handler runs but nothing is sent back.
    send(&mut ws, r#"42["echo","ignored"]"#).await;
    send(&mut ws, r#"4218["echo","next"]"#).await;
    assert_eq!(recv(&mut ws).await, r#"4318["next"]"#);
}

#[actix_web::test]
async fn a_reply_s_events_precede_its_ack_and_are_sent_without_an_ack_id_too() {
    let server = spawn_server(SocketConfig::default());
    let mut ws = connect_as(&server, "good").await;
    send(&mut ws, r#"425["announce",{"n":1}]"#).await;
    assert_eq!(recv(&mut ws).await, r#"42["announced",{"n":1}]"#);
    assert_eq!(recv(&mut ws).await, r#"435["announced"]"#);
    send(&mut ws, r#"42["announce",2]"#).await;
    assert_eq!(recv(&mut ws).await, r#"42["announced",2]"#);
    send(&mut ws, r#"426["echo","after"]"#).await;
    assert_eq!(recv(&mut ws).await, r#"436["after"]"#, "no ack was sent for the event without an ack id");
}

#[actix_web::test]
async fn events_are_handled_concurrently_and_acks_matched_by_id() {
    let server = spawn_server(SocketConfig::default());
    let mut ws = connect_as(&server, "good").await;
    send(&mut ws, r#"421["slow"]"#).await;
    send(&mut ws, r#"422["echo","fast"]"#).await;
    assert_eq!(recv(&mut ws).await, r#"432["fast"]"#);
    assert_eq!(recv(&mut ws).await, r#"431["slow done"]"#);
}

#[actix_web::test]
async fn a_broadcast_reaches_each_room_member_exactly_once() {
    let server = spawn_server(SocketConfig::default());
    let mut a = connect_as(&server, "good-1").await;
    let mut b = connect_as(&server, "good-2").await;
    let mut outsider = connect_as(&server, "good-3").await;
    for ws in [&mut a, &mut b] {
        send(ws, r#"421["join","aviator"]"#).await;
        assert_eq!(recv(ws).await, r#"431["joined"]"#);
    }
    assert_eq!(server.hub.send(RoomSize { room: "aviator".into() }).await.unwrap(), 2);
    send(&mut a, r#"422["broadcast","aviator","aviator_game_state",{"phase":"flying"}]"#).await;
    let expected = r#"42["aviator_game_state",{"phase":"flying"}]"#;
    // `a` may see its ack and the broadcast in either order.
    let mut seen = vec![recv(&mut a).await, recv(&mut a).await];
    seen.sort();
    assert_eq!(seen, vec![expected.to_owned(), "432[true]".to_owned()]);
    assert_eq!(recv(&mut b).await, expected);
    // Nothing else is queued for the members, and the outsider got nothing: the next frame is an echo ack.
    for ws in [&mut a, &mut b, &mut outsider] {
        send(ws, r#"429["echo","end"]"#).await;
        assert_eq!(recv(ws).await, r#"439["end"]"#);
    }
}

#[actix_web::test]
async fn client_disconnect_leaves_all_rooms_and_notifies_the_app() {
    let config = SocketConfig { connect_timeout: Duration::from_millis(500), ..SocketConfig::default() };
    let server = spawn_server(config);
    let mut ws = connect_as(&server, "good-8").await;
    send(&mut ws, r#"421["join","aviator"]"#).await;
    recv(&mut ws).await;
    send(&mut ws, "41").await;
    assert!(server.wait_disconnected(UserId(8), Duration::from_secs(2)).await);
    assert_eq!(server.hub.send(RoomSize { room: "aviator".into() }).await.unwrap(), 0);
    assert_eq!(server.hub.send(RoomSize { room: "user:8".into() }).await.unwrap(), 0);
    // Without a namespace the connection waits for a new CONNECT as a new one does, then closes.
    expect_closed(&mut ws).await;
}

#[actix_web::test]
async fn a_client_that_never_reads_is_disconnected_while_a_reading_client_gets_every_frame() {
    // The outbox must absorb a reader's scheduling stalls on a loaded 2-core machine (128 frames at one
    // every 5 ms is 640 ms), while a client that never reads fills it and the socket buffers in seconds.
    let config = SocketConfig { outbox_capacity: 128, ..SocketConfig::default() };
    let server = spawn_server(config);
    let mut slow = connect_as(&server, "good-9").await;
    let mut fast = connect_as(&server, "good-10").await;
    for ws in [&mut slow, &mut fast] {
        send(ws, r#"421["join","aviator"]"#).await;
        assert_eq!(recv(ws).await, r#"431["joined"]"#);
    }
    // The healthy client reads everything as it arrives.
    let reader = actix_web::rt::spawn(async move {
        let mut got = 0usize;
        loop {
            let frame = recv(&mut fast).await;
            if frame.starts_with(r#"42["tick""#) {
                got += 1;
            } else if frame.starts_with(r#"42["done""#) {
                // Hand the socket back: dropping it here would disconnect the reader before the checks below.
                return (got, fast);
            }
        }
    });

    // 16 KiB frames at a steady pace; the slow client never reads.
    let frame = encode_event("tick", &json!("x".repeat(16 * 1024)));
    let mut sent = 0usize;
    while sent < 5000 && !server.disconnected_users().contains(&UserId(9)) {
        server.hub.do_send(Broadcast::one("aviator", frame.clone()));
        sent += 1;
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(server.wait_disconnected(UserId(9), Duration::from_secs(5)).await, "slow client was not disconnected");
    assert_eq!(server.hub.send(RoomSize { room: "aviator".into() }).await.unwrap(), 1, "only the reader remains");
    server.hub.do_send(Broadcast::one("aviator", encode_event("done", &json!(null))));
    let (got, _fast) = reader.await.unwrap();
    assert_eq!(got, sent, "the reading client got every frame");
    assert!(!server.disconnected_users().contains(&UserId(10)));

    // When the slow client finally reads, it finds what was already in flight, then the end of the connection.
    let closed = expect_closed_within(&mut slow, Duration::from_secs(10)).await;
    let received = closed.texts.iter().filter(|t| t.starts_with(r#"42["tick""#)).count();
    assert!(received < sent, "received {received} of {sent}: the backlog was not bounded");
    println!("slow client: {sent} frames broadcast, {received} received before disconnect");
}

/// Sends `text` as a message in fragments of `size` bytes (a first frame and continuations).
async fn send_fragmented(ws: &mut Ws, text: &str, size: usize) {
    use futures_util::SinkExt;
    use tungstenite::protocol::frame::Frame;
    use tungstenite::protocol::frame::coding::{Data, OpCode};
    let parts: Vec<&[u8]> = text.as_bytes().chunks(size).collect();
    for (i, part) in parts.iter().enumerate() {
        let opcode = if i == 0 { OpCode::Data(Data::Text) } else { OpCode::Data(Data::Continue) };
        let frame = Frame::message(part.to_vec(), opcode, i + 1 == parts.len());
        ws.send(tungstenite::Message::Frame(frame)).await.unwrap();
    }
}

#[actix_web::test]
async fn a_message_in_fragments_is_joined_and_the_size_limit_counts_the_whole() {
    let config = SocketConfig { max_payload: 1000, ..SocketConfig::default() };
    let server = spawn_server(config);
    let mut ws = connect_as(&server, "good").await;
    send_fragmented(&mut ws, r#"4219["echo","in three parts, ü included"]"#, 12).await;
    assert_eq!(recv(&mut ws).await, r#"4319["in three parts, ü included"]"#);
    let too_big = format!(r#"4220["echo","{}"]"#, "x".repeat(1_500));
    send_fragmented(&mut ws, &too_big, 400).await;
    let closed = expect_closed(&mut ws).await;
    assert_eq!(closed.code, Some(CloseCode::Size));
}
