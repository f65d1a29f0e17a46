/** Client-side checks before a place_bet (the server checks again and decides). */
export const QUICK_STAKES = [100, 200, 500, 1000, 2000, 5000] as const;
export const MIN_AUTO_CASHOUT = 1.01;

export function validateBet(amount: number, balance: number | undefined, connected: boolean, autoCashout: number | null): string | null {
  if (!Number.isFinite(amount) || amount <= 0 || Math.round(amount * 100) !== amount * 100) return 'Please enter a valid bet amount';
  if (balance !== undefined && amount > balance) return 'Insufficient Balance';
  if (!connected) return 'Not connected to game server';
  if (autoCashout !== null && !(autoCashout >= MIN_AUTO_CASHOUT)) return `Auto cash-out must be at least ${MIN_AUTO_CASHOUT}x`;
  return null;
}

/** Parse the auto cash-out field: empty/disabled → null, otherwise the number (possibly invalid). */
export function parseAutoCashout(enabled: boolean, text: string): number | null {
  if (!enabled || text.trim() === '') return null;
  return Math.round(Number(text) * 100) / 100;
}
