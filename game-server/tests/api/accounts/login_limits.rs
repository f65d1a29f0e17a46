//! Login and sign-up limits against the real server: one budget per account whatever the spelling,
//! reserved before the password is checked, client addresses from forwarded headers only via a trusted proxy.

use crate::helpers::{TestApp, error_of, spawn_app, spawn_app_with};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn login_from(app: &TestApp, forwarded_for: &str, who: &str, password: &str) -> (StatusCode, Value) {
    let r = app
        .http
        .post(format!("{}/api/login", app.base))
        .header("x-forwarded-for", forwarded_for)
        .json(&json!({ "userNo": who, "password": password }))
        .send()
        .await
        .unwrap();
    error_of(r).await
}

fn is_too_many(answer: &(StatusCode, Value)) -> bool {
    answer.0 == StatusCode::TOO_MANY_REQUESTS && answer.1["error"] == "too_many_attempts"
}

#[tokio::test]
async fn thirty_parallel_wrong_passwords_never_get_more_than_five_tries() {
    let app = spawn_app().await;
    let login = app.player("9876503001").await;
    let user_no = login["user"]["userNo"].to_string();
    let guesses = (0..30).map(|i| {
        let app = app.other_client();
        let user_no = user_no.clone();
        async move {
            error_of(app.post("/api/login", &json!({"userNo": user_no, "password": format!("guess{i}")})).await).await
        }
    });
    let answers = futures_util::future::join_all(guesses).await;
    let tried =
        answers.iter().filter(|(s, b)| *s == StatusCode::UNAUTHORIZED && b["error"] == "bad_credentials").count();
    let refused = answers.iter().filter(|a| is_too_many(a)).count();
    assert_eq!(tried + refused, 30, "{answers:?}");
    assert!(tried <= 5, "{tried} passwords were checked");
    let right =
        error_of(app.other_client().post("/api/login", &json!({"userNo": user_no, "password": "secret1"})).await).await;
    assert!(is_too_many(&right), "{right:?}");
}

#[tokio::test]
async fn every_spelling_of_a_user_number_shares_one_login_limit() {
    let app = spawn_app().await;
    let login = app.player("9876503002").await;
    let user_no = login["user"]["userNo"].as_i64().unwrap();
    let spellings = [
        json!(format!("+{user_no}")),
        json!(format!("0{user_no}")),
        json!(format!(" {user_no} ")),
        json!(user_no),
        json!("9876503002"),
    ];
    for who in spellings {
        let (s, body) = error_of(app.post("/api/login", &json!({"userNo": who, "password": "wrong"})).await).await;
        assert_eq!((s, body["error"].as_str()), (StatusCode::UNAUTHORIZED, Some("bad_credentials")), "{who}");
    }
    let right =
        error_of(app.post("/api/login", &json!({"userNo": user_no.to_string(), "password": "secret1"})).await).await;
    assert!(is_too_many(&right), "{right:?}");
}

#[tokio::test]
async fn a_spoofed_forwarded_for_header_is_ignored_without_a_trusted_proxy() {
    let app = spawn_app_with(|c| c.accounts.login_failures_per_addr = 3).await;
    for i in 0..3 {
        let answer = login_from(&app, &format!("203.0.113.{i}"), &format!("55500{i}"), "nope").await;
        assert_eq!(answer.0, StatusCode::UNAUTHORIZED);
    }
    // A fresh header and a fresh name change nothing: the peer address is the one that counts.
    let answer = login_from(&app, "198.51.100.77", "555099", "nope").await;
    assert!(is_too_many(&answer), "{answer:?}");
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_forwarded_client_is_limited_not_the_proxy() {
    let app = spawn_app_with(|c| {
        c.accounts.login_failures_per_addr = 3;
        c.accounts.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    for i in 0..3 {
        assert_eq!(login_from(&app, "203.0.113.5", &format!("55500{i}"), "nope").await.0, StatusCode::UNAUTHORIZED);
    }
    assert!(is_too_many(&login_from(&app, "203.0.113.5", "555099", "nope").await));
    assert_eq!(login_from(&app, "203.0.113.6", "555099", "nope").await.0, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn sign_up_is_limited_per_address_and_a_refused_one_registers_nobody() {
    let app = spawn_app_with(|c| c.accounts.signups_per_addr_per_hour = 2).await;
    assert_eq!(app.signup("9876503010", "Test Player", "secret1").await.status(), StatusCode::CREATED);
    // Refused input costs nothing.
    assert_eq!(app.signup("9876503011", "Ram", "secret1").await.status(), StatusCode::BAD_REQUEST);
    assert_eq!(app.signup("9876503012", "Test Player", "secret1").await.status(), StatusCode::CREATED);
    let (s, body) = error_of(app.signup("9876503013", "Test Player", "secret1").await).await;
    assert_eq!((s, body["error"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("too_many_signups")));
    assert!(body["message"].as_str().unwrap().len() > 10);
    assert_eq!(app.get("/api/userLoginUserNo/9876503013").await.status(), StatusCode::NOT_FOUND);
}
