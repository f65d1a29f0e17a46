//! Mines on the wire (REST, `docs/API.md` "Mines"): what a player sends and what the server answers. Money is
//! rupees (numbers, at most 2 decimals); multipliers are numbers with at most 4 decimals, for display only (every
//! payout is the server's). Mirrored by `web/src/features/mines/wire.ts`.

use super::rules::{self, Game, MinesSettings, Status};
use crate::clock::EpochMs;
use crate::money::Paise;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// `POST /api/mines/betPlace`: the spec's `{user, round_id, betAmt}` and our `mines` (default 5). `user` must be
/// the caller when given; the spec's client-made `round_id` is ignored (the server numbers games).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BetPlace {
    #[serde(default)]
    pub user: Value,
    #[serde(default)]
    pub bet_amt: Value,
    #[serde(default)]
    pub mines: Value,
}

/// `POST /api/mines/reveal`: a tile (0–24) of the caller's open game; `gameId`, when given, must be that game.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MinesRevealBody)]
pub struct Reveal {
    #[serde(default)]
    pub game_id: Option<i64>,
    /// The tile, 0–24 (a number or numeric text).
    #[serde(default)]
    #[schema(value_type = u8, maximum = 24)]
    pub tile: Value,
}

/// `POST /api/mines/cashout`.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MinesCashOutBody)]
pub struct CashOut {
    #[serde(default)]
    pub game_id: Option<i64>,
}

/// `POST /api/mines/seeds`: a new client seed (1–64 printable characters) for the games to come, and a fresh
/// server seed; without `clientSeed` only the server seed is replaced.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MinesReseedBody)]
pub struct Reseed {
    #[serde(default)]
    pub client_seed: Option<String>,
}

/// The settings a player plays by.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MinesSettingsJson)]
pub struct PublicSettings {
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub min_bet: Paise,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub max_bet: Paise,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub max_payout: Paise,
    pub house_edge_bp: u32,
    /// Return to player, e.g. 0.97.
    pub rtp: f64,
    pub tiles: u8,
    pub min_mines: u8,
    pub max_mines: u8,
    pub default_mines: u8,
}

impl From<&MinesSettings> for PublicSettings {
    fn from(s: &MinesSettings) -> Self {
        PublicSettings {
            min_bet: s.min_bet,
            max_bet: s.max_bet,
            max_payout: s.max_payout,
            house_edge_bp: s.house_edge_bp,
            rtp: s.rtp().as_f64(),
            tiles: rules::TILES,
            min_mines: rules::MIN_MINES,
            max_mines: rules::MAX_MINES,
            default_mines: rules::DEFAULT_MINES,
        }
    }
}

/// The seeds the player's next game will use: the server seed only by its SHA-256.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MinesSeeds)]
pub struct Seeds {
    pub commitment: String,
    pub client_seed: String,
    pub nonce: i64,
}

/// A game as its player sees it. The mines and the server seed show only once it is over.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MinesGame)]
pub struct GameView {
    pub game_id: i64,
    pub status: Status,
    pub mines: u8,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub stake: Paise,
    /// Opened tiles, in the order they were opened.
    pub revealed: Vec<u8>,
    pub safe: u8,
    pub multiplier: f64,
    pub next_multiplier: Option<f64>,
    /// What a cash-out pays now (playing), what was paid (won), or 0 (lost).
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub payout: Paise,
    #[serde(with = "crate::money::rupees_opt")]
    #[schema(value_type = Option<crate::money::RupeesJson>)]
    pub next_payout: Option<Paise>,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub max_payout: Paise,
    /// The mined tiles, once the game is over.
    pub mine_tiles: Option<Vec<u8>>,
    pub commitment: String,
    pub client_seed: String,
    pub nonce: i64,
    /// Revealed once the game is over.
    pub server_seed: Option<String>,
    #[schema(value_type = i64)]
    pub created_at: EpochMs,
    #[schema(value_type = Option<i64>)]
    pub ended_at: Option<EpochMs>,
}

fn times(bp: u64) -> f64 {
    bp as f64 / rules::BP as f64
}

/// A game's seeds and times, beside its rules state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSeeds {
    pub commitment: String,
    pub server_seed: String,
    pub client_seed: String,
    pub nonce: i64,
    pub created_at: EpochMs,
    pub ended_at: Option<EpochMs>,
}

impl GameView {
    pub fn of(id: i64, g: &Game, s: &GameSeeds) -> GameView {
        let over = g.status != Status::Playing;
        let safe = g.safe();
        let more = safe < rules::TILES - g.mines && g.status == Status::Playing;
        GameView {
            game_id: id,
            status: g.status,
            mines: g.mines,
            stake: g.stake,
            revealed: g.revealed.clone(),
            safe,
            multiplier: times(rules::multiplier_bp(g.mines, safe, g.edge_bp)),
            next_multiplier: more.then(|| times(rules::multiplier_bp(g.mines, safe + 1, g.edge_bp))),
            payout: match g.status {
                Status::Lost => Paise::ZERO,
                _ => g.payout_now(),
            },
            next_payout: if more { g.payout_next() } else { None },
            max_payout: g.cap,
            mine_tiles: over.then(|| g.board.mines()),
            commitment: s.commitment.clone(),
            client_seed: s.client_seed.clone(),
            nonce: s.nonce,
            server_seed: over.then(|| s.server_seed.clone()),
            created_at: s.created_at,
            ended_at: s.ended_at,
        }
    }
}

/// `GET /api/mines`: the screen's state.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MinesState {
    pub settings: PublicSettings,
    pub suspended: bool,
    pub seeds: Seeds,
    /// The open game, to resume.
    pub game: Option<GameView>,
}

/// The answer to a start, a reveal or a cash-out, once its money moved: the game and the wallet after it.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MinesMoved)]
pub struct Moved {
    pub success: bool,
    pub game: GameView,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub balance: Paise,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub exposure_balance: Paise,
}

/// The answer to `POST /api/mines/seeds`: the seeds from now on, and the server seed they replace (never used).
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MinesReseeded)]
pub struct Reseeded {
    pub success: bool,
    pub seeds: Seeds,
    pub previous_server_seed: String,
    pub previous_commitment: String,
}

/// A finished game's result, as the spec writes it: `Won` or `Lost`.
#[derive(utoipa::ToSchema)]
#[schema(as = MinesHistoryResult)]
#[allow(dead_code)]
pub enum HistoryResult {
    Won,
    Lost,
}

/// A finished game in the player's history (`GET /api/mines/history`), with the spec's `betHistory` fields.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MinesHistoryRow)]
pub struct HistoryRow {
    pub game_id: i64,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub bet: Paise,
    /// `Won` or `Lost`.
    #[schema(value_type = HistoryResult)]
    pub result: &'static str,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub winnings: Paise,
    pub multiplier: f64,
    pub mines: u8,
    pub safe: u8,
    #[schema(value_type = i64)]
    pub date: EpochMs,
}

impl HistoryRow {
    pub fn of(id: i64, g: &Game, s: &GameSeeds) -> HistoryRow {
        let won = g.status == Status::Won;
        HistoryRow {
            game_id: id,
            bet: g.stake,
            result: if won { "Won" } else { "Lost" },
            winnings: g.paid(),
            multiplier: if won { times(rules::multiplier_bp(g.mines, g.safe(), g.edge_bp)) } else { 0.0 },
            mines: g.mines,
            safe: g.safe(),
            date: s.ended_at.unwrap_or(s.created_at),
        }
    }
}

/// `GET /api/mines/history`: the caller's finished games, newest first.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = MinesHistory)]
pub struct History {
    pub games: Vec<HistoryRow>,
}
