/**
 * The exchange screen's slip, pure: what a tapped price selects (a team's Lgaai / khaai, a line's YES / NO), that
 * price as the live match detail shows it now, and the request that names the price the player saw. The arithmetic
 * (stake checks, what a bet wins and loses) is the shared slip's, `@/lib/bets/slip`, re-exported here.
 */
import i18n from '@/i18n';
import type { MatchDetailJson } from '../sports/api/types';
import type { BetRequest } from '@/lib/bets/slip';
import type { BetKind, FancyKind, RunnerKind } from './wire';

export {
  backs,
  betMoney,
  checkStake,
  limitsText,
  MAX_STAKE,
  MIN_STAKE,
  MSG_FAILED,
  MSG_INVALID_STAKE,
  MSG_PLACED,
  QUICK_STAKES,
  type BetRequest,
  type StakeCheck,
} from '@/lib/bets/slip';

/** What a tapped price selects. `teamIndex` is the team's row in the bookmaker market. */
export type Pick =
  | { market: 'runner'; marketId: string; teamIndex: number; label: string; kind: RunnerKind }
  | { market: 'fancy'; marketId: string; label: string; kind: FancyKind };

/** The selected price as the detail shows it now; `open` when it can be bet on. */
export interface Quote {
  /** The rate ×100. */
  rate: number;
  /** The line (fancy). */
  runs: number | null;
  open: boolean;
}

/** How the lists and the slip name a side: Lgaai, khaai, YES, NO (a listed bet's `type` is one of them), in the player's language. */
export const kindLabel = (kind: BetKind): string =>
  i18n.t(`exchange:kind.${String(kind).toLowerCase()}`, { defaultValue: kind });

/** The selection's price in `d` now; `null` when its market or row is gone. */
export function quoteOf(d: MatchDetailJson, p: Pick): Quote | null {
  if (p.market === 'runner') {
    const bm = d.bookmakers.find((b) => b.marketId === p.marketId);
    const sel = bm?.selections[p.teamIndex];
    if (!bm || !sel) return null;
    const rate = p.kind === 'Lgaai' ? sel.backOdds : sel.layOdds;
    return { rate, runs: null, open: bm.status === 'OPEN' && sel.status === 'OPEN' && rate > 0 };
  }
  const f = d.fancyMarkets.find((m) => m.marketId === p.marketId);
  if (!f) return null;
  const rate = p.kind === 'yes' ? f.odds.yes : f.odds.no;
  const runs = p.kind === 'yes' ? f.runValue.yes : f.runValue.no;
  return { rate, runs, open: f.status === 'OPEN' && rate > 0 };
}

/** The request naming the price the player saw (`quote`), on the match with event id `match`. */
export function betRequest(match: number, p: Pick, quote: Quote, stake: number): BetRequest {
  if (p.market === 'runner') {
    return {
      market: 'runner',
      body: {
        match,
        teamIndex: p.teamIndex,
        label: p.label,
        type: p.kind,
        odds: quote.rate,
        stake,
        marketType: 'bookmaker',
      },
    };
  }
  return {
    market: 'fancy',
    body: { match, marketId: p.marketId, label: p.label, type: p.kind, runs: quote.runs ?? 0, odds: quote.rate, stake },
  };
}
