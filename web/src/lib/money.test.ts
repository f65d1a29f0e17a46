import { describe, expect, it } from 'vitest';
import { fixed2, formatAmount, formatInr, roundRupees } from './money';

describe('money formatting', () => {
  it('formats rupees with two decimals and Indian grouping', () => {
    expect(formatInr(1234567.5)).toBe('₹12,34,567.50');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(99.999)).toBe('100.00');
  });
  it('treats missing or non-finite values as zero', () => {
    expect(formatInr(undefined)).toBe('₹0.00');
    expect(formatInr(Number.NaN)).toBe('₹0.00');
  });
  it('rounds half-paise up without float drift', () => {
    expect(roundRupees(1.005)).toBe(1.01);
    expect(fixed2(150)).toBe('150.00');
    expect(fixed2(0.1 + 0.2)).toBe('0.30');
  });
});
