/** Matka for operators (docs/API.md "Matka", "Operators"): the markets, new and changed ones, a draw's book, declarations. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MarketList, Mode } from '../../matka/wire';
import { adminKeys, seg } from './keys';

/** A schedule as operators write it. */
export type ScheduleBody = { kind: 'daily'; openTime: string; closeTime: string; weekdays: number[] } | { kind: 'every'; seconds: number };

export interface NewMarket {
  name: string;
  mode: Mode;
  schedule: ScheduleBody;
}

export interface MarketChange {
  name?: string;
  schedule?: ScheduleBody;
  active?: boolean;
}

/** A market as operators see it (the answer to a create or an edit; `GET /api/admin/matka/markets` adds `unsettled`). */
export interface StoredMarket {
  id: number;
  name: string;
  schedule: ScheduleBody;
  mode: Mode;
  active: boolean;
}

/** A draw's held bids on one number of one type and session. Money in rupees. */
export interface BookLine {
  bidType: string;
  session: string;
  number: string;
  bids: number;
  points: number;
  payoutIfWins: number;
  /** Whether it wins on the (candidate) result; null while undecided. */
  wins: boolean | null;
}

/** What the house keeps (`houseResult`, negative: pays out) if the candidate result is declared; `complete`: every line decided. */
export interface IfDeclared {
  staked: number;
  paid: number;
  houseResult: number;
  complete: boolean;
}

export interface DrawBook {
  success: boolean;
  marketId: number;
  drawNo: number;
  opensAt: number;
  closesAt: number;
  openPanna: string | null;
  closePanna: string | null;
  book: BookLine[];
  ifDeclared: IfDeclared | null;
}

/** `GET /api/admin/getMatkas`: the markets with their current draws (every 3 s while the screen is open). */
export function useMatkaMarkets() {
  return useQuery({ queryKey: adminKeys.matka(), queryFn: () => api.get<MarketList>('/api/admin/getMatkas'), refetchInterval: 3000, staleTime: 0 });
}

export function createMarket(body: NewMarket): Promise<{ success: boolean; market: StoredMarket }> {
  return api.post('/api/admin/matka/markets', body);
}

export function editMarket(id: number, change: MarketChange): Promise<{ success: boolean; market: StoredMarket }> {
  return api.put(`/api/admin/matka/markets/${seg(id)}`, change);
}

/** `GET …/draws/{drawNo}?open=&close=`: the book, and with a candidate result what it would cost. */
export function getDrawBook(marketId: number, drawNo: number, candidate: { open?: string; close?: string }): Promise<DrawBook> {
  const q = new URLSearchParams();
  if (candidate.open) q.set('open', candidate.open);
  if (candidate.close) q.set('close', candidate.close);
  const query = q.toString();
  return api.get<DrawBook>(`/api/admin/matka/markets/${seg(marketId)}/draws/${seg(drawNo)}${query ? `?${query}` : ''}`);
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
export function declareResult(marketId: number, drawNo: number, session: 'open' | 'close', panna: string): Promise<{ success: boolean; result: unknown }> {
  return api.post(`/api/admin/matka/markets/${seg(marketId)}/draws/${seg(drawNo)}/declare`, { session, panna });
}
