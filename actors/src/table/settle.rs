//! How a round's money moves once its reveal has ended: one transaction records the outcome, the settled tickets
//! and a settle intent per ticket; the settles are applied, each until it commits (each player hears their
//! `winResult` after their own); then the round is marked ended and the next one may open.

use super::actor::RoundTable;
use super::keys::BetKeys;
use super::round::TicketResult;
use super::store::{self, BetRow};
use super::wire::{Past, PickLine, RevealResult, RoundWire, TableEvent, WinResult};
use crate::clock::EpochMs;
use crate::ids::RoundId;
use crate::money::Paise;
use crate::observe::families::table as fig;
use crate::wallet::intents::{apply_until_final, retry_transient};
use crate::wallet::{Change, LedgerKind, Movement, SystemAccount};
use actix::prelude::*;

/// The decided round's money, until all of it has moved.
pub(super) struct Settling<P> {
    pub(super) keys: BetKeys,
    pub(super) results: Vec<TicketResult<P>>,
    /// The outcome, tickets and intents are on record.
    pub(super) recorded: bool,
    /// Settles applied; the round is over when all of them are and the round is marked ended.
    pub(super) applied: usize,
    pub(super) started: bool,
    pub(super) ended: bool,
}

impl<G: RoundWire> RoundTable<G> {
    /// The reveal has ended: record the outcome, the tickets and their settles in one transaction, then move the
    /// money ([`Self::maybe_settle`]).
    pub(super) fn decide(
        &mut self,
        round: RoundId,
        outcome: &G::Outcome,
        results: Vec<TicketResult<G::Pick>>,
        now: EpochMs,
        ctx: &mut Context<Self>,
    ) {
        let keys = BetKeys { game: G::NAME, round };
        let bets: Vec<BetRow> = results
            .iter()
            .map(|t| BetRow {
                user: t.user,
                ticket: t.no,
                lines: serde_json::to_string(&t.lines).unwrap_or_default(),
                stake: t.total,
                payout: t.payout,
                created_at: t.placed_at,
            })
            .collect();
        let settles: Vec<Change> = results.iter().map(|t| self.settle_change(&keys, t)).collect();
        self.house_won(&results);
        self.settling = Some(Settling { keys, results, recorded: false, applied: 0, started: false, ended: false });
        let db = self.db.clone();
        let outcome_text = serde_json::to_string(outcome).unwrap_or_default();
        let what = format!("recording {} round {round}", G::NAME);
        ctx.spawn(
            async move {
                retry_transient(&what, || store::decide_round(&db, &keys, &outcome_text, &bets, &settles, now)).await
            }
            .into_actor(self)
            .map(move |res, act, ctx| match res {
                Ok(()) => {
                    if let Some(s) = act.settling.as_mut() {
                        s.recorded = true;
                    }
                    act.maybe_settle(ctx);
                    let now = act.clock.now_ms();
                    act.flush(now);
                }
                // Not transient: the round stays open, and the next start refunds it.
                Err(e) => {
                    tracing::error!(game = G::NAME, %round, error = %e, "round not recorded; the table stops")
                }
            }),
        );
    }

    fn settle_change(&self, keys: &BetKeys, t: &TicketResult<G::Pick>) -> Change {
        let kind = if t.payout.is_positive() { LedgerKind::Win(G::KIND) } else { LedgerKind::Loss(G::KIND) };
        let movement = Movement::Settle { hold: t.total, payout: t.payout, with: SystemAccount::House };
        keys.ticket_change(t.user, t.no, "settle", movement, kind)
    }

    /// Once the outcome is on record and shown: reveal the seed and move the money.
    pub(super) fn maybe_settle(&mut self, ctx: &mut Context<Self>) {
        let Some(s) = self.settling.as_mut() else { return };
        if !s.recorded || s.started {
            return;
        }
        s.started = true;
        let keys = s.keys;
        let now = self.clock.now_ms();
        if let Some(outcome) = self.round.outcome() {
            let shown = G::shown(outcome, None);
            self.history.push_front(Past { round_id: keys.round.0, result: shown.clone() });
            self.history.truncate(super::actor::HISTORY);
            let next_round_at = now + self.round.timings.result_ms;
            self.outbox.queue(&TableEvent::<G>::RevealResult(RevealResult {
                round_id: keys.round.0,
                result: shown,
                server_seed: self.round.seed.seed.to_hex(),
                commitment: self.round.seed.seed.commitment(),
                client_seed: self.round.seed.client_seed.clone(),
                next_round_at,
            }));
        }
        let results = self.settling.as_ref().map(|s| s.results.clone()).unwrap_or_default();
        if results.is_empty() {
            self.end_round(ctx);
        }
        for t in results {
            let change = self.settle_change(&keys, &t);
            let wallet = self.wallet.clone();
            ctx.spawn(async move { apply_until_final(&wallet, change).await }.into_actor(self).map(
                move |res, act, ctx| {
                    if let Err(e) = res {
                        // Final refusals are marked failed for the operators when the round's intents resume.
                        tracing::error!(game = G::NAME, round = %keys.round, user = %t.user, error = %e, "settle refused");
                    } else if let Some(shown) = act.round.outcome().map(|o| G::shown(o, None)) {
                        let win = WinResult {
                            round_id: keys.round.0,
                            user_id: t.user.0,
                            ticket: t.no,
                            bets: t.lines.iter().map(|(pick, amount)| PickLine { pick: *pick, amount: *amount }).collect(),
                            stake: t.total,
                            payout: t.payout,
                            profit: t.payout.checked_sub(t.total).unwrap_or(Paise::ZERO),
                            result: shown,
                        };
                        act.outbox.to_user(t.user, &[TableEvent::<G>::WinResult(win)]);
                    }
                    let done = act.settling.as_mut().map(|s| {
                        s.applied += 1;
                        s.applied == s.results.len()
                    });
                    if done == Some(true) {
                        act.end_round(ctx);
                    }
                },
            ));
        }
    }

    fn end_round(&mut self, ctx: &mut Context<Self>) {
        let Some(keys) = self.settling.as_ref().map(|s| s.keys) else { return };
        let db = self.db.clone();
        let now = self.clock.now_ms();
        let what = format!("ending {} round {}", G::NAME, keys.round);
        ctx.spawn(async move { retry_transient(&what, || store::end_round(&db, &keys, now)).await }.into_actor(self).map(
            |res, act, _| {
                if let Err(e) = res {
                    tracing::error!(game = G::NAME, error = %e, "round not marked ended; the next start finishes it");
                }
                if let Some(s) = act.settling.as_mut() {
                    s.ended = true;
                }
            },
        ));
    }

    pub(super) fn house_won(&mut self, results: &[TicketResult<G::Pick>]) {
        let won: i64 = results.iter().map(|t| t.total.get() - t.payout.get()).sum();
        self.probe.add(fig::HOUSE_TODAY, won);
    }
}
