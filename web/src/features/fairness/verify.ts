/**
 * Provably fair, recomputed in the browser (Web Crypto), exactly as the server draws a round:
 *
 * 1. SHA-256 of the 32 raw seed bytes (from the revealed hex server seed) must equal the round's commitment.
 * 2. Random bytes: HMAC-SHA256(key = the raw seed, message = UTF-8 `${clientSeed}:${round}:${block}`) for
 *    block = 0, 1, 2, …, concatenated, read as big-endian uint32 words in order.
 * 3. below(n): the next word w is accepted if w < 2^32 − (2^32 mod n), giving w mod n; else the next word.
 * 4. titli: below(12) + 1; color: ['red','green','blue'][below(3)]; andar_bahar: Fisher–Yates over [0..51]
 *    (i from 51 down to 1, swap i with below(i + 1)), the joker is deck[0], cards are dealt from deck[1] up to
 *    and including the first of the joker's rank, even positions to Andar, odd to Bahar, the last card's side wins.
 */
import i18n from '@/i18n';
import type { Schema } from '@/lib/api-types';

/** The round games, as the server names them (`GET /api/fair/{game}`). */
export type FairGame = Schema<'RoundGameName'>;
export type FairColour = 'red' | 'green' | 'blue';
export type FairSide = 'Andar' | 'Bahar';

export type Outcome =
  | { game: 'titli'; winningImageNumber: number }
  | { game: 'color'; colour: FairColour }
  | { game: 'andar_bahar'; joker: number; andar: number[]; bahar: number[]; winner: FairSide };

/** The words ran out before the draw finished (more HMAC blocks are needed). */
export class OutOfWords extends Error {
  constructor() {
    super('out of random words');
    this.name = 'OutOfWords';
  }
}

export interface WordSource {
  next(): number;
}

export function wordList(words: readonly number[]): WordSource {
  let at = 0;
  return {
    next() {
      if (at >= words.length) throw new OutOfWords();
      return words[at++]!;
    },
  };
}

const SPAN = 2 ** 32;

/** A number in 0..n−1, every value equally likely (rejection sampling). */
export function below(src: WordSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > SPAN) throw new RangeError(`below(${n})`);
  const limit = SPAN - (SPAN % n);
  for (;;) {
    const w = src.next();
    if (w < limit) return w % n;
  }
}

/** Fisher–Yates in place: for i from the last index down to 1, swap item i with item below(i + 1). */
export function shuffle<T>(src: WordSource, items: T[]): T[] {
  for (let i = items.length - 1; i >= 1; i--) {
    const j = below(src, i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export function titliFrom(src: WordSource): Outcome {
  return { game: 'titli', winningImageNumber: below(src, 12) + 1 };
}

const COLOURS: readonly FairColour[] = ['red', 'green', 'blue'];

export function colourFrom(src: WordSource): Outcome {
  return { game: 'color', colour: COLOURS[below(src, 3)]! };
}

export function andarBaharFrom(src: WordSource): Outcome {
  const deck = shuffle(
    src,
    Array.from({ length: 52 }, (_, i) => i),
  );
  const joker = deck[0]!;
  const dealt: number[] = [];
  for (const card of deck.slice(1)) {
    dealt.push(card);
    if (card % 13 === joker % 13) break;
  }
  const andar = dealt.filter((_, k) => k % 2 === 0);
  const bahar = dealt.filter((_, k) => k % 2 === 1);
  return { game: 'andar_bahar', joker, andar, bahar, winner: (dealt.length - 1) % 2 === 0 ? 'Andar' : 'Bahar' };
}

const DRAW: Record<FairGame, (src: WordSource) => Outcome> = {
  titli: titliFrom,
  color: colourFrom,
  andar_bahar: andarBaharFrom,
};

/** Raw bytes from hex (even length, hex digits only), or null. */
export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  const h = hex.trim();
  if (h.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(h)) return null;
  const out = new Uint8Array(new ArrayBuffer(h.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Big-endian uint32 words of a byte string (a trailing partial word is dropped). */
export function wordsOf(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: Math.floor(bytes.length / 4) }, (_, i) => view.getUint32(4 * i, false));
}

const subtle = () => globalThis.crypto.subtle;

export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return toHex(new Uint8Array(await subtle().digest('SHA-256', bytes)));
}

/** The HMAC blocks 0..count−1 of a round, concatenated. */
export async function randomBytes(
  seed: Uint8Array<ArrayBuffer>,
  clientSeed: string,
  round: number,
  count: number,
): Promise<Uint8Array> {
  const key = await subtle().importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const enc = new TextEncoder();
  const blocks = await Promise.all(
    Array.from({ length: count }, (_, b) => subtle().sign('HMAC', key, enc.encode(`${clientSeed}:${round}:${b}`))),
  );
  const out = new Uint8Array(32 * count);
  blocks.forEach((b, i) => out.set(new Uint8Array(b), 32 * i));
  return out;
}

/** `draw` over a round's words; draws more HMAC blocks in the (rare) case rejections use up the first ones. */
export async function drawWith<T>(
  seed: Uint8Array<ArrayBuffer>,
  clientSeed: string,
  round: number,
  draw: (src: WordSource) => T,
): Promise<T> {
  for (let blocks = 8; ; blocks *= 2) {
    const words = wordsOf(await randomBytes(seed, clientSeed, round, blocks));
    try {
      return draw(wordList(words));
    } catch (e) {
      if (!(e instanceof OutOfWords) || blocks >= 1024) throw e;
    }
  }
}

/** The round's outcome from its seed. */
export function drawOutcome(
  game: FairGame,
  seed: Uint8Array<ArrayBuffer>,
  clientSeed: string,
  round: number,
): Promise<Outcome> {
  return drawWith(seed, clientSeed, round, DRAW[game]);
}

const sameCards = (a: unknown, b: readonly number[]) =>
  Array.isArray(a) && a.length === b.length && a.every((c, i) => c === b[i]);

/** Whether the server's shown result is the recomputed outcome (by number, colour and cards; names are labels). */
export function matchesResult(outcome: Outcome, result: unknown): boolean {
  if (!result || typeof result !== 'object') return false;
  const r = result as Record<string, unknown>;
  switch (outcome.game) {
    case 'titli':
      return r.winningImageNumber === outcome.winningImageNumber;
    case 'color':
      return r.colour === outcome.colour;
    case 'andar_bahar':
      return (
        r.joker === outcome.joker &&
        sameCards(r.andar, outcome.andar) &&
        sameCards(r.bahar, outcome.bahar) &&
        r.winner === outcome.winner
      );
  }
}

/** What a round's check reads (from `GET /api/fair/{game}/{round}`: see api/get-fair). */
export interface FairRoundInput {
  game: FairGame;
  roundId: number;
  status: string;
  commitment: string;
  serverSeed: string | null;
  clientSeed: string;
  result: unknown;
}

export type Verdict = 'verified' | 'mismatch' | 'pending';

/** A step's words, in the player's language (`fairness:steps.*`): made when the check runs (its query key carries the language). */
export const st = (key: string, opts?: Record<string, unknown>): string => i18n.t(`fairness:steps.${key}`, opts);

/** A step's detail: one line each. */
export const lines = (...parts: string[]): string => parts.join('\n');

export interface Step {
  key: 'seed' | 'commitment' | 'bytes' | 'outcome' | 'play';
  ok: boolean;
  title: string;
  detail: string;
}

/** The commitment step: the revealed seed's SHA-256 (`hash`) against the commitment published before play. */
export const commitmentStep = (hash: string, commitment: string): Step => ({
  key: 'commitment',
  ok: hash === commitment.trim().toLowerCase(),
  title: st('commitment'),
  detail: st('commitmentDetail', { hash, commitment }),
});

/** The words step: HMAC block 0 of "{clientSeed}:{nonce}:0" and its first `count` words, then what they made (`made`). */
export const wordsStep = (
  title: string,
  clientSeed: string,
  nonce: number,
  block0: Uint8Array,
  count: number,
  ...made: string[]
): Step => ({
  key: 'bytes',
  ok: true,
  title,
  detail: lines(
    st('block0', { message: `${clientSeed}:${nonce}:0`, hex: toHex(block0) }),
    st('words', { words: wordsOf(block0).slice(0, count).join(', ') }),
    ...made,
  ),
});

export interface Verification {
  verdict: Verdict;
  steps: Step[];
  computed: Outcome | null;
}

/** Recomputes a round from its revealed seed and compares it with the commitment and the server's result. */
export async function verifyRound(fair: FairRoundInput): Promise<Verification> {
  if (!fair.serverSeed) {
    return {
      verdict: 'pending',
      computed: null,
      steps: [
        {
          key: 'seed',
          ok: false,
          title: st('seedHidden'),
          detail: st('seedHiddenRound', { status: fair.status || st('statusOpen') }),
        },
      ],
    };
  }
  const seed = hexToBytes(fair.serverSeed);
  if (!seed || seed.length !== 32) {
    return {
      verdict: 'mismatch',
      computed: null,
      steps: [{ key: 'seed', ok: false, title: st('seedNotHex'), detail: fair.serverSeed }],
    };
  }
  const commitment = commitmentStep(await sha256Hex(seed), fair.commitment);
  const bytes = await randomBytes(seed, fair.clientSeed, fair.roundId, 1);
  const computed = await drawOutcome(fair.game, seed, fair.clientSeed, fair.roundId);
  const hasResult = fair.result !== null && fair.result !== undefined;
  const same = hasResult && matchesResult(computed, fair.result);
  const steps: Step[] = [
    commitment,
    wordsStep(st('wordsRound'), fair.clientSeed, fair.roundId, bytes, 4),
    {
      key: 'outcome',
      ok: same,
      title: hasResult ? st('outcomeSame') : st('outcomeNone'),
      detail: describeOutcome(computed),
    },
  ];
  const verdict: Verdict = !commitment.ok || (hasResult && !same) ? 'mismatch' : hasResult ? 'verified' : 'pending';
  return { verdict, steps, computed };
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];
const card = (n: number) => `${RANKS[n % 13]}${SUITS[Math.floor(n / 13)]}`;

/** A one-line description of an outcome (cards as rank and suit), in the player's language. */
export function describeOutcome(o: Outcome): string {
  switch (o.game) {
    case 'titli':
      return i18n.t('fairness:outcome.titli', { picture: o.winningImageNumber });
    case 'color':
      return i18n.t('fairness:outcome.color', { colour: i18n.t(`fairness:outcome.colours.${o.colour}`) });
    case 'andar_bahar':
      return i18n.t('fairness:outcome.andarBahar', {
        joker: card(o.joker),
        andar: o.andar.map(card).join(' '),
        bahar: o.bahar.map(card).join(' ') || '—',
        winner: o.winner,
      });
  }
}
