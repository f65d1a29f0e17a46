//! Aviator through the real Socket.IO gateway: bets hold money, cash-outs and auto cash-outs pay exactly,
//! refusals move nothing, history and the fairness verifier agree with what happened, and the caps taken from the
//! bankroll cash out the bets they should and no other.

use crate::helpers::{TestApp, error_of, spawn_app, spawn_app_with};
use crate::socket::Sock;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn paise(v: &Value) -> i64 {
    (v.as_f64().expect("number") * 100.0).round() as i64
}

async fn wallet(app: &TestApp, token: &str, id: &Value) -> (i64, i64) {
    let w = app.get_as(token, &format!("/api/getwalletandexposure/{id}")).await;
    (paise(&w["balance"]), paise(&w["exposureBalance"]))
}

#[tokio::test]
async fn a_bet_holds_the_stake_and_a_cash_out_pays_stake_times_multiplier() {
    let app = spawn_app().await;
    let (id, token) = app.fixture_players(1, 1_000).await.remove(0);
    let mut s = Sock::connect(&app.base, &token).await;
    let (round, ack) = s.bet(json!({"userId": id, "amount": 100, "slot": 0}), 500).await;
    assert_eq!(ack["success"], true, "{ack}");
    assert_eq!(wallet(&app, &token, &id).await, (90_000, 10_000), "the stake is held as exposure");
    let placed = s.wait("bet_placed", |v| v["roundId"] == round).await;
    assert_eq!(placed["amount"], 100);

    // Every round announces its take-off, even one that crashes at 1.00×.
    s.wait("aviator_game_state", |v| v["phase"] == "flying" && v["roundId"] == round).await;
    let ack = s.emit("cash_out", json!({"userId": id, "roundId": round, "slot": 0})).await;
    if ack["success"] == true {
        let m = paise(&ack["multiplier"]);
        assert!(m >= 100);
        assert_eq!(paise(&ack["totalWinnings"]), 10_000 * m / 100, "payout = stake × multiplier, rounded down");
        assert_eq!(wallet(&app, &token, &id).await, (90_000 + paise(&ack["totalWinnings"]), 0));
        let second = s.emit("cash_out", json!({"userId": id, "roundId": round, "slot": 0})).await;
        assert_eq!(
            (second["success"].as_bool(), second["message"].as_str()),
            (Some(false), Some("You Already Cashout"))
        );
    } else {
        // The round crashed before the cash-out arrived (at 1.00×, or soon after take-off): the stake is lost.
        assert_eq!(ack["error"], "too_late", "{ack}");
        s.wait("aviator_game_result", |v| v["roundId"] == round).await;
        s.wait("bet_result", |v| v["roundId"] == round).await;
        assert_eq!(wallet(&app, &token, &id).await, (90_000, 0));
    }
}

#[tokio::test]
async fn refused_bets_move_nothing_and_say_why() {
    // Room for a dozen requests in one betting window on a loaded machine.
    let app = spawn_app_with(|c| c.aviator.rules.countdown_ms = 6_000).await;
    let (id, token) = app.fixture_players(1, 50).await.remove(0);
    let mut s = Sock::connect(&app.base, &token).await;
    let round = s.countdown(4_000).await["roundId"].clone();
    let secret = app.get(&format!("/api/aviator/verify/{round}")).await;
    assert_eq!(secret.status(), reqwest::StatusCode::NOT_FOUND, "a round in play keeps its hash secret");
    for (payload, error) in [
        (json!({"amount": 60, "roundId": round, "slot": 0}), "insufficient_balance"),
        (json!({"amount": 5, "roundId": round, "slot": 0}), "stake_too_low"),
        (json!({"amount": 10.555, "roundId": round, "slot": 0}), "invalid_amount"),
        (json!({"amount": 20, "roundId": round, "slot": 2}), "bad_slot"),
        (json!({"amount": 20, "roundId": round, "slot": 0, "autoCashout": 1.0}), "bad_auto_cashout"),
        (json!({"amount": 20, "roundId": round.as_i64().unwrap() + 5, "slot": 0}), "wrong_round"),
        (json!({"amount": 20, "roundId": round, "slot": 0, "userId": 999_999}), "forbidden"),
        // What the screen never sends: each field that does not read is refused by its own code.
        (json!({"amount": "twenty", "roundId": round, "slot": 0}), "invalid_amount"),
        (json!({"roundId": round, "slot": 0}), "invalid_amount"),
        (json!({"amount": 20, "roundId": round, "slot": "one"}), "bad_slot"),
        (json!({"amount": 20, "roundId": round, "slot": -1}), "bad_slot"),
        (json!({"amount": 20, "roundId": round, "autoCashout": "high"}), "bad_auto_cashout"),
        (json!({"amount": 20, "roundId": round, "userId": " 5"}), "invalid_user_id"),
        (json!({"amount": 20, "roundId": "next", "slot": 0}), "wrong_round"),
        (json!({"amount": 20, "slot": 0}), "wrong_round"),
        (json!([20, round]), "wrong_round"),
    ] {
        let ack = s.emit("place_bet", payload.clone()).await;
        assert_eq!((ack["success"].as_bool(), ack["error"].as_str()), (Some(false), Some(error)), "{payload}");
    }
    assert_eq!(wallet(&app, &token, &id).await, (5_000, 0));
    assert_eq!(s.emit("place_bet", json!({"amount": 20, "roundId": round, "slot": 0})).await["success"], true);
    let again = s.emit("place_bet", json!({"amount": 20, "roundId": round, "slot": 0})).await;
    assert_eq!(again["message"], "Bet already placed");
    let cancelled = s.emit("cancel_bet", json!({"roundId": round, "slot": 0})).await;
    assert_eq!((cancelled["success"].as_bool(), cancelled["refundAmount"].as_i64()), (Some(true), Some(20)));
    assert_eq!(wallet(&app, &token, &id).await, (5_000, 0), "a cancelled bet comes back whole");
    s.wait("aviator_game_state", |v| v["phase"] == "flying" && v["roundId"] == round).await;
    // Closed for good: whether this round is still flying or the next one already takes bets.
    let late = s.emit("place_bet", json!({"amount": 20, "roundId": round, "slot": 1})).await;
    assert_eq!(late["error"], "betting_closed", "{late}");
    assert_eq!(wallet(&app, &token, &id).await, (5_000, 0));
}

#[tokio::test]
async fn auto_cash_out_pays_exactly_its_target_or_the_bet_is_lost() {
    let app = spawn_app().await;
    let (id, token) = app.fixture_players(1, 1_000).await.remove(0);
    let mut s = Sock::connect(&app.base, &token).await;
    let (round, ack) = s.bet(json!({"amount": 33.33, "slot": 1, "autoCashout": 1.5}), 500).await;
    assert_eq!(ack["success"], true, "{ack}");
    // A win arrives when the curve passes 1.5×; a loss at a crash below it.
    let result = s.wait("bet_result", |v| v["roundId"] == round).await;
    let (balance, exposure) = wallet(&app, &token, &id).await;
    assert_eq!(exposure, 0);
    if result["win"] == true {
        assert_eq!((result["win"].as_bool(), paise(&result["multiplier"])), (Some(true), 150));
        assert_eq!(paise(&result["winnings"]), 3_333 * 150 / 100);
        assert_eq!(balance, 100_000 - 3_333 + 4_999);
    } else {
        assert_eq!(result["win"], false);
        assert_eq!(balance, 100_000 - 3_333);
    }
    let history = app.get_as(&token, &format!("/api/history/{id}")).await;
    let row = history.as_array().unwrap().iter().find(|r| r["round_id"] == round).expect("history row");
    assert_eq!((row["betAmt"].as_f64(), row["slot"].as_i64()), (Some(33.33), Some(1)));
    assert_eq!(row["status"], if result["win"] == true { "Won" } else { "Lost" });
}

#[tokio::test]
async fn the_liability_cap_ends_a_round_early_and_every_round_verifies_against_the_commitment() {
    let app = spawn_app().await;
    let (id, token) = app.fixture_players(1, 2_000).await.remove(0);
    let mut s = Sock::connect(&app.base, &token).await;
    let mut played = Vec::new();
    for _ in 0..2 {
        let (round, ack) = s.bet(json!({"amount": 500, "slot": 0}), 500).await;
        assert_eq!(ack["success"], true, "{ack}");
        let result = s.wait("aviator_game_result", |v| v["roundId"] == round).await;
        let bet = s.wait("bet_result", |v| v["roundId"] == round).await;
        if result["capped"] == true {
            // The cap (₹600 per round) cashes the ₹500 stake out at exactly 1.2×, below the crash point.
            assert_eq!(
                (bet["win"].as_bool(), paise(&bet["multiplier"]), paise(&bet["winnings"])),
                (Some(true), 120, 60_000)
            );
            assert!(paise(&result["crashPoint"]) > 120);
        } else {
            assert_eq!(bet["win"], false, "an uncapped round with this bet crashed first");
        }
        played.push(round.as_i64().unwrap());
    }
    assert_eq!(wallet(&app, &token, &id).await.1, 0);
    let fairness: Value = app.get("/api/aviator/fairness").await.json().await.unwrap();
    assert_eq!(fairness["commitment"].as_str().unwrap().len(), 64);
    assert_eq!(fairness["houseEdgePercent"], 3.0);
    let rounds: Value = app.get("/api/aviator/rounds?limit=5").await.json().await.unwrap();
    let ids: Vec<i64> = rounds.as_array().unwrap().iter().map(|r| r["roundId"].as_i64().unwrap()).collect();
    assert!(played.iter().all(|p| ids.contains(p)), "{ids:?}");
    for id in ids {
        let v: Value = app.get(&format!("/api/aviator/verify/{id}")).await.json().await.unwrap();
        assert_eq!(v["valid"], true, "{v}");
        assert_eq!(v["chainSteps"], id);
    }
}

#[tokio::test]
async fn a_used_up_chain_hands_over_to_one_committed_before_it_and_old_rounds_still_verify() {
    let app = spawn_app_with(|c| {
        c.aviator.chain_length = 3;
        c.aviator.rules.countdown_ms = 1_000;
    })
    .await;
    let (_, token) = app.fixture_players(1, 5_000).await.remove(0);
    let fairness: Value = app.get("/api/aviator/fairness").await.json().await.unwrap();
    assert_eq!((fairness["firstRound"].as_i64(), fairness["chainLength"].as_i64()), (Some(1), Some(3)));
    let next = fairness["next"].clone();
    assert_eq!(next["firstRound"], 4, "the next chain is committed before the first one is used up: {fairness}");
    assert_ne!(next["commitment"], fairness["commitment"]);

    let mut s = Sock::connect(&app.base, &token).await;
    loop {
        // A ₹500 stake meets the test's ₹600 cap by 1.2×, so every flight is short.
        let (round, ack) = s.bet(json!({"amount": 500, "slot": 0}), 300).await;
        assert_eq!(ack["success"], true, "{ack}");
        // The bet's result comes once the round is on record.
        s.wait("bet_result", |v| v["roundId"] == round).await;
        if round.as_i64().unwrap() >= 5 {
            break;
        }
    }
    let rounds: Value = app.get("/api/aviator/rounds?limit=10").await.json().await.unwrap();
    let ids: Vec<i64> = rounds.as_array().unwrap().iter().map(|r| r["roundId"].as_i64().unwrap()).collect();
    assert!(ids.contains(&4) && ids.contains(&5), "{ids:?}");
    for id in ids {
        let v: Value = app.get(&format!("/api/aviator/verify/{id}")).await.json().await.unwrap();
        assert_eq!(v["valid"], true, "{v}");
        let (first, commitment) = if id <= 3 { (1, &fairness["commitment"]) } else { (4, &next["commitment"]) };
        assert_eq!((v["chainSteps"].as_i64(), &v["commitment"]), (Some(id - first + 1), commitment), "{v}");
    }
    let now: Value = app.get("/api/aviator/fairness").await.json().await.unwrap();
    assert_eq!(now["commitment"], next["commitment"], "the second chain is in play");
    assert_eq!(now["next"]["firstRound"], 7, "and the third is already committed");
    assert_eq!(now["chains"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn a_chain_waits_for_its_public_salt_which_is_fixed_once_after_its_commitment() {
    let app = spawn_app_with(|c| {
        c.aviator.chain_length = 2;
        c.aviator.rules.countdown_ms = 1_000;
        c.aviator.salt_source = Some("the hash of Bitcoin block 900000".into());
    })
    .await;
    let (_, token) = app.fixture_players(1, 5_000).await.remove(0);
    let fairness: Value = app.get("/api/aviator/fairness").await.json().await.unwrap();
    assert_eq!(fairness["chains"][0]["saltSource"], "server", "the first chain cannot wait: {fairness}");
    let next = fairness["next"].clone();
    assert_eq!((next["firstRound"].as_i64(), next["salt"].is_null()), (Some(3), true), "{next}");
    assert_eq!(next["saltSource"], "the hash of Bitcoin block 900000");

    // Rounds 1 and 2 play; round 3 cannot open before its salt is fixed.
    let mut s = Sock::connect(&app.base, &token).await;
    loop {
        let (round, ack) = s.bet(json!({"amount": 500, "slot": 0}), 300).await;
        assert_eq!(ack["success"], true, "{ack}");
        s.wait("bet_result", |v| v["roundId"] == round).await;
        if round == 2 {
            break;
        }
    }
    let public_value = "00000000000000000001a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3";
    let path = "/api/admin/aviator/chains/3/salt";
    let player = app.post(path, &json!({"salt": public_value})).await;
    assert_eq!(player.status(), reqwest::StatusCode::UNAUTHORIZED, "not for anonymous callers");
    let desk = app.other_client();
    desk.operator("9000000055").await;
    assert_eq!(desk.post(path, &json!({"salt": "has spaces"})).await.status(), reqwest::StatusCode::BAD_REQUEST);
    assert_eq!(
        desk.post("/api/admin/aviator/chains/1/salt", &json!({"salt": public_value})).await.status(),
        reqwest::StatusCode::CONFLICT,
        "the first chain's salt is fixed"
    );
    let rounds: Value = app.get("/api/aviator/rounds?limit=10").await.json().await.unwrap();
    assert!(rounds.as_array().unwrap().iter().all(|r| r["roundId"].as_i64() < Some(3)), "round 3 waited: {rounds}");
    let fixed = desk.post(path, &json!({"salt": public_value})).await;
    assert_eq!(fixed.status(), reqwest::StatusCode::OK);
    assert_eq!(
        desk.post(path, &json!({"salt": "another"})).await.status(),
        reqwest::StatusCode::CONFLICT,
        "fixed once"
    );

    // Round 3 now plays with that salt, and verifies with it.
    let (round, ack) = s.bet(json!({"amount": 500, "slot": 0}), 300).await;
    assert_eq!((ack["success"].as_bool(), round.as_i64()), (Some(true), Some(3)), "{ack}");
    s.wait("bet_result", |v| v["roundId"] == round).await;
    let v: Value = app.get("/api/aviator/verify/3").await.json().await.unwrap();
    assert_eq!((v["valid"].as_bool(), v["salt"].as_str()), (Some(true), Some(public_value)), "{v}");
    let now: Value = app.get("/api/aviator/fairness").await.json().await.unwrap();
    let chain = &now["chains"][1];
    assert!(chain["createdAt"].as_str() <= chain["saltFixedAt"].as_str(), "fixed after the commitment: {chain}");
}

#[tokio::test]
async fn with_a_seed_key_a_database_copy_does_not_hold_the_chain_and_a_wrong_key_stops_start_up() {
    use casino_actors::aviator::chains::SeedKey;
    use casino_actors::aviator::fair::{HashChain, to_hex};
    use casino_actors::aviator::store::parse_hash;
    use sqlx::Row;
    let app = spawn_app_with(|c| c.aviator.seed_key = Some(SeedKey::new("a long secret seed key for the tests"))).await;
    let db = casino_actors::store::Db::connect(&app.config.database_url, 2).await.unwrap();
    let row = sqlx::query::<sqlx::Any>("SELECT seed, seed_keyed, commitment FROM aviator_chains WHERE first_round = 1")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    let (stored, keyed, commitment): (String, i64, String) = (row.get(0), row.get(1), row.get(2));
    assert_eq!(keyed, 1);
    let from_the_copy = HashChain::generate(parse_hash(&stored).unwrap(), app.config.aviator.chain_length);
    assert_ne!(to_hex(&from_the_copy.terminating_hash()), commitment, "the stored value is not the seed");

    let mut wrong = app.config.clone();
    wrong.aviator.seed_key = Some(SeedKey::new("another key entirely"));
    let refused = tokio::task::spawn_blocking(move || {
        actix_web::rt::System::new().block_on(async move {
            game_server::startup::Application::build(wrong).await.err().map(|e| format!("{e:#}"))
        })
    })
    .await
    .unwrap();
    assert!(refused.as_deref().is_some_and(|e| e.contains("does not match its commitment")), "{refused:?}");

    let again = crate::helpers::spawn_app_on(app.config.clone()).await;
    let fairness: Value = again.get("/api/aviator/fairness").await.json().await.unwrap();
    assert_eq!(fairness["chains"][0]["commitment"], commitment.as_str(), "the right key plays the committed chain");
}

/// The official socket.io-client plays a bet with its default transports (long-polling, then the upgrade to a
/// websocket) and with long-polling only (`http/tests/js/aviator_client.mjs`). Needs Node; `SKIP_NODE_TESTS=1`
/// skips (printed).
#[tokio::test]
async fn the_official_client_plays_aviator_with_default_transports_and_over_polling_only() {
    if std::env::var_os("SKIP_NODE_TESTS").is_some() {
        println!("SKIPPED: SKIP_NODE_TESTS is set");
        return;
    }
    let js = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../http/tests/js");
    if !js.join("node_modules").join("socket.io-client").exists() {
        let dir = js.clone();
        let ok = tokio::task::spawn_blocking(move || {
            std::process::Command::new("npm").args(["ci", "--no-audit", "--no-fund"]).current_dir(dir).status()
        })
        .await
        .unwrap()
        .unwrap()
        .success();
        assert!(ok, "npm ci in http/tests/js failed");
    }
    let app = spawn_app().await;
    let players = app.fixture_players(2, 1_000).await;
    // Both at once: each waits for a round of its own.
    let runs: Vec<_> = ["default", "polling"]
        .into_iter()
        .zip(players)
        .map(|(mode, (id, token))| {
            let (script, base, t) = (js.join("aviator_client.mjs"), app.base.clone(), token.clone());
            let run = tokio::task::spawn_blocking(move || {
                std::process::Command::new("node").arg(script).arg(base).arg(t).arg(mode).output()
            });
            (mode, id, token, run)
        })
        .collect();
    for (mode, id, token, run) in runs {
        let out = run.await.unwrap().expect("node");
        print!("{}", String::from_utf8_lossy(&out.stdout));
        eprint!("{}", String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "{mode}: the official client failed");
        // The bet's result as the client heard it; the wallet agrees, and nothing is held.
        let stdout = String::from_utf8_lossy(&out.stdout);
        let line = stdout.lines().find_map(|l| l.strip_prefix("RESULT ")).expect("the RESULT line");
        let result: Value = serde_json::from_str(line).unwrap();
        let winnings = result["winnings"].as_f64().unwrap();
        let wallet = app.get_as(&token, &format!("/api/getwalletandexposure/{id}")).await;
        let got = (wallet["balance"].as_f64(), wallet["exposureBalance"].as_f64());
        assert_eq!(got, (Some(500.0 + winnings), Some(0.0)), "{mode}: {result}");
    }
}

/// An operator on the console, on the same server.
async fn operator(app: &TestApp) -> TestApp {
    let desk = app.other_client();
    desk.operator(&format!("92{:08}", rand::random::<u32>() % 100_000_000)).await;
    desk
}

async fn aviator_row(desk: &TestApp) -> Value {
    let games: Value = desk.get("/api/admin/games").await.json().await.unwrap();
    games["games"][0].clone()
}

/// The next betting phase with at least `min_ms` left in a round after `after`.
async fn countdown_after(s: &mut Sock, after: i64, min_ms: i64) -> i64 {
    let state = s
        .wait("aviator_game_state", |v| {
            v["phase"] == "countdown"
                && v["roundId"].as_i64() > Some(after)
                && v["countdownMs"].as_i64().unwrap_or(0) >= min_ms
        })
        .await;
    state["roundId"].as_i64().unwrap()
}

#[tokio::test]
async fn a_share_of_the_bankroll_caps_the_round_taking_the_big_bet_out_first_while_a_small_one_flies_on() {
    // Every round crashes at 1.50×; long enough a countdown for two bets on a loaded machine.
    let app = spawn_app_with(|c| {
        c.aviator.fixed_crash_points = Some([150].into());
        c.aviator.rules.countdown_ms = 4_000;
    })
    .await;
    let desk = operator(&app).await;
    let mut players = app.fixture_players(2, 1_000).await;
    let (small_id, small_token) = players.pop().unwrap();
    let (big_id, big_token) = players.pop().unwrap();
    let mut big = Sock::connect(&app.base, &big_token).await;
    let mut small = Sock::connect(&app.base, &small_token).await;

    // Bad input is refused with its own code, and nothing changes (nor is audited).
    for (body, code) in [
        (json!({"maxPayoutBankrollBp": 1.125}), "invalid_bankroll_share"),
        (json!({"maxPayoutBankrollBp": 10_000.01}), "invalid_bankroll_share"),
        (json!({"maxPlayerPayoutBankrollBp": -1}), "invalid_bankroll_share"),
        (json!({"maxPlayerPayoutBankrollBp": "lots"}), "invalid_bankroll_share"),
        (json!({"bankrollCapital": -5}), "invalid_bankroll_capital"),
        (json!({"bankrollCapital": 10.001, "maxPayoutBankrollBp": 60}), "invalid_bankroll_capital"),
    ] {
        let (status, err) = error_of(desk.put("/api/admin/games/aviator/settings", &body).await).await;
        assert_eq!((status, err["error"].as_str()), (StatusCode::BAD_REQUEST, Some(code)), "{body} → {err}");
    }
    let row = aviator_row(&desk).await;
    assert_eq!(row["pending"], Value::Null, "{row}");
    assert_eq!(
        (row["settings"]["maxPayoutBankrollBp"].as_f64(), row["settings"]["bankrollCapital"].as_f64()),
        (Some(0.0), Some(0.0))
    );
    // The test server's own cap: ₹600, no share of anything; nothing won or lost yet.
    assert_eq!(row["caps"], json!({"bankroll": 0, "maxPayout": 600, "maxPlayerPayout": null}));

    // ₹1 lakh of capital behind the game and 0.6 % of it for a round (₹600) under a ₹1 lakh amount.
    let change = json!({"maxPayoutPerRound": 100_000, "bankrollCapital": 100_000, "maxPayoutBankrollBp": 60});
    let changed = desk.put("/api/admin/games/aviator/settings", &change).await;
    assert_eq!(changed.status(), StatusCode::OK);
    let game = changed.json::<Value>().await.unwrap()["game"].clone();
    assert_eq!(game["pending"]["maxPayoutBankrollBp"].as_f64(), Some(60.0), "{game}");
    let audit: Value = desk.get("/api/admin/audit").await.json().await.unwrap();
    let changes: Vec<&Value> =
        audit["entries"].as_array().unwrap().iter().filter(|e| e["action"] == "game.settings").collect();
    assert_eq!(changes.len(), 1, "only the change that was taken is audited: {audit}");
    assert_eq!(
        (changes[0]["before"]["maxPayoutBankrollBp"].as_f64(), changes[0]["after"]["maxPayoutBankrollBp"].as_f64()),
        (Some(0.0), Some(60.0))
    );
    assert_eq!(changes[0]["after"]["bankrollCapital"].as_f64(), Some(100_000.0));

    // The round after this one plays by it, with its cap fixed when it opened.
    let round = countdown_after(&mut big, game["round"].as_i64().unwrap(), 2_500).await;
    let row = aviator_row(&desk).await;
    assert_eq!((row["round"].as_i64(), &row["pending"]), (Some(round), &Value::Null), "{row}");
    assert_eq!(row["caps"], json!({"bankroll": 100_000, "maxPayout": 600, "maxPlayerPayout": null}));

    // ₹500 and ₹20 in the air: the cap binds past 1.15× (600 / 520). The ₹500 is taken out at 1.15× (₹575); the ₹20
    // alone may go to 1.25× within the ₹25 left, and its auto cash-out at 1.20× comes first.
    let ack = big.emit("place_bet", json!({"userId": big_id, "amount": 500, "slot": 0, "roundId": round})).await;
    assert_eq!(ack["success"], true, "{ack}");
    let ack = small
        .emit("place_bet", json!({"userId": small_id, "amount": 20, "slot": 0, "roundId": round, "autoCashout": 1.2}))
        .await;
    assert_eq!(ack["success"], true, "{ack}");
    let big_result = big.wait("bet_result", |v| v["roundId"] == round).await;
    assert_eq!(
        (
            big_result["win"].as_bool(),
            paise(&big_result["multiplier"]),
            paise(&big_result["winnings"]),
            big_result["capped"].as_bool()
        ),
        (Some(true), 115, 57_500, Some(true)),
        "{big_result}"
    );
    let small_result = small.wait("bet_result", |v| v["roundId"] == round).await;
    assert_eq!(
        (
            small_result["win"].as_bool(),
            paise(&small_result["multiplier"]),
            paise(&small_result["winnings"]),
            small_result["capped"].as_bool()
        ),
        (Some(true), 120, 2_400, Some(false)),
        "the small bet flew on past the big one's cap: {small_result}"
    );
    // Nobody was left in the air by the cap, so the round flew on to its crash point.
    let result = small.wait("aviator_game_result", |v| v["roundId"] == round).await;
    assert_eq!((result["capped"].as_bool(), result["crashPoint"].as_f64()), (Some(false), Some(1.5)), "{result}");
    assert_eq!(wallet(&app, &big_token, &big_id).await, (100_000 - 50_000 + 57_500, 0));
    assert_eq!(wallet(&app, &small_token, &small_id).await, (100_000 - 2_000 + 2_400, 0));
}

#[tokio::test]
async fn a_players_share_of_the_bankroll_cashes_out_only_that_player() {
    // As the environment sets it: ₹1 lakh of capital, 0.45 % of it (₹450) the most one player is paid in a round.
    let app = spawn_app_with(|c| {
        c.aviator.fixed_crash_points = Some([150].into());
        c.aviator.rules.countdown_ms = 4_000;
        c.aviator.rules.max_player_payout_bankroll_ppm = 4_500;
        c.aviator.rules.bankroll_capital = casino_actors::money::Paise::from_rupees(100_000);
    })
    .await;
    let desk = operator(&app).await;
    let mut players = app.fixture_players(2, 1_000).await;
    let (small_id, small_token) = players.pop().unwrap();
    let (big_id, big_token) = players.pop().unwrap();
    let mut big = Sock::connect(&app.base, &big_token).await;
    let mut small = Sock::connect(&app.base, &small_token).await;
    let round = countdown_after(&mut big, 0, 2_500).await;
    let row = aviator_row(&desk).await;
    assert_eq!(row["settings"]["maxPlayerPayoutBankrollBp"].as_f64(), Some(45.0), "{row}");
    assert_eq!(row["caps"]["maxPlayerPayout"].as_f64(), Some(450.0), "{row}");

    // ₹400 reaches ₹450 at 1.12×; with it in the air a player may stake ₹45.54 more (₹450 at 1.01×), no more.
    let ack = big.emit("place_bet", json!({"userId": big_id, "amount": 400, "slot": 0, "roundId": round})).await;
    assert_eq!(ack["success"], true, "{ack}");
    let more = big.emit("place_bet", json!({"userId": big_id, "amount": 50, "slot": 1, "roundId": round})).await;
    assert_eq!(
        (more["error"].as_str(), more["message"].as_str()),
        (Some("stake_too_high"), Some("Maximum bet is 45.54 INR"))
    );
    let ack = small
        .emit("place_bet", json!({"userId": small_id, "amount": 100, "slot": 0, "roundId": round, "autoCashout": 1.3}))
        .await;
    assert_eq!(ack["success"], true, "{ack}");

    let big_result = big.wait("bet_result", |v| v["roundId"] == round).await;
    assert_eq!(
        (paise(&big_result["multiplier"]), paise(&big_result["winnings"]), big_result["capped"].as_bool()),
        (112, 44_800, Some(true)),
        "{big_result}"
    );
    // The other player is under their own cap: untouched, paid their auto target.
    let small_result = small.wait("bet_result", |v| v["roundId"] == round).await;
    assert_eq!(
        (paise(&small_result["multiplier"]), paise(&small_result["winnings"]), small_result["capped"].as_bool()),
        (130, 13_000, Some(false)),
        "{small_result}"
    );
    let result = small.wait("aviator_game_result", |v| v["roundId"] == round).await;
    assert_eq!(result["capped"], false, "a player's cap never ends the round: {result}");
    assert_eq!(wallet(&app, &big_token, &big_id).await, (100_000 - 40_000 + 44_800, 0));

    // The house paid ₹48 + ₹30 more than it took: its accounts on the books now hold -₹78, and the next round's
    // bankroll is the capital plus that, its player cap 0.45 % of ₹99 922 (₹449.649, down to the paisa).
    let books: Value = desk.get("/api/admin/books").await.json().await.unwrap();
    assert_eq!(books["house"]["balance"].as_f64(), Some(-78.0), "{books}");
    let next = countdown_after(&mut small, round, 0).await;
    let row = aviator_row(&desk).await;
    assert_eq!(row["round"].as_i64(), Some(next), "{row}");
    assert_eq!(row["caps"], json!({"bankroll": 99_922, "maxPayout": 600, "maxPlayerPayout": 449.64}), "{row}");
}
