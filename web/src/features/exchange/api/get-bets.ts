/** The player's bet lists, newest first: runner-market bets and fancy bets, of one match or all. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { exchangeKeys, OPEN_BETS_POLL_MS } from '@/lib/bets/keys';
import type { BetView, Bets } from '@/lib/bets/wire';

const listOf = (r: Bets | null | undefined): BetView[] => (Array.isArray(r?.bets) ? r.bets : []);
const pollWhileOpen = (bets: BetView[] | undefined) =>
  bets?.some((b) => b.status === 'open') ? OPEN_BETS_POLL_MS : false;

/** `GET /api/laggai_khai_getuserbet/{userId}[/{match}]`. */
export async function getRunnerBets(userId: string, match?: number): Promise<BetView[]> {
  const r =
    match === undefined
      ? await api.get('/api/laggai_khai_getuserbet/{userId}', { path: { userId } })
      : await api.get('/api/laggai_khai_getuserbet/{userId}/{match}', { path: { userId, match: String(match) } });
  return listOf(r);
}

/** `GET /api/cricket-market/{userId}[/{match}]`. */
export async function getFancyBets(userId: string, match?: number): Promise<BetView[]> {
  const r =
    match === undefined
      ? await api.get('/api/cricket-market/{userId}', { path: { userId } })
      : await api.get('/api/cricket-market/{userId}/{match}', { path: { userId, match: String(match) } });
  return listOf(r);
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
