'use strict';
// The public growth curve: multiplier(ms) = floor(100 · e^(0.00006 · ms)) hundredths, and its inverse (the
// first millisecond reaching a target, found by walking the curve itself so the two never disagree).

const GROWTH_PER_MS = 0.00006;
const MAX_FLIGHT_MS = 700_000;

/** Multiplier in hundredths `elapsedMs` after take-off (100 at or before take-off). */
function multiplierAt(elapsedMs) {
  const ms = Math.min(Math.max(elapsedMs, 0), MAX_FLIGHT_MS);
  return Math.floor(100 * Math.exp(GROWTH_PER_MS * ms));
}

/** First elapsed millisecond at which `multiplierAt` reaches `target` hundredths (0 for targets ≤ 100). */
function elapsedFor(target) {
  if (target <= 100) return 0;
  let t = Math.ceil(Math.log(target / 100) / GROWTH_PER_MS);
  t = Math.min(Math.max(t, 0), MAX_FLIGHT_MS);
  while (t > 0 && multiplierAt(t - 1) >= target) t -= 1;
  while (t < MAX_FLIGHT_MS && multiplierAt(t) < target) t += 1;
  return t;
}

module.exports = { multiplierAt, elapsedFor };
