import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type ForgotResponse = Schema<'ResetJson'>;

/** Step 1: ask for a one-time code (the answer is neutral whether or not the account exists). */
export function requestResetCode(identifier: string): Promise<ForgotResponse> {
  return api.post('/api/forgot-password', { body: { email: identifier.trim() } });
}

/** Step 2: redeem the code with the new password. */
export function resetPassword(identifier: string, code: string, newPassword: string): Promise<ForgotResponse> {
  return api.post('/api/forgot-password', { body: { email: identifier.trim(), code: code.trim(), newPassword } });
}
