//! What a ledger row is for. Stored as text (`deposit`, `titli_bet`, …); one enum, so a kind is never misspelt.

/// A game that moves money through the wallet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameKind {
    Aviator,
    Titli,
    AndarBahar,
    Color,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LedgerKind {
    Deposit,
    Withdrawal,
    WithdrawalHold,
    WithdrawalRelease,
    Adjustment,
    /// A fixture player's funding from the shard's load-test account.
    Fixture,
    /// A stake held for a bet.
    Bet(GameKind),
    /// A held stake given back because the player cancelled.
    Cancel(GameKind),
    Win(GameKind),
    Loss(GameKind),
    /// A held stake given back because the round could not be played (a restart).
    Refund(GameKind),
}

use GameKind::*;
use LedgerKind::*;

/// Every kind with its stored text.
const ALL: &[(LedgerKind, &str)] = &[
    (Deposit, "deposit"),
    (Withdrawal, "withdrawal"),
    (WithdrawalHold, "withdrawal_hold"),
    (WithdrawalRelease, "withdrawal_release"),
    (Adjustment, "adjustment"),
    (Fixture, "fixture"),
    (Bet(Aviator), "aviator_bet"),
    (Cancel(Aviator), "aviator_cancel"),
    (Win(Aviator), "aviator_win"),
    (Loss(Aviator), "aviator_loss"),
    (Refund(Aviator), "aviator_refund"),
    (Bet(Titli), "titli_bet"),
    (Cancel(Titli), "titli_cancel"),
    (Win(Titli), "titli_win"),
    (Loss(Titli), "titli_loss"),
    (Refund(Titli), "titli_refund"),
    (Bet(AndarBahar), "andar_bahar_bet"),
    (Cancel(AndarBahar), "andar_bahar_cancel"),
    (Win(AndarBahar), "andar_bahar_win"),
    (Loss(AndarBahar), "andar_bahar_loss"),
    (Refund(AndarBahar), "andar_bahar_refund"),
    (Bet(Color), "color_bet"),
    (Cancel(Color), "color_cancel"),
    (Win(Color), "color_win"),
    (Loss(Color), "color_loss"),
    (Refund(Color), "color_refund"),
];

impl LedgerKind {
    pub fn as_str(self) -> &'static str {
        ALL.iter().find(|(k, _)| *k == self).map(|(_, s)| *s).expect("every kind has a name in ALL")
    }

    /// A stored kind's enum, if it is one.
    pub fn parse(text: &str) -> Option<LedgerKind> {
        ALL.iter().find(|(_, s)| *s == text).map(|(k, _)| *k)
    }
}

impl std::fmt::Display for LedgerKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_round_trips_and_names_are_unique() {
        let mut names = std::collections::HashSet::new();
        for (kind, name) in ALL {
            assert!(names.insert(*name), "{name} twice");
            assert_eq!(LedgerKind::parse(name), Some(*kind));
            assert_eq!(kind.as_str(), *name);
        }
        assert_eq!(LedgerKind::parse("nonsense"), None);
    }
}
