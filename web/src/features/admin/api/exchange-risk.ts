/**
 * The exchange's risk controls for operators (docs/OPERATORS.md "Exchange markets": liability limits, sure positions).
 * Their shapes are written here rather than read from the generated schema: there the server's `LimitJson` /
 * `LimitBody` share their names with the account limits' (`http/src/accounts/settings.rs`), so the document holds one
 * of each and `LimitsJson.limits` reads as the account limits' rows. The calls go through the client's untyped
 * `request` for that reason; once the server names them apart, `api.get('/api/admin/exchange/limits')` can replace it.
 */
import { useQuery } from '@tanstack/react-query';
import { buildPath, request } from '@/lib/api-client';

/** `exchange`: Match Odds; `bookmaker`; `fancy`. */
export type ExchangeMarketType = 'exchange' | 'bookmaker' | 'fancy';

/** One market type's limits (`marketId` empty: the type's default) or one market's, in rupees. */
export interface ExchangeLimit {
  marketType: ExchangeMarketType;
  marketId: string;
  /** The most the house may lose in the market, all players together. */
  maxLiability: number;
  /** The most the house may lose to one player in the market. */
  maxPlayerLiability: number;
  /** When it was set (ISO); null: the built-in default. */
  updatedAt: string | null;
}

/** `GET /api/admin/exchange/limits`: each type's default in force, then each market set apart. */
export interface ExchangeLimitsJson {
  limits: ExchangeLimit[];
}

/** `PUT /api/admin/exchange/limits`: `marketId` absent or empty sets the type's default. Rupees, at most 2 decimals. */
export interface ExchangeLimitBody {
  marketType: ExchangeMarketType;
  marketId?: string;
  maxLiability: number;
  maxPlayerLiability: number;
}

/** A player whose open bets on a match could not lose (≥ 0 in every outcome) when they placed their last bet. */
export interface SureAlert {
  id: number;
  userId: number;
  matchId: number;
  matchName: string;
  /** The player's open bets on the match then (their ids). */
  bets: number[];
  /** What the position paid at worst (≥ 0) and at best, in rupees. */
  worst: number;
  best: number;
  createdAt: string;
}

/** `GET /api/admin/exchange/alerts`: newest first (the last 200). */
export interface SureAlertsJson {
  alerts: SureAlert[];
}

/** Under ['admin'] like the console's other keys, so logout's clear() takes them too. */
export const exchangeKeys = {
  all: ['admin', 'exchange'] as const,
  limits: () => ['admin', 'exchange', 'limits'] as const,
  alerts: () => ['admin', 'exchange', 'alerts'] as const,
};

export const ALERTS_POLL_MS = 10_000;

export function getExchangeLimits(): Promise<ExchangeLimitsJson> {
  return request('GET', '/api/admin/exchange/limits');
}

export function getSureAlerts(): Promise<SureAlertsJson> {
  return request('GET', '/api/admin/exchange/alerts');
}

/** Sets a type's default limits or one market's; answers the saved row. */
export function saveExchangeLimits(body: ExchangeLimitBody): Promise<ExchangeLimit> {
  return request('PUT', '/api/admin/exchange/limits', body);
}

/** Removes one market's limits (it falls back to its type's) or, with no `marketId`, a type's (back to the built-in one). 204. */
export function removeExchangeLimits(marketType: ExchangeMarketType, marketId?: string): Promise<null> {
  return request(
    'DELETE',
    buildPath('/api/admin/exchange/limits/{marketType}', {
      path: { marketType },
      query: { marketId: marketId || undefined },
    }),
  );
}

export function useExchangeLimits() {
  return useQuery({ queryKey: exchangeKeys.limits(), queryFn: getExchangeLimits, staleTime: 0 });
}

/** New flags arrive as players bet: asked again every 10 s while the screen is open. */
export function useSureAlerts() {
  return useQuery({
    queryKey: exchangeKeys.alerts(),
    queryFn: getSureAlerts,
    refetchInterval: ALERTS_POLL_MS,
    staleTime: 0,
  });
}
