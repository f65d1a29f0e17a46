//! What the wallet tells a player: `balance_update`, pushed to the player's own room (`user:{id}`) after every
//! committed change (the server installs the push as the shards' observer). Money is rupees (≤ 2 decimals).

use super::{Change, GameKind, LedgerKind, Receipt};
use crate::money::{Paise, as_rupees};
use serde::Serialize;

/// Which way the balance moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = BalanceDirection)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Deduct,
    Add,
}

/// Why money moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = BalanceReason)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    BetPlaced,
    /// An Aviator win.
    Cashout,
    Win,
    BetLost,
    BetCancelled,
    BetRefunded,
    Deposit,
    WithdrawalRequested,
    WithdrawalRejected,
    WithdrawalApproved,
    Adjustment,
    /// Play mode: a new player's grant or a day's top-up.
    PlayPoints,
    /// Play points voided when the platform moved to real mode.
    PlayPointsVoided,
}

impl Reason {
    pub fn of(kind: LedgerKind) -> Reason {
        match kind {
            LedgerKind::Bet(_) => Reason::BetPlaced,
            LedgerKind::Win(GameKind::Aviator) => Reason::Cashout,
            LedgerKind::Win(_) => Reason::Win,
            LedgerKind::Loss(_) => Reason::BetLost,
            LedgerKind::Cancel(_) => Reason::BetCancelled,
            LedgerKind::Refund(_) => Reason::BetRefunded,
            LedgerKind::Deposit | LedgerKind::Fixture => Reason::Deposit,
            LedgerKind::WithdrawalHold => Reason::WithdrawalRequested,
            LedgerKind::WithdrawalRelease => Reason::WithdrawalRejected,
            LedgerKind::Withdrawal => Reason::WithdrawalApproved,
            LedgerKind::Adjustment => Reason::Adjustment,
            LedgerKind::PlayGrant | LedgerKind::PlayTopUp => Reason::PlayPoints,
            LedgerKind::PlayVoid => Reason::PlayPointsVoided,
        }
    }
}

/// `balance_update`: the player's balance after a committed wallet change (a hold moves money from `balance` to
/// `exposureBalance`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalanceUpdate {
    pub user_id: i64,
    #[serde(rename = "type")]
    pub direction: Direction,
    /// How much the balance moved (never negative: `type` says which way).
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub amount: Paise,
    pub reason: Reason,
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub balance: Paise,
    /// What is held for open bets and pending withdrawals.
    #[serde(serialize_with = "as_rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub exposure_balance: Paise,
}

crate::server_event!(
    BalanceUpdate = "balance_update" in "user:{id}",
    "After every committed change to the player's wallet (bets, wins, refunds, deposits, withdrawals)"
);

impl BalanceUpdate {
    pub fn of(change: &Change, r: &Receipt) -> BalanceUpdate {
        let delta = r.delta_balance.get();
        BalanceUpdate {
            user_id: r.user.0,
            direction: if delta < 0 { Direction::Deduct } else { Direction::Add },
            amount: Paise::new(delta.abs()),
            reason: Reason::of(change.kind),
            balance: r.balance,
            exposure_balance: r.exposure,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::BalanceUpdate;
    use crate::ids::UserId;
    use crate::money::Paise;
    use crate::wallet::{Change, GameKind, LedgerKind, Movement, Receipt};
    use serde_json::json;

    #[test]
    fn a_balance_update_is_the_players_balance_in_rupees() {
        let change = Change {
            user: UserId(7),
            movement: Movement::Hold { amount: Paise::new(1_050) },
            kind: LedgerKind::Bet(GameKind::Titli),
            reference: "titli:1:1".into(),
            idempotency_key: "k".into(),
        };
        let receipt = Receipt {
            user: UserId(7),
            balance: Paise::new(98_950),
            exposure: Paise::new(1_050),
            delta_balance: Paise::new(-1_050),
            delta_exposure: Paise::new(1_050),
            replayed: false,
        };
        let sent = serde_json::to_value(BalanceUpdate::of(&change, &receipt)).unwrap();
        assert_eq!(
            sent,
            json!({"userId": 7, "type": "deduct", "amount": 10.5, "reason": "bet_placed", "balance": 989.5,
                "exposureBalance": 10.5})
        );
    }
}
