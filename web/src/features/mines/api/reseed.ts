import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MinesState, Reseed, Reseeded } from '../wire';
import { minesKeys } from './keys';

/** `POST /api/mines/seeds`: a fresh server seed and, when given, a new client seed for the games to come. */
export function reseed(body: Reseed): Promise<Reseeded> {
  return api.post('/api/mines/seeds', { body });
}

/** Puts the answered seeds into the screen's state at once. */
export function useReseed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reseed,
    onSuccess: (r) => {
      if (r?.seeds) qc.setQueryData<MinesState>(minesKeys.state(), (s) => (s ? { ...s, seeds: r.seeds } : s));
      void qc.invalidateQueries({ queryKey: minesKeys.state() });
    },
  });
}
