/**
 * The player's book as the betting screen shows it, pure: each team's P/L if it wins (over every runner market of
 * the match: the Bookmaker the screen bets on, and the Match Odds), a fancy line's exposure, and a placed bet's
 * market put into the held book.
 */
import { formatAmount } from '@/lib/money';
import type { MarketBook, MatchBook } from './wire';

/** What the player wins (+) or loses (−) if the team named `team` wins; 0 without a position. */
export function teamPl(book: MatchBook | undefined, team: string): number {
  if (!book) return 0;
  let pl = 0;
  for (const m of book.markets) {
    if (m.marketType === 'fancy') continue;
    pl += m.runners.find((r) => r.name === team)?.pl ?? 0;
  }
  return Math.round(pl * 100) / 100;
}

/** The exposure held on one market (0 without a position). */
export const marketExposure = (book: MatchBook | undefined, marketId: string): number =>
  book?.markets.find((m) => m.marketId === marketId)?.exposure ?? 0;

/** The held book with `market` (a placed bet's answer) in place of its earlier position. */
export function withMarket(book: MatchBook | undefined, match: number, market: MarketBook): MatchBook {
  const markets = book?.markets ?? [];
  const next = markets.some((m) => m.marketId === market.marketId)
    ? markets.map((m) => (m.marketId === market.marketId ? market : m))
    : [...markets, market];
  const exposure = Math.round(next.reduce((sum, m) => sum + m.exposure, 0) * 100) / 100;
  return { match: book?.match ?? match, exposure, markets: next };
}

/** "+1,234.00" / "-100.00": the spec's plus sign when non-negative. */
export const signed = (n: number): string => `${n >= 0 ? '+' : '-'}${formatAmount(Math.abs(n))}`;

/** The player's P/L if runner `index` wins, in the market `marketId` alone; `null` without a position there. */
export function runnerPl(book: MatchBook | undefined, marketId: string, index: number): number | null {
  const m = book?.markets.find((x) => x.marketId === marketId);
  return m ? (m.runners[index]?.pl ?? 0) : null;
}
