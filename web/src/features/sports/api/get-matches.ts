import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

export interface MatchSummary {
  id?: string | number;
  matchId?: string | number;
  event_id?: string | number;
  name?: string;
  event_name?: string;
  match_name?: string;
  event_date?: string;
  inplay?: boolean;
  isLive?: boolean;
}

/** GET /api/matches/{sportId}; a 404 means "no matches", not a failure. */
export async function getMatches(sportId: string): Promise<MatchSummary[]> {
  try {
    const res = await api.get<{ data?: MatchSummary[] } | MatchSummary[]>(`/api/matches/${encodeURIComponent(sportId)}`);
    const list = Array.isArray(res) ? res : res?.data;
    return Array.isArray(list) ? list : [];
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export function useMatches(sportId: string) {
  return useQuery({ queryKey: ['matches', sportId], queryFn: () => getMatches(sportId), retry: false });
}
