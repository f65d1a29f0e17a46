import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { liveItems } from '../../sports/feed';
import type { LiveMatch } from '../../sports/api/types';
import { parchiKeys } from './keys';

/** Spec §9: the live list is asked again every second. */
export const LIVE_POLL_MS = 1_000;

/** `GET /api/live-matches` (public): the cricket matches in play; rows that cannot be shown are dropped. */
export async function getLiveMatches(): Promise<LiveMatch[]> {
  return liveItems(await api.get('/api/live-matches')) ?? [];
}

/** The visitor's live list (no socket without a login). */
export function usePolledLiveMatches() {
  return useQuery({
    queryKey: parchiKeys.live(),
    queryFn: getLiveMatches,
    refetchInterval: LIVE_POLL_MS,
    staleTime: 0,
  });
}
