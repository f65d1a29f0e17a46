import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Chart, ChartRow } from './types';
import { matkaKeys } from './keys';

export const CHART_LIMIT = 60;

/** `GET /api/matka/markets/{id}/chart`: past results, newest first (a drawn market's seeds once both are out). */
export function getChart(marketId: number, limit = CHART_LIMIT): Promise<Chart> {
  return api.get('/api/matka/markets/{id}/chart', { path: { id: marketId }, query: { limit } });
}

export function useChart(marketId: number | null) {
  return useQuery({
    queryKey: matkaKeys.chart(marketId ?? 0),
    queryFn: () => getChart(marketId as number),
    enabled: marketId !== null,
    select: (r): ChartRow[] => (Array.isArray(r?.results) ? r.results : []),
  });
}
