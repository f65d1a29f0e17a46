import { describe, expect, it } from 'vitest';
import {
  andarBaharFrom,
  below,
  colourFrom,
  describeOutcome,
  drawOutcome,
  hexToBytes,
  matchesResult,
  OutOfWords,
  randomBytes,
  sha256Hex,
  shuffle,
  titliFrom,
  toHex,
  verifyRound,
  wordList,
  wordsOf,
  type FairRoundInput,
} from './verify';

const bytes = (fill: number) => hexToBytes(fill.toString(16).padStart(2, '0').repeat(32))!;
// Expected values below come from an independent reference implementation (Python hmac/hashlib) of the same steps.
const SEED1 = '01'.repeat(32);
const SEED2 = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

describe('hashing and words', () => {
  it('hashes the raw seed bytes', async () => {
    expect(await sha256Hex(bytes(0))).toBe('66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925');
    expect(await sha256Hex(hexToBytes(SEED1)!)).toBe(
      '72cd6e8422c407fb6d098690f1130b7ded7ec2f7f5e1d30bd9d521f015363793',
    );
  });
  it('parses hex strictly', () => {
    expect(hexToBytes('0aff')).toEqual(new Uint8Array([10, 255]));
    expect(hexToBytes('abc')).toBeNull();
    expect(hexToBytes('zz')).toBeNull();
    expect(toHex(new Uint8Array([0, 16, 255]))).toBe('0010ff');
  });
  it('reads HMAC blocks as big-endian words', async () => {
    const block0 = await randomBytes(hexToBytes(SEED1)!, 'public', 42, 1);
    expect(toHex(block0)).toBe('445417f9965e7dc7cae2715de18c7a36436be306fe36f3a8f22639c6a20acf72');
    expect(wordsOf(block0)).toEqual([
      1146361849, 2522774983, 3403837789, 3784079926, 1131143942, 4265014184, 4062591430, 2718617458,
    ]);
    const two = await randomBytes(hexToBytes(SEED1)!, 'public', 42, 2);
    expect(two.slice(0, 32)).toEqual(block0);
    expect(two).toHaveLength(64);
  });
});

describe('below', () => {
  it('rejects words at or above 2^32 − (2^32 mod n) and takes the next', () => {
    // 2^32 mod 12 = 4: the limit is 4294967292.
    const src = wordList([4294967295, 4294967292, 4294967291, 25]);
    expect(below(src, 12)).toBe(4294967291 % 12);
    expect(below(src, 12)).toBe(1);
    expect(() => below(src, 12)).toThrow(OutOfWords);
  });
  it('accepts every word when n divides 2^32', () => {
    expect(below(wordList([4294967295]), 2)).toBe(1);
    expect(below(wordList([7]), 1)).toBe(0);
  });
  it('rejects only the top word for n = 3 (2^32 mod 3 = 1)', () => {
    expect(below(wordList([4294967295, 4294967294]), 3)).toBe(4294967294 % 3);
  });
});

describe('mapping', () => {
  it('titli is below(12) + 1', () => {
    expect(titliFrom(wordList([4294967295, 4294967292, 25]))).toEqual({ game: 'titli', winningImageNumber: 2 });
    expect(titliFrom(wordList([11]))).toEqual({ game: 'titli', winningImageNumber: 12 });
  });
  it('color is red, green, blue by below(3)', () => {
    expect(colourFrom(wordList([4294967295, 7]))).toEqual({ game: 'color', colour: 'green' });
    expect(colourFrom(wordList([9]))).toEqual({ game: 'color', colour: 'red' });
    expect(colourFrom(wordList([5]))).toEqual({ game: 'color', colour: 'blue' });
  });
  it('shuffle is a permutation', () => {
    const words = Array.from({ length: 51 }, (_, i) => (i * 2654435761) % 2 ** 32);
    const deck = shuffle(
      wordList(words),
      Array.from({ length: 52 }, (_, i) => i),
    );
    expect([...deck].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i));
  });
  it('andar bahar by hand: all-zero words rotate the deck to [1, 2, …, 51, 0]', () => {
    // Each swap(i, 0) moves i to the front, so deck = [1, 2, …, 51, 0]: joker 1 (a 2), dealt 2…14 (14 is the next 2).
    const o = andarBaharFrom(wordList(new Array(51).fill(0)));
    expect(o).toEqual({
      game: 'andar_bahar',
      joker: 1,
      andar: [2, 4, 6, 8, 10, 12, 14],
      bahar: [3, 5, 7, 9, 11, 13],
      winner: 'Andar',
    });
    expect(describeOutcome(o)).toBe('joker 2♠ · Andar 3♠ 5♠ 7♠ 9♠ J♠ K♠ 2♥ · Bahar 4♠ 6♠ 8♠ 10♠ Q♠ A♥ · Andar wins');
  });
  it('andar bahar from words 0, 1, …, 50', () => {
    const o = andarBaharFrom(wordList(Array.from({ length: 51 }, (_, i) => i)));
    expect(o).toEqual({
      game: 'andar_bahar',
      joker: 46,
      andar: [29, 32, 38, 40],
      bahar: [34, 42, 48, 33],
      winner: 'Bahar',
    });
  });
});

describe('whole rounds', () => {
  it('draws each game from a seed like the reference', async () => {
    const s1 = hexToBytes(SEED1)!;
    expect(await drawOutcome('titli', s1, 'public', 42)).toEqual({ game: 'titli', winningImageNumber: 2 });
    expect(await drawOutcome('color', s1, 'public', 42)).toEqual({ game: 'color', colour: 'green' });
    expect(await drawOutcome('andar_bahar', s1, 'public', 42)).toEqual({
      game: 'andar_bahar',
      joker: 8,
      andar: [5, 3, 6, 11, 33, 1, 48, 31, 47],
      bahar: [17, 24, 16, 14, 43, 10, 45, 27],
      winner: 'Andar',
    });
    const s2 = hexToBytes(SEED2)!;
    expect(await drawOutcome('titli', s2, 'abc', 7)).toEqual({ game: 'titli', winningImageNumber: 5 });
    expect(await drawOutcome('andar_bahar', s2, 'abc', 7)).toMatchObject({
      joker: 22,
      winner: 'Bahar',
      bahar: [27, 51, 40, 0, 36, 15, 46, 2, 28, 4, 9],
    });
  });

  const round = (over: Partial<FairRoundInput>): FairRoundInput => ({
    game: 'titli',
    roundId: 42,
    status: 'settled',
    commitment: '72cd6e8422c407fb6d098690f1130b7ded7ec2f7f5e1d30bd9d521f015363793',
    serverSeed: SEED1,
    clientSeed: 'public',
    result: { winningImageNumber: 2, winningImage: 'cow' },
    ...over,
  });

  it('verifies a round whose seed, commitment and result agree', async () => {
    const v = await verifyRound(round({}));
    expect(v.verdict).toBe('verified');
    expect(v.steps.every((s) => s.ok)).toBe(true);
  });
  it('flags a wrong result, a wrong commitment and a malformed seed', async () => {
    expect((await verifyRound(round({ result: { winningImageNumber: 3, winningImage: 'football' } }))).verdict).toBe(
      'mismatch',
    );
    expect((await verifyRound(round({ commitment: '00'.repeat(32) }))).verdict).toBe('mismatch');
    expect((await verifyRound(round({ serverSeed: 'abcd' }))).verdict).toBe('mismatch');
  });
  it('is pending until the seed is revealed', async () => {
    const v = await verifyRound(round({ serverSeed: null, result: null, status: 'betting' }));
    expect(v.verdict).toBe('pending');
    expect(v.computed).toBeNull();
  });
  it('compares andar bahar cards exactly', () => {
    const o = { game: 'andar_bahar' as const, joker: 1, andar: [2], bahar: [], winner: 'Andar' as const };
    expect(matchesResult(o, { joker: 1, andar: [2], bahar: [], winner: 'Andar' })).toBe(true);
    expect(matchesResult(o, { joker: 1, andar: [2, 3], bahar: [], winner: 'Andar' })).toBe(false);
    expect(matchesResult(o, null)).toBe(false);
  });
});
