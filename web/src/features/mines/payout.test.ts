import { describe, expect, it } from 'vitest';
import { multiplierBp, showMultiplier } from './payout';

// Expected values: (10000 − edge) × C(25, k) × 10000 ÷ (10000 × C(25 − m, k)), rounded down (Python's math.comb).
describe('the multiplier ladder, as rules.rs computes it', () => {
  it('matches the exact formula', () => {
    expect(multiplierBp(5, 0, 300)).toBe(10_000);
    expect(multiplierBp(5, 1, 300)).toBe(12_125);
    expect(multiplierBp(1, 1, 300)).toBe(10_104);
    expect(multiplierBp(24, 1, 300)).toBe(242_500);
    expect(multiplierBp(3, 2, 300)).toBe(12_597);
    expect(multiplierBp(5, 20, 300)).toBe(515_361_000);
    expect(multiplierBp(1, 24, 300)).toBe(242_500);
    expect(multiplierBp(12, 13, 100)).toBe(51_482_970_000);
  });
  it('shows two decimals, rounded down', () => {
    expect(showMultiplier(1.2125)).toBe('1.21');
    expect(showMultiplier(1)).toBe('1.00');
    expect(showMultiplier(24.25)).toBe('24.25');
    expect(showMultiplier(1.0199)).toBe('1.01');
    expect(showMultiplier(Number.NaN)).toBe('—');
  });
});
