import { describe, expect, it } from 'vitest';
import { checkLines, problemText, shortfall, totalOf } from './totals';

const limits = { minStake: 10, maxStake: 5000, maxPicks: 3 };

describe('bet totals', () => {
  it('adds amounts exactly to the paisa', () => {
    expect(
      totalOf([
        { pick: 1, amount: 0.1 },
        { pick: 2, amount: 0.2 },
      ]),
    ).toBe(0.3);
    expect(totalOf([])).toBe(0);
  });
  it('says how much more is needed', () => {
    expect(shortfall(150, 100.5)).toBe(49.5);
    expect(shortfall(50, 100)).toBe(0);
    expect(shortfall(50, undefined)).toBe(0);
  });
  it('checks picks, limits and balance in order', () => {
    expect(checkLines([], limits, 100)).toEqual({ code: 'no_picks' });
    expect(checkLines([{ pick: 1, amount: 0 }], limits, 100)).toEqual({ code: 'no_picks' });
    const four = [1, 2, 3, 4].map((pick) => ({ pick, amount: 10 }));
    expect(checkLines(four, limits, 1000)).toEqual({ code: 'too_many_picks', max: 3 });
    expect(checkLines([{ pick: 1, amount: 5 }], limits, 100)).toEqual({ code: 'stake_too_low', min: 10 });
    expect(checkLines([{ pick: 1, amount: 6000 }], limits, 10_000)).toEqual({ code: 'stake_too_high', max: 5000 });
    expect(
      checkLines(
        [
          { pick: 1, amount: 100 },
          { pick: 2, amount: 50 },
        ],
        limits,
        120,
      ),
    ).toEqual({ code: 'insufficient_balance', shortfall: 30 });
    expect(checkLines([{ pick: 1, amount: 100 }], limits, 120)).toBeNull();
  });
  it('words the problems', () => {
    expect(problemText({ code: 'insufficient_balance', shortfall: 30 })).toBe('Insufficient Balance! Need ₹30.00 more');
  });
});
