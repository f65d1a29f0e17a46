//! The rounds of round games (`game_rounds`, `game_bets`): recorded `open` with their committed seed before any
//! bet, `decided` with the outcome, the settled tickets and the settle intents in one transaction, `ended` when
//! all the money moved; and at start-up the recovery of rounds a previous run left unfinished.

use super::keys::BetKeys;
use super::round::RoundSeed;
use crate::clock::EpochMs;
use crate::fair::ServerSeed;
use crate::ids::{RoundId, UserId};
use crate::money::Paise;
use crate::store::Db;
use crate::store::StoreError;
use crate::wallet::WalletError;
use crate::wallet::{Change, GameKind, LedgerKind, Movement, WalletHandle, intents};
use sqlx::Any;

/// Records a round before it takes a bet, so a restart knows it is unfinished.
pub async fn open_round(db: &Db, game: &str, seed: &RoundSeed, settings: &str, now: EpochMs) -> Result<(), StoreError> {
    db.execute(
        sqlx::query::<Any>(
            "INSERT INTO game_rounds (game, round, status, commitment, server_seed, client_seed, settings, opened_at) \
         VALUES ($1, $2, 'open', $3, $4, $5, $6, $7) ON CONFLICT (game, round) DO NOTHING",
        )
        .bind(game)
        .bind(seed.round.0)
        .bind(seed.seed.commitment())
        .bind(seed.seed.to_hex())
        .bind(seed.client_seed.clone())
        .bind(settings)
        .bind(now),
    )
    .await?;
    Ok(())
}

/// The round number after the last one this game recorded.
pub async fn next_round(db: &Db, game: &str) -> Result<RoundId, StoreError> {
    let last: Option<i64> =
        sqlx::query_scalar::<Any, Option<i64>>("SELECT CAST(MAX(round) AS BIGINT) FROM game_rounds WHERE game = $1")
            .bind(game)
            .fetch_one(&db.pool)
            .await?;
    Ok(RoundId(last.unwrap_or(0) + 1))
}

/// A settled ticket, for history.
#[derive(Debug, Clone)]
pub struct BetRow {
    pub user: UserId,
    pub ticket: u32,
    /// The lines as JSON text (`[[pick, paise], …]`).
    pub lines: String,
    pub stake: Paise,
    pub payout: Paise,
    pub created_at: EpochMs,
}

/// Records the outcome, the tickets and their settles in one transaction; the round stays `decided` until
/// [`end_round`], so a restart resumes the settles instead of refunding.
pub async fn decide_round(
    db: &Db,
    keys: &BetKeys,
    outcome: &str,
    bets: &[BetRow],
    settles: &[Change],
    now: EpochMs,
) -> Result<(), StoreError> {
    let mut w = db.begin_write().await?;
    let tx = &mut w.tx;
    sqlx::query::<Any>(
        "UPDATE game_rounds SET status = 'decided', outcome = $1, decided_at = $2 \
         WHERE game = $3 AND round = $4 AND status = 'open'",
    )
    .bind(outcome)
    .bind(now)
    .bind(keys.game)
    .bind(keys.round.0)
    .execute(&mut **tx)
    .await?;
    for b in bets {
        sqlx::query::<Any>(
            "INSERT INTO game_bets (game, round, user_id, ticket, lines, stake, payout, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (game, round, user_id, ticket) DO NOTHING",
        )
        .bind(keys.game)
        .bind(keys.round.0)
        .bind(b.user.0)
        .bind(i64::from(b.ticket))
        .bind(b.lines.clone())
        .bind(b.stake.get())
        .bind(b.payout.get())
        .bind(b.created_at)
        .execute(&mut **tx)
        .await?;
    }
    intents::record(tx, &keys.reference(), settles, now).await?;
    w.commit().await.map_err(StoreError::from)
}

/// All the round's money moved: it is over.
pub async fn end_round(db: &Db, keys: &BetKeys, now: EpochMs) -> Result<(), StoreError> {
    let mut w = db.begin_write().await?;
    let tx = &mut w.tx;
    sqlx::query::<Any>("UPDATE game_rounds SET status = 'ended' WHERE game = $1 AND round = $2")
        .bind(keys.game)
        .bind(keys.round.0)
        .execute(&mut **tx)
        .await?;
    intents::mark_applied(tx, &keys.reference(), now).await?;
    w.commit().await.map_err(StoreError::from)
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Recovered {
    /// Rounds cut before their outcome: every held stake refunded.
    pub voided: usize,
    pub refunds: usize,
    /// Rounds decided before the cut: their settles applied.
    pub finished: usize,
}

/// A round a previous run left unfinished.
#[derive(sqlx_macros::FromRow)]
struct UnfinishedRow {
    round: i64,
    status: String,
}

/// Finishes what a previous run left of `game`: a decided round gets its recorded settles applied; a round cut
/// before its outcome has every stake still held for it refunded (once: the refund's key is per round and user)
/// and becomes `void`, its seed published like any other.
pub async fn recover(
    db: &Db,
    wallet: &WalletHandle,
    game: &'static str,
    kind: GameKind,
    now: EpochMs,
) -> Result<Recovered, WalletError> {
    let rows = sqlx::query_as::<Any, UnfinishedRow>(
        "SELECT round, status FROM game_rounds WHERE game = $1 AND status IN ('open', 'decided') ORDER BY round",
    )
    .bind(game)
    .fetch_all(&db.pool)
    .await?;
    let mut done = Recovered::default();
    for row in rows {
        let keys = BetKeys { game, round: RoundId(row.round) };
        if row.status == "decided" {
            intents::resume(db, wallet, &keys.reference(), now).await?;
            end_round(db, &keys, now).await?;
            done.finished += 1;
            continue;
        }
        done.refunds += refund_held(db, wallet, &keys, kind).await?;
        db.execute(
            sqlx::query::<Any>(
                "UPDATE game_rounds SET status = 'void', decided_at = $1 WHERE game = $2 AND round = $3",
            )
            .bind(now)
            .bind(game)
            .bind(keys.round.0),
        )
        .await?;
        done.voided += 1;
    }
    Ok(done)
}

/// What one account's ledger rows of a round still hold.
#[derive(sqlx_macros::FromRow)]
struct HeldRow {
    account_id: i64,
    held: i64,
}

/// Gives back whatever the ledger rows of the round (`{game}:{round}`) still hold for each player, once: the refund's
/// key is per round and player. Returns how many players were refunded.
pub async fn refund_held(db: &Db, wallet: &WalletHandle, keys: &BetKeys, kind: GameKind) -> Result<usize, WalletError> {
    let held = sqlx::query_as::<Any, HeldRow>(
        "SELECT account_id, CAST(SUM(delta_exposure) AS BIGINT) AS held FROM ledger \
         WHERE reference = $1 AND account_id > 0 GROUP BY account_id",
    )
    .bind(keys.reference())
    .fetch_all(&db.pool)
    .await?;
    let mut refunded = 0;
    for row in held {
        let user = UserId(row.account_id);
        let amount = Paise::new(row.held);
        if !amount.is_positive() {
            continue;
        }
        let refund = Change {
            user,
            movement: Movement::Release { amount },
            kind: LedgerKind::Refund(kind),
            reference: keys.reference(),
            idempotency_key: keys.refund(user),
        };
        intents::apply_until_final(wallet, refund).await?;
        refunded += 1;
    }
    Ok(refunded)
}

/// A finished round as anyone may see it: its seed is public once it is decided or void.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundRecord {
    pub round: RoundId,
    pub status: String,
    pub commitment: String,
    pub server_seed: Option<ServerSeed>,
    pub client_seed: String,
    pub settings: String,
    pub outcome: Option<String>,
    pub opened_at: EpochMs,
    pub decided_at: Option<EpochMs>,
}

/// A row of `game_rounds` (`RECORD_COLUMNS`), as the database has it.
#[derive(sqlx_macros::FromRow)]
struct RecordRow {
    round: i64,
    status: String,
    commitment: String,
    server_seed: String,
    client_seed: String,
    settings: String,
    outcome: Option<String>,
    opened_at: EpochMs,
    decided_at: Option<EpochMs>,
}

impl From<RecordRow> for RoundRecord {
    fn from(r: RecordRow) -> Self {
        let published = r.status != "open";
        RoundRecord {
            round: RoundId(r.round),
            commitment: r.commitment,
            server_seed: if published { ServerSeed::from_hex(&r.server_seed) } else { None },
            status: r.status,
            client_seed: r.client_seed,
            settings: r.settings,
            outcome: r.outcome,
            opened_at: r.opened_at,
            decided_at: r.decided_at,
        }
    }
}

const RECORD_COLUMNS: &str =
    "round, status, commitment, server_seed, client_seed, settings, outcome, opened_at, decided_at";

/// One round of `game` (its seed only once it is decided).
pub async fn round(db: &Db, game: &str, round: RoundId) -> Result<Option<RoundRecord>, StoreError> {
    let sql = format!("SELECT {RECORD_COLUMNS} FROM game_rounds WHERE game = $1 AND round = $2");
    let row = sqlx::query_as::<Any, RecordRow>(sqlx::AssertSqlSafe(sql))
        .bind(game)
        .bind(round.0)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.map(RoundRecord::from))
}

/// The last `limit` decided rounds of `game`, newest first.
pub async fn recent(db: &Db, game: &str, limit: i64) -> Result<Vec<RoundRecord>, StoreError> {
    let sql = format!(
        "SELECT {RECORD_COLUMNS} FROM game_rounds WHERE game = $1 AND status IN ('decided', 'ended') \
         ORDER BY round DESC LIMIT $2"
    );
    let rows =
        sqlx::query_as::<Any, RecordRow>(sqlx::AssertSqlSafe(sql)).bind(game).bind(limit).fetch_all(&db.pool).await?;
    Ok(rows.into_iter().map(RoundRecord::from).collect())
}

/// A player's settled tickets at `game`, newest first.
#[derive(Debug, Clone)]
pub struct HistoryRow {
    pub round: RoundId,
    pub bet: BetRow,
    pub outcome: Option<String>,
}

/// One row of `history`'s query, as the database has it.
#[derive(sqlx_macros::FromRow)]
struct HistoryDbRow {
    round: i64,
    ticket: i64,
    lines: String,
    stake: i64,
    payout: i64,
    created_at: EpochMs,
    user_id: i64,
    outcome: Option<String>,
}

impl From<HistoryDbRow> for HistoryRow {
    fn from(r: HistoryDbRow) -> Self {
        HistoryRow {
            round: RoundId(r.round),
            bet: BetRow {
                user: UserId(r.user_id),
                ticket: u32::try_from(r.ticket).unwrap_or(0),
                lines: r.lines,
                stake: Paise::new(r.stake),
                payout: Paise::new(r.payout),
                created_at: r.created_at,
            },
            outcome: r.outcome,
        }
    }
}

pub async fn history(db: &Db, game: &str, user: UserId, limit: i64) -> Result<Vec<HistoryRow>, StoreError> {
    let query = sqlx::query_as(
        "SELECT b.round, b.ticket, b.lines, b.stake, b.payout, b.created_at, b.user_id, r.outcome FROM game_bets b \
         JOIN game_rounds r ON r.game = b.game AND r.round = b.round \
         WHERE b.game = $1 AND b.user_id = $2 ORDER BY b.created_at DESC, b.round DESC, b.ticket DESC LIMIT $3",
    );
    crate::store::latest_of::<HistoryDbRow, _>(db, query.bind(game), user, limit).await
}
