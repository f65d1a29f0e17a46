import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export function getWithdrawals(userId: string): Promise<Schema<'WithdrawalList'>> {
  return api.get('/api/getwithdrawal/{userId}', { path: { userId } });
}

export function useWithdrawals(userId: string | null) {
  return useQuery({
    queryKey: ['withdrawals', userId],
    queryFn: () => getWithdrawals(userId as string),
    enabled: userId !== null,
    select: (r) => r.withdrawals ?? [],
  });
}
