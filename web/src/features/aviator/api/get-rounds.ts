import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

/** A finished round (`GET /api/aviator/rounds`, newest first). */
export type RoundJson = Schema<'AviatorRoundJson'>;

export function getRounds(limit = 20): Promise<RoundJson[]> {
  return api.get('/api/aviator/rounds', { query: { limit } });
}

export function useRounds(limit = 20) {
  return useQuery({ queryKey: ['aviator', 'rounds', limit], queryFn: () => getRounds(limit) });
}
