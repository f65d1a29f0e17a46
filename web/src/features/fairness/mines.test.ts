import { describe, expect, it } from 'vitest';
import { dealMines, minesFrom, playAgrees, verifyMinesGame, type MinesFairInput } from './mines';
import { hexToBytes, wordList } from './verify';

// Expected boards come from an independent reference (Python hmac/hashlib: the words of
// HMAC-SHA256(seed, "clientSeed:nonce:block"), Fisher–Yates over 0..24 from the last index, swap with below(i + 1)).
// Cross-check with Rust: Board::deal(&ServerSeed::from_hex(SEED).unwrap(), client, nonce, mines).mines().
const SEED1 = '01'.repeat(32);
const SEED2 = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const COMMIT1 = '72cd6e8422c407fb6d098690f1130b7ded7ec2f7f5e1d30bd9d521f015363793';
const COMMIT2 = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';

describe('mines boards', () => {
  it('all-zero words rotate the tiles to [1, 2, …, 24, 0]: 5 mines on 1–5', () => {
    const b = minesFrom(wordList(new Array(24).fill(0)), 5);
    expect(b.order).toEqual([...Array.from({ length: 24 }, (_, i) => i + 1), 0]);
    expect(b.mines).toEqual([1, 2, 3, 4, 5]);
  });
  it('refuses 0 or 25 mines', () => {
    expect(() => minesFrom(wordList([]), 0)).toThrow(RangeError);
    expect(() => minesFrom(wordList([]), 25)).toThrow(RangeError);
  });
  it('vector: seed 01×32, "public", nonce 42, 5 mines → mines 12, 16, 17, 18, 23', async () => {
    const b = await dealMines(hexToBytes(SEED1)!, 'public', 42, 5);
    expect(b.order).toEqual([12, 17, 18, 16, 23, 9, 13, 14, 3, 15, 20, 10, 2, 21, 1, 6, 22, 19, 11, 4, 5, 0, 8, 7, 24]);
    expect(b.mines).toEqual([12, 16, 17, 18, 23]);
    expect((await dealMines(hexToBytes(SEED1)!, 'public', 42, 1)).mines).toEqual([12]);
  });
  it('vector shared with Rust (actors/src/mines/tests.rs a_known_board): seed 07×32, "client", nonce 1, 5 mines → 7, 8, 12, 16, 21', async () => {
    const b = await dealMines(hexToBytes('07'.repeat(32))!, 'client', 1, 5);
    expect(b.mines).toEqual([7, 8, 12, 16, 21]);
    expect(b.order.slice(0, 5)).toEqual([7, 12, 21, 8, 16]);
  });
  it('vector: seed 00 01 … 1f, "my seed", nonce 1, 3 mines → mines 7, 12, 13', async () => {
    expect((await dealMines(hexToBytes(SEED2)!, 'my seed', 1, 3)).mines).toEqual([7, 12, 13]);
  });
  it('vector: seed 00 01 … 1f, "abc", nonce 7, 24 mines → the one safe tile is 2', async () => {
    const b = await dealMines(hexToBytes(SEED2)!, 'abc', 7, 24);
    expect(b.order[24]).toBe(2);
    expect(b.mines).not.toContain(2);
    expect(b.mines).toHaveLength(24);
  });
});

describe('checking a game', () => {
  const game = (over: Partial<MinesFairInput> = {}): MinesFairInput => ({
    gameId: 9,
    status: 'lost',
    mines: 5,
    commitment: COMMIT1,
    serverSeed: SEED1,
    clientSeed: 'public',
    nonce: 42,
    mineTiles: [12, 16, 17, 18, 23],
    revealed: [0, 17],
    ...over,
  });

  it('verifies a lost game whose seed, commitment, mines and play agree', async () => {
    const v = await verifyMinesGame(game());
    expect(v.verdict).toBe('verified');
    expect(v.steps.every((s) => s.ok)).toBe(true);
    expect(v.board?.mines).toEqual([12, 16, 17, 18, 23]);
  });
  it('verifies a won game that never touched a mine', async () => {
    expect((await verifyMinesGame(game({ status: 'won', revealed: [0, 1, 2] }))).verdict).toBe('verified');
  });
  it('flags other mines, a wrong commitment, a malformed seed, and a play the board contradicts', async () => {
    expect((await verifyMinesGame(game({ mineTiles: [12, 16, 17, 18, 24] }))).verdict).toBe('mismatch');
    expect((await verifyMinesGame(game({ commitment: COMMIT2 }))).verdict).toBe('mismatch');
    expect((await verifyMinesGame(game({ serverSeed: 'abcd' }))).verdict).toBe('mismatch');
    expect((await verifyMinesGame(game({ revealed: [0, 1] }))).verdict).toBe('mismatch');
    expect((await verifyMinesGame(game({ status: 'won', revealed: [12] }))).verdict).toBe('mismatch');
  });
  it('is pending while the seed is hidden', async () => {
    const v = await verifyMinesGame(game({ status: 'playing', serverSeed: null, mineTiles: null }));
    expect(v.verdict).toBe('pending');
    expect(v.board).toBeNull();
  });
  it('computes a board from seeds typed in by hand, with or without a commitment', async () => {
    const typed = game({ gameId: null, status: 'entered by hand', commitment: null, mineTiles: null, revealed: [] });
    const v = await verifyMinesGame(typed);
    expect(v.verdict).toBe('computed');
    expect(v.board?.mines).toEqual([12, 16, 17, 18, 23]);
    expect((await verifyMinesGame({ ...typed, commitment: COMMIT1 })).verdict).toBe('verified');
    expect((await verifyMinesGame({ ...typed, commitment: COMMIT2 })).verdict).toBe('mismatch');
  });
  it('reads the play: lost on the last tile only', () => {
    expect(playAgrees('lost', [1, 5], [5])).toBe(true);
    expect(playAgrees('lost', [5, 1], [5])).toBe(false);
    expect(playAgrees('won', [1], [5])).toBe(true);
    expect(playAgrees('won', [], [5])).toBe(false);
    expect(playAgrees('playing', [1], [5])).toBe(true);
  });
});
