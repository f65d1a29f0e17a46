//! What an operator sees of the Aviator table and may ask of it: its figures (round, phase, bets, stakes, players,
//! house result today) for the live actors and Prometheus; look inside (round, phase, open bets), read and change its
//! settings (taken when the next round opens, never mid-round) and see the caps the round in play is played by,
//! suspend and resume it (a suspended table plays the
//! round in progress to its end and opens no new one). Changes are stored before they are answered, so they survive a
//! restart.

use super::rules::{BetState, ConfigError, Phase, RoundCaps, RulesConfig};
use super::table::{AviatorTable, ROOM};
use crate::clock::EpochMs;
use crate::hub::RoomSize;
use crate::ids::{RoundId, UserId};
use crate::money::Paise;
use crate::observe::families::table::{self as fig, PHASES};
use crate::store::Db;
use crate::wallet::WalletError;
use actix::prelude::*;
use serde::{Deserialize, Serialize};
use sqlx::Any;

/// The table's settings as an operator sees them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSettings {
    pub round: RoundId,
    pub phase: String,
    pub suspended: bool,
    /// What the round in play is played by.
    pub current: RulesConfig,
    /// What the next round will be played by, when it differs.
    pub pending: Option<RulesConfig>,
    /// The caps the round in play is played by (fixed when it opened) and the bankroll they were taken of.
    pub caps: RoundCaps,
}

/// One bet of the round in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InspectedBet {
    pub user: UserId,
    pub name: String,
    pub slot: u8,
    pub stake: Paise,
    pub auto_cashout: Option<u64>,
    pub state: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Inspection {
    pub settings: TableSettings,
    pub bets: Vec<InspectedBet>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum OperateError {
    #[error(transparent)]
    Invalid(#[from] ConfigError),
    #[error("could not store the change: {0}")]
    Storage(String),
}

/// The settings, round and phase, without the bets (cheap: the console's games screen asks it often).
#[derive(Message, Serialize, Deserialize)]
#[rtype(result = "Result<TableSettings, OperateError>")]
pub struct Settings;

/// The settings and every bet of the round in play (the live actors' drill-down).
#[derive(Message, Serialize, Deserialize)]
#[rtype(result = "Result<Inspection, OperateError>")]
pub struct Inspect;

/// New settings for the next round (all fields: the caller merges a partial change into `current`).
#[derive(Message, Serialize, Deserialize)]
#[rtype(result = "Result<TableSettings, OperateError>")]
pub struct Configure(pub RulesConfig);

#[derive(Message, Serialize, Deserialize)]
#[rtype(result = "Result<TableSettings, OperateError>")]
pub struct Suspend(pub bool);

crate::remote!(
    Settings => "aviator.settings",
    Inspect => "aviator.inspect",
    Configure => "aviator.configure",
    Suspend => "aviator.suspend",
);

impl AviatorTable {
    /// The phase, as an index into [`PHASES`] (the console and the `casino_table_phase` figure).
    pub(super) fn phase_index(&self) -> usize {
        match self.game.phase() {
            Phase::Betting { .. } => 0,
            Phase::Flying { .. } => 1,
            Phase::Crashed { .. } if self.suspended => 3,
            Phase::Crashed { .. } => 2,
        }
    }

    pub(super) fn settings(&self) -> TableSettings {
        TableSettings {
            round: self.game.round(),
            phase: PHASES.get(self.phase_index()).copied().unwrap_or("?").to_string(),
            suspended: self.suspended,
            current: self.game.config().clone(),
            pending: self.pending_rules.clone(),
            caps: self.game.caps(),
        }
    }

    /// The table's own figures for the console and Prometheus.
    pub(super) fn show_figures(&mut self, ctx: &mut Context<Self>) {
        let p = &self.probe;
        p.set(fig::ROUND, self.game.round().0);
        p.set(fig::PHASE, self.phase_index() as i64);
        let live = self.game.bets().filter(|b| !matches!(b.state, BetState::Cancelled));
        let (bets, stakes) = live.fold((0, 0), |(n, s), b| (n + 1, s + b.stake.get()));
        p.set(fig::BETS, bets);
        p.set(fig::STAKES, stakes);
        p.set(fig::HOUSE_TODAY, self.house_today.1);
        ctx.spawn(self.outbox.hub().send(RoomSize { room: ROOM.into() }).into_actor(self).map(|n, act, _| {
            if let Ok(n) = n {
                act.probe.set(fig::PLAYERS, n as i64);
            }
        }));
    }

    /// The house won `paise` (negative: lost) on a bet decided at `now`.
    pub(super) fn house_won(&mut self, paise: i64, now: EpochMs) {
        let day = now.div_euclid(86_400_000);
        if self.house_today.0 != day {
            self.house_today = (day, 0);
        }
        self.house_today.1 += paise;
    }

    /// Between rounds, the pending settings become the game's (and the edge of the next hash chain made).
    pub(super) fn take_pending_rules(&mut self) {
        let Some(rules) = self.pending_rules.clone() else {
            return;
        };
        match self.game.reconfigure(rules.clone()) {
            Ok(()) => {
                self.chain_settings.house_edge_bp = rules.house_edge_bp;
                self.pending_rules = None;
                tracing::info!(?rules, "Aviator settings applied from this round");
            }
            Err(ConfigError::RoundInPlay) => {}
            Err(e) => {
                tracing::error!(error = %e, "stored Aviator settings are invalid; dropped");
                self.pending_rules = None;
            }
        }
    }
}

fn bet_state(s: &BetState) -> &'static str {
    match s {
        BetState::Reserved => "reserved",
        BetState::Open => "open",
        BetState::CashedOut { .. } => "cashed_out",
        BetState::Cancelled => "cancelled",
        BetState::Lost => "lost",
    }
}

impl Handler<Settings> for AviatorTable {
    type Result = Result<TableSettings, OperateError>;

    fn handle(&mut self, _: Settings, _: &mut Self::Context) -> Self::Result {
        Ok(self.settings())
    }
}

impl Handler<Inspect> for AviatorTable {
    type Result = Result<Inspection, OperateError>;

    fn handle(&mut self, _: Inspect, _: &mut Self::Context) -> Self::Result {
        let bets = self
            .game
            .bets()
            .map(|b| InspectedBet {
                user: b.user,
                name: self.names.get(&b.user).cloned().unwrap_or_default(),
                slot: b.slot.index(),
                stake: b.stake,
                auto_cashout: b.auto_cashout,
                state: bet_state(&b.state).to_string(),
            })
            .collect();
        Ok(Inspection { settings: self.settings(), bets })
    }
}

impl Handler<Configure> for AviatorTable {
    type Result = ResponseActFuture<Self, Result<TableSettings, OperateError>>;

    fn handle(&mut self, msg: Configure, _: &mut Self::Context) -> Self::Result {
        let rules = msg.0;
        if let Err(e) = rules.validate() {
            return Box::pin(fut::ready(Err(e.into())));
        }
        let db = self.db.clone();
        let stored = rules.clone();
        Box::pin(async move { save_rules(&db, &stored).await }.into_actor(self).map(move |r, act, _| {
            r.map_err(|e| OperateError::Storage(e.to_string()))?;
            act.pending_rules = (rules != *act.game.config()).then_some(rules);
            Ok(act.settings())
        }))
    }
}

impl Handler<Suspend> for AviatorTable {
    type Result = ResponseActFuture<Self, Result<TableSettings, OperateError>>;

    fn handle(&mut self, msg: Suspend, _: &mut Self::Context) -> Self::Result {
        let db = self.db.clone();
        let suspend = msg.0;
        Box::pin(async move { save_suspended(&db, suspend).await }.into_actor(self).map(move |r, act, _| {
            r.map_err(|e| OperateError::Storage(e.to_string()))?;
            if act.suspended != suspend {
                tracing::warn!(suspended = suspend, round = %act.game.round(), "Aviator table suspension changed");
            }
            act.suspended = suspend;
            Ok(act.settings())
        }))
    }
}

/// The operator's Aviator settings, kept in `settings` so they survive a restart: the rules the next rounds
/// play by (`aviator.rules`, JSON) and whether the table is suspended (`aviator.suspended`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoredSettings {
    pub rules: Option<RulesConfig>,
    pub suspended: bool,
}

/// Stored before the bankroll's shares existed: those fields default to not set.
#[derive(serde::Serialize, serde::Deserialize)]
struct RulesJson {
    min_bet: i64,
    max_bet: i64,
    countdown_ms: i64,
    pause_ms: i64,
    max_payout_per_round: i64,
    house_edge_bp: u32,
    #[serde(default)]
    max_payout_bankroll_ppm: u32,
    #[serde(default)]
    max_player_payout_bankroll_ppm: u32,
    #[serde(default)]
    bankroll_capital: i64,
}

/// A row of `settings`.
#[derive(sqlx_macros::FromRow)]
struct SettingRow {
    key: String,
    value: String,
}

pub async fn load_settings(db: &Db) -> Result<StoredSettings, WalletError> {
    let rows = sqlx::query_as::<Any, SettingRow>(
        "SELECT key, value FROM settings WHERE key IN ('aviator.rules', 'aviator.suspended')",
    )
    .fetch_all(&db.pool)
    .await?;
    let mut stored = StoredSettings::default();
    for SettingRow { key, value } in rows {
        match key.as_str() {
            "aviator.rules" => {
                let j: RulesJson = serde_json::from_str(&value)
                    .map_err(|e| WalletError::Corrupt(format!("stored aviator.rules: {e}")))?;
                stored.rules = Some(RulesConfig {
                    min_bet: Paise::new(j.min_bet),
                    max_bet: Paise::new(j.max_bet),
                    countdown_ms: j.countdown_ms,
                    pause_ms: j.pause_ms,
                    max_payout_per_round: Paise::new(j.max_payout_per_round),
                    house_edge_bp: j.house_edge_bp,
                    max_payout_bankroll_ppm: j.max_payout_bankroll_ppm,
                    max_player_payout_bankroll_ppm: j.max_player_payout_bankroll_ppm,
                    bankroll_capital: Paise::new(j.bankroll_capital),
                });
            }
            _ => stored.suspended = value == "true",
        }
    }
    Ok(stored)
}

pub async fn save_rules(db: &Db, rules: &RulesConfig) -> Result<(), WalletError> {
    let j = RulesJson {
        min_bet: rules.min_bet.get(),
        max_bet: rules.max_bet.get(),
        countdown_ms: rules.countdown_ms,
        pause_ms: rules.pause_ms,
        max_payout_per_round: rules.max_payout_per_round.get(),
        house_edge_bp: rules.house_edge_bp,
        max_payout_bankroll_ppm: rules.max_payout_bankroll_ppm,
        max_player_payout_bankroll_ppm: rules.max_player_payout_bankroll_ppm,
        bankroll_capital: rules.bankroll_capital.get(),
    };
    let value = serde_json::to_string(&j).map_err(|e| WalletError::Storage(e.to_string()))?;
    crate::store::save_setting(db, "aviator.rules", value).await
}

pub async fn save_suspended(db: &Db, suspended: bool) -> Result<(), WalletError> {
    crate::store::save_setting(db, "aviator.suspended", suspended.to_string()).await
}
