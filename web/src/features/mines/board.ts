/** What each tile shows (pure), from the server's game only: nothing here decides a tile. */
import { TILES, type GameView } from './wire';

/**
 * - `hidden`: not opened (and the board is not shown yet)
 * - `pending`: tapped, the server's answer is on its way
 * - `gem`: opened, safe
 * - `boom`: opened, a mine (the one that lost the game)
 * - `mine` / `spare`: not opened, shown once the game is over (a mine, or a safe tile)
 */
export type TileFace = 'hidden' | 'pending' | 'gem' | 'boom' | 'mine' | 'spare';

export function tileFaces(game: GameView | null, pendingTile: number | null): TileFace[] {
  const revealed = new Set(game?.revealed ?? []);
  const mines = new Set(game && game.status !== 'playing' ? (game.mineTiles ?? []) : []);
  const over = !!game && game.status !== 'playing' && Array.isArray(game.mineTiles);
  return Array.from({ length: TILES }, (_, t): TileFace => {
    if (revealed.has(t)) return mines.has(t) ? 'boom' : 'gem';
    if (over) return mines.has(t) ? 'mine' : 'spare';
    return t === pendingTile ? 'pending' : 'hidden';
  });
}

/** Whether the game is the same one and further along than `other` (a later game, more tiles, or over). */
export function isNewer(game: GameView, other: GameView): boolean {
  if (game.gameId !== other.gameId) return game.gameId > other.gameId;
  if (game.revealed.length !== other.revealed.length) return game.revealed.length > other.revealed.length;
  return game.status !== 'playing' && other.status === 'playing';
}

/** Of two views of the player's games (the last answer to a move, the last GET), the one further along. */
export function newest(a: GameView | null | undefined, b: GameView | null | undefined): GameView | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return isNewer(b, a) ? b : a;
}

/** The tiles not opened yet, in order. */
export const unopened = (game: GameView): number[] =>
  Array.from({ length: TILES }, (_, t) => t).filter((t) => !game.revealed.includes(t));
