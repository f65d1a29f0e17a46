//! Reads each game's settled bets for the hold report, summed in SQL (valid on SQLite and PostgreSQL) per price class,
//! IST day and, for the player check, player. A bet counts on the IST day its unit was settled: an Aviator round's end,
//! a round game's decision, a Mines game's end, a Matka bid's settlement (or last correction), an exchange market's
//! result, a Parchi match's end. Only decided bets count: won or lost (Parchi: also returned on a tie of a finished
//! match); refunded, void and abandoned ones moved no money either way.

use super::rules::{self, Agg, Basis, DAY_MS, IST_OFFSET_MS, Sums};
use crate::store::Db;
// Dynamic SQL in this file is assembled only from constants, never from input.
use sqlx::AssertSqlSafe;
use sqlx::any::AnyRow;
use sqlx::{Any, Row};

/// The settled bets of one game (or exchange market type), price class, IST day and player (0: all players).
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub game: &'static str,
    pub day: i64,
    pub user: i64,
    pub sums: Sums,
}

/// The sums every query ends with, over units `k` (`n` bets, `s` stakes, `p` payouts, `q` Σ stake² of its bets).
const TAIL: &str = "CAST(COUNT(*) AS BIGINT), CAST(SUM(k.n) AS BIGINT), CAST(SUM(k.s) AS BIGINT), \
    CAST(SUM(k.p) AS BIGINT), \
    SUM(CAST(k.s - k.p AS DOUBLE PRECISION) * CAST(k.s - k.p AS DOUBLE PRECISION)), \
    SUM(CAST(k.s - k.p AS DOUBLE PRECISION) * CAST(k.s AS DOUBLE PRECISION)), \
    SUM(CAST(k.s AS DOUBLE PRECISION) * CAST(k.s AS DOUBLE PRECISION)), SUM(k.q)";

/// Σ stake² of the bets of a unit, from the column `stake`.
fn stake2(stake: &str) -> String {
    format!("SUM(CAST({stake} AS DOUBLE PRECISION) * CAST({stake} AS DOUBLE PRECISION))")
}

/// The unit's IST day from its settlement time (`MIN` of one value per unit).
fn day(at: &str) -> String {
    format!("(MIN({at}) + $3) / $4")
}

/// `(select, group)`: the player column of a unit and the extra grouping it needs.
fn per_user(by_user: bool, column: &str) -> (String, String) {
    if by_user { (column.to_string(), format!(", {column}")) } else { ("CAST(0 AS BIGINT)".into(), String::new()) }
}

fn aviator_sql(by_user: bool) -> String {
    let (u, ug) = per_user(by_user, "b.user_id");
    let (d, q) = (day("a.ended_at"), stake2("b.stake"));
    format!(
        "SELECT CAST(c.house_edge_bp AS BIGINT), k.d, k.u, {TAIL} \
         FROM (SELECT b.round_id AS r, {d} AS d, {u} AS u, COUNT(*) AS n, CAST(SUM(b.stake) AS BIGINT) AS s, \
                      CAST(SUM(b.payout) AS BIGINT) AS p, {q} AS q \
               FROM aviator_rounds a JOIN aviator_bets b ON b.round_id = a.id \
               WHERE a.ended_at >= $1 AND a.ended_at < $2 AND b.status IN ('won', 'lost') \
               GROUP BY b.round_id{ug}) k \
         JOIN aviator_chains c ON k.r >= c.first_round AND k.r < c.first_round + c.length \
         GROUP BY c.house_edge_bp, k.d, k.u"
    )
}

/// Andar Bahar's side from a ticket's lines (one line, `[["Andar", paise]]`); the other games need no pick.
const PICK: &str = "CASE WHEN b.game <> 'andar_bahar' THEN '' WHEN b.lines LIKE '%\"Bahar\"%' THEN 'Bahar' \
    WHEN b.lines LIKE '%\"Andar\"%' THEN 'Andar' ELSE '' END";

/// A round's tickets are written with its outcome (`decided`, then `ended`); an open or void round has none.
fn rounds_sql(by_user: bool) -> String {
    let (u, ug) = per_user(by_user, "b.user_id");
    let (d, q) = (day("r.decided_at"), stake2("b.stake"));
    format!(
        "SELECT k.g, k.st, k.pk, k.d, k.u, {TAIL} \
         FROM (SELECT b.game AS g, r.settings AS st, {PICK} AS pk, {d} AS d, {u} AS u, COUNT(*) AS n, \
                      CAST(SUM(b.stake) AS BIGINT) AS s, CAST(SUM(b.payout) AS BIGINT) AS p, {q} AS q \
               FROM game_rounds r JOIN game_bets b ON b.game = r.game AND b.round = r.round \
               WHERE r.decided_at >= $1 AND r.decided_at < $2 \
               GROUP BY b.game, b.round, r.settings, {PICK}{ug}) k \
         GROUP BY k.g, k.st, k.pk, k.d, k.u"
    )
}

fn mines_sql(by_user: bool) -> String {
    let u = if by_user { "user_id" } else { "CAST(0 AS BIGINT)" };
    format!(
        "SELECT CAST(k.e AS BIGINT), k.d, k.u, {TAIL} \
         FROM (SELECT house_edge_bp AS e, (ended_at + $3) / $4 AS d, {u} AS u, 1 AS n, stake AS s, \
                      COALESCE(payout, 0) AS p, CAST(stake AS DOUBLE PRECISION) * CAST(stake AS DOUBLE PRECISION) AS q \
               FROM mines_games WHERE status IN ('won', 'lost') AND ended_at >= $1 AND ended_at < $2) k \
         GROUP BY k.e, k.d, k.u"
    )
}

fn matka_sql(by_user: bool) -> String {
    let (u, ug) = per_user(by_user, "user_id");
    let (d, q) = (day("settled_at"), stake2("stake"));
    format!(
        "SELECT k.t, k.num, CAST(k.rate AS BIGINT), k.d, k.u, {TAIL} \
         FROM (SELECT bid_type AS t, number AS num, rate, {d} AS d, {u} AS u, COUNT(*) AS n, \
                      CAST(SUM(stake) AS BIGINT) AS s, CAST(SUM(COALESCE(payout, 0)) AS BIGINT) AS p, {q} AS q \
               FROM matka_bids WHERE status IN ('won', 'lost') AND settled_at >= $1 AND settled_at < $2 \
               GROUP BY market_id, draw_no, session, bid_type, number, rate{ug}) k \
         GROUP BY k.t, k.num, k.rate, k.d, k.u"
    )
}

/// What an exchange bet risks (Lagai: its stake; Khai: its liability, rounded up) and what it can win.
const RISK: &str = "(CASE WHEN b.side = 'lagai' THEN b.stake ELSE (b.stake * b.w + 99) / 100 END)";
const WIN: &str = "(CASE WHEN b.side = 'lagai' THEN (b.stake * b.w) / 100 ELSE b.stake END)";

/// `expected` is the column of each bet's expected hold, or `CAST(NULL AS BIGINT)` before it exists.
fn exchange_sql(by_user: bool) -> String {
    let (u, ug) = per_user(by_user, "b.user_id");
    let (d, q) = (day("r.decided_at"), stake2("b.stake"));
    let e = "b.expected_hold";
    let known = format!("CASE WHEN {e} IS NULL THEN 0 ELSE 1 END");
    // A bet's house result is `risk` or `−win`; with expectation e its variance is (e + win)(risk − e).
    let exact = format!(
        "SUM(CASE WHEN {e} + {WIN} > 0 AND {RISK} - {e} > 0 \
         THEN CAST({e} + {WIN} AS DOUBLE PRECISION) * CAST({RISK} - {e} AS DOUBLE PRECISION) ELSE 0.0 END)"
    );
    format!(
        "SELECT k.t, k.known, k.d, k.u, {TAIL}, SUM(CAST(k.e AS DOUBLE PRECISION)), \
                SUM(CAST(k.s - k.p AS DOUBLE PRECISION) * CAST(k.e AS DOUBLE PRECISION)), \
                SUM(CAST(k.e AS DOUBLE PRECISION) * CAST(k.e AS DOUBLE PRECISION)), SUM(k.v) \
         FROM (SELECT b.market_type AS t, {known} AS known, {d} AS d, {u} AS u, COUNT(*) AS n, \
                      CAST(SUM({RISK}) AS BIGINT) AS s, CAST(SUM({RISK} + COALESCE(b.pl, 0)) AS BIGINT) AS p, {q} AS q, \
                      CAST(SUM({e}) AS BIGINT) AS e, {exact} AS v \
               FROM exchange_results r JOIN exchange_bets b ON b.market_id = r.market_id \
               WHERE r.decided_at >= $1 AND r.decided_at < $2 AND b.status IN ('won', 'lost') \
               GROUP BY b.market_id, b.market_type, {known}{ug}) k \
         GROUP BY k.t, k.known, k.d, k.u"
    )
}

fn parchi_sql() -> String {
    let (d, q) = (day("g.ended_at"), stake2("e.stake"));
    format!(
        "SELECT k.d, k.u, {TAIL} \
         FROM (SELECT e.match_id AS m, {d} AS d, CAST(0 AS BIGINT) AS u, COUNT(*) AS n, \
                      CAST(SUM(e.stake) AS BIGINT) AS s, CAST(SUM(COALESCE(e.payout, 0)) AS BIGINT) AS p, {q} AS q \
               FROM parchi_games g JOIN parchi_entries e ON e.match_id = g.match_id \
               WHERE g.status = 'finished' AND g.ended_at >= $1 AND g.ended_at < $2 \
                 AND e.status IN ('won', 'lost', 'returned') \
               GROUP BY e.match_id) k \
         GROUP BY k.d, k.u"
    )
}

/// The sums of [`TAIL`] from column `at` on.
fn agg(r: &AnyRow, at: usize) -> Result<Agg, sqlx::Error> {
    Ok(Agg {
        units: r.try_get(at)?,
        bets: r.try_get(at + 1)?,
        stake: r.try_get(at + 2)?,
        payout: r.try_get(at + 3)?,
        sxx: r.try_get::<Option<f64>, _>(at + 4)?.unwrap_or(0.0),
        sxs: r.try_get::<Option<f64>, _>(at + 5)?.unwrap_or(0.0),
        sss: r.try_get::<Option<f64>, _>(at + 6)?.unwrap_or(0.0),
        bet_stake2: r.try_get::<Option<f64>, _>(at + 7)?.unwrap_or(0.0),
    })
}

/// The report's name for a stored game or market type.
fn game(name: &str) -> Option<&'static str> {
    rules::GAMES.iter().copied().find(|g| *g == name)
}

async fn fetch(db: &Db, sql: String, from: i64, to: i64) -> Result<Vec<AnyRow>, sqlx::Error> {
    sqlx::query::<Any>(AssertSqlSafe(sql))
        .bind(from)
        .bind(to)
        .bind(IST_OFFSET_MS)
        .bind(DAY_MS)
        .fetch_all(&db.pool)
        .await
}

/// Every game's settled bets in `[from, to)`, per price class and IST day, and per player with `by_user` (which
/// leaves out Aar Par Parchi: with no theory it has nothing to judge a player by).
pub async fn lines(db: &Db, from: i64, to: i64, by_user: bool) -> Result<Vec<Line>, sqlx::Error> {
    let mut out = Vec::new();
    let mut push = |game: &'static str, day: i64, user: i64, sums: Sums| out.push(Line { game, day, user, sums });

    for r in fetch(db, aviator_sql(by_user), from, to).await? {
        push("aviator", r.try_get(1)?, r.try_get(2)?, Sums::of(&agg(&r, 3)?, rules::edge_basis(r.try_get(0)?)));
    }
    for r in fetch(db, rounds_sql(by_user), from, to).await? {
        let (name, settings, pick): (String, String, String) = (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?);
        if let Some(g) = game(&name) {
            push(g, r.try_get(3)?, r.try_get(4)?, Sums::of(&agg(&r, 5)?, rules::round_basis(g, &settings, &pick)));
        }
    }
    for r in fetch(db, mines_sql(by_user), from, to).await? {
        push("mines", r.try_get(1)?, r.try_get(2)?, Sums::of(&agg(&r, 3)?, rules::edge_basis(r.try_get(0)?)));
    }
    for r in fetch(db, matka_sql(by_user), from, to).await? {
        let (bid, number): (String, String) = (r.try_get(0)?, r.try_get(1)?);
        let basis = rules::matka_basis(&bid, &number, r.try_get(2)?);
        push("matka", r.try_get(3)?, r.try_get(4)?, Sums::of(&agg(&r, 5)?, basis));
    }
    for r in fetch(db, exchange_sql(by_user), from, to).await? {
        let name: String = r.try_get(0)?;
        let Some(g) = game(&name) else { continue };
        let known: i64 = r.try_get(1)?;
        let extra = |i: usize| r.try_get::<Option<f64>, _>(12 + i).map(Option::unwrap_or_default);
        let basis = if known == 1 {
            Basis::Summed { e: extra(0)?, sxe: extra(1)?, see: extra(2)?, exact: extra(3)? }
        } else {
            Basis::Unknown
        };
        push(g, r.try_get(2)?, r.try_get(3)?, Sums::of(&agg(&r, 4)?, basis));
    }
    if !by_user {
        for r in fetch(db, parchi_sql(), from, to).await? {
            push("parchi", r.try_get(0)?, r.try_get(1)?, Sums::of(&agg(&r, 2)?, Basis::Unknown));
        }
    }
    Ok(out)
}

/// A person the player check flagged, with who they are.
#[derive(Debug, Clone, PartialEq)]
pub struct Flagged {
    pub user: i64,
    pub user_no: i64,
    pub name: String,
    pub flag: rules::PlayerFlag,
}

/// The players `lines` (per player) flag, most improbable first, at most `limit`.
pub async fn flagged(db: &Db, lines: &[Line], limit: usize) -> Result<Vec<Flagged>, sqlx::Error> {
    let mut out = Vec::new();
    for (user, flag) in rules::flags(lines.iter().map(|l| (l.user, &l.sums))).into_iter().take(limit) {
        let who = sqlx::query::<Any>("SELECT user_no, name FROM users WHERE id = $1")
            .bind(user)
            .fetch_optional(&db.pool)
            .await?;
        let (user_no, name) = match who {
            Some(r) => (r.try_get(0)?, r.try_get(1)?),
            None => (0, String::new()),
        };
        out.push(Flagged { user, user_no, name, flag });
    }
    Ok(out)
}

#[cfg(test)]
#[path = "store_tests.rs"]
mod tests;
