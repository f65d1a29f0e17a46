//! Matka on record: markets, draws, slips and bids, a draw's book for the operators, and at start-up what a previous
//! run left (settles to apply, holds that never committed). How a result settles the bids is in `settle.rs`.

use super::rules::{BidType, Panna, Pick, Session};
use super::schedule::{Draw, Schedule};
use crate::clock::EpochMs;
use crate::fair::ServerSeed;
use crate::ids::UserId;
use crate::money::Paise;
use crate::store::Db;
use crate::store::StoreError;
use crate::wallet::WalletError;
use crate::wallet::{Change, GameKind, LedgerKind, Movement, WalletHandle, intents};
use serde::{Deserialize, Serialize};
use sqlx::Any;

/// How a market's results come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = MatkaMode)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// An operator declares them (markets that follow an outside result).
    Declared,
    /// The server draws them from the draw's committed seed.
    Drawn,
}

impl Mode {
    fn as_str(self) -> &'static str {
        match self {
            Mode::Declared => "declared",
            Mode::Drawn => "drawn",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Market {
    pub id: i64,
    pub name: String,
    pub schedule: Schedule,
    pub mode: Mode,
    pub active: bool,
}

/// A draw as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawRow {
    pub market: i64,
    pub draw: Draw,
    pub seed: Option<(ServerSeed, String)>,
    pub open: Option<Panna>,
    pub close: Option<Panna>,
    pub settled: bool,
}

impl DrawRow {
    pub fn commitment(&self) -> Option<String> {
        self.seed.as_ref().map(|(s, _)| s.commitment())
    }
}

/// The reference of a draw's ledger rows: `matka:{market}:{draw}`.
pub fn reference(market: i64, draw: i64) -> String {
    format!("matka:{market}:{draw}")
}

/// A row of `matka_markets`, as the database has it.
#[derive(sqlx_macros::FromRow)]
struct MarketRow {
    id: i64,
    name: String,
    schedule: String,
    mode: String,
    active: i64,
}

impl TryFrom<MarketRow> for Market {
    type Error = sqlx::Error;

    fn try_from(r: MarketRow) -> Result<Self, Self::Error> {
        Ok(Market {
            id: r.id,
            name: r.name,
            schedule: serde_json::from_str(&r.schedule).map_err(|e| sqlx::Error::Decode(e.into()))?,
            mode: if r.mode == "drawn" { Mode::Drawn } else { Mode::Declared },
            active: r.active != 0,
        })
    }
}

pub async fn markets(db: &Db) -> Result<Vec<Market>, StoreError> {
    let rows =
        sqlx::query_as::<Any, MarketRow>("SELECT id, name, schedule, mode, active FROM matka_markets ORDER BY id")
            .fetch_all(&db.pool)
            .await?;
    rows.into_iter().map(Market::try_from).collect::<Result<_, _>>().map_err(StoreError::from)
}

/// Records a new market; `None` when the name is taken.
pub async fn create_market(
    db: &Db,
    name: &str,
    schedule: &Schedule,
    mode: Mode,
    now: EpochMs,
) -> Result<Option<Market>, StoreError> {
    let text = serde_json::to_string(schedule)?;
    let id: Option<i64> = sqlx::query_scalar::<Any, i64>(
        "INSERT INTO matka_markets (name, schedule, mode, active, created_at) VALUES ($1, $2, $3, 1, $4) \
         ON CONFLICT (name) DO NOTHING RETURNING id",
    )
    .bind(name)
    .bind(text)
    .bind(mode.as_str())
    .bind(now)
    .fetch_optional(&db.pool)
    .await?;
    Ok(id.map(|id| Market { id, name: name.to_string(), schedule: *schedule, mode, active: true }))
}

/// Changes a market's name, schedule (from its next draw) or whether it runs; `false` when the name is taken.
pub async fn update_market(db: &Db, m: &Market) -> Result<bool, StoreError> {
    let text = serde_json::to_string(&m.schedule)?;
    let taken: i64 = sqlx::query_scalar::<Any, i64>("SELECT COUNT(*) FROM matka_markets WHERE name = $1 AND id <> $2")
        .bind(m.name.clone())
        .bind(m.id)
        .fetch_one(&db.pool)
        .await?;
    if taken > 0 {
        return Ok(false);
    }
    db.execute(
        sqlx::query::<Any>("UPDATE matka_markets SET name = $1, schedule = $2, active = $3 WHERE id = $4")
            .bind(m.name.clone())
            .bind(text)
            .bind(i64::from(m.active))
            .bind(m.id),
    )
    .await?;
    Ok(true)
}

/// Records a draw before it takes a bid (a drawn market's with its seed). Recording it again keeps the first.
pub async fn open_draw(db: &Db, row: &DrawRow) -> Result<(), StoreError> {
    db.execute(sqlx::query::<Any>(
        "INSERT INTO matka_draws (market_id, draw_no, opens_at, closes_at, status, commitment, server_seed, client_seed) \
         VALUES ($1, $2, $3, $4, 'open', $5, $6, $7) ON CONFLICT (market_id, draw_no) DO NOTHING",
    )
    .bind(row.market)
    .bind(row.draw.no)
    .bind(row.draw.opens_at)
    .bind(row.draw.closes_at)
    .bind(row.commitment())
    .bind(row.seed.as_ref().map(|(s, _)| s.to_hex()))
    .bind(row.seed.as_ref().map(|(_, c)| c.clone())))
    .await
    ?;
    Ok(())
}

const DRAW_COLUMNS: &str =
    "market_id, draw_no, opens_at, closes_at, status, server_seed, client_seed, open_panna, close_panna";

/// A row of `matka_draws` (`DRAW_COLUMNS`), as the database has it.
#[derive(sqlx_macros::FromRow)]
struct DrawDbRow {
    market_id: i64,
    draw_no: i64,
    opens_at: EpochMs,
    closes_at: EpochMs,
    status: String,
    server_seed: Option<String>,
    client_seed: Option<String>,
    open_panna: Option<String>,
    close_panna: Option<String>,
}

impl From<DrawDbRow> for DrawRow {
    fn from(r: DrawDbRow) -> Self {
        DrawRow {
            market: r.market_id,
            draw: Draw { no: r.draw_no, opens_at: r.opens_at, closes_at: r.closes_at },
            seed: r.server_seed.as_deref().and_then(ServerSeed::from_hex).zip(r.client_seed),
            settled: r.status == "settled",
            open: r.open_panna.as_deref().and_then(Panna::parse),
            close: r.close_panna.as_deref().and_then(Panna::parse),
        }
    }
}

/// The draw `(market, no)`, if recorded.
pub async fn draw(db: &Db, market: i64, no: i64) -> Result<Option<DrawRow>, StoreError> {
    let sql = format!("SELECT {DRAW_COLUMNS} FROM matka_draws WHERE market_id = $1 AND draw_no = $2");
    let row = sqlx::query_as::<Any, DrawDbRow>(sqlx::AssertSqlSafe(sql))
        .bind(market)
        .bind(no)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.map(DrawRow::from))
}

/// Draws not yet settled, oldest first.
pub async fn unsettled(db: &Db) -> Result<Vec<DrawRow>, StoreError> {
    let sql = format!("SELECT {DRAW_COLUMNS} FROM matka_draws WHERE status <> 'settled' ORDER BY closes_at");
    let rows = sqlx::query_as::<Any, DrawDbRow>(sqlx::AssertSqlSafe(sql)).fetch_all(&db.pool).await?;
    Ok(rows.into_iter().map(DrawRow::from).collect())
}

/// A market's draws with at least the open result, newest first (the chart).
pub async fn results(db: &Db, market: i64, limit: i64) -> Result<Vec<DrawRow>, StoreError> {
    let sql = format!(
        "SELECT {DRAW_COLUMNS} FROM matka_draws WHERE market_id = $1 AND open_panna IS NOT NULL \
         ORDER BY draw_no DESC LIMIT $2"
    );
    let rows =
        sqlx::query_as::<Any, DrawDbRow>(sqlx::AssertSqlSafe(sql)).bind(market).bind(limit).fetch_all(&db.pool).await?;
    Ok(rows.into_iter().map(DrawRow::from).collect())
}

/// A bid as asked: its type, session, number and stake at the rate offered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBid {
    pub bid: BidType,
    pub session: Session,
    pub pick: Pick,
    pub stake: Paise,
    pub rate: i64,
}

/// Records a slip and its bids `pending` (its hold not yet asked); returns the slip's id.
pub async fn record_slip(
    db: &Db,
    user: UserId,
    market: i64,
    draw: i64,
    bids: &[NewBid],
    now: EpochMs,
) -> Result<i64, StoreError> {
    let total: i64 = bids.iter().map(|b| b.stake.get()).sum();
    let mut w = db.begin_write().await?;
    let tx = &mut w.tx;
    let slip: i64 = sqlx::query_scalar::<Any, i64>(
        "INSERT INTO matka_slips (user_id, market_id, draw_no, total, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(user.0)
    .bind(market)
    .bind(draw)
    .bind(total)
    .bind(now)
    .fetch_one(&mut **tx)
    .await
    ?;
    for b in bids {
        sqlx::query::<Any>(
            "INSERT INTO matka_bids (slip_id, user_id, market_id, draw_no, bid_type, session, number, stake, rate, status, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10)",
        )
        .bind(slip)
        .bind(user.0)
        .bind(market)
        .bind(draw)
        .bind(bid_type_text(b.bid))
        .bind(session_text(b.session))
        .bind(b.pick.text())
        .bind(b.stake.get())
        .bind(b.rate)
        .bind(now)
        .execute(&mut **tx)
        .await
        ?;
    }
    w.commit().await?;
    Ok(slip)
}

/// The hold of a slip.
pub fn slip_hold(user: UserId, market: i64, draw: i64, slip: i64, total: Paise) -> Change {
    Change {
        user,
        movement: Movement::Hold { amount: total },
        kind: LedgerKind::Bet(GameKind::Matka),
        reference: reference(market, draw),
        idempotency_key: format!("{}:slip:{slip}:hold", reference(market, draw)),
    }
}

/// The slip's hold committed (`held`) or was refused (`void`).
pub async fn slip_held(db: &Db, slip: i64, held: bool) -> Result<(), StoreError> {
    let mut w = db.begin_write().await?;
    sqlx::query::<Any>("UPDATE matka_bids SET status = $1 WHERE slip_id = $2 AND status = 'pending'")
        .bind(if held { "held" } else { "void" })
        .bind(slip)
        .execute(&mut *w.tx)
        .await?;
    w.commit().await.map_err(StoreError::from)
}

pub fn bid_type_text(b: BidType) -> &'static str {
    match b {
        BidType::SingleDigit => "single_digit",
        BidType::Jodi => "jodi",
        BidType::SinglePanna => "single_panna",
        BidType::DoublePanna => "double_panna",
        BidType::TriplePanna => "triple_panna",
        BidType::HalfSangam => "half_sangam",
        BidType::FullSangam => "full_sangam",
    }
}

pub fn session_text(s: Session) -> &'static str {
    match s {
        Session::Open => "open",
        Session::Close => "close",
    }
}

/// What [`recover`] did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Recovered {
    pub settled: usize,
    pub held: usize,
    pub voided: usize,
}

/// A slip with a bid still `pending`.
#[derive(sqlx_macros::FromRow)]
struct PendingSlipRow {
    id: i64,
    user_id: i64,
    market_id: i64,
    draw_no: i64,
    total: i64,
}

/// Finishes what a previous run left: recorded settles are applied; a slip whose hold committed is `held`, one whose
/// hold never did is `void`.
pub async fn recover(db: &Db, wallet: &WalletHandle, now: EpochMs) -> Result<Recovered, WalletError> {
    let mut done = Recovered::default();
    let pending = sqlx::query_as::<Any, PendingSlipRow>(
        "SELECT DISTINCT s.id, s.user_id, s.market_id, s.draw_no, s.total FROM matka_slips s \
         JOIN matka_bids b ON b.slip_id = s.id WHERE b.status = 'pending'",
    )
    .fetch_all(&db.pool)
    .await?;
    for r in &pending {
        let (slip, user, market, draw, total) = (r.id, r.user_id, r.market_id, r.draw_no, r.total);
        let key = slip_hold(UserId(user), market, draw, slip, Paise::new(total)).idempotency_key;
        let held = intents::committed(db, &key, UserId(user)).await?;
        slip_held(db, slip, held).await?;
        if held { done.held += 1 } else { done.voided += 1 }
    }
    done.settled = intents::resume_owned(db, wallet, "matka:", now).await?;
    Ok(done)
}

/// A player's bid, for their history.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = MatkaBidRow)]
#[serde(rename_all = "camelCase")]
pub struct BidRow {
    pub id: i64,
    pub market: String,
    pub draw_no: i64,
    // As `bid_type_text` stores it.
    #[schema(value_type = BidType)]
    pub bid_type: String,
    // As `session_text` stores it.
    #[schema(value_type = Session)]
    pub session: String,
    pub number: String,
    #[serde(serialize_with = "crate::money::as_rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub points: Paise,
    pub rate: f64,
    /// `held` (waiting for its result), `won` or `lost`. Bids the wallet refused are not listed.
    #[schema(value_type = BidStatus)]
    pub status: String,
    #[serde(serialize_with = "crate::money::as_rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub payout: Paise,
    #[schema(value_type = i64)]
    pub created_at: EpochMs,
}

// `bids_of` leaves out `pending` and `void`.
/// A listed bid's status: `held` (waiting for its result), `won` or `lost`.
#[derive(utoipa::ToSchema)]
#[schema(as = MatkaBidStatus)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum BidStatus {
    Held,
    Won,
    Lost,
}

/// A row of `bids_of`'s query, as the database has it.
#[derive(sqlx_macros::FromRow)]
struct BidDbRow {
    id: i64,
    market: String,
    draw_no: i64,
    bid_type: String,
    session: String,
    number: String,
    stake: i64,
    rate: i64,
    status: String,
    payout: i64,
    created_at: EpochMs,
}

pub async fn bids_of(db: &Db, user: UserId, limit: i64) -> Result<Vec<BidRow>, StoreError> {
    let rows = sqlx::query_as::<Any, BidDbRow>(
        "SELECT b.id, m.name AS market, b.draw_no, b.bid_type, b.session, b.number, b.stake, b.rate, b.status, \
         COALESCE(b.payout, 0) AS payout, b.created_at FROM matka_bids b JOIN matka_markets m ON m.id = b.market_id \
         WHERE b.user_id = $1 AND b.status NOT IN ('pending', 'void') ORDER BY b.id DESC LIMIT $2",
    )
    .bind(user.0)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| BidRow {
            id: r.id,
            market: r.market,
            draw_no: r.draw_no,
            bid_type: r.bid_type,
            session: r.session,
            number: r.number,
            points: Paise::new(r.stake),
            rate: r.rate as f64 / 100.0,
            status: r.status,
            payout: Paise::new(r.payout),
            created_at: r.created_at,
        })
        .collect())
}

/// One line of a draw's book for the operators: the bids on one number, and what they would pay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookLine {
    pub bid: BidType,
    pub session: Session,
    pub pick: Pick,
    pub bids: i64,
    pub stake: Paise,
    /// What they pay if the number wins (stake included).
    pub payout: Paise,
}

/// One line of `book`'s query, as the database has it.
#[derive(sqlx_macros::FromRow)]
struct BookDbRow {
    bid_type: String,
    session: String,
    number: String,
    bids: i64,
    stake: i64,
    payout: i64,
}

/// The held bids of a draw, by type, session and number.
pub async fn book(db: &Db, market: i64, draw: i64) -> Result<Vec<BookLine>, StoreError> {
    let rows = sqlx::query_as::<Any, BookDbRow>(
        "SELECT bid_type, session, number, COUNT(*) AS bids, CAST(SUM(stake) AS BIGINT) AS stake, \
         CAST(SUM(stake * rate / 100) AS BIGINT) AS payout \
         FROM matka_bids WHERE market_id = $1 AND draw_no = $2 AND status = 'held' \
         GROUP BY bid_type, session, number ORDER BY bid_type, session, number",
    )
    .bind(market)
    .bind(draw)
    .fetch_all(&db.pool)
    .await?;
    let mut lines = Vec::with_capacity(rows.len());
    for r in rows {
        let Some(bid) = BidType::parse(&r.bid_type) else { continue };
        let Some(pick) = Pick::parse(bid, &r.number) else { continue };
        lines.push(BookLine {
            bid,
            session: if r.session == "open" { Session::Open } else { Session::Close },
            pick,
            bids: r.bids,
            stake: Paise::new(r.stake),
            payout: Paise::new(r.payout),
        });
    }
    Ok(lines)
}
