import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Entries, Entry } from './types';
import { parchiKeys } from './keys';

/** `GET /api/match/get-by-matchname/{match}` (public): every play on the match, masked. */
export function getEntries(match: string): Promise<Entries> {
  return api.get('/api/match/get-by-matchname/{match}', { path: { match } });
}

/** While the plays may still change (the match goes on, or its settlement is still being written), asked this often. */
export const ENTRIES_POLL_MS = 10_000;

const FINAL = ['finished', 'abandoned'];

/**
 * The plays, asked again whenever the board's `status` changes (so the winners show as the match ends), after a play,
 * and every 10 s until the match is over and no play is still held.
 */
export function useEntries(match: string, status: string | undefined) {
  return useQuery({
    queryKey: parchiKeys.entries(match, status ?? ''),
    queryFn: () => getEntries(match),
    select: (r): Entry[] => (Array.isArray(r?.entries) ? r.entries : []),
    enabled: status !== undefined,
    refetchInterval: (q) =>
      FINAL.includes(status ?? '') && !q.state.data?.entries?.some((e) => e.status === 'held')
        ? false
        : ENTRIES_POLL_MS,
    // The table stays while the next status's list is asked.
    placeholderData: keepPreviousData,
  });
}
