import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime } from './format';

describe('IST formatting', () => {
  it('writes midnight as 00:00 of its day, not 24:00', () => {
    const midnight = Date.UTC(2026, 10, 29, 18, 30); // 30 Nov 2026, 00:00 IST
    expect(formatDateTime(midnight)).toBe('30 Nov 2026, 00:00');
    expect(formatTime(midnight)).toBe('00:00');
    expect(formatTime(Date.UTC(2026, 10, 24, 15, 35))).toBe('21:05');
  });
});
