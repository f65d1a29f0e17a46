/**
 * The multiplier ladder (pure), exactly as `actors/src/mines/rules.rs` computes what the screen shows:
 * `(1 − edge) × C(25, k) / C(25 − m, k)` in ten-thousandths, rounded down. Only for the preview before a game
 * starts; in a game every figure is the server's.
 */
import { TILES } from './wire';

const BP = 10_000n;

function choose(n: bigint, k: bigint): bigint {
  if (k > n) return 0n;
  let acc = 1n;
  for (let i = 0n; i < k; i++) acc = (acc * (n - i)) / (i + 1n);
  return acc;
}

/** The multiplier after `safe` safe tiles with `mines` mines, in basis points (10,000 = 1×), rounded down. */
export function multiplierBp(mines: number, safe: number, edgeBp: number): number {
  if (safe <= 0) return Number(BP);
  const n = BigInt(TILES);
  const num = (BP - BigInt(edgeBp)) * choose(n, BigInt(safe));
  const den = BP * choose(n - BigInt(mines), BigInt(safe));
  if (den === 0n) return 0;
  return Number((num * BP) / den);
}

/** "1.21" — a multiplier as the screen shows it (two decimals, rounded down like the server's figures). */
export function showMultiplier(x: number): string {
  if (!Number.isFinite(x)) return '—';
  return (Math.floor(x * 100 + 1e-9) / 100).toFixed(2);
}
