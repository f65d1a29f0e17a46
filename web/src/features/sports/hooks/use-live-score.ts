/**
 * A match's score for a screen that does not hold its detail (the three-card game): signed in, the match's room
 * keeps the detail current (`match:delta`s, see `use-match-room`); a visitor has no socket and asks the public
 * `GET /api/score/{matchId}` every 2 s instead.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useMatch } from '../api/get-match';
import { sportsKeys } from '../api/keys';
import type { MatchDetailJson } from '../api/types';
import { useMatchRoom } from './use-match-room';

export const SCORE_POLL_MS = 2_000;

type Score = MatchDetailJson['score'];

export interface LiveScore {
  score: Score | undefined;
  isPending: boolean;
  isError: boolean;
}

/** `GET /api/score/{matchId}`: the scoreboard's data (public). */
export async function getScore(matchId: number): Promise<Score> {
  const view = await api.get('/api/score/{matchId}', { path: { matchId } });
  return view.score;
}

export function useLiveScore(matchId: number, signedIn: boolean): LiveScore {
  const id = String(matchId);
  useMatchRoom(id, signedIn);
  const detail = useMatch(id, signedIn);
  const polled = useQuery({
    queryKey: sportsKeys.score(id),
    queryFn: () => getScore(matchId),
    enabled: !signedIn && Number.isSafeInteger(matchId),
    refetchInterval: SCORE_POLL_MS,
    retry: false,
  });
  if (signedIn)
    return { score: detail.data?.score, isPending: detail.isPending, isError: detail.isError || detail.data === null };
  return { score: polled.data, isPending: polled.isPending, isError: polled.isError };
}
