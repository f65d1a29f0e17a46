//! Mines on the wire (`docs/API.md` "Mines"), only the fields a player acts on or checks: the screen's state
//! (`GET /api/mines`), the answer to a move (`Moved`), a refusal (`{success: false, error, message}`) and a history
//! row. Money is read as integer paise through its decimal text.

use crate::common::money::{opt_paise, paise};
use serde::Deserialize;

/// `game.status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Playing,
    Lost,
    Won,
}

impl Status {
    pub fn over(self) -> bool {
        self != Status::Playing
    }
}

/// `GameView`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameView {
    pub game_id: i64,
    pub status: Status,
    pub mines: u8,
    #[serde(deserialize_with = "paise")]
    pub stake: i64,
    /// Opened tiles, in order.
    pub revealed: Vec<u8>,
    pub safe: u8,
    /// A cash-out's value now (playing), what was paid (won), 0 (lost).
    #[serde(deserialize_with = "paise")]
    pub payout: i64,
    #[serde(default, deserialize_with = "opt_paise")]
    pub next_payout: Option<i64>,
    /// Null while playing.
    pub mine_tiles: Option<Vec<u8>>,
}

/// The answer to a start, a reveal or a cash-out: the game and the wallet after it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Moved {
    pub success: bool,
    pub game: GameView,
    #[serde(deserialize_with = "paise")]
    pub balance: i64,
    #[serde(deserialize_with = "paise")]
    pub exposure_balance: i64,
}

/// `settings` of the screen's state.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    #[serde(deserialize_with = "paise")]
    pub min_bet: i64,
    #[serde(deserialize_with = "paise")]
    pub max_bet: i64,
    #[serde(deserialize_with = "paise")]
    pub max_payout: i64,
    pub house_edge_bp: u32,
    pub min_mines: u8,
    pub max_mines: u8,
}

/// `GET /api/mines`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MinesState {
    pub settings: Settings,
    pub suspended: bool,
    /// The open game, to resume.
    pub game: Option<GameView>,
}

/// A refused request.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Refused {
    pub error: String,
    #[serde(default)]
    pub message: String,
}

/// One finished game of `GET /api/mines/history`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryRow {
    pub game_id: i64,
    #[serde(deserialize_with = "paise")]
    pub bet: i64,
    /// `Won` or `Lost`.
    pub result: String,
    #[serde(deserialize_with = "paise")]
    pub winnings: i64,
    pub mines: u8,
    pub safe: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct History {
    pub games: Vec<HistoryRow>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moved_answer_is_read_in_paise() {
        let text = r#"{"success":true,"game":{"gameId":7,"status":"won","mines":3,"stake":100.5,"revealed":[4,9],
            "safe":2,"multiplier":1.2,"nextMultiplier":null,"payout":120.6,"nextPayout":null,"maxPayout":1000000,
            "mineTiles":[0,1,2],"commitment":"c","clientSeed":"s","nonce":2,"serverSeed":"x","createdAt":1,
            "endedAt":2},"balance":100020.1,"exposureBalance":0}"#;
        let m: Moved = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((m.game.game_id, m.game.status, m.game.stake, m.game.payout), (7, Status::Won, 10_050, 12_060));
        assert_eq!((m.balance, m.exposure_balance, m.game.next_payout), (10_002_010, 0, None));
        assert_eq!(m.game.mine_tiles, Some(vec![0, 1, 2]));
    }

    #[test]
    fn the_screen_and_history_are_read() {
        let text = r#"{"settings":{"minBet":10,"maxBet":50000,"maxPayout":1000000,"houseEdgeBp":300,"rtp":0.97,
            "tiles":25,"minMines":1,"maxMines":24,"defaultMines":5},"suspended":false,
            "seeds":{"commitment":"c","clientSeed":"s","nonce":1},"game":null}"#;
        let s: MinesState = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((s.settings.min_bet, s.settings.max_bet, s.settings.house_edge_bp), (1_000, 5_000_000, 300));
        assert_eq!(s.game, None);
        let text = r#"{"games":[{"gameId":3,"bet":10,"result":"Lost","winnings":0,"multiplier":0,"mines":5,"safe":1,
            "date":5}]}"#;
        let h: History = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(h.games[0].bet, 1_000);
    }
}
