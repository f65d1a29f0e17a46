import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { verifyRound, type FairGame, type FairRoundInput, type Verification } from '../verify';

/** `GET /api/fair/{game}`: what each pick pays, and the algorithm in words. */
export type FairInfo = Schema<'RoundGameFairness'>;
/** `GET /api/fair/{game}/{round}`: a round's seeds and result. */
export type FairRound = Schema<'RoundFairnessJson'>;

export function getFairInfo(game: FairGame): Promise<FairInfo> {
  return api.get('/api/fair/{game}', { path: { game } });
}

export function getFairRound(game: FairGame, round: number): Promise<FairRound> {
  return api.get('/api/fair/{game}/{round}', { path: { game, round } });
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
  // The steps are written in the player's language: a switch checks again in the new one.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['fairness', 'check', game, round, i18n.language],
    queryFn: async (): Promise<Checked> => {
      const fetched = await getFairRound(game, round as number);
      const input: FairRoundInput = {
        game,
        roundId: fetched.roundId,
        status: fetched.status,
        commitment: fetched.commitment,
        serverSeed: fetched.serverSeed ?? null,
        clientSeed: fetched.clientSeed,
        result: fetched.result ?? null,
      };
      return { round: input, verification: await verifyRound(input) };
    },
    enabled: round !== null,
    retry: false,
  });
}
