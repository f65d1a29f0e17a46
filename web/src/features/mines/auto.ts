/**
 * Auto mode's pacing (pure): after BET the bar fills in 1 % steps every 100 ms, then a tile is opened every 500 ms
 * until the chosen number of safe tiles, then a cash-out. The client only paces the taps: every tile is the
 * server's, and a move waits for the answer to the one before.
 */
import type { GameView } from './wire';

export const FILL_STEP_MS = 100;
export const REVEAL_MS = 500;
export const FULL = 100;

export interface AutoRun {
  gameId: number;
  /** Safe tiles to open, then cash out. */
  target: number;
  /** The bar, 0–100; tiles open once it is full. */
  progress: number;
}

export type AutoStep =
  { kind: 'tick'; delay: number } | { kind: 'reveal'; delay: number } | { kind: 'cashout'; delay: number };

/** How many safe tiles auto may aim for with `mines` mines: 1 to all the safe tiles. */
export function clampTarget(target: number, mines: number): number {
  const most = Math.max(1, 25 - mines);
  return Math.min(most, Math.max(1, Math.floor(Number.isFinite(target) ? target : 1)));
}

/** The next thing auto does, or null (nothing: not running, a move in flight, or the game is over). */
export function autoStep(auto: AutoRun | null, game: GameView | null, busy: boolean): AutoStep | null {
  if (!auto || busy || !game || game.gameId !== auto.gameId || game.status !== 'playing') return null;
  if (auto.progress < FULL) return { kind: 'tick', delay: FILL_STEP_MS };
  if (game.safe >= auto.target) return { kind: 'cashout', delay: REVEAL_MS };
  return { kind: 'reveal', delay: REVEAL_MS };
}

/** A tile of `choices` for auto to open: `random()` in [0, 1) picks one (the board is fixed by the seeds already). */
export function pickTile(choices: readonly number[], random: () => number): number | null {
  if (choices.length === 0) return null;
  const i = Math.min(choices.length - 1, Math.floor(random() * choices.length));
  return choices[i] ?? null;
}
