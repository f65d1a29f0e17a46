//! Real mode's checks: the age and region a sign-up declares, regions the operator no longer allows (bets and
//! deposits refused, withdrawals not), and the identity check before withdrawals past the thresholds — each with its
//! bad inputs, none of which moves money or stores anything. Play mode asks none of it.

use crate::helpers::{ADULT_BORN, TestApp, config_for, error_of, spawn_app_on};
use casino_actors::compliance::rules::AllowedRegions;
use casino_actors::play::MoneyMode;
use casino_actors::store::{Db, fresh_database_url};
use game_server::config::Config;
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};
use sqlx::Any;

async fn count(db: &Db, sql: &'static str) -> i64 {
    sqlx::query_scalar::<Any, i64>(sql).fetch_one(&db.pool).await.unwrap()
}

fn config(url: String, regions: &str) -> Config {
    let mut config = config_for(url);
    config.money.checks.regions = AllowedRegions::parse(regions).unwrap();
    config.money.checks.max_document_bytes = 64 * 1024;
    config
}

fn signup_body(phone: &str, born: &str, region: &str) -> Value {
    json!({ "username": phone, "email": "Real Player", "password": "secret1", "dateOfBirth": born, "region": region })
}

/// Today's IST date `years` years ago, plus `days` days.
fn born_years_ago(years: i64, days: i64) -> String {
    use casino_actors::hold::rules::{date_text, ist_day};
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    let today = date_text(ist_day(now));
    let year: i64 = today[..4].parse().unwrap();
    let mut born = format!("{:04}{}", year - years, &today[4..]);
    if born.ends_with("02-29") {
        born = born.replace("02-29", "02-28");
    }
    let day = casino_actors::hold::rules::date(&born).unwrap() + days;
    date_text(day)
}

#[tokio::test]
async fn a_sign_up_declares_an_adult_age_and_an_allowed_region_or_registers_nobody() {
    let url = fresh_database_url("real").await.unwrap();
    let app = spawn_app_on(config(url.clone(), "IN-SK, MT")).await;
    let db = Db::connect(&url, 2).await.unwrap();

    let platform: Value = app.get("/api/platform").await.json().await.unwrap();
    assert_eq!(platform["moneyMode"], "real");
    let real = &platform["realMoney"];
    assert_eq!(real["minAge"], 18);
    assert_eq!(real["kycThresholds"], json!({"single": 10000, "rolling30Days": 50000}));
    let regions = real["regions"].as_array().unwrap();
    let allowed = |code: &str| regions.iter().find(|r| r["code"] == code).map(|r| r["allowed"].clone());
    assert_eq!(
        (allowed("IN-SK"), allowed("MT"), allowed("IN-MH")),
        (Some(json!(true)), Some(json!(true)), Some(json!(false)))
    );

    let users = count(&db, "SELECT COUNT(*) FROM users").await;
    let seventeen = born_years_ago(18, 1); // eighteen tomorrow
    let refusals = [
        (
            json!({"username": "9200000001", "email": "Real Player", "password": "secret1"}),
            StatusCode::BAD_REQUEST,
            "invalid_input",
        ),
        (signup_body("9200000001", "15-01-1990", "IN-SK"), StatusCode::BAD_REQUEST, "invalid_input"),
        (signup_body("9200000001", "1990-02-30", "IN-SK"), StatusCode::BAD_REQUEST, "invalid_input"),
        (signup_body("9200000001", "2990-01-01", "IN-SK"), StatusCode::BAD_REQUEST, "invalid_input"),
        (signup_body("9200000001", ADULT_BORN, "XX"), StatusCode::BAD_REQUEST, "invalid_input"),
        (signup_body("9200000001", ADULT_BORN, ""), StatusCode::BAD_REQUEST, "invalid_input"),
        (signup_body("9200000001", &seventeen, "IN-SK"), StatusCode::FORBIDDEN, "underage"),
        (signup_body("9200000001", ADULT_BORN, "IN-MH"), StatusCode::FORBIDDEN, "region_not_allowed"),
    ];
    for (body, status, code) in refusals {
        let (got, error) = error_of(app.post("/api/signup", &body).await).await;
        assert_eq!((got, error["error"].as_str()), (status, Some(code)), "{body}: {error}");
        assert!(!error["message"].as_str().unwrap_or_default().is_empty());
    }
    assert_eq!(count(&db, "SELECT COUNT(*) FROM users").await, users, "nobody registered");
    let underage: Value =
        app.post("/api/signup", &signup_body("9200000001", &seventeen, "IN-SK")).await.json().await.unwrap();
    assert_eq!(underage["message"], "You must be 18 or older to sign up");

    // Eighteen today: welcome, in lower case or upper.
    let today18 = born_years_ago(18, 0);
    let r = app.post("/api/signup", &signup_body("9200000001", &today18, "in-sk")).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let id = r.json::<Value>().await.unwrap()["id"].clone();
    // Operators see what was declared.
    let desk = app.other_client();
    desk.operator("9200000002").await;
    let detail: Value = desk.get(&format!("/api/admin/users/{id}")).await.json().await.unwrap();
    let u = &detail["user"];
    assert_eq!(
        (
            u["dateOfBirth"].as_str(),
            u["age"].as_i64(),
            u["region"].as_str(),
            u["regionAllowed"].as_bool(),
            u["kycLevel"].as_str()
        ),
        (Some(today18.as_str()), Some(18), Some("IN-SK"), Some(true), Some("none"))
    );
}

#[tokio::test]
async fn a_region_left_out_later_refuses_bets_and_deposits_but_not_withdrawals() {
    let url = fresh_database_url("real").await.unwrap();
    let app = spawn_app_on(config(url.clone(), "*")).await;
    let desk = app.other_client();
    desk.operator("9200000011").await;
    let player = app.other_client();
    let me = player.funded(&desk, "9200000012", 500).await["user"]["id"].clone();
    mines_game(&player).await;
    drop((desk, player));
    app.halt();

    // The operator stops offering Maharashtra: the player keeps the account and the money.
    let app = spawn_app_on(config(url.clone(), "IN-SK")).await;
    let db = Db::connect(&url, 2).await.unwrap();
    let login = app.login(&(100_000 + me.as_i64().unwrap()).to_string(), "secret1").await;
    assert_eq!(login["user"]["id"], me);
    let (balance, exposure) = app.wallet(&me).await;
    let ledger = count(&db, "SELECT COUNT(*) FROM ledger").await;
    let deposits = count(&db, "SELECT COUNT(*) FROM deposits").await;
    let deposit =
        json!({"Utr": "UTR92000012B", "userName": "Test Player", "user": me, "phoneNumber": "", "deposite": 100});
    for r in [
        app.post("/api/mines/betPlace", &json!({"betAmt": 10, "mines": 3})).await,
        app.post("/api/add-more-points", &deposit).await,
    ] {
        let path = r.url().path().to_string();
        let (status, body) = error_of(r).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (StatusCode::FORBIDDEN, Some("region_not_allowed")),
            "{path}: {body}"
        );
    }
    assert_eq!(app.wallet(&me).await, (balance, exposure), "nothing moved");
    assert_eq!(count(&db, "SELECT COUNT(*) FROM ledger").await, ledger);
    assert_eq!(count(&db, "SELECT COUNT(*) FROM deposits").await, deposits);
    // Withdrawing what is left is still possible.
    let w = json!({"userName": "Test Player", "upi_id": "me@upi", "phoneNumber": "9200000012", "withdrawAmount": 100});
    assert_eq!(app.post("/api/withdraw", &w).await.status(), StatusCode::CREATED);
    app.halt();

    // Allowed again at the next start: bets are taken.
    let app = spawn_app_on(config(url, "IN")).await;
    app.login(&(100_000 + me.as_i64().unwrap()).to_string(), "secret1").await;
    mines_game(&app).await;
}

/// A whole Mines game of ₹10: a bet, a tile, and a cash-out if it was safe.
async fn mines_game(player: &TestApp) {
    let (status, v) = error_of(player.post("/api/mines/betPlace", &json!({"betAmt": 10, "mines": 3})).await).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let game = v["game"]["gameId"].clone();
    let (status, v) = error_of(player.post("/api/mines/reveal", &json!({"gameId": game, "tile": 12})).await).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    if v["game"]["status"] == "playing" {
        let r = player.post("/api/mines/cashout", &json!({"gameId": game})).await;
        assert_eq!(r.status(), StatusCode::OK);
    }
}

/// A tiny valid PNG's first bytes, then `extra` zeros.
fn png(extra: usize) -> Vec<u8> {
    let mut b = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0\x90wS\xde".to_vec();
    b.resize(b.len() + extra, 0);
    b
}

fn form(front: Option<Vec<u8>>, id_number: &str) -> Form {
    let mut f =
        Form::new().text("fullName", "Asha Verma").text("idType", "pan").text("idNumber", id_number.to_string());
    if let Some(bytes) = front {
        f = f.part("front", Part::bytes(bytes).file_name("front.png").mime_str("image/png").unwrap());
    }
    f
}

async fn submit(app: &TestApp, f: Form) -> (StatusCode, Value) {
    error_of(app.http.post(format!("{}/api/kyc", app.base)).multipart(f).send().await.unwrap()).await
}

async fn withdraw(app: &TestApp, rupees: f64) -> (StatusCode, Value) {
    let w =
        json!({"userName": "Test Player", "upi_id": "me@upi", "phoneNumber": "9200000022", "withdrawAmount": rupees});
    error_of(app.post("/api/withdraw", &w).await).await
}

#[tokio::test]
async fn withdrawals_past_the_thresholds_wait_for_an_identity_an_operator_approved() {
    let url = fresh_database_url("real").await.unwrap();
    let app = spawn_app_on(config(url.clone(), "*")).await;
    let db = Db::connect(&url, 2).await.unwrap();
    let desk = app.other_client();
    desk.operator("9200000021").await;
    let me = app.funded(&desk, "9200000022", 70_000).await["user"]["id"].clone();
    let status: Value = app.get("/api/kyc").await.json().await.unwrap();
    assert_eq!((status["level"].as_str(), status["status"].as_str()), (Some("none"), Some("none")));

    // Above ₹10,000 in one request: refused, nothing held or stored.
    let withdrawals = count(&db, "SELECT COUNT(*) FROM withdrawals").await;
    let (s, body) = withdraw(&app, 10_000.01).await;
    assert_eq!((s, body["error"].as_str()), (StatusCode::FORBIDDEN, Some("kyc_required")), "{body}");
    assert_eq!(app.wallet(&me).await, (70_000.0, 0.0));
    assert_eq!(count(&db, "SELECT COUNT(*) FROM withdrawals").await, withdrawals);
    // Up to ₹50,000 over 30 days in requests of at most ₹10,000; a rejected one does not count.
    for _ in 0..5 {
        assert_eq!(withdraw(&app, 10_000.0).await.0, StatusCode::CREATED);
    }
    let (s, body) = withdraw(&app, 0.01).await;
    assert_eq!((s, body["error"].as_str()), (StatusCode::FORBIDDEN, Some("kyc_required")), "{body}");
    let list: Value = desk.get("/api/admin/withdrawals").await.json().await.unwrap();
    let first = list["withdrawals"][0]["id"].clone();
    assert_eq!(desk.post(&format!("/api/admin/withdrawals/{first}/reject"), &json!({})).await.status(), StatusCode::OK);
    assert_eq!(withdraw(&app, 10_000.0).await.0, StatusCode::CREATED);
    assert_eq!(withdraw(&app, 0.01).await.0, StatusCode::FORBIDDEN);

    // Bad submissions: each refused, nothing stored.
    let not_multipart = app.post("/api/kyc", &json!({"fullName": "Asha Verma"})).await;
    assert_eq!(error_of(not_multipart).await.1["error"], "invalid_input");
    let text = Part::bytes(b"just some text".to_vec()).file_name("id.png").mime_str("image/png").unwrap();
    let gif = Part::bytes(b"GIF89a\x01\0\x01\0".to_vec()).file_name("id.gif").mime_str("image/gif").unwrap();
    let oversized = Part::bytes(png(64 * 1024)).file_name("big.png").mime_str("image/png").unwrap();
    let bad = [
        (form(None, "ABCDE1234F"), StatusCode::BAD_REQUEST, "invalid_input"),
        (form(Some(png(10)), "A1"), StatusCode::BAD_REQUEST, "invalid_input"),
        (form(None, "ABCDE1234F").part("front", text), StatusCode::UNSUPPORTED_MEDIA_TYPE, "not_an_image"),
        (form(None, "ABCDE1234F").part("front", gif), StatusCode::UNSUPPORTED_MEDIA_TYPE, "not_an_image"),
        (form(None, "ABCDE1234F").part("front", oversized), StatusCode::PAYLOAD_TOO_LARGE, "file_too_large"),
        (form(Some(png(10)), "ABCDE1234F").text("extra", "x"), StatusCode::BAD_REQUEST, "invalid_input"),
        (form(Some(png(10)), "ABCDE1234F").text("idType", "pan"), StatusCode::BAD_REQUEST, "invalid_input"),
    ];
    for (i, (f, status, code)) in bad.into_iter().enumerate() {
        let (s, body) = submit(&app, f).await;
        assert_eq!((s, body["error"].as_str()), (status, Some(code)), "case {i}: {body}");
    }
    // Parts past the form's five are refused as they come (empty images would be skipped, however many).
    let many = (0..6).fold(form(Some(png(10)), "ABCDE1234F"), |f, _| f.text("back", ""));
    let (s, body) = submit(&app, many).await;
    assert_eq!((s, body["message"].as_str()), (StatusCode::BAD_REQUEST, Some("The form has too many parts")));
    assert_eq!(count(&db, "SELECT COUNT(*) FROM kyc").await, 0);
    assert_eq!(count(&db, "SELECT COUNT(*) FROM kyc_documents").await, 0);

    // A good one: pending, level basic; a second waits for the first.
    let image = png(100);
    let (s, k) = submit(&app, form(Some(image.clone()), "abcde 1234f")).await;
    assert_eq!(s, StatusCode::CREATED, "{k}");
    assert_eq!(
        (k["level"].as_str(), k["status"].as_str(), k["idType"].as_str()),
        (Some("basic"), Some("pending"), Some("pan"))
    );
    assert_eq!(submit(&app, form(Some(png(1)), "ABCDE1234F")).await.1["error"], "kyc_pending");
    let doc = k["documents"][0]["id"].as_i64().unwrap();
    assert_eq!(k["documents"][0]["contentType"], "image/png");

    // The player sees their own image; nobody else does, and it is never public.
    let own = app.get(&format!("/api/kyc/documents/{doc}")).await;
    assert_eq!(own.status(), StatusCode::OK);
    assert_eq!(own.headers()["content-type"], "image/png");
    assert_eq!(own.headers()["x-content-type-options"], "nosniff");
    assert_eq!(own.headers()["cache-control"], "no-store, private");
    assert_eq!(own.bytes().await.unwrap().to_vec(), image);
    let other = app.other_client();
    other.player("9200000023").await;
    assert_eq!(other.get(&format!("/api/kyc/documents/{doc}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(other.get(&format!("/api/admin/kyc/documents/{doc}")).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(other.post(&format!("/api/admin/kyc/{me}/approve"), &json!({})).await.status(), StatusCode::FORBIDDEN);
    let anonymous = crate::helpers::client().get(format!("{}/api/kyc/documents/{doc}", app.base)).send().await.unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);

    // The operator's queue: the submission with what the player declared; the image.
    let queue: Value = desk.get("/api/admin/kyc").await.json().await.unwrap();
    let s0 = &queue["submissions"][0];
    assert_eq!(
        (s0["userId"].clone(), s0["dateOfBirth"].as_str(), s0["region"].as_str(), s0["idNumber"].as_str()),
        (me.clone(), Some(ADULT_BORN), Some("IN-MH"), Some("ABCDE1234F"))
    );
    assert!(s0["age"].as_i64().unwrap() >= 36);
    assert_eq!(desk.get(&format!("/api/admin/kyc/documents/{doc}")).await.bytes().await.unwrap().to_vec(), image);
    assert_eq!(error_of(desk.get("/api/admin/kyc?status=maybe").await).await.0, StatusCode::BAD_REQUEST);

    // A rejection needs a reason; the player reads it and submits again.
    let reject = format!("/api/admin/kyc/{me}/reject");
    assert_eq!(error_of(desk.post(&reject, &json!({})).await).await.1["error"], "invalid_input");
    let r: Value = desk.post(&reject, &json!({"reason": "The photo is blurred"})).await.json().await.unwrap();
    assert_eq!((r["status"].as_str(), r["reason"].as_str()), (Some("rejected"), Some("The photo is blurred")));
    assert_eq!(error_of(desk.post(&reject, &json!({"reason": "again"})).await).await.1["error"], "kyc_not_pending");
    let mine: Value = app.get("/api/kyc").await.json().await.unwrap();
    assert_eq!((mine["status"].as_str(), mine["reason"].as_str()), (Some("rejected"), Some("The photo is blurred")));
    assert_eq!(withdraw(&app, 10_000.01).await.1["error"], "kyc_required");
    let (s, k) = submit(&app, form(Some(png(200)), "ABCDE1234F")).await;
    assert_eq!((s, k["status"].as_str(), k["reason"].clone()), (StatusCode::CREATED, Some("pending"), Value::Null));
    assert_eq!(k["documents"].as_array().unwrap().len(), 1, "the latest submission's images");

    // Approved: verified, and the large withdrawal goes through.
    let approve = format!("/api/admin/kyc/{me}/approve");
    let a: Value = desk.post(&approve, &json!({})).await.json().await.unwrap();
    assert_eq!((a["level"].as_str(), a["status"].as_str()), (Some("verified"), Some("approved")));
    assert_eq!(error_of(desk.post(&approve, &json!({})).await).await.1["error"], "kyc_not_pending");
    assert_eq!(submit(&app, form(Some(png(1)), "ABCDE1234F")).await.1["error"], "kyc_verified");
    assert_eq!(withdraw(&app, 15_000.0).await.0, StatusCode::CREATED);
    let detail: Value = desk.get(&format!("/api/admin/users/{me}")).await.json().await.unwrap();
    assert_eq!(detail["user"]["kycLevel"], "verified");
    // Both decisions are in the audit log.
    let audit = count(&db, "SELECT COUNT(*) FROM audit_log WHERE action IN ('kyc.approve', 'kyc.reject')").await;
    assert_eq!(audit, 2);
}

#[tokio::test]
async fn play_mode_asks_no_age_region_or_identity() {
    let url = fresh_database_url("real").await.unwrap();
    let mut config = config(url, "IN-SK");
    config.money.mode = MoneyMode::Play;
    let app = spawn_app_on(config).await;
    let platform: Value = app.get("/api/platform").await.json().await.unwrap();
    assert!(platform.get("realMoney").is_none(), "{platform}");
    // No date of birth, no region, or a region real mode would refuse: all welcome.
    let r = app
        .post("/api/signup", &json!({"username": "9200000031", "email": "Play Player", "password": "secret1"}))
        .await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let r = app.post("/api/signup", &signup_body("9200000032", "2020-01-01", "IN-MH")).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    app.player("9200000033").await;
    let (s, body) = submit(&app, form(Some(png(10)), "ABCDE1234F")).await;
    assert_eq!((s, body["error"].as_str()), (StatusCode::FORBIDDEN, Some("play_mode")));
}
