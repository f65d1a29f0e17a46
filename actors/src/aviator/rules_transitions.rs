//! The transitions of an Aviator [`Game`]. Every command validates first and mutates only once it cannot fail,
//! so a `Rejection` leaves the game exactly as it was. Every `match` over `Phase` is exhaustive.

use super::{
    Bet, BetState, CashOutCause, ConfigError, Event, Game, Loser, MIN_AUTO_CASHOUT, Phase, Rejection, RoundCaps,
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
    ) -> Result<Vec<Event>, Rejection> {
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
    pub fn confirm_bet(
        &mut self,
        round: RoundId,
        user: UserId,
        slot: Slot,
        now: EpochMs,
    ) -> Result<Vec<Event>, Rejection> {
        let _ = now; // The outcome does not depend on when the wallet answered, only on the phase.
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

    /// The wallet refused the hold: the slot is free again and nothing was taken.
    pub fn abort_bet(
        &mut self,
        round: RoundId,
        user: UserId,
        slot: Slot,
        now: EpochMs,
    ) -> Result<Vec<Event>, Rejection> {
        let _ = now; // Always allowed: the money never moved.
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
    pub fn cancel_bet(
        &mut self,
        round: RoundId,
        user: UserId,
        slot: Slot,
        now: EpochMs,
    ) -> Result<Vec<Event>, Rejection> {
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
    pub fn cash_out(
        &mut self,
        round: RoundId,
        user: UserId,
        slot: Slot,
        now: EpochMs,
    ) -> Result<Vec<Event>, Rejection> {
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
    fn advance_flight(&mut self, now: EpochMs, events: &mut Vec<Event>) {
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
    fn cap_multiplier(&self) -> Option<u64> {
        if self.in_air <= 0 {
            return None;
        }
        let room = i128::from(self.caps.round.get()) - self.paid;
        Some(u64::try_from((room * 100 / self.in_air).max(0)).unwrap_or(u64::MAX))
    }

    /// Moves stakes in or out of the air and payouts into (or out of) the round's and the player's books, and
    /// keeps the player's entry in the cap index right. Every change of `in_air` and `paid` goes through here.
    fn account(&mut self, user: UserId, in_air: i128, paid: i128) {
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
    fn settle(&mut self, user: UserId, slot: Slot, multiplier: u64, cause: CashOutCause) -> Event {
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
