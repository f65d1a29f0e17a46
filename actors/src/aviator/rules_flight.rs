//! An Aviator round in the air: time moves it from betting to flight, fires auto cash-outs, applies the liability
//! caps, crashes it and opens the next round. Every `match` over `Phase` is exhaustive.

use super::{
    Bet, BetState, CashOutCause, Event, Game, Loser, Phase, RoundSeed, Slot, elapsed_for, multiplier_at, payout,
};
use crate::clock::EpochMs;
use crate::ids::UserId;
use crate::money::Paise;

impl Game {
    /// Moves time forward: closes betting, fires auto cash-outs, applies the liability caps, crashes, and after
    /// the pause opens the next round with the data `next_round` returns (called at most once; `None` keeps the
    /// table waiting, e.g. when the hash chain is used up).
    pub fn tick(&mut self, now: EpochMs, next_round: impl FnOnce() -> Option<RoundSeed>) -> Vec<Event> {
        let mut events = Vec::new();
        let mut next_round = Some(next_round);
        loop {
            match self.phase {
                Phase::Betting { round, ends_at } => {
                    if now < ends_at {
                        break;
                    }
                    // Take-off is the scheduled moment, not the tick's: prices never depend on tick lag.
                    let crash_at_ms_elapsed = elapsed_for(self.seed.crash_point);
                    self.phase = Phase::Flying { round, started_at: ends_at, crash_at_ms_elapsed };
                    events.push(Event::FlightStarted { round, started_at: ends_at });
                }
                Phase::Flying { .. } => {
                    self.advance_flight(now, &mut events);
                    break;
                }
                Phase::Crashed { at, .. } => {
                    if now < at + self.config.pause_ms || self.has_reservations() {
                        break;
                    }
                    let Some(seed) = next_round.take().and_then(|f| f()) else {
                        break;
                    };
                    let ends_at = now.saturating_add(self.config.countdown_ms);
                    self.seed = seed;
                    self.bets.clear();
                    self.autos.clear();
                    self.in_air = 0;
                    self.paid = 0;
                    self.players.clear();
                    self.player_caps.clear();
                    self.pinned.clear();
                    // Fixed for the whole round: a later reading of the books moves only the next round's caps.
                    self.caps = self.config.caps(self.house_result);
                    self.phase = Phase::Betting { round: seed.round, ends_at };
                    events.push(Event::RoundOpened { round: seed.round, ends_at });
                    break;
                }
            }
        }
        events
    }

    /// Applies, in curve order, everything due in flight by `now`: auto targets (as the curve reaches them), the caps
    /// (as the curve passes their multiplier: a player's before the round's at the same one), then the crash.
    /// Nothing to do outside `Flying`. Afterwards every cap multiplier is at or above the curve at `now`.
    pub(super) fn advance_flight(&mut self, now: EpochMs, events: &mut Vec<Event>) {
        let (round, started_at, crash_at_ms_elapsed) = match self.phase {
            Phase::Flying { round, started_at, crash_at_ms_elapsed } => (round, started_at, crash_at_ms_elapsed),
            Phase::Betting { .. } | Phase::Crashed { .. } => return,
        };
        let elapsed = (now - started_at).max(0);
        let reached = if elapsed >= crash_at_ms_elapsed {
            self.seed.crash_point
        } else {
            multiplier_at(elapsed).min(self.seed.crash_point)
        };
        loop {
            let round_cap = self.cap_multiplier();
            let player_cap = self.player_caps.first().copied();
            let lowest_cap = [round_cap, player_cap.map(|p| p.0)].into_iter().flatten().min();
            if let Some((target, user, slot)) = self.autos.first().copied()
                && target <= reached
                && lowest_cap.is_none_or(|m| target <= m)
            {
                events.push(self.settle(user, slot, target, CashOutCause::Auto));
                continue;
            }
            match (player_cap, round_cap) {
                (Some((m, user)), round_cap) if m < reached && round_cap.is_none_or(|r| m <= r) => {
                    self.cap_player(user, m, events);
                    continue;
                }
                (_, Some(m)) if m < reached => {
                    self.cap_round(m, events);
                    if self.in_air > 0 {
                        continue;
                    }
                    // The round's cap took every bet left in the air: the flight ends here.
                    let at = started_at + elapsed_for(m.saturating_add(1));
                    self.phase = Phase::Crashed { round, at, capped_at: Some(m) };
                    events.push(self.crashed_event(at, Some(m), Vec::new()));
                    return;
                }
                (_, _) => {}
            }
            if elapsed >= crash_at_ms_elapsed {
                let mut losers = Vec::new();
                self.autos.clear();
                for bet in self.bets.values_mut().filter(|b| b.state == BetState::Open) {
                    bet.state = BetState::Lost;
                    losers.push(Loser { user: bet.user, slot: bet.slot, stake: bet.stake });
                }
                for l in &losers {
                    self.account(l.user, -i128::from(l.stake.get()), 0);
                }
                let at = started_at + crash_at_ms_elapsed;
                self.phase = Phase::Crashed { round, at, capped_at: None };
                events.push(self.crashed_event(at, None, losers));
            }
            return;
        }
    }

    /// A player's cap is reached at `m`: every bet of theirs in the air is cashed out at `m` (a reservation is
    /// pinned there), and nobody else's.
    fn cap_player(&mut self, user: UserId, m: u64, events: &mut Vec<Event>) {
        let theirs: Vec<Slot> =
            self.bets.range((user, Slot::First)..=(user, Slot::Second)).map(|(&(_, slot), _)| slot).collect();
        for slot in theirs {
            if let Some(e) = self.force_out(user, slot, m, CashOutCause::PlayerCapped) {
                events.push(e);
            }
        }
        // Nothing of theirs is left in the air, so they are out of the index; this only guards the loop above.
        if let Some(at) = self.players.get(&user).and_then(|b| b.cap_at) {
            self.player_caps.remove(&(at, user));
            if let Some(b) = self.players.get_mut(&user) {
                b.cap_at = None;
            }
        }
    }

    /// The round's cap is reached at `m`: the bets in the air are cashed out at `m`, the largest stake first
    /// (ties by user, then slot), until the rest could be paid at `m + 0.01` within the cap.
    fn cap_round(&mut self, m: u64, events: &mut Vec<Event>) {
        let mut in_air: Vec<(Paise, UserId, Slot)> =
            self.bets.values().filter(|b| self.flying(b)).map(|b| (b.stake, b.user, b.slot)).collect();
        in_air.sort_by(|a, b| b.0.cmp(&a.0).then((a.1, a.2).cmp(&(b.1, b.2))));
        for (i, (_, user, slot)) in in_air.into_iter().enumerate() {
            // The cap binds at `m`, so the first always goes (the rest do not fit at `m + 0.01`, by `M`'s
            // definition); taking it without asking also guarantees the caller's loop moves on.
            if i > 0 && self.round_fits(m.saturating_add(1)) {
                break;
            }
            if let Some(e) = self.force_out(user, slot, m, CashOutCause::Capped) {
                events.push(e);
            }
        }
    }

    /// An open bet, or a reservation no cap has decided: its stake is in the air.
    fn flying(&self, b: &Bet) -> bool {
        match b.state {
            BetState::Open => true,
            BetState::Reserved => !self.pinned.contains_key(&(b.user, b.slot)),
            BetState::CashedOut { .. } | BetState::Cancelled | BetState::Lost => false,
        }
    }

    /// Every stake in the air could be paid at `m` within the round's cap.
    fn round_fits(&self, m: u64) -> bool {
        (i128::from(self.caps.round.get()) - self.paid) * 100 >= self.in_air * i128::from(m)
    }

    /// A cap takes a bet in the air at `m`: an open one is cashed out; a reservation is pinned (its payout decided
    /// and counted now, paid when its hold commits).
    fn force_out(&mut self, user: UserId, slot: Slot, m: u64, cause: CashOutCause) -> Option<Event> {
        let bet = self.bets.get(&(user, slot))?;
        if !self.flying(bet) {
            return None;
        }
        match bet.state {
            BetState::Open => Some(self.settle(user, slot, m, cause)),
            BetState::Reserved => {
                let stake = bet.stake;
                self.pinned.insert((user, slot), (m, cause));
                self.account(user, -i128::from(stake.get()), payout(stake, m));
                None
            }
            BetState::CashedOut { .. } | BetState::Cancelled | BetState::Lost => None,
        }
    }

    fn crashed_event(&self, at: EpochMs, capped_at: Option<u64>, losers: Vec<Loser>) -> Event {
        Event::Crashed {
            round: self.seed.round,
            crash_point: self.seed.crash_point,
            hash: self.seed.hash,
            at,
            capped: capped_at.is_some(),
            ended_at_multiplier: capped_at.unwrap_or(self.seed.crash_point),
            losers,
        }
    }

    /// `M`: the highest multiplier at which every stake still in the air can be paid within the round's cap.
    pub(super) fn cap_multiplier(&self) -> Option<u64> {
        if self.in_air <= 0 {
            return None;
        }
        let room = i128::from(self.caps.round.get()) - self.paid;
        Some(u64::try_from((room * 100 / self.in_air).max(0)).unwrap_or(u64::MAX))
    }
}
