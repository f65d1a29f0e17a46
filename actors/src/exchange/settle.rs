//! A decided market's settlement: its result recorded once, then each player's open bets there settled through
//! one durable settle intent (the exposure held comes back with the P/L of the outcome; void gives it back), applied
//! until final. At start-up: bets cut between their record and their wallet change finish (open, or refused),
//! settlements in flight resume, a market decided but not yet settled settles, and a market still open stays open when
//! its match is resumed (`sports::store`: it goes on where it was and decides it); only a market whose match is gone
//! is void.

use super::desk::Deps;
use super::place::position;
use super::rules;
use super::store::{self, BetRow, Outcome};
use crate::ids::UserId;
use crate::wallet::{Change, GameKind, LedgerKind, Movement, SystemAccount, WalletError, intents};

/// What a bet made on `outcome`.
fn bet_pl(b: &BetRow, outcome: Outcome) -> i64 {
    match (outcome, b.runner_bet(), b.fancy_bet()) {
        (Outcome::Winner(i), Some(r), _) => r.pl(i),
        (Outcome::Runs(runs), _, Some(f)) => f.pl(runs),
        _ => 0,
    }
}

/// Settles every player with open bets in `market` on its result (the first one recorded stands), one after
/// another: at start-up, before the desk takes bets.
pub async fn market(deps: &Deps, market: &str, match_id: i64, outcome: Outcome) -> Result<(), WalletError> {
    let outcome = store::record_result(&deps.db, market, match_id, outcome, deps.clock.now_ms()).await?;
    for user in store::market_players(&deps.db, market).await? {
        player(deps, market, user, outcome).await?;
    }
    Ok(())
}

/// A bet opened on a market decided meanwhile: settle the player there now.
pub async fn late(deps: &Deps, market: &str, user: UserId) {
    match store::result(&deps.db, market).await {
        Ok(Some(outcome)) => {
            if let Err(e) = player(deps, market, user, outcome).await {
                tracing::error!(market, error = %e, "exchange: a late settlement failed; it resumes at start-up");
            }
        }
        Ok(None) => {}
        Err(e) => tracing::error!(market, error = %e, "exchange: could not read a market's result"),
    }
}

/// One player's open bets in a decided market, settled (the desk runs it in the player's lane).
pub async fn player(deps: &Deps, market: &str, user: UserId, outcome: Outcome) -> Result<(), WalletError> {
    let bets = store::open_bets(&deps.db, user, market).await?;
    let Some(last) = bets.iter().map(|b| b.id).max() else { return Ok(()) };
    let held = store::held(&deps.db, user, market).await?;
    let total: i64 = bets.iter().map(|b| bet_pl(b, outcome)).sum();
    let status = |pl: i64| match outcome {
        Outcome::Void => "void",
        _ if pl > 0 => "won",
        _ => "lost",
    };
    let rows: Vec<(i64, &'static str, i64)> =
        bets.iter().map(|b| (b.id, status(bet_pl(b, outcome)), bet_pl(b, outcome))).collect();
    let owner = format!("exch:settle:{market}:{user}:{last}");
    let reference = format!("exchange:{market}");
    let change = match outcome {
        Outcome::Void if held.is_positive() => {
            Some((Movement::Release { amount: held }, LedgerKind::Refund(GameKind::Exchange)))
        }
        Outcome::Void => None,
        _ => {
            let (hold, payout) = rules::settlement(held, total);
            let kind =
                if total > 0 { LedgerKind::Win(GameKind::Exchange) } else { LedgerKind::Loss(GameKind::Exchange) };
            (hold.is_positive() || payout.is_positive())
                .then_some((Movement::Settle { hold, payout, with: SystemAccount::House }, kind))
        }
    }
    .map(|(movement, kind)| Change { user, movement, kind, reference, idempotency_key: format!("{owner}:settle") });
    let runs = match outcome {
        Outcome::Runs(r) => Some(r),
        _ => None,
    };
    let settlement = store::PlayerSettlement { user, market, bets: rows, winning_runs: runs, change, owner: &owner };
    store::settle_player(&deps.db, &settlement, deps.clock.now_ms()).await?;
    if let Some(c) = settlement.change
        && let Err(e) = intents::apply_until_final(&deps.wallet, c.clone()).await
    {
        tracing::error!(market, %user, error = %e, "exchange: a settlement was refused; marked failed for the operators");
        intents::mark_failed(&deps.db, &c.idempotency_key, &e.to_string()).await?;
        return Ok(());
    }
    Ok(store::applied(&deps.db, &owner, deps.clock.now_ms()).await?)
}

/// Finishes what a previous run left.
pub async fn recover(deps: &Deps) -> Result<(), WalletError> {
    let now = deps.clock.now_ms();
    for bet in store::pending_bets(&deps.db).await? {
        let owner = store::bet_owner(bet.id);
        let Some(change) = intents::pending(&deps.db, &owner).await?.into_iter().next() else {
            store::bet_refused(&deps.db, bet.id).await?;
            continue;
        };
        match intents::apply_until_final(&deps.wallet, change).await {
            Ok(r) => {
                let mut open = store::open_bets(&deps.db, bet.user, &bet.market_id).await?;
                let runners = bet.runners.unwrap_or(0);
                open.push(bet.clone());
                let book = position(&bet.market_id, bet.market_type, &bet.label, &vec![String::new(); runners], &open);
                let wallet = (r.balance, r.exposure);
                store::bet_opened(&deps.db, bet.id, bet.user, &bet.market_id, book.exposure, wallet, now).await?;
            }
            Err(_) => store::bet_refused(&deps.db, bet.id).await?,
        }
    }
    intents::resume_owned(&deps.db, &deps.wallet, "exch:settle:", now).await?;
    let resumed = crate::sports::store::resumed_ids(&deps.db).await?;
    for (market_id, match_id) in store::open_markets(&deps.db).await? {
        let result = store::result(&deps.db, &market_id).await?;
        if result.is_none() && resumed.contains(&match_id) {
            continue;
        }
        market(deps, &market_id, match_id, result.unwrap_or(Outcome::Void)).await?;
    }
    Ok(())
}
