import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export function getDeposits(userId: string): Promise<Schema<'DepositList'>> {
  return api.get('/api/deposits/{userId}', { path: { userId } });
}

export function useDeposits(userId: string | null) {
  return useQuery({
    queryKey: ['deposits', userId],
    queryFn: () => getDeposits(userId as string),
    enabled: userId !== null,
    select: (r) => r.deposits ?? [],
  });
}
