//! Matka on record: markets, draws, slips and bids, a draw's book for the operators, and at start-up what a previous
//! run left (settles to apply, holds that never committed). How a result settles the bids is in `settle.rs`.

use super::rules::{BidType, Panna, Pick, Session};
use super::schedule::{Draw, Schedule};
use crate::clock::EpochMs;
use crate::fair::ServerSeed;
use crate::ids::UserId;
use crate::money::Paise;
use crate::store::Db;
use crate::wallet::{Change, GameKind, LedgerKind, Movement, WalletError, WalletHandle, intents};
use serde::{Deserialize, Serialize};
use sqlx::{Any, Row};

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

fn market_from(r: &sqlx::any::AnyRow) -> Result<Market, sqlx::Error> {
    let schedule: String = r.try_get(2)?;
    let mode: String = r.try_get(3)?;
    Ok(Market {
        id: r.try_get(0)?,
        name: r.try_get(1)?,
        schedule: serde_json::from_str(&schedule).map_err(|e| sqlx::Error::Decode(e.into()))?,
        mode: if mode == "drawn" { Mode::Drawn } else { Mode::Declared },
        active: r.try_get::<i64, _>(4)? != 0,
    })
}

pub async fn markets(db: &Db) -> Result<Vec<Market>, WalletError> {
    let rows = sqlx::query::<Any>("SELECT id, name, schedule, mode, active FROM matka_markets ORDER BY id")
        .fetch_all(&db.pool)
        .await?;
    rows.iter().map(market_from).collect::<Result<_, _>>().map_err(WalletError::from)
}

/// Records a new market; `None` when the name is taken.
pub async fn create_market(
    db: &Db,
    name: &str,
    schedule: &Schedule,
    mode: Mode,
    now: EpochMs,
) -> Result<Option<Market>, WalletError> {
    let text = serde_json::to_string(schedule).map_err(|e| WalletError::Storage(e.to_string()))?;
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
pub async fn update_market(db: &Db, m: &Market) -> Result<bool, WalletError> {
    let text = serde_json::to_string(&m.schedule).map_err(|e| WalletError::Storage(e.to_string()))?;
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
pub async fn open_draw(db: &Db, row: &DrawRow) -> Result<(), WalletError> {
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

fn draw_from(r: &sqlx::any::AnyRow) -> Result<DrawRow, sqlx::Error> {
    let seed: Option<String> = r.try_get(5)?;
    let client: Option<String> = r.try_get(6)?;
    let panna = |i: usize| -> Result<Option<Panna>, sqlx::Error> {
        Ok(r.try_get::<Option<String>, _>(i)?.as_deref().and_then(Panna::parse))
    };
    Ok(DrawRow {
        market: r.try_get(0)?,
        draw: Draw { no: r.try_get(1)?, opens_at: r.try_get(2)?, closes_at: r.try_get(3)? },
        seed: seed.as_deref().and_then(ServerSeed::from_hex).zip(client),
        settled: r.try_get::<String, _>(4)? == "settled",
        open: panna(7)?,
        close: panna(8)?,
    })
}

/// The draw `(market, no)`, if recorded.
pub async fn draw(db: &Db, market: i64, no: i64) -> Result<Option<DrawRow>, WalletError> {
    let sql = format!("SELECT {DRAW_COLUMNS} FROM matka_draws WHERE market_id = $1 AND draw_no = $2");
    let row = sqlx::query::<Any>(sqlx::AssertSqlSafe(sql)).bind(market).bind(no).fetch_optional(&db.pool).await?;
    row.as_ref().map(draw_from).transpose().map_err(WalletError::from)
}

/// Draws not yet settled, oldest first.
pub async fn unsettled(db: &Db) -> Result<Vec<DrawRow>, WalletError> {
    let sql = format!("SELECT {DRAW_COLUMNS} FROM matka_draws WHERE status <> 'settled' ORDER BY closes_at");
    let rows = sqlx::query::<Any>(sqlx::AssertSqlSafe(sql)).fetch_all(&db.pool).await?;
    rows.iter().map(draw_from).collect::<Result<_, _>>().map_err(WalletError::from)
}

/// A market's draws with at least the open result, newest first (the chart).
pub async fn results(db: &Db, market: i64, limit: i64) -> Result<Vec<DrawRow>, WalletError> {
    let sql = format!(
        "SELECT {DRAW_COLUMNS} FROM matka_draws WHERE market_id = $1 AND open_panna IS NOT NULL \
         ORDER BY draw_no DESC LIMIT $2"
    );
    let rows = sqlx::query::<Any>(sqlx::AssertSqlSafe(sql)).bind(market).bind(limit).fetch_all(&db.pool).await?;
    rows.iter().map(draw_from).collect::<Result<_, _>>().map_err(WalletError::from)
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
) -> Result<i64, WalletError> {
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
pub async fn slip_held(db: &Db, slip: i64, held: bool) -> Result<(), WalletError> {
    let mut w = db.begin_write().await?;
    sqlx::query::<Any>("UPDATE matka_bids SET status = $1 WHERE slip_id = $2 AND status = 'pending'")
        .bind(if held { "held" } else { "void" })
        .bind(slip)
        .execute(&mut *w.tx)
        .await?;
    w.commit().await.map_err(WalletError::from)
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

/// Finishes what a previous run left: recorded settles are applied; a slip whose hold committed is `held`, one whose
/// hold never did is `void`.
pub async fn recover(db: &Db, wallet: &WalletHandle, now: EpochMs) -> Result<Recovered, WalletError> {
    let mut done = Recovered::default();
    let pending = sqlx::query::<Any>(
        "SELECT DISTINCT s.id, s.user_id, s.market_id, s.draw_no, s.total FROM matka_slips s \
         JOIN matka_bids b ON b.slip_id = s.id WHERE b.status = 'pending'",
    )
    .fetch_all(&db.pool)
    .await?;
    for r in &pending {
        let (slip, user, market, draw, total): (i64, i64, i64, i64, i64) =
            (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?, r.try_get(4)?);
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

pub async fn bids_of(db: &Db, user: UserId, limit: i64) -> Result<Vec<BidRow>, WalletError> {
    let rows = sqlx::query::<Any>(
        "SELECT b.id, m.name, b.draw_no, b.bid_type, b.session, b.number, b.stake, b.rate, b.status, \
         COALESCE(b.payout, 0), b.created_at FROM matka_bids b JOIN matka_markets m ON m.id = b.market_id \
         WHERE b.user_id = $1 AND b.status NOT IN ('pending', 'void') ORDER BY b.id DESC LIMIT $2",
    )
    .bind(user.0)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(BidRow {
                id: r.try_get(0)?,
                market: r.try_get(1)?,
                draw_no: r.try_get(2)?,
                bid_type: r.try_get(3)?,
                session: r.try_get(4)?,
                number: r.try_get(5)?,
                points: Paise::new(r.try_get(6)?),
                rate: r.try_get::<i64, _>(7)? as f64 / 100.0,
                status: r.try_get(8)?,
                payout: Paise::new(r.try_get(9)?),
                created_at: r.try_get(10)?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()
        .map_err(WalletError::from)
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

/// The held bids of a draw, by type, session and number.
pub async fn book(db: &Db, market: i64, draw: i64) -> Result<Vec<BookLine>, WalletError> {
    let rows = sqlx::query::<Any>(
        "SELECT bid_type, session, number, COUNT(*), CAST(SUM(stake) AS BIGINT), CAST(SUM(stake * rate / 100) AS BIGINT) \
         FROM matka_bids WHERE market_id = $1 AND draw_no = $2 AND status = 'held' \
         GROUP BY bid_type, session, number ORDER BY bid_type, session, number",
    )
    .bind(market)
    .bind(draw)
    .fetch_all(&db.pool)
    .await
    ?;
    let mut lines = Vec::with_capacity(rows.len());
    for r in &rows {
        let bid_text: String = r.try_get(0)?;
        let number: String = r.try_get(2)?;
        let Some(bid) = BidType::parse(&bid_text) else { continue };
        let Some(pick) = Pick::parse(bid, &number) else { continue };
        lines.push(BookLine {
            bid,
            session: if r.try_get::<String, _>(1)? == "open" { Session::Open } else { Session::Close },
            pick,
            bids: r.try_get(3)?,
            stake: Paise::new(r.try_get(4)?),
            payout: Paise::new(r.try_get(5)?),
        });
    }
    Ok(lines)
}
