import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MyPlay, MyPlays } from './types';
import { parchiKeys } from './keys';

/** `GET /api/parchi/bets/{userId}`: the player's own plays, newest first. */
export function getMyPlays(userId: string): Promise<MyPlays> {
  return api.get('/api/parchi/bets/{userId}', { path: { userId } });
}

export function useMyPlays(userId: string) {
  return useQuery({
    queryKey: parchiKeys.mine(userId),
    queryFn: () => getMyPlays(userId),
    select: (r): MyPlay[] => (Array.isArray(r?.bets) ? r.bets : []),
  });
}
