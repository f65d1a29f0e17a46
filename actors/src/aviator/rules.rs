//! The pure Aviator round: `Phase` (Betting → Flying → Crashed → next Betting), the bets of the current round,
//! and the transitions the table actor drives. No IO, no clock, no randomness: every transition takes `now`, the
//! next round's fair data comes from the caller, and each returns the events the actor turns into wallet calls
//! and broadcasts, or a typed [`Rejection`] that leaves the game unchanged.
//!
//! Money rules, in one place:
//! - a bet is placed in two steps because the wallet hold is asynchronous: [`Game::reserve_bet`] (validated,
//!   slot taken, counted in the round's liability) then [`Game::confirm_bet`] once the hold committed, or
//!   [`Game::abort_bet`] if the wallet refused. A reservation made while betting was open always flies, even if
//!   its confirmation arrives after take-off or after the crash (then it is settled on the spot, see
//!   `confirm_bet`). The next round does not open while a reservation is unresolved.
//! - a cash-out pays `floor(stake × m / 100)` where `m` is the curve at the server's `now` (manual), exactly the
//!   target (auto), or the cap multiplier (liability cap); `m` never exceeds the crash point.
//! - the liability cap: the round's payouts never exceed `max_payout_per_round`. With `paid` already committed
//!   and `in_air` stakes still open or reserved, the cap multiplier is `M* = floor((cap − paid) × 100 / in_air)`.
//!   When the curve passes `M*` before the crash, every open bet is cashed out at `M*` and the round ends early
//!   ("capped"). Betting refuses stakes that would make `M*` fall below 1.01× at take-off.
//! - events inside one `tick` are applied in curve order (auto targets ascending, then the cap, then the crash),
//!   so the outcome does not depend on how often the actor ticks.

use std::collections::{BTreeMap, BTreeSet};

use super::fair::{self, Hash};
use crate::clock::EpochMs;
use crate::ids::{RoundId, UserId};
use crate::money::Paise;

pub use super::curve::{elapsed_for, multiplier_at};

/// The lowest auto cash-out target, in hundredths (1.01×).
pub const MIN_AUTO_CASHOUT: u64 = 101;

/// Table settings. Money in paise, times in milliseconds, the edge in basis points (100 = 1 %).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RulesConfig {
    pub min_bet: Paise,
    pub max_bet: Paise,
    /// How long betting stays open in each round.
    pub countdown_ms: i64,
    /// Pause between a crash and the next round's betting.
    pub pause_ms: i64,
    /// Liability cap: the most the house pays out in one round.
    pub max_payout_per_round: Paise,
    pub house_edge_bp: u32,
}

impl Default for RulesConfig {
    /// The spec's how-to-play limits (20 INR to 50 910.45 INR), a 10 s countdown, a 3 s pause, 1 % edge.
    fn default() -> Self {
        RulesConfig {
            min_bet: Paise::from_rupees(20),
            max_bet: Paise::new(5_091_045),
            countdown_ms: 10_000,
            pause_ms: 3_000,
            max_payout_per_round: Paise::from_rupees(1_000_000),
            house_edge_bp: 100,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum ConfigError {
    #[error("min_bet must be positive and not above max_bet")]
    BetLimits,
    #[error("countdown_ms and pause_ms must not be negative")]
    Timing,
    #[error("max_payout_per_round must cover one max_bet cashed out at 1.01x")]
    PayoutCap,
    #[error("house_edge_bp must be below 10000")]
    Edge,
    #[error("settings change only between rounds")]
    RoundInPlay,
}

impl RulesConfig {
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !self.min_bet.is_positive() || self.min_bet > self.max_bet {
            return Err(ConfigError::BetLimits);
        }
        if self.countdown_ms < 0 || self.pause_ms < 0 {
            return Err(ConfigError::Timing);
        }
        if i128::from(self.max_bet.get()) * i128::from(MIN_AUTO_CASHOUT)
            > i128::from(self.max_payout_per_round.get()) * 100
        {
            return Err(ConfigError::PayoutCap);
        }
        if self.house_edge_bp >= 10_000 {
            return Err(ConfigError::Edge);
        }
        Ok(())
    }
}

/// One round's provably fair data. Built from the hash chain with [`RoundSeed::from_hash`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundSeed {
    pub round: RoundId,
    pub hash: Hash,
    /// Hundredths, ≥ 100.
    pub crash_point: u64,
}

impl RoundSeed {
    pub fn from_hash(round: RoundId, hash: Hash, salt: &str, house_edge_bp: u32) -> Self {
        RoundSeed { round, hash, crash_point: fair::crash_point_hundredths(&hash, salt, house_edge_bp) }
    }
}

/// Each player has two bet panels per round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub enum Slot {
    First,
    Second,
}

impl Slot {
    pub fn index(self) -> u8 {
        match self {
            Slot::First => 0,
            Slot::Second => 1,
        }
    }
}

impl TryFrom<u8> for Slot {
    type Error = Rejection;
    fn try_from(index: u8) -> Result<Self, Rejection> {
        match index {
            0 => Ok(Slot::First),
            1 => Ok(Slot::Second),
            _ => Err(Rejection::BadSlot),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum BetState {
    /// Validated, waiting for the wallet hold.
    Reserved,
    Open,
    CashedOut {
        multiplier: u64,
        payout: Paise,
    },
    Cancelled,
    Lost,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Bet {
    pub user: UserId,
    pub slot: Slot,
    pub stake: Paise,
    /// Target in hundredths, ≥ [`MIN_AUTO_CASHOUT`].
    pub auto_cashout: Option<u64>,
    pub state: BetState,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Betting {
        round: RoundId,
        ends_at: EpochMs,
    },
    /// `crash_at_ms_elapsed = elapsed_for(crash_point)`: the moment the curve reaches the crash point.
    Flying {
        round: RoundId,
        started_at: EpochMs,
        crash_at_ms_elapsed: i64,
    },
    /// `at` is the exact crash (or cap) moment on the curve, not the time the actor noticed it.
    Crashed {
        round: RoundId,
        at: EpochMs,
        capped_at: Option<u64>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CashOutCause {
    /// The player asked; priced by the curve at the server's receipt time.
    Manual,
    /// The bet's auto target was reached; pays exactly the target.
    Auto,
    /// The round hit the liability cap; pays the cap multiplier.
    Capped,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Loser {
    pub user: UserId,
    pub slot: Slot,
    pub stake: Paise,
}

/// What happened. The actor maps: `BetReserved` → wallet hold; `BetAborted` → nothing (the hold failed);
/// `BetCancelled` → release the hold; `CashedOut` → settle(hold = stake, payout); `Crashed.losers` and `BetLost`
/// → settle(hold = stake, payout = 0). Everything is also broadcast.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    RoundOpened {
        round: RoundId,
        ends_at: EpochMs,
    },
    BetReserved {
        round: RoundId,
        user: UserId,
        slot: Slot,
        stake: Paise,
    },
    BetAccepted {
        round: RoundId,
        user: UserId,
        slot: Slot,
        stake: Paise,
        auto_cashout: Option<u64>,
    },
    BetAborted {
        round: RoundId,
        user: UserId,
        slot: Slot,
        stake: Paise,
    },
    BetCancelled {
        round: RoundId,
        user: UserId,
        slot: Slot,
        refund: Paise,
    },
    FlightStarted {
        round: RoundId,
        started_at: EpochMs,
    },
    CashedOut {
        round: RoundId,
        user: UserId,
        slot: Slot,
        stake: Paise,
        multiplier: u64,
        payout: Paise,
        cause: CashOutCause,
    },
    /// The round is over. `crash_point` and `hash` are revealed for verification; when `capped`, the flight was
    /// ended early at `ended_at_multiplier` (the cap multiplier), below the crash point.
    Crashed {
        round: RoundId,
        crash_point: u64,
        hash: Hash,
        at: EpochMs,
        capped: bool,
        ended_at_multiplier: u64,
        losers: Vec<Loser>,
    },
    /// A reservation confirmed after the round ended, whose bet did not win.
    BetLost {
        round: RoundId,
        user: UserId,
        slot: Slot,
        stake: Paise,
    },
}

/// Why a command was refused; the message is what the player sees. A rejection never changes the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum Rejection {
    #[error("Bets are closed for this round")]
    NotBetting,
    #[error("This round is not open for bets")]
    WrongRound,
    #[error("Invalid bet slot")]
    BadSlot,
    #[error("Bet already placed")]
    SlotTaken,
    #[error("Minimum bet is {min} INR")]
    StakeTooLow { min: Paise },
    #[error("Maximum bet is {max} INR")]
    StakeTooHigh { max: Paise },
    #[error("Auto cashout must be at least 1.01x")]
    BadAutoCashout,
    #[error("Bets are full for this round, please bet in the next one")]
    TableFull,
    #[error("No bet to cancel")]
    NoBetToCancel,
    #[error("Your bet is still being placed")]
    BetPending,
    #[error("Round has not started yet")]
    NotFlying,
    #[error("No bet to cash out")]
    NoBet,
    #[error("You Already Cashout")]
    AlreadyCashedOut,
    #[error("Round has crashed")]
    TooLate,
    #[error("No pending bet for this slot")]
    NoReservation,
}

/// The current round of one table: phase, fair data, bets and the round's money totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    config: RulesConfig,
    seed: RoundSeed,
    phase: Phase,
    bets: BTreeMap<(UserId, Slot), Bet>,
    /// Open bets with an auto cash-out, by (target, user, slot): the next one due is the first, found without a
    /// scan of every bet at every tick.
    autos: BTreeSet<(u64, UserId, Slot)>,
    /// Stakes of reserved and open bets: what may still be multiplied.
    in_air: i128,
    /// Payouts already committed this round.
    paid: i128,
}

/// `floor(stake × multiplier / 100)`, in i128 so no product overflows; callers keep it under the cap.
fn payout(stake: Paise, multiplier: u64) -> i128 {
    i128::from(stake.get()) * i128::from(multiplier) / 100
}

fn paise(amount: i128) -> Paise {
    // Payouts are bounded by the liability cap, an i64, so the fallback is unreachable.
    Paise::new(i64::try_from(amount).unwrap_or(i64::MAX))
}

/// The transitions (`impl Game`) live beside this file, to keep each file readable in one sitting.
#[path = "rules_transitions.rs"]
mod transitions;

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
