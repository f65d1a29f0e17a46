import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import type { GameName } from '../wire';

/** A row of `GET /api/games/{game}/bets` (the player's own, newest first): its picks and result are the game's. */
export type MyBet = Schema<'RoundBetRow'>;
/** Any round game's pick (a Titli picture number, an Andar Bahar side, a colour) and shown result. */
export type AnyPick = Schema<'RoundPick'>;
export type AnyResult = Schema<'RoundResult'>;

/** Every query of a table starts with this key: the table hook refreshes them when the player's money moves. */
export const tableQueryKey = (game: GameName) => ['round-table', game] as const;

/** `limit`: how many, newest first (the server's default, 50, when absent; it allows 1 to 500). */
export function getMyBets(game: GameName, limit?: number): Promise<Schema<'RoundBetList'>> {
  return api.get('/api/games/{game}/bets', { path: { game }, query: { limit } });
}

/** The most `getMyBets` gives in one answer. */
export const MY_BETS_MAX = 500;

/** The player's own bets in this game, newest first. */
export function useMyBets(game: GameName) {
  return useQuery({
    queryKey: [...tableQueryKey(game), 'my-bets'],
    queryFn: () => getMyBets(game),
    select: (r) => (Array.isArray(r?.bets) ? r.bets : []),
  });
}
