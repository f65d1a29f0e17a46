/**
 * Mines boards recomputed in the browser, with the same words as the round games (see `verify.ts`): the tiles
 * 0..24 shuffled by Fisher–Yates (i from 24 down to 1, swap i with below(i + 1)) over the words of
 * HMAC-SHA256(key = the 32 raw seed bytes, "{clientSeed}:{nonce}:{block}"); the mines are the first `mines` tiles
 * of the shuffled order (shown ascending, as the server lists them).
 */
import {
  commitmentStep,
  drawWith,
  hexToBytes,
  lines,
  randomBytes,
  sha256Hex,
  shuffle,
  st,
  wordsStep,
  type Step,
  type WordSource,
} from './verify';

export const MINES_TILES = 25;

export interface MinesBoard {
  /** The shuffled tiles; the mines are its first `mines` entries. */
  order: number[];
  /** The mined tiles, ascending. */
  mines: number[];
}

export function minesFrom(src: WordSource, mines: number): MinesBoard {
  if (!Number.isInteger(mines) || mines < 1 || mines > MINES_TILES - 1) throw new RangeError(`mines ${mines}`);
  const order = shuffle(
    src,
    Array.from({ length: MINES_TILES }, (_, i) => i),
  );
  return { order, mines: order.slice(0, mines).sort((a, b) => a - b) };
}

/** The board a game's seeds deal. */
export function dealMines(
  seed: Uint8Array<ArrayBuffer>,
  clientSeed: string,
  nonce: number,
  mines: number,
): Promise<MinesBoard> {
  return drawWith(seed, clientSeed, nonce, (src) => minesFrom(src, mines));
}

/** What a Mines check needs: a finished game (`GET /api/mines/games/{id}`), or seeds typed in by hand. */
export interface MinesFairInput {
  gameId: number | null;
  status: string;
  mines: number;
  /** The SHA-256 the server committed to; null when typed in without one. */
  commitment: string | null;
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  /** The server's mines (null while the game is played, or when typed in). */
  mineTiles: number[] | null;
  /** The tiles opened, in order. */
  revealed: number[];
}

/** `verified`: every comparison held; `mismatch`: one did not; `pending`: the seed is hidden; `computed`: nothing to compare. */
export type MinesVerdict = 'verified' | 'mismatch' | 'pending' | 'computed';

export interface MinesVerification {
  verdict: MinesVerdict;
  steps: Step[];
  board: MinesBoard | null;
}

const sameTiles = (a: readonly number[], b: readonly number[]) => {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  return x.length === y.length && x.every((t, i) => t === y[i]);
};

/** Whether the opened tiles tell the game's end: lost on its last tile (a mine), won without touching one. */
export function playAgrees(status: string, revealed: readonly number[], mines: readonly number[]): boolean {
  const hits = revealed.map((t) => mines.includes(t));
  const firstHit = hits.indexOf(true);
  if (status === 'lost') return firstHit === revealed.length - 1 && revealed.length > 0;
  if (status === 'won') return firstHit === -1 && revealed.length > 0;
  return firstHit === -1;
}

/** Recomputes a game's board from its seeds and compares it with the commitment and the server's mines. */
export async function verifyMinesGame(g: MinesFairInput): Promise<MinesVerification> {
  if (!g.serverSeed) {
    return {
      verdict: 'pending',
      board: null,
      steps: [
        {
          key: 'seed',
          ok: false,
          title: st('seedHidden'),
          detail: st('seedHiddenGame', { status: g.status || st('statusInPlay') }),
        },
      ],
    };
  }
  const seed = hexToBytes(g.serverSeed);
  if (!seed || seed.length !== 32) {
    return {
      verdict: 'mismatch',
      board: null,
      steps: [{ key: 'seed', ok: false, title: st('seedNotHex'), detail: g.serverSeed }],
    };
  }
  if (!Number.isInteger(g.mines) || g.mines < 1 || g.mines > MINES_TILES - 1) {
    return {
      verdict: 'mismatch',
      board: null,
      steps: [{ key: 'outcome', ok: false, title: st('minesRange'), detail: String(g.mines) }],
    };
  }
  const hash = await sha256Hex(seed);
  const block0 = await randomBytes(seed, g.clientSeed, g.nonce, 1);
  const board = await dealMines(seed, g.clientSeed, g.nonce, g.mines);
  const steps: Step[] = [];
  let compared = false;
  let ok = true;
  const check = (step: Step) => {
    steps.push(step);
    compared = true;
    ok &&= step.ok;
  };
  if (g.commitment) {
    check(commitmentStep(hash, g.commitment));
  } else {
    steps.push({ key: 'commitment', ok: true, title: st('hashOnly'), detail: lines(hash, st('noCommitment')) });
  }
  steps.push(
    wordsStep(st('wordsNonce'), g.clientSeed, g.nonce, block0, 4, st('shuffled', { tiles: board.order.join(', ') })),
  );
  if (g.mineTiles) {
    check({
      key: 'outcome',
      ok: sameTiles(board.mines, g.mineTiles),
      title: st('minesSame'),
      detail: lines(
        st('recomputed', { value: board.mines.join(', ') }),
        st('server', { value: g.mineTiles.join(', ') }),
      ),
    });
    check({
      key: 'play',
      ok: playAgrees(g.status, g.revealed, board.mines),
      title: g.status === 'lost' ? st('playLost') : st('playSafe'),
      detail: st('opened', { tiles: g.revealed.join(', ') || '—', status: g.status }),
    });
  } else {
    steps.push({ key: 'outcome', ok: true, title: st('minesOnly'), detail: board.mines.join(', ') });
  }
  return { verdict: !ok ? 'mismatch' : compared ? 'verified' : 'computed', steps, board };
}
