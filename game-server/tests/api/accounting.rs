//! The accounting report against the real server and its ledger: a day of deposits, a withdrawal, operator adjustments
//! and Mines and Titli Par bets won and lost; the report's figures equal sums taken straight from the `ledger` table
//! (by kind, on the players' side and on the house's and cashier's), players' money changed by deposits − withdrawals −
//! GGR + adjustments, and the CSV says the same; players get 403 and bad ranges a 400 with a code.

use crate::helpers::{TestApp, spawn_app};
use crate::socket::Sock;
use casino_actors::hold::rules::{date_text, ist_day};
use casino_actors::store::Db;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn paise(v: &Value) -> i64 {
    (v.as_f64().unwrap_or_else(|| panic!("a number: {v}")) * 100.0).round() as i64
}

/// A sum straight from the database, 0 over no rows.
async fn sum(db: &Db, sql: &str) -> i64 {
    let sql = format!("SELECT CAST(COALESCE(SUM(x), 0) AS BIGINT) FROM ({sql}) t");
    sqlx::query_scalar::<sqlx::Any, i64>(sqlx::AssertSqlSafe(sql.clone()))
        .fetch_one(&db.pool)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
}

/// Plays one Mines game on the signed-in client `p`: one mine (a safe first tile is cashed out: most likely a win) or
/// 24 (most likely a loss). Returns (staked, paid) in paise.
async fn mines(p: &TestApp, stake: i64, mines: u8) -> (i64, i64) {
    let r = p.post("/api/mines/betPlace", &json!({"betAmt": stake, "mines": mines})).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let game = r.json::<Value>().await.unwrap()["game"]["gameId"].clone();
    let v: Value = p.post("/api/mines/reveal", &json!({"gameId": game, "tile": 12})).await.json().await.unwrap();
    let over = if v["game"]["status"] == "playing" {
        p.post("/api/mines/cashout", &json!({"gameId": game})).await.json::<Value>().await.unwrap()["game"].clone()
    } else {
        v["game"].clone()
    };
    assert!(over["status"] == "won" || over["status"] == "lost", "{over}");
    (stake * 100, paise(&over["payout"]))
}

/// The range from yesterday to the day after tomorrow (IST): a day of activity stays inside it even across midnight.
fn around_today() -> (String, String) {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    let day = ist_day(now);
    (date_text(day - 1), date_text(day + 2))
}

fn game<'a>(days: &'a [Value], name: &str) -> Vec<&'a Value> {
    days.iter().flat_map(|d| d["games"].as_array().unwrap()).filter(|g| g["game"] == name).collect()
}

#[tokio::test]
async fn a_days_report_equals_the_ledgers_sums_and_players_money_reconciles() {
    let app = spawn_app().await;
    let desk = app.other_client();
    desk.operator("9000000081").await;
    let (a, b) = (app.other_client(), app.other_client());
    let login_a = a.funded(&desk, "9876500081", 3_000).await;
    let login_b = b.funded(&desk, "9876500082", 2_000).await;
    let (id_a, id_b) = (login_a["user"]["id"].clone(), login_b["user"]["id"].clone());

    // Mines, won and lost.
    let (mut staked, mut paid) = (0, 0);
    for n in [1, 24, 1, 24, 1] {
        let (s, p) = mines(&a, 100, n).await;
        staked += s;
        paid += p;
    }

    // Titli Par: B covers every picture (one wins 10×: a ticket won), A one picture (most likely lost).
    let mut sock_a = Sock::connect(&app.base, login_a["token"].as_str().unwrap()).await;
    let mut sock_b = Sock::connect(&app.base, login_b["token"].as_str().unwrap()).await;
    let round = crate::rounds::betting_round(&mut sock_b, "titli", 1_500).await;
    let cards: Vec<Value> = (1..=12).map(|n| json!({"imageNumber": n, "betAmount": 10})).collect();
    let ack = sock_b.emit("titli:placeBet", json!({"roundId": round, "selectedCard": cards, "totalBets": 120})).await;
    assert_eq!(ack["success"], true, "{ack}");
    let ack = sock_a.emit("titli:placeBet", json!({"roundId": round, "bets": [{"pick": 1, "amount": 50}]})).await;
    assert_eq!(ack["success"], true, "{ack}");

    // A withdrawal paid, one rejected; an operator's credit and debit.
    let w = |amount: i64| json!({"user": id_a, "userName": "Test Player", "upi_id": "test@upi", "phoneNumber": "9876500081", "withdrawAmount": amount});
    let paid_out: Value = a.post("/api/withdraw", &w(700)).await.json().await.unwrap();
    let rejected: Value = a.post("/api/withdraw", &w(100)).await.json().await.unwrap();
    let (w1, w2) = (&paid_out["withdrawal"]["id"], &rejected["withdrawal"]["id"]);
    assert_eq!(desk.post(&format!("/api/admin/withdrawals/{w1}/approve"), &json!({})).await.status(), StatusCode::OK);
    assert_eq!(desk.post(&format!("/api/admin/withdrawals/{w2}/reject"), &json!({})).await.status(), StatusCode::OK);
    for (user, amount) in [(&id_b, json!(125.5)), (&id_a, json!(-20))] {
        let r = desk.post("/wallet/update", &json!({"userId": user, "amount": amount, "reason": "goodwill"})).await;
        assert_eq!(r.status(), StatusCode::OK);
    }

    let win_b = sock_b.wait("titli:winResult", |v| v["roundId"] == round).await;
    let win_a = sock_a.wait("titli:winResult", |v| v["roundId"] == round).await;
    let titli_staked = paise(&win_a["stake"]) + paise(&win_b["stake"]);
    let titli_paid = paise(&win_a["payout"]) + paise(&win_b["payout"]);
    assert_eq!((titli_staked, paise(&win_b["payout"])), (17_000, 10_000));

    let (from, to) = around_today();
    let r = desk.get(&format!("/api/admin/accounting?from={from}&to={to}")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let report: Value = r.json().await.unwrap();
    let days = report["days"].as_array().unwrap();
    assert_eq!(days.len(), 3, "{report}");
    assert_eq!(days[0]["day"], from.as_str());
    let t = &report["totals"];

    // The bets, as the games answered them.
    let (m, ti) = (game(days, "mines"), game(days, "titli"));
    let sum_of = |rows: &[&Value], f: &str| rows.iter().map(|g| paise(&g[f])).sum::<i64>();
    let count = |rows: &[&Value]| rows.iter().map(|g| g["bets"].as_i64().unwrap()).sum::<i64>();
    assert_eq!((count(&m), sum_of(&m, "turnover"), sum_of(&m, "payouts")), (5, staked, paid), "{report}");
    assert_eq!((count(&ti), sum_of(&ti, "turnover"), sum_of(&ti, "payouts")), (2, titli_staked, titli_paid));
    assert_eq!(sum_of(&m, "ggr"), staked - paid);
    assert_eq!(t["bets"], 7);
    assert_eq!(paise(&t["ggr"]), staked - paid + titli_staked - titli_paid);

    // The same figures straight from the ledger: the house's side of each game's rows, the cashier's of the money
    // that came in and went out, the players' of everything.
    let db = Db::connect(&app.config.database_url, 2).await.unwrap();
    let house =
        |kinds: &str| format!("SELECT delta_balance AS x FROM ledger WHERE account_id < 0 AND kind IN ({kinds})");
    let players = |kinds: &str| {
        format!("SELECT delta_balance + delta_exposure AS x FROM ledger WHERE account_id > 0 AND kind IN ({kinds})")
    };
    let mines_kinds = "'mines_bet', 'mines_win', 'mines_loss', 'mines_cancel', 'mines_refund'";
    let titli_kinds = "'titli_bet', 'titli_win', 'titli_loss', 'titli_cancel', 'titli_refund'";
    assert_eq!(sum_of(&m, "ggr"), sum(&db, &house(mines_kinds)).await, "Mines: the report's GGR is the house's");
    assert_eq!(sum_of(&ti, "ggr"), sum(&db, &house(titli_kinds)).await, "Titli Par: the report's GGR is the house's");
    assert_eq!(-sum(&db, &players(mines_kinds)).await, staked - paid, "and what players lost");
    let all_house =
        sum(&db, "SELECT delta_balance AS x FROM ledger WHERE account_id >= -1999 AND account_id <= -1000").await;
    assert_eq!((paise(&t["ledgerGgr"]), paise(&t["ggr"]), paise(&t["unreconciled"])), (all_house, all_house, 0));

    let deposits = sum(&db, &players("'deposit'")).await;
    let withdrawals = -sum(&db, &players("'withdrawal'")).await;
    let adjustments = sum(&db, &players("'adjustment'")).await;
    assert_eq!((deposits, withdrawals, adjustments), (500_000, 70_000, 10_550));
    let cashier = |kind: &str| {
        format!(
            "SELECT delta_balance AS x FROM ledger WHERE account_id <= -2000 AND account_id > -3000 AND kind = '{kind}'"
        )
    };
    assert_eq!(-sum(&db, &cashier("deposit")).await, deposits, "the cashier's side of the deposits");
    assert_eq!(sum(&db, &cashier("withdrawal")).await, withdrawals, "and of the withdrawal paid");
    assert_eq!(-sum(&db, &cashier("adjustment")).await, adjustments, "and of the adjustments");
    assert_eq!(
        (paise(&t["deposits"]), paise(&t["withdrawals"]), paise(&t["adjustments"])),
        (deposits, withdrawals, adjustments)
    );
    assert_eq!(paise(&t["ngr"]), paise(&t["ggr"]) - adjustments);
    assert_eq!((paise(&t["playPoints"]), paise(&t["fixtures"]), paise(&t["other"])), (0, 0, 0), "{t}");

    // The identity: players' money now (a fresh database: it started at nothing) = deposits − withdrawals − GGR +
    // adjustments, to the paisa, in the accounts and in the ledger.
    let held = sum(&db, "SELECT balance + exposure AS x FROM accounts WHERE id > 0").await;
    let moved = sum(&db, "SELECT delta_balance + delta_exposure AS x FROM ledger WHERE account_id > 0").await;
    assert_eq!(held, moved);
    assert_eq!(held, deposits - withdrawals - paise(&t["ggr"]) + adjustments);
    assert_eq!(paise(&t["playersChange"]), held);
    let (a_wallet, b_wallet) = (a.wallet(&id_a).await, b.wallet(&id_b).await);
    let wallets = ((a_wallet.0 + a_wallet.1 + b_wallet.0 + b_wallet.1) * 100.0).round() as i64;
    assert_eq!(wallets, held, "the players' own wallets say the same");

    // Each day: its games' sum to its totals, and the range's totals are the days' sums.
    for d in days {
        let games = d["games"].as_array().unwrap();
        assert_eq!(games.iter().map(|g| paise(&g["ggr"])).sum::<i64>(), paise(&d["totals"]["ggr"]), "{d}");
        assert_eq!(paise(&d["totals"]["playersChange"]), {
            let t = &d["totals"];
            paise(&t["deposits"]) - paise(&t["withdrawals"]) - paise(&t["ledgerGgr"])
                + paise(&t["adjustments"])
                + paise(&t["other"])
        });
    }
    for f in ["turnover", "payouts", "ggr", "deposits", "withdrawals", "adjustments", "ngr", "playersChange"] {
        assert_eq!(days.iter().map(|d| paise(&d["totals"][f])).sum::<i64>(), paise(&t[f]), "{f}");
    }

    // The CSV: the same figures as text, one row per day and game, a total per day and one for the range.
    let r = desk.get(&format!("/api/admin/accounting.csv?from={from}&to={to}")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let header = |name: &str| r.headers()[name].to_str().unwrap().to_string();
    assert!(header("content-type").starts_with("text/csv"));
    let disposition = header("content-disposition");
    assert!(disposition.starts_with("attachment; filename=\"accounting-") && disposition.ends_with(".csv\""));
    let text = r.text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("date,game,bets,turnover,payouts,ggr,"), "{text}");
    let last: Vec<&str> = lines.last().unwrap().split(',').collect();
    let column = |name: &str| lines[0].split(',').position(|c| c == name).unwrap();
    assert_eq!((last[0], last[1]), ("total", "total"));
    assert_eq!(last[column("ggr")], format!("{:.2}", t["ggr"].as_f64().unwrap()));
    assert_eq!(last[column("deposits")], "5000.00");
    assert_eq!(last[column("withdrawals")], "700.00");
    assert_eq!(last[column("adjustments")], "105.50");
    let game_rows = lines.iter().filter(|l| l.split(',').nth(1).is_none_or(|g| g != "total")).count() - 1;
    let day_games: usize = days.iter().map(|d| d["games"].as_array().unwrap().len()).sum();
    assert_eq!((game_rows, lines.len()), (day_games, 1 + day_games + days.len() + 1), "{text}");
}

#[tokio::test]
async fn the_report_is_for_operators_and_bad_ranges_are_refused() {
    let app = spawn_app().await;
    assert_eq!(app.get("/api/admin/accounting").await.status(), StatusCode::UNAUTHORIZED);
    let player = app.other_client();
    player.player("9876500083").await;
    for path in ["/api/admin/accounting", "/api/admin/accounting.csv", "/api/admin/accounting?from=nonsense"] {
        let r = player.get(path).await;
        assert_eq!(r.status(), StatusCode::FORBIDDEN, "{path}");
        let v: Value = r.json().await.unwrap();
        assert_eq!(v["error"], "forbidden", "{path}: {v}");
    }

    let desk = app.other_client();
    desk.operator("9000000083").await;
    for base in ["/api/admin/accounting", "/api/admin/accounting.csv"] {
        let refusals = [
            ("?from=yesterday", "invalid_range"),
            ("?from=2026-02-30&to=2026-03-02", "invalid_range"),
            ("?from=2026-03-02&to=2026-03-01", "invalid_range"),
            ("?from=2026-01-01&to=2026-06-01", "range_too_long"),
            ("?from=2026-03-01&from=2026-03-02", "invalid_query"),
        ];
        for (query, code) in refusals {
            let r = desk.get(&format!("{base}{query}")).await;
            assert_eq!(r.status(), StatusCode::BAD_REQUEST, "{base}{query}");
            let v: Value = r.json().await.unwrap();
            assert_eq!((v["error"].as_str(), v["success"].as_bool()), (Some(code), Some(false)), "{base}{query}: {v}");
            assert!(v["message"].as_str().is_some_and(|m| !m.is_empty()));
        }
    }
    let v: Value = desk.get("/api/admin/accounting?from=2026-01-01&to=2026-06-01").await.json().await.unwrap();
    assert_eq!(v["message"], "The range may cover at most 92 days");

    // Without a range: the last seven IST days, today included, nothing in them.
    let v: Value = desk.get("/api/admin/accounting").await.json().await.unwrap();
    assert_eq!(v["days"].as_array().unwrap().len(), 7, "{v}");
    assert_eq!(v["totals"]["bets"], 0);
    let r = desk.get("/api/admin/accounting.csv?from=2026-03-01&to=2026-03-03").await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(
        r.headers()["content-disposition"].to_str().unwrap(),
        "attachment; filename=\"accounting-2026-03-01-to-2026-03-02.csv\""
    );
    assert_eq!(r.text().await.unwrap().lines().count(), 1 + 2 + 1, "a header, a total per day, the range's total");
}
