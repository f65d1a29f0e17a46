import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type ResetCodeIssued = Schema<'ResetCodeIssued'>;

/**
 * Issues a one-time password-reset code for a player (`who`: their user number, phone or e-mail address), replacing
 * any earlier one. The answer carries the code for the operator to pass on; the audit log records only that one was
 * issued (`user.reset_code`). Keep it in memory only, for as long as it is on show.
 */
export function issueResetCode(who: string | number): Promise<ResetCodeIssued> {
  return api.post('/api/admin/users/{who}/reset-code', { path: { who: String(who) } });
}
