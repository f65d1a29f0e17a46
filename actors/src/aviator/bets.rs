//! What players ask of the Aviator table: a bet, a cancellation, a cash-out (each answered once its money moved, or
//! `pending` past [`PATIENCE`]: the result follows as events), and their open bets of the round in play.

use super::messages::{CancelBet, CashOut, OpenBet, OpenBets, PlaceBet, Reply, TableError};
use super::rules::{BetState, Event, Rejection, Slot};
use super::store;
use super::table::{AviatorTable, PATIENCE};
use super::wire::{self, TableEvent};

use crate::money::Paise;
use crate::table::hold::{HoldsStakes, Refused, Stake, hold_stake};
use crate::wallet::intents::apply_until_final;
use crate::wallet::{Change, GameKind, LedgerKind, Movement, WalletHandle};
use actix::prelude::*;
use tokio::sync::oneshot;

fn ready(r: Reply) -> ResponseFuture<Reply> {
    Box::pin(async move { r })
}

/// Waits for a decided request's money to move, up to [`PATIENCE`]; then answers `pending` with `message` (the
/// move is retried until it commits, and the player hears the result as events).
fn patient(rx: oneshot::Receiver<Reply>, message: &'static str) -> ResponseFuture<Reply> {
    Box::pin(async move {
        match tokio::time::timeout(PATIENCE, rx).await {
            Ok(reply) => reply.unwrap_or(Err(Refused::Unavailable.into())),
            Err(_) => Err(TableError::Pending(message.to_string())),
        }
    })
}

impl Handler<PlaceBet> for AviatorTable {
    type Result = ResponseFuture<Reply>;

    fn handle(&mut self, msg: PlaceBet, ctx: &mut Self::Context) -> Self::Result {
        let now = self.clock.now_ms();
        let slot = match Slot::try_from(msg.slot) {
            Ok(s) => s,
            Err(r) => return ready(Err(r.into())),
        };
        let (user, round, stake) = (msg.user, msg.round, msg.stake);
        if let Err(r) = self.game.reserve_bet(round, user, slot, stake, msg.auto_cashout, now) {
            return ready(Err(r.into()));
        }
        self.names.insert(user, wire::mask(&msg.name));
        let attempt = self.attempts.get(&(user, slot)).map_or(0, |a| a.0) + 1;
        self.attempts.insert((user, slot), (attempt, now));
        let held = Stake::new(stake, GameKind::Aviator, |step, movement, kind| Change {
            user,
            movement,
            kind,
            reference: store::owner(round),
            idempotency_key: self.key(round, user, slot, step),
        });
        let auto = msg.auto_cashout;
        let abort = move |act: &mut Self| {
            let _ = act.game.abort_bet(round, user, slot);
        };
        hold_stake(self, ctx, held, abort, move |act, ctx, _| {
            let now = act.clock.now_ms();
            let events = act.game.confirm_bet(round, user, slot)?;
            act.apply(events, now, ctx);
            Ok(wire::value(&wire::BetPlaced {
                success: true,
                amount: stake,
                slot: slot.index(),
                round_id: round.0,
                auto_cashout: auto,
            }))
        })
    }
}

impl HoldsStakes for AviatorTable {
    fn wallet(&self) -> &WalletHandle {
        &self.wallet
    }

    fn answered(&mut self, ctx: &mut Context<Self>) {
        self.maybe_close(ctx);
    }
}

impl Handler<CancelBet> for AviatorTable {
    type Result = ResponseFuture<Reply>;

    fn handle(&mut self, msg: CancelBet, ctx: &mut Self::Context) -> Self::Result {
        let now = self.clock.now_ms();
        let slot = match Slot::try_from(msg.slot) {
            Ok(s) => s,
            Err(r) => return ready(Err(r.into())),
        };
        let (user, round) = (msg.user, msg.round);
        let refund = match self.game.cancel_bet(round, user, slot, now) {
            Ok(events) => events
                .iter()
                .find_map(|e| match e {
                    Event::BetCancelled { refund, .. } => Some(*refund),
                    _ => None,
                })
                .unwrap_or(Paise::ZERO),
            Err(r) => return ready(Err(r.into())),
        };
        self.feed.retain(|(k, _)| *k != (user, slot));
        self.outbox.feed_changed();
        let change = Change {
            user,
            movement: Movement::Release { amount: refund },
            kind: LedgerKind::Cancel(GameKind::Aviator),
            reference: store::owner(round),
            idempotency_key: self.key(round, user, slot, "cancel"),
        };
        let (tx, rx) = oneshot::channel();
        let wallet = self.wallet.clone();
        self.unsettled += 1;
        ctx.spawn(async move { apply_until_final(&wallet, change).await }.into_actor(self).map(
            move |res, act, ctx| {
                act.unsettled -= 1;
                match res {
                    Ok(_) => {
                        let cancelled = wire::BetCancelled {
                            success: true,
                            refund_amount: refund,
                            slot: slot.index(),
                            round_id: round.0,
                        };
                        // The ack already said `pending`: the player hears the refund as an event.
                        if tx.send(Ok(wire::value(&cancelled))).is_err() {
                            act.to_user(user, &[TableEvent::BetCancelled(cancelled)]);
                        }
                    }
                    Err(e) => {
                        tracing::error!(%round, %user, error = %e, "aviator cancel release refused");
                        let _ = tx.send(Err(Refused::Unavailable.into()));
                    }
                }
                act.maybe_close(ctx);
            },
        ));
        patient(rx, "Your bet is cancelled; the refund is on its way")
    }
}

impl Handler<CashOut> for AviatorTable {
    type Result = ResponseFuture<Reply>;

    fn handle(&mut self, msg: CashOut, ctx: &mut Self::Context) -> Self::Result {
        let now = self.clock.now_ms();
        let slot = match Slot::try_from(msg.slot) {
            Ok(s) => s,
            Err(r) => return ready(Err(r.into())),
        };
        let (user, round) = (msg.user, msg.round);
        let events = match self.game.cash_out(round, user, slot, now) {
            Ok(events) => events,
            Err(r) => return ready(Err(r.into())),
        };
        let settles_this =
            events.iter().any(|e| matches!(e, Event::CashedOut { user: u, slot: s, .. } if *u == user && *s == slot));
        if !settles_this {
            self.apply(events, now, ctx);
            self.flush(now);
            return ready(Err(Rejection::NoBet.into()));
        }
        let (tx, rx) = oneshot::channel();
        self.cashout_waiters.insert((user, slot), tx);
        self.apply(events, now, ctx);
        self.flush(now);
        patient(rx, "Your cash-out is accepted; the payment is on its way")
    }
}

impl Handler<OpenBets> for AviatorTable {
    type Result = Vec<OpenBet>;

    fn handle(&mut self, msg: OpenBets, _: &mut Self::Context) -> Self::Result {
        let round = self.game.round();
        let open: Vec<OpenBet> = self
            .game
            .bets()
            .filter(|b| b.user == msg.0 && !matches!(b.state, BetState::Cancelled))
            .map(|b| OpenBet {
                round,
                bet: b.clone(),
                placed_at: self.attempts.get(&(b.user, b.slot)).map_or(0, |a| a.1),
                settled: self.settled.contains(&(b.user, b.slot)),
            })
            .collect();
        open
    }
}
