import { api } from '@/lib/api-client';
import type { WithdrawalRecord } from './types';

export interface WithdrawInput {
  user: string | number;
  userName: string;
  upi_id: string;
  phoneNumber: string;
  withdrawAmount: number;
}

export function requestWithdrawal(input: WithdrawInput): Promise<{ success: boolean; withdrawal?: WithdrawalRecord; message?: string }> {
  return api.post('/api/withdraw', input);
}
