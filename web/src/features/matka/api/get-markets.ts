import { useQuery } from '@tanstack/react-query';
import { MATKA_REFRESH_MS } from '@/config/constants';
import { api } from '@/lib/api-client';
import type { MarketListJson } from './types';
import { matkaKeys } from './keys';

/** The list, and when this screen got it (for the server clock: `serverTime` was then). */
export interface SeenList extends MarketListJson {
  receivedAt: number;
}

/** Also takes `matka:join`'s ack (the socket's `MarketList` is the same shape). */
export const seen = (list: MarketListJson): SeenList => ({
  ...list,
  markets: Array.isArray(list.markets) ? list.markets : [],
  rates: Array.isArray(list.rates) ? list.rates : [],
  receivedAt: Date.now(),
});

/** `GET /api/admin/getMatkas` (any logged-in user): markets, rates, points per number, server time. */
export async function getMarkets(): Promise<SeenList> {
  return seen(await api.get('/api/admin/getMatkas'));
}

/** The spec's 60 s refresh; `matka:status` pushes change it in between (see `use-matka-room`). */
export function useMarkets() {
  return useQuery({
    queryKey: matkaKeys.markets(),
    queryFn: getMarkets,
    refetchInterval: MATKA_REFRESH_MS,
    staleTime: 5_000,
  });
}

/** The server's clock now, from the list's `serverTime` and how long ago it came. */
export function serverNow(list: Pick<SeenList, 'serverTime' | 'receivedAt'> | undefined, localNow: number): number {
  if (!list || !Number.isFinite(list.serverTime)) return localNow;
  return list.serverTime + (localNow - list.receivedAt);
}
