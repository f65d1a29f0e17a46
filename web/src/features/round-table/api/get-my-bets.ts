import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { GameName, MyBetsResponse } from '../wire';

/** Every query of a table starts with this key: the table hook refreshes them when the player's money moves. */
export const tableQueryKey = (game: GameName) => ['round-table', game] as const;

export function getMyBets<P, S>(game: GameName): Promise<MyBetsResponse<P, S>> {
  return api.get<MyBetsResponse<P, S>>(`/api/games/${encodeURIComponent(game)}/bets`);
}

/** The player's own bets in this game, newest first. */
export function useMyBets<P, S>(game: GameName) {
  return useQuery({
    queryKey: [...tableQueryKey(game), 'my-bets'],
    queryFn: () => getMyBets<P, S>(game),
    select: (r) => (Array.isArray(r?.bets) ? r.bets : []),
  });
}
