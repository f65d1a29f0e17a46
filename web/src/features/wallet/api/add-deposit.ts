import { api } from '@/lib/api-client';
import type { DepositRecord } from './types';

export interface DepositInput {
  Utr: string;
  userName: string;
  user: string | number;
  phoneNumber: string;
  deposite: number;
}

export function addDeposit(input: DepositInput): Promise<{ success: boolean; deposit?: DepositRecord }> {
  return api.post('/api/add-more-points', input);
}
