//! What an Aviator table is set to play by ([`RulesConfig`], checked by [`RulesConfig::check`]) and the caps one
//! round is played by ([`RoundCaps`], fixed when it opens).

use super::{MIN_AUTO_CASHOUT, paise};
use crate::ErrorCode;
use crate::money::Paise;

/// Table settings. Money in paise, times in milliseconds, the edge in basis points (100 = 1 %), shares of the
/// bankroll in parts per million (100 = 1 basis point, 11 250 = 1.125 %; 0 = not set).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RulesConfig {
    pub min_bet: Paise,
    pub max_bet: Paise,
    /// How long betting stays open in each round.
    pub countdown_ms: i64,
    /// Pause between a crash and the next round's betting.
    pub pause_ms: i64,
    /// Liability cap: the most the house pays out in one round, as an amount (always set).
    pub max_payout_per_round: Paise,
    pub house_edge_bp: u32,
    /// The round's cap as a share of the bankroll (bustabit: 1.125 % = 11 250); 0: the amount alone.
    #[serde(default)]
    pub max_payout_bankroll_ppm: u32,
    /// One player's cap in a round (both slots together) as a share of the bankroll (bustabit: 0.75 % = 7 500);
    /// 0: no cap per player.
    #[serde(default)]
    pub max_player_payout_bankroll_ppm: u32,
    /// The capital the operator puts behind the game. The bankroll a round's shares are taken of is this plus the
    /// house's result on the books (see [`RulesConfig::caps`]).
    #[serde(default)]
    pub bankroll_capital: Paise,
}

impl Default for RulesConfig {
    /// The spec's how-to-play limits (20 INR to 50 910.45 INR), a 10 s countdown, a 3 s pause, 1 % edge; no shares of
    /// the bankroll.
    fn default() -> Self {
        RulesConfig {
            min_bet: Paise::from_rupees(20),
            max_bet: Paise::new(5_091_045),
            countdown_ms: 10_000,
            pause_ms: 3_000,
            max_payout_per_round: Paise::from_rupees(1_000_000),
            house_edge_bp: 100,
            max_payout_bankroll_ppm: 0,
            max_player_payout_bankroll_ppm: 0,
            bankroll_capital: Paise::ZERO,
        }
    }
}

/// A share of the bankroll may be at most all of it: 1 000 000 parts per million (10 000 basis points).
pub const PPM_ALL: u32 = 1_000_000;

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
    #[error("a share of the bankroll must be 0 (not set) to 10000 basis points (100 %), with at most 2 decimals")]
    BankrollShare,
    #[error("the bankroll capital must not be negative")]
    BankrollCapital,
    #[error("settings change only between rounds")]
    RoundInPlay,
}

impl ConfigError {
    /// The error code an API answers with: the bankroll's own, or `invalid_settings`.
    pub fn code(&self) -> ErrorCode {
        match self {
            ConfigError::BankrollShare => ErrorCode::InvalidBankrollShare,
            ConfigError::BankrollCapital => ErrorCode::InvalidBankrollCapital,
            ConfigError::BetLimits
            | ConfigError::Timing
            | ConfigError::PayoutCap
            | ConfigError::Edge
            | ConfigError::RoundInPlay => ErrorCode::InvalidSettings,
        }
    }
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
        if self.max_payout_bankroll_ppm > PPM_ALL || self.max_player_payout_bankroll_ppm > PPM_ALL {
            return Err(ConfigError::BankrollShare);
        }
        if self.bankroll_capital.is_negative() {
            return Err(ConfigError::BankrollCapital);
        }
        Ok(())
    }

    /// The caps of a round opening now. The bankroll is the operator's `bankroll_capital` plus `house_result`,
    /// the house's result on the wallet's books: the sum of every shard's house account (the house takes every
    /// lost stake and pays every win, of every game, so its balance is what the house has won or lost since the
    /// books began). Capital plus result is what the house can lose before it is out of money; a share of it is
    /// then a fair limit on one round. A bankroll at or below zero leaves a share of nothing: no bet is taken.
    pub fn caps(&self, house_result: Paise) -> RoundCaps {
        let bankroll = i128::from(self.bankroll_capital.get()) + i128::from(house_result.get());
        let share = |ppm: u32| (ppm > 0).then(|| paise((bankroll * i128::from(ppm) / i128::from(PPM_ALL)).max(0)));
        let round =
            share(self.max_payout_bankroll_ppm).map_or(self.max_payout_per_round, |s| s.min(self.max_payout_per_round));
        RoundCaps { bankroll: paise(bankroll), round, player: share(self.max_player_payout_bankroll_ppm) }
    }
}

/// The caps one round is played by, fixed when it opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RoundCaps {
    /// The bankroll the shares were taken of: the operator's capital plus the house's result, when the round opened.
    pub bankroll: Paise,
    /// The most the round pays out, every bet together.
    pub round: Paise,
    /// The most one player is paid in the round, both slots together; `None`: no cap per player.
    pub player: Option<Paise>,
}
