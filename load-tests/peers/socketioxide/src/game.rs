//! One Aviator table's round as a pure state machine: countdown (betting) → flying → crashed → next countdown.
//! No IO and no clock: every transition takes `now` (epoch ms) and returns events for the caller to turn into
//! wallet moves and socket messages, or a [`Rejection`] that leaves the game unchanged.
//!
//! - A manual cash-out pays `floor(stake × m / 100)` with `m` the curve at `now`; an auto cash-out pays exactly
//!   its target; the liability cap pays the cap multiplier. `m` never exceeds the crash point.
//! - Liability cap: with `paid` already paid this round and `in_air` stakes still open, the cap multiplier is
//!   `M* = floor((cap − paid) × 100 / in_air)`; when the curve passes `M*` before the crash, every open bet is cashed
//!   out at `M*` and the round ends early ("capped"). Betting refuses stakes that would put `M*` below 1.01×.
//! - Everything due in flight is applied in curve order (auto targets ascending, then the cap, then the crash), so
//!   outcomes do not depend on how often the table ticks.

use crate::curve::{elapsed_for, multiplier_at};
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

pub type UserId = i64;

/// The lowest auto cash-out target (1.01×) in hundredths.
pub const MIN_AUTO_CASHOUT: u64 = 101;

#[derive(Debug, Clone)]
pub struct Rules {
    pub min_bet: i64,
    pub max_bet: i64,
    pub countdown_ms: i64,
    pub pause_ms: i64,
    /// The most the house pays out in one round, in paise.
    pub max_payout: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Betting {
        ends_at: i64,
    },
    /// `crash_after`: elapsed ms at which the curve reaches the crash point.
    Flying {
        started_at: i64,
        crash_after: i64,
    },
    /// `at`: the crash (or cap) moment on the curve.
    Crashed {
        at: i64,
        capped_at: Option<u64>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BetState {
    Open,
    CashedOut,
    Lost,
}

#[derive(Debug, Clone)]
pub struct Bet {
    pub stake: i64,
    pub auto: Option<u64>,
    pub state: BetState,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    Manual,
    Auto,
    Capped,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    RoundOpened,
    FlightStarted {
        started_at: i64,
    },
    CashedOut {
        user: UserId,
        slot: u8,
        stake: i64,
        multiplier: u64,
        payout: i64,
        cause: Cause,
    },
    /// `ended_at`: the cap multiplier when capped, else the crash point. `losers`: (user, slot, stake).
    Crashed {
        capped: bool,
        ended_at: u64,
        losers: Vec<(UserId, u8, i64)>,
    },
}

/// Why a request was refused; `code()` and `message()` are what the player sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rejection {
    NotBetting,
    WrongRound,
    BadSlot,
    SlotTaken,
    StakeTooLow,
    StakeTooHigh,
    BadAutoCashout,
    TableFull,
    NoBetToCancel,
    NotFlying,
    NoBet,
    AlreadyCashedOut,
    TooLate,
}

impl Rejection {
    pub fn code(self) -> &'static str {
        match self {
            Rejection::NotBetting => "betting_closed",
            Rejection::WrongRound => "wrong_round",
            Rejection::BadSlot => "bad_slot",
            Rejection::SlotTaken => "bet_exists",
            Rejection::StakeTooLow => "stake_too_low",
            Rejection::StakeTooHigh => "stake_too_high",
            Rejection::BadAutoCashout => "bad_auto_cashout",
            Rejection::TableFull => "table_full",
            Rejection::NoBetToCancel | Rejection::NoBet => "no_bet",
            Rejection::NotFlying => "not_flying",
            Rejection::AlreadyCashedOut => "already_settled",
            Rejection::TooLate => "too_late",
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            Rejection::NotBetting => "Bets are closed for this round",
            Rejection::WrongRound => "This round is not open for bets",
            Rejection::BadSlot => "Invalid bet slot",
            Rejection::SlotTaken => "Bet already placed",
            Rejection::StakeTooLow => "Stake below the minimum bet",
            Rejection::StakeTooHigh => "Stake above the maximum bet",
            Rejection::BadAutoCashout => "Auto cashout must be at least 1.01x",
            Rejection::TableFull => "Bets are full for this round, please bet in the next one",
            Rejection::NoBetToCancel => "No bet to cancel",
            Rejection::NotFlying => "Round has not started yet",
            Rejection::NoBet => "No bet to cash out",
            Rejection::AlreadyCashedOut => "You Already Cashout",
            Rejection::TooLate => "Round has crashed",
        }
    }
}

pub struct Game {
    rules: Rules,
    points: Arc<[u64]>,
    round: i64,
    crash_point: u64,
    phase: Phase,
    bets: HashMap<(UserId, u8), Bet>,
    /// Open bets with an auto target, in firing order.
    autos: BTreeSet<(u64, UserId, u8)>,
    /// Stakes still open: what may still be multiplied.
    in_air: i128,
    /// Payouts already decided this round.
    paid: i128,
}

/// `floor(stake × multiplier / 100)`.
fn payout(stake: i64, multiplier: u64) -> i64 {
    i64::try_from(i128::from(stake) * i128::from(multiplier) / 100).unwrap_or(i64::MAX)
}

impl Game {
    /// Round 1 opens at `now`; round n plays `points[(n − 1) mod len]` (`points` is not empty).
    pub fn new(rules: Rules, points: Arc<[u64]>, now: i64) -> Game {
        let crash_point = points[0];
        let ends_at = now + rules.countdown_ms;
        Game {
            rules,
            points,
            round: 1,
            crash_point,
            phase: Phase::Betting { ends_at },
            bets: HashMap::new(),
            autos: BTreeSet::new(),
            in_air: 0,
            paid: 0,
        }
    }

    pub fn round(&self) -> i64 {
        self.round
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn crash_point(&self) -> u64 {
        self.crash_point
    }

    /// The multiplier to show: 1.00× before take-off, the curve in flight (never above the crash point), the
    /// final multiplier after the end.
    pub fn multiplier_now(&self, now: i64) -> u64 {
        match self.phase {
            Phase::Betting { .. } => 100,
            Phase::Flying { started_at, .. } => multiplier_at(now - started_at).min(self.crash_point),
            Phase::Crashed { capped_at, .. } => capped_at.unwrap_or(self.crash_point),
        }
    }

    fn betting_open(&self, round: i64, now: i64) -> Result<(), Rejection> {
        if round < self.round {
            return Err(Rejection::NotBetting);
        }
        match self.phase {
            Phase::Betting { ends_at } if now < ends_at => {}
            _ => return Err(Rejection::NotBetting),
        }
        if round != self.round {
            return Err(Rejection::WrongRound);
        }
        Ok(())
    }

    /// Everything a bet must pass before its stake is held. Nothing changes.
    pub fn check_bet(
        &self,
        round: i64,
        user: UserId,
        slot: u8,
        stake: i64,
        auto: Option<u64>,
        now: i64,
    ) -> Result<(), Rejection> {
        self.betting_open(round, now)?;
        if slot > 1 {
            return Err(Rejection::BadSlot);
        }
        if self.bets.contains_key(&(user, slot)) {
            return Err(Rejection::SlotTaken);
        }
        if stake < self.rules.min_bet {
            return Err(Rejection::StakeTooLow);
        }
        if stake > self.rules.max_bet {
            return Err(Rejection::StakeTooHigh);
        }
        if auto.is_some_and(|a| a < MIN_AUTO_CASHOUT) {
            return Err(Rejection::BadAutoCashout);
        }
        // Keep the cap multiplier at take-off at 1.01× or more, so a capped round still pays every bet a profit.
        let in_air = self.in_air + i128::from(stake);
        if in_air * i128::from(MIN_AUTO_CASHOUT) > i128::from(self.rules.max_payout) * 100 {
            return Err(Rejection::TableFull);
        }
        Ok(())
    }

    /// Adds a bet that passed [`Game::check_bet`] and whose stake is now held.
    pub fn add_bet(&mut self, user: UserId, slot: u8, stake: i64, auto: Option<u64>) {
        self.in_air += i128::from(stake);
        if let Some(target) = auto {
            self.autos.insert((target, user, slot));
        }
        self.bets.insert((user, slot), Bet { stake, auto, state: BetState::Open });
    }

    /// Withdraws an open bet while betting is open; returns the stake to refund. The slot is free again.
    pub fn cancel_bet(&mut self, round: i64, user: UserId, slot: u8, now: i64) -> Result<i64, Rejection> {
        self.betting_open(round, now)?;
        if slot > 1 {
            return Err(Rejection::BadSlot);
        }
        let bet = self.bets.remove(&(user, slot)).ok_or(Rejection::NoBetToCancel)?;
        if let Some(target) = bet.auto {
            self.autos.remove(&(target, user, slot));
        }
        self.in_air -= i128::from(bet.stake);
        Ok(bet.stake)
    }

    /// Cashes a bet out at the curve's value at `now`. Anything due before `now` (auto cash-outs, the cap) is
    /// applied first and returned too; if that already settled this bet, its event is the answer. At or after the
    /// crash moment it is too late, even if no tick has crashed the round yet.
    pub fn cash_out(&mut self, round: i64, user: UserId, slot: u8, now: i64) -> Result<Vec<Event>, Rejection> {
        if slot > 1 {
            return Err(Rejection::BadSlot);
        }
        let (started_at, crash_after) = match self.phase {
            Phase::Flying { started_at, crash_after } => (started_at, crash_after),
            Phase::Betting { .. } if round == self.round => return Err(Rejection::NotFlying),
            Phase::Betting { .. } | Phase::Crashed { .. } => return Err(Rejection::TooLate),
        };
        if round != self.round {
            return Err(Rejection::TooLate);
        }
        match self.bets.get(&(user, slot)).map(|b| b.state) {
            Some(BetState::Open) => {}
            Some(BetState::CashedOut) => return Err(Rejection::AlreadyCashedOut),
            Some(BetState::Lost) => return Err(Rejection::TooLate),
            None => return Err(Rejection::NoBet),
        }
        let elapsed = (now - started_at).max(0);
        if elapsed >= crash_after {
            return Err(Rejection::TooLate);
        }
        let mut events = Vec::new();
        self.advance_flight(now, &mut events);
        let still_open = self.bets.get(&(user, slot)).is_some_and(|b| b.state == BetState::Open);
        if still_open && matches!(self.phase, Phase::Flying { .. }) {
            // Not capped by `advance_flight`, so the curve here is within the cap and below the crash point.
            events.push(self.settle(user, slot, multiplier_at(elapsed), Cause::Manual));
        }
        Ok(events)
    }

    /// Moves time forward: take-off, auto cash-outs, the cap, the crash, and after the pause the next round.
    pub fn tick(&mut self, now: i64) -> Vec<Event> {
        let mut events = Vec::new();
        loop {
            match self.phase {
                Phase::Betting { ends_at } => {
                    if now < ends_at {
                        break;
                    }
                    // Take-off is the scheduled moment, not the tick's: prices never depend on tick lag.
                    self.phase = Phase::Flying { started_at: ends_at, crash_after: elapsed_for(self.crash_point) };
                    events.push(Event::FlightStarted { started_at: ends_at });
                }
                Phase::Flying { .. } => {
                    self.advance_flight(now, &mut events);
                    break;
                }
                Phase::Crashed { at, .. } => {
                    if now < at + self.rules.pause_ms {
                        break;
                    }
                    self.round += 1;
                    let index = usize::try_from((self.round - 1).rem_euclid(self.points.len() as i64)).unwrap_or(0);
                    self.crash_point = self.points[index];
                    self.bets.clear();
                    self.autos.clear();
                    self.in_air = 0;
                    self.paid = 0;
                    self.phase = Phase::Betting { ends_at: now + self.rules.countdown_ms };
                    events.push(Event::RoundOpened);
                    break;
                }
            }
        }
        events
    }

    /// Applies, in curve order, everything due in flight by `now`.
    fn advance_flight(&mut self, now: i64, events: &mut Vec<Event>) {
        let Phase::Flying { started_at, crash_after } = self.phase else { return };
        let elapsed = (now - started_at).max(0);
        let reached =
            if elapsed >= crash_after { self.crash_point } else { multiplier_at(elapsed).min(self.crash_point) };
        loop {
            let cap = self.cap_multiplier();
            if let Some(&(target, user, slot)) = self.autos.first()
                && target <= reached
                && cap.is_none_or(|m| target <= m)
            {
                events.push(self.settle(user, slot, target, Cause::Auto));
                continue;
            }
            if let Some(cap) = cap.filter(|&m| m < reached) {
                let open: Vec<(UserId, u8)> =
                    self.bets.iter().filter(|(_, b)| b.state == BetState::Open).map(|(k, _)| *k).collect();
                for (user, slot) in open {
                    events.push(self.settle(user, slot, cap, Cause::Capped));
                }
                let at = started_at + elapsed_for(cap.saturating_add(1));
                self.phase = Phase::Crashed { at, capped_at: Some(cap) };
                events.push(Event::Crashed { capped: true, ended_at: cap, losers: Vec::new() });
            } else if elapsed >= crash_after {
                let mut losers = Vec::new();
                for (&(user, slot), bet) in self.bets.iter_mut().filter(|(_, b)| b.state == BetState::Open) {
                    bet.state = BetState::Lost;
                    self.in_air -= i128::from(bet.stake);
                    losers.push((user, slot, bet.stake));
                }
                self.autos.clear();
                self.phase = Phase::Crashed { at: started_at + crash_after, capped_at: None };
                events.push(Event::Crashed { capped: false, ended_at: self.crash_point, losers });
            }
            return;
        }
    }

    /// `M*`: the highest multiplier at which every stake still in the air can be paid within the cap.
    fn cap_multiplier(&self) -> Option<u64> {
        if self.in_air <= 0 {
            return None;
        }
        let room = i128::from(self.rules.max_payout) - self.paid;
        Some(u64::try_from((room * 100 / self.in_air).max(0)).unwrap_or(u64::MAX))
    }

    fn settle(&mut self, user: UserId, slot: u8, multiplier: u64, cause: Cause) -> Event {
        let (stake, auto) = match self.bets.get_mut(&(user, slot)) {
            Some(bet) => {
                bet.state = BetState::CashedOut;
                (bet.stake, bet.auto)
            }
            None => (0, None),
        };
        if let Some(target) = auto {
            self.autos.remove(&(target, user, slot));
        }
        let amount = payout(stake, multiplier);
        self.paid += i128::from(amount);
        self.in_air -= i128::from(stake);
        Event::CashedOut { user, slot, stake, multiplier, payout: amount, cause }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(max_payout: i64) -> Rules {
        Rules { min_bet: 1_000, max_bet: 5_091_045, countdown_ms: 4_000, pause_ms: 1_000, max_payout }
    }

    fn game(points: &[u64], max_payout: i64) -> Game {
        Game::new(rules(max_payout), Arc::from(points), 0)
    }

    fn bet(g: &mut Game, user: UserId, slot: u8, stake: i64, auto: Option<u64>) {
        assert_eq!(g.check_bet(g.round(), user, slot, stake, auto, 0), Ok(()));
        g.add_bet(user, slot, stake, auto);
    }

    #[test]
    fn rounds_play_the_configured_points_in_order_and_cycle() {
        let mut g = game(&[150, 237], 1 << 40);
        let mut seen = vec![(g.round(), g.crash_point())];
        let mut now = 0;
        while seen.len() < 4 {
            now += 20;
            if g.tick(now).contains(&Event::RoundOpened) {
                seen.push((g.round(), g.crash_point()));
            }
        }
        assert_eq!(seen, vec![(1, 150), (2, 237), (3, 150), (4, 237)]);
    }

    #[test]
    fn auto_pays_its_target_manual_the_curve_and_the_rest_lose() {
        let mut g = game(&[200], 1 << 40);
        bet(&mut g, 1, 0, 10_000, Some(150));
        bet(&mut g, 2, 1, 1_001, None);
        bet(&mut g, 3, 0, 5_000, Some(300));
        let started = 4_000;
        // A late tick still pays the auto bet exactly 1.50×.
        let events = g.tick(started + elapsed_for(150) + 500);
        assert!(events.contains(&Event::FlightStarted { started_at: started }));
        assert!(events.iter().any(|e| matches!(e, Event::CashedOut { user: 1, multiplier: 150, payout: 15_000, .. })));
        let at = started + 10_000;
        let m = multiplier_at(10_000);
        let events = g.cash_out(1, 2, 1, at).unwrap_or_default();
        assert_eq!(
            events,
            vec![Event::CashedOut {
                user: 2,
                slot: 1,
                stake: 1_001,
                multiplier: m,
                payout: 1_001 * m as i64 / 100,
                cause: Cause::Manual
            }]
        );
        assert_eq!(g.cash_out(1, 2, 1, at + 1), Err(Rejection::AlreadyCashedOut));
        let events = g.tick(started + elapsed_for(200));
        assert_eq!(events, vec![Event::Crashed { capped: false, ended_at: 200, losers: vec![(3, 0, 5_000)] }]);
        assert_eq!(g.cash_out(1, 3, 0, started + elapsed_for(200)), Err(Rejection::TooLate));
    }

    #[test]
    fn a_one_times_crash_still_takes_off() {
        let mut g = game(&[100], 1 << 40);
        bet(&mut g, 1, 0, 2_000, None);
        let events = g.tick(4_000);
        assert_eq!(events.len(), 2);
        assert_eq!(events[0], Event::FlightStarted { started_at: 4_000 });
        assert!(matches!(&events[1], Event::Crashed { capped: false, ended_at: 100, losers } if losers.len() == 1));
    }

    #[test]
    fn the_cap_cashes_everyone_out_and_betting_keeps_it_above_1_01() {
        // Cap ₹1000: two ₹400 stakes → M* = floor(100000 × 100 / 80000) = 125.
        let mut g = game(&[500], 100_000);
        bet(&mut g, 1, 0, 40_000, None);
        bet(&mut g, 2, 0, 40_000, Some(400));
        assert_eq!(g.check_bet(1, 3, 0, 20_000, None, 0), Err(Rejection::TableFull));
        let events = g.tick(4_000 + elapsed_for(130));
        let capped: Vec<_> = events
            .iter()
            .filter(|e| matches!(e, Event::CashedOut { multiplier: 125, payout: 50_000, cause: Cause::Capped, .. }))
            .collect();
        assert_eq!(capped.len(), 2);
        assert!(events.contains(&Event::Crashed { capped: true, ended_at: 125, losers: vec![] }));
    }

    #[test]
    fn betting_rules_refuse_without_changing_anything() {
        let mut g = game(&[200], 1 << 40);
        assert_eq!(g.check_bet(1, 1, 0, 999, None, 0), Err(Rejection::StakeTooLow));
        assert_eq!(g.check_bet(1, 1, 2, 1_000, None, 0), Err(Rejection::BadSlot));
        assert_eq!(g.check_bet(1, 1, 0, 1_000, Some(100), 0), Err(Rejection::BadAutoCashout));
        assert_eq!(g.check_bet(2, 1, 0, 1_000, None, 0), Err(Rejection::WrongRound));
        assert_eq!(g.check_bet(1, 1, 0, 1_000, None, 4_000), Err(Rejection::NotBetting));
        bet(&mut g, 1, 0, 1_000, None);
        assert_eq!(g.check_bet(1, 1, 0, 1_000, None, 0), Err(Rejection::SlotTaken));
        assert_eq!(g.cash_out(1, 1, 0, 10), Err(Rejection::NotFlying));
        assert_eq!(g.cancel_bet(1, 1, 0, 10), Ok(1_000));
        assert_eq!(g.cancel_bet(1, 1, 0, 10), Err(Rejection::NoBetToCancel));
        bet(&mut g, 1, 0, 1_000, None);
    }
}
