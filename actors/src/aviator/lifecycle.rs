//! The Aviator round's clock: every tick moves the pure rules on (betting → flying → crashed → next round) and turns
//! what they decided into broadcasts and money (`settle.rs`).

use super::rules::{Bet, Event, Phase};
use super::settle::Outcome;
use super::store;
use super::table::{AviatorTable, FEED_ROWS, FIGURES_EVERY_MS, FeedRow, STATE_EVERY_MS, TICK, rigged};
use super::wire::{self, TableEvent};
use crate::clock::EpochMs;
use crate::ids::RoundId;
use crate::money::Paise;
use actix::prelude::*;
use std::time::Duration;

impl AviatorTable {
    pub(super) fn on_tick(&mut self, ctx: &mut Context<Self>) {
        let started = self.probe.begin(None);
        let now = self.clock.now_ms();
        // How late the timer fires: the table's own health signal.
        if self.last_tick > 0 {
            let lag = (now - self.last_tick - TICK.as_millis() as i64).max(0);
            self.probe.tick(Duration::from_millis(lag.unsigned_abs()));
        }
        self.last_tick = now;
        let fairness = self.fairness.clone();
        let next = RoundId(self.game.round().0 + 1);
        if matches!(self.game.phase(), Phase::Crashed { .. }) && self.recording == 0 && self.recorded_next != Some(next)
        {
            self.record_next_round(next, now, ctx);
        }
        let between_rounds = matches!(self.game.phase(), Phase::Crashed { .. }) && self.closing.is_none();
        if between_rounds && self.recording == 0 && self.hand_over.is_some() {
            if let Some(done) = self.hand_over.take() {
                let _ = done.send(());
            }
            tracing::info!(round = %self.game.round(), "Aviator handed over between rounds");
            ctx.stop();
            return;
        }
        let ready = !self.suspended
            && self.hand_over.is_none()
            && self.closing.is_none()
            && self.recording == 0
            && self.recorded_next == Some(next);
        if ready {
            self.take_pending_rules();
        }
        let points = self.fixed_crash_points.clone();
        let events = self
            .game
            .tick(now, || if ready { fairness.seed_for(next).map(|s| rigged(points.as_deref(), s)) } else { None });
        self.apply(events, now, ctx);
        if matches!(self.game.phase(), Phase::Flying { .. }) && now - self.last_state >= STATE_EVERY_MS {
            self.queue_state(now);
        }
        self.flush(now);
        if now - self.last_figures >= FIGURES_EVERY_MS {
            self.last_figures = now;
            self.show_figures(ctx);
        }
        self.probe.end(started);
    }

    /// Turns rule events into wallet movements, persistence and broadcasts. Outcomes decided in flight are
    /// settled at once; those of the crash itself are recorded with the round first (see `settle.rs`).
    pub(super) fn apply(&mut self, events: Vec<Event>, now: EpochMs, ctx: &mut Context<Self>) {
        let crashing = events.iter().any(|e| matches!(e, Event::Crashed { .. }));
        // A bet confirmed after the crash is settled on the spot, and recorded before it moves.
        let late = !crashing && matches!(self.game.phase(), Phase::Crashed { .. });
        let mut at_crash = Vec::new();
        for event in events {
            match event {
                Event::RoundOpened { .. } => {
                    self.attempts.clear();
                    self.settled.clear();
                    self.feed.clear();
                    self.outbox.feed_changed();
                    self.queue_state(now);
                }
                Event::FlightStarted { round, started_at } => {
                    self.last_state = now;
                    self.queue(TableEvent::GameState(wire::take_off(&self.game, round, started_at, now)));
                }
                Event::BetReserved { .. } | Event::BetAborted { .. } | Event::BetCancelled { .. } => {}
                Event::BetAccepted { user, slot, stake, .. } => {
                    metrics::counter!("aviator_bets_total").increment(1);
                    let name = self.names.get(&user).cloned().unwrap_or_default();
                    self.feed.push_back((
                        (user, slot),
                        FeedRow { name, stake, slot, multiplier: None, payout: Paise::ZERO },
                    ));
                    if self.feed.len() > 4 * FEED_ROWS {
                        self.feed.pop_front();
                    }
                    self.outbox.feed_changed();
                }
                Event::CashedOut { round, user, slot, stake, multiplier, payout, cause } => {
                    metrics::counter!("aviator_cashouts_total").increment(1);
                    self.house_won(stake.get() - payout.get(), now);
                    if let Some((_, row)) = self.feed.iter_mut().rev().find(|(k, _)| *k == (user, slot)) {
                        row.multiplier = Some(multiplier);
                        row.payout = payout;
                    } else {
                        let name = self.names.get(&user).cloned().unwrap_or_default();
                        self.feed.push_back((
                            (user, slot),
                            FeedRow { name, stake, slot, multiplier: Some(multiplier), payout },
                        ));
                    }
                    self.outbox.feed_changed();
                    let outcome = Outcome { round, user, slot, stake, win: Some((multiplier, payout, cause)) };
                    match (crashing, late) {
                        (true, _) => at_crash.push(outcome),
                        (false, true) => self.settle_late(outcome, now, ctx),
                        (false, false) => self.settle(outcome, ctx),
                    }
                }
                Event::Crashed { round, crash_point, hash, capped, ended_at_multiplier, losers, at } => {
                    self.house_won(losers.iter().map(|l| l.stake.get()).sum(), now);
                    at_crash.extend(losers.into_iter().map(|l| Outcome {
                        round,
                        user: l.user,
                        slot: l.slot,
                        stake: l.stake,
                        win: None,
                    }));
                    self.queue(TableEvent::GameResult(wire::GameResult {
                        round_id: round.0,
                        crash_point,
                        ended_at: ended_at_multiplier,
                        hash: super::fair::to_hex(&hash),
                        capped,
                    }));
                    self.queue_state(now);
                    self.close(round, capped.then_some(ended_at_multiplier), at, std::mem::take(&mut at_crash), ctx);
                    self.record_next_round(RoundId(round.0 + 1), now, ctx);
                }
                Event::BetLost { round, user, slot, stake } => {
                    self.house_won(stake.get(), now);
                    self.settle_late(Outcome { round, user, slot, stake, win: None }, now, ctx);
                }
            }
        }
    }

    pub(super) fn settled_bet(&self, round: RoundId, b: &Bet) -> store::SettledBet {
        let created_at = self.attempts.get(&(b.user, b.slot)).map_or(0, |a| a.1);
        store::SettledBet {
            round,
            user: b.user,
            slot: b.slot,
            stake: b.stake,
            auto_cashout: b.auto_cashout,
            state: b.state,
            created_at,
        }
    }
}
