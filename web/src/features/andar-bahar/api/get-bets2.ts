import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tableQueryKey } from '../../round-table/api/get-my-bets';
import { GAME, type Bets2Response } from '../wire';

export function getBets2(userId: string): Promise<Bets2Response> {
  return api.get('/api/bets2/{userId}', { path: { userId } });
}

/** The player's Andar Bahar bets (under the table's key, so the table refreshes them when money moves). */
export function useBets2(userId: string | null) {
  return useQuery({
    queryKey: [...tableQueryKey(GAME), 'bets2', userId],
    queryFn: () => getBets2(userId as string),
    enabled: userId !== null,
    select: (r) => (Array.isArray(r?.bets) ? r.bets : []),
  });
}
