//! The store's SQL on a fresh database (SQLite, or PostgreSQL with `CASINO_TEST_POSTGRES`): settled bets of every game
//! written as the games write them, read back with exact sums; unsettled, refunded and void ones left out.

use super::*;
use crate::hold::{daily, report};
use sqlx::AssertSqlSafe;

/// 1 March 2026, 00:00 IST.
const DAY0: i64 = 1_772_303_400_000;
const H: i64 = 3_600_000;

async fn db(label: &str) -> Db {
    let url = crate::store::fresh_database_url(label).await.unwrap();
    Db::connect(&url, 4).await.unwrap()
}

async fn exec(db: &Db, sql: String) {
    sqlx::query::<Any>(AssertSqlSafe(sql.clone())).execute(&db.pool).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
}

async fn user(db: &Db, id: i64, name: &str) {
    exec(
        db,
        format!(
            "INSERT INTO users (id, user_no, phone, name, password_hash, role, created_at) \
             VALUES ({id}, {}, '99{id:08}', '{name}', 'x', 'player', 0)",
            1000 + id
        ),
    )
    .await;
}

/// `(user, stake, status, payout)` of a bet settled when its game ended.
type Settled<'a> = (i64, i64, &'a str, i64);

/// The bets of a game that has tables of its own (`aviator_bets`, `parchi_entries`): `into` names the table, the
/// game's column and the bet's number in it (from 0).
async fn settled_bets(db: &Db, into: &str, game: i64, ended_at: i64, bets: &[Settled<'_>]) {
    for (n, (user, stake, status, payout)) in bets.iter().enumerate() {
        exec(
            db,
            format!(
                "INSERT INTO {into}, user_id, stake, status, payout, created_at, settled_at) \
                 VALUES ({game}, {n}, {user}, {stake}, '{status}', {payout}, 0, {ended_at})"
            ),
        )
        .await;
    }
}

async fn aviator_round(db: &Db, round: i64, status: &str, ended_at: i64, bets: &[Settled<'_>]) {
    let columns = "aviator_rounds (id, hash, crash_point, status, created_at, ended_at)";
    exec(db, format!("INSERT INTO {columns} VALUES ({round}, 'h', 200, '{status}', 0, {ended_at})")).await;
    settled_bets(db, "aviator_bets (round_id, slot", round, ended_at, bets).await;
}

async fn round(db: &Db, game: &str, round: i64, settings: &str, decided_at: i64, bets: &[(i64, &str, i64, i64)]) {
    exec(
        db,
        format!(
            "INSERT INTO game_rounds (game, round, status, commitment, server_seed, client_seed, settings, outcome, \
             opened_at, decided_at) VALUES ('{game}', {round}, 'ended', 'c', 's', 'x', '{settings}', '1', 0, {decided_at})"
        ),
    )
    .await;
    for (ticket, (user, lines, stake, payout)) in bets.iter().enumerate() {
        exec(
            db,
            format!(
                "INSERT INTO game_bets (game, round, user_id, ticket, lines, stake, payout, created_at) \
                 VALUES ('{game}', {round}, {user}, {ticket}, '{lines}', {stake}, {payout}, 0)"
            ),
        )
        .await;
    }
}

async fn mines(db: &Db, user: i64, status: &str, stake: i64, payout: Option<i64>, ended_at: Option<i64>) {
    let payout = payout.map_or("NULL".into(), |p| p.to_string());
    let ended_at = ended_at.map_or("NULL".into(), |p| p.to_string());
    exec(
        db,
        format!(
            "INSERT INTO mines_games (user_id, status, mines, stake, house_edge_bp, max_payout, server_seed, commitment, \
             client_seed, nonce, payout, created_at, ended_at) \
             VALUES ({user}, '{status}', 3, {stake}, 300, 100000000, 's', 'c', 'x', 1, {payout}, 0, {ended_at})"
        ),
    )
    .await;
}

/// `(user, bid type, number, stake, rate, status, payout)`.
type MatkaBid<'a> = (i64, &'a str, &'a str, i64, i64, &'a str, i64);

async fn matka(db: &Db, (user, bid, number, stake, rate, status, payout): MatkaBid<'_>, at: i64) {
    exec(
        db,
        format!(
            "INSERT INTO matka_bids (slip_id, user_id, market_id, draw_no, bid_type, session, number, stake, rate, \
             status, payout, created_at, settled_at) \
             VALUES (1, {user}, 1, 1, '{bid}', 'open', '{number}', {stake}, {rate}, '{status}', {payout}, 0, {at})"
        ),
    )
    .await;
}

/// `(user, side, w, stake, status, pl)`.
type ExchangeBet<'a> = (i64, &'a str, i64, i64, &'a str, i64);

async fn market(db: &Db, id: &str, kind: &str, decided_at: i64, bets: &[ExchangeBet<'_>]) {
    exec(
        db,
        format!(
            "INSERT INTO exchange_results (market_id, match_id, winner, void, decided_at) \
             VALUES ('{id}', 1, 0, 0, {decided_at})"
        ),
    )
    .await;
    for (user, side, w, stake, status, pl) in bets {
        exec(
            db,
            format!(
                "INSERT INTO exchange_bets (user_id, match_id, match_name, market_id, market_type, label, side, \
                 odds_x100, w, stake, status, pl, created_at, settled_at) \
                 VALUES ({user}, 1, 'A v B', '{id}', '{kind}', 'A', '{side}', 185, {w}, {stake}, '{status}', {pl}, 0, \
                 {decided_at})"
            ),
        )
        .await;
    }
}

async fn parchi(db: &Db, game: i64, status: &str, ended_at: i64, entries: &[Settled<'_>]) {
    let columns = "parchi_games (match_id, match_name, status, created_at, ended_at)";
    exec(db, format!("INSERT INTO {columns} VALUES ({game}, 'A v B', '{status}', 0, {ended_at})")).await;
    settled_bets(db, "parchi_entries (match_id, card", game, ended_at, entries).await;
}

const TITLI: &str = r#"{"payout":1000,"timings":{"bettingMs":15000,"closedMs":15000,"stepMs":0,"resultMs":4000},"limits":{"min":1000,"max":500000,"maxLines":12}}"#;
const AB: &str = r#"{"andarPayout":190,"baharPayout":200,"timings":{"bettingMs":10000,"closedMs":1000,"stepMs":1000,"resultMs":20000},"limits":{"min":1000,"max":1000000,"maxLines":1}}"#;
const COLOR: &str = r#"{"payout":290,"timings":{"bettingMs":20000,"closedMs":3000,"stepMs":0,"resultMs":4000},"limits":{"min":1000,"max":1000000,"maxLines":1}}"#;

/// A day of every game's bets (and a second day of Aviator), with what must be left out beside them.
async fn a_day_of_bets(db: &Db) {
    exec(
        db,
        "INSERT INTO aviator_chains (id, seed, length, salt, salt_source, salt_fixed_at, commitment, house_edge_bp, \
         first_round, created_at) VALUES (1, 's', 100, 'salt', 'server', 0, 'c', 300, 1, 0)"
            .into(),
    )
    .await;
    aviator_round(db, 1, "ended", DAY0 + H, &[(1, 10_000, "won", 20_000), (2, 5_000, "lost", 0)]).await;
    aviator_round(db, 2, "ended", DAY0 + 25 * H, &[(1, 1_000, "lost", 0)]).await;
    aviator_round(db, 3, "void", DAY0 + 2 * H, &[(1, 7_000, "refunded", 7_000)]).await;
    round(
        db,
        "titli",
        1,
        TITLI,
        DAY0 + 2 * H,
        &[(1, "[[3,1000],[5,1000]]", 2_000, 10_000), (2, "[[7,1000]]", 1_000, 0)],
    )
    .await;
    round(db, "andar_bahar", 1, AB, DAY0 + 2 * H, &[(1, r#"[["Andar",10000]]"#, 10_000, 19_000)]).await;
    round(db, "andar_bahar", 2, AB, DAY0 + 3 * H, &[(2, r#"[["Bahar",10000]]"#, 10_000, 0)]).await;
    round(db, "color", 1, COLOR, DAY0 + 3 * H, &[(3, r#"[["red",500]]"#, 500, 1_450)]).await;
    mines(db, 1, "lost", 10_000, Some(0), Some(DAY0 + 4 * H)).await;
    mines(db, 2, "won", 10_000, Some(10_104), Some(DAY0 + 4 * H)).await;
    mines(db, 3, "void", 10_000, None, Some(DAY0 + 4 * H)).await;
    mines(db, 4, "playing", 10_000, None, None).await;
    matka(db, (1, "single_digit", "7", 1_000, 950, "won", 9_500), DAY0 + 5 * H).await;
    matka(db, (2, "single_panna", "128", 1_000, 15_000, "lost", 0), DAY0 + 5 * H).await;
    matka(db, (3, "single_digit", "3", 1_000, 950, "held", 0), DAY0 + 5 * H).await;
    // Lagai ₹100 at 85 won ₹85; Khai ₹100 at 85 risked ₹85 and lost it; a void bet.
    market(
        db,
        "m1",
        "exchange",
        DAY0 + 6 * H,
        &[
            (1, "lagai", 85, 10_000, "won", 8_500),
            (2, "khai", 85, 10_000, "lost", -8_500),
            (3, "lagai", 85, 500, "void", 0),
        ],
    )
    .await;
    market(db, "m2", "fancy", DAY0 + 6 * H, &[(3, "lagai", 100, 1_000, "lost", -1_000)]).await;
    parchi(
        db,
        1,
        "finished",
        DAY0 + 7 * H,
        &[(1, 10_000, "won", 20_000), (2, 10_000, "lost", 0), (3, 5_000, "returned", 5_000)],
    )
    .await;
    parchi(db, 2, "abandoned", DAY0 + 7 * H, &[(1, 10_000, "returned", 10_000)]).await;
}

fn figures(r: &crate::hold::Report, game: &str) -> (i64, i64, i64, i64, Option<f64>) {
    let g = r.games.iter().find(|g| g.game == game).unwrap();
    (g.sums.bets, g.sums.turnover, g.sums.payouts, g.sums.ggr(), g.hold.theoretical)
}

fn close(a: Option<f64>, b: f64) -> bool {
    a.is_some_and(|a| (a - b).abs() < 1e-12)
}

#[actix_rt::test]
async fn every_games_settled_bets_are_summed_exactly() {
    let db = db("hold_sums").await;
    a_day_of_bets(&db).await;
    let r = report(&db, DAY0, DAY0 + rules::DAY_MS).await.unwrap();
    assert_eq!(r.games.iter().map(|g| g.game).collect::<Vec<_>>(), rules::GAMES);

    let (bets, turnover, payouts, ggr, theory) = figures(&r, "aviator");
    assert_eq!((bets, turnover, payouts, ggr), (2, 15_000, 20_000, -5_000), "the next day and the refund left out");
    assert!(close(theory, 0.03));

    let (bets, turnover, payouts, ggr, theory) = figures(&r, "titli");
    assert_eq!((bets, turnover, payouts, ggr), (2, 3_000, 10_000, -7_000));
    assert!(close(theory, 1.0 / 6.0));

    let (bets, turnover, payouts, _, theory) = figures(&r, "andar_bahar");
    assert_eq!((bets, turnover, payouts), (2, 20_000, 19_000));
    let (andar, bahar) = (1.0 - 1.9 * 10_725.0 / 20_825.0, 1.0 - 2.0 * 10_100.0 / 20_825.0);
    assert!(close(theory, (andar + bahar) / 2.0), "each side at its own odds: {theory:?}");

    let (bets, turnover, payouts, _, theory) = figures(&r, "color");
    assert_eq!((bets, turnover, payouts), (1, 500, 1_450));
    assert!(close(theory, 1.0 / 30.0));

    let (bets, turnover, payouts, ggr, theory) = figures(&r, "mines");
    assert_eq!((bets, turnover, payouts, ggr), (2, 20_000, 10_104, 9_896), "void and playing games left out");
    assert!(close(theory, 0.03));

    let (bets, turnover, payouts, _, theory) = figures(&r, "matka");
    assert_eq!((bets, turnover, payouts), (2, 2_000, 9_500), "a held bid left out");
    assert!(close(theory, (0.05 + 0.10) / 2.0));

    // The exchange's turnover is what each bet risked: ₹100 backed, ₹85 laid.
    let (bets, turnover, payouts, ggr, _) = figures(&r, "exchange");
    assert_eq!((bets, turnover, payouts, ggr), (2, 18_500, 18_500, 0));
    let (bets, turnover, payouts, _, _) = figures(&r, "fancy");
    assert_eq!((bets, turnover, payouts), (1, 1_000, 0));
    assert_eq!(figures(&r, "bookmaker"), (0, 0, 0, 0, None));
    assert_eq!(figures(&r, "exchange").4, None, "no expectation recorded: unknown");

    let (bets, turnover, payouts, ggr, theory) = figures(&r, "parchi");
    assert_eq!((bets, turnover, payouts, ggr, theory), (3, 25_000, 25_000, 0, None), "the abandoned match left out");
    assert!(r.players.is_empty());

    let days = daily(&db, DAY0, DAY0 + 2 * rules::DAY_MS).await.unwrap();
    assert_eq!(days.iter().map(|d| d.day).collect::<Vec<_>>(), [20_513, 20_514]);
    assert_eq!(days[0].games.len(), 9, "every game but bookmaker had bets on the first day");
    assert_eq!(days[1].games.iter().map(|g| (g.game, g.sums.turnover)).collect::<Vec<_>>(), [("aviator", 1_000)]);
    db.pool.close().await;
}

#[actix_rt::test]
async fn expected_hold_of_exchange_bets_is_read_when_recorded() {
    let db = db("hold_exchange").await;
    market(&db, "m1", "bookmaker", DAY0 + H, &[(1, "lagai", 90, 10_000, "lost", -10_000)]).await;
    market(&db, "m2", "bookmaker", DAY0 + H, &[(2, "lagai", 90, 10_000, "won", 9_000)]).await;
    exec(&db, "UPDATE exchange_bets SET expected_hold = 400".into()).await;
    let r = report(&db, DAY0, DAY0 + rules::DAY_MS).await.unwrap();
    let g = r.games.iter().find(|g| g.game == "bookmaker").unwrap();
    assert_eq!((g.sums.turnover, g.sums.payouts, g.sums.covered_turnover), (20_000, 19_000, 20_000));
    assert!(close(g.hold.theoretical, 0.04));
    // Each bet: house keeps 10,000 or pays 9,000; with e = 400 its variance is (400 + 9,000)(10,000 − 400).
    assert!((g.sums.exact - 2.0 * 9_400.0 * 9_600.0).abs() < 1e-6, "{}", g.sums.exact);
    db.pool.close().await;
}

#[actix_rt::test]
async fn a_player_far_above_expectation_is_flagged_by_name() {
    let db = db("hold_players").await;
    user(&db, 9, "Lucky").await;
    user(&db, 10, "Usual").await;
    // Sixty ₹1 lines on red, one a round: player 9 wins 36 (20 expected), player 10 wins 20.
    for n in 0..60 {
        let lucky = if n < 36 { 290 } else { 0 };
        let usual = if n < 20 { 290 } else { 0 };
        let bets = [(9, r#"[["red",100]]"#, 100, lucky), (10, r#"[["green",100]]"#, 100, usual)];
        round(&db, "color", n + 1, COLOR, DAY0 + H + n * 60_000, &bets).await;
    }
    let r = report(&db, DAY0, DAY0 + rules::DAY_MS).await.unwrap();
    assert_eq!(r.players.len(), 1, "{:?}", r.players);
    let p = &r.players[0];
    assert_eq!((p.user, p.user_no, p.name.as_str()), (9, 1009, "Lucky"));
    assert_eq!((p.flag.bets, p.flag.turnover, p.flag.payouts), (60, 6_000, 10_440));
    assert!((p.flag.z - 4.381_780_460_041_329).abs() < 1e-9, "{}", p.flag.z);
    let color = r.games.iter().find(|g| g.game == "color").unwrap();
    assert_eq!((color.sums.bets, color.sums.units), (120, 60), "a round is one unit");
    db.pool.close().await;
}
