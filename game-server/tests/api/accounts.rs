//! Sign-up, login, sessions, access rules and password reset, through the HTTP API.

mod hostile;
mod login_limits;
mod path_ids;
mod reset_limits;

use crate::helpers::{error_of, spawn_app};
use reqwest::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn signup_enforces_the_spec_rules_with_clear_messages_and_unique_phones() {
    let app = spawn_app().await;
    for (phone, name, pw, code) in [
        ("9876500001", "Ram", "secret1", "invalid_input"),
        ("9876500001", "R2D2 Unit", "secret1", "invalid_input"),
        ("9876500001", "Ravi Kumar", "abcd", "invalid_input"),
        ("   ", "Ravi Kumar", "secret1", "invalid_input"),
    ] {
        let (status, body) = error_of(app.signup(phone, name, pw).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name} {pw}");
        assert_eq!(body["error"], code);
        assert!(body["message"].as_str().unwrap().len() > 5);
    }
    let ok = app.signup("9876500001", "Ravi Kumar", "secret1").await;
    assert_eq!(ok.status(), StatusCode::CREATED);
    let body: Value = ok.json().await.unwrap();
    assert_eq!(body["message"], "User registered successfully!");
    assert!(body["userNo"].as_i64().unwrap() > 100_000);
    let (status, body) = error_of(app.signup("9876500001", "Other Person", "secret2").await).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::CONFLICT, Some("phone_taken")));
}

#[tokio::test]
async fn login_returns_user_wallet_and_token_and_the_session_works_by_cookie_and_bearer() {
    let app = spawn_app().await;
    app.signup("9876500002", "Asha Devi", "secret1").await;
    let prefill: Value = app.get("/api/userLoginUserNo/9876500002").await.json().await.unwrap();
    assert_eq!(prefill["success"], true);
    let user_no = prefill["userNo"].to_string();

    let login = app.login(&user_no, "secret1").await;
    assert_eq!(login["user"]["userNo"].to_string(), user_no);
    assert_eq!(login["user"]["walletBalance"], 0);
    assert_eq!(login["wallet"]["balance"], 0);
    let token = login["token"].as_str().unwrap().to_string();
    assert_eq!(token.len(), 64);

    let me: Value = app.get("/api/me").await.json().await.unwrap();
    assert_eq!(me["name"], "Asha Devi");
    let bearer = app.other_client();
    let r = bearer.http.get(format!("{}/api/me", app.base)).bearer_auth(&token).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);

    let id = login["user"]["id"].clone();
    let profile: Value = app.get(&format!("/api/name/{id}")).await.json().await.unwrap();
    assert_eq!((profile["phone"].as_str(), profile["sessionBal"].as_i64()), (Some("9876500002"), Some(0)));

    assert_eq!(app.post("/api/logout", &json!({})).await.status(), StatusCode::OK);
    assert_eq!(app.get("/api/me").await.status(), StatusCode::UNAUTHORIZED);
    let r = bearer.http.get(format!("{}/api/me", app.base)).bearer_auth(&token).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED, "logout revokes the token everywhere");
}

#[tokio::test]
async fn wrong_credentials_get_one_message_and_repeated_failures_are_rate_limited() {
    let app = spawn_app().await;
    app.signup("9876500003", "Kiran Rao", "secret1").await;
    let user_no = app.get("/api/userLoginUserNo/9876500003").await.json::<Value>().await.unwrap()["userNo"].to_string();
    let (s1, wrong_pw) = error_of(app.post("/api/login", &json!({"userNo": user_no, "password": "nope"})).await).await;
    let (s2, no_user) = error_of(app.post("/api/login", &json!({"userNo": "999999", "password": "nope"})).await).await;
    assert_eq!((s1, s2), (StatusCode::UNAUTHORIZED, StatusCode::UNAUTHORIZED));
    assert_eq!(wrong_pw["message"], no_user["message"], "must not reveal which part was wrong");
    for _ in 0..4 {
        app.post("/api/login", &json!({"userNo": user_no, "password": "nope"})).await;
    }
    let (s, body) = error_of(app.post("/api/login", &json!({"userNo": user_no, "password": "secret1"})).await).await;
    assert_eq!((s, body["error"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("too_many_attempts")));
}

#[tokio::test]
async fn paths_naming_another_user_are_forbidden_and_no_session_is_unauthorized() {
    let app = spawn_app().await;
    let a = app.player("9876500004").await;
    let other = app.other_client();
    let b = other.player("9876500005").await;
    let a_id = a["user"]["id"].clone();
    for path in ["/api/name/", "/api/getwalletandexposure/", "/api/getwithdrawal/", "/api/deposits/"] {
        assert_eq!(other.get(&format!("{path}{a_id}")).await.status(), StatusCode::FORBIDDEN, "{path}");
        assert_eq!(app.other_client().get(&format!("{path}{a_id}")).await.status(), StatusCode::UNAUTHORIZED);
    }
    let r = other
        .post(
            "/api/withdraw",
            &json!({"user": a_id, "userName": "x", "upi_id": "x@upi", "phoneNumber": "1", "withdrawAmount": 1}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let _ = b;
}

#[tokio::test]
async fn password_reset_needs_the_one_time_code_and_revokes_sessions() {
    let app = spawn_app().await;
    let login = app.player("9876500006").await;
    let user_no = login["user"]["userNo"].to_string();

    // The spec's old flow (email + new password) changes nothing.
    let r = app.post("/api/forgot-password", &json!({"email": "9876500006", "newPassword": "hijacked"})).await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    assert_eq!(app.get("/api/me").await.status(), StatusCode::OK);
    let r = app.other_client().post("/api/login", &json!({"userNo": user_no, "password": "hijacked"})).await;
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);

    // Starting a reset never reveals whether the account exists.
    let known: Value = app.post("/api/forgot-password", &json!({"email": "9876500006"})).await.json().await.unwrap();
    let unknown: Value = app.post("/api/forgot-password", &json!({"email": "0000000000"})).await.json().await.unwrap();
    assert_eq!(known, unknown);

    // An operator issues a code; a wrong code fails, the right one resets and logs the player out.
    let desk = app.other_client();
    desk.operator("9000000001").await;
    let code: Value =
        desk.post(&format!("/api/admin/users/{user_no}/reset-code"), &json!({})).await.json().await.unwrap();
    let code = code["code"].as_str().unwrap().to_string();
    let bad = app
        .post("/api/forgot-password", &json!({"email": user_no, "code": "000000x", "newPassword": "brandnew"}))
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let short = app.post("/api/forgot-password", &json!({"email": user_no, "code": code, "newPassword": "abc"})).await;
    assert_eq!(short.status(), StatusCode::BAD_REQUEST);
    let ok =
        app.post("/api/forgot-password", &json!({"email": user_no, "code": code, "newPassword": "brandnew"})).await;
    assert_eq!(ok.status(), StatusCode::OK);
    assert_eq!(
        ok.json::<Value>().await.unwrap()["message"],
        "Password reset successful! You can now log in with the new password."
    );
    assert_eq!(app.get("/api/me").await.status(), StatusCode::UNAUTHORIZED);
    app.login(&user_no, "brandnew").await;
    let reused =
        app.post("/api/forgot-password", &json!({"email": user_no, "code": code, "newPassword": "another1"})).await;
    assert_eq!(reused.status(), StatusCode::BAD_REQUEST, "a code works once");
}

#[tokio::test]
async fn malformed_json_gets_the_error_shape() {
    let app = spawn_app().await;
    let r = app
        .http
        .post(format!("{}/api/signup", app.base))
        .header("content-type", "application/json")
        .body("{nope")
        .send()
        .await
        .unwrap();
    let (s, body) = error_of(r).await;
    assert_eq!((s, body["error"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_request")));
}
