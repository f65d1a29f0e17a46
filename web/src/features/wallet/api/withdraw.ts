import { api } from '@/lib/api-client';
import type { Complete, Schema } from '@/lib/api-types';

export type WithdrawInput = Complete<Schema<'WithdrawBody'>>;

export function requestWithdrawal(input: WithdrawInput): Promise<Schema<'WithdrawalCreated'>> {
  return api.post('/api/withdraw', { body: input });
}
