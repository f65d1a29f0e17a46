//! What the three-card game's calls answer and its room hears (`docs/API.md` "Aar Par Parchi"), mirrored by
//! `web/src/features/parchi/wire.ts`. Cards are numbered 1 to 3 on the wire, and named `{matchId}-{n}`.

use super::store::PlayRow;
use crate::clock::EpochMs;
use crate::money::Paise;
use crate::sports::feed::MatchStatus;
use serde::{Deserialize, Serialize};

/// Where a match's game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ParchiGameStatus)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Plays are taken: the match has not reached its first ball.
    Open,
    /// Plays closed at the first ball with all three cards locked: the match goes on, the game is settled at its end.
    Closed,
    Finished,
    /// Every stake was returned (an operator abandoned the game, or the match did not survive a restart).
    Abandoned,
    /// Plays closed at the first ball with the three cards not all locked: the game is void and every stake was
    /// returned then.
    Void,
}

/// The spec's nested copy of a card's players (`cards[0]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ParchiCardData)]
#[serde(rename_all = "camelCase")]
pub struct CardData {
    #[serde(rename = "_id")]
    pub id: String,
    pub player1: Option<String>,
    pub player2: Option<String>,
    pub total_runs: u32,
    pub is_winner: bool,
}

/// One of a match's three cards: its two cricket players once locked, their runs, and its plays.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ParchiCardView)]
#[serde(rename_all = "camelCase")]
pub struct CardView {
    #[serde(rename = "_id")]
    pub id: String,
    /// 1 to 3.
    pub card: usize,
    pub player1: Option<String>,
    pub player2: Option<String>,
    pub total_runs: u32,
    pub people_played: usize,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub total_stake: Paise,
    pub is_winner: bool,
    pub locked: bool,
    /// Who played it, masked.
    pub user: Vec<String>,
    pub cards: [CardData; 1],
}

/// `GET /api/cards/{match}`, the `parchi:join` ack and the room's `parchi:board`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ParchiBoard)]
#[serde(rename_all = "camelCase")]
pub struct BoardView {
    pub success: bool,
    pub match_id: i64,
    pub match_name: String,
    pub score_iframe: String,
    pub match_status: MatchStatus,
    pub status: GameStatus,
    pub plays_open: bool,
    /// When plays close, in words: at the match's first ball.
    pub closes_at: String,
    pub cards: Vec<CardView>,
    /// 1 to 3, once the match is over and one card alone has the most runs.
    pub winner_card: Option<usize>,
}

crate::server_event!(
    BoardView = "parchi:board" in "parchi:{id}",
    "The board: whenever a play is taken, a card's total moves, plays close or the game ends"
);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ParchiEntryStatus)]
#[serde(rename_all = "snake_case")]
pub enum EntryStatus {
    /// Its stake is held until the match ends (or, if the cards are not all locked then, until its first ball).
    Held,
    Won,
    Lost,
    /// Its stake came back: a tie for the most, the game void at the first ball, or the match abandoned.
    Returned,
}

/// One play, as `GET /api/match/get-by-matchname/{match}` lists it (the winners table reads the `won` ones).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ParchiEntry)]
#[serde(rename_all = "camelCase")]
pub struct EntryView {
    #[serde(rename = "_id")]
    pub id: i64,
    /// `{matchId}-{n}`.
    pub card: String,
    pub card_no: usize,
    #[serde(rename = "CardData")]
    pub card_data: CardData,
    pub user_array: [String; 1],
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub betpoints: Paise,
    /// What a win would add to the stake while held (equal to it); what it did add once ended.
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub profit: Paise,
    /// What the end paid (0 while held or lost).
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub payout: Paise,
    pub status: EntryStatus,
    #[schema(value_type = i64)]
    pub created_at: EpochMs,
}

/// `GET /api/match/get-by-matchname/{match}`: every play on a match's game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ParchiEntryList)]
#[serde(rename_all = "camelCase")]
pub struct EntryList {
    pub success: bool,
    pub match_id: i64,
    pub entries: Vec<EntryView>,
}

/// A cricket player of the match and their runs in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ParchiPlayer)]
#[serde(rename_all = "camelCase")]
pub struct PlayerView {
    pub playername: String,
    pub score: u32,
    pub team: usize,
    pub team_name: String,
    /// Already on a card.
    pub taken: bool,
    pub match_id: i64,
    pub match_name: String,
}

/// `GET /api/players`: the cricket players of every match in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ParchiPlayerList)]
#[serde(rename_all = "camelCase")]
pub struct PlayerList {
    pub success: bool,
    pub players: Vec<PlayerView>,
}

/// A play taken: `PUT /api/match/select/{match}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ParchiPlayed)]
#[serde(rename_all = "camelCase")]
pub struct Played {
    pub success: bool,
    pub message: String,
    pub entry: EntryView,
    pub board: BoardView,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub balance: Paise,
    #[serde(with = "crate::money::rupees")]
    #[schema(value_type = crate::money::RupeesJson)]
    pub exposure_balance: Paise,
}

/// `GET /api/match/get-players-by-matchname/{match}`: a match's cricket players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = ParchiMatchPlayers)]
#[serde(rename_all = "camelCase")]
pub struct MatchPlayers {
    pub success: bool,
    pub match_id: i64,
    pub match_name: String,
    pub players: Vec<PlayerView>,
}

/// `PUT /api/cards/select/{cardId}`: a play that can be made, and the card as it would be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = ParchiPlayCheck)]
pub struct PlayCheck {
    pub success: bool,
    pub message: &'static str,
    pub card: CardView,
}

/// `GET /api/parchi/bets/{userId}`: a player's plays, newest first.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = ParchiBetHistory)]
pub struct BetHistory {
    pub success: bool,
    pub bets: Vec<PlayRow>,
}
