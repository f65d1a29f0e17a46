import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { verifyMatkaDraw, type MatkaFairInput, type MatkaVerification } from '../matka';

/** How far back the chart is read for a draw. */
const CHART_LIMIT = 500;

/** A draw's chart row (`GET /api/matka/markets/{id}/chart`), as the check reads it; 404 when the chart has no such draw. */
export async function getMatkaDraw(marketId: number, drawNo: number): Promise<MatkaFairInput> {
  const chart = await api.get('/api/matka/markets/{id}/chart', { path: { id: marketId }, query: { limit: CHART_LIMIT } });
  const row = (Array.isArray(chart?.results) ? chart.results : []).find((r) => r.drawNo === drawNo);
  if (!row) throw new ApiError(404, `Market ${marketId} has no result for draw ${drawNo} yet.`, 'not_found');
  return {
    marketId,
    drawNo,
    commitment: row.commitment ?? null,
    serverSeed: row.serverSeed ?? null,
    clientSeed: row.clientSeed ?? null,
    openPanna: row.openPanna ?? null,
    closePanna: row.closePanna ?? null,
  };
}

export interface MatkaChecked {
  input: MatkaFairInput;
  verification: MatkaVerification;
}

/** Fetches the draw's chart row, then recomputes its result here in the browser. */
export function useMatkaCheck(marketId: number | null, drawNo: number | null) {
  return useQuery({
    queryKey: ['fairness', 'matka', marketId, drawNo],
    queryFn: async (): Promise<MatkaChecked> => {
      const input = await getMatkaDraw(marketId as number, drawNo as number);
      return { input, verification: await verifyMatkaDraw(input) };
    },
    enabled: marketId !== null && drawNo !== null,
    retry: false,
  });
}
