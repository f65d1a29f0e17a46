/**
 * The other games' histories for My Bets, each read through its game's own call with a `limit`: the round games'
 * tickets, Mines' finished games, Matka's bids. Each route gives at most 500 rows, newest first.
 */
import { getBids } from '../../matka/api/get-bids';
import type { BidRow } from '../../matka/api/types';
import { getMinesHistory } from '../../mines/api/get-history';
import type { HistoryRow as MinesGame } from '../../mines/wire';
import { getMyBets, MY_BETS_MAX, type MyBet } from '../../round-table/api/get-my-bets';
import type { GameName } from '../../round-table/wire';

export type { BidRow, MinesGame, MyBet };

/** The most each of these routes gives in one answer. */
export const GAME_BETS_MAX = MY_BETS_MAX;

export const roundBets = (game: GameName) => async (limit: number) => {
  const r = await getMyBets(game, limit);
  return Array.isArray(r?.bets) ? r.bets : [];
};

export async function minesGames(limit: number): Promise<MinesGame[]> {
  const r = await getMinesHistory(limit);
  return Array.isArray(r?.games) ? r.games : [];
}

export async function matkaBids(limit: number): Promise<BidRow[]> {
  const r = await getBids(limit);
  return Array.isArray(r?.bids) ? r.bids : [];
}
