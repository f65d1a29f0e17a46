//! One round of a round game, as a pure state machine: betting → closed → reveal → settled. The clock is an
//! argument; the outcome comes only from the round's seed. The actor ([`super::actor`]) moves the money.
//!
//! A bet is a ticket of lines (a pick and a stake each). It is *reserved* while the wallet holds its stake, then
//! *accepted* or *aborted*. The draw waits until no ticket is reserved (the settle gate), so every accepted
//! ticket is settled and no stake is held for a round that has been decided.

use super::game::{GameSettings, RoundRules, Timings};
use crate::clock::EpochMs;
use crate::fair::{Dice, ServerSeed};
use crate::ids::{RoundId, UserId};
use crate::money::Paise;
use std::collections::BTreeSet;

/// What the round's outcome is drawn from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundSeed {
    pub round: RoundId,
    pub seed: ServerSeed,
    pub client_seed: String,
}

impl RoundSeed {
    pub fn dice(&self) -> Dice {
        Dice::new(&self.seed, &self.client_seed, self.round.0)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Phase<O> {
    Betting {
        closes_at: EpochMs,
    },
    /// Bets are closed; the reveal starts at `reveal_at` (or once no ticket is reserved, if later).
    Closed {
        reveal_at: EpochMs,
    },
    /// The outcome is drawn; `shown` of its steps have been revealed.
    Revealing {
        outcome: O,
        started_at: EpochMs,
        shown: u32,
        ends_at: EpochMs,
    },
    /// The result is out; the next round may open at `next_at` (once the money has moved).
    Settled {
        outcome: O,
        next_at: EpochMs,
    },
}

impl<O> Phase<O> {
    pub fn name(&self) -> &'static str {
        match self {
            Phase::Betting { .. } => "betting",
            Phase::Closed { .. } => "closed",
            Phase::Revealing { .. } => "revealing",
            Phase::Settled { .. } => "settled",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TicketState {
    Reserved,
    Accepted,
    Aborted,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ticket<P> {
    pub user: UserId,
    /// 1, 2, … in the order the round took them.
    pub no: u32,
    pub lines: Vec<(P, Paise)>,
    pub total: Paise,
    pub state: TicketState,
    pub placed_at: EpochMs,
}

/// What a settled ticket returns (stake included; zero when every line lost).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketResult<P> {
    pub user: UserId,
    pub no: u32,
    pub lines: Vec<(P, Paise)>,
    pub total: Paise,
    pub payout: Paise,
    pub placed_at: EpochMs,
}

/// Why a bet is refused. Nothing moved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum Rejection {
    #[error("betting is closed for this round")]
    Closed,
    #[error("that round is not open (the current round is {0})")]
    WrongRound(RoundId),
    #[error("choose at least one pick")]
    NoLines,
    #[error("at most {0} picks in one bet")]
    TooManyLines(usize),
    #[error("a pick appears twice in one bet")]
    DuplicatePick,
    #[error("each stake must be at least {0}")]
    BelowMinimum(Paise),
    #[error("each stake must be at most {0}")]
    AboveMaximum(Paise),
    #[error("the total does not match the stakes (they add up to {0})")]
    TotalMismatch(Paise),
    #[error("no such bet")]
    NoTicket,
}

#[derive(Debug, Clone, PartialEq)]
pub enum RoundEvent<G: RoundRules> {
    Closed {
        round: RoundId,
    },
    /// The outcome is drawn; its steps follow.
    Drawn {
        round: RoundId,
        outcome: G::Outcome,
    },
    /// Step `index` (0-based) of the reveal is shown.
    Step {
        round: RoundId,
        index: u32,
    },
    /// The whole outcome is shown: the tickets are settled by these results.
    Revealed {
        round: RoundId,
        outcome: G::Outcome,
        results: Vec<TicketResult<G::Pick>>,
    },
}

pub struct Round<G: RoundRules> {
    pub seed: RoundSeed,
    pub settings: G::Settings,
    pub timings: Timings,
    pub opened_at: EpochMs,
    phase: Phase<G::Outcome>,
    tickets: Vec<Ticket<G::Pick>>,
    reserved: usize,
}

impl<G: RoundRules> Round<G> {
    /// Opens a round: bets are taken until `now + betting_ms`.
    pub fn open(settings: G::Settings, seed: RoundSeed, now: EpochMs) -> Round<G> {
        let timings = settings.timings();
        Round {
            seed,
            settings,
            timings,
            opened_at: now,
            phase: Phase::Betting { closes_at: now + timings.betting_ms },
            tickets: Vec::new(),
            reserved: 0,
        }
    }

    pub fn id(&self) -> RoundId {
        self.seed.round
    }

    pub fn phase(&self) -> &Phase<G::Outcome> {
        &self.phase
    }

    pub fn tickets(&self) -> std::slice::Iter<'_, Ticket<G::Pick>> {
        self.tickets.iter()
    }

    /// When the reveal starts (for the countdown): the end of betting plus the closed period.
    pub fn reveal_at(&self) -> EpochMs {
        match self.phase {
            Phase::Betting { closes_at } => closes_at + self.timings.closed_ms,
            Phase::Closed { reveal_at } => reveal_at,
            Phase::Revealing { started_at, .. } => started_at,
            Phase::Settled { .. } => self.opened_at + self.timings.betting_ms + self.timings.closed_ms,
        }
    }

    /// Checks a bet and reserves it; the caller then holds `total` in the wallet and confirms or aborts.
    /// `round`: the round the player saw (None: the current one); `claimed_total`: the total the client computed,
    /// which must equal the sum of the lines.
    pub fn reserve(
        &mut self,
        round: Option<RoundId>,
        user: UserId,
        lines: Vec<(G::Pick, Paise)>,
        claimed_total: Option<Paise>,
        now: EpochMs,
    ) -> Result<(u32, Paise), Rejection> {
        if round.is_some_and(|r| r != self.id()) {
            return Err(Rejection::WrongRound(self.id()));
        }
        match self.phase {
            Phase::Betting { closes_at } if now < closes_at => {}
            _ => return Err(Rejection::Closed),
        }
        let limits = self.settings.limits();
        if lines.is_empty() {
            return Err(Rejection::NoLines);
        }
        if lines.len() > limits.max_lines {
            return Err(Rejection::TooManyLines(limits.max_lines));
        }
        let distinct: BTreeSet<_> = lines.iter().map(|(p, _)| *p).collect();
        if distinct.len() != lines.len() {
            return Err(Rejection::DuplicatePick);
        }
        let mut total = Paise::ZERO;
        for (_, stake) in &lines {
            if *stake < limits.min {
                return Err(Rejection::BelowMinimum(limits.min));
            }
            if *stake > limits.max {
                return Err(Rejection::AboveMaximum(limits.max));
            }
            total = total.checked_add(*stake).map_err(|_| Rejection::AboveMaximum(limits.max))?;
        }
        if claimed_total.is_some_and(|t| t != total) {
            return Err(Rejection::TotalMismatch(total));
        }
        // Whatever wins must be payable: a ticket whose lines, all winning, would overflow is refused here, so
        // settling never meets an overflow.
        let mut most = Paise::ZERO;
        for (pick, stake) in &lines {
            most = stake
                .times_hundredths(G::pays(&self.settings, *pick))
                .and_then(|p| most.checked_add(p))
                .map_err(|_| Rejection::AboveMaximum(limits.max))?;
        }
        let no = self.tickets.len() as u32 + 1;
        self.tickets.push(Ticket { user, no, lines, total, state: TicketState::Reserved, placed_at: now });
        self.reserved += 1;
        Ok((no, total))
    }

    fn reserved_ticket(&mut self, no: u32) -> Result<&mut Ticket<G::Pick>, Rejection> {
        match self.tickets.get_mut((no as usize).wrapping_sub(1)) {
            Some(t) if t.state == TicketState::Reserved => Ok(t),
            _ => Err(Rejection::NoTicket),
        }
    }

    /// The wallet held the ticket's stake: it plays.
    pub fn confirm(&mut self, no: u32) -> Result<(), Rejection> {
        self.reserved_ticket(no)?.state = TicketState::Accepted;
        self.reserved -= 1;
        Ok(())
    }

    /// The wallet refused the hold: the ticket never played.
    pub fn abort(&mut self, no: u32) -> Result<(), Rejection> {
        self.reserved_ticket(no)?.state = TicketState::Aborted;
        self.reserved -= 1;
        Ok(())
    }

    /// Moves the round along the clock.
    pub fn tick(&mut self, now: EpochMs) -> Vec<RoundEvent<G>> {
        let mut events = Vec::new();
        let round = self.id();
        loop {
            match &mut self.phase {
                Phase::Betting { closes_at } if now >= *closes_at => {
                    self.phase = Phase::Closed { reveal_at: *closes_at + self.timings.closed_ms };
                    events.push(RoundEvent::Closed { round });
                }
                Phase::Closed { reveal_at } if now >= *reveal_at && self.reserved == 0 => {
                    let outcome = G::draw(&mut self.seed.dice());
                    let steps = G::reveal_steps(&outcome);
                    let ends_at = now + i64::from(steps) * self.timings.step_ms;
                    events.push(RoundEvent::Drawn { round, outcome: outcome.clone() });
                    self.phase = Phase::Revealing { outcome, started_at: now, shown: 0, ends_at };
                }
                Phase::Revealing { outcome, started_at, shown, ends_at } => {
                    let steps = G::reveal_steps(outcome);
                    let step_ms = self.timings.step_ms.max(1);
                    let due =
                        if now >= *ends_at { steps } else { (((now - *started_at) / step_ms) as u32 + 1).min(steps) };
                    while *shown < due {
                        events.push(RoundEvent::Step { round, index: *shown });
                        *shown += 1;
                    }
                    if now < *ends_at {
                        break;
                    }
                    let outcome = outcome.clone();
                    let results = self.results(&outcome);
                    events.push(RoundEvent::Revealed { round, outcome: outcome.clone(), results });
                    self.phase = Phase::Settled { outcome, next_at: now + self.timings.result_ms };
                }
                _ => break,
            }
        }
        events
    }

    fn results(&self, outcome: &G::Outcome) -> Vec<TicketResult<G::Pick>> {
        self.tickets
            .iter()
            .filter(|t| t.state == TicketState::Accepted)
            .map(|t| {
                // `reserve` refused every ticket whose lines, all winning, would overflow, so this sum cannot; were it
                // to, the stake goes back rather than a wrong amount.
                let payout = t
                    .lines
                    .iter()
                    .map(|(pick, stake)| G::payout(&self.settings, *pick, *stake, outcome))
                    .try_fold(Paise::ZERO, |a, p| p.and_then(|p| a.checked_add(p)))
                    .unwrap_or_else(|_| {
                        tracing::error!(game = G::NAME, user = %t.user, ticket = t.no, "payout overflow: stake refunded");
                        t.total
                    });
                TicketResult {
                    user: t.user,
                    no: t.no,
                    lines: t.lines.clone(),
                    total: t.total,
                    payout,
                    placed_at: t.placed_at,
                }
            })
            .collect()
    }

    /// Whether the result has been shown long enough for the next round.
    pub fn done(&self, now: EpochMs) -> bool {
        matches!(self.phase, Phase::Settled { next_at, .. } if now >= next_at)
    }

    /// Milliseconds left in the current phase's countdown (betting: to the close; closed: to the reveal).
    pub fn time_left(&self, now: EpochMs) -> i64 {
        match self.phase {
            Phase::Betting { closes_at } => closes_at + self.timings.closed_ms - now,
            Phase::Closed { reveal_at } => reveal_at - now,
            Phase::Revealing { ends_at, .. } => ends_at - now,
            Phase::Settled { next_at, .. } => next_at - now,
        }
        .max(0)
    }

    pub fn betting_open(&self, now: EpochMs) -> bool {
        matches!(self.phase, Phase::Betting { closes_at } if now < closes_at)
    }

    /// The outcome, once drawn.
    pub fn outcome(&self) -> Option<&G::Outcome> {
        match &self.phase {
            Phase::Revealing { outcome, .. } | Phase::Settled { outcome, .. } => Some(outcome),
            _ => None,
        }
    }
}
