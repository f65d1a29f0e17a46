//! Start-up: the rounds a previous run left `open` are finished exactly once, from what the books say (a crashed
//! and recorded round gets its recorded settles; whatever a round still holds is refunded).

use super::rules::{BetState, Slot};
use super::store::{SettledBet, insert_bets, keys, owner};
use crate::clock::EpochMs;
use crate::ids::{RoundId, UserId};
use crate::money::Paise;
use crate::store::Db;
use crate::wallet::{GameKind, WalletError, WalletHandle, intents};
use sqlx::Any;

/// What start-up did with the rounds a previous run left unfinished.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Recovered {
    /// Rounds that had crashed and were recorded: their outcomes were paid and they are `ended`.
    pub finished: usize,
    /// Rounds cut in play: every stake still held was refunded and they are `void`.
    pub voided: usize,
    pub refunded_bets: usize,
    /// Rounds that could not be finished now (reported; the next start tries again).
    pub failed: usize,
}

/// Finishes every round a previous run left `open`, exactly once (every movement has a fixed idempotency key,
/// so running it again moves nothing): a round that crashed and was recorded gets its recorded settles applied;
/// then whatever any unfinished round still holds is refunded. A round that fails is reported and skipped, never
/// a reason to stop the server.
pub async fn recover_unfinished_rounds(db: &Db, wallet: &WalletHandle, now: EpochMs) -> Result<Recovered, WalletError> {
    let rounds: Vec<i64> =
        sqlx::query_scalar::<Any, i64>("SELECT id FROM aviator_rounds WHERE status = 'open' ORDER BY id")
            .fetch_all(&db.pool)
            .await?;
    let mut done = Recovered::default();
    for round in rounds {
        match recover_round(db, wallet, RoundId(round), now).await {
            Ok((true, refunded)) => {
                done.finished += 1;
                done.refunded_bets += refunded;
            }
            Ok((false, refunded)) => {
                done.voided += 1;
                done.refunded_bets += refunded;
            }
            Err(e) => {
                tracing::error!(round, error = %e, "could not finish an Aviator round left by the last run; it stays open");
                done.failed += 1;
            }
        }
    }
    Ok(done)
}

/// Returns whether the round had crashed (and is now ended, not void), and how many holds were refunded.
async fn recover_round(
    db: &Db,
    wallet: &WalletHandle,
    round: RoundId,
    now: EpochMs,
) -> Result<(bool, usize), WalletError> {
    let owner = owner(round);
    let crashed = intents::has_any(db, &owner).await?;
    if crashed {
        intents::resume(db, wallet, &owner, now).await?;
    }
    crate::table::store::refund_held(db, wallet, &keys(round), GameKind::Aviator).await?;
    let (history, refunded) = history_from_ledger(db, round, crashed, now).await?;
    let mut w = db.begin_write().await?;
    let status = if crashed { "ended" } else { "void" };
    sqlx::query::<Any>("UPDATE aviator_rounds SET status = $1, ended_at = COALESCE(ended_at, $2) WHERE id = $3")
        .bind(status)
        .bind(now)
        .bind(round.0)
        .execute(&mut *w.tx)
        .await?;
    insert_bets(&mut w.tx, &history, now).await?;
    w.commit().await?;
    Ok((crashed, refunded))
}

/// A ledger row of a round's player, as the database has it.
#[derive(sqlx_macros::FromRow)]
struct MovedRow {
    account_id: i64,
    kind: String,
    delta_balance: i64,
    delta_exposure: i64,
    idempotency_key: String,
}

/// A round's bets as the ledger says they went (so running this again writes the same), one per bet: each bet
/// still held when its player's round was refunded is `Cancelled` with its own slot and stake; for a round cut in
/// flight (not `recorded`) the cash-outs it paid and the losses it took before the cut as well (a recorded round
/// has those already). Answers them and how many players were refunded.
async fn history_from_ledger(
    db: &Db,
    round: RoundId,
    recorded: bool,
    now: EpochMs,
) -> Result<(Vec<SettledBet>, usize), WalletError> {
    let moved = sqlx::query_as::<Any, MovedRow>(
        "SELECT account_id, kind, delta_balance, delta_exposure, idempotency_key FROM ledger \
         WHERE reference = $1 AND account_id > 0 ORDER BY id",
    )
    .bind(owner(round))
    .fetch_all(&db.pool)
    .await?;
    // Per bet (player, slot, attempt).
    let mut bets: std::collections::BTreeMap<(i64, u8, String), LedgerBet> = std::collections::BTreeMap::new();
    let mut refunded = std::collections::BTreeSet::new();
    for row in moved {
        let MovedRow { account_id: user, kind, delta_balance, delta_exposure, idempotency_key: key } = row;
        let (paid, held) = (Paise::new(delta_balance), Paise::new(delta_exposure));
        if kind == "aviator_refund" {
            refunded.insert(user);
            continue;
        }
        // Bets' keys are `aviator:{round}:{user}:{slot}:{attempt}:{step}`.
        let parts: Vec<&str> = key.split(':').collect();
        let [_, _, _, slot, attempt, step] = parts[..] else { continue };
        let Ok(slot) = slot.parse::<u8>() else { continue };
        let bet = bets.entry((user, slot, attempt.to_string())).or_insert(LedgerBet { stake: Paise::ZERO, end: None });
        match step {
            "hold" => bet.stake = held,
            "cancel" | "orphan" => bet.end = Some(Ended::TakenBack),
            "settle" if kind == "aviator_win" && bet.stake.is_positive() => {
                let multiplier = u64::try_from(i128::from(paid.get()) * 100 / i128::from(bet.stake.get())).unwrap_or(0);
                bet.end = Some(Ended::Settled(BetState::CashedOut { multiplier, payout: paid }));
            }
            "settle" => bet.end = Some(Ended::Settled(BetState::Lost)),
            _ => {}
        }
    }
    let history = bets
        .into_iter()
        .filter_map(|((user, slot, _), LedgerBet { stake, end })| {
            let state = match end {
                None if refunded.contains(&user) => BetState::Cancelled,
                Some(Ended::Settled(settled)) if !recorded => settled,
                _ => return None,
            };
            let slot = Slot::try_from(slot).ok()?;
            Some(SettledBet { round, user: UserId(user), slot, stake, auto_cashout: None, state, created_at: now })
        })
        .collect();
    Ok((history, refunded.len()))
}

/// A bet as the ledger shows it: its stake, and how it ended (`None`: still held when the round was cut).
struct LedgerBet {
    stake: Paise,
    end: Option<Ended>,
}

enum Ended {
    /// Cancelled by the player, or released because it could not be taken.
    TakenBack,
    Settled(BetState),
}
