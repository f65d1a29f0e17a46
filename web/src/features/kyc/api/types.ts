/** The player's identity check (KYC) as `GET /api/kyc` answers it, from the API document. */
import type { Schema } from '@/lib/api-types';

export type Kyc = Schema<'KycJson'>;
export type KycDocument = Schema<'KycDocumentJson'>;
/** `none`, `basic` (details sent), `verified` (an operator approved them). */
export type KycLevel = Schema<'KycLevel'>;
export type KycStatus = Schema<'KycStatus'>;

/** The identity documents the server takes, as it names them. */
export const ID_TYPES = ['aadhaar', 'pan', 'passport', 'voter_id', 'driving_licence'] as const;
export type IdType = (typeof ID_TYPES)[number];
