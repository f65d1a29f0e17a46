//! What the Aviator table is asked (`PlaceBet`, `CancelBet`, `CashOut`, `Snapshot`, `OpenBets`, `Shutdown`) and
//! how it refuses. The operator's messages are in `operate.rs`. In cluster mode the players' messages cross nodes
//! ([`Remote`]): the gateway that authenticated the player names the user, never the client.

use super::rules::{Bet, Rejection};
use crate::ErrorCode;
use crate::clock::EpochMs;
use crate::ids::{RoundId, UserId};
use crate::money::Paise;
use crate::table::hold::Refused;
use actix::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Why a request was refused: the rules' rejection, the wallet's, or the table being unavailable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum TableError {
    #[error(transparent)]
    Rule(#[from] Rejection),
    #[error(transparent)]
    Refused(#[from] Refused),
    /// Accepted and certain, but the wallet has not committed it yet; the result follows as events.
    #[error("{0}")]
    Pending(String),
}

impl TableError {
    pub fn code(&self) -> ErrorCode {
        match self {
            TableError::Rule(r) => match r {
                Rejection::NotBetting => ErrorCode::BettingClosed,
                Rejection::WrongRound => ErrorCode::WrongRound,
                Rejection::BadSlot => ErrorCode::BadSlot,
                Rejection::SlotTaken => ErrorCode::BetExists,
                Rejection::StakeTooLow { .. } => ErrorCode::StakeTooLow,
                Rejection::StakeTooHigh { .. } => ErrorCode::StakeTooHigh,
                Rejection::BadAutoCashout => ErrorCode::BadAutoCashout,
                Rejection::TableFull => ErrorCode::TableFull,
                Rejection::NoBetToCancel => ErrorCode::NoBet,
                Rejection::BetPending => ErrorCode::BetPending,
                Rejection::NotFlying => ErrorCode::NotFlying,
                Rejection::NoBet => ErrorCode::NoBet,
                Rejection::AlreadyCashedOut => ErrorCode::AlreadySettled,
                Rejection::TooLate => ErrorCode::TooLate,
                Rejection::NoReservation => ErrorCode::NoBet,
            },
            TableError::Refused(r) => r.code(),
            TableError::Pending(_) => ErrorCode::Pending,
        }
    }
}

pub type Reply = Result<Value, TableError>;

#[derive(Message, Serialize, Deserialize)]
#[rtype(result = "Reply")]
pub struct PlaceBet {
    pub user: UserId,
    pub name: String,
    pub round: RoundId,
    pub slot: u8,
    pub stake: Paise,
    pub auto_cashout: Option<u64>,
}

#[derive(Message, Serialize, Deserialize)]
#[rtype(result = "Reply")]
pub struct CancelBet {
    pub user: UserId,
    pub round: RoundId,
    pub slot: u8,
}

#[derive(Message, Serialize, Deserialize)]
#[rtype(result = "Reply")]
pub struct CashOut {
    pub user: UserId,
    pub round: RoundId,
    pub slot: u8,
}

/// The current `aviator_game_state`.
#[derive(Message, Serialize, Deserialize)]
#[rtype(result = "Value")]
pub struct Snapshot;

/// Stops the table; what it has in flight is dropped with it (a stopped test server, not a production path:
/// a restart finishes the round).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Shutdown;

/// A player's bets in the round now in play (not yet in the history table).
#[derive(Message, Serialize, Deserialize)]
#[rtype(result = "Vec<OpenBet>")]
pub struct OpenBets(pub UserId);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct OpenBet {
    pub round: RoundId,
    pub bet: Bet,
    pub placed_at: EpochMs,
    /// The wallet has committed this bet's settlement (until then its outcome is not final).
    pub settled: bool,
}

crate::remote!(
    PlaceBet => "aviator.place_bet",
    CancelBet => "aviator.cancel_bet",
    CashOut => "aviator.cash_out",
    Snapshot => "aviator.snapshot",
    OpenBets => "aviator.open_bets",
);
