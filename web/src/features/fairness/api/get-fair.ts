import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { verifyRound, type FairGame, type FairRoundInput, type Verification } from '../verify';

export interface FairInfo {
  game: FairGame;
  payouts: { pick: string | number; payout: number; rtp: number }[];
  algorithm: string;
}

const path = (game: FairGame) => `/api/fair/${encodeURIComponent(game)}`;

export function getFairInfo(game: FairGame): Promise<FairInfo> {
  return api.get<FairInfo>(path(game));
}

export function getFairRound(game: FairGame, round: number): Promise<FairRoundInput> {
  return api.get<FairRoundInput>(`${path(game)}/${round}`);
}

export function useFairInfo(game: FairGame) {
  return useQuery({ queryKey: ['fairness', 'info', game], queryFn: () => getFairInfo(game), staleTime: 60_000 });
}

export interface Checked {
  round: FairRoundInput;
  verification: Verification;
}

/** Fetches the round, then recomputes it here in the browser. */
export function useFairCheck(game: FairGame, round: number | null) {
  return useQuery({
    queryKey: ['fairness', 'check', game, round],
    queryFn: async (): Promise<Checked> => {
      const fetched = await getFairRound(game, round as number);
      const input = { ...fetched, game, roundId: typeof fetched.roundId === 'number' ? fetched.roundId : (round as number) };
      return { round: input, verification: await verifyRound(input) };
    },
    enabled: round !== null,
    retry: false,
  });
}
