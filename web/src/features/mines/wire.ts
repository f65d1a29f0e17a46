/**
 * Mines on the wire: mirrors `actors/src/mines/wire.rs` (docs/API.md "Mines"). JSON is camelCase; money is rupees
 * (numbers, at most 2 decimals); multipliers are numbers with at most 4 decimals, for display only (every payout is
 * the server's). Tiles are 0–24, left to right, top to bottom. Mines is REST only: its shapes are the OpenAPI
 * document's.
 */
import type { Schema } from '@/lib/api-types';

export const TILES = 25;
export const COLUMNS = 5;

export type Status = Schema<'MinesStatus'>;

/** `POST /api/mines/betPlace` (the spec's `user` and `round_id` are optional and left out here). */
export type BetPlace = Schema<'MinesBetBody'>;

/** `POST /api/mines/reveal`. */
export type Reveal = Schema<'MinesRevealBody'>;

/** `POST /api/mines/cashout`. */
export type CashOut = Schema<'MinesCashOutBody'>;

/** `POST /api/mines/seeds`: a new client seed (1–64 printable characters); without it only the server seed changes. */
export type Reseed = Schema<'MinesReseedBody'>;

export type PublicSettings = Schema<'MinesSettingsJson'>;

/** The seeds the player's next game will use: the server seed only by its SHA-256. */
export type Seeds = Schema<'MinesSeeds'>;

/** A game as its player sees it. The mines and the server seed show only once it is over. */
export type GameView = Schema<'MinesGame'>;

/** `GET /api/mines`: the screen's state; `game` is the open game to resume. */
export type MinesState = Schema<'MinesState'>;

/** The answer to a start, a reveal or a cash-out, once its money moved: the game and the wallet after it. */
export type Moved = Schema<'MinesMoved'>;

/** The answer to `POST /api/mines/seeds`. */
export type Reseeded = Schema<'MinesReseeded'>;

/** A finished game in `GET /api/mines/history`, newest first (`result`: `Won` or `Lost`). */
export type HistoryRow = Schema<'MinesHistoryRow'>;

export type History = Schema<'MinesHistory'>;

/** A client seed the server takes: 1–64 printable ASCII characters, not only spaces. */
export const isClientSeed = (s: string) => /^[\x20-\x7e]{1,64}$/.test(s) && s.trim().length > 0;

/** Row and column of a tile (0-based). */
export const tileAt = (tile: number) => ({ row: Math.floor(tile / COLUMNS), col: tile % COLUMNS });
