/** Aviator client state: a pure reducer over server events and local bet requests. */
import type {
  BetCancelledMsg,
  BetPlacedMsg,
  BetResultMsg,
  CashOutMsg,
  FeedBet,
  GameResultMsg,
  GameStateMsg,
  Phase,
  RoundSummary,
  Slot,
} from './types';
import { isPhase } from './types';

export type SlotStatus = 'idle' | 'pending' | 'placed' | 'cashed' | 'lost';

export interface SlotState {
  status: SlotStatus;
  amount: number;
  roundId: string | null;
  autoCashout: number | null;
  cashMultiplier: number | null;
  winnings: number;
}

export interface RoundView {
  phase: Phase;
  roundId: string | null;
  countdown: number;
  countdownMs: number;
  multiplier: number;
  elapsed: number;
  /** Local clock (performance.now()) when the last state arrived; used to animate between updates. */
  receivedAt: number;
  crashPoint: number | null;
}

export type Notice =
  | { id: number; kind: 'placed'; slot: Slot; amount: number }
  | { id: number; kind: 'won'; slot: Slot; amount: number; multiplier: number }
  | { id: number; kind: 'lost'; slot: Slot; amount: number }
  | { id: number; kind: 'cancelled'; slot: Slot; amount: number };

export interface AviatorState {
  round: RoundView;
  feed: FeedBet[];
  history: RoundSummary[];
  slots: [SlotState, SlotState];
  notices: Notice[];
  seq: number;
}

export type AviatorAction =
  | { type: 'game_state'; msg: GameStateMsg; at: number }
  | { type: 'bet_update'; bets: FeedBet[] }
  | { type: 'game_result'; msg: GameResultMsg }
  | { type: 'bet_placed'; msg: BetPlacedMsg }
  | { type: 'cash_out_success'; msg: CashOutMsg }
  | { type: 'bet_cancelled'; msg: BetCancelledMsg }
  | { type: 'bet_result'; msg: BetResultMsg }
  | { type: 'history_loaded'; rounds: RoundSummary[] }
  | { type: 'bet_requested'; slot: Slot; amount: number; roundId: string; autoCashout: number | null }
  | { type: 'bet_rejected'; slot: Slot }
  | { type: 'notices_seen'; upTo: number };

export const HISTORY_KEEP = 30;

const idleSlot = (amount = 0): SlotState => ({
  status: 'idle',
  amount,
  roundId: null,
  autoCashout: null,
  cashMultiplier: null,
  winnings: 0,
});

export function initialAviatorState(): AviatorState {
  return {
    round: {
      phase: 'countdown',
      roundId: null,
      countdown: 0,
      countdownMs: 0,
      multiplier: 1,
      elapsed: 0,
      receivedAt: 0,
      crashPoint: null,
    },
    feed: [],
    history: [],
    slots: [idleSlot(), idleSlot()],
    notices: [],
    seq: 0,
  };
}

const asSlot = (n: number): Slot | null => (n === 0 || n === 1 ? n : null);
const sameRound = (a: unknown, b: string | null) => b !== null && String(a) === b;

function withSlot(s: AviatorState, slot: Slot, next: SlotState): AviatorState {
  const slots: [SlotState, SlotState] = [...s.slots];
  slots[slot] = next;
  return { ...s, slots };
}

type NoticeInput = Notice extends infer N ? (N extends Notice ? Omit<N, 'id'> : never) : never;

function notify(s: AviatorState, n: NoticeInput): AviatorState {
  const seq = s.seq + 1;
  return { ...s, seq, notices: [...s.notices, { ...n, id: seq } as Notice] };
}

function addHistory(history: RoundSummary[], r: RoundSummary): RoundSummary[] {
  if (history.some((h) => String(h.roundId) === String(r.roundId))) return history;
  return [r, ...history].slice(0, HISTORY_KEEP);
}

/** Every bet still riding on `roundId` is lost. */
function loseOpenBets(s: AviatorState, roundId: string | null): AviatorState {
  let next = s;
  for (const slot of [0, 1] as const) {
    const b = next.slots[slot];
    if (b.status === 'placed' && b.roundId === roundId) {
      next = withSlot(next, slot, { ...b, status: 'lost' });
      next = notify(next, { kind: 'lost', slot, amount: b.amount });
    }
  }
  return next;
}

function onGameState(s: AviatorState, msg: GameStateMsg, at: number): AviatorState {
  const roundId = String(msg.roundId);
  const newRound = roundId !== s.round.roundId;
  // A phase this client does not know keeps the one it shows (the document types `phase` as any text).
  const phase = isPhase(msg.phase) ? msg.phase : s.round.phase;
  const round: RoundView = {
    phase,
    roundId,
    countdown: msg.countdown,
    countdownMs: msg.countdownMs,
    multiplier: msg.multiplier,
    elapsed: msg.elapsed,
    receivedAt: at,
    crashPoint: phase === 'crashed' && typeof msg.crashPoint === 'number' ? msg.crashPoint : null,
  };
  let next: AviatorState = { ...s, round };
  if (newRound) {
    // A new round clears finished bets (keeping the stake for a quick re-bet) and the feed.
    const reset = (b: SlotState): SlotState => (b.roundId === roundId && b.status !== 'idle' ? b : idleSlot(b.amount));
    next = { ...next, feed: [], slots: [reset(s.slots[0]), reset(s.slots[1])] };
  }
  if (phase === 'crashed') {
    next = loseOpenBets(next, roundId);
    if (round.crashPoint !== null && msg.hash) {
      next = { ...next, history: addHistory(next.history, { roundId, crashPoint: round.crashPoint, hash: msg.hash }) };
    }
  }
  return next;
}

export function aviatorReducer(s: AviatorState, a: AviatorAction): AviatorState {
  switch (a.type) {
    case 'game_state':
      return onGameState(s, a.msg, a.at);
    case 'bet_update':
      return Array.isArray(a.bets) ? { ...s, feed: a.bets } : s;
    case 'game_result': {
      const roundId = String(a.msg.roundId);
      const next = {
        ...s,
        history: addHistory(s.history, { roundId, crashPoint: a.msg.crashPoint, hash: a.msg.hash }),
      };
      return loseOpenBets(next, roundId);
    }
    case 'history_loaded': {
      const known = new Set(s.history.map((h) => String(h.roundId)));
      const merged = [...s.history, ...a.rounds.filter((r) => !known.has(String(r.roundId)))];
      return { ...s, history: merged.slice(0, HISTORY_KEEP) };
    }
    case 'bet_requested': {
      const b = s.slots[a.slot];
      if (b.status !== 'idle') return s;
      return withSlot(s, a.slot, {
        ...idleSlot(a.amount),
        status: 'pending',
        roundId: a.roundId,
        autoCashout: a.autoCashout,
      });
    }
    case 'bet_rejected': {
      const b = s.slots[a.slot];
      return b.status === 'pending' ? withSlot(s, a.slot, idleSlot(b.amount)) : s;
    }
    case 'bet_placed': {
      const slot = asSlot(a.msg.slot);
      if (slot === null || !a.msg.success) return s;
      const b = s.slots[slot];
      if (b.status === 'placed' && b.roundId === String(a.msg.roundId)) return s;
      if (b.status !== 'idle' && b.status !== 'pending') return s;
      const next = withSlot(s, slot, {
        ...b,
        status: 'placed',
        amount: a.msg.amount,
        roundId: String(a.msg.roundId),
        autoCashout: a.msg.autoCashout ?? b.autoCashout,
      });
      return notify(next, { kind: 'placed', slot, amount: a.msg.amount });
    }
    case 'cash_out_success': {
      const slot = asSlot(a.msg.slot);
      if (slot === null || !a.msg.success) return s;
      const b = s.slots[slot];
      // The server priced the cash-out before the crash: it wins over a 'lost' guessed from the crash broadcast,
      // which can overtake the cash-out's answer (that waits for the wallet's commit).
      if ((b.status !== 'placed' && b.status !== 'lost') || !sameRound(a.msg.roundId, b.roundId)) return s;
      const next = withSlot(s, slot, {
        ...b,
        status: 'cashed',
        cashMultiplier: a.msg.multiplier,
        winnings: a.msg.totalWinnings,
      });
      return notify(next, { kind: 'won', slot, amount: a.msg.totalWinnings, multiplier: a.msg.multiplier });
    }
    case 'bet_cancelled': {
      const slot = asSlot(a.msg.slot);
      if (slot === null || !a.msg.success) return s;
      const b = s.slots[slot];
      if (b.status !== 'placed' && b.status !== 'pending') return s;
      return notify(withSlot(s, slot, idleSlot(b.amount)), { kind: 'cancelled', slot, amount: a.msg.refundAmount });
    }
    case 'bet_result': {
      const slot = asSlot(a.msg.slot);
      if (slot === null) return s;
      const b = s.slots[slot];
      if (!sameRound(a.msg.roundId, b.roundId)) return s;
      if (!a.msg.win)
        return b.status === 'placed'
          ? notify(withSlot(s, slot, { ...b, status: 'lost' }), { kind: 'lost', slot, amount: b.amount })
          : s;
      // A win (the server's word) also replaces a 'lost' guessed from the crash broadcast.
      if (b.status !== 'placed' && b.status !== 'lost') return s;
      const multiplier = a.msg.multiplier ?? 0;
      const next = withSlot(s, slot, { ...b, status: 'cashed', cashMultiplier: multiplier, winnings: a.msg.winnings });
      return notify(next, { kind: 'won', slot, amount: a.msg.winnings, multiplier });
    }
    case 'notices_seen':
      return { ...s, notices: s.notices.filter((n) => n.id > a.upTo) };
  }
}

/** Milliseconds of betting left, advanced locally since the last server update. */
export function countdownLeftMs(round: RoundView, now: number): number {
  if (round.phase !== 'countdown') return 0;
  return Math.max(0, round.countdownMs - (now - round.receivedAt));
}

/** Flight time now, advanced locally since the last server update. */
export function flightElapsedMs(round: RoundView, now: number): number {
  if (round.phase !== 'flying') return round.elapsed;
  return round.elapsed + Math.max(0, now - round.receivedAt);
}

/** Betting is open for this slot. */
export function canBet(s: AviatorState, slot: Slot, now: number): boolean {
  return (
    s.round.phase === 'countdown' &&
    s.round.roundId !== null &&
    countdownLeftMs(s.round, now) > 0 &&
    s.slots[slot].status === 'idle'
  );
}

export function canCancel(s: AviatorState, slot: Slot): boolean {
  const b = s.slots[slot];
  return s.round.phase === 'countdown' && b.status === 'placed' && b.roundId === s.round.roundId;
}

/**
 * TAKE WINNINGS: countdown is 0, the round is flying, the multiplier is below the crash point (not crashed),
 * no cash-out was done and a bet is riding on this slot in this round.
 */
export function canCashOut(s: AviatorState, slot: Slot): boolean {
  const { round } = s;
  const b = s.slots[slot];
  const belowCrash = round.crashPoint === null || round.multiplier < round.crashPoint;
  return (
    round.countdown === 0 &&
    round.phase === 'flying' &&
    belowCrash &&
    b.status === 'placed' &&
    b.roundId === round.roundId
  );
}
