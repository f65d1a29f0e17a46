/** Test data: a game as the server would send it (only for unit tests). */
import type { GameView } from '../wire';

export function gameView(over: Partial<GameView> = {}): GameView {
  return {
    gameId: 7,
    status: 'playing',
    mines: 5,
    stake: 100,
    revealed: [],
    safe: 0,
    multiplier: 1,
    nextMultiplier: 1.2125,
    payout: 100,
    nextPayout: 121.25,
    maxPayout: 1_000_000,
    mineTiles: null,
    commitment: 'c'.repeat(64),
    clientSeed: 'public',
    nonce: 3,
    serverSeed: null,
    createdAt: 1_700_000_000_000,
    endedAt: null,
    ...over,
  };
}
