//! Reads each game's settled bets for the hold report, summed in SQL (valid on SQLite and PostgreSQL) per price class,
//! IST day and, for the player check, player. A bet counts on the IST day its unit was settled: an Aviator round's end,
//! a round game's decision, a Mines game's end, a Matka bid's settlement (or last correction), an exchange market's
//! result, a Parchi match's end. Only decided bets count: won or lost (Parchi: also returned on a tie of a finished
//! match); refunded, void and abandoned ones moved no money either way.

use super::rules::{self, Agg, Basis, DAY_MS, IST_OFFSET_MS, Sums};
use crate::store::Db;
// Dynamic SQL in this file is assembled only from constants, never from input.
use sqlx::Any;
use sqlx::AssertSqlSafe;

/// The settled bets of one game (or exchange market type), price class, IST day and player (0: all players).
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub game: &'static str,
    pub day: i64,
    pub user: i64,
    pub sums: Sums,
}

/// The sums every query ends with, over units `k` (`n` bets, `s` stakes, `p` payouts, `q` Σ stake² of its bets).
/// Named as [`AggRow`]'s fields.
const TAIL: &str = "CAST(COUNT(*) AS BIGINT) AS units, CAST(SUM(k.n) AS BIGINT) AS bets, \
    CAST(SUM(k.s) AS BIGINT) AS stake, CAST(SUM(k.p) AS BIGINT) AS payout, \
    SUM(CAST(k.s - k.p AS DOUBLE PRECISION) * CAST(k.s - k.p AS DOUBLE PRECISION)) AS sxx, \
    SUM(CAST(k.s - k.p AS DOUBLE PRECISION) * CAST(k.s AS DOUBLE PRECISION)) AS sxs, \
    SUM(CAST(k.s AS DOUBLE PRECISION) * CAST(k.s AS DOUBLE PRECISION)) AS sss, SUM(k.q) AS bet_stake2";

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
        "SELECT CAST(c.house_edge_bp AS BIGINT) AS edge_bp, k.d AS d, k.u AS u, {TAIL} \
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
        "SELECT k.g AS g, k.st AS st, k.pk AS pk, k.d AS d, k.u AS u, {TAIL} \
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
        "SELECT CAST(k.e AS BIGINT) AS edge_bp, k.d AS d, k.u AS u, {TAIL} \
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
        "SELECT k.t AS t, k.num AS num, CAST(k.rate AS BIGINT) AS rate, k.d AS d, k.u AS u, {TAIL} \
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
        "SELECT k.t AS t, k.known AS known, k.d AS d, k.u AS u, {TAIL}, SUM(CAST(k.e AS DOUBLE PRECISION)) AS e, \
                SUM(CAST(k.s - k.p AS DOUBLE PRECISION) * CAST(k.e AS DOUBLE PRECISION)) AS sxe, \
                SUM(CAST(k.e AS DOUBLE PRECISION) * CAST(k.e AS DOUBLE PRECISION)) AS see, SUM(k.v) AS exact \
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
        "SELECT k.d AS d, k.u AS u, {TAIL} \
         FROM (SELECT e.match_id AS m, {d} AS d, CAST(0 AS BIGINT) AS u, COUNT(*) AS n, \
                      CAST(SUM(e.stake) AS BIGINT) AS s, CAST(SUM(COALESCE(e.payout, 0)) AS BIGINT) AS p, {q} AS q \
               FROM parchi_games g JOIN parchi_entries e ON e.match_id = g.match_id \
               WHERE g.status = 'finished' AND g.ended_at >= $1 AND g.ended_at < $2 \
                 AND e.status IN ('won', 'lost', 'returned') \
               GROUP BY e.match_id) k \
         GROUP BY k.d, k.u"
    )
}

/// The sums of [`TAIL`], as the database has them.
#[derive(sqlx_macros::FromRow)]
struct AggRow {
    units: i64,
    bets: i64,
    stake: i64,
    payout: i64,
    sxx: Option<f64>,
    sxs: Option<f64>,
    sss: Option<f64>,
    bet_stake2: Option<f64>,
}

impl AggRow {
    fn agg(&self) -> Agg {
        Agg {
            units: self.units,
            bets: self.bets,
            stake: self.stake,
            payout: self.payout,
            sxx: self.sxx.unwrap_or(0.0),
            sxs: self.sxs.unwrap_or(0.0),
            sss: self.sss.unwrap_or(0.0),
            bet_stake2: self.bet_stake2.unwrap_or(0.0),
        }
    }
}

/// A line of `aviator_sql` or `mines_sql`: a house edge, a day and a player.
#[derive(sqlx_macros::FromRow)]
struct EdgeRow {
    edge_bp: i64,
    d: i64,
    u: i64,
    #[sqlx(flatten)]
    agg: AggRow,
}

/// A line of `rounds_sql`: a game, its settings and the pick.
#[derive(sqlx_macros::FromRow)]
struct RoundsRow {
    g: String,
    st: String,
    pk: String,
    d: i64,
    u: i64,
    #[sqlx(flatten)]
    agg: AggRow,
}

/// A line of `matka_sql`: a bid type, the number and the rate.
#[derive(sqlx_macros::FromRow)]
struct MatkaRow {
    t: String,
    num: String,
    rate: i64,
    d: i64,
    u: i64,
    #[sqlx(flatten)]
    agg: AggRow,
}

/// A line of `exchange_sql`: a market type, whether its bets' expected holds are known, and their sums.
#[derive(sqlx_macros::FromRow)]
struct ExchangeRow {
    t: String,
    known: i64,
    d: i64,
    u: i64,
    #[sqlx(flatten)]
    agg: AggRow,
    e: Option<f64>,
    sxe: Option<f64>,
    see: Option<f64>,
    exact: Option<f64>,
}

/// A line of `parchi_sql`.
#[derive(sqlx_macros::FromRow)]
struct ParchiRow {
    d: i64,
    u: i64,
    #[sqlx(flatten)]
    agg: AggRow,
}

/// The report's name for a stored game or market type.
fn game(name: &str) -> Option<&'static str> {
    rules::GAMES.iter().copied().find(|g| *g == name)
}

async fn fetch<R>(db: &Db, sql: String, from: i64, to: i64) -> Result<Vec<R>, sqlx::Error>
where
    R: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
{
    sqlx::query_as::<Any, R>(AssertSqlSafe(sql))
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

    for r in fetch::<EdgeRow>(db, aviator_sql(by_user), from, to).await? {
        push("aviator", r.d, r.u, Sums::of(&r.agg.agg(), rules::edge_basis(r.edge_bp)));
    }
    for r in fetch::<RoundsRow>(db, rounds_sql(by_user), from, to).await? {
        if let Some(g) = game(&r.g) {
            push(g, r.d, r.u, Sums::of(&r.agg.agg(), rules::round_basis(g, &r.st, &r.pk)));
        }
    }
    for r in fetch::<EdgeRow>(db, mines_sql(by_user), from, to).await? {
        push("mines", r.d, r.u, Sums::of(&r.agg.agg(), rules::edge_basis(r.edge_bp)));
    }
    for r in fetch::<MatkaRow>(db, matka_sql(by_user), from, to).await? {
        let basis = rules::matka_basis(&r.t, &r.num, r.rate);
        push("matka", r.d, r.u, Sums::of(&r.agg.agg(), basis));
    }
    for r in fetch::<ExchangeRow>(db, exchange_sql(by_user), from, to).await? {
        let Some(g) = game(&r.t) else { continue };
        let basis = if r.known == 1 {
            Basis::Summed {
                e: r.e.unwrap_or_default(),
                sxe: r.sxe.unwrap_or_default(),
                see: r.see.unwrap_or_default(),
                exact: r.exact.unwrap_or_default(),
            }
        } else {
            Basis::Unknown
        };
        push(g, r.d, r.u, Sums::of(&r.agg.agg(), basis));
    }
    if !by_user {
        for r in fetch::<ParchiRow>(db, parchi_sql(), from, to).await? {
            push("parchi", r.d, r.u, Sums::of(&r.agg.agg(), Basis::Unknown));
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

#[derive(sqlx_macros::FromRow)]
struct WhoRow {
    user_no: i64,
    name: String,
}

/// The players `lines` (per player) flag, most improbable first, at most `limit`.
pub async fn flagged(db: &Db, lines: &[Line], limit: usize) -> Result<Vec<Flagged>, sqlx::Error> {
    let mut out = Vec::new();
    for (user, flag) in rules::flags(lines.iter().map(|l| (l.user, &l.sums))).into_iter().take(limit) {
        let who = sqlx::query_as::<Any, WhoRow>("SELECT user_no, name FROM users WHERE id = $1")
            .bind(user)
            .fetch_optional(&db.pool)
            .await?;
        let (user_no, name) = match who {
            Some(r) => (r.user_no, r.name),
            None => (0, String::new()),
        };
        out.push(Flagged { user, user_no, name, flag });
    }
    Ok(out)
}

#[cfg(test)]
#[path = "store_tests.rs"]
mod tests;
