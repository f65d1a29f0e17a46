import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { WithdrawalRecord } from './types';

export function getWithdrawals(userId: string): Promise<{ success: boolean; withdrawals: WithdrawalRecord[] }> {
  return api.get(`/api/getwithdrawal/${encodeURIComponent(userId)}`);
}

export function useWithdrawals(userId: string | null) {
  return useQuery({
    queryKey: ['withdrawals', userId],
    queryFn: () => getWithdrawals(userId as string),
    enabled: userId !== null,
    select: (r) => r.withdrawals ?? [],
  });
}
