//! Money modes: in play mode no money comes in or goes out (every such route refuses and moves nothing, and the
//! database refuses a request row), points come from the play account (a grant, a daily top-up up to a ceiling) and
//! the books sum to zero; a start in the other mode is refused while players hold anything, or voids play points when
//! the operator chose that.

use crate::helpers::{TestApp, config_for, error_of, spawn_app_on, try_spawn_app_on};
use casino_actors::money::Paise;
use casino_actors::play::{ModeChange, MoneyMode, PlayPoints};
use casino_actors::store::{Db, fresh_database_url};
use game_server::config::{Config, MoneySettings};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::Any;

fn play_config(url: String) -> Config {
    let mut config = config_for(url);
    config.money = MoneySettings {
        mode: MoneyMode::Play,
        change: ModeChange::Refuse,
        points: PlayPoints {
            grant: Paise::from_rupees(1_000),
            top_up: Paise::from_rupees(500),
            ceiling: Paise::from_rupees(2_000),
        },
        ..MoneySettings::default()
    };
    config
}

async fn count(db: &Db, sql: &'static str) -> i64 {
    sqlx::query_scalar::<Any, i64>(sql).fetch_one(&db.pool).await.unwrap()
}

async fn books(desk: &TestApp) -> Value {
    let r = desk.get("/api/admin/books").await;
    assert_eq!(r.status(), StatusCode::OK);
    r.json().await.unwrap()
}

#[tokio::test]
async fn in_play_mode_no_money_comes_in_or_goes_out_and_points_come_from_the_play_account() {
    let url = fresh_database_url("play").await.unwrap();
    let app = spawn_app_on(play_config(url.clone())).await;
    let db = Db::connect(&url, 2).await.unwrap();

    let platform: Value = app.get("/api/platform").await.json().await.unwrap();
    assert_eq!(platform["moneyMode"], "play");
    assert_eq!(platform["playPoints"], json!({"grant": 1000, "topUp": 500, "ceiling": 2000}));

    // A new player starts with the grant.
    let login = app.player("9100000001").await;
    let me = login["user"]["id"].clone();
    assert_eq!(app.wallet(&me).await, (1_000.0, 0.0));
    let desk = app.other_client();
    desk.operator("9100000002").await;

    // Every way money would come in or go out refuses with `play_mode`, a well-formed request or not, and moves
    // nothing.
    let ledger = count(&db, "SELECT COUNT(*) FROM ledger").await;
    let deposit =
        json!({"Utr": "UTR91000001", "userName": "Test Player", "user": me, "phoneNumber": "", "deposite": 500});
    let refused = [
        app.post("/api/add-more-points", &deposit).await,
        app.post("/api/add-more-points", &json!({"deposite": -5})).await,
        app.get("/api/getupiqr").await,
        app.post(
            "/api/withdraw",
            &json!({"userName": "T", "upiId": "t@upi", "phoneNumber": "9100000001", "withdrawAmount": 100}),
        )
        .await,
        desk.put("/api/admin/upi", &json!({"upi_id": "house@upi"})).await,
        desk.post("/api/admin/deposits/1/approve", &json!({})).await,
        desk.post("/api/admin/withdrawals/1/approve", &json!({})).await,
    ];
    for r in refused {
        let url = r.url().path().to_string();
        let (status, body) = error_of(r).await;
        assert_eq!((status, body["error"].as_str()), (StatusCode::FORBIDDEN, Some("play_mode")), "{url}: {body}");
    }
    assert_eq!(count(&db, "SELECT COUNT(*) FROM ledger").await, ledger, "nothing moved");
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM deposits").await + count(&db, "SELECT COUNT(*) FROM withdrawals").await,
        0
    );
    assert_eq!(app.wallet(&me).await, (1_000.0, 0.0));
    // The database's own guard: a request row is refused whatever writes it.
    let written = sqlx::query::<Any>(
        "INSERT INTO deposits (user_id, utr, user_name, phone, amount, status, created_at) \
         VALUES ($1, 'UTR-BYPASS', 'T', 'N/A', 100, 'pending', 0)",
    )
    .bind(me.as_i64().unwrap())
    .execute(&db.pool)
    .await;
    assert!(written.unwrap_err().to_string().contains("play_mode"));

    // The day's top-up: ₹500 (the balance is ₹1,000 under the ceiling), once.
    let status: Value = app.get("/api/play-points").await.json().await.unwrap();
    assert_eq!((status["claimedToday"].as_bool(), status["available"].as_f64()), (Some(false), Some(500.0)));
    let r = app.post("/api/play-points/top-up", &json!({})).await;
    assert_eq!(r.status(), StatusCode::OK);
    let topped: Value = r.json().await.unwrap();
    assert_eq!((topped["credited"].as_f64(), topped["balance"].as_f64()), (Some(500.0), Some(1_500.0)));
    assert!(topped["nextAt"].as_i64().unwrap() > 0);
    let (status, body) = error_of(app.post("/api/play-points/top-up", &json!({})).await).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::CONFLICT, Some("top_up_claimed")), "{body}");
    let status: Value = app.get("/api/play-points").await.json().await.unwrap();
    assert_eq!((status["claimedToday"].as_bool(), status["available"].as_f64()), (Some(true), Some(0.0)));
    assert_eq!(app.wallet(&me).await, (1_500.0, 0.0));

    // A second player whom the operator tops up to the ceiling can claim nothing; the adjustment is play points too.
    let other = app.other_client();
    let them = other.player("9100000003").await["user"]["id"].clone();
    let adjusted = desk.post("/wallet/update", &json!({"userId": them, "amount": 1000, "reason": "prize"})).await;
    assert_eq!(adjusted.status(), StatusCode::OK);
    let (status, body) = error_of(other.post("/api/play-points/top-up", &json!({})).await).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::CONFLICT, Some("at_ceiling")), "{body}");

    // A double tap claims once: one answer credits, the other says it is claimed.
    let racer = app.other_client();
    let racer_id = racer.player("9100000004").await["user"]["id"].clone();
    let empty = json!({});
    let (a, b) =
        tokio::join!(racer.post("/api/play-points/top-up", &empty), racer.post("/api/play-points/top-up", &empty));
    let mut statuses = [a.status().as_u16(), b.status().as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 409]);
    assert_eq!(racer.wallet(&racer_id).await, (1_500.0, 0.0));

    // The books: every point came from the play account; the cashier never moved.
    let b = books(&desk).await;
    assert_eq!(b["moneyMode"], "play");
    assert_eq!(b["total"], 0);
    assert_eq!(b["players"]["balance"], 5_000);
    assert_eq!(b["play"]["balance"], -5_000);
    assert_eq!(b["cashier"]["balance"], 0);
}

#[tokio::test]
async fn play_points_are_refused_in_real_mode() {
    let app = crate::helpers::spawn_app().await;
    let platform: Value = app.get("/api/platform").await.json().await.unwrap();
    assert_eq!((platform["moneyMode"].as_str(), platform.get("playPoints")), (Some("real"), None), "{platform}");
    app.player("9100000011").await;
    for r in [app.get("/api/play-points").await, app.post("/api/play-points/top-up", &json!({})).await] {
        let (status, body) = error_of(r).await;
        assert_eq!((status, body["error"].as_str()), (StatusCode::FORBIDDEN, Some("play_mode_only")), "{body}");
    }
}

#[tokio::test]
async fn a_platform_changes_mode_only_when_nobody_holds_anything_or_its_play_points_are_voided() {
    // Real → play with a player's rupees: refused, whatever the operator chose.
    let url = fresh_database_url("play").await.unwrap();
    let real = config_for(url.clone());
    let app = spawn_app_on(real.clone()).await;
    let desk = app.other_client();
    desk.operator("9100000021").await;
    let player = app.other_client();
    player.funded(&desk, "9100000022", 300).await;
    drop((desk, player));
    app.halt();
    for change in [ModeChange::Refuse, ModeChange::VoidPlayPoints] {
        let mut play = play_config(url.clone());
        play.money.change = change;
        let refused = try_spawn_app_on(play).await.err().expect("refused");
        assert!(refused.contains("real money cannot become play points"), "{refused}");
    }
    // It still starts in real mode, the rupees where they were.
    let app = spawn_app_on(real).await;
    let desk = app.other_client();
    desk.login(&user_no(&desk, "9100000021").await, "operator-pass").await;
    assert_eq!(books(&desk).await["players"]["balance"], 300);
    drop(desk);
    app.halt();

    // Play → real with play points: refused unless voided; voided, the points go back to the play account and the
    // books still sum to zero.
    let url = fresh_database_url("play").await.unwrap();
    let app = spawn_app_on(play_config(url.clone())).await;
    let me = app.player("9100000031").await["user"]["id"].clone();
    app.halt();
    let refused = try_spawn_app_on(config_for(url.clone())).await.err().expect("refused");
    assert!(refused.contains("CASINO_MONEY_MODE_CHANGE=void-play-points"), "{refused}");
    let mut real = config_for(url.clone());
    real.money.change = ModeChange::VoidPlayPoints;
    let app = spawn_app_on(real).await;
    let login = app.login(&user_no(&app, "9100000031").await, "secret1").await;
    assert_eq!(app.wallet(&me).await, (0.0, 0.0));
    let desk = app.other_client();
    desk.operator("9100000032").await;
    let b = books(&desk).await;
    assert_eq!(
        (b["moneyMode"].as_str(), b["total"].as_f64(), b["play"]["balance"].as_f64()),
        (Some("real"), Some(0.0), Some(0.0))
    );
    let db = Db::connect(&url, 2).await.unwrap();
    assert_eq!(count(&db, "SELECT COUNT(*) FROM ledger WHERE kind = 'play_void' AND account_id > 0").await, 1);
    // Real mode takes deposits again.
    let body = json!({"Utr": "UTR91000031", "userName": "Test Player", "user": login["user"]["id"], "phoneNumber": "", "deposite": 100});
    assert_eq!(app.post("/api/add-more-points", &body).await.status(), StatusCode::CREATED);
}

async fn user_no(app: &TestApp, phone: &str) -> String {
    let r: Value = app.get(&format!("/api/userLoginUserNo/{phone}")).await.json().await.unwrap();
    r["userNo"].to_string()
}
