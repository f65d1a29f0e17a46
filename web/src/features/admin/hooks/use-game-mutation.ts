import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminErrorMessage } from '../text';
import { toast } from '@/lib/toast';
import { adminKeys } from '../api/keys';
import type { Game } from '../api/types';

/** A change to one game: puts the answered row into the cached list at once (the 2 s refresh confirms it). `done`: the toast's text. */
export function useGameMutation<V>(fn: (v: V) => Promise<{ game: Game }>, done: string) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  const m = useMutation({
    mutationFn: fn,
    onMutate: () => setError(''),
    onSuccess: (r) => {
      if (r?.game)
        queryClient.setQueryData<{ games: Game[] }>(adminKeys.games(), (old) =>
          old ? { games: old.games.map((g) => (g.game === r.game.game ? r.game : g)) } : old,
        );
      toast(done, 'success');
    },
    onError: (err) => setError(adminErrorMessage(err, t('common.changeRefused'))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.games() }),
  });
  return { m, error };
}
