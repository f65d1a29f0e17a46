import { useQuery } from '@tanstack/react-query';
import { api, apiUrl } from '@/lib/api-client';
import type { Kyc } from './types';

export const kycQueryKey = ['kyc'] as const;

export function getKyc(): Promise<Kyc> {
  return api.get('/api/kyc');
}

/** The player's identity check: level, status and documents (real mode only: `enabled` false in play mode). */
export function useKyc(enabled = true) {
  return useQuery({ queryKey: kycQueryKey, queryFn: getKyc, enabled });
}

/** The path of one of the player's own document images (for `useBlobUrl`). */
export const kycDocumentPath = (id: number) => apiUrl('/api/kyc/documents/{id}', { path: { id } });
