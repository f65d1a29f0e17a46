import { describe, expect, it } from 'vitest';
import { msToReach, multiplierAt } from './growth';

describe('growth function', () => {
  it('starts at 1.00x', () => {
    expect(multiplierAt(0)).toBe(1);
    expect(multiplierAt(-50)).toBe(1);
  });
  it('floors to hundredths', () => {
    // e^(0.00006·1000) = 1.0618…
    expect(multiplierAt(1000)).toBe(1.06);
    // e^(0.6) = 1.8221…
    expect(multiplierAt(10_000)).toBe(1.82);
  });
  it('reaches 2.00x just after ln(2)/0.00006 ms', () => {
    const t = msToReach(2);
    expect(multiplierAt(t + 1)).toBe(2);
    expect(multiplierAt(t - 20)).toBe(1.99);
  });
  it('is monotonic', () => {
    let prev = 1;
    for (let ms = 0; ms < 60_000; ms += 37) {
      const m = multiplierAt(ms);
      expect(m).toBeGreaterThanOrEqual(prev);
      prev = m;
    }
  });
});
