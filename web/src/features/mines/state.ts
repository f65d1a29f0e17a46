/**
 * The Mines screen's own state (pure reducer): the last game a move answered, the move in flight, auto mode and
 * the overlays. The game shown is the newer of this and the last `GET /api/mines` (see `newest`); nothing here
 * computes a tile, a payout or a balance.
 */
import i18n from '@/i18n';
import { clampTarget, FULL, type AutoRun } from './auto';
import { newest } from './board';
import type { GameView } from './wire';

export type Move = 'bet' | 'reveal' | 'cashout';

export type Overlay = { seq: number } & (
  { kind: 'placed' } | { kind: 'won'; payout: number; multiplier: number } | { kind: 'lost'; stake: number }
);

export interface Screen {
  /** The game in the last answer to a move. */
  game: GameView | null;
  busy: Move | null;
  pendingTile: number | null;
  auto: AutoRun | null;
  overlay: Overlay | null;
  /** The last refusal, shown until the next move. */
  message: string;
  seq: number;
}

export const initialScreen: Screen = {
  game: null,
  busy: null,
  pendingTile: null,
  auto: null,
  overlay: null,
  message: '',
  seq: 0,
};

export type ScreenAction =
  | { type: 'move'; move: Move; tile?: number }
  | { type: 'moved'; move: Move; game: GameView; autoTarget?: number | null }
  | { type: 'failed'; message: string }
  /** The game as fetched on its own (after a refusal that says the screen is behind): no overlay. */
  | { type: 'loaded'; game: GameView }
  | { type: 'say'; message: string }
  | { type: 'auto_tick' }
  | { type: 'auto_stop' }
  | { type: 'overlay_done'; seq: number };

function overlayOf(move: Move, game: GameView, seq: number): Overlay | null {
  if (game.status === 'won') return { seq, kind: 'won', payout: game.payout, multiplier: game.multiplier };
  if (game.status === 'lost') return { seq, kind: 'lost', stake: game.stake };
  return move === 'bet' ? { seq, kind: 'placed' } : null;
}

export function screenReducer(s: Screen, a: ScreenAction): Screen {
  switch (a.type) {
    case 'move':
      return { ...s, busy: a.move, pendingTile: a.move === 'reveal' ? (a.tile ?? null) : null, message: '' };
    case 'moved': {
      const seq = s.seq + 1;
      const auto =
        a.game.status !== 'playing'
          ? null
          : a.move === 'bet'
            ? a.autoTarget
              ? { gameId: a.game.gameId, target: clampTarget(a.autoTarget, a.game.mines), progress: 0 }
              : null
            : s.auto;
      return {
        ...s,
        game: a.game,
        busy: null,
        pendingTile: null,
        auto,
        overlay: overlayOf(a.move, a.game, seq) ?? s.overlay,
        message: '',
        seq,
      };
    }
    case 'failed':
      return { ...s, busy: null, pendingTile: null, auto: null, message: a.message };
    case 'loaded':
      return { ...s, game: newest(s.game, a.game), auto: a.game.status === 'playing' ? s.auto : null };
    case 'say':
      return { ...s, message: a.message };
    case 'auto_tick':
      return s.auto ? { ...s, auto: { ...s.auto, progress: Math.min(FULL, s.auto.progress + 1) } } : s;
    case 'auto_stop':
      return { ...s, auto: null };
    case 'overlay_done':
      return s.overlay?.seq === a.seq ? { ...s, overlay: null } : s;
  }
}

/** Whether `tile` may be tapped now: a game in play, no move in flight, not under auto, not opened yet. */
export function canTap(s: Screen, game: GameView | null, tile: number): boolean {
  return !!game && game.status === 'playing' && s.busy === null && s.auto === null && !game.revealed.includes(tile);
}

/** Why Cash out cannot be sent: the spec's messages, as keys. */
export const MSG_NO_BET = 'mines:cashOut.noBet';
export const MSG_ALREADY = 'mines:cashOut.already';
export const MSG_LOST = 'mines:cashOut.lost';
export const MSG_NOTHING = 'mines:cashOut.nothing';

/** Why Cash out cannot be sent now (the spec's messages, in the player's language), or null. */
export function cashOutProblem(game: GameView | null): string | null {
  if (!game) return i18n.t(MSG_NO_BET);
  if (game.status === 'won') return i18n.t(MSG_ALREADY);
  if (game.status === 'lost') return i18n.t(MSG_LOST);
  if (game.safe < 1) return i18n.t(MSG_NOTHING);
  return null;
}

/** Cash out is offered once a safe tile is open, nothing is in flight, and auto's bar (if running) is full. */
export function canCashOut(s: Screen, game: GameView | null): boolean {
  return s.busy === null && cashOutProblem(game) === null && (!s.auto || s.auto.progress >= FULL);
}

/** A new game may start: none in play, nothing in flight. */
export function canBet(s: Screen, game: GameView | null, suspended: boolean): boolean {
  return s.busy === null && !suspended && (!game || game.status !== 'playing');
}

/** The bar: auto's fill while it fills, else safe tiles over the goal (auto's target, or every safe tile). */
export function progressOf(s: Screen, game: GameView | null): { value: number; label: string } {
  if (s.auto && game?.gameId === s.auto.gameId && s.auto.progress < FULL && game.status === 'playing') {
    return {
      value: s.auto.progress,
      label: i18n.t('mines:progress.autoStarts', { seconds: ((FULL - s.auto.progress) / 10).toFixed(1) }),
    };
  }
  if (!game) return { value: 0, label: i18n.t('mines:progress.noGame') };
  const goal = s.auto && s.auto.gameId === game.gameId ? s.auto.target : 25 - game.mines;
  const value = game.status === 'won' ? FULL : Math.min(FULL, Math.round((game.safe / Math.max(1, goal)) * FULL));
  return { value, label: i18n.t('mines:progress.safeTiles', { safe: game.safe, goal }) };
}
