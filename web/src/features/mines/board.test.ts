import { describe, expect, it } from 'vitest';
import { isNewer, newest, tileFaces, unopened } from './board';
import { gameView } from './testing/game';

describe('tile faces come from the server’s game only', () => {
  it('shows nothing before a game, and the tapped tile as pending', () => {
    expect(tileFaces(null, null).every((f) => f === 'hidden')).toBe(true);
    const faces = tileFaces(gameView({ revealed: [3], safe: 1 }), 9);
    expect(faces[3]).toBe('gem');
    expect(faces[9]).toBe('pending');
    expect(faces.filter((f) => f === 'hidden')).toHaveLength(23);
  });
  it('shows the whole board once lost: the hit mine, the other mines and the safe tiles', () => {
    const lost = gameView({
      status: 'lost',
      revealed: [0, 4],
      safe: 1,
      mineTiles: [4, 10, 11, 12, 13],
      serverSeed: 'a'.repeat(64),
    });
    const faces = tileFaces(lost, null);
    expect(faces[0]).toBe('gem');
    expect(faces[4]).toBe('boom');
    expect([10, 11, 12, 13].map((t) => faces[t])).toEqual(['mine', 'mine', 'mine', 'mine']);
    expect(faces.filter((f) => f === 'spare')).toHaveLength(19);
  });
  it('never shows mines while playing, even if sent', () => {
    const faces = tileFaces(gameView({ mineTiles: [1, 2, 3, 4, 5] }), null);
    expect(faces.includes('mine')).toBe(false);
  });
  it('lists the unopened tiles', () => {
    expect(unopened(gameView({ revealed: [0, 24] }))).toHaveLength(23);
  });
});

describe('of two views, the one further along', () => {
  const a = gameView({ revealed: [1], safe: 1 });
  it('prefers a later game, more tiles, or the end', () => {
    expect(isNewer(gameView({ gameId: 8 }), a)).toBe(true);
    expect(isNewer(gameView({ revealed: [1, 2], safe: 2 }), a)).toBe(true);
    expect(isNewer(gameView({ revealed: [1], safe: 1, status: 'won' }), a)).toBe(true);
    expect(isNewer(gameView({ revealed: [] }), a)).toBe(false);
  });
  it('keeps a finished game when a stale GET still says playing, and the open game over nothing', () => {
    const won = gameView({ revealed: [1], safe: 1, status: 'won' });
    expect(newest(a, won)).toBe(won);
    expect(newest(won, a)).toBe(won);
    expect(newest(null, a)).toBe(a);
    expect(newest(a, undefined)).toBe(a);
    expect(newest(null, null)).toBeNull();
  });
});
