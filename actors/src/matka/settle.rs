//! How a Matka draw's money moves: a result recorded with every held bid it decides and their settle intents, in one
//! transaction ([`record_result`]); a declared result corrected, with the difference for every settled bid
//! ([`correct_result`]); and the corrections the wallet refused for good ([`shortfalls`]). The intents are applied
//! by the desk with [`intents::resume`].

use super::rules::{BidType, Panna, Pick, Session};
use super::store::reference;
use crate::clock::EpochMs;
use crate::ids::UserId;
use crate::money::Paise;
use crate::store::Db;
use crate::wallet::{Change, GameKind, LedgerKind, Movement, SystemAccount, WalletError, intents};
use sqlx::Any;

/// A settled or held bid as read for deciding it: columns `id, user_id, bid_type, session, number, stake, rate`.
struct BidToDecide {
    id: i64,
    user: UserId,
    pick: Option<Pick>,
    session: Session,
    stake: Paise,
    rate: i64,
}

/// The columns `id, user_id, bid_type, session, number, stake, rate` of a bid, as the database has them.
#[derive(sqlx_macros::FromRow)]
struct BidDbRow {
    id: i64,
    user_id: i64,
    bid_type: String,
    session: String,
    number: String,
    stake: i64,
    rate: i64,
}

/// A settled bid with what it paid.
#[derive(sqlx_macros::FromRow)]
struct SettledBidRow {
    #[sqlx(flatten)]
    bid: BidDbRow,
    payout: Option<i64>,
}

impl From<BidDbRow> for BidToDecide {
    fn from(b: BidDbRow) -> Self {
        let bid_type = BidType::parse(&b.bid_type);
        BidToDecide {
            id: b.id,
            user: UserId(b.user_id),
            pick: bid_type.and_then(|t| Pick::parse(t, &b.number)),
            session: if b.session == "open" { Session::Open } else { Session::Close },
            stake: Paise::new(b.stake),
            rate: b.rate,
        }
    }
}

impl BidToDecide {
    /// Won or lost on a result (`None` while undecided), and what it pays.
    fn decide(&self, open: Panna, close: Option<Panna>) -> Option<(bool, Paise)> {
        let won = self.pick?.wins(self.session, open, close)?;
        Some((won, if won { self.stake.times_hundredths(self.rate).unwrap_or(Paise::ZERO) } else { Paise::ZERO }))
    }
}

/// Records a bid `won` or `lost` and what it pays.
async fn decided(
    conn: &mut sqlx::AnyConnection,
    id: i64,
    won: bool,
    payout: Paise,
    now: EpochMs,
) -> Result<(), WalletError> {
    sqlx::query::<Any>("UPDATE matka_bids SET status = $1, payout = $2, settled_at = $3 WHERE id = $4")
        .bind(if won { "won" } else { "lost" })
        .bind(payout.get())
        .bind(now)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Which result is being recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Open(Panna),
    Close(Panna),
}

impl Part {
    /// The close result (`close`), else the open one.
    pub fn of(close: bool, panna: Panna) -> Part {
        if close { Part::Close(panna) } else { Part::Open(panna) }
    }
}

/// Records a result of a draw, settles every held bid it decides and records their settle intents, in one
/// transaction (owner `matka:{market}:{draw}:{open|close}`); the intents are then applied with [`intents::resume`].
/// `by` is the operator who declared it (`None`: drawn). A result already recorded is not recorded again.
pub async fn record_result(
    db: &Db,
    market: i64,
    draw: i64,
    part: Part,
    by: Option<UserId>,
    now: EpochMs,
) -> Result<String, WalletError> {
    let base = reference(market, draw);
    let mut w = db.begin_write().await?;
    let tx = &mut w.tx;
    let (sql, panna, owner) = match part {
        Part::Open(p) => (
            "UPDATE matka_draws SET open_panna = $1, opened_by = $2, status = 'open_result' \
             WHERE market_id = $3 AND draw_no = $4 AND open_panna IS NULL",
            p,
            format!("{base}:open"),
        ),
        Part::Close(p) => (
            "UPDATE matka_draws SET close_panna = $1, closed_by = $2, status = 'settled' \
             WHERE market_id = $3 AND draw_no = $4 AND open_panna IS NOT NULL AND close_panna IS NULL",
            p,
            format!("{base}:close"),
        ),
    };
    let changed = sqlx::query::<Any>(sql)
        .bind(panna.to_string())
        .bind(by.map(|u| u.0))
        .bind(market)
        .bind(draw)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    if changed == 0 {
        return Ok(owner);
    }
    let open_panna: Option<String> = sqlx::query_scalar::<Any, Option<String>>(
        "SELECT open_panna FROM matka_draws WHERE market_id = $1 AND draw_no = $2",
    )
    .bind(market)
    .bind(draw)
    .fetch_one(&mut **tx)
    .await?;
    let open = open_panna.as_deref().and_then(Panna::parse);
    let Some(open) = open else { return Err(WalletError::Corrupt("a close result before the open one".into())) };
    let close = match part {
        Part::Open(_) => None,
        Part::Close(p) => Some(p),
    };
    let session_filter = if close.is_none() { " AND session = 'open'" } else { "" };
    let sql = format!(
        "SELECT id, user_id, bid_type, session, number, stake, rate FROM matka_bids \
         WHERE market_id = $1 AND draw_no = $2 AND status = 'held'{session_filter}"
    );
    let bids =
        sqlx::query_as::<Any, BidDbRow>(sqlx::AssertSqlSafe(sql)).bind(market).bind(draw).fetch_all(&mut **tx).await?;
    let mut settles = Vec::with_capacity(bids.len());
    for b in bids {
        let bid = BidToDecide::from(b);
        let Some((won, payout)) = bid.decide(open, close) else { continue };
        let BidToDecide { id, user, stake, .. } = bid;
        decided(tx, id, won, payout, now).await?;
        settles.push(Change {
            user,
            movement: Movement::Settle { hold: stake, payout, with: SystemAccount::House },
            kind: if won { LedgerKind::Win(GameKind::Matka) } else { LedgerKind::Loss(GameKind::Matka) },
            reference: base.clone(),
            idempotency_key: format!("{base}:{id}:settle"),
        });
    }
    intents::record(tx, &owner, &settles, now).await?;
    w.commit().await?;
    Ok(owner)
}

/// What a correction did: the players it paid more, and those it took back from.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Corrected {
    pub owner: String,
    pub credits: usize,
    pub debits: usize,
}

/// A draw's results and how many times they were corrected.
#[derive(sqlx_macros::FromRow)]
struct DrawResultRow {
    open_panna: Option<String>,
    close_panna: Option<String>,
    corrections: i64,
}

/// Replaces a declared result (the open panna, or the close one) and settles the difference: every settled bid of the
/// draw is decided again on the corrected result, and what it pays changes by a credit from the house or a debit to
/// it (key `…:{bid}:correct:{n}`, the draw's n-th correction), recorded as intents with the new result in one
/// transaction. A debit the player can no longer cover is marked failed by [`intents::resume`], for the operators.
pub async fn correct_result(
    db: &Db,
    market: i64,
    draw: i64,
    part: Part,
    now: EpochMs,
) -> Result<Option<Corrected>, WalletError> {
    let base = reference(market, draw);
    let mut w = db.begin_write().await?;
    let tx = &mut w.tx;
    let row = sqlx::query_as::<Any, DrawResultRow>(
        "SELECT open_panna, close_panna, corrections FROM matka_draws WHERE market_id = $1 AND draw_no = $2",
    )
    .bind(market)
    .bind(draw)
    .fetch_optional(&mut **tx)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let panna = |p: Option<String>| p.as_deref().and_then(Panna::parse);
    let (open, close, n) = (panna(row.open_panna), panna(row.close_panna), row.corrections + 1);
    let (open, close, column) = match (part, open, close) {
        (Part::Open(p), Some(_), close) => (p, close, "open_panna"),
        (Part::Close(p), Some(open), Some(_)) => (open, Some(p), "close_panna"),
        _ => return Ok(None),
    };
    let new = match part {
        Part::Open(p) | Part::Close(p) => p.to_string(),
    };
    let sql = format!("UPDATE matka_draws SET {column} = $1, corrections = $2 WHERE market_id = $3 AND draw_no = $4");
    sqlx::query::<Any>(sqlx::AssertSqlSafe(sql)).bind(new).bind(n).bind(market).bind(draw).execute(&mut **tx).await?;
    let bids = sqlx::query_as::<Any, SettledBidRow>(
        "SELECT id, user_id, bid_type, session, number, stake, rate, payout FROM matka_bids \
         WHERE market_id = $1 AND draw_no = $2 AND status IN ('won', 'lost')",
    )
    .bind(market)
    .bind(draw)
    .fetch_all(&mut **tx)
    .await?;
    let owner = format!("{base}:correct:{n}");
    let mut done = Corrected { owner: owner.clone(), ..Corrected::default() };
    let mut changes = Vec::new();
    for b in bids {
        let before = Paise::new(b.payout.unwrap_or(0));
        let bid = BidToDecide::from(b.bid);
        let Some((won, after)) = bid.decide(open, close) else { continue };
        let BidToDecide { id, user, .. } = bid;
        if after == before {
            continue;
        }
        decided(tx, id, won, after, now).await?;
        let (movement, kind) = if after > before {
            done.credits += 1;
            let amount = after.checked_sub(before).map_err(|_| WalletError::Overflow)?;
            (Movement::Credit { amount, from: SystemAccount::House }, LedgerKind::Win(GameKind::Matka))
        } else {
            done.debits += 1;
            let amount = before.checked_sub(after).map_err(|_| WalletError::Overflow)?;
            (Movement::Debit { amount, to: SystemAccount::House }, LedgerKind::Loss(GameKind::Matka))
        };
        changes.push(Change {
            user,
            movement,
            kind,
            reference: base.clone(),
            idempotency_key: format!("{base}:{id}:correct:{n}"),
        });
    }
    intents::record(tx, &owner, &changes, now).await?;
    w.commit().await?;
    Ok(Some(done))
}

#[derive(sqlx_macros::FromRow)]
struct ShortfallRow {
    user_id: i64,
    idempotency_key: String,
    error: String,
}

/// The corrections of a draw that the wallet refused for good (a player could not cover a debit): `(user, key, why)`.
pub async fn shortfalls(db: &Db, market: i64, draw: i64) -> Result<Vec<(UserId, String, String)>, WalletError> {
    let rows = sqlx::query_as::<Any, ShortfallRow>(
        "SELECT user_id, idempotency_key, COALESCE(error, '') AS error FROM wallet_intents \
         WHERE owner LIKE $1 AND status = 'failed'",
    )
    .bind(format!("{}:correct:%", reference(market, draw)))
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|r| (UserId(r.user_id), r.idempotency_key, r.error)).collect())
}
