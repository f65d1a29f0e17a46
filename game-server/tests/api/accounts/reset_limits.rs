//! Password reset under attack: the guess budget holds per account across codes and against parallel
//! guesses, requests are rate-limited, and codes reach players only through a real channel (a signed,
//! retried webhook) or an operator, never the log.

use crate::helpers::{TestApp, error_of, spawn_app, spawn_app_with};
use casino_actors::accounts::{Accounts, NoNotifier, NotifierConfig, RESET_GUESSES, RESET_REQUESTS, WebhookConfig};
use hmac::{Hmac, Mac};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::Sha256;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::mpsc;

/// Guesses counted in the database against whoever `who` names, read as the server reads them.
async fn guesses_used(app: &TestApp, who: &str) -> i64 {
    let db = casino_actors::store::Db::connect(&app.config.database_url, 1).await.unwrap();
    let accounts = Accounts::new(db, casino_actors::clock::system(), Arc::new(NoNotifier));
    accounts.reset_guesses_used(who).await.unwrap()
}

async fn operator_code(app: &TestApp, user_no: &str) -> String {
    let desk = app.other_client();
    desk.operator("9000000021").await;
    let r = desk.post(&format!("/api/admin/users/{user_no}/reset-code"), &json!({})).await;
    assert_eq!(r.status(), StatusCode::OK);
    r.json::<Value>().await.unwrap()["code"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn fifty_parallel_code_guesses_spend_at_most_the_account_budget_and_then_even_the_right_code_fails() {
    let app = spawn_app().await;
    let login = app.player("9876502001").await;
    let user_no = login["user"]["userNo"].to_string();
    let code = operator_code(&app, &user_no).await;
    assert_eq!(code.len(), 12, "long enough that the budget makes guessing hopeless");
    assert!(code.chars().all(|c| c.is_ascii_digit()), "typeable on a keypad");

    let guesses = (0..50).map(|i| {
        let app = app.other_client();
        let user_no = user_no.clone();
        async move {
            let body = json!({"email": user_no, "code": format!("{:012}", i), "newPassword": "hijacked1"});
            error_of(app.post("/api/forgot-password", &body).await).await
        }
    });
    let answers = futures_util::future::join_all(guesses).await;
    let tried = answers.iter().filter(|(s, b)| *s == StatusCode::BAD_REQUEST && b["error"] == "bad_reset_code").count();
    let refused = answers
        .iter()
        .filter(|(s, b)| *s == StatusCode::TOO_MANY_REQUESTS && b["error"] == "too_many_attempts")
        .count();
    assert_eq!(tried + refused, 50, "every answer is one of the two: {answers:?}");
    assert!(tried as i64 <= RESET_GUESSES.max, "{tried} guesses got through");
    assert_eq!(guesses_used(&app, &user_no).await, RESET_GUESSES.max, "the database counted the whole budget");

    let (s, body) = error_of(
        app.post("/api/forgot-password", &json!({"email": user_no, "code": code, "newPassword": "brandnew1"})).await,
    )
    .await;
    assert_eq!((s, body["error"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("too_many_attempts")));
    assert!(body["message"].as_str().unwrap().len() > 10);
    assert_eq!(app.get("/api/me").await.status(), StatusCode::OK, "the password did not change");
}

#[tokio::test]
async fn forgot_password_requests_are_limited_per_account_whatever_the_spelling_and_per_address() {
    let app = spawn_app().await;
    let login = app.player("9876502002").await;
    let user_no = login["user"]["userNo"].to_string();
    let spellings =
        [user_no.clone(), format!("+{user_no}"), format!("0{user_no}"), format!(" {user_no} "), user_no.clone()];
    assert_eq!(spellings.len() as i64, RESET_REQUESTS.max);
    for who in &spellings {
        let r = app.post("/api/forgot-password", &json!({ "email": who })).await;
        assert_eq!(r.status(), StatusCode::OK, "{who}");
    }
    let (s, body) = error_of(app.post("/api/forgot-password", &json!({"phone": "9876502002"})).await).await;
    assert_eq!((s, body["error"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("too_many_attempts")));

    // Per address: 20 an hour, whichever names are asked for (6 asked above).
    for i in 0..14 {
        let r = app.post("/api/forgot-password", &json!({ "email": format!("70000000{i:02}") })).await;
        assert_eq!(r.status(), StatusCode::OK, "request {i}");
    }
    let (s, body) = error_of(app.post("/api/forgot-password", &json!({"email": "7000000099"})).await).await;
    assert_eq!((s, body["error"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("too_many_attempts")));
}

#[tokio::test]
async fn with_no_notifier_a_reset_request_issues_no_code_and_the_operator_code_stays_valid() {
    let app = spawn_app().await;
    let login = app.player("9876502003").await;
    let user_no = login["user"]["userNo"].to_string();
    let code = operator_code(&app, &user_no).await;
    let r = app.post("/api/forgot-password", &json!({ "email": user_no })).await;
    assert_eq!(r.status(), StatusCode::OK);
    let r =
        app.post("/api/forgot-password", &json!({"email": user_no, "code": code, "newPassword": "brandnew1"})).await;
    assert_eq!(r.status(), StatusCode::OK, "a public request did not replace the operator's code");
    app.login(&user_no, "brandnew1").await;
}

/// One request the gateway received.
struct Received {
    headers: HashMap<String, String>,
    body: Vec<u8>,
}

/// A tiny HTTP gateway on a free port: answers `statuses` in turn (then 200) and reports each request.
async fn gateway(statuses: Vec<u16>) -> (String, mpsc::UnboundedReceiver<Received>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hooks/reset", listener.local_addr().unwrap());
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        let mut statuses = statuses.into_iter();
        loop {
            let Ok((mut sock, _)) = listener.accept().await else { return };
            let mut buf = Vec::new();
            let mut chunk = [0u8; 4096];
            let (head_end, length) = loop {
                let n = sock.read(&mut chunk).await.unwrap_or(0);
                if n == 0 {
                    break (None, 0);
                }
                buf.extend_from_slice(&chunk[..n]);
                if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                    let head = String::from_utf8_lossy(&buf[..i]).to_lowercase();
                    let length = head
                        .lines()
                        .find_map(|l| l.strip_prefix("content-length:").map(|v| v.trim().parse::<usize>().unwrap()))
                        .unwrap_or(0);
                    break (Some(i + 4), length);
                }
            };
            let Some(head_end) = head_end else { continue };
            while buf.len() < head_end + length {
                let n = sock.read(&mut chunk).await.unwrap_or(0);
                if n == 0 {
                    break;
                }
                buf.extend_from_slice(&chunk[..n]);
            }
            let head = String::from_utf8_lossy(&buf[..head_end]).to_string();
            let headers = head
                .lines()
                .skip(1)
                .filter_map(|l| l.split_once(':'))
                .map(|(k, v)| (k.trim().to_lowercase(), v.trim().to_string()))
                .collect();
            let status = statuses.next().unwrap_or(200);
            let reply = format!("HTTP/1.1 {status} X\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
            let _ = sock.write_all(reply.as_bytes()).await;
            let _ = sock.shutdown().await;
            let _ = tx.send(Received { headers, body: buf[head_end..head_end + length].to_vec() });
        }
    });
    (url, rx)
}

/// The next request the gateway got; a generous guard so a broken sender fails instead of hanging.
async fn next(rx: &mut mpsc::UnboundedReceiver<Received>) -> Received {
    tokio::time::timeout(Duration::from_secs(60), rx.recv()).await.expect("webhook call").expect("gateway")
}

fn signed_by(secret: &str, r: &Received) -> bool {
    let sig = r.headers["x-casino-signature"].strip_prefix("sha256=").unwrap().to_string();
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(&r.body);
    mac.verify_slice(&hex::decode(sig).unwrap()).is_ok()
}

#[tokio::test]
async fn reset_codes_go_to_the_webhook_signed_retried_and_a_new_code_brings_no_new_guesses() {
    let secret = "test-webhook-secret-0123456789";
    // The gateway fails the first delivery; the notifier retries the same signed body.
    let (url, mut calls) = gateway(vec![503]).await;
    let app = spawn_app_with(|c| {
        let mut w = WebhookConfig::new(url, secret);
        w.backoff = Duration::from_millis(50);
        c.accounts.notifier = NotifierConfig::Webhook(w);
    })
    .await;
    let login = app.player("9876502004").await;
    let user_no = login["user"]["userNo"].to_string();

    let r = app.post("/api/forgot-password", &json!({ "email": user_no })).await;
    assert_eq!(r.status(), StatusCode::OK);
    let (first, second) = (next(&mut calls).await, next(&mut calls).await);
    assert_eq!(first.body, second.body, "a retry sends the same message");
    assert!(signed_by(secret, &first) && signed_by(secret, &second));
    assert!(!signed_by("some-other-secret-0000", &first));
    assert_eq!(first.headers["content-type"], "application/json");
    let msg: Value = serde_json::from_slice(&first.body).unwrap();
    assert_eq!((msg["event"].as_str(), msg["userNo"].to_string()), (Some("password_reset_code"), user_no.clone()));
    assert_eq!(msg["phone"], "9876502004");
    let code1 = msg["code"].as_str().unwrap().to_string();
    assert_eq!(code1.len(), 12);

    // A wrong guess, then a new code: the guess still counts against the account.
    let r = app.post("/api/forgot-password", &json!({"email": user_no, "code": "1", "newPassword": "brandnew1"})).await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    assert_eq!(app.post("/api/forgot-password", &json!({ "email": user_no })).await.status(), StatusCode::OK);
    let msg: Value = serde_json::from_slice(&next(&mut calls).await.body).unwrap();
    let code2 = msg["code"].as_str().unwrap().to_string();
    let r =
        app.post("/api/forgot-password", &json!({"email": user_no, "code": code1, "newPassword": "brandnew1"})).await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST, "a new code replaces the old one");
    assert_eq!(guesses_used(&app, &user_no).await, 2, "the budget runs on across codes");

    // Read out in groups, the code still works.
    let grouped = format!("{} {} {}", &code2[..4], &code2[4..8], &code2[8..]);
    let r =
        app.post("/api/forgot-password", &json!({"email": user_no, "code": grouped, "newPassword": "brandnew1"})).await;
    assert_eq!(r.status(), StatusCode::OK);
    app.other_client().login(&user_no, "brandnew1").await;
}

#[tokio::test]
async fn guessing_codes_from_many_addresses_does_not_lock_the_owner_s_device_out_of_recovery() {
    let app = spawn_app_with(|c| c.accounts.trusted_proxies = vec!["127.0.0.1".parse().unwrap()]).await;
    let login = app.player("9876502009").await;
    let user_no = login["user"]["userNo"].to_string();
    let guess = |from: String, code: &'static str| {
        let (app, user_no) = (app.other_client(), user_no.clone());
        async move {
            let body = json!({"email": user_no, "code": code, "newPassword": "hijacked1"});
            let r = app.http.post(format!("{}/api/forgot-password", app.base)).header("x-forwarded-for", from);
            let (s, b) = error_of(r.json(&body).send().await.unwrap()).await;
            (s, b["error"].as_str().unwrap_or("").to_string())
        }
    };
    // Six addresses, ten wrong codes each: the account's ceiling (50) is reached after five of them.
    let mut counted = 0;
    for a in 0..6 {
        for _ in 0..10 {
            let (s, e) = guess(format!("203.0.113.{}", 200 + a), "000000000000").await;
            counted += usize::from(s == StatusCode::BAD_REQUEST && e == "bad_reset_code");
        }
    }
    assert_eq!(counted, 50 + 1, "the ceiling, then the sixth address's one try");
    assert_eq!(guess("203.0.113.203".into(), "000000000001").await.1, "too_many_attempts");
    // The owner's phone has not guessed: its try is taken and compared (wrong here), not refused.
    let owner = guess("198.51.100.40".into(), "000000000002").await;
    assert_eq!(owner, (StatusCode::BAD_REQUEST, "bad_reset_code".to_string()));
}
