import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys, seg } from './keys';
import type { AdminDeposit, AdminUser, AdminWithdrawal, LedgerEntry, PaymentDetails, UserBet, UserSession } from './types';

export type StatusFilter = 'pending' | 'approved' | 'rejected' | 'all';
export type Decision = 'approve' | 'reject';
export type RequestKind = 'deposits' | 'withdrawals';

export const LEDGER_PAGE = 100;

export function useAdminDeposits(status: StatusFilter) {
  return useQuery({
    queryKey: adminKeys.deposits(status),
    queryFn: () => api.get<{ deposits: AdminDeposit[] }>(`/api/admin/deposits?status=${status}`),
    select: (r) => r.deposits ?? [],
    refetchInterval: 10_000,
  });
}

export function useAdminWithdrawals(status: StatusFilter) {
  return useQuery({
    queryKey: adminKeys.withdrawals(status),
    queryFn: () => api.get<{ withdrawals: AdminWithdrawal[] }>(`/api/admin/withdrawals?status=${status}`),
    select: (r) => r.withdrawals ?? [],
    refetchInterval: 10_000,
  });
}

export function decideRequest(kind: RequestKind, id: string | number, decision: Decision): Promise<unknown> {
  return api.post(`/api/admin/${kind}/${seg(id)}/${decision}`);
}

export function useAdminUsers(q: string) {
  return useQuery({
    queryKey: adminKeys.users(q),
    queryFn: () => api.get<{ users: AdminUser[] }>(`/api/admin/users?q=${encodeURIComponent(q)}&limit=50`),
    select: (r) => r.users ?? [],
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: adminKeys.user(id),
    queryFn: () => api.get<{ user: AdminUser; sessions: UserSession[] }>(`/api/admin/users/${seg(id)}`),
  });
}

export function useUserLedger(id: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.ledger(id),
    queryFn: ({ pageParam }) =>
      api.get<{ entries: LedgerEntry[] }>(
        `/api/admin/users/${seg(id)}/ledger?limit=${LEDGER_PAGE}${pageParam === null ? '' : `&before=${seg(pageParam)}`}`,
      ),
    initialPageParam: null as string | number | null,
    getNextPageParam: (last) => (last.entries.length < LEDGER_PAGE ? undefined : (last.entries[last.entries.length - 1]?.id ?? undefined)),
  });
}

export function useUserBets(id: string) {
  return useQuery({
    queryKey: adminKeys.bets(id),
    queryFn: () => api.get<{ bets: UserBet[] }>(`/api/admin/users/${seg(id)}/bets?limit=100`),
    select: (r) => r.bets ?? [],
  });
}

export function setBlocked(id: string | number, blocked: boolean): Promise<unknown> {
  return api.post(`/api/admin/users/${seg(id)}/${blocked ? 'block' : 'unblock'}`);
}

export function usePaymentDetailsAdmin() {
  return useQuery({ queryKey: adminKeys.payment(), queryFn: () => api.get<PaymentDetails>('/api/getupiqr'), staleTime: 0 });
}

export function savePaymentDetails(d: PaymentDetails): Promise<PaymentDetails> {
  return api.put<PaymentDetails>('/api/admin/upi', d);
}

/** GET /api/platform/news answers `[{ content }]` (the players' shape); plain strings are accepted too. */
export function useNewsAdmin() {
  return useQuery({
    queryKey: adminKeys.news(),
    queryFn: () => api.get<unknown>('/api/platform/news'),
    select: newsItems,
    staleTime: 0,
  });
}

export function newsItems(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' && Array.isArray((raw as { items?: unknown }).items) ? (raw as { items: unknown[] }).items : [];
  return list
    .map((i) => (typeof i === 'string' ? i : i && typeof i === 'object' && typeof (i as { content?: unknown }).content === 'string' ? (i as { content: string }).content : ''))
    .filter((s) => s !== '');
}

export function saveNews(items: string[]): Promise<unknown> {
  return api.put('/api/admin/news', { items });
}
