//! Deposits, withdrawals, operator decisions, payment details, news and `/wallet/update`.

use crate::helpers::{TestApp, error_of, spawn_app};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn deposit(app: &TestApp, user: &Value, utr: &str, amount: Value) -> reqwest::Response {
    app.post(
        "/api/add-more-points",
        &json!({"Utr": utr, "userName": "Test Player", "user": user, "phoneNumber": "", "deposite": amount}),
    )
    .await
}

#[tokio::test]
async fn an_approved_deposit_credits_once_and_a_second_decision_is_refused() {
    let app = spawn_app().await;
    let desk = app.other_client();
    desk.operator("9000000001").await;
    let login = app.player("9876501001").await;
    let id = login["user"]["id"].clone();

    let r = deposit(&app, &id, "UTR0001", json!(1500.5)).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let body: Value = r.json().await.unwrap();
    assert_eq!(
        (body["deposit"]["status"].as_str(), body["deposit"]["phoneNumber"].as_str()),
        (Some("Pending"), Some("N/A"))
    );
    assert_eq!(app.wallet(&id).await, (0.0, 0.0), "pending deposits move nothing");

    let pending: Value = desk.get("/api/admin/deposits?status=pending").await.json().await.unwrap();
    assert_eq!(pending["deposits"].as_array().unwrap().len(), 1);
    let dep_id = pending["deposits"][0]["id"].clone();
    assert_eq!(desk.post(&format!("/api/admin/deposits/{dep_id}/approve"), &json!({})).await.status(), StatusCode::OK);
    assert_eq!(app.wallet(&id).await, (1500.5, 0.0));
    for action in ["approve", "reject"] {
        let (s, b) = error_of(desk.post(&format!("/api/admin/deposits/{dep_id}/{action}"), &json!({})).await).await;
        assert_eq!((s, b["error"].as_str()), (StatusCode::CONFLICT, Some("already_decided")));
    }
    assert_eq!(app.wallet(&id).await, (1500.5, 0.0));
    let mine: Value = app.get(&format!("/api/deposits/{id}")).await.json().await.unwrap();
    assert_eq!(mine["deposits"][0]["status"], "Approved");
    assert_eq!(mine["deposits"][0]["deposite"], 1500.5);
}

#[tokio::test]
async fn bad_deposits_are_refused_and_create_nothing() {
    let app = spawn_app().await;
    let desk = app.other_client();
    desk.operator("9000000001").await;
    let login = app.player("9876501002").await;
    let id = login["user"]["id"].clone();
    for (utr, amount, code) in [
        ("UTR1", json!(0), "invalid_amount"),
        ("UTR1", json!(-5), "invalid_amount"),
        ("UTR1", json!(10.555), "invalid_request"),
        ("UTR1", json!("abc"), "invalid_request"),
        ("", json!(100), "missing_field"),
    ] {
        let (s, b) = error_of(deposit(&app, &id, utr, amount.clone()).await).await;
        assert_eq!((s, b["error"].as_str()), (StatusCode::BAD_REQUEST, Some(code)), "{amount}");
    }
    assert_eq!(deposit(&app, &id, "UTR1", json!(100)).await.status(), StatusCode::CREATED);
    let (s, b) = error_of(deposit(&app, &id, "UTR1", json!(100)).await).await;
    assert_eq!((s, b["error"].as_str()), (StatusCode::CONFLICT, Some("utr_taken")));
    let all: Value = desk.get("/api/admin/deposits").await.json().await.unwrap();
    assert_eq!(all["deposits"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_withdrawal_holds_the_amount_until_decided() {
    let app = spawn_app().await;
    let desk = app.other_client();
    desk.operator("9000000001").await;
    let login = &app.funded(&desk, "9876501003", 1000).await;
    let id = login["user"]["id"].clone();
    let w = |amount: Value| json!({"user": id, "userName": "Test Player", "upi_id": "test@upi", "phoneNumber": "9876501003", "withdrawAmount": amount});

    let (s, b) = error_of(app.post("/api/withdraw", &w(json!(1000.01))).await).await;
    assert_eq!((s, b["message"].as_str()), (StatusCode::BAD_REQUEST, Some("Insufficient wallet balance!")));
    let (s, _) = error_of(app.post("/api/withdraw", &json!({"user": id, "withdrawAmount": 10})).await).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "all four fields are required");
    assert_eq!(app.wallet(&id).await, (1000.0, 0.0));

    let first: Value = app.post("/api/withdraw", &w(json!(600))).await.json().await.unwrap();
    assert_eq!(first["message"], "Withdrawal request submitted successfully!");
    assert_eq!(app.wallet(&id).await, (400.0, 600.0), "held at once");
    let (s, b) = error_of(app.post("/api/withdraw", &w(json!(600))).await).await;
    assert_eq!(
        (s, b["message"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Insufficient wallet balance!")),
        "cannot withdraw twice"
    );
    let second: Value = app.post("/api/withdraw", &w(json!(400))).await.json().await.unwrap();
    assert_eq!(app.wallet(&id).await, (0.0, 1000.0));

    let (w1, w2) = (first["withdrawal"]["id"].clone(), second["withdrawal"]["id"].clone());
    assert_eq!(desk.post(&format!("/api/admin/withdrawals/{w1}/approve"), &json!({})).await.status(), StatusCode::OK);
    assert_eq!(app.wallet(&id).await, (0.0, 400.0), "approved: the money left");
    assert_eq!(desk.post(&format!("/api/admin/withdrawals/{w2}/reject"), &json!({})).await.status(), StatusCode::OK);
    assert_eq!(app.wallet(&id).await, (400.0, 0.0), "rejected: the hold came back");
    assert_eq!(
        desk.post(&format!("/api/admin/withdrawals/{w2}/approve"), &json!({})).await.status(),
        StatusCode::CONFLICT
    );
    assert_eq!(app.wallet(&id).await, (400.0, 0.0));

    let list: Value = app.get(&format!("/api/getwithdrawal/{id}")).await.json().await.unwrap();
    let statuses: Vec<&str> =
        list["withdrawals"].as_array().unwrap().iter().map(|w| w["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, vec!["Rejected", "Approved"]);
}

#[tokio::test]
async fn players_cannot_move_money_or_use_operator_endpoints() {
    let app = spawn_app().await;
    let desk = app.other_client();
    desk.operator("9000000001").await;
    let login = &app.funded(&desk, "9876501004", 100).await;
    let id = login["user"]["id"].clone();
    let (s, _) = error_of(app.post("/wallet/update", &json!({"userId": id, "amount": 5000, "email": "x"})).await).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    for path in ["/api/admin/deposits", "/api/admin/withdrawals"] {
        assert_eq!(app.get(path).await.status(), StatusCode::FORBIDDEN);
    }
    assert_eq!(app.post("/api/admin/deposits/1/approve", &json!({})).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.put("/api/admin/upi", &json!({"upi_id": "me@upi"})).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.wallet(&id).await, (100.0, 0.0));

    // An operator adjustment is idempotent by key.
    let body = json!({"userId": id, "amount": -25.5, "reason": "correction", "idempotencyKey": "fix-1"});
    let first: Value = desk.post("/wallet/update", &body).await.json().await.unwrap();
    let again: Value = desk.post("/wallet/update", &body).await.json().await.unwrap();
    assert_eq!((first["balance"].as_f64(), again["replayed"].as_bool()), (Some(74.5), Some(true)));
    assert_eq!(app.wallet(&id).await, (74.5, 0.0));
}

#[tokio::test]
async fn payment_details_and_news_are_operator_set() {
    let app = spawn_app().await;
    let desk = app.other_client();
    desk.operator("9000000001").await;
    app.player("9876501005").await;
    let news: Value = app.get("/api/platform/news").await.json().await.unwrap();
    assert!(news[0]["content"].as_str().unwrap().starts_with("Welcome"));
    let r = desk
        .put(
            "/api/admin/upi",
            &json!({"upi_id": "casino@upi", "payee_name": "Royal Play", "phone": "9000000009", "qrCode": "data:image/png;base64,AAAA"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let upi: Value = app.get("/api/getupiqr").await.json().await.unwrap();
    assert_eq!(
        upi,
        json!({"upi_id": "casino@upi", "payeeName": "Royal Play", "phone": "9000000009", "qrCode": "data:image/png;base64,AAAA"})
    );
    desk.put("/api/admin/news", &json!({"items": ["IPL markets open", "Diwali bonus"]})).await;
    let news: Value = app.other_client().get("/api/platform/news").await.json().await.unwrap();
    assert_eq!(news, json!([{"content": "IPL markets open"}, {"content": "Diwali bonus"}]));
}

#[tokio::test]
async fn start_up_finishes_what_it_can_and_an_approval_needs_its_hold() {
    use casino_actors::store::Db;
    let app = spawn_app().await;
    let desk = app.other_client();
    desk.operator("9000000009").await;
    let login = &app.funded(&desk, "9876501009", 1_000).await;
    let id = login["user"]["id"].as_i64().unwrap();
    let db = Db::connect(&app.config.database_url, 2).await.unwrap();
    let exec = |sql: &'static str, binds: Vec<i64>| {
        let db = db.clone();
        async move {
            let mut q = sqlx::query::<sqlx::Any>(sql);
            for b in binds {
                q = q.bind(b);
            }
            q.execute(&db.pool).await.unwrap();
        }
    };
    // A decision interrupted before its wallet move, one that can never move (a user with no wallet), and a
    // withdrawal whose hold never happened.
    exec("INSERT INTO users (id, user_no, phone, name, password_hash, role, created_at) VALUES (9999, 109999, 'ghost', 'Ghost', 'x', 'player', 0)", vec![]).await;
    exec("INSERT INTO deposits (user_id, utr, user_name, phone, amount, status, created_at) VALUES (9999, 'UTRGHOST', 'Ghost', '', 5000, 'approved', 0)", vec![]).await;
    exec("INSERT INTO deposits (user_id, utr, user_name, phone, amount, status, created_at) VALUES ($1, 'UTRLOST', 'P', '', 25000, 'approved', 0)", vec![id]).await;
    exec("INSERT INTO withdrawals (id, user_id, user_name, upi_id, phone, amount, status, created_at) VALUES (777, $1, 'P', 'p@upi', '1', 10000, 'pending', 0)", vec![id]).await;

    let (s, b) = error_of(desk.post("/api/admin/withdrawals/777/approve", &json!({})).await).await;
    assert_eq!((s, b["error"].as_str()), (StatusCode::CONFLICT, Some("hold_missing")), "{b}");
    assert_eq!(app.wallet(&json!(id)).await, (1000.0, 0.0), "a refused approval moves nothing");

    // A restart on the same books: the lost credit and the missing hold are finished, the bad row is only reported.
    let restarted = crate::helpers::spawn_app_on(app.config.clone()).await;
    let desk2 = restarted.other_client();
    desk2.operator("9000000010").await;
    let again = TestApp { http: app.http.clone(), ..restarted }; // the player's session, on the new server
    assert_eq!(again.wallet(&json!(id)).await, (1000.0 + 250.0 - 100.0, 100.0));
    assert_eq!(desk2.post("/api/admin/withdrawals/777/approve", &json!({})).await.status(), StatusCode::OK);
    assert_eq!(again.wallet(&json!(id)).await, (1150.0, 0.0));
}
