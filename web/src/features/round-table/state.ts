/** Round-table client state: a pure reducer over the shared `{game}:*` events and the player's own bets. */
import i18n from '@/i18n';
import type {
  BetAccepted,
  FeedRow,
  GamePhase,
  GameState,
  Past,
  PickLine,
  PickPayout,
  RevealResult,
  RevealStep,
  RoundStart,
  TimerUpdate,
  WinResult,
} from './wire';
import { isGamePhase } from './wire';

export const HISTORY_KEEP = 30;

/** A bet the server took this round. */
export interface MyTicket<P> {
  roundId: number;
  ticket: number;
  bets: PickLine<P>[];
  total: number;
}

/** The seed revealed for a settled round (for the fairness link). */
export interface Revealed {
  roundId: number;
  serverSeed: string;
  commitment: string;
  clientSeed: string;
}

export interface TableState<P, S, T> {
  /** A `gameState` (or the join ack) has arrived. */
  ready: boolean;
  roundId: number | null;
  phase: GamePhase;
  bettingOpen: boolean;
  /** Seconds as the server last said, and the local clock (ms) when it said it. */
  timeRemaining: number;
  receivedAt: number;
  commitment: string;
  clientSeed: string;
  result: S | null;
  /** Reveal steps of the current round, by index. */
  steps: T[];
  history: Past<S>[];
  payouts: PickPayout<P>[];
  minStake: number;
  maxStake: number;
  maxPicks: number;
  feed: FeedRow<P>[];
  tickets: MyTicket<P>[];
  lastWin: WinResult<P, S> | null;
  revealed: Revealed | null;
  /** Events arrived for a round this state does not know (or a reveal without its start): join again. */
  needsSync: boolean;
  /** Why the last join got no table (the server's message), or null. */
  joinError: string | null;
}

export type TableAction<P, S, T> =
  | { type: 'game_state'; msg: GameState<P, S>; at: number }
  | { type: 'join_failed'; message: string }
  | { type: 'round_start'; msg: RoundStart; at: number }
  | { type: 'timer'; msg: TimerUpdate; at: number }
  | { type: 'reveal_step'; msg: RevealStep<T> }
  | { type: 'reveal_result'; msg: RevealResult<S> }
  | { type: 'win_result'; msg: WinResult<P, S> }
  | { type: 'bets'; rows: FeedRow<P>[] }
  | { type: 'bet_placed'; ack: BetAccepted<P> };

export function initialTableState<P, S, T>(): TableState<P, S, T> {
  return {
    ready: false,
    roundId: null,
    phase: 'betting',
    bettingOpen: false,
    timeRemaining: 0,
    receivedAt: 0,
    commitment: '',
    clientSeed: '',
    result: null,
    steps: [],
    history: [],
    payouts: [],
    minStake: 0,
    maxStake: 0,
    maxPicks: 1,
    feed: [],
    tickets: [],
    lastWin: null,
    revealed: null,
    needsSync: false,
    joinError: null,
  };
}

function addHistory<S>(history: Past<S>[], past: Past<S>): Past<S>[] {
  if (history.some((h) => h.roundId === past.roundId)) return history;
  return [past, ...history].slice(0, HISTORY_KEEP);
}

/** What a new round clears: its result, steps, feed, and last round's tickets and win. */
function newRound<P, S, T>(s: TableState<P, S, T>, roundId: number): TableState<P, S, T> {
  return {
    ...s,
    roundId,
    result: null,
    steps: [],
    feed: [],
    tickets: s.tickets.filter((t) => t.roundId === roundId),
    lastWin: s.lastWin && s.lastWin.roundId === roundId ? s.lastWin : null,
  };
}

function onGameState<P, S, T>(s: TableState<P, S, T>, m: GameState<P, S>, at: number): TableState<P, S, T> {
  const base = m.roundId === s.roundId ? s : newRound(s, m.roundId);
  return {
    ...base,
    ready: true,
    // A phase this client does not know keeps the one it shows (the document types `gamePhase` as any text).
    phase: isGamePhase(m.gamePhase) ? m.gamePhase : base.phase,
    bettingOpen: m.bettingOpen,
    timeRemaining: m.timeRemaining,
    receivedAt: at,
    commitment: m.commitment,
    clientSeed: m.clientSeed,
    result: m.result ?? null,
    // Steps already received stay while revealing: the state's partial result may lag the step events.
    steps: m.gamePhase === 'betting' || m.gamePhase === 'closed' ? [] : base.steps,
    history: Array.isArray(m.history) ? m.history.slice(0, HISTORY_KEEP) : base.history,
    payouts: Array.isArray(m.payouts) ? m.payouts : base.payouts,
    minStake: m.minStake,
    maxStake: m.maxStake,
    maxPicks: m.maxPicks,
    needsSync: false,
    joinError: null,
  };
}

/** A later round than the one this state shows (events of an older round are stale and ignored). */
const isNewer = (s: { roundId: number | null }, roundId: number) => s.roundId === null || roundId > s.roundId;

export function tableReducer<P, S, T>(s: TableState<P, S, T>, a: TableAction<P, S, T>): TableState<P, S, T> {
  switch (a.type) {
    case 'game_state':
      return onGameState(s, a.msg, a.at);
    case 'join_failed':
      return { ...s, joinError: a.message, needsSync: false };
    case 'round_start': {
      const m = a.msg;
      if (s.roundId !== null && m.roundId < s.roundId) return s;
      const base = m.roundId === s.roundId ? s : newRound(s, m.roundId);
      return {
        ...base,
        phase: 'betting',
        bettingOpen: true,
        timeRemaining: m.timeRemaining,
        receivedAt: a.at,
        commitment: m.commitment,
        clientSeed: m.clientSeed,
        needsSync: false,
      };
    }
    case 'timer': {
      const m = a.msg;
      if (s.roundId !== null && m.roundId < s.roundId) return s;
      const newer = isNewer(s, m.roundId);
      const base = newer ? { ...newRound(s, m.roundId), commitment: '', clientSeed: '', needsSync: true } : s;
      return {
        ...base,
        phase: isGamePhase(m.gamePhase) ? m.gamePhase : base.phase,
        bettingOpen: m.bettingOpen,
        timeRemaining: m.timeRemaining,
        receivedAt: a.at,
      };
    }
    case 'reveal_step': {
      const m = a.msg;
      if (m.roundId !== s.roundId || !Number.isInteger(m.index) || m.index < 0)
        return isNewer(s, m.roundId) ? { ...s, needsSync: true } : s;
      const steps = [...s.steps];
      steps[m.index] = m.step;
      // The reveal's start is not an event: without a partial result the screen lacks what came before the steps.
      return { ...s, steps, phase: 'revealing', bettingOpen: false, needsSync: s.needsSync || s.result === null };
    }
    case 'reveal_result': {
      const m = a.msg;
      if (s.roundId !== null && m.roundId < s.roundId)
        return { ...s, history: addHistory(s.history, { roundId: m.roundId, result: m.result }) };
      const base = m.roundId === s.roundId ? s : newRound(s, m.roundId);
      return {
        ...base,
        phase: 'settled',
        bettingOpen: false,
        result: m.result,
        history: addHistory(base.history, { roundId: m.roundId, result: m.result }),
        revealed: { roundId: m.roundId, serverSeed: m.serverSeed, commitment: m.commitment, clientSeed: m.clientSeed },
        needsSync: false,
      };
    }
    case 'win_result':
      return s.roundId === null || a.msg.roundId >= s.roundId ? { ...s, lastWin: a.msg } : s;
    case 'bets':
      return Array.isArray(a.rows) ? { ...s, feed: a.rows } : s;
    case 'bet_placed': {
      const { roundId, ticket, bets, total } = a.ack;
      if (roundId !== s.roundId || s.tickets.some((t) => t.ticket === ticket)) return s;
      return { ...s, tickets: [...s.tickets, { roundId, ticket, bets, total }] };
    }
  }
}

/** Whole seconds left, counted down locally between the server's once-a-second updates. */
export function secondsLeft(
  s: Pick<TableState<unknown, unknown, unknown>, 'timeRemaining' | 'receivedAt'>,
  now: number,
): number {
  const gone = Math.floor(Math.max(0, now - s.receivedAt) / 1000);
  return Math.max(0, s.timeRemaining - gone);
}

/** Bets are taken now (the server decides; this only enables the buttons). */
export function canBet(
  s: Pick<TableState<unknown, unknown, unknown>, 'ready' | 'roundId' | 'phase' | 'bettingOpen'>,
): boolean {
  return s.ready && s.roundId !== null && s.phase === 'betting' && s.bettingOpen;
}

/** What a pick pays per rupee (stake included), or `fallback` before the table has said. */
export function payoutOf<P>(payouts: PickPayout<P>[], pick: P, fallback: number): number {
  return payouts.find((p) => p.pick === pick)?.payout ?? fallback;
}

/** What the countdown counts to in each phase, in the player's language. */
export function countdownLabel(phase: GamePhase): string {
  return i18n.t(
    phase === 'settled'
      ? 'roundTable:countdown.nextRound'
      : phase === 'revealing'
        ? 'roundTable:countdown.revealing'
        : 'roundTable:countdown.result',
  );
}
