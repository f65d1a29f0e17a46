//! Aviator's rounds: their records (open, then recorded at the crash with their bets and settle intents, then
//! closed) and history. The restart recovery of rounds a previous run left unfinished is `recovery.rs`; the chains
//! are in `chains.rs`.

use super::fair::{self, Hash};
pub use super::recovery::{Recovered, recover_unfinished_rounds};
use super::rules::{BetState, RoundSeed, Slot};
use crate::clock::EpochMs;
use crate::ids::{RoundId, UserId};
use crate::money::Paise;
use crate::store::Db;
use crate::store::StoreError;
use crate::table::keys::BetKeys;
use crate::wallet::{Change, intents};
// Dynamic SQL in this file is assembled only from constants and placeholder counts, never from input.
use sqlx::Any;
use sqlx::AssertSqlSafe;

/// A hash from its 64 hex characters.
pub fn parse_hash(hex_text: &str) -> Option<Hash> {
    hex::decode(hex_text).ok()?.try_into().ok()
}

/// Records a round before any bet can reference it, so a restart knows it is unfinished.
pub async fn open_round(db: &Db, seed: &RoundSeed, now: EpochMs) -> Result<(), StoreError> {
    db.execute(
        sqlx::query::<Any>(
            "INSERT INTO aviator_rounds (id, hash, crash_point, status, created_at) VALUES ($1, $2, $3, 'open', $4) \
         ON CONFLICT (id) DO NOTHING",
        )
        .bind(seed.round.0)
        .bind(fair::to_hex(&seed.hash))
        .bind(seed.crash_point as i64)
        .bind(now),
    )
    .await?;
    Ok(())
}

/// A settled bet, as history shows it.
#[derive(Debug, Clone)]
pub struct SettledBet {
    pub round: RoundId,
    pub user: UserId,
    pub slot: Slot,
    pub stake: Paise,
    pub auto_cashout: Option<u64>,
    pub state: BetState,
    pub created_at: EpochMs,
}

const BETS_PER_STATEMENT: usize = 50;

/// The house's result on the wallet's books: the sum of every shard's house account balance (the house takes every
/// lost stake and pays every win, of every game; all accounts together sum to zero, so this is what the house has
/// won, or lost if negative, since the books began). Read by primary key over the house accounts' id range (at most
/// one per shard), so it costs a few rows however many players there are; the books as committed, which is what
/// the shards hold but for the batches being written.
pub async fn house_result(db: &Db) -> Result<Paise, StoreError> {
    use crate::wallet::{SystemAccount, rules::system_account_id};
    let result = sqlx::query_scalar::<Any, i64>(
        "SELECT CAST(COALESCE(SUM(balance), 0) AS BIGINT) FROM accounts WHERE id BETWEEN $1 AND $2 AND kind = 'house'",
    )
    .bind(system_account_id(999, SystemAccount::House).0)
    .bind(system_account_id(0, SystemAccount::House).0)
    .fetch_one(&db.pool)
    .await?;
    Ok(Paise::new(result))
}

/// The owner of a round's wallet intents, and the reference of its ledger rows.
pub fn owner(round: RoundId) -> String {
    keys(round).reference()
}

/// The round's money names, shared with the round games (`{game}:{round}`, refunds per player).
pub fn keys(round: RoundId) -> BetKeys {
    BetKeys { game: super::table::ROOM, round }
}

/// Records a crashed round in one transaction: when it ended (revealing its hash), its bets for history, and the
/// settles its outcomes need as wallet intents. The round stays `open` until [`close_round`]: a restart resumes
/// the intents instead of refunding.
pub async fn record_round_end(
    db: &Db,
    round: RoundId,
    capped_at: Option<u64>,
    bets: &[SettledBet],
    settles: &[Change],
    now: EpochMs,
) -> Result<(), StoreError> {
    let mut w = db.begin_write().await?;
    let tx = &mut w.tx;
    sqlx::query::<Any>("UPDATE aviator_rounds SET capped_at = $1, ended_at = $2 WHERE id = $3")
        .bind(capped_at.map(|c| c as i64))
        .bind(now)
        .bind(round.0)
        .execute(&mut **tx)
        .await?;
    insert_bets(tx, bets, now).await?;
    intents::record(tx, &owner(round), settles, now).await?;
    w.commit().await.map_err(StoreError::from)
}

/// A bet confirmed after its round crashed (settled on the spot): its history row and its settle, in one
/// transaction, before the settle is applied.
pub async fn record_late_bet(db: &Db, bet: &SettledBet, settle: &Change, now: EpochMs) -> Result<(), StoreError> {
    let mut w = db.begin_write().await?;
    insert_bets(&mut w.tx, std::slice::from_ref(bet), now).await?;
    intents::record(&mut w.tx, &owner(bet.round), std::slice::from_ref(settle), now).await?;
    w.commit().await.map_err(StoreError::from)
}

/// All of a round's money has moved: its intents are applied and the round is `ended`.
pub async fn close_round(db: &Db, round: RoundId, now: EpochMs) -> Result<(), StoreError> {
    let mut w = db.begin_write().await?;
    intents::mark_applied(&mut w.tx, &owner(round), now).await?;
    sqlx::query::<Any>("UPDATE aviator_rounds SET status = 'ended' WHERE id = $1")
        .bind(round.0)
        .execute(&mut *w.tx)
        .await?;
    w.commit().await.map_err(StoreError::from)
}

pub async fn insert_bets(conn: &mut sqlx::AnyConnection, bets: &[SettledBet], now: EpochMs) -> Result<(), StoreError> {
    for chunk in bets.chunks(BETS_PER_STATEMENT) {
        let tuples: Vec<String> = (0..chunk.len())
            .map(|r| {
                format!(
                    "(${}, ${}, ${}, ${}, ${}, ${}, ${}, ${}, ${}, ${})",
                    r * 10 + 1,
                    r * 10 + 2,
                    r * 10 + 3,
                    r * 10 + 4,
                    r * 10 + 5,
                    r * 10 + 6,
                    r * 10 + 7,
                    r * 10 + 8,
                    r * 10 + 9,
                    r * 10 + 10
                )
            })
            .collect();
        let sql = format!(
            "INSERT INTO aviator_bets (round_id, user_id, slot, stake, auto_cashout, status, multiplier, payout, created_at, settled_at) VALUES {}",
            tuples.join(", ")
        );
        let mut q = sqlx::query::<Any>(AssertSqlSafe(sql));
        for b in chunk {
            let (status, multiplier, payout) = match b.state {
                BetState::CashedOut { multiplier, payout } => ("won", Some(multiplier as i64), payout.get()),
                BetState::Lost | BetState::Open | BetState::Reserved => ("lost", None, 0),
                BetState::Cancelled => ("refunded", None, b.stake.get()),
            };
            q = q
                .bind(b.round.0)
                .bind(b.user.0)
                .bind(i64::from(b.slot.index()))
                .bind(b.stake.get())
                .bind(b.auto_cashout.map(|a| a as i64))
                .bind(status)
                .bind(multiplier)
                .bind(payout)
                .bind(b.created_at)
                .bind(now);
        }
        q.execute(&mut *conn).await?;
    }
    Ok(())
}

/// The next round to play: one past the highest ever recorded.
pub async fn next_round_id(db: &Db) -> Result<RoundId, StoreError> {
    let last = sqlx::query_scalar::<Any, i64>("SELECT CAST(COALESCE(MAX(id), 0) AS BIGINT) FROM aviator_rounds")
        .fetch_one(&db.pool)
        .await?;
    Ok(RoundId(last + 1))
}

/// An ended round, as the public list and the verifier show it.
#[derive(Debug, Clone)]
pub struct EndedRound {
    pub round: RoundId,
    pub hash: String,
    pub crash_point: u64,
    pub capped_at: Option<u64>,
    pub ended_at: EpochMs,
}

/// The columns of an ended round, as the database has them.
#[derive(sqlx_macros::FromRow)]
struct EndedDbRow {
    id: i64,
    hash: String,
    crash_point: i64,
    capped_at: Option<i64>,
    ended_at: Option<EpochMs>,
}

impl From<EndedDbRow> for EndedRound {
    fn from(r: EndedDbRow) -> Self {
        EndedRound {
            round: RoundId(r.id),
            hash: r.hash,
            crash_point: r.crash_point as u64,
            capped_at: r.capped_at.map(|c| c as u64),
            ended_at: r.ended_at.unwrap_or(0),
        }
    }
}

pub async fn recent_rounds(db: &Db, limit: i64) -> Result<Vec<EndedRound>, StoreError> {
    let rows = sqlx::query_as::<Any, EndedDbRow>(
        "SELECT id, hash, crash_point, capped_at, ended_at FROM aviator_rounds \
         WHERE ended_at IS NOT NULL AND status <> 'void' ORDER BY id DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(EndedRound::from).collect())
}

/// An ended round's revealed data (None while it is still in play: its hash is secret until the crash).
pub async fn ended_round(db: &Db, round: RoundId) -> Result<Option<EndedRound>, StoreError> {
    let row = sqlx::query_as::<Any, EndedDbRow>(
        "SELECT id, hash, crash_point, capped_at, ended_at FROM aviator_rounds WHERE id = $1 AND ended_at IS NOT NULL",
    )
    .bind(round.0)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(EndedRound::from))
}

/// A row of a player's Aviator history.
#[derive(Debug, Clone)]
pub struct HistoryRow {
    pub round: RoundId,
    pub slot: u8,
    pub stake: Paise,
    pub status: &'static str,
    pub multiplier: Option<u64>,
    pub payout: Paise,
    pub crash_point: Option<u64>,
    pub created_at: EpochMs,
}

/// One row of `history`'s query, as the database has it.
#[derive(sqlx_macros::FromRow)]
struct HistoryDbRow {
    round_id: i64,
    slot: i64,
    stake: i64,
    status: String,
    multiplier: Option<i64>,
    payout: i64,
    crash_point: Option<i64>,
    created_at: EpochMs,
}

impl From<HistoryDbRow> for HistoryRow {
    fn from(r: HistoryDbRow) -> Self {
        HistoryRow {
            round: RoundId(r.round_id),
            slot: r.slot as u8,
            stake: Paise::new(r.stake),
            status: match r.status.as_str() {
                "won" => "Won",
                "refunded" => "Refunded",
                _ => "Lost",
            },
            multiplier: r.multiplier.map(|m| m as u64),
            payout: Paise::new(r.payout),
            crash_point: r.crash_point.map(|c| c as u64),
            created_at: r.created_at,
        }
    }
}

pub async fn history(db: &Db, user: UserId, limit: i64) -> Result<Vec<HistoryRow>, StoreError> {
    let query = sqlx::query_as(
        "SELECT b.round_id, b.slot, b.stake, b.status, b.multiplier, b.payout, r.crash_point, b.created_at \
         FROM aviator_bets b LEFT JOIN aviator_rounds r ON r.id = b.round_id \
         WHERE b.user_id = $1 ORDER BY b.id DESC LIMIT $2",
    );
    crate::store::latest_of::<HistoryDbRow, _>(db, query, user, limit).await
}
