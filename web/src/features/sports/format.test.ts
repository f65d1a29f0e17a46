import { describe, expect, it } from 'vitest';
import { formatPrice, formatRate, formatSize } from './format';

describe('sports numbers', () => {
  it('odds with 2 decimals, a dash when there is none', () => {
    expect(formatPrice(1.8)).toBe('1.80');
    expect(formatPrice(12)).toBe('12.00');
    expect(formatPrice(0)).toBe('-');
    expect(formatPrice(undefined)).toBe('-');
  });
  it('sizes abbreviated K and M', () => {
    expect(formatSize(950)).toBe('950');
    expect(formatSize(1000)).toBe('1K');
    expect(formatSize(12_500)).toBe('12.5K');
    expect(formatSize(2_300_000)).toBe('2.3M');
    expect(formatSize(0)).toBe('');
  });
  it('rates as sent', () => {
    expect(formatRate(60)).toBe('60');
    expect(formatRate(0)).toBe('-');
  });
});
