import { describe, expect, it } from 'vitest';
import { autoStep, clampTarget, FILL_STEP_MS, pickTile, REVEAL_MS } from './auto';
import { unopened } from './board';
import { initialScreen, screenReducer, type Screen } from './state';
import { gameView } from './testing/game';
import type { GameView } from './wire';

describe('auto pacing', () => {
  const g = gameView();
  it('fills the bar in 1 % steps of 100 ms, then opens a tile every 500 ms, then cashes out', () => {
    expect(autoStep({ gameId: 7, target: 2, progress: 0 }, g, false)).toEqual({ kind: 'tick', delay: FILL_STEP_MS });
    expect(autoStep({ gameId: 7, target: 2, progress: 100 }, g, false)).toEqual({ kind: 'reveal', delay: REVEAL_MS });
    expect(autoStep({ gameId: 7, target: 2, progress: 100 }, gameView({ revealed: [1, 2], safe: 2 }), false)).toEqual({
      kind: 'cashout',
      delay: REVEAL_MS,
    });
  });
  it('does nothing while a move is in flight, after the game ends, or for another game', () => {
    const a = { gameId: 7, target: 2, progress: 100 };
    expect(autoStep(a, g, true)).toBeNull();
    expect(autoStep(a, gameView({ status: 'lost' }), false)).toBeNull();
    expect(autoStep(a, gameView({ gameId: 8 }), false)).toBeNull();
    expect(autoStep(null, g, false)).toBeNull();
  });
  it('aims for 1 to all the safe tiles', () => {
    expect(clampTarget(0, 5)).toBe(1);
    expect(clampTarget(30, 5)).toBe(20);
    expect(clampTarget(3, 24)).toBe(1);
    expect(clampTarget(Number.NaN, 5)).toBe(1);
  });
  it('picks among the unopened tiles', () => {
    expect(pickTile([4, 9, 16], () => 0)).toBe(4);
    expect(pickTile([4, 9, 16], () => 0.99)).toBe(16);
    expect(pickTile([], () => 0.5)).toBeNull();
  });

  it('a whole run against a scripted server: 100 ticks, two safe tiles, one cash-out', () => {
    // The "server": tiles 0–4 are mines; every answer is a GameView.
    const mines = [0, 1, 2, 3, 4];
    let server: GameView = gameView();
    let s: Screen = screenReducer(initialScreen, { type: 'moved', move: 'bet', game: server, autoTarget: 2 });
    const calls: string[] = [];
    let elapsed = 0;
    for (let i = 0; i < 200; i++) {
      const step = autoStep(s.auto, s.game, s.busy !== null);
      if (!step) break;
      elapsed += step.delay;
      if (step.kind === 'tick') {
        s = screenReducer(s, { type: 'auto_tick' });
        continue;
      }
      if (step.kind === 'reveal') {
        const tile = pickTile(
          unopened(server).filter((t) => !mines.includes(t)),
          () => 0,
        )!;
        calls.push(`reveal ${tile}`);
        server = { ...server, revealed: [...server.revealed, tile], safe: server.safe + 1 };
        s = screenReducer(screenReducer(s, { type: 'move', move: 'reveal', tile }), {
          type: 'moved',
          move: 'reveal',
          game: server,
        });
      } else {
        calls.push('cashout');
        server = { ...server, status: 'won' };
        s = screenReducer(screenReducer(s, { type: 'move', move: 'cashout' }), {
          type: 'moved',
          move: 'cashout',
          game: server,
        });
      }
    }
    expect(calls).toEqual(['reveal 5', 'reveal 6', 'cashout']);
    expect(elapsed).toBe(100 * FILL_STEP_MS + 3 * REVEAL_MS);
    expect(s.auto).toBeNull();
    expect(s.overlay).toMatchObject({ kind: 'won' });
  });
});
