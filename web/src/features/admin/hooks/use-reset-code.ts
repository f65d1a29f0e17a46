/**
 * A player's password-reset code, issued by the operator: the code is held only while its panel is on show. The
 * mutation is dropped from react-query's cache as soon as nothing observes it (`gcTime: 0`): after `dismiss`, or when
 * the screen is left; nothing is written to any storage. The audit list is refreshed (it records that a code was issued).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminKeys } from '../api/keys';
import { issueResetCode } from '../api/reset-code';
import { adminErrorMessage } from '../text';

export function useResetCode(who: string | number) {
  const { t } = useTranslation('adminMoney');
  const qc = useQueryClient();
  const [error, setError] = useState('');
  const m = useMutation({
    mutationFn: () => issueResetCode(who),
    gcTime: 0,
    onMutate: () => setError(''),
    // Null only when the account vanished meanwhile.
    onSuccess: (r) => (r.code ? undefined : setError(t('user.reset.noCode'))),
    onError: (err) => setError(adminErrorMessage(err, t('user.reset.failed'))),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.audit() }),
  });
  return {
    /** The code on show, or null. */
    code: m.data?.code || null,
    userNo: m.data?.userNo,
    issue: () => m.mutate(),
    /** Hides the code for good (and lets the cache drop it). */
    dismiss: () => m.reset(),
    isPending: m.isPending,
    error,
  };
}
