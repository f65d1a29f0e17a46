/** How the bet lists write a bet: its date, its odds and its status. */
import type { BetStatus, BetView } from './wire';

/** The spec's latest bets shown per table. */
export const LATEST_BETS = 10;

export function formatBetDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString('en-IN', { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** A Bookmaker or fancy rate as placed (×100), or exchange decimal odds with 2 decimals. */
export const formatOdds = (b: Pick<BetView, 'odds' | 'marketType'>): string => (b.marketType === 'exchange' ? b.odds.toFixed(2) : String(b.odds));

/** The status pill's tone (the wallet screens' classes). */
export const statusTone = (s: BetStatus): string => (s === 'won' ? 'approved' : s === 'lost' ? 'rejected' : 'pending');
