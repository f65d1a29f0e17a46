import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { History } from '../wire';
import { minesKeys } from './keys';

export const HISTORY_LIMIT = 50;

/** `GET /api/mines/history`: the player's finished games, newest first. */
export function getMinesHistory(limit = HISTORY_LIMIT): Promise<History> {
  return api.get('/api/mines/history', { query: { limit } });
}

export function useMinesHistory() {
  return useQuery({
    queryKey: minesKeys.history(),
    queryFn: () => getMinesHistory(),
    select: (r) => (Array.isArray(r?.games) ? r.games : []),
  });
}
