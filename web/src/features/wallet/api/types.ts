import type { Schema } from '@/lib/api-types';

export type RequestStatus = Schema<'RequestStatus'>;
export type DepositRecord = Schema<'DepositJson'>;
export type WithdrawalRecord = Schema<'WithdrawalJson'>;
