import { describe, expect, it } from 'vitest';
import {
  aviatorReducer,
  canBet,
  canCancel,
  canCashOut,
  countdownLeftMs,
  flightElapsedMs,
  initialAviatorState,
  type AviatorState,
} from './state';
import type { GameStateMsg } from './types';

const gs = (over: Partial<GameStateMsg>): GameStateMsg => ({
  phase: 'countdown',
  countdown: 4,
  countdownMs: 4000,
  multiplier: 1,
  roundId: 11,
  isActive: false,
  elapsed: 0,
  serverTime: 0,
  ...over,
});

function run(...actions: Parameters<typeof aviatorReducer>[1][]): AviatorState {
  return actions.reduce(aviatorReducer, initialAviatorState());
}

const countdown = { type: 'game_state', msg: gs({}), at: 1000 } as const;
const placed = {
  type: 'bet_placed',
  msg: { success: true, amount: 100, slot: 0, roundId: 11, autoCashout: null },
} as const;
const flying = {
  type: 'game_state',
  msg: gs({ phase: 'flying', countdown: 0, countdownMs: 0, isActive: true, multiplier: 1.2, elapsed: 3000 }),
  at: 9000,
} as const;
const crashed = {
  type: 'game_state',
  msg: gs({ phase: 'crashed', countdown: 0, countdownMs: 0, multiplier: 1.5, crashPoint: 1.5, hash: 'h11' }),
  at: 12000,
} as const;

describe('aviator reducer: bets', () => {
  it('places a bet on the slot from the server confirmation and notifies once', () => {
    const s = run(countdown, placed, placed);
    expect(s.slots[0]).toMatchObject({ status: 'placed', amount: 100, roundId: '11' });
    expect(s.slots[1].status).toBe('idle');
    expect(s.notices.filter((n) => n.kind === 'placed')).toHaveLength(1);
  });
  it('rolls back a pending request the server rejected', () => {
    const s = run(
      countdown,
      { type: 'bet_requested', slot: 1, amount: 500, roundId: '11', autoCashout: 2 },
      { type: 'bet_rejected', slot: 1 },
    );
    expect(s.slots[1]).toMatchObject({ status: 'idle', amount: 500 });
  });
  it('cancels with a refund notice', () => {
    const s = run(countdown, placed, {
      type: 'bet_cancelled',
      msg: { success: true, refundAmount: 100, slot: 0, roundId: 11 },
    });
    expect(s.slots[0].status).toBe('idle');
    expect(s.notices.at(-1)).toMatchObject({ kind: 'cancelled', amount: 100 });
  });
  it('cash-out marks the slot cashed with winnings and ignores a duplicate', () => {
    const cash = {
      type: 'cash_out_success',
      msg: { success: true, totalWinnings: 120, multiplier: 1.2, slot: 0, roundId: 11 },
    } as const;
    const s = run(countdown, placed, flying, cash, cash);
    expect(s.slots[0]).toMatchObject({ status: 'cashed', winnings: 120, cashMultiplier: 1.2 });
    expect(s.notices.filter((n) => n.kind === 'won')).toHaveLength(1);
  });
  it('a crash loses every open bet of that round exactly once', () => {
    const s = run(countdown, placed, flying, crashed, {
      type: 'game_result',
      msg: { roundId: 11, crashPoint: 1.5, endedAt: 1.5, hash: 'h11', capped: false },
    });
    expect(s.slots[0].status).toBe('lost');
    expect(s.notices.filter((n) => n.kind === 'lost')).toHaveLength(1);
    expect(s.history).toEqual([{ roundId: '11', crashPoint: 1.5, hash: 'h11' }]);
  });
  it('a new round resets finished slots but keeps the stake', () => {
    const s = run(countdown, placed, flying, crashed, { type: 'game_state', msg: gs({ roundId: 12 }), at: 13000 });
    expect(s.slots[0]).toMatchObject({ status: 'idle', amount: 100 });
  });
  it('a cash-out the server took before the crash wins over the crash broadcast that overtook its answer', () => {
    const result = {
      type: 'game_result',
      msg: { roundId: 11, crashPoint: 1.5, endedAt: 1.5, hash: 'h11', capped: false },
    } as const;
    const cash = {
      type: 'cash_out_success',
      msg: { success: true, totalWinnings: 120, multiplier: 1.2, slot: 0, roundId: 11 },
    } as const;
    const s = run(countdown, placed, flying, crashed, result, cash);
    expect(s.slots[0]).toMatchObject({ status: 'cashed', winnings: 120 });
    expect(s.notices.at(-1)).toMatchObject({ kind: 'won', amount: 120 });
    const late = run(countdown, placed, flying, crashed, result, {
      type: 'bet_result',
      msg: { roundId: 11, slot: 0, win: true, amount: 100, winnings: 120, multiplier: 1.2, auto: false, capped: false },
    });
    expect(late.slots[0]).toMatchObject({ status: 'cashed', winnings: 120 });
    const lost = run(countdown, placed, flying, crashed, result, {
      type: 'bet_result',
      msg: { roundId: 11, slot: 0, win: false, amount: 100, winnings: 0, multiplier: null, auto: false, capped: false },
    });
    expect(lost.notices.filter((n) => n.kind === 'lost')).toHaveLength(1);
  });
  it('bet_result for a win cashes the slot', () => {
    const s = run(countdown, placed, flying, {
      type: 'bet_result',
      msg: { roundId: 11, slot: 0, win: true, amount: 100, winnings: 200, multiplier: 2, auto: false, capped: false },
    });
    expect(s.slots[0]).toMatchObject({ status: 'cashed', winnings: 200 });
  });
});

describe('aviator reducer: feed and history', () => {
  it('replaces the feed and clears it on a new round', () => {
    const bet = { username: '98****01', amount: 100, slot: 0, multiplier: null, winnings: 0 };
    let s = run(countdown, { type: 'bet_update', bets: [bet] });
    expect(s.feed).toHaveLength(1);
    s = aviatorReducer(s, { type: 'game_state', msg: gs({ roundId: 12 }), at: 0 });
    expect(s.feed).toHaveLength(0);
  });
  it('merges loaded history without duplicates, newest first', () => {
    const s = run(
      { type: 'game_result', msg: { roundId: 5, crashPoint: 2, endedAt: 2, hash: 'a', capped: false } },
      {
        type: 'history_loaded',
        rounds: [
          { roundId: 5, crashPoint: 2, hash: 'a' },
          { roundId: 4, crashPoint: 1, hash: 'b' },
        ],
      },
    );
    expect(s.history.map((h) => String(h.roundId))).toEqual(['5', '4']);
  });
});

describe('aviator selectors', () => {
  it('TAKE WINNINGS only while flying with a bet placed and no cash-out', () => {
    expect(canCashOut(run(countdown, placed), 0)).toBe(false);
    expect(canCashOut(run(countdown, placed, flying), 0)).toBe(true);
    expect(canCashOut(run(countdown, placed, flying), 1)).toBe(false);
    expect(canCashOut(run(countdown, placed, flying, crashed), 0)).toBe(false);
    const cashed = run(countdown, placed, flying, {
      type: 'cash_out_success',
      msg: { success: true, totalWinnings: 120, multiplier: 1.2, slot: 0, roundId: 11 },
    });
    expect(canCashOut(cashed, 0)).toBe(false);
  });
  it('betting only during a running countdown; cancel only for a placed bet', () => {
    const s = run(countdown);
    expect(canBet(s, 0, 2000)).toBe(true);
    expect(canBet(s, 0, 5000)).toBe(false);
    expect(canBet(run(countdown, placed), 0, 2000)).toBe(false);
    expect(canCancel(run(countdown, placed), 0)).toBe(true);
    expect(canCancel(run(countdown, placed, flying), 0)).toBe(false);
  });
  it('advances countdown and flight time locally between updates', () => {
    expect(countdownLeftMs(run(countdown).round, 2500)).toBe(2500);
    expect(flightElapsedMs(run(flying).round, 9500)).toBe(3500);
  });
});
