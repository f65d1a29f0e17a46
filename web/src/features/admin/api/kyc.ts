/** Identity checks (KYC) for operators: the submissions by status, a document's image, approve and reject (audited by the server). */
import { useQuery } from '@tanstack/react-query';
import { api, apiUrl } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { adminKeys } from './keys';
import type { StatusFilter } from './money';

export type KycSubmission = Schema<'SubmissionJson'>;

export function useAdminKyc(status: StatusFilter) {
  return useQuery({
    queryKey: adminKeys.kyc(status),
    queryFn: () => api.get('/api/admin/kyc', { query: { status } }),
    select: (r) => r.submissions ?? [],
    refetchInterval: 10_000,
  });
}

/** A document's image, for `BlobImage` (it needs the operator's session: never a public address). */
export const adminKycDocumentPath = (id: number) => apiUrl('/api/admin/kyc/documents/{id}', { path: { id } });

export function approveKyc(userId: number): Promise<Schema<'KycJson'>> {
  return api.post('/api/admin/kyc/{userId}/approve', { path: { userId } });
}

/** `reason`: 4 to 200 characters, shown to the player. */
export function rejectKyc(userId: number, reason: string): Promise<Schema<'KycJson'>> {
  return api.post('/api/admin/kyc/{userId}/reject', { path: { userId }, body: { reason } });
}
