import { describe, expect, it } from 'vitest';
import { BRUSH_RADIUS, isScratchedOpen, REVEAL_AT, SAMPLE_EVERY, scratchedFraction } from './scratch';

/** RGBA pixels: `alphas[i]` is pixel i's alpha; colour channels are left opaque grey. */
const pixels = (alphas: number[]) => Uint8ClampedArray.from(alphas.flatMap((a) => [128, 128, 128, a]));

describe('scratch card', () => {
  it('brushes 15 px and opens at 30 %', () => {
    expect(BRUSH_RADIUS).toBe(15);
    expect(REVEAL_AT).toBe(0.3);
    expect(SAMPLE_EVERY).toBeGreaterThanOrEqual(1);
  });

  it('counts the pixels whose alpha is gone', () => {
    expect(scratchedFraction(pixels(Array(100).fill(255)), 1)).toBe(0);
    expect(scratchedFraction(pixels(Array(100).fill(0)), 1)).toBe(1);
    const thirty = [...Array(30).fill(0), ...Array(70).fill(255)];
    expect(scratchedFraction(pixels(thirty), 1)).toBeCloseTo(0.3, 10);
  });

  it('treats a half-erased edge by its alpha', () => {
    expect(scratchedFraction(pixels([127, 128, 0, 255]), 1)).toBe(0.5);
  });

  it('samples only every Nth pixel', () => {
    // Every other pixel erased: sampling every 2nd pixel sees only the erased ones, every 3rd sees both kinds.
    const alternate = Array.from({ length: 120 }, (_, i) => (i % 2 === 0 ? 0 : 255));
    expect(scratchedFraction(pixels(alternate), 2)).toBe(1);
    expect(scratchedFraction(pixels(alternate), 3)).toBe(0.5);
    // Pixels between the samples do not count.
    const hidden = Array.from({ length: 70 }, (_, i) => (i % 7 === 0 ? 255 : 0));
    expect(scratchedFraction(pixels(hidden), 7)).toBe(0);
    expect(scratchedFraction(pixels(hidden))).toBe(0);
  });

  it('reads nothing scratched from an empty image, and a bad step as every pixel', () => {
    expect(scratchedFraction(new Uint8ClampedArray(0))).toBe(0);
    expect(scratchedFraction(pixels([0, 255]), 0)).toBe(0.5);
    expect(scratchedFraction(pixels([0, 255]), Number.NaN)).toBe(0.5);
  });

  it('opens from 30 % on', () => {
    expect(isScratchedOpen(0.29)).toBe(false);
    expect(isScratchedOpen(0.3)).toBe(true);
    expect(isScratchedOpen(1)).toBe(true);
  });
});
