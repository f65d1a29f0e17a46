/**
 * Identity checks (KYC) for operators: the submissions by status, a document's image, approve and reject (audited by
 * the server). Typed by hand from the server's contract until the API document carries these routes.
 */
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { KycDocument, KycLevel, KycStatus } from '@/features/kyc/api/types';
import { adminKeys, seg } from './keys';
import type { StatusFilter } from './money';

export interface KycSubmission {
  userId: number;
  userNo: number;
  name: string;
  phone: string;
  /** "YYYY-MM-DD". */
  dateOfBirth: string | null;
  age: number | null;
  /** The region's code (ISO 3166-2:IN or a country's). */
  region: string | null;
  fullName: string | null;
  idType: string | null;
  idNumber: string | null;
  status: KycStatus;
  level: KycLevel;
  reason: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  documents: KycDocument[];
}

export function useAdminKyc(status: StatusFilter) {
  return useQuery({
    queryKey: adminKeys.kyc(status),
    queryFn: () =>
      request<{ success: boolean; submissions: KycSubmission[] }>('GET', `/api/admin/kyc?status=${status}`),
    select: (r) => r.submissions ?? [],
    refetchInterval: 10_000,
  });
}

/** A document's image, for `BlobImage` (it needs the operator's session: never a public address). */
export const adminKycDocumentPath = (id: number) => `/api/admin/kyc/documents/${seg(id)}`;

export function approveKyc(userId: number): Promise<KycSubmission> {
  return request('POST', `/api/admin/kyc/${seg(userId)}/approve`, {});
}

/** `reason`: 4 to 200 characters, shown to the player. */
export function rejectKyc(userId: number, reason: string): Promise<KycSubmission> {
  return request('POST', `/api/admin/kyc/${seg(userId)}/reject`, { reason });
}
