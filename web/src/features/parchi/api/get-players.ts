import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Player, Players } from './types';
import { parchiKeys } from './keys';

/** `GET /api/match/get-players-by-matchname/{match}` (public): both teams' players, their runs, whether on a card. */
export function getPlayers(match: string): Promise<Players> {
  return api.get('/api/match/get-players-by-matchname/{match}', { path: { match } });
}

/** Asked each time the play dialog opens (who is taken changes as others play). */
export function usePlayers(match: string) {
  return useQuery({
    queryKey: parchiKeys.players(match),
    queryFn: () => getPlayers(match),
    select: (r): Player[] => (Array.isArray(r?.players) ? r.players : []),
    refetchOnMount: 'always',
    staleTime: 0,
  });
}
