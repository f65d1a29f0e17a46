//! The wallet: sharded actors, each the only writer of its users' balance and exposure, group-committing
//! every change as ledger rows (double entry) and replying after the commit.
//!
//! `rules` is the pure part (apply an operation to in-memory accounts); `shard` is the actor shell
//! (batching, SQL, replies); `WalletHandle` routes a user to their shard; `lease` runs shards under cluster leases.

pub mod intents;
pub mod kind;
pub mod lease;
pub mod rules;
pub mod shard;
pub mod wire;

use crate::ids::UserId;
use crate::money::Paise;
use serde::{Deserialize, Serialize};

pub use kind::{GameKind, LedgerKind};
pub use lease::ShardDeps;
pub use shard::{WalletConfig, WalletHandle};

/// The system accounts every shard keeps for itself, so no two shards ever write the same row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SystemAccount {
    /// The house: takes lost stakes, pays winnings.
    House,
    /// The outside world: approved deposits come from here, approved withdrawals go to it.
    Cashier,
    /// Play money for load-test fixture players (`CASINO_LOAD_TEST=1`): they are funded from here, never from
    /// the cashier, so the books report it apart and `game-server fixtures remove` can take it back.
    LoadTest,
    /// Play mode's points (no cash value): a new player's grant and the daily top-ups come from here, and voided
    /// points go back to it (`play.rs`).
    Play,
}

/// What happens to one user's money. Each variant moves money between the user and a counter-party
/// system account (or, for hold/release, between the user's own balance and exposure).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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

impl SystemAccount {
    /// Every system account a shard keeps.
    pub const ALL: [SystemAccount; 4] =
        [SystemAccount::House, SystemAccount::Cashier, SystemAccount::LoadTest, SystemAccount::Play];

    pub(crate) fn as_str(self) -> &'static str {
        match self {
            SystemAccount::House => "house",
            SystemAccount::Cashier => "cashier",
            SystemAccount::LoadTest => "load_test",
            SystemAccount::Play => "play",
        }
    }

    fn parse(s: &str) -> Option<SystemAccount> {
        match s {
            "house" => Some(SystemAccount::House),
            "cashier" => Some(SystemAccount::Cashier),
            "load_test" => Some(SystemAccount::LoadTest),
            "play" => Some(SystemAccount::Play),
            _ => None,
        }
    }
}

impl Movement {
    /// A stable text form, e.g. `settle:10000:25000:house`: stored with a recorded intent, and part of the
    /// request an idempotency key is bound to.
    pub fn encode(&self) -> String {
        match *self {
            Movement::Credit { amount, from } => format!("credit:{}:{}", amount.get(), from.as_str()),
            Movement::Debit { amount, to } => format!("debit:{}:{}", amount.get(), to.as_str()),
            Movement::Hold { amount } => format!("hold:{}", amount.get()),
            Movement::Release { amount } => format!("release:{}", amount.get()),
            Movement::Settle { hold, payout, with } => {
                format!("settle:{}:{}:{}", hold.get(), payout.get(), with.as_str())
            }
        }
    }

    pub fn decode(s: &str) -> Option<Movement> {
        let parts: Vec<&str> = s.split(':').collect();
        let paise = |i: usize| parts.get(i).and_then(|p| p.parse::<i64>().ok()).map(Paise::new);
        let account = |i: usize| parts.get(i).copied().and_then(SystemAccount::parse);
        match (parts.first().copied(), parts.len()) {
            (Some("credit"), 3) => Some(Movement::Credit { amount: paise(1)?, from: account(2)? }),
            (Some("debit"), 3) => Some(Movement::Debit { amount: paise(1)?, to: account(2)? }),
            (Some("hold"), 2) => Some(Movement::Hold { amount: paise(1)? }),
            (Some("release"), 2) => Some(Movement::Release { amount: paise(1)? }),
            (Some("settle"), 4) => Some(Movement::Settle { hold: paise(1)?, payout: paise(2)?, with: account(3)? }),
            _ => None,
        }
    }
}

/// One requested change. `idempotency_key` is unique across the ledger: replaying it returns the
/// first receipt and moves nothing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    pub user: UserId,
    pub movement: Movement,
    /// What the ledger row is for.
    pub kind: LedgerKind,
    /// What it refers to, e.g. `deposit:17` or `aviator:5123:0`.
    pub reference: String,
    pub idempotency_key: String,
}

impl Change {
    /// What an idempotency key is bound to: a replay must ask for exactly this again.
    pub fn request(&self) -> String {
        format!("{}|{}|{}|{}", self.user, self.movement.encode(), self.kind, self.reference)
    }
}

/// The state of the user's wallet right after the change committed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
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
    /// A setting that cannot work (found at start-up or when an operator saves it): final, never retried.
    #[error("configuration: {0}")]
    Config(String),
    /// Stored data that contradicts itself or the code (a bad seed, a missing record): final, never retried.
    #[error("stored data is inconsistent: {0}")]
    Corrupt(String),
    #[error("wallet is shutting down")]
    Unavailable,
    /// Cluster mode: the table asking holds a lease another node has taken since; it must stop.
    #[error("the caller's lease has moved to another node")]
    Fenced,
    /// A bet past a limit the player set, or during their break or self-exclusion: refused, nothing moved.
    #[error(transparent)]
    Limited(crate::rg::Refusal),
}

/// A database error is storage trouble: transient, asked again with the same key.
impl From<sqlx::Error> for WalletError {
    fn from(e: sqlx::Error) -> Self {
        WalletError::Storage(e.to_string())
    }
}

/// A store's failure as the wallet's answer: storage trouble stays transient, inconsistent data stays final.
impl From<crate::store::StoreError> for WalletError {
    fn from(e: crate::store::StoreError) -> Self {
        match e {
            crate::store::StoreError::Db(e) => WalletError::Storage(e.to_string()),
            crate::store::StoreError::Corrupt(what) => WalletError::Corrupt(what),
        }
    }
}

impl WalletError {
    /// A failure that may pass if the same change is asked again (with the same key): storage trouble, a
    /// commit whose outcome is unknown, a shard restarting. Every other error is the wallet's final answer.
    pub fn is_transient(&self) -> bool {
        matches!(self, WalletError::Storage(_) | WalletError::Unavailable)
    }
}

/// A balance snapshot as the player sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Balances {
    pub balance: Paise,
    pub exposure: Paise,
}
