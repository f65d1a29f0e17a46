//! The transitions of an Aviator [`Game`] that players and the table ask for (time's are in `rules_flight.rs`).
//! Every command validates first and mutates only once it cannot fail, so a `Rejection` leaves the game exactly as
//! it was. Every `match` over `Phase` is exhaustive.

use super::{
    Bet, BetState, CashOutCause, ConfigError, Event, Game, MIN_AUTO_CASHOUT, Moved, Phase, Rejection, RoundCaps,
    RoundSeed, RulesConfig, Slot, elapsed_for, multiplier_at, paise, payout,
};
use crate::clock::EpochMs;
use crate::ids::{RoundId, UserId};
use crate::money::Paise;

impl Game {
    /// Opens the first round at `now`, with the house's result on the books taken as zero (see
    /// [`Game::new_with_house_result`]).
    pub fn new(config: RulesConfig, first: RoundSeed, now: EpochMs) -> Result<(Game, Vec<Event>), ConfigError> {
        Game::new_with_house_result(config, first, Paise::ZERO, now)
    }

    /// Opens the first round at `now`; its caps are taken from `house_result` (see [`RulesConfig::caps`]).
    pub fn new_with_house_result(
        config: RulesConfig,
        first: RoundSeed,
        house_result: Paise,
        now: EpochMs,
    ) -> Result<(Game, Vec<Event>), ConfigError> {
        config.validate()?;
        let ends_at = now.saturating_add(config.countdown_ms);
        let game = Game {
            caps: config.caps(house_result),
            config,
            seed: first,
            phase: Phase::Betting { round: first.round, ends_at },
            bets: Default::default(),
            autos: Default::default(),
            in_air: 0,
            paid: 0,
            house_result,
            players: Default::default(),
            player_caps: Default::default(),
            pinned: Default::default(),
        };
        Ok((game, vec![Event::RoundOpened { round: first.round, ends_at }]))
    }

    /// A table resuming with no round open, as if `last` (already played) had just ended: the next round opens as
    /// soon as `tick` is given its data (used when that data is not yet available, e.g. a chain awaiting its salt).
    pub fn after(config: RulesConfig, last: RoundSeed, now: EpochMs) -> Result<Game, ConfigError> {
        config.validate()?;
        let at = now.saturating_sub(config.pause_ms);
        Ok(Game {
            caps: config.caps(Paise::ZERO),
            config,
            seed: last,
            phase: Phase::Crashed { round: last.round, at, capped_at: None },
            bets: Default::default(),
            autos: Default::default(),
            in_air: 0,
            paid: 0,
            house_result: Paise::ZERO,
            players: Default::default(),
            player_caps: Default::default(),
            pinned: Default::default(),
        })
    }

    pub fn config(&self) -> &RulesConfig {
        &self.config
    }
    /// New settings, taken only between rounds (after a crash, before the next round opens), so a round is
    /// played to its end under the settings it opened with.
    pub fn reconfigure(&mut self, config: RulesConfig) -> Result<(), ConfigError> {
        config.validate()?;
        if !matches!(self.phase, Phase::Crashed { .. }) || self.has_reservations() {
            return Err(ConfigError::RoundInPlay);
        }
        self.config = config;
        Ok(())
    }
    /// The caps of the round in play, fixed when it opened.
    pub fn caps(&self) -> RoundCaps {
        self.caps
    }
    /// The house's result on the books as last read (see [`Game::set_house_result`]).
    pub fn house_result(&self) -> Paise {
        self.house_result
    }
    /// A new reading of the house's result on the books (the sum of the house accounts' balances). It changes
    /// nothing in the round in play: the next round's caps are taken from the reading in hand when it opens.
    pub fn set_house_result(&mut self, house_result: Paise) {
        self.house_result = house_result;
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The current round's fair data. The crash point and hash are secret until `Crashed`; do not broadcast them.
    pub fn seed(&self) -> &RoundSeed {
        &self.seed
    }
    pub fn round(&self) -> RoundId {
        self.seed.round
    }
    pub fn bet(&self, user: UserId, slot: Slot) -> Option<&Bet> {
        self.bets.get(&(user, slot))
    }
    /// The current round's bets, ordered by (user, slot).
    pub fn bets(&self) -> impl Iterator<Item = &Bet> {
        self.bets.values()
    }

    /// The multiplier to show at `now`: 1.00× before take-off, the curve while flying (never above the crash
    /// point), the final multiplier after the round ended.
    pub fn multiplier_now(&self, now: EpochMs) -> u64 {
        match self.phase {
            Phase::Betting { .. } => 100,
            Phase::Flying { started_at, .. } => multiplier_at(now - started_at).min(self.seed.crash_point),
            Phase::Crashed { capped_at, .. } => capped_at.unwrap_or(self.seed.crash_point),
        }
    }

    /// When `tick` next has something to do: close betting, fire the earliest auto cash-out, hit the cap, crash,
    /// or open the next round. `None` while a finished round waits for a reservation to resolve.
    pub fn next_deadline(&self) -> Option<EpochMs> {
        match self.phase {
            Phase::Betting { ends_at, .. } => Some(ends_at),
            Phase::Flying { started_at, crash_at_ms_elapsed, .. } => {
                let earliest_auto = self.autos.first().map(|a| elapsed_for(a.0));
                // A cap acts as the curve passes its multiplier.
                let passed = |m: u64| elapsed_for(m.saturating_add(1));
                let cap = self.cap_multiplier().map(passed);
                let player_cap = self.player_caps.first().map(|p| passed(p.0));
                let first = [Some(crash_at_ms_elapsed), earliest_auto, cap, player_cap].into_iter().flatten().min();
                first.map(|elapsed| started_at + elapsed)
            }
            Phase::Crashed { at, .. } => (!self.has_reservations()).then_some(at + self.config.pause_ms),
        }
    }

    /// Validates a bet and holds its slot while the wallet places the hold. Betting only, for the current round.
    pub fn reserve_bet(
        &mut self,
        round: RoundId,
        user: UserId,
        slot: Slot,
        stake: Paise,
        auto_cashout: Option<u64>,
        now: EpochMs,
    ) -> Moved {
        self.betting_open(round, now)?;
        match self.bets.get(&(user, slot)).map(|b| b.state) {
            None | Some(BetState::Cancelled) => {}
            Some(BetState::Reserved | BetState::Open | BetState::CashedOut { .. } | BetState::Lost) => {
                return Err(Rejection::SlotTaken);
            }
        }
        if stake < self.config.min_bet {
            return Err(Rejection::StakeTooLow { min: self.config.min_bet });
        }
        if stake > self.config.max_bet {
            return Err(Rejection::StakeTooHigh { max: self.config.max_bet });
        }
        if auto_cashout.is_some_and(|a| a < MIN_AUTO_CASHOUT) {
            return Err(Rejection::BadAutoCashout);
        }
        // Keep the cap multipliers at take-off at 1.01× or more, so a capped bet still pays a profit.
        let staked = i128::from(stake.get());
        if let Some(cap) = self.caps.player {
            let theirs = self.players.get(&user).map_or(0, |b| b.in_air);
            if (theirs + staked) * i128::from(MIN_AUTO_CASHOUT) > i128::from(cap.get()) * 100 {
                let room = (i128::from(cap.get()) * 100 / i128::from(MIN_AUTO_CASHOUT) - theirs).max(0);
                return Err(Rejection::StakeTooHigh { max: paise(room).min(self.config.max_bet) });
            }
        }
        if (self.in_air + staked) * i128::from(MIN_AUTO_CASHOUT) > i128::from(self.caps.round.get()) * 100 {
            return Err(Rejection::TableFull);
        }
        self.bets.insert((user, slot), Bet { user, slot, stake, auto_cashout, state: BetState::Reserved });
        self.account(user, staked, 0);
        Ok(vec![Event::BetReserved { round, user, slot, stake }])
    }

    /// The wallet committed the hold: the reserved bet is in. Accepted in any phase of its round, since a
    /// reservation made while betting was open always flies; it is settled at once if a cap already decided it
    /// (pinned: its cap multiplier, or its auto target if lower) or if the round has ended: as it would have been
    /// in the air, its auto target wins if the flight reached it, otherwise it is lost.
    /// The outcome does not depend on when the wallet answered, only on the phase.
    pub fn confirm_bet(&mut self, round: RoundId, user: UserId, slot: Slot) -> Moved {
        let bet = self.reserved(round, user, slot)?.clone();
        let mut events =
            vec![Event::BetAccepted { round, user, slot, stake: bet.stake, auto_cashout: bet.auto_cashout }];
        if let Some((cap, cause)) = self.pinned.remove(&(user, slot)) {
            // Back in the air for a moment, so `settle` takes it out with what it really pays.
            self.account(user, i128::from(bet.stake.get()), -payout(bet.stake, cap));
            let (multiplier, cause) = match bet.auto_cashout {
                Some(target) if target <= cap => (target, CashOutCause::Auto),
                Some(_) | None => (cap, cause),
            };
            events.push(self.settle(user, slot, multiplier, cause));
            return Ok(events);
        }
        match self.phase {
            Phase::Betting { .. } | Phase::Flying { .. } => self.set_state(user, slot, BetState::Open),
            Phase::Crashed { capped_at, .. } => {
                // A round ends capped only once nothing is in the air, so a bet not pinned saw the whole flight.
                let reached = capped_at.unwrap_or(self.seed.crash_point);
                match bet.auto_cashout.filter(|&a| a <= reached) {
                    Some(target) => events.push(self.settle(user, slot, target, CashOutCause::Auto)),
                    None => {
                        self.account(user, -i128::from(bet.stake.get()), 0);
                        self.set_state(user, slot, BetState::Lost);
                        events.push(Event::BetLost { round, user, slot, stake: bet.stake });
                    }
                }
            }
        }
        Ok(events)
    }

    /// The wallet refused the hold: the slot is free again and nothing was taken. Always allowed: the money never
    /// moved.
    pub fn abort_bet(&mut self, round: RoundId, user: UserId, slot: Slot) -> Moved {
        let stake = self.reserved(round, user, slot)?.stake;
        match self.pinned.remove(&(user, slot)) {
            // Decided by a cap, never paid: what it was counted for is free again.
            Some((cap, _)) => self.account(user, 0, -payout(stake, cap)),
            None => self.account(user, -i128::from(stake.get()), 0),
        }
        self.bets.remove(&(user, slot));
        Ok(vec![Event::BetAborted { round, user, slot, stake }])
    }

    /// Withdraws a confirmed bet while betting is open; the whole stake is refunded.
    pub fn cancel_bet(&mut self, round: RoundId, user: UserId, slot: Slot, now: EpochMs) -> Moved {
        self.betting_open(round, now)?;
        let stake = match self.bets.get(&(user, slot)) {
            Some(Bet { state: BetState::Open, stake, .. }) => *stake,
            Some(Bet { state: BetState::Reserved, .. }) => return Err(Rejection::BetPending),
            Some(Bet { state: BetState::CashedOut { .. } | BetState::Cancelled | BetState::Lost, .. }) | None => {
                return Err(Rejection::NoBetToCancel);
            }
        };
        self.account(user, -i128::from(stake.get()), 0);
        self.set_state(user, slot, BetState::Cancelled);
        Ok(vec![Event::BetCancelled { round, user, slot, refund: stake }])
    }

    /// Cashes a bet out at the curve's value at `now` (the server's receipt time). Anything due before `now`
    /// (auto cash-outs, the cap) is applied first and returned too; if that already settled this bet, its event
    /// is the answer. At or after the crash moment it is too late, even if no tick has crashed the round yet.
    pub fn cash_out(&mut self, round: RoundId, user: UserId, slot: Slot, now: EpochMs) -> Moved {
        let (started_at, crash_at_ms_elapsed) = match self.phase {
            Phase::Flying { started_at, crash_at_ms_elapsed, .. } => (started_at, crash_at_ms_elapsed),
            Phase::Betting { .. } if round == self.seed.round => return Err(Rejection::NotFlying),
            Phase::Betting { .. } | Phase::Crashed { .. } => return Err(Rejection::TooLate),
        };
        if round != self.seed.round {
            return Err(Rejection::TooLate);
        }
        match self.bets.get(&(user, slot)).map(|b| b.state) {
            Some(BetState::Open) => {}
            Some(BetState::Reserved) => return Err(Rejection::BetPending),
            Some(BetState::CashedOut { .. }) => return Err(Rejection::AlreadyCashedOut),
            Some(BetState::Lost) => return Err(Rejection::TooLate),
            Some(BetState::Cancelled) | None => return Err(Rejection::NoBet),
        }
        let elapsed = (now - started_at).max(0);
        if elapsed >= crash_at_ms_elapsed {
            return Err(Rejection::TooLate);
        }
        let mut events = Vec::new();
        self.advance_flight(now, &mut events);
        let still_open = self.bets.get(&(user, slot)).is_some_and(|b| b.state == BetState::Open);
        if still_open && matches!(self.phase, Phase::Flying { .. }) {
            // After `advance_flight` every cap multiplier is at or above the curve here, which is below the crash point.
            events.push(self.settle(user, slot, multiplier_at(elapsed), CashOutCause::Manual));
        }
        Ok(events)
    }

    /// Moves stakes in or out of the air and payouts into (or out of) the round's and the player's books, and
    /// keeps the player's entry in the cap index right. Every change of `in_air` and `paid` goes through here.
    pub(super) fn account(&mut self, user: UserId, in_air: i128, paid: i128) {
        self.in_air += in_air;
        self.paid += paid;
        let book = self.players.entry(user).or_default();
        book.in_air += in_air;
        book.paid += paid;
        if let Some(at) = book.cap_at.take() {
            self.player_caps.remove(&(at, user));
        }
        if let (Some(cap), true) = (self.caps.player, book.in_air > 0) {
            let room = i128::from(cap.get()) - book.paid;
            let at = u64::try_from((room * 100 / book.in_air).max(0)).unwrap_or(u64::MAX);
            book.cap_at = Some(at);
            self.player_caps.insert((at, user));
        }
    }

    /// Cashes out one bet (open, or reserved being confirmed late) at `multiplier`.
    pub(super) fn settle(&mut self, user: UserId, slot: Slot, multiplier: u64, cause: CashOutCause) -> Event {
        let stake = self.bets.get(&(user, slot)).map_or(Paise::ZERO, |b| b.stake);
        let amount = payout(stake, multiplier);
        self.account(user, -i128::from(stake.get()), amount);
        let payout = paise(amount);
        self.set_state(user, slot, BetState::CashedOut { multiplier, payout });
        Event::CashedOut { round: self.seed.round, user, slot, stake, multiplier, payout, cause }
    }

    /// Every change of a bet's state goes through here (or clears the whole round), so `autos` holds exactly the
    /// open bets with an auto cash-out target.
    fn set_state(&mut self, user: UserId, slot: Slot, state: BetState) {
        if let Some(bet) = self.bets.get_mut(&(user, slot)) {
            if let Some(target) = bet.auto_cashout {
                if state == BetState::Open {
                    self.autos.insert((target, user, slot));
                } else if bet.state == BetState::Open {
                    self.autos.remove(&(target, user, slot));
                }
            }
            bet.state = state;
        }
    }

    /// Betting is open at `now` for `round`. A round that has already taken off is closed, whichever round is
    /// now taking bets; a round not yet opened is the wrong one.
    fn betting_open(&self, round: RoundId, now: EpochMs) -> Result<(), Rejection> {
        if round < self.seed.round {
            return Err(Rejection::NotBetting);
        }
        match self.phase {
            Phase::Betting { ends_at, .. } if now < ends_at => {}
            Phase::Betting { .. } | Phase::Flying { .. } | Phase::Crashed { .. } => {
                return Err(Rejection::NotBetting);
            }
        }
        if round != self.seed.round {
            return Err(Rejection::WrongRound);
        }
        Ok(())
    }

    fn reserved(&self, round: RoundId, user: UserId, slot: Slot) -> Result<&Bet, Rejection> {
        if round != self.seed.round {
            return Err(Rejection::WrongRound);
        }
        self.bets.get(&(user, slot)).filter(|b| b.state == BetState::Reserved).ok_or(Rejection::NoReservation)
    }

    /// A bet whose wallet hold has not answered yet.
    pub fn has_reservations(&self) -> bool {
        self.bets.values().any(|b| b.state == BetState::Reserved)
    }
}
