//! Slow request bodies: 500 connections each send a POST head announcing 1000 bytes, then a byte a second. Other
//! players are still answered at once meanwhile (a liveness check, not a benchmark), and each slow body is answered
//! 408 `request_timeout` (or its connection closed) once the body deadline passes.

use crate::helpers::{client, spawn_app_with};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const SLOW: usize = 500;
const BODY_TIMEOUT: Duration = Duration::from_secs(4);
/// How long a live request may take while the slow bodies hang on (generous: this is not a timing test).
const PROMPT: Duration = Duration::from_secs(5);

/// What one slow connection saw: how long after its head the server answered or closed, and what it sent.
struct Slow {
    after: Duration,
    answer: String,
}

/// Sends the head of a login with a 1000-byte body, then a byte a second, until the server answers and closes.
async fn drip(port: u16, opened: Arc<AtomicUsize>, ended: Arc<AtomicUsize>) -> Slow {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).await.expect("connect");
    let head = format!(
        "POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{"
    );
    stream.write_all(head.as_bytes()).await.expect("head");
    let sent = Instant::now();
    opened.fetch_add(1, Ordering::SeqCst);
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    let mut writing = true;
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.tick().await;
    while sent.elapsed() < Duration::from_secs(30) {
        tokio::select! {
            read = stream.read(&mut buf) => match read {
                Ok(0) | Err(_) => break,
                Ok(n) => answer.extend_from_slice(&buf[..n]),
            },
            _ = tick.tick(), if writing => {
                writing = stream.write_all(b" ").await.is_ok();
            }
        }
    }
    ended.fetch_add(1, Ordering::SeqCst);
    Slow { after: sent.elapsed(), answer: String::from_utf8_lossy(&answer).into_owned() }
}

#[tokio::test]
async fn slow_bodies_do_not_stall_other_players_and_are_answered_408() {
    let app = spawn_app_with(|c| c.web.timeouts.body = BODY_TIMEOUT).await;
    let port: u16 = app.base.rsplit(':').next().and_then(|p| p.parse().ok()).expect("port");
    let r = app.signup("9876500001", "Patient Player", "secret1").await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let user_no = r.json::<Value>().await.unwrap()["userNo"].clone();

    let (opened, ended) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let started = Instant::now();
    let slow: Vec<_> = (0..SLOW).map(|_| tokio::spawn(drip(port, opened.clone(), ended.clone()))).collect();
    while opened.load(Ordering::SeqCst) < SLOW {
        assert!(started.elapsed() < Duration::from_secs(10), "the slow connections could not all open");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }

    // Other players, while every slow body is still arriving.
    let health = tokio::time::timeout(PROMPT, app.get("/api/health")).await.expect("health answered promptly");
    assert_eq!(health.status(), StatusCode::OK);
    let other = client();
    let login =
        other.post(format!("{}/api/login", app.base)).json(&json!({ "userNo": user_no, "password": "secret1" }));
    let login = tokio::time::timeout(PROMPT, login.send()).await.expect("login answered promptly").expect("login");
    assert_eq!(login.status(), StatusCode::OK);
    assert_eq!(ended.load(Ordering::SeqCst), 0, "the live requests were answered while the slow bodies hung on");

    let mut timed_out = 0;
    for task in slow {
        let s = task.await.expect("slow connection");
        assert!(s.after >= BODY_TIMEOUT - Duration::from_millis(500), "answered before the deadline: {:?}", s.after);
        assert!(s.after < BODY_TIMEOUT + Duration::from_secs(10), "never answered: {:?}", s.after);
        if s.answer.is_empty() {
            continue; // closed without an answer
        }
        assert!(s.answer.starts_with("HTTP/1.1 408"), "{}", s.answer);
        let body: Value = serde_json::from_str(s.answer.split("\r\n\r\n").nth(1).unwrap_or_default()).expect("json");
        assert_eq!(body["success"], json!(false));
        assert_eq!(body["error"], json!("request_timeout"));
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
        timed_out += 1;
    }
    assert!(timed_out >= SLOW / 2, "only {timed_out} of {SLOW} slow bodies were answered 408");
    println!("{timed_out} of {SLOW} slow bodies answered 408, the rest closed");

    // And the server still serves.
    assert_eq!(app.get("/api/health").await.status(), StatusCode::OK);
}
