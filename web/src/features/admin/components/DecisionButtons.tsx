import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { adminErrorMessage } from '../text';
import { toast } from '@/lib/toast';
import { adminKeys } from '../api/keys';
import type { Decision } from '../api/money';
import { FormError } from '@/components/Field';

/**
 * Approve / Reject for one pending request (a deposit, a withdrawal, an identity submission); both are disabled while
 * a decision is in flight. A refusal is shown in the row and handed to `onError` (the row may leave the list when it
 * refreshes, the screen keeps the message). `onReject`: Reject asks something first (a reason), so the button calls
 * it instead of deciding.
 */
export function DecisionButtons({
  decide,
  label,
  onError,
  onReject,
}: {
  decide: (d: Decision) => Promise<unknown>;
  label: string;
  onError?: (message: string) => void;
  onReject?: () => void;
}) {
  const { t } = useTranslation('adminMoney');
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  const m = useMutation({
    mutationFn: decide,
    onMutate: () => setError(''),
    onSuccess: (_r, d) => {
      toast(t(d === 'approve' ? 'decision.approved' : 'decision.rejected', { label }), 'success');
    },
    onError: (err) => {
      // 409: someone decided it first; the server says how.
      const message = adminErrorMessage(
        err,
        err instanceof ApiError && err.status === 409 ? t('decision.alreadyDecided') : t('decision.failed'),
      );
      setError(message);
      onError?.(t('decision.notice', { label: `${label.charAt(0).toUpperCase()}${label.slice(1)}`, message }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
  const busy = m.isPending;
  return (
    <div className="decision">
      <div className="decision-buttons">
        <button
          type="button"
          className="btn btn-small btn-deposit"
          disabled={busy}
          onClick={() => m.mutate('approve')}
          aria-label={t('decision.approveLabel', { label })}
        >
          {busy && m.variables === 'approve' ? t('decision.approving') : t('decision.approve')}
        </button>
        <button
          type="button"
          className="btn btn-small btn-outline"
          disabled={busy}
          onClick={() => (onReject ? onReject() : m.mutate('reject'))}
          aria-label={t('decision.rejectLabel', { label })}
        >
          {busy && m.variables === 'reject' ? t('decision.rejecting') : t('decision.reject')}
        </button>
      </div>
      <FormError error={error} className="decision-error" />
    </div>
  );
}
