/**
 * Betting from the match page, pure: what a tapped price selects (a Match Odds runner's back or lay at one of its
 * three levels, a Bookmaker selection's lagai / khai, a fancy line's NO / YES), that price as the live detail shows
 * it now, the market's terms (stake limits, bet delay) and the request naming the price the player saw. The
 * arithmetic and the call are the shared slip's (`@/lib/bets`); the server decides.
 */
import { SCREEN_LIMITS, oddsRate, type BetRequest, type StakeLimits } from '@/lib/bets/slip';
import type { FancyKind, RunnerKind } from '@/lib/bets/wire';
import type { MatchDetailJson } from './api/types';
import { formatPrice, formatRate } from './format';

/** `index`: the runner's (selection's) row in its market; `level`: 0 the best price of the side, then worse ones. */
export type MatchPick =
  | { market: 'exchange'; marketId: string; index: number; label: string; kind: RunnerKind; level: number }
  | { market: 'bookmaker'; marketId: string; index: number; label: string; kind: RunnerKind }
  | { market: 'fancy'; marketId: string; label: string; kind: FancyKind };

/** The selected price now. */
export interface MatchQuote {
  /** What is sent as `odds`: Match Odds decimal odds, or a Bookmaker / fancy rate ×100. */
  odds: number;
  /** What a rupee wins, ×100 (for the slip's profit and loss). */
  rate: number;
  /** The price as its cell shows it. */
  text: string;
  /** The line (fancy). */
  runs: number | null;
  open: boolean;
}

/** The selection's price in `d` now; `null` when its market, row or level is gone. */
export function matchQuote(d: MatchDetailJson, p: MatchPick): MatchQuote | null {
  if (p.market === 'exchange') {
    const m = d.match;
    const ex = m.marketId === p.marketId ? m.runners[p.index]?.ex : undefined;
    const level = (p.kind === 'Lgaai' ? ex?.availableToBack : ex?.availableToLay)?.[p.level];
    if (!level) return null;
    const open = m.status === 'OPEN' && level.price > 1;
    return { odds: level.price, rate: oddsRate(level.price), text: formatPrice(level.price), runs: null, open };
  }
  if (p.market === 'bookmaker') {
    const bm = d.bookmakers.find((b) => b.marketId === p.marketId);
    const sel = bm?.selections[p.index];
    if (!bm || !sel) return null;
    const rate = p.kind === 'Lgaai' ? sel.backOdds : sel.layOdds;
    const open = bm.status === 'OPEN' && sel.status === 'OPEN' && rate > 0;
    return { odds: rate, rate, text: formatRate(rate), runs: null, open };
  }
  const f = d.fancyMarkets.find((m) => m.marketId === p.marketId);
  if (!f) return null;
  const rate = p.kind === 'yes' ? f.odds.yes : f.odds.no;
  const runs = p.kind === 'yes' ? f.runValue.yes : f.runValue.no;
  return { odds: rate, rate, text: formatRate(rate), runs, open: f.status === 'OPEN' && rate > 0 };
}

/**
 * The market's terms as the server gives them: Match Odds carries its stake limits and bet delay; Bookmaker and
 * fancy markets carry none in the detail, so their slip shows the exchange screen's limits and no delay.
 */
export function matchTerms(d: MatchDetailJson, p: MatchPick): { limits: StakeLimits; betDelay: number | null } {
  if (p.market === 'exchange') {
    return { limits: { min: d.match.minStake, max: d.match.maxStake }, betDelay: d.match.betDelay };
  }
  return { limits: SCREEN_LIMITS, betDelay: null };
}

/** The request naming the price the player saw (`q`), on the match with event id `match`. */
export function matchBetRequest(match: number, p: MatchPick, q: MatchQuote, stake: number): BetRequest {
  if (p.market === 'fancy') {
    const body = { match, marketId: p.marketId, label: p.label, type: p.kind, runs: q.runs ?? 0, odds: q.odds, stake };
    return { market: 'fancy', body };
  }
  const marketType = p.market === 'exchange' ? 'exchange' : 'bookmaker';
  return {
    market: 'runner',
    body: { match, teamIndex: p.index, label: p.label, type: p.kind, odds: q.odds, stake, marketType },
  };
}
