import { api, apiUrl } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type Verification = Schema<'AviatorVerifyJson'>;

export const verifyUrl = (round: number) => apiUrl('/api/aviator/verify/{round}', { path: { round } });

export function verifyRound(round: number): Promise<Verification> {
  return api.get('/api/aviator/verify/{round}', { path: { round } });
}
