//! A socket never outlives its session (logout, reset, block, expiry), and the browser-facing protections:
//! security headers, `Secure` cookies, cross-site cookie requests and websocket origins.

use crate::helpers::{TestApp, error_of, spawn_app, spawn_app_with};
use crate::socket::Sock;
use casino_actors::store::Db;
use casino_http::socketio::codec::{EioPacket, SioPacket};
use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

fn token_of(login: &Value) -> String {
    login["token"].as_str().expect("token").to_string()
}

/// A second session of the same player (another phone): its socket must survive the first one's logout.
async fn second_session(app: &TestApp, login: &Value) -> (TestApp, String) {
    let phone = app.other_client();
    let again = phone.login(&login["user"]["userNo"].to_string(), "secret1").await;
    let token = token_of(&again);
    (phone, token)
}

#[tokio::test]
async fn logout_closes_that_session_s_socket_at_once_and_leaves_the_other_session_s_socket() {
    let app = spawn_app().await;
    let login = app.player("9876511001").await;
    let (_phone, other_token) = second_session(&app, &login).await;
    let mut sock = Sock::connect(&app.base, &token_of(&login)).await;
    let mut other = Sock::connect(&app.base, &other_token).await;

    assert_eq!(app.post("/api/logout", &json!({})).await.status(), StatusCode::OK);
    sock.wait_closed().await;
    assert_eq!(other.emit("ping", json!({})).await["pong"], true, "the other session's socket still answers");
}

#[tokio::test]
async fn a_completed_password_reset_closes_every_socket_of_the_account() {
    let app = spawn_app().await;
    let login = app.player("9876511002").await;
    let user_no = login["user"]["userNo"].to_string();
    let (_phone, other_token) = second_session(&app, &login).await;
    let mut sock = Sock::connect(&app.base, &token_of(&login)).await;
    let mut other = Sock::connect(&app.base, &other_token).await;

    let desk = app.other_client();
    desk.operator("9000011002").await;
    let code: Value =
        desk.post(&format!("/api/admin/users/{user_no}/reset-code"), &json!({})).await.json().await.unwrap();
    let code = code["code"].as_str().expect("code").to_string();
    let r = app
        .other_client()
        .post("/api/forgot-password", &json!({"email": user_no, "code": code, "newPassword": "brandnew1"}))
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    sock.wait_closed().await;
    other.wait_closed().await;
}

#[tokio::test]
async fn an_operator_s_block_closes_the_player_s_sockets_and_refuses_logins_until_unblocked() {
    let app = spawn_app().await;
    let login = app.player("9876511003").await;
    let (user_id, user_no) = (login["user"]["id"].clone(), login["user"]["userNo"].to_string());
    let mut sock = Sock::connect(&app.base, &token_of(&login)).await;

    // Only operators may block.
    let anonymous = app.other_client().post(&format!("/api/admin/users/{user_id}/block"), &json!({})).await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    let player = app.other_client();
    player.player("9876511004").await;
    let (status, _) = error_of(player.post(&format!("/api/admin/users/{user_id}/block"), &json!({})).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let desk = app.other_client();
    desk.operator("9000011003").await;
    let r = desk.post(&format!("/api/admin/users/{user_id}/block"), &json!({})).await;
    assert_eq!(r.status(), StatusCode::OK);
    sock.wait_closed().await;
    assert_eq!(app.get("/api/me").await.status(), StatusCode::UNAUTHORIZED, "the session was revoked");

    let relogin = app.other_client().post("/api/login", &json!({"userNo": user_no, "password": "secret1"})).await;
    let (status, body) = crate::helpers::error_of(relogin).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::FORBIDDEN, Some("account_blocked")), "{body}");
    assert!(body.get("token").is_none(), "no session is handed out: {body}");
    let wrong = app.other_client().post("/api/login", &json!({"userNo": user_no, "password": "wrong-one"})).await;
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED, "a wrong password does not learn of the block");

    let r = desk.post(&format!("/api/admin/users/{user_no}/unblock"), &json!({})).await;
    assert_eq!(r.status(), StatusCode::OK);
    let again = app.other_client().login(&user_no, "secret1").await;
    Sock::connect(&app.base, &token_of(&again)).await;
}

#[tokio::test]
async fn a_socket_whose_session_expired_is_closed() {
    let app = spawn_app_with(|c| c.web.socket.session_check_interval = Duration::from_millis(100)).await;
    let login = app.player("9876511005").await;
    let mut sock = Sock::connect(&app.base, &token_of(&login)).await;
    assert_eq!(sock.emit("ping", json!({})).await["pong"], true);

    // The session's time runs out (as if a week had passed).
    let db = Db::connect(&app.config.database_url, 2).await.unwrap();
    sqlx::query::<sqlx::Any>("UPDATE sessions SET expires_at = 1 WHERE user_id = $1")
        .bind(login["user"]["id"].as_i64().expect("id"))
        .execute(&db.pool)
        .await
        .unwrap();
    sock.wait_closed().await;
}

#[tokio::test]
async fn an_unknown_event_is_refused_without_repeating_its_name() {
    let app = spawn_app().await;
    let login = app.player("9876511006").await;
    let mut sock = Sock::connect(&app.base, &token_of(&login)).await;
    let ack = sock.emit("<img src=x onerror=alert(1)>", json!({})).await;
    assert_eq!(ack["error"], "unknown_event");
    assert!(!ack.to_string().contains("<img"), "{ack}");
    // A known event with a payload that does not read is refused by the field that failed; a game's event that
    // game does not have is unknown.
    for (event, payload, error) in [
        ("color:requestNextImage", json!({}), "unknown_event"),
        ("subscribe", json!({"eventId": "abc"}), "invalid_event"),
        ("subscribe", json!({}), "invalid_event"),
        ("parchi:join", json!({"match": true}), "invalid_event"),
        ("titli:placeBet", json!({"roundId": "next", "bets": [{"pick": 1, "amount": 10}]}), "wrong_round"),
        ("titli:placeBet", json!({"userId": "05", "bets": [{"pick": 1, "amount": 10}]}), "invalid_user_id"),
        ("titli:placeBet", json!([1, 10]), "no_picks"),
        ("ping", json!({"slot": -1}), "bad_slot"),
    ] {
        let ack = sock.emit(event, payload.clone()).await;
        assert_eq!((ack["success"].as_bool(), ack["error"].as_str()), (Some(false), Some(error)), "{event} {payload}");
    }
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = spawn_app().await;
    for path in ["/api/health", "/api/no-such-endpoint", "/api/me"] {
        let r = app.get(path).await;
        let h = r.headers();
        let csp = h.get("content-security-policy").and_then(|v| v.to_str().ok()).unwrap_or_default();
        assert!(csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(csp.contains("script-src 'self';"), "no inline or foreign scripts: {csp}");
        assert_eq!(h.get("x-frame-options").map(|v| v.as_bytes()), Some(&b"DENY"[..]), "{path}");
        assert_eq!(h.get("x-content-type-options").map(|v| v.as_bytes()), Some(&b"nosniff"[..]), "{path}");
        assert!(h.get("referrer-policy").is_some(), "{path}");
    }
}

fn set_cookie(r: &reqwest::Response) -> String {
    r.headers().get("set-cookie").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string()
}

#[tokio::test]
async fn the_session_cookie_is_http_only_and_secure_when_configured() {
    let plain = spawn_app().await;
    plain.player("9876511007").await;
    let r = plain.post("/api/login", &json!({"userNo": "9876511007", "password": "secret1"})).await;
    let cookie = set_cookie(&r);
    assert!(cookie.contains("HttpOnly") && !cookie.contains("Secure"), "{cookie}");

    let secure = spawn_app_with(|c| c.web.http.secure_cookies = true).await;
    secure.signup("9876511008", "Test Player", "secret1").await;
    let r = secure.post("/api/login", &json!({"userNo": "9876511008", "password": "secret1"})).await;
    assert_eq!(r.status(), StatusCode::OK);
    let cookie = set_cookie(&r);
    assert!(cookie.contains("HttpOnly") && cookie.contains("Secure"), "{cookie}");
}

#[tokio::test]
async fn a_cross_site_request_with_the_session_cookie_is_refused() {
    let app = spawn_app().await;
    let login = app.player("9876511009").await;
    let url = format!("{}/api/logout", app.base);

    let foreign = app.http.post(&url).header("Origin", "https://evil.example").json(&json!({})).send().await.unwrap();
    let (status, body) = error_of(foreign).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["error"], "cross_site_request");
    let by_referer =
        app.http.post(&url).header("Referer", "https://evil.example/page").json(&json!({})).send().await.unwrap();
    assert_eq!(by_referer.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.get("/api/me").await.status(), StatusCode::OK, "the session is untouched");

    // A tool with a bearer token names no site; the page itself is same-origin.
    let tool = app.other_client();
    let r = tool
        .http
        .get(format!("{}/api/me", app.base))
        .bearer_auth(token_of(&login))
        .header("Origin", "https://evil.example")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let same = app.http.post(&url).header("Origin", app.base.clone()).json(&json!({})).send().await.unwrap();
    assert_eq!(same.status(), StatusCode::OK);
    assert_eq!(app.get("/api/me").await.status(), StatusCode::UNAUTHORIZED);
}

/// Opens a websocket with the session cookie and `origin`, sends a CONNECT without a token, and returns the
/// server's answer (`40…` accepted, `44…` refused).
async fn connect_by_cookie(app: &TestApp, token: &str, origin: &str) -> String {
    let url = format!("{}/socket.io/?EIO=4&transport=websocket", app.base.replace("http://", "ws://"));
    let mut req = url.into_client_request().unwrap();
    req.headers_mut().insert("Origin", origin.parse().unwrap());
    req.headers_mut().insert("Cookie", format!("casino_session={token}").parse().unwrap());
    let (mut ws, _) = tokio_tungstenite::connect_async(req).await.expect("upgrade");
    let mut texts = Vec::new();
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(20), ws.next()).await.expect("answer").expect("open");
        let Message::Text(text) = msg.expect("frame") else { continue };
        match EioPacket::parse(text.as_str()).expect("packet") {
            EioPacket::Open(_) => {
                let connect = EioPacket::Message(SioPacket::Connect { nsp: "/".into(), data: None }).encode();
                ws.send(Message::text(connect)).await.unwrap();
            }
            EioPacket::Message(p @ (SioPacket::Connect { .. } | SioPacket::ConnectError { .. })) => {
                texts.push(p.encode());
                return texts.concat();
            }
            _ => {}
        }
    }
}

#[tokio::test]
async fn a_websocket_from_another_site_cannot_ride_on_the_session_cookie() {
    let app = spawn_app().await;
    let token = token_of(&app.player("9876511010").await);
    let refused = connect_by_cookie(&app, &token, "https://evil.example").await;
    assert!(refused.starts_with(r#"4{"message":"unauthorized""#), "{refused}");
    let accepted = connect_by_cookie(&app, &token, &app.base).await;
    assert!(accepted.starts_with(r#"0{"sid""#), "{accepted}");
}
