/** The public growth function: multiplier(ms) = floor(100·e^(0.00006·ms)) / 100. */
export const GROWTH_RATE = 0.00006;

export function multiplierAt(ms: number): number {
  if (!(ms > 0)) return 1;
  // The epsilon keeps exact hundredths (e.g. 2.00) from flooring to 1.99 through float error.
  return Math.floor(100 * Math.exp(GROWTH_RATE * ms) + 1e-9) / 100;
}

/** Unfloored curve value, for drawing a smooth line. */
export function curveAt(ms: number): number {
  return ms > 0 ? Math.exp(GROWTH_RATE * ms) : 1;
}

/** Milliseconds of flight needed to reach a multiplier (inverse of the curve). */
export function msToReach(multiplier: number): number {
  return multiplier <= 1 ? 0 : Math.log(multiplier) / GROWTH_RATE;
}
