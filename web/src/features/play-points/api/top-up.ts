import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type TopUpStatus = Schema<'TopUpStatusJson'>;
export type ToppedUp = Schema<'ToppedUp'>;

export const topUpQueryKey = (userId: string | null) => ['play-points', userId] as const;

/** Where the player stands with the day's top-up: asked again each minute (a lost stake can bring one under the ceiling). */
export function useTopUpStatus(userId: string | null) {
  return useQuery({
    queryKey: topUpQueryKey(userId),
    queryFn: (): Promise<TopUpStatus> => api.get('/api/play-points'),
    enabled: userId !== null,
    refetchInterval: 60_000,
  });
}

export function claimTopUp(): Promise<ToppedUp> {
  return api.post('/api/play-points/top-up');
}
