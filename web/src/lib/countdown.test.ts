import { describe, expect, it } from 'vitest';
import { countdown } from './countdown';

describe('countdown', () => {
  it('reads as minutes and seconds (hours when far), rounded up, never negative', () => {
    expect(countdown(125_000)).toBe('2:05');
    expect(countdown(6_000)).toBe('0:06');
    expect(countdown(5_001)).toBe('0:06');
    expect(countdown(1)).toBe('0:01');
    expect(countdown(59_001)).toBe('1:00');
    expect(countdown(3_723_000)).toBe('1:02:03');
    expect(countdown(0)).toBe('0:00');
    expect(countdown(-10)).toBe('0:00');
    expect(countdown(-5_000)).toBe('0:00');
  });
});
