import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MatchBook } from './wire';
import { exchangeKeys, OPEN_BETS_POLL_MS } from './keys';

/** `GET /api/exchange/book/{match}`: the player's P/L per outcome and exposure in each market of the match. */
export async function getBook(match: number): Promise<MatchBook> {
  const b = await api.get('/api/exchange/book/{match}', { path: { match } });
  return { match, exposure: Number(b?.exposure) || 0, markets: Array.isArray(b?.markets) ? b.markets : [] };
}

/**
 * The book; a bet puts its market's new position in place and asks again (see `use-place-bet`). While the player has
 * a position it is asked again as often as the open bets are, so a settled line leaves it.
 */
export function useBook(match: number, enabled = true) {
  return useQuery({
    queryKey: exchangeKeys.book(match),
    queryFn: () => getBook(match),
    enabled,
    refetchInterval: (q) => (q.state.data?.markets?.length ? OPEN_BETS_POLL_MS : false),
  });
}
