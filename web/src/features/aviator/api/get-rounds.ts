import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { RoundSummary } from '../types';

export function getRounds(limit = 20): Promise<RoundSummary[]> {
  return api.get<RoundSummary[]>(`/api/aviator/rounds?limit=${limit}`);
}

export function useRounds(limit = 20) {
  return useQuery({ queryKey: ['aviator', 'rounds', limit], queryFn: () => getRounds(limit) });
}
