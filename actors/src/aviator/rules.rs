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
//!   target (auto), or a cap multiplier (liability caps); `m` never exceeds the crash point.
//! - the liability caps. A round is played by two caps fixed when it opens ([`RoundCaps`], from
//!   [`RulesConfig::caps`]): the round's cap `C` (the smaller of `max_payout_per_round` and, when set, a share of
//!   the bankroll) and, when set, a player's cap `U` (a share of the bankroll: what one player may be paid in the
//!   round, both slots together). A payout is what is paid back, stake included. With `paid` committed (or decided)
//!   this round and `in_air` the stakes still open or reserved and not yet decided, the round's cap multiplier is
//!   `M = floor((C − paid) × 100 / in_air)`, and a player's is `M_u = floor((U − paid_u) × 100 / in_air_u)` over
//!   their own bets: the highest multiplier at which every stake in the air (theirs) can still be paid.
//!   - a player's cap: when the curve passes `M_u`, that player's bets in the air are cashed out at `M_u`
//!     (`PlayerCapped`); nobody else is touched.
//!   - the round's cap: when the curve passes `M`, the bets in the air are cashed out at `M`, the largest stake
//!     first (ties: by user, then slot), one by one, only until the rest can fly on (could be paid at `M + 0.01`
//!     within the cap); the rest fly on, and the rule applies again when the curve passes their new `M`. Because
//!     at `M` the cap is used up but for the rounding, the rest gain little (the remainder of the rounding); what
//!     leaves room for small bets to fly on is a player's cap, which stops a large bet earlier, at its own `M_u`.
//!     When the round's cap has cashed out every bet in the air, the round ends there ("capped", at `M`).
//!   - why it holds: before any cash-out at `m ≤ M`, `paid + in_air × M / 100 ≤ C`; paying one stake `s` at `m`
//!     adds at most `s × M / 100` to `paid` and takes `s` from `in_air`, so the sum cannot grow and `M` never falls.
//!     Every cash-out happens at or below the current `M` (and `M_u`), so `paid ≤ C` and `paid_u ≤ U` always.
//!   - a reserved bet (its hold not yet committed) counts in the air; when a cap takes it, its payout is decided at
//!     once (pinned) and paid when the hold commits (its auto target instead, if that is lower).
//!   - betting refuses stakes that would make `M` fall below 1.01× at take-off (`TableFull`), and a player's stakes
//!     that would make their `M_u` fall below 1.01× (`StakeTooHigh` with the most they may still stake).
//! - events inside one `tick` are applied in curve order (auto targets ascending, a cap as the curve passes its
//!   multiplier: a player's before the round's at the same one, then the crash),
//!   so the outcome does not depend on how often the actor ticks.

use std::collections::{BTreeMap, BTreeSet};

use super::fair::{self, Hash};
use crate::clock::EpochMs;
use crate::ids::{RoundId, UserId};
use crate::money::Paise;

pub use super::curve::{elapsed_for, multiplier_at};
pub use config::{ConfigError, PPM_ALL, RoundCaps, RulesConfig};

/// The lowest auto cash-out target, in hundredths (1.01×).
pub const MIN_AUTO_CASHOUT: u64 = 101;

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
    /// The round hit its liability cap and this bet was among the largest in the air; pays the cap multiplier.
    Capped,
    /// The player's own cap for the round was reached; pays the player's cap multiplier.
    PlayerCapped,
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

/// What a move of the rules gives: what happened, or why nothing did (and nothing changed).
pub type Moved = Result<Vec<Event>, Rejection>;

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
    /// Stakes of reserved and open bets whose outcome is not decided: what may still be multiplied.
    in_air: i128,
    /// Payouts committed (or decided, for a pinned reservation) this round.
    paid: i128,
    /// The caps of the round in play, fixed when it opened.
    caps: RoundCaps,
    /// The house's result on the books as last read: the next round's caps are taken from it.
    house_result: Paise,
    /// Each player's stakes in the air and payouts this round (their cap is on both slots together).
    players: BTreeMap<UserId, PlayerBook>,
    /// With a cap per player: the players with stakes in the air, by (their cap multiplier, user), so the next one
    /// due is the first.
    player_caps: BTreeSet<(u64, UserId)>,
    /// Reservations a cap has decided while their hold was pending: the multiplier (and why) they are paid at
    /// when the hold commits.
    pinned: BTreeMap<(UserId, Slot), (u64, CashOutCause)>,
}

/// One player's money in the round in play.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct PlayerBook {
    in_air: i128,
    paid: i128,
    /// Their entry in `Game::player_caps`, if any.
    cap_at: Option<u64>,
}

/// `floor(stake × multiplier / 100)`, in i128 so no product overflows; callers keep it under the cap.
fn payout(stake: Paise, multiplier: u64) -> i128 {
    i128::from(stake.get()) * i128::from(multiplier) / 100
}

fn paise(amount: i128) -> Paise {
    // Payouts are bounded by the liability cap, an i64, so saturating is unreachable for them.
    Paise::new(i64::try_from(amount).unwrap_or(if amount < 0 { i64::MIN } else { i64::MAX }))
}

/// What a table is set to play by, and the caps a round is played by.
#[path = "rules_config.rs"]
mod config;

/// The transitions (`impl Game`) live beside this file, to keep each file readable in one sitting.
#[path = "rules_transitions.rs"]
mod transitions;

/// Time moving a round on (`impl Game`): betting closes, the flight, the caps, the crash, the next round.
#[path = "rules_flight.rs"]
mod flight;

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
