/**
 * An operator's change (a form's save, create or remove): a toast when it is taken, the server's refusal kept for the
 * form to show, and the screen's query (`refresh`) fetched again either way.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { adminErrorMessage } from '../text';

export function useChange<V, R = unknown>(
  fn: (v: V) => Promise<R>,
  done: string,
  refresh: QueryKey,
  onDone?: () => void,
) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [error, setError] = useState('');
  const m = useMutation({
    mutationFn: fn,
    onMutate: () => setError(''),
    onSuccess: () => {
      toast(done, 'success');
      onDone?.();
    },
    onError: (err) => setError(adminErrorMessage(err, t('common.changeRefused'))),
    onSettled: () => qc.invalidateQueries({ queryKey: refresh }),
  });
  return { m, error };
}
