/** The daily accounting report (`GET /api/admin/accounting`) and its CSV (`/api/admin/accounting.csv`). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiUrl } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { adminKeys } from './keys';

export type AccountingReport = Schema<'AccountingJson'>;
export type AccountingDay = Schema<'AccountingDayJson'>;
export type AccountingGame = Schema<'AccountingGameJson'>;
export type AccountingTotals = Schema<'AccountingTotalsJson'>;

/** `from` included, `to` excluded: IST dates or ISO instants. */
export interface AccountingRange {
  from: string;
  to: string;
}

/** The longest range the server reports, in days. */
export const ACCOUNTING_MAX_DAYS = 92;

export function getAccounting(query: AccountingRange): Promise<AccountingReport> {
  return api.get('/api/admin/accounting', { query });
}

/** The CSV's address, for a download link (the session cookie goes with it). */
export function accountingCsvUrl(query: AccountingRange): string {
  return apiUrl('/api/admin/accounting.csv', { query });
}

/** The report for a range, refreshed every minute while the screen is open. */
export function useAccounting(r: AccountingRange, enabled: boolean) {
  return useQuery({
    queryKey: [...adminKeys.all, 'accounting', r.from, r.to] as const,
    queryFn: () => getAccounting(r),
    enabled,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}
