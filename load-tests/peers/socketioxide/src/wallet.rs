//! The in-memory wallet: balance and exposure per player in integer paise, split over mutex-guarded shards by user
//! id. A player's Aviator history lives beside its balance in the same shard, so a bet's row and its money always
//! change together. Sessions map bearer tokens to principals.

use crate::game::UserId;
use parking_lot::{Mutex, RwLock};
use std::collections::HashMap;

const SHARDS: usize = 64;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Open,
    Won,
    Lost,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Open => "Open",
            Status::Won => "Won",
            Status::Lost => "Lost",
        }
    }
}

#[derive(Debug, Clone)]
pub struct HistoryRow {
    pub round: i64,
    pub slot: u8,
    pub created_at: i64,
    pub stake: i64,
    pub auto: Option<u64>,
    pub multiplier: Option<u64>,
    pub payout: i64,
    pub crash_point: Option<u64>,
    pub status: Status,
}

#[derive(Debug, Default)]
struct Account {
    balance: i64,
    exposure: i64,
    /// Oldest first.
    history: Vec<HistoryRow>,
}

/// Balance and exposure right after a change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Balances {
    pub balance: i64,
    pub exposure: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WalletError {
    NoAccount,
    InsufficientBalance,
}

pub struct Wallet {
    shards: Box<[Mutex<HashMap<UserId, Account>>]>,
}

impl Default for Wallet {
    fn default() -> Self {
        Wallet { shards: (0..SHARDS).map(|_| Mutex::new(HashMap::new())).collect() }
    }
}

fn balances(a: &Account) -> Balances {
    Balances { balance: a.balance, exposure: a.exposure }
}

impl Wallet {
    fn shard(&self, user: UserId) -> &Mutex<HashMap<UserId, Account>> {
        &self.shards[user.rem_euclid(SHARDS as i64) as usize]
    }

    pub fn open(&self, user: UserId, balance: i64) {
        self.shard(user).lock().insert(user, Account { balance, ..Account::default() });
    }

    pub fn balances(&self, user: UserId) -> Option<Balances> {
        self.shard(user).lock().get(&user).map(balances)
    }

    /// Newest first, at most `limit` rows.
    pub fn history(&self, user: UserId, limit: usize) -> Option<Vec<HistoryRow>> {
        let shard = self.shard(user).lock();
        let account = shard.get(&user)?;
        Some(account.history.iter().rev().take(limit).cloned().collect())
    }

    /// Moves the stake from balance to exposure and opens the bet's history row.
    pub fn hold(
        &self,
        user: UserId,
        round: i64,
        slot: u8,
        stake: i64,
        auto: Option<u64>,
        now: i64,
    ) -> Result<Balances, WalletError> {
        let mut shard = self.shard(user).lock();
        let a = shard.get_mut(&user).ok_or(WalletError::NoAccount)?;
        if a.balance < stake {
            return Err(WalletError::InsufficientBalance);
        }
        a.balance -= stake;
        a.exposure += stake;
        a.history.push(HistoryRow {
            round,
            slot,
            created_at: now,
            stake,
            auto,
            multiplier: None,
            payout: 0,
            crash_point: None,
            status: Status::Open,
        });
        Ok(balances(a))
    }

    /// A cancelled bet: the stake goes back to the balance and its row disappears.
    pub fn release(&self, user: UserId, round: i64, slot: u8, stake: i64) -> Option<Balances> {
        let mut shard = self.shard(user).lock();
        let a = shard.get_mut(&user)?;
        a.exposure -= stake;
        a.balance += stake;
        if let Some(i) = a.history.iter().rposition(|r| r.round == round && r.slot == slot && r.status == Status::Open)
        {
            a.history.remove(i);
        }
        Some(balances(a))
    }

    /// A decided bet: the stake leaves exposure, the payout (0 for a loss) joins the balance, the row is closed.
    pub fn settle(
        &self,
        user: UserId,
        round: i64,
        slot: u8,
        stake: i64,
        win: Option<(u64, i64)>,
        crash_point: u64,
    ) -> Option<Balances> {
        let mut shard = self.shard(user).lock();
        let a = shard.get_mut(&user)?;
        let payout = win.map_or(0, |w| w.1);
        a.exposure -= stake;
        a.balance += payout;
        if let Some(row) =
            a.history.iter_mut().rev().find(|r| r.round == round && r.slot == slot && r.status == Status::Open)
        {
            row.status = if win.is_some() { Status::Won } else { Status::Lost };
            row.multiplier = win.map(|w| w.0);
            row.payout = payout;
            row.crash_point = Some(crash_point);
        }
        Some(balances(a))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Principal {
    pub id: UserId,
    pub user_no: i64,
    pub operator: bool,
}

#[derive(Default)]
pub struct Sessions {
    by_token: RwLock<HashMap<String, Principal>>,
}

impl Sessions {
    /// A fresh random bearer token for `who`.
    pub fn issue(&self, who: Principal) -> String {
        let token = format!("{:032x}", rand::random::<u128>());
        self.by_token.write().insert(token.clone(), who);
        token
    }

    pub fn get(&self, token: &str) -> Option<Principal> {
        self.by_token.read().get(token).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bet_moves_money_through_exposure_and_keeps_one_row() {
        let w = Wallet::default();
        w.open(7, 10_000);
        assert_eq!(w.hold(7, 1, 0, 20_000, None, 0), Err(WalletError::InsufficientBalance));
        assert_eq!(w.hold(7, 1, 0, 4_000, Some(150), 0), Ok(Balances { balance: 6_000, exposure: 4_000 }));
        assert_eq!(w.hold(7, 1, 1, 1_000, None, 0), Ok(Balances { balance: 5_000, exposure: 5_000 }));
        assert_eq!(
            w.settle(7, 1, 0, 4_000, Some((150, 6_000)), 200),
            Some(Balances { balance: 11_000, exposure: 1_000 })
        );
        assert_eq!(w.release(7, 1, 1, 1_000), Some(Balances { balance: 12_000, exposure: 0 }));
        let rows = w.history(7, 10).unwrap_or_default();
        assert_eq!(rows.len(), 1);
        assert_eq!((rows[0].status, rows[0].payout, rows[0].multiplier), (Status::Won, 6_000, Some(150)));
    }
}
