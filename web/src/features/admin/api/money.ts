import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';
import { adminKeys } from './keys';
import type { PaymentDetails } from './types';

export type StatusFilter = 'pending' | 'approved' | 'rejected' | 'all';
export type Decision = 'approve' | 'reject';
export type RequestKind = 'deposits' | 'withdrawals';

export const LEDGER_PAGE = 100;

export function useAdminDeposits(status: StatusFilter) {
  return useQuery({
    queryKey: adminKeys.deposits(status),
    queryFn: () => api.get('/api/admin/deposits', { query: { status } }),
    select: (r) => r.deposits ?? [],
    refetchInterval: 10_000,
  });
}

export function useAdminWithdrawals(status: StatusFilter) {
  return useQuery({
    queryKey: adminKeys.withdrawals(status),
    queryFn: () => api.get('/api/admin/withdrawals', { query: { status } }),
    select: (r) => r.withdrawals ?? [],
    refetchInterval: 10_000,
  });
}

export function decideRequest(
  kind: RequestKind,
  id: number,
  decision: Decision,
): Promise<Schema<'DepositDecided'> | Schema<'WithdrawalDecided'>> {
  const init = { path: { id, action: decision } };
  return kind === 'deposits'
    ? api.post('/api/admin/deposits/{id}/{action}', init)
    : api.post('/api/admin/withdrawals/{id}/{action}', init);
}

export function useAdminUsers(q: string) {
  return useQuery({
    queryKey: adminKeys.users(q),
    queryFn: () => api.get('/api/admin/users', { query: { q, limit: 50 } }),
    select: (r) => r.users ?? [],
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: () => api.get('/api/admin/users/{id}', { path: { id } }),
  });
}

export function useUserLedger(id: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.ledger(id),
    queryFn: ({ pageParam }) =>
      api.get('/api/admin/users/{id}/ledger', {
        path: { id },
        query: { limit: LEDGER_PAGE, before: pageParam ?? undefined },
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) =>
      last.entries.length < LEDGER_PAGE ? undefined : (last.entries[last.entries.length - 1]?.id ?? undefined),
  });
}

export function useUserBets(id: string) {
  return useQuery({
    queryKey: adminKeys.bets(id),
    queryFn: () => api.get('/api/admin/users/{id}/bets', { path: { id }, query: { limit: 100 } }),
    select: (r) => r.bets ?? [],
  });
}

export function setBlocked(id: number, blocked: boolean): Promise<Schema<'BlockStateJson'>> {
  const init = { path: { id: String(id) } };
  return blocked ? api.post('/api/admin/users/{id}/block', init) : api.post('/api/admin/users/{id}/unblock', init);
}

/** Ends a player's break early (audited as `user.break_lift`). A self-exclusion is refused (409 `self_exclusion_locked`). */
export function liftBreak(id: string | number): Promise<Schema<'BreakLiftedJson'>> {
  return api.post('/api/admin/users/{id}/break/lift', { path: { id: String(id) } });
}

/** The books: what each kind of account holds, and the money mode. */
export function useBooks() {
  return useQuery({ queryKey: adminKeys.books(), queryFn: () => api.get('/api/admin/books'), refetchInterval: 10_000 });
}

export function usePaymentDetailsAdmin() {
  return useQuery({ queryKey: adminKeys.payment(), queryFn: () => api.get('/api/getupiqr'), staleTime: 0 });
}

/** The form's details as `PUT /api/admin/upi` takes them (the payee name as `payee_name`). */
export function savePaymentDetails(d: PaymentDetails): Promise<Schema<'PaymentDetailsSaved'>> {
  return api.put('/api/admin/upi', {
    body: { upi_id: d.upi_id, payee_name: d.payeeName, phone: d.phone, qrCode: d.qrCode },
  });
}

/** GET /api/platform/news answers `[{ content }]` (the players' shape); plain strings are accepted too. */
export function useNewsAdmin() {
  return useQuery({
    queryKey: adminKeys.news(),
    queryFn: () => api.get('/api/platform/news'),
    select: newsItems,
    staleTime: 0,
  });
}

export function newsItems(raw: unknown): string[] {
  const list = Array.isArray(raw)
    ? raw
    : raw && typeof raw === 'object' && Array.isArray((raw as { items?: unknown }).items)
      ? (raw as { items: unknown[] }).items
      : [];
  return list
    .map((i) =>
      typeof i === 'string'
        ? i
        : i && typeof i === 'object' && typeof (i as { content?: unknown }).content === 'string'
          ? (i as { content: string }).content
          : '',
    )
    .filter((s) => s !== '');
}

export function saveNews(items: string[]): Promise<Schema<'NewsSaved'>> {
  return api.put('/api/admin/news', { body: { items } });
}
