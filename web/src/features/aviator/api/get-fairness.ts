import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface Fairness {
  commitment: string;
  salt: string;
  houseEdgePercent: number;
  formula: string;
}

export function getFairness(): Promise<Fairness> {
  return api.get<Fairness>('/api/aviator/fairness');
}

export function useFairness(enabled: boolean) {
  return useQuery({ queryKey: ['aviator', 'fairness'], queryFn: getFairness, enabled, staleTime: Infinity });
}
