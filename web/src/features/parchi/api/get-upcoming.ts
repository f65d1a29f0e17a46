import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { ListItem } from '../../sports/api/types';
import { parchiKeys } from './keys';

/** Cricket in the sports feed. */
export const CRICKET = 4;
/** The upcoming list is asked again this often (a match leaves it at its first ball). */
export const UPCOMING_POLL_MS = 10_000;

/** An upcoming cricket match: plays are open on its game until its first ball. */
export interface UpcomingMatch {
  eventId: number;
  matchName: string;
  scoreIframe: string;
  /** Its start time (epoch ms): the first ball, when plays close. */
  startsAt: number;
}

const upcomingOf = (m: ListItem): UpcomingMatch | null =>
  m &&
  m.status === 'upcoming' &&
  Number.isSafeInteger(m.event_id) &&
  typeof m.event_name === 'string' &&
  typeof m.event_date === 'number' &&
  Number.isFinite(m.event_date)
    ? {
        eventId: m.event_id,
        matchName: m.event_name,
        scoreIframe: typeof m.scoreIframe === 'string' ? m.scoreIframe : '',
        startsAt: m.event_date,
      }
    : null;

/** `GET /api/matches/4` (public): the cricket matches not started yet, soonest first; a 404 means none. */
export async function getUpcoming(): Promise<UpcomingMatch[]> {
  try {
    const res = await api.get('/api/matches/{sportId}', { path: { sportId: CRICKET } });
    const rows = Array.isArray(res?.data) ? res.data : [];
    return rows
      .map(upcomingOf)
      .filter((m): m is UpcomingMatch => m !== null)
      .sort((a, b) => a.startsAt - b.startsAt);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export function useUpcoming() {
  return useQuery({
    queryKey: parchiKeys.upcoming(),
    queryFn: getUpcoming,
    refetchInterval: UPCOMING_POLL_MS,
    staleTime: 0,
  });
}
