import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { parchiKeys } from './keys';

/** A feed may move a match's start: while plays are open the start time is asked again this often. */
export const START_REFRESH_MS = 60_000;

/**
 * When the match starts (epoch ms): its first ball, when plays close. From the sports detail
 * (`GET /api/match/{matchId}`, public: `event.eventDate`); `null` when the server has no such match or no time.
 */
export async function getMatchStart(matchId: number): Promise<number | null> {
  try {
    const d = await api.get('/api/match/{matchId}', { path: { matchId } });
    const at = d?.event?.eventDate;
    return typeof at === 'number' && Number.isFinite(at) ? at : null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The start time of `matchId` while plays are open (`active`); not asked once they closed. */
export function useMatchStart(matchId: number | undefined, active: boolean) {
  return useQuery({
    queryKey: parchiKeys.start(matchId ?? 0),
    queryFn: () => getMatchStart(matchId ?? 0),
    enabled: active && matchId !== undefined && matchId > 0,
    refetchInterval: active ? START_REFRESH_MS : false,
    staleTime: START_REFRESH_MS,
    retry: false,
  });
}
