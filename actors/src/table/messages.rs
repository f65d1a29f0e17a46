//! What a round table is asked, and how it answers: bets, its state, a player's open tickets, shutdown; and what
//! it needs to start. The operator's messages are in `operate.rs`.

use super::game::RoundRules;
use super::hold::Refused;
use super::round::Rejection;
use crate::ErrorCode;
use crate::clock::{EpochMs, SharedClock};
use crate::cluster::remote::Remote;
use crate::hub::HubAddr;
use crate::ids::{RoundId, UserId};
use crate::money::Paise;
use crate::store::Db;
use crate::wallet::WalletHandle;
use actix::prelude::*;
use serde::{Deserialize, Serialize};

/// Why a bet is not taken. Nothing moved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum BetError {
    #[error(transparent)]
    Rule(#[from] Rejection),
    #[error(transparent)]
    Refused(#[from] Refused),
    #[error("The game is paused; bets open with the next round")]
    Suspended,
}

impl BetError {
    pub fn code(&self) -> ErrorCode {
        match self {
            BetError::Rule(r) => match r {
                Rejection::Closed => ErrorCode::BettingClosed,
                Rejection::WrongRound(_) => ErrorCode::WrongRound,
                Rejection::NoLines => ErrorCode::NoPicks,
                Rejection::TooManyLines(_) => ErrorCode::TooManyPicks,
                Rejection::DuplicatePick => ErrorCode::DuplicatePick,
                Rejection::BelowMinimum(_) => ErrorCode::StakeTooLow,
                Rejection::AboveMaximum(_) => ErrorCode::StakeTooHigh,
                Rejection::TotalMismatch(_) => ErrorCode::TotalMismatch,
                Rejection::NoTicket => ErrorCode::NoBet,
            },
            BetError::Refused(r) => r.code(),
            BetError::Suspended => ErrorCode::Suspended,
        }
    }
}

/// A bet: one or more lines (a pick and its stake). `round`: the round the player saw; `total`: what the client
/// says the lines add up to (checked, never trusted).
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct PlaceBet<G: RoundRules> {
    pub user: UserId,
    pub name: String,
    pub round: Option<RoundId>,
    pub lines: Vec<(G::Pick, Paise)>,
    pub total: Option<Paise>,
}

/// A taken bet: its ticket and the player's balance right after the hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BetTaken<P> {
    pub round: RoundId,
    pub ticket: u32,
    pub lines: Vec<(P, Paise)>,
    pub total: Paise,
    pub balance: Paise,
}

impl<G: RoundRules> Message for PlaceBet<G> {
    type Result = Result<BetTaken<G::Pick>, BetError>;
}

/// The table as `{game}:gameState` shows it (for a player who just joined).
#[derive(Serialize, Deserialize)]
pub struct Snapshot;

impl Message for Snapshot {
    type Result = Option<serde_json::Value>;
}

/// A player's tickets in the round in play (not yet settled), for their history.
#[derive(Serialize, Deserialize)]
pub struct OpenTickets(pub UserId);

/// A ticket of the round in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenTicket<P> {
    pub round: RoundId,
    pub ticket: u32,
    pub lines: Vec<(P, Paise)>,
    pub total: Paise,
    pub placed_at: EpochMs,
}

impl Message for OpenTickets {
    type Result = Vec<OpenTicket<serde_json::Value>>;
}

#[derive(Message)]
#[rtype(result = "()")]
pub struct Shutdown;

impl<G: RoundRules> Remote for PlaceBet<G> {
    const NAME: &'static str = "round.place_bet";
}

crate::remote!(
    Snapshot => "round.snapshot",
    OpenTickets => "round.open_tickets",
);

/// What a table works with.
#[derive(Clone)]
pub struct TableDeps {
    pub db: Db,
    pub wallet: WalletHandle,
    pub hub: HubAddr,
    pub clock: SharedClock,
}

/// How a table starts.
#[derive(Debug, Clone)]
pub struct TableConfig<S> {
    pub settings: S,
    /// Public text mixed into every draw (see [`crate::fair`]).
    pub client_seed: String,
}
