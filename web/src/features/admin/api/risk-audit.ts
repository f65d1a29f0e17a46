import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys, seg } from './keys';
import type { AuditEntry, Risk } from './types';

export const AUDIT_PAGE = 50;

export function useRisk() {
  return useQuery({ queryKey: adminKeys.risk(), queryFn: () => api.get<Risk>('/api/admin/risk'), refetchInterval: 5000, staleTime: 0 });
}

export function useAudit() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(),
    queryFn: ({ pageParam }) =>
      api.get<{ entries: AuditEntry[] }>(`/api/admin/audit?limit=${AUDIT_PAGE}${pageParam === null ? '' : `&before=${seg(pageParam)}`}`),
    initialPageParam: null as string | number | null,
    getNextPageParam: (last) => (last.entries.length < AUDIT_PAGE ? undefined : (last.entries[last.entries.length - 1]?.id ?? undefined)),
    staleTime: 0,
  });
}
