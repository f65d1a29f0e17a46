import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { MatchDetailJson } from './types';
import { sportsKeys } from './keys';

/** GET /api/match/{matchId}; `null` when the server has no such match (404). */
export async function getMatch(matchId: string): Promise<MatchDetailJson | null> {
  try {
    return await api.get('/api/match/{matchId}', { path: { matchId: Number(matchId) } });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/**
 * The detail; `match:delta`s keep it current (see `use-match-room`), so it is not refetched on its own. An answer
 * that lands after the socket's ack and deltas moved the held detail further on does not take it back.
 */
export function useMatch(matchId: string, enabled = true) {
  const qc = useQueryClient();
  const key = sportsKeys.match(matchId);
  return useQuery({
    queryKey: key,
    queryFn: async () => {
      const fresh = await getMatch(matchId);
      const held = qc.getQueryData<MatchDetailJson | null>(key);
      return held && fresh && held.seq > fresh.seq ? held : fresh;
    },
    enabled,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
