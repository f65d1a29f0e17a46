import { api } from '@/lib/api-client';
import type { RoundId } from '../types';

export interface Verification {
  roundId: RoundId;
  hash: string;
  crashPoint: number;
  computedCrashPoint: number;
  valid: boolean;
}

export const verifyUrl = (roundId: RoundId) => `/api/aviator/verify/${encodeURIComponent(String(roundId))}`;

export function verifyRound(roundId: RoundId): Promise<Verification> {
  return api.get<Verification>(verifyUrl(roundId));
}
