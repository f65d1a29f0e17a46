/**
 * Mines on the wire: mirrors `actors/src/mines/wire.rs` (docs/API.md "Mines"). JSON is camelCase; money is rupees
 * (numbers, at most 2 decimals); multipliers are numbers with at most 4 decimals, for display only (every payout is
 * the server's). Tiles are 0–24, left to right, top to bottom.
 */

export const TILES = 25;
export const COLUMNS = 5;

export type Status = 'playing' | 'lost' | 'won';

/** `POST /api/mines/betPlace` (the spec's `user` and `round_id` are optional and left out here). */
export interface BetPlace {
  betAmt: number;
  mines?: number;
}

/** `POST /api/mines/reveal`. */
export interface Reveal {
  tile: number;
  gameId?: number;
}

/** `POST /api/mines/cashout`. */
export interface CashOut {
  gameId?: number;
}

/** `POST /api/mines/seeds`: a new client seed (1–64 printable characters); without it only the server seed changes. */
export interface Reseed {
  clientSeed?: string;
}

export interface PublicSettings {
  minBet: number;
  maxBet: number;
  maxPayout: number;
  houseEdgeBp: number;
  /** Return to player, e.g. 0.97. */
  rtp: number;
  tiles: number;
  minMines: number;
  maxMines: number;
  defaultMines: number;
}

/** The seeds the player's next game will use: the server seed only by its SHA-256. */
export interface Seeds {
  commitment: string;
  clientSeed: string;
  nonce: number;
}

/** A game as its player sees it. The mines and the server seed show only once it is over. */
export interface GameView {
  gameId: number;
  status: Status;
  mines: number;
  stake: number;
  /** Opened tiles, in the order they were opened. */
  revealed: number[];
  safe: number;
  multiplier: number;
  /** Null when no safe tile is left. */
  nextMultiplier: number | null;
  /** What a cash-out pays now (playing), what was paid (won), or 0 (lost). */
  payout: number;
  nextPayout: number | null;
  maxPayout: number;
  /** The mined tiles (ascending), once the game is over. */
  mineTiles: number[] | null;
  commitment: string;
  clientSeed: string;
  nonce: number;
  /** Revealed once the game is over. */
  serverSeed: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
  endedAt: number | null;
}

/** `GET /api/mines`: the screen's state; `game` is the open game to resume. */
export interface MinesState {
  settings: PublicSettings;
  suspended: boolean;
  seeds: Seeds;
  game: GameView | null;
}

/** The answer to a start, a reveal or a cash-out, once its money moved: the game and the wallet after it. */
export interface Moved {
  success: boolean;
  game: GameView;
  balance: number;
  exposureBalance: number;
}

/** The answer to `POST /api/mines/seeds`. */
export interface Reseeded {
  success: boolean;
  seeds: Seeds;
  previousServerSeed: string;
  previousCommitment: string;
}

/** A finished game in `GET /api/mines/history`, newest first. */
export interface HistoryRow {
  gameId: number;
  bet: number;
  result: 'Won' | 'Lost';
  winnings: number;
  /** 0 when lost. */
  multiplier: number;
  mines: number;
  safe: number;
  /** Epoch milliseconds. */
  date: number;
}

export interface History {
  games: HistoryRow[];
}

/** The error codes of docs/API.md "Mines" (the server sends `{error, message}`). */
export type MinesError =
  | 'invalid_amount'
  | 'stake_too_low'
  | 'stake_too_high'
  | 'invalid_mines'
  | 'insufficient_balance'
  | 'game_open'
  | 'suspended'
  | 'no_game'
  | 'not_your_game'
  | 'game_over'
  | 'invalid_tile'
  | 'tile_revealed'
  | 'hit_mine'
  | 'already_cashed_out'
  | 'nothing_to_cash_out'
  | 'max_win'
  | 'invalid_seed'
  | 'busy';

/** A client seed the server takes: 1–64 printable ASCII characters, not only spaces. */
export const isClientSeed = (s: string) => /^[\x20-\x7e]{1,64}$/.test(s) && s.trim().length > 0;

/** Row and column of a tile (0-based). */
export const tileAt = (tile: number) => ({ row: Math.floor(tile / COLUMNS), col: tile % COLUMNS });
