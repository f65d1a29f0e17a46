/** How the bet lists write a bet: its date, its odds and its status. */
import { formatDateTime } from '@/i18n/format';
import type { BetStatus, BetView } from './wire';

/** The spec's latest bets shown per table. */
export const LATEST_BETS = 10;

/** "15 Jan 2027, 19:35" (IST, in the app's language); a text that is not a date as given. */
export function formatBetDate(iso: string): string {
  return formatDateTime(iso) || iso;
}

/** A Bookmaker or fancy rate as placed (×100), or exchange decimal odds with 2 decimals. */
export const formatOdds = (b: Pick<BetView, 'odds' | 'marketType'>): string =>
  b.marketType === 'exchange' ? b.odds.toFixed(2) : String(b.odds);

/** The status pill's tone (the wallet screens' classes). */
export const statusTone = (s: BetStatus): string => (s === 'won' ? 'approved' : s === 'lost' ? 'rejected' : 'pending');
