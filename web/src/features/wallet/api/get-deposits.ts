import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DepositRecord } from './types';

export function getDeposits(userId: string): Promise<{ success: boolean; deposits: DepositRecord[] }> {
  return api.get(`/api/deposits/${encodeURIComponent(userId)}`);
}

export function useDeposits(userId: string | null) {
  return useQuery({
    queryKey: ['deposits', userId],
    queryFn: () => getDeposits(userId as string),
    enabled: userId !== null,
    select: (r) => r.deposits ?? [],
  });
}
