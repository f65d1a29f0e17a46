/**
 * A bid slip (pure): points per number (whole rupees, digits only), the totals exactly as the server computes them
 * (integer paise: a number pays points × rate, stake included; the estimated profit is their sum) and the spec's
 * checks before Submit. The server checks everything again.
 */
import i18n from '@/i18n';

/** Seven digits: far above any maximum, and still an exact integer. */
const MAX_DIGITS = 7;

/** The spec's messages, as keys of the `matka` namespace (shown with `t` / `i18n.t`). */
export const MSG_NO_BIDS = 'matka:msg.noBids';
export const MSG_INSUFFICIENT = 'matka:msg.insufficient';
export const MSG_NOT_LOGGED_IN = 'matka:msg.notLoggedIn';
export const MSG_PLACED = 'matka:msg.placed';
export const MSG_FAILED = 'matka:msg.failed';
export const MSG_ERROR = 'matka:msg.error';
export const MSG_LOAD_FAILED = 'matka:msg.loadFailed';

/** What a points box keeps of a typed text: digits only, no leading zeros. */
export function pointsText(text: string): string {
  return text.replace(/\D/g, '').slice(0, MAX_DIGITS).replace(/^0+/, '');
}

/** A line of the slip: a number and its points in whole rupees (sent as the request's `MatkaBidLineBody`). */
export interface SlipLine {
  number: string;
  points: number;
}

/** The lines that carry points (> 0), in the order given. */
export function linesOf(entries: readonly (readonly [string, string])[]): SlipLine[] {
  const out: SlipLine[] = [];
  for (const [number, text] of entries) {
    const points = Number(pointsText(text) || '0');
    if (points > 0) out.push({ number, points });
  }
  return out;
}

export interface Totals {
  /** Whole rupees. */
  totalBidPoints: number;
  /** Paise, exact. */
  estimatedProfitPaise: number;
  /** Rupees (at most 2 decimals), as the request carries it. */
  estimatedProfit: number;
}

/** Σ points and Σ points × rate: a whole-rupee stake times a rate in hundredths is exact paise. */
export function totalsOf(lines: readonly SlipLine[], rateHundredths: number): Totals {
  let total = 0;
  let paise = 0;
  for (const l of lines) {
    total += l.points;
    paise += l.points * rateHundredths;
  }
  return { totalBidPoints: total, estimatedProfitPaise: paise, estimatedProfit: paise / 100 };
}

export interface Limits {
  /** Rupees a number may carry. */
  minPoints: number;
  maxPoints: number;
}

/** The first reason the server would refuse the slip, as far as the client can tell (in the player's language); null when none. */
export function checkSlip(
  lines: readonly SlipLine[],
  limits: Limits | undefined,
  balance: number | undefined,
): string | null {
  if (lines.length === 0) return i18n.t(MSG_NO_BIDS);
  for (const l of lines) {
    if (limits && limits.minPoints > 0 && l.points < limits.minPoints)
      return i18n.t('matka:msg.minPoints', { min: limits.minPoints, number: l.number });
    if (limits && limits.maxPoints > 0 && l.points > limits.maxPoints)
      return i18n.t('matka:msg.maxPoints', { max: limits.maxPoints, number: l.number });
  }
  const { totalBidPoints } = totalsOf(lines, 0);
  if (typeof balance === 'number' && Number.isFinite(balance) && totalBidPoints * 100 > Math.round(balance * 100))
    return i18n.t(MSG_INSUFFICIENT);
  return null;
}
