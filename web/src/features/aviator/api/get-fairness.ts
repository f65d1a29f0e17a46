import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type Fairness = Schema<'AviatorPublicFairness'>;

export function getFairness(): Promise<Fairness> {
  return api.get('/api/aviator/fairness');
}

export function useFairness(enabled: boolean) {
  return useQuery({ queryKey: ['aviator', 'fairness'], queryFn: getFairness, enabled, staleTime: Infinity });
}
