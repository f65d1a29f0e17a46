import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { BidRow, Bids } from './types';
import { matkaKeys } from './keys';

export const BIDS_LIMIT = 100;
/** While a bid waits for its result, the history is asked again this often (results also push `matka:status`). */
const HELD_POLL_MS = 5_000;

/** `GET /api/bids`: the player's bids, newest first. */
export function getBids(limit = BIDS_LIMIT): Promise<Bids> {
  return api.get('/api/bids', { query: { limit } });
}

export function useMyBids() {
  return useQuery({
    queryKey: matkaKeys.bids(),
    queryFn: () => getBids(),
    select: (r): BidRow[] => (Array.isArray(r?.bids) ? r.bids : []),
    refetchInterval: (q) => (q.state.data?.bids?.some((b) => b.status === 'held') ? HELD_POLL_MS : false),
  });
}
