import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type HistoryRow = Schema<'AviatorHistoryRow'>;

export function getHistory(userId: string): Promise<HistoryRow[]> {
  return api.get('/api/history/{userId}', { path: { userId } });
}

export function useHistory(userId: string | null) {
  return useQuery({
    queryKey: ['history', userId],
    queryFn: () => getHistory(userId as string),
    enabled: userId !== null,
  });
}
