import { api } from '@/lib/api-client';
import type { Complete, Schema } from '@/lib/api-types';

export type DepositInput = Complete<Schema<'DepositBody'>>;

export function addDeposit(input: DepositInput): Promise<Schema<'DepositCreated'>> {
  return api.post('/api/add-more-points', { body: input });
}
