/** Client-side checks before a place_bet (the server checks again and decides). Messages in the player's language. */
import i18n from '@/i18n';

export const QUICK_STAKES = [100, 200, 500, 1000, 2000, 5000] as const;
export const MIN_AUTO_CASHOUT = 1.01;

export function validateBet(
  amount: number,
  balance: number | undefined,
  connected: boolean,
  autoCashout: number | null,
): string | null {
  if (!Number.isFinite(amount) || amount <= 0 || Math.round(amount * 100) !== amount * 100)
    return i18n.t('aviator:errors.invalidAmount');
  if (balance !== undefined && amount > balance) return i18n.t('aviator:errors.insufficientBalance');
  if (!connected) return i18n.t('aviator:errors.notConnected');
  if (autoCashout !== null && !(autoCashout >= MIN_AUTO_CASHOUT))
    return i18n.t('aviator:errors.autoTooLow', { min: MIN_AUTO_CASHOUT });
  return null;
}

/** Parse the auto cash-out field: empty/disabled → null, otherwise the number (possibly invalid). */
export function parseAutoCashout(enabled: boolean, text: string): number | null {
  if (!enabled || text.trim() === '') return null;
  return Math.round(Number(text) * 100) / 100;
}
