//! How an Aviator round's money moves, and how a round ends only when all of it has moved.
//!
//! - A cash-out decided in flight is settled at once ([`AviatorTable::settle`]), asked again with the same key
//!   while the wallet's failure is transient.
//! - At the crash, the round is recorded first: when it ended, its bets for history, and one settle intent per
//!   decided bet, in one transaction. Then the crash's own outcomes (losers, the cash-outs that capped the round) are
//!   settled. A restart that finds the round recorded resumes those intents instead of refunding.
//! - A bet confirmed after the crash is recorded (history row and intent) and then settled.
//! - When nothing of the round is left in flight and no reservation is pending, the round is closed (`ended`,
//!   intents applied) and the house's result on the books read (the next round's caps are taken from it); only
//!   then may the next round open.

use super::chains;
use super::rules::{BetState, CashOutCause, Slot};
use super::store;
use super::table::{AviatorTable, TableError};
use super::wire::{self, TableEvent};
use crate::clock::EpochMs;
use crate::ids::{RoundId, UserId};
use crate::money::Paise;
use crate::wallet::intents::{self, apply_until_final, retry_transient};
use crate::wallet::{Change, GameKind, LedgerKind, Movement, SystemAccount};
use actix::prelude::*;

/// A decided bet: won (multiplier, payout, why) or lost.
#[derive(Debug, Clone, Copy)]
pub(super) struct Outcome {
    pub round: RoundId,
    pub user: UserId,
    pub slot: Slot,
    pub stake: Paise,
    pub win: Option<(u64, Paise, CashOutCause)>,
}

/// A crashed round whose money is still moving.
pub(super) struct Closing {
    round: RoundId,
    /// The round's record (history and intents) has committed.
    recorded: bool,
    /// The close itself is being written.
    finishing: bool,
}

impl AviatorTable {
    fn settle_change(
        &self,
        round: RoundId,
        user: UserId,
        slot: Slot,
        stake: Paise,
        payout: Paise,
        won: bool,
    ) -> Change {
        Change {
            user,
            movement: Movement::Settle { hold: stake, payout, with: SystemAccount::House },
            kind: if won { LedgerKind::Win(GameKind::Aviator) } else { LedgerKind::Loss(GameKind::Aviator) },
            reference: store::owner(round),
            idempotency_key: self.key(round, user, slot, "settle"),
        }
    }

    /// Settles one bet in the wallet (win: payout; loss: none) until it commits, then tells the player. A settle
    /// cannot be refused for lack of money: the stake is held in exposure.
    pub(super) fn settle(&mut self, o: Outcome, ctx: &mut Context<Self>) {
        let Outcome { round, user, slot, stake, win } = o;
        let payout = win.map_or(Paise::ZERO, |w| w.1);
        let change = self.settle_change(round, user, slot, stake, payout, win.is_some());
        let key = change.idempotency_key.clone();
        let wallet = self.wallet.clone();
        self.unsettled += 1;
        ctx.spawn(async move { apply_until_final(&wallet, change).await }.into_actor(self).map(
            move |res, act, ctx| {
                act.unsettled -= 1;
                let waiter = act.cashout_waiters.remove(&(user, slot));
                if let Err(e) = &res {
                    // Only a wallet that refuses for good gets here (never a busy database): keep it for the operators.
                    tracing::error!(%round, %user, key, error = %e, "aviator settle refused; intent marked failed");
                    metrics::counter!("wallet_intents_failed_total").increment(1);
                    let (db, error) = (act.db.clone(), e.to_string());
                    actix::spawn(async move {
                        if let Err(e) = intents::mark_failed(&db, &key, &error).await {
                            tracing::error!(key, error = %e, "could not mark a failed intent");
                        }
                    });
                    if let Some(w) = waiter {
                        let _ = w.send(Err(crate::table::hold::Refused::Unavailable.into()));
                    }
                    act.maybe_close(ctx);
                    return;
                }
                if act.game.round() == round {
                    act.settled.insert((user, slot));
                }
                let result = TableEvent::BetResult(wire::BetResult {
                    round_id: round.0,
                    slot: slot.index(),
                    win: win.is_some(),
                    amount: stake,
                    winnings: payout,
                    multiplier: win.map(|w| w.0),
                    auto: win.is_some_and(|w| w.2 != CashOutCause::Manual),
                    capped: win.is_some_and(|w| matches!(w.2, CashOutCause::Capped | CashOutCause::PlayerCapped)),
                });
                if let Some((multiplier, payout, _)) = win {
                    let success = wire::CashOutSuccess {
                        success: true,
                        total_winnings: payout,
                        multiplier,
                        slot: slot.index(),
                        round_id: round.0,
                    };
                    let ack = wire::value(&success);
                    act.to_user(user, &[TableEvent::CashOutSuccess(success), result]);
                    if let Some(w) = waiter {
                        let _ = w.send(Ok(ack));
                    }
                } else {
                    if let Some(w) = waiter {
                        let _ = w.send(Err(TableError::Rule(super::rules::Rejection::TooLate)));
                    }
                    act.to_user(user, &[result]);
                }
                act.maybe_close(ctx);
            },
        ));
    }

    /// The crash: records the round (history, and an intent for every decided bet), then settles the crash's own
    /// outcomes. Cash-outs settled in flight are among the intents too, so a restart finishes them either way.
    pub(super) fn close(
        &mut self,
        round: RoundId,
        capped_at: Option<u64>,
        at: EpochMs,
        at_crash: Vec<Outcome>,
        ctx: &mut Context<Self>,
    ) {
        let decided: Vec<_> = self
            .game
            .bets()
            .filter(|b| matches!(b.state, BetState::CashedOut { .. } | BetState::Lost))
            .cloned()
            .collect();
        let bets: Vec<_> = decided.iter().map(|b| self.settled_bet(round, b)).collect();
        let settles: Vec<Change> = decided
            .iter()
            .map(|b| {
                let (payout, won) = match b.state {
                    BetState::CashedOut { payout, .. } => (payout, true),
                    _ => (Paise::ZERO, false),
                };
                self.settle_change(round, b.user, b.slot, b.stake, payout, won)
            })
            .collect();
        self.closing = Some(Closing { round, recorded: false, finishing: false });
        self.unsettled += 1;
        let db = self.db.clone();
        let write = async move {
            retry_transient("aviator round record", || {
                store::record_round_end(&db, round, capped_at, &bets, &settles, at)
            })
            .await
        };
        ctx.spawn(write.into_actor(self).map(move |res, act, ctx| {
            if let Err(e) = res {
                tracing::error!(%round, error = %e, "could not record the end of an Aviator round");
            }
            if let Some(c) = act.closing.as_mut() {
                c.recorded = true;
            }
            for o in at_crash {
                act.settle(o, ctx);
            }
            act.unsettled -= 1;
            act.maybe_close(ctx);
        }));
    }

    /// A reservation confirmed after the crash was settled on the spot by the rules: record it, then settle it.
    pub(super) fn settle_late(&mut self, o: Outcome, now: EpochMs, ctx: &mut Context<Self>) {
        let Some(bet) = self.game.bet(o.user, o.slot) else { return };
        let row = self.settled_bet(o.round, bet);
        let change =
            self.settle_change(o.round, o.user, o.slot, o.stake, o.win.map_or(Paise::ZERO, |w| w.1), o.win.is_some());
        let db = self.db.clone();
        self.unsettled += 1;
        let write = async move {
            retry_transient("aviator late bet", || store::record_late_bet(&db, &row, &change, now)).await
        };
        ctx.spawn(write.into_actor(self).map(move |res, act, ctx| {
            if let Err(e) = res {
                tracing::error!(round = %o.round, error = %e, "could not record a late Aviator bet");
            }
            act.settle(o, ctx);
            act.unsettled -= 1;
            act.maybe_close(ctx);
        }));
    }

    /// Closes the crashed round once all its money has moved; the next round may then open. The house's result on
    /// the books is read then (during the pause, off the tick, with this round's money moved), and the next round's
    /// caps are taken from it when it opens; if it cannot be read, the last reading stands.
    pub(super) fn maybe_close(&mut self, ctx: &mut Context<Self>) {
        let Some(c) = self.closing.as_mut() else { return };
        if !c.recorded || c.finishing || self.unsettled > 0 || self.game.has_reservations() {
            return;
        }
        c.finishing = true;
        let (db, round, now) = (self.db.clone(), c.round, self.clock.now_ms());
        let write = async move {
            let closed = retry_transient("aviator round close", || store::close_round(&db, round, now)).await;
            (closed, retry_transient("aviator bankroll", || store::house_result(&db)).await)
        };
        ctx.spawn(write.into_actor(self).map(move |(closed, house), act, _| {
            if let Err(e) = closed {
                tracing::error!(%round, error = %e, "could not close an Aviator round");
            }
            match house {
                Ok(house) => act.game.set_house_result(house),
                Err(e) => tracing::error!(%round, error = %e, "could not read the house's result; the last one stands"),
            }
            act.closing = None;
        }));
    }

    /// The next round is on record (during the pause, before it takes bets), so a restart always finds it; when it
    /// starts the newest hash chain, the chain after it is committed now. A chain still awaiting its salt cannot
    /// start: the table waits (and says so now and then), and `on_tick` asks again.
    pub(super) fn record_next_round(&mut self, next: RoundId, now: EpochMs, ctx: &mut Context<Self>) {
        let Some(seed) = self.fairness.seed_for(next).map(|s| self.rig(s)) else {
            metrics::gauge!("aviator_waiting_for_salt").set(1.0);
            if now - self.last_wait_warning >= 60_000 {
                self.last_wait_warning = now;
                let source = self.fairness.chain_for(next).map(|c| c.salt_source.clone()).unwrap_or_default();
                tracing::warn!(%next, source, "the Aviator table waits: the next chain's salt is not fixed yet");
            }
            return;
        };
        metrics::gauge!("aviator_waiting_for_salt").set(0.0);
        let (db, fairness, settings) = (self.db.clone(), self.fairness.clone(), self.chain_settings.clone());
        self.recording += 1;
        let write = async move {
            retry_transient("aviator next round", || store::open_round(&db, &seed, now)).await?;
            retry_transient("aviator next chain", || chains::ensure_next(&db, &fairness, &settings, next, now)).await
        };
        ctx.spawn(write.into_actor(self).map(move |res, act, _| {
            match res {
                Ok(()) => act.recorded_next = Some(next),
                Err(e) => tracing::error!(%next, error = %e, "could not record the next Aviator round"),
            }
            act.recording -= 1;
        }));
    }
}
