import { describe, expect, it } from 'vitest';
import {
  canBet,
  initialTableState,
  payoutOf,
  secondsLeft,
  tableReducer,
  type TableAction,
  type TableState,
} from './state';
import type { GameState } from './wire';

type Shown = { n: number };
type St = TableState<number, Shown, string>;
type Act = TableAction<number, Shown, string>;

const gs = (over: Partial<GameState<number, Shown>> = {}): GameState<number, Shown> => ({
  roundId: 7,
  gamePhase: 'betting',
  bettingOpen: true,
  timeRemaining: 20,
  msRemaining: 19_500,
  bettingClosesAt: 0,
  revealAt: 0,
  serverTime: 0,
  commitment: 'c7',
  clientSeed: 'public',
  result: null,
  history: [{ roundId: 6, result: { n: 3 } }],
  payouts: [{ pick: 1, payout: 10, rtp: 0.8333 }],
  minStake: 10,
  maxStake: 5000,
  maxPicks: 12,
  ...over,
});

const run = (...actions: Act[]): St =>
  actions.reduce((s, a) => tableReducer(s, a), initialTableState<number, Shown, string>());
const joined: Act = { type: 'game_state', msg: gs(), at: 1000 };
const placed: Act = {
  type: 'bet_placed',
  ack: { success: true, roundId: 7, ticket: 1, bets: [{ pick: 1, amount: 10 }], total: 10, balance: 90 },
};

describe('round table reducer', () => {
  it('takes the whole table from gameState', () => {
    const s = run(joined);
    expect(s).toMatchObject({
      ready: true,
      roundId: 7,
      phase: 'betting',
      bettingOpen: true,
      commitment: 'c7',
      maxPicks: 12,
    });
    expect(s.history).toHaveLength(1);
    expect(canBet(s)).toBe(true);
  });
  it('records a placed ticket once, only for the current round', () => {
    const s = run(joined, placed, placed, { ...placed, ack: { ...placed.ack, roundId: 6, ticket: 2 } } as Act);
    expect(s.tickets).toEqual([{ roundId: 7, ticket: 1, bets: [{ pick: 1, amount: 10 }], total: 10 }]);
  });
  it('closes betting from the timer and counts down locally between updates', () => {
    const s = run(joined, {
      type: 'timer',
      msg: { roundId: 7, gamePhase: 'closed', bettingOpen: false, timeRemaining: 9, serverTime: 0 },
      at: 5000,
    });
    expect(canBet(s)).toBe(false);
    expect(secondsLeft(s, 5000)).toBe(9);
    expect(secondsLeft(s, 7400)).toBe(7);
    expect(secondsLeft(s, 60_000)).toBe(0);
  });
  it('a reveal settles the round, adds it to history once and keeps the seed', () => {
    const reveal: Act = {
      type: 'reveal_result',
      msg: { roundId: 7, result: { n: 5 }, serverSeed: 'ss', commitment: 'c7', clientSeed: 'public', nextRoundAt: 0 },
    };
    const s = run(joined, reveal, reveal);
    expect(s.phase).toBe('settled');
    expect(s.result).toEqual({ n: 5 });
    expect(s.history.map((h) => h.roundId)).toEqual([7, 6]);
    expect(s.revealed).toMatchObject({ roundId: 7, serverSeed: 'ss' });
  });
  it('a new round clears the result, steps, feed, tickets and win', () => {
    const win: Act = {
      type: 'win_result',
      msg: { roundId: 7, userId: 1, ticket: 1, bets: [], stake: 10, payout: 100, profit: 90, result: { n: 1 } },
    };
    const feed: Act = { type: 'bets', rows: [{ username: 'a***', bets: [{ pick: 1, amount: 10 }], total: 10 }] };
    const start: Act = {
      type: 'round_start',
      msg: {
        roundId: 8,
        commitment: 'c8',
        clientSeed: 'p',
        bettingClosesAt: 0,
        revealAt: 0,
        timeRemaining: 30,
        serverTime: 0,
      },
      at: 9000,
    };
    const before = run(joined, placed, win, feed);
    expect(before.lastWin?.payout).toBe(100);
    expect(before.feed).toHaveLength(1);
    const s = tableReducer(before, start);
    expect(s).toMatchObject({
      roundId: 8,
      commitment: 'c8',
      phase: 'betting',
      bettingOpen: true,
      result: null,
      lastWin: null,
      tickets: [],
      feed: [],
    });
  });
  it('ignores events of an older round', () => {
    const s = run(joined, {
      type: 'timer',
      msg: { roundId: 6, gamePhase: 'settled', bettingOpen: false, timeRemaining: 1, serverTime: 0 },
      at: 2000,
    });
    expect(s.phase).toBe('betting');
  });
  it('asks for a resync when a timer names a round it never saw start', () => {
    const s = run(joined, {
      type: 'timer',
      msg: { roundId: 9, gamePhase: 'betting', bettingOpen: true, timeRemaining: 3, serverTime: 0 },
      at: 2000,
    });
    expect(s).toMatchObject({ roundId: 9, needsSync: true, commitment: '' });
    expect(tableReducer(s, { type: 'game_state', msg: gs({ roundId: 9 }), at: 3000 }).needsSync).toBe(false);
  });
  it('keeps reveal steps by index and asks for a resync when it has no partial result', () => {
    const step = (index: number, step: string): Act => ({ type: 'reveal_step', msg: { roundId: 7, index, step } });
    const s = run(joined, step(0, 'a'), step(1, 'b'));
    expect(s.steps).toEqual(['a', 'b']);
    expect(s.phase).toBe('revealing');
    expect(s.needsSync).toBe(true);
    const synced = tableReducer(s, {
      type: 'game_state',
      msg: gs({ gamePhase: 'revealing', bettingOpen: false, result: { n: 0 } }),
      at: 4000,
    });
    expect(synced.steps).toEqual(['a', 'b']);
    expect(tableReducer(synced, step(2, 'c')).needsSync).toBe(false);
  });
  it('keeps the reason a join failed until a table arrives', () => {
    const s = run({ type: 'join_failed', message: 'Game unavailable' });
    expect(s).toMatchObject({ ready: false, joinError: 'Game unavailable' });
    expect(canBet(s)).toBe(false);
    expect(tableReducer(s, joined).joinError).toBeNull();
  });
  it('finds a pick payout or falls back', () => {
    expect(payoutOf(gs().payouts, 1, 2)).toBe(10);
    expect(payoutOf(gs().payouts, 2, 2)).toBe(2);
  });
});
