//! What a ledger row is for. Stored as text (`deposit`, `titli_bet`, …); one enum, so a kind is never misspelt.

/// A game that moves money through the wallet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameKind {
    Aviator,
    Titli,
    AndarBahar,
    Color,
    Mines,
    Matka,
    /// Exchange bets on the sports feed's markets.
    Exchange,
    /// Aar Par Parchi, the three-card player game.
    Parchi,
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
    /// Play mode: a new player's grant, a day's top-up, and points voided on the way to real mode (`play.rs`).
    PlayGrant,
    PlayTopUp,
    PlayVoid,
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

impl GameKind {
    /// Every game, in the order the ledger's kinds list them.
    pub const ALL: [GameKind; 8] = [Aviator, Titli, AndarBahar, Color, Mines, Matka, Exchange, Parchi];
}

impl LedgerKind {
    /// Every kind: the cashier's own, then each game's five (bet, cancel, win, loss, refund).
    pub fn all() -> impl Iterator<Item = LedgerKind> {
        [Deposit, Withdrawal, WithdrawalHold, WithdrawalRelease, Adjustment, Fixture, PlayGrant, PlayTopUp, PlayVoid]
            .into_iter()
            .chain(GameKind::ALL.into_iter().flat_map(|g| [Bet(g), Cancel(g), Win(g), Loss(g), Refund(g)]))
    }
}

/// `{game}_{what}` for the kinds of a game.
macro_rules! game_kinds {
    ($kind:expr, $what:literal) => {
        match $kind {
            Aviator => concat!("aviator_", $what),
            Titli => concat!("titli_", $what),
            AndarBahar => concat!("andar_bahar_", $what),
            Color => concat!("color_", $what),
            Mines => concat!("mines_", $what),
            Matka => concat!("matka_", $what),
            Exchange => concat!("exchange_", $what),
            Parchi => concat!("parchi_", $what),
        }
    };
}

impl LedgerKind {
    /// The stored text.
    pub fn as_str(self) -> &'static str {
        match self {
            Deposit => "deposit",
            Withdrawal => "withdrawal",
            WithdrawalHold => "withdrawal_hold",
            WithdrawalRelease => "withdrawal_release",
            Adjustment => "adjustment",
            Fixture => "fixture",
            PlayGrant => "play_grant",
            PlayTopUp => "play_top_up",
            PlayVoid => "play_void",
            Bet(g) => game_kinds!(g, "bet"),
            Cancel(g) => game_kinds!(g, "cancel"),
            Win(g) => game_kinds!(g, "win"),
            Loss(g) => game_kinds!(g, "loss"),
            Refund(g) => game_kinds!(g, "refund"),
        }
    }

    /// Money moved by play (a game's bet, cancel, win, loss or refund), as loss limits count it.
    pub fn is_play(self) -> bool {
        matches!(self, Bet(_) | Cancel(_) | Win(_) | Loss(_) | Refund(_))
    }

    /// A stored kind's enum, if it is one.
    pub fn parse(text: &str) -> Option<LedgerKind> {
        LedgerKind::all().find(|k| k.as_str() == text)
    }
}

/// On the wire between nodes, as stored.
impl serde::Serialize for LedgerKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for LedgerKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        LedgerKind::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("unknown ledger kind {text}")))
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
        for kind in LedgerKind::all() {
            assert!(names.insert(kind.as_str()), "{kind} twice");
            assert_eq!(LedgerKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(names.len(), 49, "the cashier's six, play mode's three, every game's five");
        assert_eq!(LedgerKind::Bet(GameKind::AndarBahar).as_str(), "andar_bahar_bet");
        assert_eq!(LedgerKind::parse("nonsense"), None);
    }
}
