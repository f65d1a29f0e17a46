import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MyPlay } from '../wire';
import { parchiKeys } from './keys';

/** `GET /api/parchi/bets/{userId}`: the player's own plays, newest first. */
export function getMyPlays(userId: string): Promise<{ success: boolean; bets: MyPlay[] }> {
  return api.get(`/api/parchi/bets/${encodeURIComponent(userId)}`);
}

export function useMyPlays(userId: string) {
  return useQuery({
    queryKey: parchiKeys.mine(userId),
    queryFn: () => getMyPlays(userId),
    select: (r): MyPlay[] => (Array.isArray(r?.bets) ? r.bets : []),
  });
}
