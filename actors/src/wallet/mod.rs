//! The wallet: sharded actors, each the only writer of its users' balance and exposure, group-committing
//! every change as ledger rows (double entry) and replying after the commit.
//!
//! `rules` is the pure part (apply an operation to in-memory accounts); `shard` is the actor shell
//! (batching, SQL, replies); `WalletHandle` routes a user to their shard.

pub mod rules;
pub mod shard;

use crate::ids::UserId;
use crate::money::Paise;
use serde::Serialize;

pub use shard::{WalletConfig, WalletHandle};

/// The system accounts every shard keeps for itself, so no two shards ever write the same row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SystemAccount {
    /// The house: takes lost stakes, pays winnings.
    House,
    /// The outside world: approved deposits come from here, approved withdrawals go to it.
    Cashier,
}

/// What happens to one user's money. Each variant moves money between the user and a counter-party
/// system account (or, for hold/release, between the user's own balance and exposure).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Movement {
    /// balance += amount; counter-party -= amount.
    Credit { amount: Paise, from: SystemAccount },
    /// balance -= amount (refused if it would go negative); counter-party += amount.
    Debit { amount: Paise, to: SystemAccount },
    /// balance → exposure (refused if balance is short).
    Hold { amount: Paise },
    /// exposure → balance, never below zero exposure; the receipt says how much was released.
    Release { amount: Paise },
    /// Close a hold and pay out in one step: exposure -= hold, balance += payout; the counter-party
    /// takes `hold - payout` (positive when the house wins).
    Settle { hold: Paise, payout: Paise, with: SystemAccount },
}

/// One requested change. `idempotency_key` is unique across the ledger: replaying it returns the
/// first receipt and moves nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub user: UserId,
    pub movement: Movement,
    /// Ledger entry kind, e.g. `deposit`, `aviator_bet`, `aviator_win`.
    pub kind: &'static str,
    /// What it refers to, e.g. `deposit:17` or `aviator:5123:0`.
    pub reference: String,
    pub idempotency_key: String,
}

/// The state of the user's wallet right after the change committed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Receipt {
    pub user: UserId,
    pub balance: Paise,
    pub exposure: Paise,
    /// Signed change to the user's balance and exposure.
    pub delta_balance: Paise,
    pub delta_exposure: Paise,
    /// True when this key had been applied before and nothing moved now.
    pub replayed: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WalletError {
    #[error("insufficient balance")]
    InsufficientBalance,
    #[error("amount must be positive")]
    NonPositiveAmount,
    #[error("no such wallet")]
    UnknownUser,
    #[error("amount overflow")]
    Overflow,
    #[error("idempotency key reused for a different change")]
    KeyConflict,
    #[error("wallet storage failed: {0}")]
    Storage(String),
    #[error("wallet is shutting down")]
    Unavailable,
}

/// A balance snapshot as the player sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Balances {
    pub balance: Paise,
    pub exposure: Paise,
}
