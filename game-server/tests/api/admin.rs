//! The operators' console (docs/OPERATORS.md): every operator route refuses anonymous callers and players and
//! changes nothing for them; a request is decided once even when two decisions race; every action is in the audit
//! log; people, their ledger and bets; the risk figures.

use crate::helpers::{TestApp, error_of, spawn_app, spawn_app_with};
use crate::socket::Sock;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

async fn deposit(app: &TestApp, user: &Value, utr: &str, rupees: i64) -> i64 {
    let body = json!({"Utr": utr, "userName": "Test Player", "user": user, "phoneNumber": "", "deposite": rupees});
    let r: Value = app.post("/api/add-more-points", &body).await.json().await.unwrap();
    r["deposit"]["id"].as_i64().expect("deposit id")
}

async fn withdraw(app: &TestApp, user: &Value, rupees: i64) -> i64 {
    let body = json!({"user": user, "userName": "Test Player", "upi_id": "test@upi", "phoneNumber": "9876500000", "withdrawAmount": rupees});
    let r: Value = app.post("/api/withdraw", &body).await.json().await.unwrap();
    r["withdrawal"]["id"].as_i64().expect("withdrawal id")
}

async fn audit(desk: &TestApp) -> Vec<Value> {
    let r: Value = desk.get("/api/admin/audit?limit=500").await.json().await.unwrap();
    r["entries"].as_array().expect("entries").clone()
}

async fn send(app: &TestApp, method: &Method, path: &str, body: &Value) -> reqwest::Response {
    let req = app.http.request(method.clone(), format!("{}{path}", app.base));
    let req = if *method == Method::GET { req } else { req.json(body) };
    req.send().await.unwrap()
}

/// Two operator calls at once.
async fn both(desk: &TestApp, a: &str, b: &str) -> [StatusCode; 2] {
    let empty = json!({});
    let (x, y) = tokio::join!(desk.post(a, &empty), desk.post(b, &empty));
    let mut s = [x.status(), y.status()];
    s.sort();
    s
}

#[tokio::test]
async fn every_operator_route_refuses_anonymous_callers_and_players_and_changes_nothing() {
    let app = spawn_app().await;
    let desk = app.other_client();
    desk.operator("9000020001").await;
    let login = &app.funded(&desk, "9876520001", 1_000).await;
    let id = login["user"]["id"].as_i64().unwrap();
    let user_no = login["user"]["userNo"].as_i64().unwrap();
    let dep = deposit(&app, &json!(id), "UTR-PENDING", 50).await;
    let wd = withdraw(&app, &json!(id), 300).await;
    let audited = audit(&desk).await.len();
    let games: Value = desk.get("/api/admin/games").await.json().await.unwrap();

    let (get, post, put) = (Method::GET, Method::POST, Method::PUT);
    let none = json!({});
    let routes = [
        (&get, "/api/admin/deposits".to_string(), none.clone()),
        (&post, format!("/api/admin/deposits/{dep}/approve"), none.clone()),
        (&post, format!("/api/admin/deposits/{dep}/reject"), none.clone()),
        (&get, "/api/admin/withdrawals?status=pending".to_string(), none.clone()),
        (&post, format!("/api/admin/withdrawals/{wd}/approve"), none.clone()),
        (&post, format!("/api/admin/withdrawals/{wd}/reject"), none.clone()),
        (&put, "/api/admin/upi".to_string(), json!({"upi_id": "thief@upi", "phone": "1", "qrCode": ""})),
        (&put, "/api/admin/news".to_string(), json!({"items": ["free money"]})),
        (&post, format!("/api/admin/users/{user_no}/reset-code"), none.clone()),
        (&post, "/wallet/update".to_string(), json!({"userId": id, "amount": 5000})),
        (&get, "/api/admin/books".to_string(), none.clone()),
        (&post, "/api/admin/fixtures/players".to_string(), json!({"count": 1, "balance": 100})),
        (&post, format!("/api/admin/users/{id}/block"), none.clone()),
        (&post, format!("/api/admin/users/{id}/unblock"), none.clone()),
        (&post, "/api/admin/aviator/chains/1/salt".to_string(), json!({"salt": "abc"})),
        (&get, "/api/admin/users?q=98765".to_string(), none.clone()),
        (&get, format!("/api/admin/users/{id}"), none.clone()),
        (&get, format!("/api/admin/users/{id}/ledger"), none.clone()),
        (&get, format!("/api/admin/users/{id}/bets"), none.clone()),
        (&get, "/api/admin/risk".to_string(), none.clone()),
        (&get, "/api/admin/audit".to_string(), none.clone()),
        (&get, "/api/admin/games".to_string(), none.clone()),
        (&put, "/api/admin/games/aviator/settings".to_string(), json!({"maxBet": 10000})),
        (&post, "/api/admin/games/aviator/suspend".to_string(), none.clone()),
        (&post, "/api/admin/games/aviator/resume".to_string(), none.clone()),
        (&get, "/api/admin/actors".to_string(), none.clone()),
        (&get, "/api/admin/actors/aviator".to_string(), none.clone()),
        (&get, "/metrics".to_string(), none.clone()),
    ];
    let anonymous = app.other_client();
    for (method, path, body) in &routes {
        let (s, b) = error_of(send(&anonymous, method, path, body).await).await;
        assert_eq!((s, b["error"].as_str()), (StatusCode::UNAUTHORIZED, Some("unauthorized")), "{method} {path}");
        let (s, b) = error_of(send(&app, method, path, body).await).await;
        assert_eq!((s, b["error"].as_str()), (StatusCode::FORBIDDEN, Some("forbidden")), "{method} {path}");
    }

    assert_eq!(app.wallet(&json!(id)).await, (700.0, 300.0), "the player's money did not move");
    assert_eq!(app.get("/api/me").await.status(), StatusCode::OK, "not blocked");
    let deposits: Value = desk.get("/api/admin/deposits?status=pending").await.json().await.unwrap();
    assert_eq!(deposits["deposits"][0]["id"], dep);
    let withdrawals: Value = desk.get("/api/admin/withdrawals?status=pending").await.json().await.unwrap();
    assert_eq!(withdrawals["withdrawals"][0]["id"], wd);
    let upi: Value = app.get("/api/getupiqr").await.json().await.unwrap();
    assert_ne!(upi["upi_id"], "thief@upi");
    let news: Value = app.get("/api/platform/news").await.json().await.unwrap();
    assert!(news[0]["content"].as_str().unwrap().starts_with("Welcome"));
    let users: Value = desk.get("/api/admin/users?limit=500").await.json().await.unwrap();
    assert_eq!(users["users"].as_array().unwrap().len(), 2, "no fixture player was made: {users}");
    let games_after: Value = desk.get("/api/admin/games").await.json().await.unwrap();
    assert_eq!(
        (&games_after["games"][0]["suspended"], &games_after["games"][0]["pending"]),
        (&games["games"][0]["suspended"], &games["games"][0]["pending"])
    );
    assert_eq!(audit(&desk).await.len(), audited, "nothing was audited, since nothing happened");
}

#[tokio::test]
async fn a_request_is_decided_once_even_when_two_decisions_race() {
    let app = spawn_app().await;
    let desk = app.other_client();
    desk.operator("9000020002").await;
    let login = app.player("9876520002").await;
    let id = login["user"]["id"].clone();

    // Approved twice in a row, then twice at once: one credit each.
    let first = deposit(&app, &id, "UTR-A", 100).await;
    let approve = format!("/api/admin/deposits/{first}/approve");
    assert_eq!(desk.post(&approve, &json!({})).await.status(), StatusCode::OK);
    let (s, b) = error_of(desk.post(&approve, &json!({})).await).await;
    assert_eq!((s, b["error"].as_str()), (StatusCode::CONFLICT, Some("already_decided")));
    let second = deposit(&app, &id, "UTR-B", 200).await;
    let approve = format!("/api/admin/deposits/{second}/approve");
    assert_eq!(both(&desk, &approve, &approve).await, [StatusCode::OK, StatusCode::CONFLICT]);
    assert_eq!(app.wallet(&id).await, (300.0, 0.0), "two deposits, each credited once");
    let third = deposit(&app, &id, "UTR-C", 400).await;
    let (approve, reject) =
        (format!("/api/admin/deposits/{third}/approve"), format!("/api/admin/deposits/{third}/reject"));
    assert_eq!(both(&desk, &approve, &reject).await, [StatusCode::OK, StatusCode::CONFLICT]);
    let credited = app.wallet(&id).await.0 - 300.0;
    assert!(credited == 0.0 || credited == 400.0, "credited {credited}");

    // A withdrawal approved and rejected at once: either it was paid out or its hold came back, once.
    let before = app.wallet(&id).await.0;
    let w = withdraw(&app, &id, 250).await;
    let (approve, reject) =
        (format!("/api/admin/withdrawals/{w}/approve"), format!("/api/admin/withdrawals/{w}/reject"));
    assert_eq!(both(&desk, &approve, &reject).await, [StatusCode::OK, StatusCode::CONFLICT]);
    let list: Value = desk.get("/api/admin/withdrawals").await.json().await.unwrap();
    let status = list["withdrawals"][0]["status"].as_str().unwrap().to_string();
    let expected = if status == "Approved" { before - 250.0 } else { before };
    assert_eq!(app.wallet(&id).await, (expected, 0.0), "{status}");

    // One audit row per decision that happened.
    let entries = audit(&desk).await;
    for target in [format!("deposit:{second}"), format!("deposit:{third}"), format!("withdrawal:{w}")] {
        assert_eq!(entries.iter().filter(|e| e["target"] == target.as_str()).count(), 1, "{target}");
    }
    let ledger: Value = desk.get(&format!("/api/admin/users/{id}/ledger")).await.json().await.unwrap();
    let deposits = ledger["entries"].as_array().unwrap().iter().filter(|e| e["kind"] == "deposit").count();
    assert_eq!(deposits, if credited == 0.0 { 2 } else { 3 });
}

#[tokio::test]
async fn every_operator_action_is_in_the_audit_log_with_who_before_and_after() {
    let app = spawn_app().await;
    let desk = app.other_client();
    let op = desk.operator("9000020003").await;
    let op_id = op["user"]["id"].clone();
    let login = &app.funded(&desk, "9876520003", 1_000).await;
    let id = login["user"]["id"].as_i64().unwrap();
    let user_no = login["user"]["userNo"].as_i64().unwrap();

    let rejected = deposit(&app, &json!(id), "UTR-R", 70).await;
    desk.post(&format!("/api/admin/deposits/{rejected}/reject"), &json!({})).await;
    let paid = withdraw(&app, &json!(id), 100).await;
    desk.post(&format!("/api/admin/withdrawals/{paid}/approve"), &json!({})).await;
    let kept = withdraw(&app, &json!(id), 50).await;
    desk.post(&format!("/api/admin/withdrawals/{kept}/reject"), &json!({})).await;
    desk.put("/api/admin/upi", &json!({"upi_id": "desk@upi", "phone": "9000000009", "qrCode": ""})).await;
    desk.put("/api/admin/news", &json!({"items": ["Diwali bonus"]})).await;
    desk.post(&format!("/api/admin/users/{id}/block"), &json!({})).await;
    desk.post(&format!("/api/admin/users/{id}/unblock"), &json!({})).await;
    let code: Value =
        desk.post(&format!("/api/admin/users/{user_no}/reset-code"), &json!({})).await.json().await.unwrap();
    let code = code["code"].as_str().expect("code").to_string();
    let adjust = json!({"userId": id, "amount": -25.5, "reason": "correction", "idempotencyKey": "fix-1"});
    desk.post("/wallet/update", &adjust).await;
    desk.post("/wallet/update", &adjust).await; // a replay moves nothing and logs nothing
    let r = desk.post("/api/admin/fixtures/players", &json!({"count": 2, "balance": 10})).await;
    assert_eq!(r.status(), StatusCode::CREATED);

    let entries = audit(&desk).await;
    let actions: Vec<&str> = entries.iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(
        actions,
        [
            "fixtures.create",
            "wallet.adjust",
            "user.reset_code",
            "user.unblock",
            "user.block",
            "news.set",
            "payment_details.set",
            "withdrawal.reject",
            "withdrawal.approve",
            "deposit.reject",
            "deposit.approve",
        ]
    );
    for e in &entries {
        assert_eq!(e["operator"], json!({"id": op_id, "name": "Operator Desk"}), "{e}");
        assert!(e["at"].as_str().unwrap().ends_with('Z'), "{e}");
        assert!(!e.to_string().contains(&code), "the reset code is never logged: {e}");
    }
    let by = |action: &str| entries.iter().find(|e| e["action"] == action).unwrap().clone();
    let user = format!("user:{id}");
    let approve = by("deposit.approve");
    assert_eq!((&approve["before"], &approve["after"]["status"]), (&json!({"status": "pending"}), &json!("approved")));
    assert_eq!((approve["after"]["amount"].as_f64(), approve["after"]["user"].as_i64()), (Some(1000.0), Some(id)));
    assert_eq!(by("deposit.reject")["target"], format!("deposit:{rejected}"));
    assert_eq!(by("deposit.reject")["after"]["status"], "rejected");
    assert_eq!(by("withdrawal.approve")["target"], format!("withdrawal:{paid}"));
    assert_eq!(by("withdrawal.reject")["after"]["status"], "rejected");
    let upi = by("payment_details.set");
    assert_eq!((&upi["before"]["upi_id"], &upi["after"]["upi_id"]), (&json!(""), &json!("desk@upi")));
    let news = by("news.set");
    assert!(news["before"][0].as_str().unwrap().starts_with("Welcome"));
    assert_eq!(news["after"], json!(["Diwali bonus"]));
    assert_eq!(
        (&by("user.block")["target"], &by("user.block")["before"], &by("user.block")["after"]),
        (&json!(user), &json!({"blocked": false}), &json!({"blocked": true}))
    );
    assert_eq!(
        (&by("user.unblock")["before"], &by("user.unblock")["after"]),
        (&json!({"blocked": true}), &json!({"blocked": false}))
    );
    assert_eq!(by("user.reset_code")["target"], user);
    let adjusted = by("wallet.adjust");
    assert_eq!(
        (adjusted["before"]["balance"].as_f64(), adjusted["after"]["balance"].as_f64()),
        (Some(900.0), Some(874.5))
    );
    assert_eq!(
        (adjusted["after"]["amount"].as_f64(), &adjusted["after"]["reason"]),
        (Some(-25.5), &json!("correction"))
    );
    let fixtures = by("fixtures.create");
    assert_eq!((fixtures["before"].clone(), fixtures["after"]["count"].as_i64()), (Value::Null, Some(2)));

    // Pages: newest first, `before` continues after the last id seen.
    let page: Value = desk.get("/api/admin/audit?limit=2").await.json().await.unwrap();
    let ids: Vec<i64> = page["entries"].as_array().unwrap().iter().map(|e| e["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [entries[0]["id"].as_i64().unwrap(), entries[1]["id"].as_i64().unwrap()]);
    let next: Value = desk.get(&format!("/api/admin/audit?limit=2&before={}", ids[1])).await.json().await.unwrap();
    assert_eq!(next["entries"][0]["id"], entries[2]["id"]);
    for bad in ["limit=0", "limit=501", "limit=ten", "before=0"] {
        let (s, _) = error_of(desk.get(&format!("/api/admin/audit?{bad}")).await).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{bad}");
    }
}

#[tokio::test]
async fn operators_find_people_and_see_their_sessions_ledger_and_bets() {
    let app = spawn_app().await;
    let desk = app.other_client();
    desk.operator("9000020004").await;
    let login = &app.funded(&desk, "9876520004", 500).await;
    let id = login["user"]["id"].as_i64().unwrap();
    let user_no = login["user"]["userNo"].as_i64().unwrap();
    let other = app.other_client();
    other.signup("9876529999", "Someone Else", "secret1").await;
    desk.post("/wallet/update", &json!({"userId": id, "amount": 20, "reason": "bonus"})).await;

    let found = |q: &str| {
        let desk = &desk;
        let q = q.to_string();
        async move {
            let r: Value = desk.get(&format!("/api/admin/users?{q}")).await.json().await.unwrap();
            r["users"].as_array().unwrap().iter().map(|u| u["id"].as_i64().unwrap()).collect::<Vec<_>>()
        }
    };
    assert_eq!(found(&format!("q={user_no}")).await, [id]);
    assert_eq!(found("q=8765200").await, [id], "part of the phone");
    assert_eq!(found("q=SOMEONE").await.len(), 1, "the name, whatever the case");
    assert_eq!(found("q=98765").await.len(), 2);
    assert_eq!(found("q=%25").await.len(), 0, "a LIKE wildcard is just a character");
    assert_eq!(found("limit=1").await.len(), 1, "newest first, limited");
    assert_eq!(found("").await.len(), 3, "everyone, the operator included");
    for bad in ["limit=0", "limit=501", "limit=x"] {
        let (s, b) = error_of(desk.get(&format!("/api/admin/users?{bad}")).await).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{bad}: {b}");
    }

    let detail: Value = desk.get(&format!("/api/admin/users/{id}")).await.json().await.unwrap();
    let u = &detail["user"];
    assert_eq!(
        (u["userNo"].as_i64(), u["phone"].as_str(), u["role"].as_str()),
        (Some(user_no), Some("9876520004"), Some("player"))
    );
    assert_eq!(
        (u["balance"].as_f64(), u["exposure"].as_f64(), u["blocked"].as_bool()),
        (Some(520.0), Some(0.0), Some(false))
    );
    assert_eq!(detail["sessions"].as_array().unwrap().len(), 1);
    assert_eq!(detail["sessions"][0]["live"], true);
    assert_eq!(desk.get(&format!("/api/admin/users/{user_no}")).await.status(), StatusCode::OK, "by user number");
    for missing in ["/api/admin/users/987654", "/api/admin/users/987654/ledger", "/api/admin/users/987654/bets"] {
        assert_eq!(desk.get(missing).await.status(), StatusCode::NOT_FOUND, "{missing}");
    }

    let ledger: Value = desk.get(&format!("/api/admin/users/{id}/ledger")).await.json().await.unwrap();
    let entries = ledger["entries"].as_array().unwrap();
    let kinds: Vec<&str> = entries.iter().map(|e| e["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["adjustment", "deposit"]);
    assert_eq!((entries[0]["deltaBalance"].as_f64(), entries[0]["balanceAfter"].as_f64()), (Some(20.0), Some(520.0)));
    assert_eq!(entries[1]["reference"], "deposit:1");
    let before = entries[0]["id"].as_i64().unwrap();
    let older: Value =
        desk.get(&format!("/api/admin/users/{id}/ledger?limit=1&before={before}")).await.json().await.unwrap();
    assert_eq!(older["entries"][0]["kind"], "deposit");
    assert_eq!(older["entries"].as_array().unwrap().len(), 1);
    let (s, _) = error_of(desk.get(&format!("/api/admin/users/{id}/ledger?limit=1000")).await).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);

    let bets: Value = desk.get(&format!("/api/admin/users/{id}/bets")).await.json().await.unwrap();
    assert_eq!(bets["bets"], json!([]), "no bets yet (the risk test plays one)");
}

fn paise(v: &Value) -> i64 {
    (v.as_f64().expect("number") * 100.0).round() as i64
}

#[tokio::test]
async fn risk_shows_money_held_for_open_bets_and_the_house_result_once_settled() {
    let app = spawn_app_with(|c| c.aviator.rules.countdown_ms = 6_000).await;
    let (id, token) = app.fixture_players(1, 1_000).await.remove(0);
    let desk = app.other_client();
    desk.operator("9000020005").await;
    let quiet: Value = desk.get("/api/admin/risk").await.json().await.unwrap();
    assert_eq!((paise(&quiet["exposureTotal"]), &quiet["largest"]), (0, &json!([])));

    let mut s = Sock::connect(&app.base, &token).await;
    let (round, ack) = s.bet(json!({"amount": 100, "slot": 1, "autoCashout": 1.1}), 4_000).await;
    assert_eq!(ack["success"], true, "{ack}");
    let risk: Value = desk.get("/api/admin/risk").await.json().await.unwrap();
    assert_eq!(paise(&risk["exposureTotal"]), 10_000, "{risk}");
    let table = &risk["tables"][0];
    assert_eq!(
        (table["game"].as_str(), paise(&table["exposure"]), table["openBets"].as_i64()),
        (Some("aviator"), 10_000, Some(1))
    );
    assert_eq!((&risk["largest"][0]["userId"], paise(&risk["largest"][0]["exposure"])), (&id, 10_000));
    assert_eq!(risk["largest"].as_array().unwrap().len(), 1);
    let bets: Value = desk.get(&format!("/api/admin/users/{id}/bets")).await.json().await.unwrap();
    let bet = &bets["bets"][0];
    assert_eq!(
        (bet["game"].as_str(), &bet["round"], bet["slot"].as_i64(), bet["result"].as_str()),
        (Some("aviator"), &round, Some(1), Some("open"))
    );
    assert_eq!(paise(&bet["stake"]), 10_000);

    let result = s.wait("bet_result", |v| v["roundId"] == round).await;
    let won = result["win"] == true;
    let house = if won { 10_000 - paise(&result["winnings"]) } else { 10_000 };
    let risk: Value = desk.get("/api/admin/risk").await.json().await.unwrap();
    assert_eq!((paise(&risk["exposureTotal"]), paise(&risk["tables"][0]["exposure"])), (0, 0), "{risk}");
    assert_eq!((risk["tables"][0]["openBets"].as_i64(), &risk["largest"]), (Some(0), &json!([])));
    let result_row = &risk["houseResult"][0];
    assert_eq!(
        (result_row["game"].as_str(), paise(&result_row["today"]), paise(&result_row["allTime"])),
        (Some("aviator"), house, house)
    );
    let bets: Value = desk.get(&format!("/api/admin/users/{id}/bets")).await.json().await.unwrap();
    let bet = &bets["bets"][0];
    assert_eq!(bet["result"], if won { "won" } else { "lost" }, "{bets}");
    if won {
        assert_eq!((paise(&bet["cashedOutAt"]), paise(&bet["payout"])), (110, 11_000));
    }
}

#[tokio::test]
async fn an_audit_write_that_fails_leaves_the_action_done_and_is_counted() {
    let app = spawn_app().await;
    let desk = app.other_client();
    desk.operator("9000020006").await;
    let login = app.player("9876520006").await;
    let id = login["user"]["id"].clone();
    let dep = deposit(&app, &id, "UTR-AUDIT", 100).await;
    let db = casino_actors::store::Db::connect(&app.config.database_url, 1).await.unwrap();
    sqlx::query::<sqlx::Any>("ALTER TABLE audit_log RENAME TO audit_log_gone").execute(&db.pool).await.unwrap();

    let r = desk.post(&format!("/api/admin/deposits/{dep}/approve"), &json!({})).await;
    assert_eq!(r.status(), StatusCode::OK, "the money moved, so the answer says so");
    assert_eq!(app.wallet(&id).await, (100.0, 0.0));
    let metrics = desk.get("/metrics").await.text().await.unwrap();
    assert!(metrics.lines().any(|l| l.starts_with("casino_audit_failures_total")), "{metrics}");
}
