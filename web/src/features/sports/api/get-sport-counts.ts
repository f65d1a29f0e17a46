import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLiveRoom } from '../hooks/use-live-matches';
import { sportsKeys } from './keys';
import type { SportCount } from './types';

/** The live list's room says when cricket's matches in play change; this slow refetch catches the other sports. */
export const COUNTS_REFRESH_MS = 60_000;

const isCount = (v: unknown): v is SportCount => {
  const c = v as SportCount;
  return !!c && typeof c === 'object' && Number.isSafeInteger(c.sportId) && Number.isSafeInteger(c.inPlay);
};

/** GET /api/sports/counts: a row per sport the feed has. */
export async function getSportCounts(): Promise<SportCount[]> {
  const rows = await api.get('/api/sports/counts');
  return Array.isArray(rows) ? rows.filter(isCount) : [];
}

/** Matches in play by sport id (as the routes spell it, `/sport/{id}`); a sport not listed has none. */
export const inPlayBySport = (rows: SportCount[]): Record<string, number> =>
  Object.fromEntries(rows.map((c) => [String(c.sportId), c.inPlay]));

/** The in-play counts while `active` (signed in): asked again when the live set changes, and every minute. */
export function useSportCounts(active: boolean) {
  useLiveRoom(active);
  return useQuery({
    queryKey: sportsKeys.counts(),
    queryFn: getSportCounts,
    enabled: active,
    refetchInterval: COUNTS_REFRESH_MS,
    select: inPlayBySport,
  });
}
