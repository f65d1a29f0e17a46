import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { ListItem } from './types';
import { sportsKeys } from './keys';

/** The socket says when the live set changes (`updateMatches`); this slow refetch only keeps list prices fresh. */
export const MATCHES_REFRESH_MS = 30_000;

/**
 * GET /api/matches/{sportId}, in play first; a 404 means "no matches", not a failure, and a sport that is not an id
 * (an old link such as `/sport/horse-racing`) has none, without asking.
 */
export async function getMatches(sportId: string): Promise<ListItem[]> {
  if (!/^\d+$/.test(sportId)) return [];
  try {
    const res = await api.get('/api/matches/{sportId}', { path: { sportId: Number(sportId) } });
    return Array.isArray(res?.data) ? res.data : [];
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export function useMatches(sportId: string) {
  return useQuery({
    queryKey: sportsKeys.matches(sportId),
    queryFn: () => getMatches(sportId),
    retry: false,
    refetchInterval: MATCHES_REFRESH_MS,
  });
}
