//! Load-test fixture players cannot leak money: no password (token only), no deposits or withdrawals, funded
//! from the shards' load-test accounts that the books report apart, and removable with their ledger by
//! `game-server fixtures remove` (the real binary) while the books still balance.

use crate::binary::{self, cli, free_port, scalar};
use crate::helpers::{TestApp, error_of, spawn_app_with};
use crate::socket::Sock;
use casino_actors::store::{Db, fresh_database_url};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::{Any, Row};
use std::process::{Child, Command};

/// A server with a small pool: the in-process servers of the whole suite share one PostgreSQL's connections.
async fn small_app() -> TestApp {
    spawn_app_with(|c| c.db_max_connections = 3).await
}

/// An operator client, and `count` fixture players (`{id, userNo, token}`) funded with `rupees` each.
async fn fixtures(app: &TestApp, count: usize, rupees: i64) -> (TestApp, Vec<Value>) {
    let desk = app.other_client();
    desk.operator(&format!("91{:08}", rand::random::<u32>() % 100_000_000)).await;
    let r = desk.post("/api/admin/fixtures/players", &json!({ "count": count, "balance": rupees })).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let body: Value = r.json().await.unwrap();
    (desk, body["players"].as_array().unwrap().clone())
}

async fn post_as(app: &TestApp, token: &str, path: &str, body: Value) -> reqwest::Response {
    // A client without cookies: the bearer token is the fixture's only credential.
    reqwest::Client::new().post(format!("{}{path}", app.base)).bearer_auth(token).json(&body).send().await.unwrap()
}

fn paise(v: &Value) -> i64 {
    (v.as_f64().unwrap_or_else(|| panic!("not a number: {v}")) * 100.0).round() as i64
}

#[tokio::test]
async fn fixture_players_have_no_password_and_only_their_token_lets_them_in() {
    let app = small_app().await;
    let (_desk, players) = fixtures(&app, 2, 100).await;
    for p in &players {
        // The old shared password, the stored marker itself, guesses: at most 4 tries, under
        // the per-account limit, so each answer is the password check's own.
        for password in ["load-test-player", "!fixture: token only", "fixture", "secret1"] {
            let r = app.post("/api/login", &json!({ "userNo": p["userNo"].to_string(), "password": password })).await;
            let (status, body) = error_of(r).await;
            assert_eq!((status, body["error"].as_str()), (StatusCode::UNAUTHORIZED, Some("bad_credentials")));
        }
        let me = app.get_as(p["token"].as_str().unwrap(), "/api/me").await;
        assert_eq!(me["id"], p["id"], "the token returned at creation works: {me}");
    }
    let db = Db::connect(&app.config.database_url, 1).await.unwrap();
    let hashes =
        sqlx::query::<Any>("SELECT password_hash FROM users WHERE fixture <> 0").fetch_all(&db.pool).await.unwrap();
    assert_eq!(hashes.len(), 2);
    for h in hashes {
        let h: String = h.try_get(0).unwrap();
        assert!(!h.starts_with('$'), "no fixture has a password hash: {h}");
    }
}

#[tokio::test]
async fn a_fixture_players_deposit_and_withdrawal_are_refused_and_move_nothing() {
    let app = small_app().await;
    let (desk, players) = fixtures(&app, 1, 100).await;
    let (id, token) = (&players[0]["id"], players[0]["token"].as_str().unwrap());
    let deposit = json!({ "Utr": "FIXTURE000001", "userName": "Load Player", "user": id, "phoneNumber": "9999999999",
                          "deposite": 500 });
    let (status, body) = error_of(post_as(&app, token, "/api/add-more-points", deposit).await).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::FORBIDDEN, Some("fixture_account")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("cannot move real money"), "{body}");
    let withdrawal = json!({ "user": id, "userName": "Load Player", "upi_id": "load@upi", "phoneNumber": "9999999999",
                             "withdrawAmount": 50 });
    let (status, body) = error_of(post_as(&app, token, "/api/withdraw", withdrawal).await).await;
    assert_eq!((status, body["error"].as_str()), (StatusCode::FORBIDDEN, Some("fixture_account")), "{body}");
    // Nor may an operator mix cashier money into a fixture's wallet.
    let r = desk.post("/wallet/update", &json!({ "userId": id, "amount": 1000, "reason": "top up" })).await;
    assert_eq!(error_of(r).await.1["error"], "fixture_account");

    let w = app.get_as(token, &format!("/api/getwalletandexposure/{id}")).await;
    assert_eq!((paise(&w["balance"]), paise(&w["exposureBalance"])), (10_000, 0), "nothing moved");
    let deposits: Value = desk.get("/api/admin/deposits").await.json().await.unwrap();
    let withdrawals: Value = desk.get("/api/admin/withdrawals").await.json().await.unwrap();
    assert_eq!(
        (deposits["deposits"].as_array().unwrap().len(), withdrawals["withdrawals"].as_array().unwrap().len()),
        (0, 0)
    );
    let db = Db::connect(&app.config.database_url, 1).await.unwrap();
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM ledger WHERE kind <> 'fixture'").await, 0, "only the funding moved");
}

#[tokio::test]
async fn fixtures_are_funded_from_the_load_test_account_which_the_books_report_apart() {
    let app = small_app().await;
    let (desk, _) = fixtures(&app, 3, 100).await;
    // A real player with an approved deposit, for contrast.
    let player = app.player("9811111111").await;
    let deposit = json!({ "Utr": "REAL000000001", "userName": "Test Player", "user": player["user"]["id"],
                          "phoneNumber": "9811111111", "deposite": 50 });
    assert_eq!(app.post("/api/add-more-points", &deposit).await.status(), StatusCode::CREATED);
    let pending: Value = desk.get("/api/admin/deposits?status=pending").await.json().await.unwrap();
    let deposit_id = &pending["deposits"][0]["id"];
    assert_eq!(
        desk.post(&format!("/api/admin/deposits/{deposit_id}/approve"), &json!({})).await.status(),
        StatusCode::OK
    );

    let books: Value = desk.get("/api/admin/books").await.json().await.unwrap();
    let line = |k: &str| (books[k]["accounts"].as_i64(), paise(&books[k]["balance"]), paise(&books[k]["exposure"]));
    let shards = app.config.wallet_shards as i64;
    assert_eq!(line("loadTest"), (Some(shards), -30_000, 0), "{books}");
    assert_eq!(line("fixturePlayers"), (Some(3), 30_000, 0), "{books}");
    assert_eq!(line("cashier"), (Some(shards), -5_000, 0), "the cashier paid only the real deposit: {books}");
    // Two players: the real one and the operator.
    assert_eq!(line("players"), (Some(2), 5_000, 0), "{books}");
    assert_eq!(line("house"), (Some(shards), 0, 0), "{books}");
    assert_eq!(paise(&books["total"]), 0);
    let r = app.get("/api/admin/books").await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN, "players do not read the books");

    let db = Db::connect(&app.config.database_url, 1).await.unwrap();
    let funding = "SELECT COUNT(*) FROM ledger l JOIN accounts a ON a.id = l.account_id \
                   WHERE l.kind = 'fixture' AND a.kind = 'load_test'";
    assert_eq!(scalar(&db, funding).await, 3, "each fixture's funding is a row on a load-test account");
    let cashier = "SELECT COUNT(*) FROM ledger l JOIN accounts a ON a.id = l.account_id \
                   WHERE l.kind = 'fixture' AND a.kind = 'cashier'";
    assert_eq!(scalar(&db, cashier).await, 0, "and none on the cashier's");
}

/// The real binary serving `db_url`, with short rounds that a ₹250 stake's liability cap ends early.
async fn start(db_url: &str, port: u16) -> Child {
    let settings = [
        ("CASINO_WALLET_SHARDS", "2"),
        ("CASINO_DB_MAX_CONNECTIONS", "4"),
        ("CASINO_AVIATOR_COUNTDOWN_MS", "3000"),
        ("CASINO_AVIATOR_PAUSE_MS", "300"),
        ("CASINO_AVIATOR_CHAIN_LENGTH", "1000"),
        ("CASINO_AVIATOR_MAX_BET", "500"),
        ("CASINO_AVIATOR_MAX_PAYOUT", "600"),
    ];
    binary::serve(db_url, port, &settings).await
}

/// Every ledger row that touches `user` (theirs, and the counter-party rows written against them).
async fn ledger_of(db: &Db, user: i64) -> Vec<(i64, i64, Option<i64>, i64, i64, String)> {
    sqlx::query::<Any>(
        "SELECT id, account_id, counterparty_id, delta_balance, delta_exposure, kind FROM ledger \
         WHERE account_id = $1 OR counterparty_id = $1 ORDER BY id",
    )
    .bind(user)
    .fetch_all(&db.pool)
    .await
    .unwrap()
    .iter()
    .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4), r.get(5)))
    .collect()
}

async fn wallet_row(db: &Db, id: i64) -> (i64, i64) {
    let r = sqlx::query::<Any>("SELECT balance, exposure FROM accounts WHERE id = $1")
        .bind(id)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    (r.get(0), r.get(1))
}

/// Plays one ₹250 Aviator bet over the socket and waits until its history row is written.
async fn play_a_round(base: &str, id: &Value, token: &str) {
    let mut s = Sock::connect(base, token).await;
    let (round, ack) = s.bet(json!({ "amount": 250, "slot": 0 }), 1_000).await;
    assert_eq!(ack["success"], true, "{ack}");
    s.wait("bet_result", |v| v["roundId"] == round).await;
    let http = reqwest::Client::new();
    loop {
        let history: Value =
            http.get(format!("{base}/api/history/{id}")).bearer_auth(token).send().await.unwrap().json().await.unwrap();
        let settled = history.as_array().unwrap().iter().any(|r| r["round_id"] == round && r["status"] != "Open");
        if settled {
            return;
        }
        // The round's bets are recorded at its end; wait for the next state frame instead of a timer.
        s.wait("aviator_game_state", |_| true).await;
    }
}

#[tokio::test]
async fn fixtures_remove_deletes_fixtures_with_their_ledger_and_the_books_still_balance() {
    let db_url = fresh_database_url("fixtures").await.unwrap();
    let operator_no = binary::operator(&db_url, "9000000066");
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut server = start(&db_url, port).await;
    let http = reqwest::Client::new();
    let post = |path: &str, token: &str, body: Value| {
        let request = http.post(format!("{base}{path}")).bearer_auth(token).json(&body);
        async move { request.send().await.unwrap().json::<Value>().await.unwrap() }
    };
    let (op, fixtures) = binary::fixture_players(&base, &operator_no, 3, 1000).await;

    // A real player: signs up, deposits through the cashier, and plays too.
    let signup =
        post("/api/signup", "", json!({ "username": "9822222222", "email": "Real Player", "password": "secret1", "dateOfBirth": "1990-01-15", "region": "IN-MH" }))
            .await;
    let real = post("/api/login", "", json!({ "userNo": signup["userNo"], "password": "secret1" })).await;
    let (real_id, real_token) = (real["user"]["id"].clone(), real["token"].as_str().unwrap().to_string());
    let deposit = json!({ "Utr": "REAL000000002", "userName": "Real Player", "user": real_id, "phoneNumber": "9822222222",
                          "deposite": 700 });
    let d = post("/api/add-more-points", &real_token, deposit).await;
    let approved = post(&format!("/api/admin/deposits/{}/approve", d["deposit"]["id"]), &op, json!({})).await;
    assert_eq!(approved["success"], true, "{approved}");

    play_a_round(&base, &fixtures[0]["id"], fixtures[0]["token"].as_str().unwrap()).await;
    play_a_round(&base, &real_id, &real_token).await;

    // A graceful stop: the command is for a stopped server.
    let status = Command::new("kill").args(["-TERM", &server.id().to_string()]).status().unwrap();
    assert!(status.success());
    let exited = tokio::task::spawn_blocking(move || server.wait()).await.unwrap().unwrap();
    assert!(exited.success());

    let db = Db::connect(&db_url, 1).await.unwrap();
    let ids: Vec<i64> = fixtures.iter().map(|p| p["id"].as_i64().unwrap()).collect();
    let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    let touching = format!("SELECT COUNT(*) FROM ledger WHERE account_id IN ({list}) OR counterparty_id IN ({list})");
    let house_rows = format!(
        "SELECT COUNT(*) FROM ledger l JOIN accounts a ON a.id = l.account_id \
         WHERE a.kind = 'house' AND l.counterparty_id = {}",
        ids[0]
    );
    assert!(scalar(&db, &house_rows).await > 0, "the fixture's round left counter-party rows on the house");
    assert!(scalar(&db, &touching).await >= 7, "funding, hold and settle rows of the fixtures");
    let real_id = real_id.as_i64().unwrap();
    let real_ledger = ledger_of(&db, real_id).await;
    assert!(real_ledger.len() >= 4, "deposit, hold and settle of the real player: {real_ledger:?}");
    let real_before = wallet_row(&db, real_id).await;
    let real_bets = format!("SELECT COUNT(*) FROM aviator_bets WHERE user_id = {real_id}");
    assert_eq!(scalar(&db, &real_bets).await, 1);

    let out = cli(&db_url, &["fixtures", "remove"]);
    assert_eq!(out.trim().lines().last(), Some("3"), "{out}");
    assert!(out.contains("removed 3 fixture players"), "{out}");

    for (what, sql) in [
        ("users", format!("SELECT COUNT(*) FROM users WHERE id IN ({list}) OR fixture <> 0")),
        ("accounts", format!("SELECT COUNT(*) FROM accounts WHERE id IN ({list})")),
        ("ledger rows", touching.clone()),
        ("sessions", format!("SELECT COUNT(*) FROM sessions WHERE user_id IN ({list})")),
        ("aviator bets", format!("SELECT COUNT(*) FROM aviator_bets WHERE user_id IN ({list})")),
        ("wallet intents", format!("SELECT COUNT(*) FROM wallet_intents WHERE user_id IN ({list})")),
    ] {
        assert_eq!(scalar(&db, &sql).await, 0, "fixture {what} left behind");
    }
    assert_eq!(ledger_of(&db, real_id).await, real_ledger, "the real player's ledger is untouched");
    assert_eq!(wallet_row(&db, real_id).await, real_before, "the real player's wallet is untouched");
    assert_eq!(scalar(&db, &real_bets).await, 1);
    let books = "SELECT CAST(COALESCE(SUM(balance + exposure), 0) AS BIGINT) FROM accounts";
    assert_eq!(scalar(&db, books).await, 0, "the books sum to zero");
    let off_ledger = "SELECT COUNT(*) FROM accounts a WHERE \
        a.balance <> COALESCE((SELECT CAST(SUM(l.delta_balance) AS BIGINT) FROM ledger l WHERE l.account_id = a.id), 0) \
        OR a.exposure <> COALESCE((SELECT CAST(SUM(l.delta_exposure) AS BIGINT) FROM ledger l WHERE l.account_id = a.id), 0)";
    assert_eq!(scalar(&db, off_ledger).await, 0, "every account equals the sum of its ledger rows");
    let load_test = "SELECT COUNT(*) FROM accounts WHERE kind = 'load_test' AND (balance <> 0 OR exposure <> 0)";
    assert_eq!(scalar(&db, load_test).await, 0, "the load-test money is all back");

    let again = cli(&db_url, &["fixtures", "remove"]);
    assert_eq!(again.trim().lines().last(), Some("0"), "nothing left to remove: {again}");
    assert_eq!(scalar(&db, books).await, 0);
}

#[tokio::test]
async fn a_load_test_server_plays_the_fixed_crash_points_in_order() {
    let app = spawn_app_with(|c| c.aviator.fixed_crash_points = Some([110, 100, 125].into())).await;
    let (_, token) = app.fixture_players(1, 100).await.remove(0);
    let mut s = Sock::connect(&app.base, &token).await;
    for (round, point) in [(2, 1.0), (3, 1.25), (4, 1.1)] {
        let result = s.wait("aviator_game_result", |v| v["roundId"] == round).await;
        assert_eq!(result["crashPoint"].as_f64(), Some(point), "round {round}: {result}");
    }
    // And the record agrees with what was played.
    let rounds: Value = app.get("/api/aviator/rounds").await.json().await.unwrap();
    let recorded = |id: i64| rounds.as_array().unwrap().iter().find(|r| r["roundId"] == id).cloned();
    assert_eq!(recorded(3).map(|r| r["crashPoint"].clone()), Some(json!(1.25)), "{rounds}");
}
