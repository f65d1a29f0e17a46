/** The stake box (pure): digits only, the −/+ stepper, quick amounts, and the spec's checks before a bet. */
import i18n from '@/i18n';

export const QUICK_AMOUNTS = [100, 200, 500, 1000, 2000, 5000] as const;
/** What − and + move the stake by. */
export const STAKE_STEP = 10;
export const DEFAULT_STAKE = '100';
/** Nine digits: crores of rupees, far above any maximum bet, and still an exact integer. */
const MAX_DIGITS = 9;

/** What the text box keeps of a typed text: digits only, no leading zeros ("0" stays "0"). */
export function digitsOnly(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, MAX_DIGITS);
  return digits.replace(/^0+(?=\d)/, '');
}

/** The stake after − (`direction` −1) or + (+1): a whole step, never below zero. */
export function stepStake(text: string, direction: 1 | -1, step = STAKE_STEP): string {
  const now = Number(digitsOnly(text) || '0');
  const next = direction > 0 ? now + step : Math.max(0, now - step);
  return String(Math.min(next, 10 ** MAX_DIGITS - 1));
}

export type StakeCheck = { ok: true; amount: number } | { ok: false; message: string };

/** The checks' messages, as keys (the check answers the text in the player's language). */
export const MSG_NOT_POSITIVE = 'mines:stake.notPositive';
export const MSG_INSUFFICIENT = 'mines:stake.insufficient';

/**
 * The spec's checks before BET: a positive amount, and not more than the balance (when it is known). Stake limits
 * are the server's to refuse: its message is shown.
 */
export function checkStake(text: string, balance: number | undefined): StakeCheck {
  const digits = digitsOnly(text);
  const amount = Number(digits || '0');
  if (!digits || amount <= 0) return { ok: false, message: i18n.t(MSG_NOT_POSITIVE) };
  if (typeof balance === 'number' && Number.isFinite(balance) && amount > balance)
    return { ok: false, message: i18n.t(MSG_INSUFFICIENT) };
  return { ok: true, amount };
}
