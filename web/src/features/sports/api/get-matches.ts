import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { ListItem } from '../wire';
import { sportsKeys } from './keys';

/** The socket says when the live set changes (`updateMatches`); this slow refetch only keeps list prices fresh. */
export const MATCHES_REFRESH_MS = 30_000;

/** GET /api/matches/{sportId}, in play first; a 404 means "no matches", not a failure. */
export async function getMatches(sportId: string): Promise<ListItem[]> {
  try {
    const res = await api.get<{ data?: ListItem[] } | ListItem[]>(`/api/matches/${encodeURIComponent(sportId)}`);
    const list = Array.isArray(res) ? res : res?.data;
    return Array.isArray(list) ? list : [];
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export function useMatches(sportId: string) {
  return useQuery({ queryKey: sportsKeys.matches(sportId), queryFn: () => getMatches(sportId), retry: false, refetchInterval: MATCHES_REFRESH_MS });
}
