/**
 * The player's identity check (KYC) as `GET /api/kyc` answers it. Written by hand from the server's contract until the
 * API document carries it.
 */
export type KycLevel = 'none' | 'basic' | 'verified';
export type KycStatus = 'none' | 'pending' | 'approved' | 'rejected';
export type KycDocumentKind = 'front' | 'back';

export interface KycDocument {
  id: number;
  kind: KycDocumentKind;
  contentType: string;
  size: number;
}

export interface Kyc {
  success: boolean;
  level: KycLevel;
  status: KycStatus;
  /** Why the last submission was rejected. */
  reason: string | null;
  fullName: string | null;
  idType: string | null;
  /** ISO 8601. */
  submittedAt: string | null;
  decidedAt: string | null;
  documents: KycDocument[];
}

/** The identity documents the server takes, as it names them. */
export const ID_TYPES = ['aadhaar', 'pan', 'passport', 'voter_id', 'driving_licence'] as const;
export type IdType = (typeof ID_TYPES)[number];
