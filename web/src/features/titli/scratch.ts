/**
 * The scratch card's arithmetic (pure): how wide the brush is, how much must be scratched before the card opens,
 * and how much of the cover is gone, read from the canvas's pixels. Scratching only uncovers the server's result.
 */

/** The brush's radius in CSS pixels (a stroke is twice as wide). */
export const BRUSH_RADIUS = 15;

/** Once this share of the cover is scratched away, the whole cover clears and the card stays open. */
export const REVEAL_AT = 0.3;

/** Every Nth pixel is sampled (odd, so that samples do not line up in the same columns row after row). */
export const SAMPLE_EVERY = 7;

/** A pixel whose alpha is below this counts as scratched (the brush's soft edge is half-erased). */
const SCRATCHED_BELOW = 128;

/**
 * The scratched share (0 to 1) of a canvas's RGBA pixels (`ImageData.data`): among every `every`-th pixel, the
 * share whose alpha is below half. An empty image counts as nothing scratched.
 */
export function scratchedFraction(data: ArrayLike<number>, every: number = SAMPLE_EVERY): number {
  const step = Number.isFinite(every) && every >= 1 ? Math.floor(every) : 1;
  let sampled = 0;
  let clear = 0;
  for (let i = 3; i < data.length; i += 4 * step) {
    sampled += 1;
    if ((data[i] ?? 255) < SCRATCHED_BELOW) clear += 1;
  }
  return sampled === 0 ? 0 : clear / sampled;
}

/** Whether a card scratched this much opens. */
export function isScratchedOpen(fraction: number): boolean {
  return fraction >= REVEAL_AT;
}
