/**
 * Matka's drawn results recomputed in the browser, with the same words as the round games (see `verify.ts`): the
 * words of HMAC-SHA256(key = the 32 raw seed bytes, "{clientSeed}:{drawNo}:{block}"); the open panna is three
 * `below(10)` digits, the close panna the next three, each put in the game's order (ascending, 0 ranked after 9:
 * 0, 4, 7 → `470`); the jodi is the open panna's digit (sum of its digits mod 10) then the close panna's.
 */
import {
  commitmentStep,
  below,
  drawWith,
  hexToBytes,
  lines,
  randomBytes,
  sha256Hex,
  st,
  wordsStep,
  type Step,
  type WordSource,
} from './verify';

/** A digit's rank in the game's order: 1 < … < 9 < 0. */
const rank = (d: number) => (d === 0 ? 10 : d);

export function pannaOf(digits: readonly number[]): string {
  return [...digits].sort((a, b) => rank(a) - rank(b)).join('');
}

const digitOf = (panna: string) => Array.from(panna, Number).reduce((s, d) => s + d, 0) % 10;

export interface MatkaResult {
  /** The six digits as drawn, before ordering. */
  digits: number[];
  open: string;
  close: string;
  jodi: string;
  /** `134-80-479`. */
  result: string;
}

export function matkaFrom(src: WordSource): MatkaResult {
  const digits = Array.from({ length: 6 }, () => below(src, 10));
  const open = pannaOf(digits.slice(0, 3));
  const close = pannaOf(digits.slice(3));
  const jodi = `${digitOf(open)}${digitOf(close)}`;
  return { digits, open, close, jodi, result: `${open}-${jodi}-${close}` };
}

/** The result a draw's seed gives. */
export function drawMatka(seed: Uint8Array<ArrayBuffer>, clientSeed: string, drawNo: number): Promise<MatkaResult> {
  return drawWith(seed, clientSeed, drawNo, matkaFrom);
}

/** A chart row as the check reads it (`GET /api/matka/markets/{id}/chart`). */
export interface MatkaFairInput {
  marketId: number;
  drawNo: number;
  commitment: string | null;
  serverSeed: string | null;
  clientSeed: string | null;
  openPanna: string | null;
  closePanna: string | null;
}

export type MatkaVerdict = 'verified' | 'mismatch' | 'pending';

export interface MatkaVerification {
  verdict: MatkaVerdict;
  steps: Step[];
  computed: MatkaResult | null;
}

/** Recomputes a drawn result from its revealed seed and compares it with the commitment and the chart's pannas. */
export async function verifyMatkaDraw(d: MatkaFairInput): Promise<MatkaVerification> {
  if (!d.commitment) {
    return {
      verdict: 'pending',
      computed: null,
      steps: [{ key: 'seed', ok: false, title: st('notDrawn'), detail: st('notDrawnDetail') }],
    };
  }
  if (!d.serverSeed || d.clientSeed === null) {
    return {
      verdict: 'pending',
      computed: null,
      steps: [{ key: 'seed', ok: false, title: st('seedHidden'), detail: st('seedHiddenDraw') }],
    };
  }
  const seed = hexToBytes(d.serverSeed);
  if (!seed || seed.length !== 32) {
    return {
      verdict: 'mismatch',
      computed: null,
      steps: [{ key: 'seed', ok: false, title: st('seedNotHex'), detail: d.serverSeed }],
    };
  }
  const commitment = commitmentStep(await sha256Hex(seed), d.commitment);
  const block0 = await randomBytes(seed, d.clientSeed, d.drawNo, 1);
  const computed = await drawMatka(seed, d.clientSeed, d.drawNo);
  const same = computed.open === d.openPanna && computed.close === d.closePanna;
  const steps: Step[] = [
    commitment,
    wordsStep(st('wordsDraw'), d.clientSeed, d.drawNo, block0, 6, st('digits', { digits: computed.digits.join(', ') })),
    {
      key: 'outcome',
      ok: same,
      title: st('pannasSame'),
      detail: lines(
        st('recomputed', { value: computed.result }),
        st('chart', { value: `${d.openPanna ?? '***'}-…-${d.closePanna ?? '***'}` }),
      ),
    },
  ];
  return { verdict: commitment.ok && same ? 'verified' : 'mismatch', steps, computed };
}
