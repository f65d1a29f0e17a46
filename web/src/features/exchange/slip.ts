/**
 * The bet slip, pure: what a tapped price selects (a team's Lgaai / khaai, a line's YES / NO), that price as the
 * live match detail shows it now, the spec's stake checks, what the bet would win and lose (the server's rules:
 * winnings rounded down to the paisa, losses up), and the request that names the price the player saw. The server
 * decides: every figure here is for display.
 */
import i18n from '@/i18n';
import type { MatchDetailJson } from '../sports/api/types';
import type { BetKind, FancyBetRequest, FancyKind, RunnerBetRequest, RunnerKind } from './wire';

export const MIN_STAKE = 100;
export const MAX_STAKE = 25_000;
export const QUICK_STAKES = [100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 20_000, 25_000] as const;
/** "Min: 100 Max: 25000", in the player's language. */
export const limitsText = (): string => i18n.t('exchange:limits', { min: MIN_STAKE, max: MAX_STAKE });

/** The spec's messages, as keys of the `exchange` namespace (shown with `t` / `i18n.t`). */
export const MSG_INVALID_STAKE = 'exchange:msg.invalidStake';
export const MSG_PLACED = 'exchange:msg.placed';
export const MSG_FAILED = 'exchange:msg.failed';

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

/** Lgaai and YES back (win `stake·rate/100`, lose the stake); khaai and NO lay (win the stake, lose `stake·rate/100`). */
export const backs = (kind: BetKind): boolean => kind === 'Lgaai' || kind === 'yes';

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

export type StakeCheck = { ok: true; stake: number } | { ok: false; message: string };

/** The spec's checks: a positive number of rupees (at most 2 decimals), then the screen's limits (messages in the player's language). */
export function checkStake(text: string): StakeCheck {
  const t = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return { ok: false, message: i18n.t(MSG_INVALID_STAKE) };
  const stake = Number(t);
  if (!(stake > 0)) return { ok: false, message: i18n.t(MSG_INVALID_STAKE) };
  if (stake < MIN_STAKE || stake > MAX_STAKE) return { ok: false, message: limitsText() };
  return { ok: true, stake };
}

/** `stake·rate/100` in paise, rounded down (what a player wins) or up (what they lose). */
const scaled = (stakePaise: number, rate: number, up: boolean): number =>
  (up ? Math.ceil : Math.floor)((stakePaise * rate) / 100);

/** What the bet wins if it wins and loses if it loses, in rupees; zeros for a stake that is not a number. */
export function betMoney(kind: BetKind, stake: number, rate: number): { profit: number; loss: number } {
  if (!Number.isFinite(stake) || stake <= 0 || !Number.isFinite(rate) || rate <= 0) return { profit: 0, loss: 0 };
  const paise = Math.round(stake * 100);
  const [profit, loss] = backs(kind) ? [scaled(paise, rate, false), paise] : [paise, scaled(paise, rate, true)];
  return { profit: profit / 100, loss: loss / 100 };
}

export type BetRequest = { market: 'runner'; body: RunnerBetRequest } | { market: 'fancy'; body: FancyBetRequest };

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
