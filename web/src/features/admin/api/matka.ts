/** Matka for operators (docs/API.md "Matka", "Operators"): the markets, new and changed ones, a draw's book, declarations. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Complete, Schema } from '@/lib/api-types';
import { adminKeys } from './keys';

/** A schedule as operators write it. */
export type ScheduleBody = Schema<'MatkaScheduleBody'>;

/** A new market: its name, mode and schedule, all given. */
export type NewMarket = Complete<Pick<Schema<'MatkaMarketBody'>, 'name' | 'mode' | 'schedule'>>;

/** A market's change: only what changed (its mode does not). */
export type MarketChange = Omit<Schema<'MatkaMarketBody'>, 'mode'>;

/** A market as operators see it (the answer to a create or an edit). */
export type StoredMarket = Schema<'MatkaMarketEntry'>;

/** A draw's held bids on one number of one type and session. Money in rupees. `wins`: null while undecided. */
export type BookLine = Schema<'MatkaBookLine'>;

/** What the house keeps (`houseResult`, negative: pays out) if the candidate result is declared; `complete`: every line decided. */
export type IfDeclared = Schema<'MatkaIfDeclared'>;

export type DrawBook = Schema<'MatkaDrawBook'>;

/** `GET /api/admin/getMatkas`: the markets with their current draws (every 3 s while the screen is open). */
export function useMatkaMarkets() {
  return useQuery({
    queryKey: adminKeys.matka(),
    queryFn: () => api.get('/api/admin/getMatkas'),
    refetchInterval: 3000,
    staleTime: 0,
  });
}

export function createMarket(body: NewMarket): Promise<Schema<'MatkaSavedMarket'>> {
  return api.post('/api/admin/matka/markets', { body });
}

export function editMarket(id: number, change: MarketChange): Promise<Schema<'MatkaSavedMarket'>> {
  return api.put('/api/admin/matka/markets/{id}', { path: { id }, body: change });
}

/** `GET …/draws/{drawNo}?open=&close=`: the book, and with a candidate result what it would cost. */
export function getDrawBook(
  marketId: number,
  drawNo: number,
  candidate: { open?: string; close?: string },
): Promise<DrawBook> {
  return api.get('/api/admin/matka/markets/{id}/draws/{no}', {
    path: { id: marketId, no: drawNo },
    query: { open: candidate.open || undefined, close: candidate.close || undefined },
  });
}

export function useDrawBook(marketId: number, drawNo: number | null, candidate: { open?: string; close?: string }) {
  return useQuery({
    queryKey: [...adminKeys.matkaDraw(marketId, drawNo ?? 0), candidate.open ?? '', candidate.close ?? ''],
    queryFn: () => getDrawBook(marketId, drawNo as number, candidate),
    enabled: drawNo !== null,
    refetchInterval: 3000,
    retry: false,
    placeholderData: (prev) => prev,
  });
}

/** Declares a declared market's open or close result; its bids are settled before the answer. */
export function declareResult(
  marketId: number,
  drawNo: number,
  session: 'open' | 'close',
  panna: string,
): Promise<Schema<'MatkaDeclared'>> {
  return api.post('/api/admin/matka/markets/{id}/draws/{no}/declare', {
    path: { id: marketId, no: drawNo },
    body: { session, panna },
  });
}
