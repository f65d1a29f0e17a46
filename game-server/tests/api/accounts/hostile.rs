//! Security round two against the real server: long identifiers cost nothing, password changes are limited like
//! logins, spraying an account from many addresses does not lock out the owner's own device, IPv6 clients count per
//! /64, phone lookups are limited, and the socket cap per address names the client behind a trusted proxy.

use crate::helpers::{TestApp, error_of, spawn_app_with};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn post_from(app: &TestApp, from: &str, path: &str, body: &Value) -> (StatusCode, Value) {
    let r = app.http.post(format!("{}{path}", app.base)).header("x-forwarded-for", from).json(body).send().await;
    error_of(r.unwrap()).await
}

async fn get_from(app: &TestApp, from: &str, path: &str) -> (StatusCode, Value) {
    error_of(app.http.get(format!("{}{path}", app.base)).header("x-forwarded-for", from).send().await.unwrap()).await
}

fn code(answer: &(StatusCode, Value)) -> (StatusCode, &str) {
    (answer.0, answer.1["error"].as_str().unwrap_or(""))
}

async fn behind_proxy(failures_per_addr: u32) -> TestApp {
    spawn_app_with(|c| {
        c.accounts.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
        c.accounts.login_failures_per_addr = failures_per_addr;
    })
    .await
}

#[tokio::test]
async fn a_long_identifier_is_refused_before_anything_is_counted() {
    let app = behind_proxy(3).await;
    let me = app.player("9876505001").await;
    let long = "9".repeat(60_000);
    for _ in 0..20 {
        let a = post_from(&app, "203.0.113.9", "/api/login", &json!({"userNo": long, "password": "x"})).await;
        assert_eq!(code(&a), (StatusCode::BAD_REQUEST, "identifier_too_long"));
    }
    let a = get_from(&app, "203.0.113.9", &format!("/api/userLoginUserNo/{}", "9".repeat(65))).await;
    assert_eq!(code(&a), (StatusCode::BAD_REQUEST, "identifier_too_long"));
    // Twenty refusals from this address took none of its three failures.
    let user_no = me["user"]["userNo"].to_string();
    let a = post_from(&app, "203.0.113.9", "/api/login", &json!({"userNo": user_no, "password": "secret1"})).await;
    assert_eq!(a.0, StatusCode::OK, "{a:?}");
}

#[tokio::test]
async fn wrong_old_passwords_are_limited_per_account_and_address() {
    let app = behind_proxy(50).await;
    app.player("9876505002").await;
    let mut answers = Vec::new();
    for i in 0..30 {
        let body = json!({"oldPassword": format!("guess{i}"), "newPassword": "another-secret"});
        answers.push(post_from(&app, "203.0.113.10", "/api/account/password", &body).await);
    }
    let wrong = answers.iter().filter(|a| code(a) == (StatusCode::BAD_REQUEST, "wrong_password")).count();
    let limited = answers.iter().filter(|a| code(a) == (StatusCode::TOO_MANY_REQUESTS, "too_many_attempts")).count();
    assert_eq!((wrong, limited), (5, 25), "{answers:?}");
    // The right old password from that address waits too; from the owner's other (clean) address it works.
    let body = json!({"oldPassword": "secret1", "newPassword": "another-secret"});
    assert_eq!(post_from(&app, "203.0.113.10", "/api/account/password", &body).await.0, StatusCode::TOO_MANY_REQUESTS);
    let a = post_from(&app, "198.51.100.20", "/api/account/password", &body).await;
    assert_eq!(a.0, StatusCode::OK, "{a:?}");
}

#[tokio::test]
async fn spraying_an_account_from_many_addresses_does_not_lock_out_the_owner_s_device() {
    let app = behind_proxy(50).await;
    let me = app.player("9876505003").await;
    let user_no = me["user"]["userNo"].to_string();
    let attacker = app.other_client();
    let mut tried = 0;
    // 20 addresses × 5 guesses: past the account's ceiling of 50, each new address still gets one.
    for a in 0..20 {
        for _ in 0..5 {
            let from = format!("203.0.113.{}", 100 + a);
            let answer =
                post_from(&attacker, &from, "/api/login", &json!({"userNo": user_no, "password": "guess"})).await;
            tried += usize::from(answer.0 == StatusCode::UNAUTHORIZED);
        }
    }
    assert_eq!(tried, 50 + 10, "the ceiling, then one try for each of the ten addresses past it");
    let again =
        post_from(&attacker, "203.0.113.100", "/api/login", &json!({"userNo": user_no, "password": "secret1"})).await;
    assert_eq!(code(&again), (StatusCode::TOO_MANY_REQUESTS, "too_many_attempts"), "an attacking address, even right");
    // The owner's phone never failed: the right password still opens the account.
    let owner = app.other_client();
    let ok = post_from(&owner, "198.51.100.30", "/api/login", &json!({"userNo": user_no, "password": "secret1"})).await;
    assert_eq!(ok.0, StatusCode::OK, "{ok:?}");
}

#[tokio::test]
async fn ipv6_clients_rotating_inside_one_64_share_its_budget() {
    let app = behind_proxy(3).await;
    for i in 0..3 {
        let from = format!("2001:db8:5:6::{:x}", i + 1);
        let a = post_from(&app, &from, "/api/login", &json!({"userNo": format!("55510{i}"), "password": "x"})).await;
        assert_eq!(a.0, StatusCode::UNAUTHORIZED);
    }
    let a = post_from(&app, "2001:db8:5:6:ffff::9", "/api/login", &json!({"userNo": "555199", "password": "x"})).await;
    assert_eq!(code(&a), (StatusCode::TOO_MANY_REQUESTS, "too_many_attempts"), "the same /64");
    let a = post_from(&app, "2001:db8:5:7::1", "/api/login", &json!({"userNo": "555199", "password": "x"})).await;
    assert_eq!(a.0, StatusCode::UNAUTHORIZED, "the next /64 is another client");
}

#[tokio::test]
async fn phone_lookups_are_limited_per_phone_and_per_address() {
    let app = behind_proxy(50).await;
    app.player("9876505004").await;
    let statuses = |v: Vec<(StatusCode, Value)>| v.into_iter().map(|a| a.0.as_u16()).collect::<Vec<_>>();
    let mut per_phone = Vec::new();
    for i in 0..7 {
        per_phone.push(get_from(&app, &format!("203.0.113.{}", 50 + i), "/api/userLoginUserNo/9876505004").await);
    }
    assert_eq!(statuses(per_phone), [200, 200, 200, 200, 200, 429, 429], "five lookups of one phone a minute");
    let mut per_addr = Vec::new();
    for i in 0..32 {
        per_addr.push(get_from(&app, "203.0.113.60", &format!("/api/userLoginUserNo/98765{i:05}")).await);
    }
    let limited = per_addr.iter().filter(|a| code(a) == (StatusCode::TOO_MANY_REQUESTS, "too_many_lookups")).count();
    assert_eq!(limited, 2, "thirty lookups an address a minute");
}
