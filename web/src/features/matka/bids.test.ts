import { describe, expect, it } from 'vitest';
import { checkSlip, linesOf, pointsText, totalsOf } from './bids';

const limits = { minPoints: 10, maxPoints: 10000 };

describe('bid slip', () => {
  it('points are digits only, without leading zeros', () => {
    expect(pointsText('1a0.5')).toBe('105');
    expect(pointsText('007')).toBe('7');
    expect(pointsText('0')).toBe('');
    expect(pointsText('-20')).toBe('20');
    expect(pointsText('123456789')).toBe('1234567');
  });

  it('only numbers with points are bid, in order', () => {
    expect(
      linesOf([
        ['0', '10'],
        ['1', ''],
        ['2', '0'],
        ['3', '25'],
      ]),
    ).toEqual([
      { number: '0', points: 10 },
      { number: '3', points: 25 },
    ]);
  });

  it('totals are exact: Σ points, and Σ points × rate in paise (as the server computes them)', () => {
    const ten = linesOf(Array.from({ length: 10 }, (_, d) => [String(d), '10'] as const));
    expect(totalsOf(ten, 950)).toEqual({ totalBidPoints: 100, estimatedProfitPaise: 95000, estimatedProfit: 950 });
    // 15 × 9.5 = 142.5; 33 × 9.5 = 313.5: no float drift.
    expect(
      totalsOf(
        [
          { number: '1', points: 15 },
          { number: '2', points: 33 },
        ],
        950,
      ).estimatedProfit,
    ).toBe(456);
    expect(totalsOf([{ number: '1', points: 15 }], 950).estimatedProfit).toBe(142.5);
    expect(totalsOf([{ number: '134-479', points: 9999 }], 1_500_000).estimatedProfit).toBe(149_985_000);
    expect(totalsOf([{ number: '1', points: 7 }], 101).estimatedProfit).toBe(7.07);
  });

  it('the spec’s checks: at least one bid, the points per number, the balance', () => {
    expect(checkSlip([], limits, 1000)).toBe('Please enter at least 1 valid bid.');
    expect(checkSlip([{ number: '1', points: 5 }], limits, 1000)).toBe('A number takes at least 10 points (1)');
    expect(checkSlip([{ number: '1', points: 10001 }], limits, 1e6)).toBe('A number takes at most 10000 points (1)');
    // Two numbers of `points` each: the balance pays for their sum.
    const two = (points: number) => [
      { number: '1', points },
      { number: '2', points },
    ];
    expect(checkSlip(two(600), limits, 1000)).toBe('Insufficient balance. Please add more funds.');
    expect(checkSlip(two(500), limits, 1000)).toBeNull();
    expect(checkSlip([{ number: '1', points: 100 }], limits, 99.99)).toBe(
      'Insufficient balance. Please add more funds.',
    );
    // An unknown balance is the server's to check.
    expect(checkSlip([{ number: '1', points: 100 }], limits, undefined)).toBeNull();
  });
});
