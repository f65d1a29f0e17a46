/** Bet totals and the client-side checks before a `{game}:placeBet` (the server checks again and decides). */
import i18n from '@/i18n';
import { fixed2 } from '@/lib/money';
import type { PickLine } from './wire';

const paise = (rupees: number) => Math.round(rupees * 100);

/** The sum of the lines' amounts, exact to the paisa. */
export function totalOf(lines: readonly PickLine<unknown>[]): number {
  return lines.reduce((sum, l) => sum + paise(l.amount), 0) / 100;
}

/** How much more the wallet needs to cover `total` (0 when it covers it, or when the balance is unknown). */
export function shortfall(total: number, balance: number | undefined): number {
  if (balance === undefined || !Number.isFinite(balance)) return 0;
  return Math.max(0, paise(total) - paise(balance)) / 100;
}

export interface Limits {
  minStake: number;
  maxStake: number;
  maxPicks: number;
}

export type BetProblem =
  | { code: 'no_picks' }
  | { code: 'too_many_picks'; max: number }
  | { code: 'stake_too_low'; min: number }
  | { code: 'stake_too_high'; max: number }
  | { code: 'insufficient_balance'; shortfall: number };

/** The first reason the server would refuse these lines, as far as the client can tell. */
export function checkLines(
  lines: readonly PickLine<unknown>[],
  limits: Limits,
  balance: number | undefined,
): BetProblem | null {
  const live = lines.filter((l) => l.amount > 0);
  if (live.length === 0) return { code: 'no_picks' };
  if (limits.maxPicks > 0 && live.length > limits.maxPicks) return { code: 'too_many_picks', max: limits.maxPicks };
  for (const l of live) {
    if (limits.minStake > 0 && paise(l.amount) < paise(limits.minStake))
      return { code: 'stake_too_low', min: limits.minStake };
    if (limits.maxStake > 0 && paise(l.amount) > paise(limits.maxStake))
      return { code: 'stake_too_high', max: limits.maxStake };
  }
  const short = shortfall(totalOf(live), balance);
  if (short > 0) return { code: 'insufficient_balance', shortfall: short };
  return null;
}

/** Plain text for a problem, in the player's language. */
export function problemText(p: BetProblem): string {
  switch (p.code) {
    case 'no_picks':
      return i18n.t('roundTable:problems.noPicks');
    case 'too_many_picks':
      return i18n.t('roundTable:problems.tooManyPicks', { max: p.max });
    case 'stake_too_low':
      return i18n.t('roundTable:problems.stakeTooLow', { amount: `₹${fixed2(p.min)}` });
    case 'stake_too_high':
      return i18n.t('roundTable:problems.stakeTooHigh', { amount: `₹${fixed2(p.max)}` });
    case 'insufficient_balance':
      return i18n.t('roundTable:problems.insufficientBalance', { amount: `₹${fixed2(p.shortfall)}` });
  }
}
