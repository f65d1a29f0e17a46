//! Engine.IO v4 long-polling and the upgrade to a websocket, against the real gateway with a raw HTTP client, point
//! by point as the Engine.IO protocol document has them: the handshake, the 400s, payload framing with the record
//! separator, ping / pong and the ping timeout, one GET and one POST at a time, `maxPayload`, close, the upgrade
//! (`2probe` / `3probe` / noop / `5`), and the same frames for a polling and a websocket client in one room —
//! nothing lost or repeated across an upgrade in a broadcast storm.

use crate::support;

use casino_actors::hub::{Broadcast, encode_event};
use casino_http::socketio::SocketConfig;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;
use support::{Poller, connect, connect_as, recv, send, spawn_server};

async fn error_of(r: reqwest::Response) -> (StatusCode, Value) {
    (r.status(), r.json().await.unwrap())
}

fn fast_pings() -> SocketConfig {
    SocketConfig {
        ping_interval: Duration::from_millis(150),
        ping_timeout: Duration::from_millis(150),
        ..Default::default()
    }
}

#[actix_web::test]
async fn the_handshake_announces_the_upgrade_and_the_limits() {
    let server = spawn_server(SocketConfig::default());
    let (_, hs) = Poller::open(&server).await;
    assert!(hs["sid"].as_str().is_some_and(|s| s.len() >= 16), "{hs}");
    assert_eq!(hs["upgrades"], json!(["websocket"]));
    assert_eq!((hs["pingInterval"].as_u64(), hs["pingTimeout"].as_u64()), (Some(25_000), Some(20_000)));
    assert_eq!(hs["maxPayload"], json!(1_000_000));
    assert_eq!(hs.as_object().map(|o| o.len()), Some(5));
}

#[actix_web::test]
async fn bad_versions_transports_methods_and_sids_get_the_engine_io_400s() {
    let server = spawn_server(SocketConfig::default());
    let http = reqwest::Client::new();
    let base = format!("{}/socket.io/", server.base_url());
    let cases = [
        (http.get(format!("{base}?EIO=3&transport=polling")), 5),
        (http.get(format!("{base}?transport=polling")), 5),
        (http.get(format!("{base}?EIO=4&transport=carrier-pigeon")), 0),
        (http.get(format!("{base}?EIO=4")), 0),
        (http.get(format!("{base}?EIO=4&transport=polling&sid=nope")), 1),
        (http.post(format!("{base}?EIO=4&transport=polling&sid=nope")).body("2"), 1),
        (http.post(format!("{base}?EIO=4&transport=polling")).body("40"), 2),
        (http.put(format!("{base}?EIO=4&transport=polling")), 2),
        (http.get(format!("{base}?EIO=4&transport=websocket&sid=nope")), 1),
    ];
    for (request, code) in cases {
        let (status, body) = error_of(request.send().await.unwrap()).await;
        assert_eq!((status, body["code"].as_u64()), (StatusCode::BAD_REQUEST, Some(code)), "{body}");
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    // A websocket without a sid is a new connection, over polling's sid-less GET too.
    let mut ws = connect(&server.ws_url()).await;
    assert!(recv(&mut ws).await.starts_with("0{"));
}

#[actix_web::test]
async fn packets_go_both_ways_in_payloads_in_order_with_acks() {
    let server = spawn_server(SocketConfig::default());
    let p = Poller::connected(&server, "good").await;
    // Three packets in one POST, each answered (events run at once: acks match by id, in any order; a reply's
    // event comes before its own ack).
    let posted = p.post(&[r#"421["echo","one"]"#, r#"422["echo","two"]"#, r#"423["announce",{"x":1}]"#]).await;
    assert_eq!(posted, StatusCode::OK);
    let got = p.until(|all| all.len() >= 4).await;
    let mut sorted = got.clone();
    sorted.sort();
    assert_eq!(sorted, vec![r#"42["announced",{"x":1}]"#, r#"431["one"]"#, r#"432["two"]"#, r#"433["announced"]"#]);
    let at = |x: &str| got.iter().position(|g| g == x).unwrap();
    assert!(at(r#"42["announced",{"x":1}]"#) < at(r#"433["announced"]"#), "{got:?}");
    // An unknown namespace is refused, naming it; the main one stays connected.
    assert_eq!(p.post(&["40/admin,"]).await, StatusCode::OK);
    assert_eq!(p.until(|all| !all.is_empty()).await, vec![r#"44/admin,{"message":"Invalid namespace"}"#]);
    assert_eq!(p.post(&[r#"424["echo","still"]"#]).await, StatusCode::OK);
    assert_eq!(p.until(|all| !all.is_empty()).await, vec![r#"434["still"]"#]);
}

#[actix_web::test]
async fn pings_are_answered_and_a_missing_pong_closes_the_session() {
    let server = spawn_server(fast_pings());
    let p = Poller::connected(&server, "good-7").await;
    for _ in 0..3 {
        assert_eq!(p.until(|all| all.iter().any(|x| x == "2")).await, vec!["2"]);
        assert_eq!(p.post(&["3"]).await, StatusCode::OK);
    }
    // No pong: the server closes the session; a GET then finds it gone (or hears the close).
    assert_eq!(p.until(|all| all.iter().any(|x| x == "2")).await, vec!["2"]);
    assert!(server.wait_disconnected(casino_actors::ids::UserId(7), Duration::from_secs(2)).await);
    tokio::time::sleep(Duration::from_millis(400)).await;
    let (status, _) = p.get_raw().await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[actix_web::test]
async fn a_second_get_at_once_or_a_payload_over_the_limit_closes_the_session() {
    let server = spawn_server(SocketConfig { max_payload: 1_000, ..Default::default() });
    let p = Poller::connected(&server, "good-8").await;
    let waiting = tokio::spawn({
        let (http, url) = (p.http.clone(), p.url.clone());
        async move { http.get(&url).send().await.unwrap().text().await.unwrap() }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (status, _) = p.get_raw().await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "one GET at a time");
    assert_eq!(waiting.await.unwrap(), "1", "the session closed");
    assert!(server.wait_disconnected(casino_actors::ids::UserId(8), Duration::from_secs(2)).await);

    let p = Poller::connected(&server, "good-9").await;
    let big = format!(r#"42["echo","{}"]"#, "x".repeat(2_000));
    assert_eq!(p.post_body(big).await, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(server.wait_disconnected(casino_actors::ids::UserId(9), Duration::from_secs(2)).await);
}

#[actix_web::test]
async fn a_close_packet_ends_the_session() {
    let server = spawn_server(SocketConfig::default());
    let p = Poller::connected(&server, "good-10").await;
    let waiting = tokio::spawn({
        let (http, url) = (p.http.clone(), p.url.clone());
        async move { http.get(&url).send().await.unwrap().text().await.unwrap() }
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(p.post(&["1"]).await, StatusCode::OK);
    assert_eq!(waiting.await.unwrap(), "6", "the waiting GET is released with a noop");
    assert_eq!(p.get_raw().await.0, StatusCode::BAD_REQUEST, "the session is gone");
    assert!(server.wait_disconnected(casino_actors::ids::UserId(10), Duration::from_secs(2)).await);
}

#[actix_web::test]
async fn a_session_whose_pong_is_overdue_is_gone_for_the_next_get() {
    let config = SocketConfig {
        ping_interval: Duration::from_millis(150),
        ping_timeout: Duration::from_millis(100),
        ..SocketConfig::default()
    };
    let server = spawn_server(config);
    let p = Poller::connected(&server, "good-13").await;
    // No GET, so no ping read and no pong: past interval + timeout the session is over, whatever its timer says.
    tokio::time::sleep(Duration::from_millis(260)).await;
    assert_eq!(p.get_raw().await.0, StatusCode::BAD_REQUEST);
    assert!(server.wait_disconnected(casino_actors::ids::UserId(13), Duration::from_secs(2)).await);
}

#[actix_web::test]
async fn the_upgrade_probes_pauses_polling_and_switches_with_nothing_lost() {
    let server = spawn_server(SocketConfig::default());
    let p = Poller::connected(&server, "good-11").await;
    let waiting = tokio::spawn({
        let (http, url) = (p.http.clone(), p.url.clone());
        async move { http.get(&url).send().await.unwrap().text().await.unwrap() }
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    let mut ws = connect(&p.ws_url(&server)).await;
    send(&mut ws, "2probe").await;
    assert_eq!(recv(&mut ws).await, "3probe");
    assert_eq!(waiting.await.unwrap(), "6", "the waiting GET is answered with a noop");
    // Sent while the client is between transports: it comes over the websocket once switched.
    assert_eq!(p.post(&[r#"421["echo","between"]"#]).await, StatusCode::OK);
    send(&mut ws, "5").await;
    assert_eq!(recv(&mut ws).await, r#"431["between"]"#);
    send(&mut ws, r#"422["echo","after"]"#).await;
    assert_eq!(recv(&mut ws).await, r#"432["after"]"#);
    // Polling is over for this session.
    assert_eq!(p.get_raw().await.0, StatusCode::BAD_REQUEST);
    assert_eq!(p.post(&["2"]).await, StatusCode::BAD_REQUEST);
    // A second websocket for the same session is ignored: closed as soon as it opens.
    let mut again = connect(&p.ws_url(&server)).await;
    assert!(support::expect_closed(&mut again).await.texts.is_empty(), "one upgrade per session");
}

#[actix_web::test]
async fn an_upgrade_given_up_leaves_polling_working() {
    let server = spawn_server(SocketConfig::default());
    let p = Poller::connected(&server, "good-12").await;
    let mut ws = connect(&p.ws_url(&server)).await;
    send(&mut ws, "not a probe").await;
    let _ = support::expect_closed(&mut ws).await;
    assert_eq!(p.post(&[r#"421["echo","on"]"#]).await, StatusCode::OK);
    assert_eq!(p.until(|all| !all.is_empty()).await, vec![r#"431["on"]"#]);
}

/// Reads `n` numbered broadcasts (`42["n",i]`) from whatever transport they come by.
fn numbers(frames: &[String]) -> Vec<u64> {
    frames
        .iter()
        .filter_map(|f| f.strip_prefix(r#"42["n","#))
        .filter_map(|t| t.trim_end_matches(']').parse().ok())
        .collect()
}

#[actix_web::test]
async fn a_polling_and_a_websocket_client_in_one_room_get_the_same_frames_and_an_upgrade_in_a_storm_loses_none() {
    let server = spawn_server(SocketConfig::default());
    let p = Poller::connected(&server, "good-21").await;
    assert_eq!(p.post(&[r#"421["join","storm"]"#]).await, StatusCode::OK);
    p.until(|all| all.iter().any(|x| x == r#"431["joined"]"#)).await;
    let mut w = connect_as(&server, "good-22").await;
    send(&mut w, r#"421["join","storm"]"#).await;
    assert_eq!(recv(&mut w).await, r#"431["joined"]"#);

    const N: u64 = 2_000;
    let hub = server.hub.clone();
    let storm = actix_web::rt::spawn(async move {
        for i in 0..N {
            hub.do_send(Broadcast::one("storm".to_string(), encode_event("n", &json!(i))));
            if i % 50 == 0 {
                actix_web::rt::time::sleep(Duration::from_millis(2)).await;
            }
        }
    });
    // The polling client takes some by GET, upgrades half-way through the storm, and takes the rest by websocket.
    let mut got = Vec::new();
    while numbers(&got).len() < 300 {
        got.extend(p.get().await);
    }
    let mut ws = connect(&p.ws_url(&server)).await;
    send(&mut ws, "2probe").await;
    assert_eq!(recv(&mut ws).await, "3probe");
    // The client pauses polling once a GET brings the noop.
    loop {
        let batch = p.get().await;
        let noop = batch.iter().any(|x| x == "6");
        got.extend(batch);
        if noop {
            break;
        }
    }
    send(&mut ws, "5").await;
    while numbers(&got).len() < N as usize {
        got.push(recv(&mut ws).await);
    }
    storm.await.unwrap();
    let mut seen = Vec::new();
    while seen.len() < N as usize {
        seen.push(recv(&mut w).await);
    }
    assert_eq!(numbers(&got), (0..N).collect::<Vec<_>>(), "the upgraded client: every broadcast once, in order");
    assert_eq!(numbers(&seen), (0..N).collect::<Vec<_>>(), "the websocket client: the same");
}
