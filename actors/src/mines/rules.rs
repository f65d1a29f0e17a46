//! Mines, pure: a 5×5 board with 1–24 mines placed by the game's seeds, tiles revealed one at a time, a cash-out
//! after any safe tile. No clock, no IO, no global randomness.
//!
//! - Tiles are numbered 0–24, left to right, top to bottom.
//! - The mines are the first `m` tiles of `0..25` shuffled by [`Dice::shuffle`] from
//!   `HMAC-SHA256(server seed, "{client seed}:{nonce}:{block}")` (see [`crate::fair`]).
//! - After `k` safe tiles with `m` mines a cash-out pays `stake × (1 − edge) × C(25, k) / C(25 − m, k)`, rounded
//!   down to the paisa and capped at the game's maximum payout. The chance of `k` safe tiles in a row is
//!   `C(25 − m, k) / C(25, k)`, so every way of playing returns `1 − edge` of the stake (less the rounding).

use crate::fair::{Dice, Rtp, ServerSeed};
use crate::money::Paise;
use serde::{Deserialize, Serialize};

pub const TILES: u8 = 25;
pub const MIN_MINES: u8 = 1;
pub const MAX_MINES: u8 = 24;
/// The spec's figure.
pub const DEFAULT_MINES: u8 = 5;
/// Basis points: 10,000 is the whole stake.
pub const BP: u64 = 10_000;

/// What an operator may set; a game keeps the settings it started with. Amounts in paise.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MinesSettings {
    /// Paise.
    #[schema(value_type = i64, example = 1000)]
    pub min_bet: Paise,
    /// Paise.
    #[schema(value_type = i64, example = 5000000)]
    pub max_bet: Paise,
    /// The house's share of every stake, in basis points (300 = 3%, a 97% return to player).
    pub house_edge_bp: u32,
    /// No game pays more than this; a reveal is refused once a cash-out would reach it. Paise.
    #[schema(value_type = i64, example = 100000000)]
    pub max_payout: Paise,
}

impl Default for MinesSettings {
    fn default() -> Self {
        MinesSettings {
            min_bet: Paise::from_rupees(10),
            max_bet: Paise::from_rupees(50_000),
            house_edge_bp: 300,
            max_payout: Paise::from_rupees(1_000_000),
        }
    }
}

impl MinesSettings {
    pub fn check(&self) -> Result<(), String> {
        if !self.min_bet.is_positive() || self.max_bet < self.min_bet {
            return Err("stakes need 0 < minBet ≤ maxBet".into());
        }
        if self.house_edge_bp == 0 || self.house_edge_bp >= 5_000 {
            return Err("the house edge is 1 to 4,999 basis points".into());
        }
        if self.max_payout < self.max_bet {
            return Err("the maximum payout must be at least the maximum bet".into());
        }
        Ok(())
    }

    /// The return to player of every way of playing, before rounding to the paisa.
    pub fn rtp(&self) -> Rtp {
        Rtp { numerator: u128::from(BP - u64::from(self.house_edge_bp)), denominator: u128::from(BP) }
    }
}

/// `C(n, k)`, exact for a 25-tile board.
pub fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}

/// `(1 − edge) · C(25, k) / C(25 − m, k)` as an exact fraction `(numerator, denominator)`.
fn fraction(mines: u8, safe: u8, edge_bp: u32) -> (u128, u128) {
    let n = u64::from(TILES);
    let num = u128::from(BP - u64::from(edge_bp)) * u128::from(choose(n, u64::from(safe)));
    let den = u128::from(BP) * u128::from(choose(n - u64::from(mines), u64::from(safe)));
    (num, den)
}

/// The multiplier after `safe` safe tiles, in ten-thousandths, rounded down (what the screen shows).
pub fn multiplier_bp(mines: u8, safe: u8, edge_bp: u32) -> u64 {
    if safe == 0 {
        return BP;
    }
    let (num, den) = fraction(mines, safe, edge_bp);
    (num * u128::from(BP) / den) as u64
}

/// What a cash-out after `safe` safe tiles pays, stake included: exact, rounded down to the paisa, at most `cap`.
pub fn payout(stake: Paise, mines: u8, safe: u8, edge_bp: u32, cap: Paise) -> Paise {
    if safe == 0 {
        return stake;
    }
    let (num, den) = fraction(mines, safe, edge_bp);
    let exact = u128::try_from(stake.get()).unwrap_or(0) * num / den;
    Paise::new(i64::try_from(exact).unwrap_or(i64::MAX)).min(cap)
}

/// Where the mines are: a bit per tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board(u32);

impl Board {
    /// The board the seeds decide (see the module documentation).
    pub fn deal(seed: &ServerSeed, client_seed: &str, nonce: i64, mines: u8) -> Board {
        let mut tiles: Vec<u8> = (0..TILES).collect();
        Dice::new(seed, client_seed, nonce).shuffle(&mut tiles);
        Board::from_tiles(&tiles[..usize::from(mines)])
    }

    pub fn from_tiles(tiles: &[u8]) -> Board {
        Board(tiles.iter().fold(0, |bits, t| bits | 1 << t))
    }

    pub fn is_mine(self, tile: u8) -> bool {
        self.0 & (1 << tile) != 0
    }

    /// The mined tiles, ascending.
    pub fn mines(self) -> Vec<u8> {
        (0..TILES).filter(|t| self.is_mine(*t)).collect()
    }
}

/// What a game is at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = MinesStatus)]
pub enum Status {
    Playing,
    /// A mine was revealed: the stake is lost.
    Lost,
    /// Cashed out (by the player, or by revealing the last safe tile).
    Won,
}

/// Why a move is refused. Nothing changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum Refusal {
    #[error("Tiles are numbered 0 to 24")]
    NoSuchTile,
    #[error("That tile is already open")]
    AlreadyRevealed,
    #[error("This game is over: it hit a mine")]
    Lost,
    #[error("You Already Cashout")]
    AlreadyCashedOut,
    #[error("Open at least one tile before cashing out")]
    NothingToCashOut,
    #[error("This game has reached the maximum win: cash out")]
    MaxWin,
}

/// One game: its board, its stake and settings, and the tiles opened so far (in order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub board: Board,
    pub mines: u8,
    pub stake: Paise,
    pub edge_bp: u32,
    pub cap: Paise,
    pub revealed: Vec<u8>,
    pub status: Status,
}

/// What a reveal did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Revealed {
    /// Safe; the game goes on.
    Safe,
    /// Safe, and no safe tile is left: the game is cashed out for `payout`.
    Cleared { payout: Paise },
    /// A mine: the stake is lost.
    Mine,
}

impl Game {
    pub fn new(board: Board, mines: u8, stake: Paise, edge_bp: u32, cap: Paise) -> Game {
        Game { board, mines, stake, edge_bp, cap, revealed: Vec::new(), status: Status::Playing }
    }

    /// Safe tiles opened so far.
    pub fn safe(&self) -> u8 {
        self.revealed.iter().filter(|t| !self.board.is_mine(**t)).count() as u8
    }

    /// What a cash-out would pay now.
    pub fn payout_now(&self) -> Paise {
        payout(self.stake, self.mines, self.safe(), self.edge_bp, self.cap)
    }

    /// What a cash-out would pay after one more safe tile, if one is left.
    pub fn payout_next(&self) -> Option<Paise> {
        let next = self.safe() + 1;
        (next <= TILES - self.mines).then(|| payout(self.stake, self.mines, next, self.edge_bp, self.cap))
    }

    fn playing(&self) -> Result<(), Refusal> {
        match self.status {
            Status::Playing => Ok(()),
            Status::Lost => Err(Refusal::Lost),
            Status::Won => Err(Refusal::AlreadyCashedOut),
        }
    }

    /// Opens `tile`.
    pub fn reveal(&mut self, tile: u8) -> Result<Revealed, Refusal> {
        self.playing()?;
        if tile >= TILES {
            return Err(Refusal::NoSuchTile);
        }
        if self.revealed.contains(&tile) {
            return Err(Refusal::AlreadyRevealed);
        }
        if self.safe() > 0 && self.payout_now() >= self.cap {
            return Err(Refusal::MaxWin);
        }
        self.revealed.push(tile);
        if self.board.is_mine(tile) {
            self.status = Status::Lost;
            return Ok(Revealed::Mine);
        }
        if self.safe() == TILES - self.mines {
            self.status = Status::Won;
            return Ok(Revealed::Cleared { payout: self.payout_now() });
        }
        Ok(Revealed::Safe)
    }

    /// Cashes out: what it pays.
    pub fn cash_out(&mut self) -> Result<Paise, Refusal> {
        self.playing()?;
        if self.safe() == 0 {
            return Err(Refusal::NothingToCashOut);
        }
        self.status = Status::Won;
        Ok(self.payout_now())
    }

    /// What the game pays as it stands (zero unless won).
    pub fn paid(&self) -> Paise {
        if self.status == Status::Won { self.payout_now() } else { Paise::ZERO }
    }
}

/// Why a game cannot start. Nothing moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum StartRefusal {
    #[error("Bet amount must be more than 0")]
    NotPositive,
    #[error("The minimum bet is ₹{0}")]
    BelowMinimum(Paise),
    #[error("The maximum bet is ₹{0}")]
    AboveMaximum(Paise),
    #[error("Choose 1 to 24 mines")]
    Mines,
}

/// Whether a game of `stake` with `mines` mines may start under `settings`.
pub fn check_start(settings: &MinesSettings, stake: Paise, mines: u8) -> Result<(), StartRefusal> {
    if !stake.is_positive() {
        return Err(StartRefusal::NotPositive);
    }
    if stake < settings.min_bet {
        return Err(StartRefusal::BelowMinimum(settings.min_bet));
    }
    if stake > settings.max_bet {
        return Err(StartRefusal::AboveMaximum(settings.max_bet));
    }
    if !(MIN_MINES..=MAX_MINES).contains(&mines) {
        return Err(StartRefusal::Mines);
    }
    Ok(())
}
