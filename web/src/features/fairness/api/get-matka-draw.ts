import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import i18n from '@/i18n';
import { api, ApiError } from '@/lib/api-client';
import { verifyMatkaDraw, type MatkaFairInput, type MatkaVerification } from '../matka';

/** How far back the chart is read for a draw. */
const CHART_LIMIT = 500;

/** A draw's chart row (`GET /api/matka/markets/{id}/chart`), as the check reads it; 404 when the chart has no such draw. */
export async function getMatkaDraw(marketId: number, drawNo: number): Promise<MatkaFairInput> {
  const chart = await api.get('/api/matka/markets/{id}/chart', {
    path: { id: marketId },
    query: { limit: CHART_LIMIT },
  });
  const row = (Array.isArray(chart?.results) ? chart.results : []).find((r) => r.drawNo === drawNo);
  if (!row) throw new ApiError(404, i18n.t('fairness:noDrawResult', { market: marketId, draw: drawNo }));
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
  // The steps are written in the player's language: a switch checks again in the new one.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['fairness', 'matka', marketId, drawNo, i18n.language],
    queryFn: async (): Promise<MatkaChecked> => {
      const input = await getMatkaDraw(marketId as number, drawNo as number);
      return { input, verification: await verifyMatkaDraw(input) };
    },
    enabled: marketId !== null && drawNo !== null,
    retry: false,
  });
}
