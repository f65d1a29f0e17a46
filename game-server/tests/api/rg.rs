//! The player's own controls against the real server: limits the wallet enforces (largest stake, losses, deposits;
//! lowering at once, raising after 24 hours), a break and a self-exclusion refusing bets in every game and deposits
//! but not withdrawals, operators lifting a break but never a self-exclusion, and a password change ending every
//! other session with its sockets.

use crate::helpers::{TestApp, error_of, spawn_app, spawn_app_with};
use crate::rounds::betting_round;
use crate::socket::Sock;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

async fn call(app: &TestApp, token: &str, method: Method, path: &str, body: &Value) -> (StatusCode, Value) {
    let r = app.http.request(method, format!("{}{path}", app.base)).bearer_auth(token).json(body).send().await.unwrap();
    let status = r.status();
    (status, r.json().await.unwrap())
}

async fn wallet(app: &TestApp, token: &str, id: &Value) -> (f64, f64) {
    let v = app.get_as(token, &format!("/api/getwalletandexposure/{id}")).await;
    (v["balance"].as_f64().unwrap(), v["exposureBalance"].as_f64().unwrap())
}

async fn set_limit(app: &TestApp, token: &str, kind: &str, amount: Value) -> Value {
    let (status, v) =
        call(app, token, Method::PUT, &format!("/api/account/limits/{kind}"), &json!({"amount": amount})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    v["limits"].as_array().unwrap().iter().find(|l| l["kind"] == kind).unwrap().clone()
}

fn titli(round: i64, amount: i64) -> Value {
    json!({"roundId": round, "bets": [{"pick": 1, "amount": amount}]})
}

#[tokio::test]
async fn limits_refuse_what_goes_past_them_and_move_nothing() {
    // One long betting window holds every titli bet below.
    let app = spawn_app_with(|c| c.rounds.titli.settings.timings.betting_ms = 20_000).await;
    let (id, token) = app.fixture_players(1, 1_000).await.remove(0);

    // Largest stake: refused over the socket and over REST, in two games.
    assert_eq!(set_limit(&app, &token, "max_stake", json!(50)).await["amount"], 50);
    let (status, v) = call(&app, &token, Method::POST, "/api/mines/betPlace", &json!({"betAmt": 60, "mines": 3})).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::FORBIDDEN, Some("rg_stake_limit")), "{v}");
    let mut s = Sock::connect(&app.base, &token).await;
    let round = betting_round(&mut s, "titli", 12_000).await;
    let ack = s.emit("titli:placeBet", titli(round, 60)).await;
    assert_eq!(ack["error"], "rg_stake_limit", "{ack}");
    assert_eq!(wallet(&app, &token, &id).await, (1_000.0, 0.0), "nothing moved");

    // A daily loss limit of 100: stakes count as lost until they come back.
    set_limit(&app, &token, "max_stake", Value::Null).await; // removing waits 24 h: 50 stays in force
    assert_eq!(set_limit(&app, &token, "loss_day", json!(100)).await["amount"], 100);
    assert_eq!(s.emit("titli:placeBet", titli(round, 50)).await["success"], true);
    assert_eq!(s.emit("titli:placeBet", titli(round, 40)).await["success"], true);
    let over = s.emit("titli:placeBet", titli(round, 20)).await;
    assert_eq!(over["error"], "rg_loss_limit", "{over}");
    assert!(over["message"].as_str().unwrap().starts_with("This bet would take your losses"), "{over}");
    assert_eq!(s.emit("titli:placeBet", titli(round, 10)).await["success"], true, "exactly up to the limit");
    assert_eq!(wallet(&app, &token, &id).await, (900.0, 100.0));

    // Raising waits 24 hours: the old limit still refuses.
    let raised = set_limit(&app, &token, "loss_day", json!(1_000)).await;
    assert_eq!(raised["amount"], 100, "{raised}");
    let wait = raised["pending"]["effectiveAt"].as_i64().unwrap() - chrono_now();
    assert!((23 * 3_600_000..=24 * 3_600_000).contains(&wait), "{raised}");
    assert_eq!(raised["used"], 100);
    let (status, v) = call(&app, &token, Method::POST, "/api/mines/betPlace", &json!({"betAmt": 10, "mines": 3})).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::FORBIDDEN, Some("rg_loss_limit")), "{v}");
    // Lowering applies at once (and drops the waiting raise).
    let lowered = set_limit(&app, &token, "loss_day", json!(90)).await;
    assert_eq!((lowered["amount"].as_i64(), lowered["pending"].is_null()), (Some(90), true));
    assert_eq!(wallet(&app, &token, &id).await, (900.0, 100.0), "no refused bet moved anything");

    // Bad input changes nothing.
    for (kind, body, code) in [
        ("loss_year", json!({"amount": 10}), "invalid_limit"),
        ("loss_day", json!({"amount": 0}), "invalid_amount"),
        ("loss_day", json!({"amount": -5}), "invalid_amount"),
        ("loss_day", json!({"amount": 10.001}), "invalid_amount"),
    ] {
        let (status, v) = call(&app, &token, Method::PUT, &format!("/api/account/limits/{kind}"), &body).await;
        assert_eq!((status, v["error"].as_str()), (StatusCode::BAD_REQUEST, Some(code)), "{body}");
    }
    let settings = app.get_as(&token, "/api/account/settings").await;
    let day = settings["limits"].as_array().unwrap().iter().find(|l| l["kind"] == "loss_day").unwrap().clone();
    assert_eq!(day["amount"], 90);
}

fn chrono_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64
}

async fn deposit(app: &TestApp, utr: &str, amount: i64) -> (StatusCode, Value) {
    let r = app
        .post(
            "/api/add-more-points",
            &json!({"Utr": utr, "userName": "Test Player", "deposite": amount, "reference": format!("DEP-{utr}")}),
        )
        .await;
    error_of(r).await
}

#[tokio::test]
async fn a_deposit_limit_refuses_the_request_that_goes_past_it() {
    let app = spawn_app().await;
    let login = app.player("9876521001").await;
    let token = login["token"].as_str().unwrap().to_string();
    set_limit(&app, &token, "deposit_day", json!(500)).await;
    let (status, v) = deposit(&app, "UTRRG0001", 300).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(v["deposit"]["reference"], "DEP-UTRRG0001");
    let (status, v) = deposit(&app, "UTRRG0002", 250).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::FORBIDDEN, Some("rg_deposit_limit")), "{v}");
    let (status, v) = deposit(&app, "UTRRG0003", 200).await;
    assert_eq!(status, StatusCode::CREATED, "exactly up to the limit: {v}");
    let mine: Value = app.get(&format!("/api/deposits/{}", login["user"]["id"])).await.json().await.unwrap();
    assert_eq!(mine["deposits"].as_array().unwrap().len(), 2, "the refused request was not recorded");
    let (status, v) = error_of(
        app.post(
            "/api/add-more-points",
            &json!({"Utr": "UTRRG0004", "userName": "T P", "deposite": 1, "reference": "bad ref!"}),
        )
        .await,
    )
    .await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_reference")));
    let used = app.get_as(&token, "/api/account/settings").await["limits"][0].clone();
    assert_eq!((used["kind"].as_str(), used["used"].as_i64()), (Some("deposit_day"), Some(500)));
}

/// Every game refuses a bet from `token` with `code`, and nothing moves.
async fn every_game_refuses(app: &TestApp, id: &Value, token: &str, code: &str) {
    let before = wallet(app, token, id).await;
    let mut s = Sock::connect(&app.base, token).await;
    let (_, ack) = s.bet(json!({"amount": 20, "slot": 0}), 1_000).await;
    assert_eq!(ack["error"], code, "aviator over the socket: {ack}");
    for game in ["titli", "andar_bahar", "color"] {
        let round = betting_round(&mut s, game, 1_500).await;
        let pick = match game {
            "titli" => json!(1),
            "andar_bahar" => json!("Bahar"),
            _ => json!("red"),
        };
        let ack = s
            .emit(&format!("{game}:placeBet"), json!({"roundId": round, "bets": [{"pick": pick, "amount": 10}]}))
            .await;
        assert_eq!(ack["error"], code, "{game}: {ack}");
    }
    let (status, v) = call(app, token, Method::POST, "/api/mines/betPlace", &json!({"betAmt": 10, "mines": 3})).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::FORBIDDEN, Some(code)), "mines: {v}");
    let bet = json!({"match": 1, "teamIndex": 0, "type": "Lgaai", "odds": 90, "stake": 100});
    let (status, v) = call(app, token, Method::POST, "/api/laggai_khai_bets", &bet).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::FORBIDDEN, Some(code)), "exchange: {v}");
    assert_eq!(wallet(app, token, id).await, before, "nothing moved");
}

#[tokio::test]
async fn a_break_and_a_self_exclusion_refuse_every_bet_and_deposit_but_not_a_withdrawal() {
    let app = spawn_app().await;
    let desk = app.other_client();
    desk.operator("9000021001").await;
    let login = app.player("9876521002").await;
    let (id, token) = (login["user"]["id"].clone(), login["token"].as_str().unwrap().to_string());
    let (_, d) = deposit(&app, "UTRRG1001", 1_000).await;
    let r = desk.post(&format!("/api/admin/deposits/{}/approve", d["deposit"]["id"]), &json!({})).await;
    assert_eq!(r.status(), StatusCode::OK);

    for bad in [
        json!({"kind": "break", "days": 0}),
        json!({"kind": "break", "days": 43}),
        json!({"kind": "self_exclusion", "months": 5}),
        json!({"kind": "break", "months": 6}),
        json!({"kind": "rest", "days": 2}),
    ] {
        let (status, v) = call(&app, &token, Method::POST, "/api/account/exclusion", &bad).await;
        assert!(status.is_client_error() && status != StatusCode::CONFLICT, "{bad}: {v}");
    }
    let (status, v) =
        call(&app, &token, Method::POST, "/api/account/exclusion", &json!({"kind": "break", "days": 2})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["exclusion"]["kind"], "break");
    every_game_refuses(&app, &id, &token, "rg_on_break").await;
    let (status, v) = deposit(&app, "UTRRG1002", 100).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::FORBIDDEN, Some("rg_on_break")), "{v}");
    let w = app
        .post(
            "/api/withdraw",
            &json!({"userName": "Test Player", "upi_id": "tp@upi", "phoneNumber": "9876521002", "withdrawAmount": 100}),
        )
        .await;
    assert_eq!(w.status(), StatusCode::CREATED, "withdrawals still work");

    // The player cannot shorten it; an operator can end a break early.
    let (status, v) =
        call(&app, &token, Method::POST, "/api/account/exclusion", &json!({"kind": "break", "days": 1})).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::CONFLICT, Some("exclusion_active")));
    let seen: Value = desk.get(&format!("/api/admin/users/{id}")).await.json().await.unwrap();
    assert_eq!(seen["rg"]["exclusion"]["kind"], "break", "operators see it");
    assert_eq!(desk.post(&format!("/api/admin/users/{id}/break/lift"), &json!({})).await.status(), StatusCode::OK);
    let (status, _) = call(&app, &token, Method::POST, "/api/mines/betPlace", &json!({"betAmt": 10, "mines": 3})).await;
    assert_eq!(status, StatusCode::CREATED, "bets again after the lift");

    // A self-exclusion: nobody lifts it.
    let (status, v) =
        call(&app, &token, Method::POST, "/api/account/exclusion", &json!({"kind": "self_exclusion", "months": 6}))
            .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let until = v["exclusion"]["until"].as_i64().unwrap();
    assert!(until - chrono_now() > 180 * 86_400_000, "{v}");
    let (status, v) = error_of(desk.post(&format!("/api/admin/users/{id}/break/lift"), &json!({})).await).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::CONFLICT, Some("self_exclusion_locked")));
    let (status, v) =
        call(&app, &token, Method::POST, "/api/account/exclusion", &json!({"kind": "break", "days": 42})).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::CONFLICT, Some("exclusion_active")));
    // Let the open Mines game (if still open) not matter: the next start is refused either way.
    let (status, v) = call(&app, &token, Method::POST, "/api/mines/betPlace", &json!({"betAmt": 10, "mines": 3})).await;
    assert!(status == StatusCode::FORBIDDEN && v["error"] == "rg_self_excluded" || v["error"] == "game_open", "{v}");
    let (status, v) = deposit(&app, "UTRRG1003", 100).await;
    assert_eq!((status, v["error"].as_str()), (StatusCode::FORBIDDEN, Some("rg_self_excluded")), "{v}");
    let audit: Value = desk.get("/api/admin/audit").await.json().await.unwrap();
    assert!(audit.to_string().contains("user.break_lift"), "the lift is audited");
}

#[tokio::test]
async fn every_game_refuses_a_self_excluded_player() {
    let app = spawn_app().await;
    let (id, token) = app.fixture_players(1, 1_000).await.remove(0);
    let body = json!({"kind": "self_exclusion", "months": 12});
    assert_eq!(call(&app, &token, Method::POST, "/api/account/exclusion", &body).await.0, StatusCode::OK);
    every_game_refuses(&app, &id, &token, "rg_self_excluded").await;
}

#[tokio::test]
async fn a_password_change_ends_every_other_session_and_its_sockets() {
    let app = spawn_app().await;
    let login = app.player("9876521003").await;
    let user_no = login["user"]["userNo"].to_string();
    let phone = app.other_client();
    let other = phone.login(&user_no, "secret1").await;
    let mut other_sock = Sock::connect(&app.base, other["token"].as_str().unwrap()).await;
    let mut my_sock = Sock::connect(&app.base, login["token"].as_str().unwrap()).await;

    let sessions: Value = app.get("/api/account/sessions").await.json().await.unwrap();
    let list = sessions["sessions"].as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list.iter().filter(|s| s["current"] == true).count(), 1);

    for (body, code) in [
        (json!({"oldPassword": "wrong1", "newPassword": "brandnew1"}), "wrong_password"),
        (json!({"oldPassword": "secret1", "newPassword": "short"}), "invalid_password"),
    ] {
        let (status, v) = error_of(app.post("/api/account/password", &body).await).await;
        assert_eq!((status, v["error"].as_str()), (StatusCode::BAD_REQUEST, Some(code)));
    }
    assert_eq!(phone.get("/api/me").await.status(), StatusCode::OK, "a refused change ends nothing");

    let r = app.post("/api/account/password", &json!({"oldPassword": "secret1", "newPassword": "brandnew1"})).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.json::<Value>().await.unwrap()["endedSessions"], 1);
    other_sock.wait_closed().await;
    assert_eq!(phone.get("/api/me").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(my_sock.emit("ping", json!({})).await["pong"], true, "this session's socket stays");
    assert_eq!(app.get("/api/me").await.status(), StatusCode::OK);
    let old = app.other_client().post("/api/login", &json!({"userNo": user_no, "password": "secret1"})).await;
    assert_eq!(old.status(), StatusCode::UNAUTHORIZED);

    // A session ended from the list.
    let third = app.other_client();
    third.login(&user_no, "brandnew1").await;
    let sessions: Value = app.get("/api/account/sessions").await.json().await.unwrap();
    let theirs = sessions["sessions"].as_array().unwrap().iter().find(|s| s["current"] == false).unwrap()["id"].clone();
    let r = app
        .http
        .delete(format!("{}/api/account/sessions/{}", app.base, theirs.as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(third.get("/api/me").await.status(), StatusCode::UNAUTHORIZED);
    let r = app
        .http
        .delete(format!("{}/api/account/sessions/{}", app.base, theirs.as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn profile_language_and_reminder_are_saved_and_validated() {
    let app = spawn_app().await;
    app.player("9876521004").await;
    let someone = app.other_client();
    someone.player("9876521005").await;
    assert_eq!(
        someone.put("/api/account/profile", &json!({"name": "Other One", "email": "taken@example.in"})).await.status(),
        StatusCode::OK
    );

    let r = app.put("/api/account/profile", &json!({"name": "Asha Kumari", "email": " Asha@Example.IN "})).await;
    assert_eq!(r.status(), StatusCode::OK);
    let me: Value = app.get("/api/me").await.json().await.unwrap();
    assert_eq!((me["name"].as_str(), me["email"].as_str()), (Some("Asha Kumari"), Some("asha@example.in")));
    for (body, status, code) in [
        (json!({"name": "Asha Kumari", "email": "asha@"}), StatusCode::BAD_REQUEST, "invalid_email"),
        (json!({"name": "A1", "email": ""}), StatusCode::BAD_REQUEST, "invalid_name"),
        (json!({"name": "Asha Kumari", "email": "TAKEN@example.in"}), StatusCode::CONFLICT, "email_taken"),
    ] {
        let (s, v) = error_of(app.put("/api/account/profile", &body).await).await;
        assert_eq!((s, v["error"].as_str()), (status, Some(code)), "{body}");
    }
    let me: Value = app.get("/api/me").await.json().await.unwrap();
    assert_eq!(me["email"], "asha@example.in", "a refused change changes nothing");

    assert_eq!(me["language"], "en");
    assert_eq!(app.put("/api/account/language", &json!({"language": "hi"})).await.status(), StatusCode::OK);
    assert_eq!(app.put("/api/account/language", &json!({"language": "fr"})).await.status(), StatusCode::BAD_REQUEST);
    assert_eq!(app.get("/api/me").await.json::<Value>().await.unwrap()["language"], "hi");

    assert_eq!(app.put("/api/account/reminder", &json!({"minutes": 4})).await.status(), StatusCode::BAD_REQUEST);
    let r: Value = app.put("/api/account/reminder", &json!({"minutes": 30})).await.json().await.unwrap();
    assert_eq!(r["reminderMinutes"], 30);
    let summary: Value = app.get("/api/account/session-summary").await.json().await.unwrap();
    assert_eq!((summary["reminderMinutes"].as_i64(), summary["net"].as_f64()), (Some(30), Some(0.0)));
    assert!(summary["since"].as_i64().unwrap() <= summary["now"].as_i64().unwrap());
}
