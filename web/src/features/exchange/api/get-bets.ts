/** The player's bet lists, newest first: runner-market bets and fancy bets, of one match or all. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { exchangeKeys, OPEN_BETS_POLL_MS } from '@/lib/bets/keys';
import type { BetView, Bets } from '@/lib/bets/wire';

const listOf = (r: Bets | null | undefined): BetView[] => (Array.isArray(r?.bets) ? r.bets : []);
const pollWhileOpen = (bets: BetView[] | undefined) =>
  bets?.some((b) => b.status === 'open') ? OPEN_BETS_POLL_MS : false;

/** `GET /api/laggai_khai_getuserbet/{userId}[/{match}]`; every match's takes a `limit` (1 to 500). */
export async function getRunnerBets(userId: string, match?: number, limit?: number): Promise<BetView[]> {
  const r =
    match === undefined
      ? await api.get('/api/laggai_khai_getuserbet/{userId}', { path: { userId }, query: { limit } })
      : await api.get('/api/laggai_khai_getuserbet/{userId}/{match}', { path: { userId, match: String(match) } });
  return listOf(r);
}

/** `GET /api/cricket-market/{userId}[/{match}]`; every match's takes a `limit` (1 to 500). */
export async function getFancyBets(userId: string, match?: number, limit?: number): Promise<BetView[]> {
  const r =
    match === undefined
      ? await api.get('/api/cricket-market/{userId}', { path: { userId }, query: { limit } })
      : await api.get('/api/cricket-market/{userId}/{match}', { path: { userId, match: String(match) } });
  return listOf(r);
}

/** The most one of the every-match lists gives in one answer. */
export const MATCH_BETS_MAX = 500;

/**
 * The player's `limit` latest bets on matches, teams and fancy lines together, newest first: each list's `limit`
 * latest, merged (the newest `limit` of both are among them).
 */
export async function getMatchBets(userId: string, limit: number): Promise<BetView[]> {
  const [runner, fancy] = await Promise.all([
    getRunnerBets(userId, undefined, limit),
    getFancyBets(userId, undefined, limit),
  ]);
  return [...runner, ...fancy].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
}

export function useRunnerBets(userId: string | null, match?: number) {
  return useQuery({
    queryKey: exchangeKeys.runnerBets(userId, match),
    queryFn: () => getRunnerBets(userId as string, match),
    enabled: userId !== null,
    refetchInterval: (q) => pollWhileOpen(q.state.data),
  });
}

export function useFancyBets(userId: string | null, match?: number) {
  return useQuery({
    queryKey: exchangeKeys.fancyBets(userId, match),
    queryFn: () => getFancyBets(userId as string, match),
    enabled: userId !== null,
    refetchInterval: (q) => pollWhileOpen(q.state.data),
  });
}
