//! What the house can lose on the exchange, capped. Per market type an operator sets the most the house may lose in
//! one market (its worst case over the outcomes, all players' bets netted) and to one player in one market (the
//! most that player can win there), and may set both for one market apart (`exchange_limits`, `market_id` '' for the
//! type's default). A bet that would take either worst case past its limit is refused (`liability_limit`), unless
//! it lowers that worst case (a hedge is always taken). Bets on one market are checked one at a time
//! (`MarketLocks`), so two bets together cannot both pass a limit that only one fits under.

use super::rules::{self, FancyBet, RunnerBet};
use super::store::{BetRow, market_type_text};
use super::wire::MarketType;
use crate::clock::EpochMs;
use crate::money::Paise;
use crate::store::Db;
use serde::{Deserialize, Serialize};
use sqlx::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The two caps of a market, in paise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// The most the house may lose in the market, all players together.
    pub market: Paise,
    /// The most the house may lose to one player in the market.
    pub player: Paise,
}

/// The defaults of a market type when an operator has set none.
pub fn default_limits(t: MarketType) -> Limits {
    let r = Paise::from_rupees;
    match t {
        MarketType::Exchange | MarketType::Bookmaker => Limits { market: r(2_000_000), player: r(500_000) },
        MarketType::Fancy => Limits { market: r(1_000_000), player: r(250_000) },
    }
}

/// Which cap a bet would break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Breach {
    Market { limit: Paise },
    Player { limit: Paise },
}

/// The most the bettors of `bets` (one market) win together in any outcome: what the house can lose (≥ 0).
pub fn worst_case(market_type: MarketType, bets: &[BetRow]) -> Paise {
    let most = if market_type == MarketType::Fancy {
        let fancy: Vec<FancyBet> = bets.iter().filter_map(BetRow::fancy_bet).collect();
        let mut at: Vec<u32> = std::iter::once(0).chain(fancy.iter().map(|b| b.line)).collect();
        at.sort_unstable();
        at.dedup();
        at.into_iter().map(|r| rules::fancy_pl(&fancy, r)).max().unwrap_or(0)
    } else {
        let runner: Vec<RunnerBet> = bets.iter().filter_map(BetRow::runner_bet).collect();
        let n = bets.iter().filter_map(|b| b.runners).max().unwrap_or(2);
        rules::runner_book(n, &runner).into_iter().max().unwrap_or(0)
    };
    Paise::new(most.max(0))
}

/// Whether the market's open bets `before` may become `after` (with the new bet of `player`): refused when a worst
/// case would pass its limit and grow.
pub fn check(
    limits: Limits,
    market_type: MarketType,
    before: &[BetRow],
    after: &[BetRow],
    player: crate::ids::UserId,
) -> Result<(), Breach> {
    let theirs = |bets: &[BetRow]| bets.iter().filter(|b| b.user == player).cloned().collect::<Vec<_>>();
    let (house_before, house_after) = (worst_case(market_type, before), worst_case(market_type, after));
    if house_after > limits.market && house_after > house_before {
        return Err(Breach::Market { limit: limits.market });
    }
    let (player_before, player_after) =
        (worst_case(market_type, &theirs(before)), worst_case(market_type, &theirs(after)));
    if player_after > limits.player && player_after > player_before {
        return Err(Breach::Player { limit: limits.player });
    }
    Ok(())
}

/// A limit row as operators see it: a type's default (`market_id` empty) or one market's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LimitRow {
    pub market_type: MarketType,
    pub market_id: String,
    pub limits: Limits,
    pub updated_at: EpochMs,
}

/// A market's (or its type's) limits, as the database has them.
#[derive(sqlx_macros::FromRow)]
struct LimitsDbRow {
    max_liability: i64,
    max_player_liability: i64,
}

impl From<&LimitsDbRow> for Limits {
    fn from(r: &LimitsDbRow) -> Self {
        Limits { market: Paise::new(r.max_liability), player: Paise::new(r.max_player_liability) }
    }
}

/// A row of `exchange_limits`, as the database has it.
#[derive(sqlx_macros::FromRow)]
struct LimitDbRow {
    market_type: String,
    market_id: String,
    #[sqlx(flatten)]
    limits: LimitsDbRow,
    updated_at: EpochMs,
}

/// The limits in force for a market: its own, else its type's as set, else the built-in default.
pub async fn effective(db: &Db, t: MarketType, market_id: &str) -> Result<Limits, sqlx::Error> {
    let rows = sqlx::query_as::<Any, LimitsDbRow>(
        "SELECT market_id, max_liability, max_player_liability FROM exchange_limits \
         WHERE market_type = $1 AND (market_id = $2 OR market_id = '') ORDER BY market_id DESC",
    )
    .bind(market_type_text(t))
    .bind(market_id)
    .fetch_all(&db.pool)
    .await?;
    match rows.first() {
        Some(r) => Ok(Limits::from(r)),
        None => Ok(default_limits(t)),
    }
}

/// Every limit set, the types' defaults first.
pub async fn list(db: &Db) -> Result<Vec<LimitRow>, sqlx::Error> {
    let rows = sqlx::query_as::<Any, LimitDbRow>(
        "SELECT market_type, market_id, max_liability, max_player_liability, updated_at FROM exchange_limits \
         ORDER BY market_id <> '', market_type, market_id",
    )
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| LimitRow {
            market_type: match r.market_type.as_str() {
                "exchange" => MarketType::Exchange,
                "fancy" => MarketType::Fancy,
                _ => MarketType::Bookmaker,
            },
            limits: Limits::from(&r.limits),
            market_id: r.market_id,
            updated_at: r.updated_at,
        })
        .collect())
}

/// Sets a type's default (`market_id` empty) or one market's limits.
pub async fn set(db: &Db, t: MarketType, market_id: &str, l: Limits, now: EpochMs) -> Result<(), sqlx::Error> {
    let mut w = db.begin_write().await?;
    sqlx::query::<Any>(
        "INSERT INTO exchange_limits (market_type, market_id, max_liability, max_player_liability, updated_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (market_type, market_id) DO UPDATE SET \
         max_liability = excluded.max_liability, max_player_liability = excluded.max_player_liability, \
         updated_at = excluded.updated_at",
    )
    .bind(market_type_text(t))
    .bind(market_id)
    .bind(l.market.get())
    .bind(l.player.get())
    .bind(now)
    .execute(&mut *w.tx)
    .await?;
    w.commit().await
}

/// Removes a limit row (the market falls back to its type's, a type to the built-in default); whether one was there.
pub async fn remove(db: &Db, t: MarketType, market_id: &str) -> Result<bool, sqlx::Error> {
    let mut w = db.begin_write().await?;
    let n = sqlx::query::<Any>("DELETE FROM exchange_limits WHERE market_type = $1 AND market_id = $2")
        .bind(market_type_text(t))
        .bind(market_id)
        .execute(&mut *w.tx)
        .await?
        .rows_affected();
    w.commit().await?;
    Ok(n > 0)
}

/// One lock per market: a bet's limit check and its recording run alone on their market.
#[derive(Clone, Default)]
pub struct MarketLocks(Arc<Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>>);

/// Markets kept before unused locks are dropped.
const KEEP: usize = 1_000;

impl MarketLocks {
    pub async fn lock(&self, market: &str) -> tokio::sync::OwnedMutexGuard<()> {
        let lock = {
            let mut map = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if map.len() > KEEP {
                map.retain(|_, l| Arc::strong_count(l) > 1);
            }
            map.entry(market.to_owned()).or_default().clone()
        };
        lock.lock_owned().await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::rules::Side;
    use crate::ids::UserId;

    fn bet(user: i64, runner: usize, side: Side, w: u32, rupees: i64) -> BetRow {
        BetRow {
            id: 0,
            user: UserId(user),
            match_id: 1,
            match_name: String::new(),
            market_id: "bm.1".into(),
            market_type: MarketType::Bookmaker,
            label: String::new(),
            runner: Some(runner),
            runners: Some(2),
            line: None,
            side,
            odds_x100: w,
            w,
            stake: Paise::from_rupees(rupees),
            status: crate::exchange::wire::BetStatus::Open,
            pl: None,
            winning_runs: None,
            created_at: 0,
            balance_after: None,
            exposure_after: None,
        }
    }

    #[test]
    fn a_bet_past_a_limit_is_refused_unless_it_lowers_the_worst_case() {
        let limits = Limits { market: Paise::from_rupees(1_000), player: Paise::from_rupees(600) };
        let t = MarketType::Bookmaker;
        // Player 1 backs team 0 at 50 for ₹1,000: the house can lose ₹500.
        let a = bet(1, 0, Side::Lagai, 50, 1_000);
        assert_eq!(worst_case(t, std::slice::from_ref(&a)), Paise::from_rupees(500));
        assert_eq!(check(limits, t, &[], std::slice::from_ref(&a), UserId(1)), Ok(()));
        // Player 2 does the same: ₹1,000 together, at the limit.
        let b = bet(2, 0, Side::Lagai, 50, 1_000);
        assert_eq!(check(limits, t, std::slice::from_ref(&a), &[a.clone(), b.clone()], UserId(2)), Ok(()));
        // A third: ₹1,500, past it.
        let c = bet(3, 0, Side::Lagai, 50, 1_000);
        let three = [a.clone(), b.clone(), c.clone()];
        assert_eq!(check(limits, t, &three[..2], &three, UserId(3)), Err(Breach::Market { limit: limits.market }));
        // Player 1 again, ₹1,400 more: past their own ₹600.
        let more = bet(1, 0, Side::Lagai, 50, 400);
        assert_eq!(
            check(limits, t, std::slice::from_ref(&a), &[a.clone(), more], UserId(1)),
            Err(Breach::Player { limit: limits.player })
        );
        // Over the limit already (it was lowered), a khai on team 0 lowers the worst case: taken.
        let hedge = bet(3, 0, Side::Khai, 50, 400);
        let with: Vec<BetRow> = three.iter().cloned().chain([hedge]).collect();
        assert_eq!(check(limits, t, &three, &with, UserId(3)), Ok(()));
    }

    #[test]
    fn the_worst_case_of_a_fancy_market_nets_the_lines() {
        let mut yes = bet(1, 0, Side::Lagai, 100, 1_000);
        (yes.runner, yes.runners, yes.line, yes.market_type) = (None, None, Some(50), MarketType::Fancy);
        let mut no = yes.clone();
        (no.side, no.line, no.user) = (Side::Khai, Some(48), UserId(2));
        // YES 50 and NO 48 (two players): one wins what the other loses below 48 and from 50, both lose between:
        // the house cannot lose.
        assert_eq!(worst_case(MarketType::Fancy, &[yes.clone(), no.clone()]), Paise::ZERO);
        // NO 52 instead: at 50–51 both win, ₹2,000.
        no.line = Some(52);
        assert_eq!(worst_case(MarketType::Fancy, &[yes, no]), Paise::from_rupees(2_000));
    }
}
