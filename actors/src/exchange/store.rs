//! The exchange's rows (`exchange_bets`, `exchange_positions`, `exchange_results`) and their transactions. A bet is
//! recorded with its wallet intent before the wallet is asked; a decided market records its result, every player's
//! settle intent and the bets' outcomes in one transaction. Owners of intents: `exch:bet:{id}` (a bet's hold or
//! release) and `exch:market:{marketId}` (a market's settlement).

use super::rules::{FancyBet, RunnerBet, Side};
use super::wire::{BetStatus, MarketType};
use crate::clock::EpochMs;
use crate::ids::UserId;
use crate::money::Paise;
use crate::store::Db;
use crate::store::StoreError;
use crate::wallet::{Change, intents};
use sqlx::Any;

pub fn bet_owner(id: i64) -> String {
    format!("exch:bet:{id}")
}

pub fn market_owner(market: &str) -> String {
    format!("exch:market:{market}")
}

/// A bet as stored (and as it crosses nodes in a bet's answer: amounts in integer paise).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BetRow {
    pub id: i64,
    pub user: UserId,
    pub match_id: i64,
    pub match_name: String,
    pub market_id: String,
    pub market_type: MarketType,
    pub label: String,
    /// Runner markets: the runner's index and how many there are.
    pub runner: Option<usize>,
    pub runners: Option<usize>,
    /// Fancy: the line.
    pub line: Option<u32>,
    pub side: Side,
    pub odds_x100: u32,
    pub w: u32,
    pub stake: Paise,
    pub status: BetStatus,
    pub pl: Option<i64>,
    pub winning_runs: Option<u32>,
    pub created_at: EpochMs,
    /// The player's balance and exposure once the bet was taken (none while it is on its way).
    pub balance_after: Option<Paise>,
    pub exposure_after: Option<Paise>,
}

impl BetRow {
    pub fn runner_bet(&self) -> Option<RunnerBet> {
        Some(RunnerBet { runner: self.runner?, side: self.side, w: self.w, stake: self.stake })
    }

    pub fn fancy_bet(&self) -> Option<FancyBet> {
        Some(FancyBet { side: self.side, line: self.line?, w: self.w, stake: self.stake })
    }
}

const COLUMNS: &str = "id, user_id, match_id, match_name, market_id, market_type, label, runner, runners, line, side, \
                       odds_x100, w, stake, status, pl, winning_runs, created_at, balance_after, exposure_after";

fn market_type(s: &str) -> MarketType {
    match s {
        "exchange" => MarketType::Exchange,
        "fancy" => MarketType::Fancy,
        _ => MarketType::Bookmaker,
    }
}

pub fn market_type_text(t: MarketType) -> &'static str {
    match t {
        MarketType::Exchange => "exchange",
        MarketType::Bookmaker => "bookmaker",
        MarketType::Fancy => "fancy",
    }
}

fn status(s: &str) -> BetStatus {
    match s {
        "won" => BetStatus::Won,
        "lost" => BetStatus::Lost,
        "void" | "refused" => BetStatus::Void,
        _ => BetStatus::Open,
    }
}

/// A row of `exchange_bets` (`COLUMNS`), as the database has it.
#[derive(sqlx_macros::FromRow)]
struct BetDbRow {
    id: i64,
    user_id: i64,
    match_id: i64,
    match_name: String,
    market_id: String,
    market_type: String,
    label: String,
    runner: Option<i64>,
    runners: Option<i64>,
    line: Option<i64>,
    side: String,
    odds_x100: i64,
    w: i64,
    stake: i64,
    status: String,
    pl: Option<i64>,
    winning_runs: Option<i64>,
    created_at: EpochMs,
    balance_after: Option<i64>,
    exposure_after: Option<i64>,
}

impl From<BetDbRow> for BetRow {
    fn from(r: BetDbRow) -> Self {
        let opt_u = |v: Option<i64>| v.and_then(|n| u32::try_from(n).ok());
        BetRow {
            id: r.id,
            user: UserId(r.user_id),
            match_id: r.match_id,
            match_name: r.match_name,
            market_id: r.market_id,
            market_type: market_type(&r.market_type),
            label: r.label,
            runner: r.runner.and_then(|n| usize::try_from(n).ok()),
            runners: r.runners.and_then(|n| usize::try_from(n).ok()),
            line: opt_u(r.line),
            side: if r.side == "khai" { Side::Khai } else { Side::Lagai },
            odds_x100: opt_u(Some(r.odds_x100)).unwrap_or(0),
            w: opt_u(Some(r.w)).unwrap_or(0),
            stake: Paise::new(r.stake),
            status: status(&r.status),
            pl: r.pl,
            winning_runs: opt_u(r.winning_runs),
            created_at: r.created_at,
            balance_after: r.balance_after.map(Paise::new),
            exposure_after: r.exposure_after.map(Paise::new),
        }
    }
}

fn bet_rows(rows: Vec<BetDbRow>) -> Vec<BetRow> {
    rows.into_iter().map(BetRow::from).collect()
}

/// The open bets of a player in a market.
pub async fn open_bets(db: &Db, user: UserId, market: &str) -> Result<Vec<BetRow>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM exchange_bets WHERE user_id = $1 AND market_id = $2 AND status = 'open'");
    let rows =
        sqlx::query_as::<Any, BetDbRow>(sqlx::AssertSqlSafe(sql)).bind(user.0).bind(market).fetch_all(&db.pool).await?;
    Ok(bet_rows(rows))
}

/// Every player's bets in a market that hold (or are about to hold) exposure: open and pending.
pub async fn market_bets(db: &Db, market: &str) -> Result<Vec<BetRow>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM exchange_bets WHERE market_id = $1 AND status IN ('open', 'pending')");
    let rows = sqlx::query_as::<Any, BetDbRow>(sqlx::AssertSqlSafe(sql)).bind(market).fetch_all(&db.pool).await?;
    Ok(bet_rows(rows))
}

/// A player whose open bets on a match cannot lose, flagged for the operators.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SureAlert {
    pub id: i64,
    pub user: UserId,
    pub match_id: i64,
    pub match_name: String,
    pub bets: Vec<i64>,
    /// The position's worst and best outcome.
    pub worst: Paise,
    pub best: Paise,
    pub created_at: EpochMs,
}

pub async fn record_alert(db: &Db, a: &SureAlert) -> Result<(), StoreError> {
    let bets = a.bets.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    let mut w = db.begin_write().await?;
    sqlx::query::<Any>(
        "INSERT INTO exchange_alerts (user_id, match_id, match_name, bets, worst, best, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(a.user.0)
    .bind(a.match_id)
    .bind(a.match_name.clone())
    .bind(bets)
    .bind(a.worst.get())
    .bind(a.best.get())
    .bind(a.created_at)
    .execute(&mut *w.tx)
    .await?;
    w.commit().await.map_err(StoreError::from)
}

/// A row of `exchange_alerts`, as the database has it.
#[derive(sqlx_macros::FromRow)]
struct AlertRow {
    id: i64,
    user_id: i64,
    match_id: i64,
    match_name: String,
    bets: String,
    worst: i64,
    best: i64,
    created_at: EpochMs,
}

/// The newest alerts first, `limit` of them.
pub async fn alerts(db: &Db, limit: i64) -> Result<Vec<SureAlert>, sqlx::Error> {
    let rows = sqlx::query_as::<Any, AlertRow>(
        "SELECT id, user_id, match_id, match_name, bets, worst, best, created_at FROM exchange_alerts \
         ORDER BY id DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| SureAlert {
            id: r.id,
            user: UserId(r.user_id),
            match_id: r.match_id,
            match_name: r.match_name,
            bets: r.bets.split(',').filter_map(|b| b.parse().ok()).collect(),
            worst: Paise::new(r.worst),
            best: Paise::new(r.best),
            created_at: r.created_at,
        })
        .collect())
}

/// What the wallet holds for a player in a market.
pub async fn held(db: &Db, user: UserId, market: &str) -> Result<Paise, StoreError> {
    let v: Option<i64> =
        sqlx::query_scalar::<Any, i64>("SELECT held FROM exchange_positions WHERE user_id = $1 AND market_id = $2")
            .bind(user.0)
            .bind(market)
            .fetch_optional(&db.pool)
            .await?;
    Ok(Paise::new(v.unwrap_or(0)))
}

/// Records the bet (its id and status aside) `pending` with its wallet intent (`change`, when the market's exposure
/// changes), or `open` at once when nothing has to move, with what the house expects to keep from it (paise, from
/// the feed's chances; `None` without them). Returns its id.
pub async fn record_bet(
    db: &Db,
    b: &BetRow,
    expected_hold: Option<i64>,
    change: Option<&Change>,
) -> Result<i64, StoreError> {
    let mut w = db.begin_write().await?;
    let tx = &mut w.tx;
    let id: i64 = sqlx::query_scalar::<Any, i64>(
        "INSERT INTO exchange_bets (user_id, match_id, match_name, market_id, market_type, label, runner, runners, \
         line, side, odds_x100, w, stake, status, created_at, expected_hold) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id",
    )
    .bind(b.user.0)
    .bind(b.match_id)
    .bind(b.match_name.clone())
    .bind(b.market_id.clone())
    .bind(market_type_text(b.market_type))
    .bind(b.label.clone())
    .bind(b.runner.map(|r| r as i64))
    .bind(b.runners.map(|r| r as i64))
    .bind(b.line.map(i64::from))
    .bind(if b.side == Side::Khai { "khai" } else { "lagai" })
    .bind(i64::from(b.odds_x100))
    .bind(i64::from(b.w))
    .bind(b.stake.get())
    .bind(if change.is_some() { "pending" } else { "open" })
    .bind(b.created_at)
    .bind(expected_hold)
    .fetch_one(&mut **tx)
    .await?;
    if let Some(c) = change {
        let c = Change { idempotency_key: format!("{}:hold", bet_owner(id)), ..c.clone() };
        intents::record(tx, &bet_owner(id), std::slice::from_ref(&c), b.created_at).await?;
    }
    w.commit().await?;
    Ok(id)
}

/// The bet's wallet change committed (or there was none): it is open, and the player's market holds `held`.
pub async fn bet_opened(
    db: &Db,
    id: i64,
    user: UserId,
    market: &str,
    held: Paise,
    wallet: (Paise, Paise),
    now: EpochMs,
) -> Result<(), StoreError> {
    let mut w = db.begin_write().await?;
    let tx = &mut w.tx;
    sqlx::query::<Any>(
        "UPDATE exchange_bets SET status = 'open', balance_after = $2, exposure_after = $3 WHERE id = $1",
    )
    .bind(id)
    .bind(wallet.0.get())
    .bind(wallet.1.get())
    .execute(&mut **tx)
    .await?;
    sqlx::query::<Any>(
        "INSERT INTO exchange_positions (user_id, market_id, held) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id, market_id) DO UPDATE SET held = excluded.held",
    )
    .bind(user.0)
    .bind(market.to_owned())
    .bind(held.get())
    .execute(&mut **tx)
    .await?;
    intents::mark_applied(tx, &bet_owner(id), now).await?;
    w.commit().await.map_err(StoreError::from)
}

/// The wallet refused the bet's change for good: nothing moved; the bet is refused and its intent, which will never
/// apply, is dropped (a refusal is not a failure for the operators to look at).
pub async fn bet_refused(db: &Db, id: i64) -> Result<(), StoreError> {
    let mut w = db.begin_write().await?;
    sqlx::query::<Any>("UPDATE exchange_bets SET status = 'refused' WHERE id = $1")
        .bind(id)
        .execute(&mut *w.tx)
        .await?;
    sqlx::query::<Any>("DELETE FROM wallet_intents WHERE owner = $1 AND status = 'pending'")
        .bind(bet_owner(id))
        .execute(&mut *w.tx)
        .await?;
    w.commit().await.map_err(StoreError::from)
}

/// A market's result: the winning runner, the runs, or void.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Winner(usize),
    Runs(u32),
    Void,
}

/// Records a market's result; a market already decided keeps its first result. Returns the result that stands.
pub async fn record_result(
    db: &Db,
    market: &str,
    match_id: i64,
    outcome: Outcome,
    now: EpochMs,
) -> Result<Outcome, StoreError> {
    let (winner, runs) = match outcome {
        Outcome::Winner(i) => (Some(i as i64), None),
        Outcome::Runs(r) => (None, Some(i64::from(r))),
        Outcome::Void => (None, None),
    };
    let mut w = db.begin_write().await?;
    sqlx::query::<Any>(
        "INSERT INTO exchange_results (market_id, match_id, winner, runs, void, decided_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (market_id) DO NOTHING",
    )
    .bind(market.to_owned())
    .bind(match_id)
    .bind(winner)
    .bind(runs)
    .bind(i64::from(outcome == Outcome::Void))
    .bind(now)
    .execute(&mut *w.tx)
    .await?;
    w.commit().await?;
    Ok(result(db, market).await?.unwrap_or(outcome))
}

/// A row of `exchange_results`, as the database has it.
#[derive(sqlx_macros::FromRow)]
struct ResultRow {
    winner: Option<i64>,
    runs: Option<i64>,
    void: i64,
}

/// A decided market's result.
pub async fn result(db: &Db, market: &str) -> Result<Option<Outcome>, StoreError> {
    let row = sqlx::query_as::<Any, ResultRow>("SELECT winner, runs, void FROM exchange_results WHERE market_id = $1")
        .bind(market)
        .fetch_optional(&db.pool)
        .await?;
    let Some(ResultRow { winner, runs, void }) = row else { return Ok(None) };
    Ok(Some(match (void, winner, runs) {
        (0, Some(w), _) => Outcome::Winner(usize::try_from(w).unwrap_or(usize::MAX)),
        (0, None, Some(r)) => Outcome::Runs(u32::try_from(r).unwrap_or(0)),
        _ => Outcome::Void,
    }))
}

/// One player's settlement in a decided market.
pub struct PlayerSettlement<'a> {
    pub user: UserId,
    pub market: &'a str,
    /// Each bet's id, new status and P/L.
    pub bets: Vec<(i64, &'static str, i64)>,
    pub winning_runs: Option<u32>,
    pub change: Option<Change>,
    /// The intent's owner.
    pub owner: &'a str,
}

/// A player's bets in a decided market, settled: each bet's status and P/L, the position emptied and the wallet
/// change recorded as an intent, in one transaction.
pub async fn settle_player(db: &Db, s: &PlayerSettlement<'_>, now: EpochMs) -> Result<(), StoreError> {
    let (user, market, winning_runs) = (s.user, s.market, s.winning_runs);
    let mut w = db.begin_write().await?;
    let tx = &mut w.tx;
    for (id, status, pl) in &s.bets {
        sqlx::query::<Any>(
            "UPDATE exchange_bets SET status = $1, pl = $2, winning_runs = $3, settled_at = $4 \
             WHERE id = $5 AND status = 'open'",
        )
        .bind(*status)
        .bind(*pl)
        .bind(winning_runs.map(i64::from))
        .bind(now)
        .bind(*id)
        .execute(&mut **tx)
        .await?;
    }
    sqlx::query::<Any>("UPDATE exchange_positions SET held = 0 WHERE user_id = $1 AND market_id = $2")
        .bind(user.0)
        .bind(market.to_owned())
        .execute(&mut **tx)
        .await?;
    if let Some(c) = &s.change {
        intents::record(tx, s.owner, std::slice::from_ref(c), now).await?;
    }
    w.commit().await.map_err(StoreError::from)
}

/// Closes `owner`'s intents once they all committed.
pub async fn applied(db: &Db, owner: &str, now: EpochMs) -> Result<(), StoreError> {
    let mut w = db.begin_write().await?;
    intents::mark_applied(&mut w.tx, owner, now).await?;
    w.commit().await.map_err(StoreError::from)
}

/// The players with open bets in a market.
pub async fn market_players(db: &Db, market: &str) -> Result<Vec<UserId>, StoreError> {
    let users: Vec<i64> = sqlx::query_scalar::<Any, i64>(
        "SELECT DISTINCT user_id FROM exchange_bets WHERE market_id = $1 AND status = 'open' ORDER BY user_id",
    )
    .bind(market)
    .fetch_all(&db.pool)
    .await?;
    Ok(users.into_iter().map(UserId).collect())
}

/// A player's bets, newest first: of the matches `matches` covers, of runner markets or fancy ones.
pub async fn bets(
    db: &Db,
    user: UserId,
    matches: &MatchFilter,
    fancy: bool,
    limit: i64,
) -> Result<Vec<BetRow>, StoreError> {
    let kind = if fancy { "= 'fancy'" } else { "<> 'fancy'" };
    let which = match matches {
        MatchFilter::Any => "$2 = 0",
        MatchFilter::Id(_) => "match_id = $2",
        MatchFilter::Name(_) => "LOWER(match_name) = LOWER($2)",
    };
    let sql = format!(
        "SELECT {COLUMNS} FROM exchange_bets WHERE user_id = $1 AND {which} AND market_type {kind} \
         AND status NOT IN ('pending', 'refused') ORDER BY id DESC LIMIT $3"
    );
    let query = sqlx::query_as::<Any, BetDbRow>(sqlx::AssertSqlSafe(sql)).bind(user.0);
    let query = match matches {
        MatchFilter::Any => query.bind(0_i64),
        MatchFilter::Id(id) => query.bind(*id),
        MatchFilter::Name(name) => query.bind(name.clone()),
    };
    Ok(bet_rows(query.bind(limit).fetch_all(&db.pool).await?))
}

/// Which matches a bet list covers: every one, one by its id, or those of a name (any case).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchFilter {
    Any,
    Id(i64),
    Name(String),
}

/// A player's open bets in a match, every market.
pub async fn match_open_bets(db: &Db, user: UserId, match_id: i64) -> Result<Vec<BetRow>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM exchange_bets WHERE user_id = $1 AND match_id = $2 AND status = 'open' ORDER BY id"
    );
    let rows = sqlx::query_as::<Any, BetDbRow>(sqlx::AssertSqlSafe(sql))
        .bind(user.0)
        .bind(match_id)
        .fetch_all(&db.pool)
        .await?;
    Ok(bet_rows(rows))
}

/// Bets still `pending` (a restart cut them between their record and their wallet change), oldest first.
pub async fn pending_bets(db: &Db) -> Result<Vec<BetRow>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM exchange_bets WHERE status = 'pending' ORDER BY id");
    let rows = sqlx::query_as::<Any, BetDbRow>(sqlx::AssertSqlSafe(sql)).fetch_all(&db.pool).await?;
    Ok(bet_rows(rows))
}

/// The match a market's bets are on.
pub async fn market_match(db: &Db, market: &str) -> Result<Option<i64>, StoreError> {
    sqlx::query_scalar::<Any, i64>("SELECT match_id FROM exchange_bets WHERE market_id = $1 LIMIT 1")
        .bind(market)
        .fetch_optional(&db.pool)
        .await
        .map_err(StoreError::from)
}

/// Open bets, and the exposure held for them (paise), over every player.
pub async fn figures(db: &Db) -> Result<(i64, i64), StoreError> {
    let bets = sqlx::query_scalar::<Any, i64>("SELECT COUNT(*) FROM exchange_bets WHERE status = 'open'")
        .fetch_one(&db.pool)
        .await?;
    let held = sqlx::query_scalar::<Any, i64>("SELECT CAST(COALESCE(SUM(held), 0) AS BIGINT) FROM exchange_positions")
        .fetch_one(&db.pool)
        .await?;
    Ok((bets, held))
}

#[derive(sqlx_macros::FromRow)]
struct OpenMarketRow {
    market_id: String,
    match_id: i64,
}

/// Markets with open bets, and their match.
pub async fn open_markets(db: &Db) -> Result<Vec<(String, i64)>, StoreError> {
    let rows = sqlx::query_as::<Any, OpenMarketRow>(
        "SELECT DISTINCT market_id, match_id FROM exchange_bets WHERE status = 'open'",
    )
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.market_id, r.match_id)).collect())
}
