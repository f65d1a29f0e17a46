import { describe, expect, it } from 'vitest';
import { linePath, makeScale, niceCeil, toMs, type ChartBox } from './chart';

const box: ChartBox = { width: 110, height: 60, pad: { top: 0, right: 0, bottom: 10, left: 10 } };

describe('niceCeil', () => {
  it('rounds up to 1, 2 or 5 × 10ⁿ', () => {
    expect(niceCeil(0)).toBe(1);
    expect(niceCeil(0.3)).toBe(1);
    expect(niceCeil(1)).toBe(1);
    expect(niceCeil(1.2)).toBe(2);
    expect(niceCeil(3)).toBe(5);
    expect(niceCeil(7)).toBe(10);
    expect(niceCeil(51)).toBe(100);
    expect(niceCeil(120)).toBe(200);
    expect(niceCeil(3, 50)).toBe(50);
  });
});

describe('makeScale', () => {
  it('maps time to x and milliseconds to y inside the padding', () => {
    const s = makeScale(
      [
        [
          { t: 1000, v: 2 },
          { t: 2000, v: 8 },
          { t: 3000, v: null },
        ],
      ],
      box,
    );
    expect(s.yMax).toBe(10);
    expect(s.x(1000)).toBe(10);
    expect(s.x(3000)).toBe(110);
    expect(s.x(2000)).toBe(60);
    expect(s.y(0)).toBe(50);
    expect(s.y(10)).toBe(0);
    expect(s.y(5)).toBe(25);
  });
  it('clamps values outside the range and puts a single instant at the right edge', () => {
    const s = makeScale([[{ t: 5, v: 3 }]], box);
    expect(s.x(5)).toBe(110);
    expect(s.y(-1)).toBe(50);
    expect(s.y(1e9)).toBe(0);
  });
  it('copes with no points at all', () => {
    const s = makeScale([], box);
    expect(s.yMax).toBe(1);
    expect(Number.isFinite(s.y(0))).toBe(true);
  });
});

describe('linePath', () => {
  it('draws segments and breaks at gaps; a lone point gets a tiny stroke', () => {
    const pts = [
      { t: 0, v: 0 },
      { t: 1, v: 10 },
      { t: 2, v: null },
      { t: 3, v: 5 },
      { t: 4, v: null },
    ];
    const s = makeScale([pts], { ...box, width: 50, pad: { top: 0, right: 10, bottom: 10, left: 0 } });
    expect(linePath(pts, s)).toBe('M0,50 L10,0 M30,25 h0.1');
  });
  it('is empty without values', () => {
    const s = makeScale([], box);
    expect(linePath([{ t: 1, v: null }], s)).toBe('');
  });
});

describe('toMs', () => {
  it('reads ISO strings and epoch numbers', () => {
    expect(toMs('1970-01-01T00:00:01.500Z')).toBe(1500);
    expect(toMs(42)).toBe(42);
    expect(Number.isNaN(toMs('nope'))).toBe(true);
    expect(Number.isNaN(toMs(null))).toBe(true);
  });
});
